import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth.js';
import type { Surface, SharedRouteDeps } from '../../mount.js';
import { InquiryParamsSchema, StopResultSchema } from '../../schemas.js';

/** The web app names inquiries in the plural, as in its GET /ui/api/inquiries/{inquiry_id}. */
const URL: Record<Surface, string> = { api: '/inquiry/:inquiry_id/stop', ui: '/inquiries/:inquiry_id/stop' };

/**
 * POST /inquiry/{inquiry_id}/stop (the web app: POST /ui/api/inquiries/{inquiry_id}/stop) —
 * processing → stopped; a finished inquiry is left unchanged, and the reply says so.
 */
export const inquiryStopRoute: FastifyPluginAsyncZod<SharedRouteDeps> = async (app, { runtime, mount }) => {
  app.post(URL[mount.surface], {
    schema: {
      summary: 'Stop an inquiry',
      description:
        'Moves a processing inquiry to stopped and cancels its running query. Stopping a finished inquiry changes nothing (stopped: false).',
      tags: ['inquiries'],
      params: InquiryParamsSchema,
      response: {
        200: StopResultSchema,
        401: mount.errors[401],
        403: mount.errors[403],
        404: mount.errors[404],
        429: mount.errors[429],
      },
    },
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
