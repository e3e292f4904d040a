import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import { InquiryCreatedSchema, SessionParamsSchema, agentInquiryBodySchema, errorResponses } from '../../schemas.js';
import type { ApiDeps } from '../../deps.js';

/** POST /session/{session_id}/inquiry/agent — stores the inquiry, answers {inquiry_id} at once. */
export const sessionInquiryRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/session/:session_id/inquiry/agent', {
    schema: {
      summary: 'Submit a question',
      description:
        'Returns immediately; processing continues in the background. Poll /inquiry/{id}/status or long-poll /inquiry/{id}/result.',
      tags: ['inquiries'],
      params: SessionParamsSchema,
      body: agentInquiryBodySchema(runtime.config.maxQueryLength),
      response: { 200: InquiryCreatedSchema, ...errorResponses },
    },
    handler: async (request) => {
      const inquiry = await runtime.inquiries.submit(principalOf(request), request.params.session_id, {
        question: request.body.query,
        dimensions: request.body.dimensions ?? null,
      });
      return { inquiry_id: inquiry.id };
    },
  });
};
