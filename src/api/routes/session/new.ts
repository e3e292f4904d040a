import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import { SessionCreatedSchema, errorResponses } from '../../schemas.js';
import type { ApiDeps } from '../../deps.js';

/** POST /session/new — no body, an empty body and `{}` are all accepted. */
export const sessionNewRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/session/new', {
    schema: {
      summary: 'Create a session',
      description: 'A session groups related questions so follow-ups share context. The request body is ignored.',
      tags: ['sessions'],
      response: { 200: SessionCreatedSchema, 401: errorResponses[401], 403: errorResponses[403], 429: errorResponses[429] },
    },
    handler: async (request) => {
      const session = await runtime.inquiries.createSession(principalOf(request), 'api_key');
      return { session_id: session.id };
    },
  });
};
