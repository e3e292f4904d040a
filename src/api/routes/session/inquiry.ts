import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import type { Surface, SharedRouteDeps } from '../../mount.js';
import { InquiryCreatedSchema, SessionParamsSchema, agentInquiryBodySchema } from '../../schemas.js';

/** The web app calls a session a thread and asks in it, as in its /ui/api/threads/{session_id}. */
const URL: Record<Surface, string> = { api: '/session/:session_id/inquiry/agent', ui: '/threads/:session_id/inquiries' };

/**
 * POST /session/{session_id}/inquiry/agent (the web app: POST /ui/api/threads/{session_id}/inquiries)
 * — stores the inquiry, answers {inquiry_id} at once.
 */
export const sessionInquiryRoute: FastifyPluginAsyncZod<SharedRouteDeps> = async (app, { runtime, mount }) => {
  app.post(URL[mount.surface], {
    schema: {
      summary: 'Submit a question',
      description:
        'Returns immediately; processing continues in the background. Poll /inquiry/{id}/status or long-poll /inquiry/{id}/result.',
      tags: ['inquiries'],
      params: SessionParamsSchema,
      body: agentInquiryBodySchema(runtime.config.maxQueryLength),
      response: { 200: InquiryCreatedSchema, ...mount.errors },
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
