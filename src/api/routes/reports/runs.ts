import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import type { ApiDeps } from '../../deps.js';
import { errorResponses } from '../../schemas.js';
import { ReportRunsSchema } from '../../../schemas/research.js';
import { ReportParamsSchema } from './report.js';

/** GET /reports/{report_id}/runs — each run is a research inquiry with its final_answer. */
export const reportRunsRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/reports/:report_id/runs', {
    schema: {
      summary: 'Runs of a scheduled report',
      description:
        'Newest first (at most 100): the research inquiry of each due time, its status.general, progress and final_answer. Full results through GET /inquiry/{inquiry_id}/status.',
      tags: ['reports'],
      params: ReportParamsSchema,
      response: { 200: ReportRunsSchema, ...errorResponses },
    },
    handler: async (request) => runtime.reports.runs(principalOf(request), request.params.report_id),
  });
};
