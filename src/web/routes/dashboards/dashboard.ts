import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { DashboardCreateSchema, DashboardParamsSchema, DashboardSchema } from '../../../schemas/dashboards.js';
import { dashboardFor, dashboardView, refreshDashboard } from '../../dashboards.js';
import { webErrorResponses } from '../../schemas.js';

/**
 * GET /ui/api/dashboards/{id} (its tiles and their latest runs), POST …/refresh (re-run every tile
 * now), POST …/name (rename), DELETE. Any signed-in user of the account: the link is the share.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/dashboards/:dashboard_id', {
    schema: {
      summary: 'A dashboard',
      tags: ['web'],
      params: DashboardParamsSchema,
      response: { 200: DashboardSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const d = await dashboardFor(runtime, principalOf(request), request.params.dashboard_id);
      return dashboardView(d, await runtime.store.web.tiles(d.id));
    },
  });
  app.post('/dashboards/:dashboard_id/refresh', {
    schema: {
      summary: "Re-run a dashboard's tiles",
      tags: ['web'],
      params: DashboardParamsSchema,
      response: { 200: DashboardSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const d = await dashboardFor(runtime, principal, request.params.dashboard_id);
      const tiles = await refreshDashboard(runtime, principal, d);
      request.log.info({ dashboardId: d.id, tiles: tiles.length, userId: principal.userId }, 'dashboard refreshed');
      return dashboardView(d, tiles);
    },
  });
  app.post('/dashboards/:dashboard_id/name', {
    schema: {
      summary: 'Rename a dashboard',
      tags: ['web'],
      params: DashboardParamsSchema,
      body: DashboardCreateSchema,
      response: { 200: DashboardSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const d = await dashboardFor(runtime, principalOf(request), request.params.dashboard_id);
      await runtime.store.web.renameDashboard(d.id, request.body.name);
      return dashboardView({ ...d, name: request.body.name }, await runtime.store.web.tiles(d.id));
    },
  });
  app.delete('/dashboards/:dashboard_id', {
    schema: {
      summary: 'Delete a dashboard',
      tags: ['web'],
      params: DashboardParamsSchema,
      response: { 200: z.object({ deleted: z.literal(true), dashboard_id: z.string() }), ...webErrorResponses },
    },
    handler: async (request) => {
      const d = await dashboardFor(runtime, principalOf(request), request.params.dashboard_id);
      await runtime.store.web.deleteDashboard(d.id);
      request.log.info({ dashboardId: d.id, userId: principalOf(request).userId }, 'dashboard deleted');
      return { deleted: true as const, dashboard_id: d.id };
    },
  });
};
