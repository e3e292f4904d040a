import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { InquiryParamsSchema, StopResultSchema, webErrorResponses } from '../../schemas.js';

/** POST /ui/api/inquiries/{inquiry_id}/stop — processing → stopped (as POST /api/inquiry/{id}/stop). */
export const inquiryStopRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/inquiries/:inquiry_id/stop', {
    schema: { summary: 'Stop an inquiry', tags: ['web'], params: InquiryParamsSchema, response: { 200: StopResultSchema, ...webErrorResponses } },
    handler: async (request) => {
      const { changed, record } = await runtime.inquiries.stop(principalOf(request), request.params.inquiry_id);
      return {
        ...runtime.inquiries.toStatusResponse(record),
        stopped: changed,
        detail: changed ? 'Inquiry stopped' : `Inquiry had already ended (${record.status}); nothing changed`,
      };
    },
  });
};
