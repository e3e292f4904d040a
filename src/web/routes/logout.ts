import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../../api/deps.js';
import { clearSessionCookie, sessionToken } from '../auth.js';
import { OkSchema, webErrorResponses } from '../schemas.js';

/** POST /ui/api/logout — ends this sign-in (the cookie stops working at once). */
export const logoutRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/logout', {
    schema: { summary: 'Sign out', tags: ['web'], response: { 200: OkSchema, ...webErrorResponses } },
    handler: async (request, reply) => {
      await runtime.users.signOut(sessionToken(request));
      clearSessionCookie(reply, request, runtime.config.cookieSecure);
      return { ok: true as const };
    },
  });
};
