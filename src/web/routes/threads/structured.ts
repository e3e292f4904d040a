import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { StructuredInquiryBodySchema } from '../../../schemas/structured.js';
import { submitStructured } from '../../../structured/submit.js';
import { InquiryCreatedSchema, SessionParamsSchema, webErrorResponses } from '../../schemas.js';

/** POST /ui/api/threads/{session_id}/inquiries/structured — an edited reading asked again in the thread (as the REST route). */
export const threadStructuredInquiryRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/threads/:session_id/inquiries/structured', {
    schema: {
      summary: 'Ask a structured query in a thread',
      tags: ['web'],
      params: SessionParamsSchema,
      body: StructuredInquiryBodySchema,
      response: { 200: InquiryCreatedSchema, ...webErrorResponses },
    },
    handler: async (request) => ({
      inquiry_id: (await submitStructured(runtime, principalOf(request), request.params.session_id, request.body)).id,
    }),
  });
};
