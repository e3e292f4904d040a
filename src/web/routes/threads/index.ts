import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { ThreadSearchQuerySchema } from '../../../schemas/dashboards.js';
import { ThreadListSchema } from '../../../schemas/threads.js';
import { SessionCreatedSchema } from '../../../api/schemas.js';
import { webErrorResponses } from '../../schemas.js';
import { historyThreads } from '../../threads.js';

/** GET /ui/api/threads?q= (the user's history by last activity, searched), POST /ui/api/threads (a new thread, origin ui). */
export const threadsRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/threads', {
    schema: {
      summary: 'History: my threads',
      tags: ['web'],
      querystring: ThreadSearchQuerySchema,
      response: { 200: ThreadListSchema, ...webErrorResponses },
    },
    handler: async (request) => ({ threads: await historyThreads(runtime.store, principalOf(request), request.query.q) }),
  });
  app.post('/threads', {
    schema: { summary: 'Start a thread', tags: ['web'], response: { 200: SessionCreatedSchema, ...webErrorResponses } },
    handler: async (request) => ({ session_id: (await runtime.inquiries.createSession(principalOf(request), 'ui')).id }),
  });
};
