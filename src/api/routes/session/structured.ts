import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import type { Surface, SharedRouteDeps } from '../../mount.js';
import { InquiryCreatedSchema, SessionParamsSchema } from '../../schemas.js';
import { StructuredInquiryBodySchema } from '../../../schemas/structured.js';
import { submitStructured } from '../../../structured/submit.js';

/** The web app asks an edited reading again in a thread, beside its questions (see ./inquiry.ts). */
const URL: Record<Surface, string> = { api: '/session/:session_id/inquiry/structured', ui: '/threads/:session_id/inquiries/structured' };

/**
 * POST /session/{session_id}/inquiry/structured (the web app: POST
 * /ui/api/threads/{session_id}/inquiries/structured) — a structured query instead of a question;
 * answers {inquiry_id} at once.
 */
export const sessionStructuredInquiryRoute: FastifyPluginAsyncZod<SharedRouteDeps> = async (app, { runtime, mount }) => {
  app.post(URL[mount.surface], {
    schema: {
      summary: 'Submit a structured query',
      description:
        'Runs a SemanticQuery (the reading the interpreter produces; every terminal status response carries one in semantic_query) instead of interpreting a question: ' +
        "edit a reading and ask again, or query by the model's names. Checked against the semantic model first: an unknown metric, dimension or grain is a 422 naming the field and the allowed names, and nothing is stored. " +
        'Otherwise as /inquiry/agent: returns at once; poll /inquiry/{id}/status or long-poll /inquiry/{id}/result. Follow-up questions in the session build on it.',
      tags: ['inquiries'],
      params: SessionParamsSchema,
      body: StructuredInquiryBodySchema,
      response: { 200: InquiryCreatedSchema, ...mount.errors },
    },
    handler: async (request) => {
      const inquiry = await submitStructured(runtime, principalOf(request), request.params.session_id, request.body);
      return { inquiry_id: inquiry.id };
    },
  });
};
