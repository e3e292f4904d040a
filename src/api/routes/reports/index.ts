import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../auth.js';
import type { SharedRouteDeps } from '../../mount.js';
import { reportCreateSchema, ReportSchema } from '../../../schemas/research.js';

/** POST /reports, GET /reports (REST and the web app) — scheduled research reports of the account. */
export const reportsRoutes: FastifyPluginAsyncZod<SharedRouteDeps> = async (app, { runtime, mount }) => {
  app.post('/reports', {
    schema: {
      summary: 'Schedule a research report',
      description:
        'Each due time of the cron schedule (in its time zone) starts one research inquiry; a run missed while the server was down runs once on start-up.',
      tags: ['reports'],
      body: reportCreateSchema(runtime.config.maxQueryLength),
      response: { 200: ReportSchema, ...mount.errors },
    },
    handler: async (request) => runtime.reports.view(await runtime.reports.create(principalOf(request), request.body)),
  });
  app.get('/reports', {
    schema: {
      summary: 'List scheduled reports',
      tags: ['reports'],
      response: { 200: z.object({ reports: z.array(ReportSchema) }), ...mount.errors },
    },
    handler: async (request) => ({ reports: (await runtime.reports.list(principalOf(request))).map((r) => runtime.reports.view(r)) }),
  });
};
