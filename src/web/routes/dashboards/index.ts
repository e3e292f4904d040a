import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { DashboardCreateSchema, DashboardListSchema, DashboardSchema } from '../../../schemas/dashboards.js';
import { dashboardView, summaryOf } from '../../dashboards.js';
import { webErrorResponses } from '../../schemas.js';

/** GET /ui/api/dashboards (the account's, latest changed first), POST /ui/api/dashboards {name}. */
export const dashboardsRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/dashboards', {
    schema: { summary: 'Dashboards of my account', tags: ['web'], response: { 200: DashboardListSchema, ...webErrorResponses } },
    handler: async (request) => {
      const list = await runtime.store.web.listDashboards(principalOf(request).accountId);
      return { dashboards: await Promise.all(list.map(async (d) => summaryOf(d, (await runtime.store.web.tiles(d.id)).length))) };
    },
  });
  app.post('/dashboards', {
    schema: {
      summary: 'Make a dashboard',
      tags: ['web'],
      body: DashboardCreateSchema,
      response: { 200: DashboardSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const d = await runtime.store.web.createDashboard(principal.accountId, principal.userId ?? '', request.body.name);
      request.log.info({ dashboardId: d.id, userId: principal.userId }, 'dashboard created');
      return dashboardView(d, []);
    },
  });
};
