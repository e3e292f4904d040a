import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import type { SharedRouteDeps } from '../../mount.js';
import { ReportParamsSchema } from '../../schemas.js';
import { ReportRunsSchema } from '../../../schemas/research.js';

/** GET /reports/{report_id}/runs (REST and the web app) — each run is a research inquiry with its final_answer. */
export const reportRunsRoute: FastifyPluginAsyncZod<SharedRouteDeps> = async (app, { runtime, mount }) => {
  app.get('/reports/:report_id/runs', {
    schema: {
      summary: 'Runs of a scheduled report',
      description:
        'Newest first (at most 100): the research inquiry of each due time, its status.general, progress and final_answer. Full results through GET /inquiry/{inquiry_id}/status.',
      tags: ['reports'],
      params: ReportParamsSchema,
      response: { 200: ReportRunsSchema, ...mount.errors },
    },
    handler: async (request) => runtime.reports.runs(principalOf(request), request.params.report_id),
  });
};
