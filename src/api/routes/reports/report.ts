import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../auth.js';
import type { ApiDeps } from '../../deps.js';
import { errorResponses } from '../../schemas.js';
import { ReportSchema } from '../../../schemas/research.js';

export const ReportParamsSchema = z.object({ report_id: z.string().min(1).max(200) });

/** GET /reports/{report_id}, DELETE /reports/{report_id}. */
export const reportRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/reports/:report_id', {
    schema: {
      summary: 'A scheduled report',
      tags: ['reports'],
      params: ReportParamsSchema,
      response: { 200: ReportSchema, ...errorResponses },
    },
    handler: async (request) => runtime.reports.view(await runtime.reports.get(principalOf(request), request.params.report_id)),
  });
  app.delete('/reports/:report_id', {
    schema: {
      summary: 'Delete a scheduled report',
      description: 'No further runs start; runs already made stay readable as inquiries.',
      tags: ['reports'],
      params: ReportParamsSchema,
      response: { 200: z.object({ deleted: z.literal(true), report_id: z.string() }), ...errorResponses },
    },
    handler: async (request) => {
      await runtime.reports.delete(principalOf(request), request.params.report_id);
      return { deleted: true as const, report_id: request.params.report_id };
    },
  });
};
