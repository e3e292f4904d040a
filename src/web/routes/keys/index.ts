import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { ApiKeyCreateSchema, ApiKeyCreatedSchema, ApiKeyViewSchema, apiKeyView } from '../../../schemas/keys.js';
import { webErrorResponses } from '../../schemas.js';

/** GET /ui/api/keys (the account's API keys, never their values), POST /ui/api/keys (the value, once). */
export const keysRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/keys', {
    schema: {
      summary: 'API keys of my account',
      tags: ['web'],
      response: { 200: z.object({ keys: z.array(ApiKeyViewSchema) }), ...webErrorResponses },
    },
    handler: async (request) => {
      await runtime.keys.flush(); // "last used" is batched; show it fresh here
      const keys = await runtime.store.apiKeys.list(principalOf(request).accountId);
      return { keys: keys.reverse().map(apiKeyView) };
    },
  });
  app.post('/keys', {
    schema: {
      summary: 'Create an API key (its value is shown once)',
      tags: ['web'],
      body: ApiKeyCreateSchema,
      response: { 200: ApiKeyCreatedSchema, ...webErrorResponses },
    },
    handler: async (request, reply) => {
      const days = request.body.expires_in_days ?? null;
      const { key, record } = await runtime.keys.create(principalOf(request).accountId, request.body.name, {
        expiresAt: days === null ? null : Date.now() + days * 86_400_000,
      });
      request.log.info({ apiKeyId: record.id, userId: principalOf(request).userId }, 'api key created');
      reply.header('cache-control', 'no-store');
      return { key, api_key: apiKeyView(record) };
    },
  });
};
