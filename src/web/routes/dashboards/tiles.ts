import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { notFound } from '../../../inquiries/errors.js';
import { DashboardParamsSchema, DashboardSchema, TileCreateSchema, TileParamsSchema } from '../../../schemas/dashboards.js';
import { dashboardFor, dashboardView, pinAnswer } from '../../dashboards.js';
import { webErrorResponses } from '../../schemas.js';

/** POST /ui/api/dashboards/{id}/tiles {inquiry_id, chart_type?} pins an answer; DELETE …/tiles/{tile_id} unpins it. */
export const dashboardTilesRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/dashboards/:dashboard_id/tiles', {
    schema: {
      summary: 'Pin an answer',
      tags: ['web'],
      params: DashboardParamsSchema,
      body: TileCreateSchema,
      response: { 200: DashboardSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const d = await dashboardFor(runtime, principal, request.params.dashboard_id);
      const tile = await pinAnswer(runtime, principal, d, request.body.inquiry_id, request.body.chart_type ?? null);
      request.log.info(
        { dashboardId: d.id, tileId: tile.id, inquiryId: request.body.inquiry_id, userId: principal.userId },
        'answer pinned',
      );
      return dashboardView(d, await runtime.store.web.tiles(d.id));
    },
  });
  app.delete('/dashboards/:dashboard_id/tiles/:tile_id', {
    schema: { summary: 'Unpin a tile', tags: ['web'], params: TileParamsSchema, response: { 200: DashboardSchema, ...webErrorResponses } },
    handler: async (request) => {
      const d = await dashboardFor(runtime, principalOf(request), request.params.dashboard_id);
      if (!(await runtime.store.web.removeTile(d.id, request.params.tile_id))) throw notFound('Tile', request.params.tile_id);
      return dashboardView(d, await runtime.store.web.tiles(d.id));
    },
  });
};
