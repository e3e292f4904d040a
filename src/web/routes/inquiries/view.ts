import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { ChartViewBodySchema, ChartViewSchema } from '../../../schemas/dashboards.js';
import { InquiryParamsSchema, webErrorResponses } from '../../schemas.js';

/** POST /ui/api/inquiries/{inquiry_id}/view — stores the chart type chosen for an answer (shown again on reopening). */
export const inquiryViewRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/inquiries/:inquiry_id/view', {
    schema: {
      summary: "Choose an answer's chart type",
      tags: ['web'],
      params: InquiryParamsSchema,
      body: ChartViewBodySchema,
      response: { 200: z.object({ inquiry_id: z.string(), selected_view: ChartViewSchema }), ...webErrorResponses },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const inquiry = await runtime.inquiries.inquiryFor(principal, request.params.inquiry_id);
      await runtime.store.web.setView(inquiry.id, principal.accountId, request.body.chart_type);
      return { inquiry_id: inquiry.id, selected_view: request.body.chart_type };
    },
  });
};
