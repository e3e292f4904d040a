import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { ThreadSchema } from '../../../schemas/threads.js';
import { SessionParamsSchema, webErrorResponses } from '../../schemas.js';

/** GET /ui/api/threads/{session_id} — a thread with every inquiry's status response, oldest first. */
export const threadRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/threads/:session_id', {
    schema: { summary: 'One thread', tags: ['web'], params: SessionParamsSchema, response: { 200: ThreadSchema, ...webErrorResponses } },
    handler: async (request) => {
      const session = await runtime.inquiries.sessionFor(principalOf(request), request.params.session_id);
      const inquiries = await runtime.store.inquiries.listBySession(session.id);
      return { session_id: session.id, created_at: new Date(session.created_at).toISOString(), inquiries: inquiries.map((i) => runtime.inquiries.toStatusResponse(i)) };
    },
  });
};
