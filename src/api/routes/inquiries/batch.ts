import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import type { ApiDeps } from '../../deps.js';
import { errorResponses } from '../../schemas.js';
import { BatchSubmittedSchema, MAX_BATCH_QUESTIONS, batchRequestSchema } from '../../../schemas/research.js';

/** POST /inquiries/batch — several questions, each in its own new session, run in parallel. */
export const inquiriesBatchRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/inquiries/batch', {
    schema: {
      summary: 'Submit several questions at once',
      description: `1 to ${MAX_BATCH_QUESTIONS} questions; each gets its own session and they run in parallel. All are validated before any is stored. Answers at once with inquiries (inquiry_id, session_id, question, status) and total_inquiries.`,
      tags: ['inquiries'],
      body: batchRequestSchema(runtime.config.maxQueryLength),
      response: { 200: BatchSubmittedSchema, ...errorResponses },
    },
    handler: async (request) => runtime.research.submitBatch(principalOf(request), request.body.questions),
  });
};
