import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import type { Principal } from '../../../auth/keys.js';
import { forbidden } from '../../../inquiries/errors.js';
import { ThreadTitleBodySchema } from '../../../schemas/dashboards.js';
import type { ChartView } from '../../../schemas/inquiry.js';
import { ThreadSchema } from '../../../schemas/threads.js';
import type { Runtime } from '../../../runtime.js';
import { SessionParamsSchema, webErrorResponses } from '../../schemas.js';

/** A thread the signed-in user may change: their own web thread. */
async function ownThread(runtime: Runtime, principal: Principal, sessionId: string) {
  const session = await runtime.inquiries.sessionFor(principal, sessionId);
  if (session.origin !== 'ui' || session.user_id !== principal.userId) throw forbidden('thread');
  return session;
}

/**
 * GET /ui/api/threads/{session_id} — a thread with every inquiry's status response (and chosen
 * chart view), oldest first, and its title; POST …/title renames it; DELETE removes it with its
 * inquiries (running ones are stopped first).
 */
export const threadRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/threads/:session_id', {
    schema: { summary: 'One thread', tags: ['web'], params: SessionParamsSchema, response: { 200: ThreadSchema, ...webErrorResponses } },
    handler: async (request) => {
      const session = await runtime.inquiries.sessionFor(principalOf(request), request.params.session_id);
      const inquiries = await runtime.store.inquiries.listBySession(session.id);
      const views = await runtime.store.web.views(inquiries.map((i) => i.id));
      const title = (await runtime.store.web.titles([session.id])).get(session.id) ?? inquiries[0]?.question ?? '';
      return {
        session_id: session.id,
        created_at: new Date(session.created_at).toISOString(),
        title,
        inquiries: inquiries.map((i) => ({
          ...runtime.inquiries.toStatusResponse(i),
          selected_view: (views.get(i.id) as ChartView | undefined) ?? null,
        })),
      };
    },
  });
  app.post('/threads/:session_id/title', {
    schema: {
      summary: 'Rename a thread',
      tags: ['web'],
      params: SessionParamsSchema,
      body: ThreadTitleBodySchema,
      response: { 200: z.object({ session_id: z.string(), title: z.string() }), ...webErrorResponses },
    },
    handler: async (request) => {
      const session = await ownThread(runtime, principalOf(request), request.params.session_id);
      await runtime.store.web.rename(session.id, request.body.title);
      return { session_id: session.id, title: request.body.title };
    },
  });
  app.delete('/threads/:session_id', {
    schema: {
      summary: 'Delete a thread',
      tags: ['web'],
      params: SessionParamsSchema,
      response: { 200: z.object({ deleted: z.literal(true), session_id: z.string() }), ...webErrorResponses },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const session = await ownThread(runtime, principal, request.params.session_id);
      for (const i of await runtime.store.inquiries.listBySession(session.id))
        if (i.status === 'processing') await runtime.inquiries.stop(principal, i.id);
      await runtime.store.web.deleteThread(session.id);
      request.log.info({ sessionId: session.id, userId: principal.userId }, 'thread deleted');
      return { deleted: true as const, session_id: session.id };
    },
  });
};
