import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../../api/deps.js';
import { SessionStateSchema } from '../../schemas/users.js';
import { webErrorResponses } from '../schemas.js';
import { signedInView } from '../views.js';

/** GET /ui/api/me — who is signed in (and the CSRF token), or {user: null}. */
export const meRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/me', {
    config: { signedOut: true },
    schema: { summary: 'Who is signed in', tags: ['web'], response: { 200: SessionStateSchema, ...webErrorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.webLogin) return { user: null };
      return signedInView(runtime.store, request.webLogin.user, request.webLogin.login);
    },
  });
};
