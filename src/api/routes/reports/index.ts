import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../auth.js';
import type { ApiDeps } from '../../deps.js';
import { errorResponses } from '../../schemas.js';
import { reportCreateSchema, ReportSchema } from '../../../schemas/research.js';

/** POST /reports, GET /reports — scheduled research reports of the account. */
export const reportsRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/reports', {
    schema: {
      summary: 'Schedule a research report',
      description:
        'Each due time of the cron schedule (in its time zone) starts one research inquiry; a run missed while the server was down runs once on start-up.',
      tags: ['reports'],
      body: reportCreateSchema(runtime.config.maxQueryLength),
      response: { 200: ReportSchema, ...errorResponses },
    },
    handler: async (request) => runtime.reports.view(await runtime.reports.create(principalOf(request), request.body)),
  });
  app.get('/reports', {
    schema: {
      summary: 'List scheduled reports',
      tags: ['reports'],
      response: { 200: z.object({ reports: z.array(ReportSchema) }), ...errorResponses },
    },
    handler: async (request) => ({ reports: (await runtime.reports.list(principalOf(request))).map((r) => runtime.reports.view(r)) }),
  });
};
