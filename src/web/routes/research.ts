import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../api/auth.js';
import type { ApiDeps } from '../../api/deps.js';
import { ResearchSubmittedSchema, researchRequestSchema } from '../../schemas/research.js';
import { webErrorResponses } from '../schemas.js';

/** POST /ui/api/research — starts an investigation in a new thread of the user's history. */
export const researchRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/research', {
    schema: {
      summary: 'Start research',
      tags: ['web'],
      body: researchRequestSchema(runtime.config.maxQueryLength),
      response: { 200: ResearchSubmittedSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const s = await runtime.research.submit(
        principalOf(request),
        { question: request.body.question, dimensions: request.body.dimensions ?? null, budget: request.body.budget ?? null },
        'ui',
      );
      return { session_id: s.session_id, inquiry_id: s.inquiry_id, status: s.status, message: s.message };
    },
  });
};
