import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { InquiryCreatedSchema, SessionParamsSchema, agentInquiryBodySchema, webErrorResponses } from '../../schemas.js';

/** POST /ui/api/threads/{session_id}/inquiries — ask (or follow up) in a thread; answers {inquiry_id} at once. */
export const threadInquiriesRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/threads/:session_id/inquiries', {
    schema: {
      summary: 'Ask in a thread',
      tags: ['web'],
      params: SessionParamsSchema,
      body: agentInquiryBodySchema(runtime.config.maxQueryLength),
      response: { 200: InquiryCreatedSchema, ...webErrorResponses },
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
