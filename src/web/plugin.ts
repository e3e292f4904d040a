/**
 * The web app: its built page and assets at `/`, and its own endpoints under /ui/api with cookie
 * sign-in and CSRF protection (src/web/auth.ts). The endpoints call the same services as REST
 * (inquiries, research, reports, keys, catalogue) with the signed-in user as principal, and share
 * REST's zod schemas and its one error handler. Operations REST has too (asking, stopping,
 * research, reports) are REST's route modules mounted here (src/api/mount.ts).
 */
import { SHARED_OPERATION_ROUTES } from '../api/routes/shared.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ApiDeps } from '../api/deps.js';
import { WEB_MOUNT } from './schemas.js';
import { registerWebAuth } from './auth.js';
import { inquiryRoute } from './routes/inquiries/inquiry.js';
import { inquiryViewRoute } from './routes/inquiries/view.js';
import { dashboardsRoutes } from './routes/dashboards/index.js';
import { dashboardRoutes } from './routes/dashboards/dashboard.js';
import { dashboardTilesRoutes } from './routes/dashboards/tiles.js';
import { keyRoute } from './routes/keys/key.js';
import { keysRoutes } from './routes/keys/index.js';
import { loginRoute } from './routes/login.js';
import { logoutRoute } from './routes/logout.js';
import { meRoute } from './routes/me.js';
import { semanticEditsRoutes } from './routes/semantic/edits.js';
import { semanticEntityRoute } from './routes/semantic/entity.js';
import { semanticRoute } from './routes/semantic/index.js';
import { semanticSearchRoute } from './routes/semantic/search.js';
import { startersRoute } from './routes/starters.js';
import { threadRoute } from './routes/threads/thread.js';
import { threadsRoutes } from './routes/threads/index.js';
import { securityHeaders, staticRoutes } from './static.js';

export const WEB_API_PREFIX = '/ui/api';

export const webApp: FastifyPluginAsync<ApiDeps & { dist?: string }> = async (fastify, { runtime, dist }) => {
  await fastify.register(staticRoutes, { dist });
  await fastify.register(
    async (scope) => {
      // Every route here is a web route: no API key, the cookie and CSRF guard instead.
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), web: true } as typeof route.config;
        // Not part of the public REST contract: kept out of /api/openapi.json.
        route.schema = { ...route.schema, hide: true };
      });
      registerWebAuth(scope, runtime.users);
      scope.addHook('onSend', async (_request, reply, payload) => {
        securityHeaders(reply);
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      for (const route of [
        loginRoute,
        logoutRoute,
        meRoute,
        startersRoute,
        threadsRoutes,
        threadRoute,
        inquiryRoute,
        inquiryViewRoute,
        dashboardsRoutes,
        dashboardRoutes,
        dashboardTilesRoutes,
        keysRoutes,
        keyRoute,
        semanticRoute,
        semanticSearchRoute,
        semanticEntityRoute,
        semanticEditsRoutes,
      ]) {
        await scope.register(route, { runtime });
      }
      // The operations REST has too: one module each, mounted here with the web app's origin and URLs.
      for (const route of SHARED_OPERATION_ROUTES) {
        await scope.register(route, { runtime, mount: WEB_MOUNT });
      }
    },
    { prefix: WEB_API_PREFIX },
  );
};
