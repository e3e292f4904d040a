import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { reportCreateSchema, ReportSchema } from '../../../schemas/research.js';
import { webErrorResponses } from '../../schemas.js';

/** GET /ui/api/reports, POST /ui/api/reports — the account's scheduled reports (as /api/reports). */
export const reportsRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/reports', {
    schema: {
      summary: 'Scheduled reports',
      tags: ['web'],
      response: { 200: z.object({ reports: z.array(ReportSchema) }), ...webErrorResponses },
    },
    handler: async (request) => ({ reports: (await runtime.reports.list(principalOf(request))).map((r) => runtime.reports.view(r)) }),
  });
  app.post('/reports', {
    schema: {
      summary: 'Schedule a report',
      tags: ['web'],
      body: reportCreateSchema(runtime.config.maxQueryLength),
      response: { 200: ReportSchema, ...webErrorResponses },
    },
    handler: async (request) => runtime.reports.view(await runtime.reports.create(principalOf(request), request.body)),
  });
};
