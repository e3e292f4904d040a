import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { ServiceError } from '../../../inquiries/errors.js';
import { ApiKeyViewSchema, apiKeyView } from '../../../schemas/keys.js';
import { KeyParamsSchema, webErrorResponses } from '../../schemas.js';

/** DELETE /ui/api/keys/{key_id} — revokes one of the account's keys (401 for it from then on). */
export const keyRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.delete('/keys/:key_id', {
    schema: {
      summary: 'Revoke an API key',
      tags: ['web'],
      params: KeyParamsSchema,
      response: { 200: ApiKeyViewSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const own = (await runtime.store.apiKeys.list(principal.accountId)).find((k) => k.id === request.params.key_id);
      if (!own) throw new ServiceError(404, `API key not found: ${request.params.key_id}`);
      const [revoked] = await runtime.keys.revoke(own.id);
      request.log.info({ apiKeyId: own.id, userId: principal.userId }, 'api key revoked');
      return apiKeyView(revoked);
    },
  });
};
