import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { sendJsonText } from '../../../api/errors.js';
import { notFound } from '../../../inquiries/errors.js';
import { InquiryParamsSchema, InquiryStatusResponseSchema, webErrorResponses } from '../../schemas.js';

/** GET /ui/api/inquiries/{inquiry_id} — the status response (as GET /api/inquiry/{id}/status) with the chart view chosen here. */
export const inquiryRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/inquiries/:inquiry_id', {
    schema: {
      summary: 'An inquiry',
      tags: ['web'],
      params: InquiryParamsSchema,
      response: { 200: InquiryStatusResponseSchema, ...webErrorResponses },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const json = await runtime.inquiries.statusJson(principalOf(request), request.params.inquiry_id);
      // a finished status may be served from memory: one whose thread was deleted is gone here too
      if (!(await runtime.store.inquiries.getStatus(request.params.inquiry_id))) throw notFound('Inquiry', request.params.inquiry_id);
      const view = (await runtime.store.web.views([request.params.inquiry_id])).get(request.params.inquiry_id) ?? null;
      // The status JSON is kept as text (terminal ones in memory): the view is appended, not parsed in.
      return sendJsonText(reply, `${json.slice(0, -1)},"selected_view":${JSON.stringify(view)}}`);
    },
  });
};
