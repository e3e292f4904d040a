import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../../api/deps.js';
import { SignInSchema, SignedInSchema } from '../../schemas/users.js';
import { setSessionCookie } from '../auth.js';
import { webErrorResponses } from '../schemas.js';
import { signedInView } from '../views.js';

/** POST /ui/api/login — e-mail and password → the sign-in cookie and the CSRF token. */
export const loginRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/login', {
    config: {
      signedOut: true,
      // Per client address, on top of the per-user lock-out.
      rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (request) => `login:${request.ip}` },
    },
    schema: {
      summary: 'Sign in to the web app',
      tags: ['web'],
      body: SignInSchema,
      response: { 200: SignedInSchema, ...webErrorResponses },
    },
    handler: async (request, reply) => {
      const signedIn = await runtime.users
        .signIn(request.body.email, request.body.password)
        .catch((err: Error & { statusCode?: number }) => {
          request.log.info({ status: err.statusCode ?? 500 }, 'web sign-in refused');
          throw err;
        });
      setSessionCookie(reply, request, signedIn, runtime.config.cookieSecure);
      request.log.info({ userId: signedIn.user.id }, 'web sign-in');
      return signedInView(runtime.store, signedIn.user, signedIn.login);
    },
  });
};
