import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { stopReply } from '../../../api/routes/inquiry/stop.js';
import { InquiryParamsSchema, StopResultSchema, webErrorResponses } from '../../schemas.js';

/** POST /ui/api/inquiries/{inquiry_id}/stop — processing → stopped (as POST /api/inquiry/{id}/stop). */
export const inquiryStopRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/inquiries/:inquiry_id/stop', {
    schema: {
      summary: 'Stop an inquiry',
      tags: ['web'],
      params: InquiryParamsSchema,
      response: { 200: StopResultSchema, ...webErrorResponses },
    },
    handler: async (request) => stopReply(runtime, principalOf(request), request.params.inquiry_id),
  });
};
