import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { ReportParamsSchema } from '../../../api/routes/reports/report.js';
import { webErrorResponses } from '../../schemas.js';

/** DELETE /ui/api/reports/{report_id} — no further runs; earlier runs stay readable. */
export const reportRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.delete('/reports/:report_id', {
    schema: {
      summary: 'Delete a scheduled report',
      tags: ['web'],
      params: ReportParamsSchema,
      response: { 200: z.object({ deleted: z.literal(true), report_id: z.string() }), ...webErrorResponses },
    },
    handler: async (request) => {
      await runtime.reports.delete(principalOf(request), request.params.report_id);
      return { deleted: true as const, report_id: request.params.report_id };
    },
  });
};
