import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { ReportParamsSchema } from '../../../api/routes/reports/report.js';
import { ReportRunsSchema } from '../../../schemas/research.js';
import { webErrorResponses } from '../../schemas.js';

/** GET /ui/api/reports/{report_id}/runs — newest first, each a research inquiry. */
export const reportRunsRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/reports/:report_id/runs', {
    schema: {
      summary: 'Runs of a scheduled report',
      tags: ['web'],
      params: ReportParamsSchema,
      response: { 200: ReportRunsSchema, ...webErrorResponses },
    },
    handler: async (request) => runtime.reports.runs(principalOf(request), request.params.report_id),
  });
};
