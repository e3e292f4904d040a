import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import { InquiryParamsSchema, StopResultSchema, errorResponses } from '../../schemas.js';
import type { ApiDeps } from '../../deps.js';

/** POST /inquiry/{inquiry_id}/stop — processing → stopped; a finished inquiry is left unchanged, and the reply says so. */
export const inquiryStopRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.post('/inquiry/:inquiry_id/stop', {
    schema: {
      summary: 'Stop an inquiry',
      description:
        'Moves a processing inquiry to stopped and cancels its running query. Stopping a finished inquiry changes nothing (stopped: false).',
      tags: ['inquiries'],
      params: InquiryParamsSchema,
      response: {
        200: StopResultSchema,
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        429: errorResponses[429],
      },
    },
    handler: async (request) => stopReply(runtime, principalOf(request), request.params.inquiry_id),
  });
};

/** Stops an inquiry and says whether anything changed (the REST route and the web app's share it). */
export async function stopReply(runtime: ApiDeps['runtime'], principal: ReturnType<typeof principalOf>, inquiryId: string) {
  const { changed, record } = await runtime.inquiries.stop(principal, inquiryId);
  return {
    ...runtime.inquiries.toStatusResponse(record),
    stopped: changed,
    detail: changed ? 'Inquiry stopped' : `Inquiry had already ended (${record.status}); nothing changed`,
  };
}
