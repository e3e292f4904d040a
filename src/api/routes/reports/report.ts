import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../auth.js';
import type { SharedRouteDeps } from '../../mount.js';
import { ReportParamsSchema } from '../../schemas.js';
import { ReportSchema } from '../../../schemas/research.js';

/** GET /reports/{report_id}, DELETE /reports/{report_id} (REST and the web app). */
export const reportRoutes: FastifyPluginAsyncZod<SharedRouteDeps> = async (app, { runtime, mount }) => {
  app.get('/reports/:report_id', {
    schema: {
      summary: 'A scheduled report',
      tags: ['reports'],
      params: ReportParamsSchema,
      response: { 200: ReportSchema, ...mount.errors },
    },
    handler: async (request) => runtime.reports.view(await runtime.reports.get(principalOf(request), request.params.report_id)),
  });
  app.delete('/reports/:report_id', {
    schema: {
      summary: 'Delete a scheduled report',
      description: 'No further runs start; runs already made stay readable as inquiries.',
      tags: ['reports'],
      params: ReportParamsSchema,
      response: { 200: z.object({ deleted: z.literal(true), report_id: z.string() }), ...mount.errors },
    },
    handler: async (request) => {
      await runtime.reports.delete(principalOf(request), request.params.report_id);
      return { deleted: true as const, report_id: request.params.report_id };
    },
  });
};
