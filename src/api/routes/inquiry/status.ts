import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import { sendJsonText } from '../../errors.js';
import { InquiryParamsSchema, InquiryStatusResponseSchema, errorResponses } from '../../schemas.js';
import type { ApiDeps } from '../../deps.js';

/** GET /inquiry/{inquiry_id}/status — current status and answer; every field present. */
export const inquiryStatusRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/inquiry/:inquiry_id/status', {
    schema: {
      summary: 'Current status and answer',
      description:
        'Suitable for polling every 3-5 seconds. While processing, status.general is processing and the answer fields are empty.',
      tags: ['inquiries'],
      params: InquiryParamsSchema,
      response: {
        200: InquiryStatusResponseSchema,
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        429: errorResponses[429],
      },
    },
    handler: async (request, reply) => {
      const json = await runtime.inquiries.statusJson(principalOf(request), request.params.inquiry_id);
      return sendJsonText(reply, json) as never;
    },
  });
};
