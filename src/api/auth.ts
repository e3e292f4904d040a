/** The X-API-Key check for every /api route except health; sets request.principal. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/keys.js';
import type { KeyService } from '../auth/keys.js';

export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no API key (health, docs). */
    public?: boolean;
    /** Routes of the web app: cookie sign-in and CSRF (src/web/auth.ts) instead of an API key. */
    web?: boolean;
  }
}

export function registerAuth(app: FastifyInstance, keys: KeyService): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config?.public || request.routeOptions.config?.web) return;
    const url = request.routeOptions.url;
    if (!url) return; // 404s answer without asking for a key
    if (url.startsWith(`${DOCS_PREFIX}`)) return; // the docs page and its assets
    request.principal = await keys.authenticate(request.headers['x-api-key']);
  });
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route reached without authentication');
  return request.principal;
}
