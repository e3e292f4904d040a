import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unavailable } from '../../../inquiries/errors.js';
import { isTerminal } from '../../../schemas/inquiry.js';
import { principalOf } from '../../auth.js';
import { sendJsonText } from '../../errors.js';
import { InquiryParamsSchema, InquiryStatusResponseSchema, ResultQuerySchema, errorResponses } from '../../schemas.js';
import type { ApiDeps } from '../../deps.js';

/**
 * GET /inquiry/{inquiry_id}/result — long-poll. Returns within milliseconds of the terminal write
 * (in-process event), re-reads the store every poll_interval, 408 after timeout (the inquiry keeps
 * processing). A client that disconnects releases its waiter; a process stopping answers 503 with
 * Retry-After once it has handed back its work.
 */
export const inquiryResultRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/inquiry/:inquiry_id/result', {
    schema: {
      summary: 'Long-poll until terminal',
      description:
        'Waits until status.general is terminal (any terminal value) or timeout seconds pass (408). The client HTTP time-out must exceed timeout.',
      tags: ['inquiries'],
      params: InquiryParamsSchema,
      querystring: ResultQuerySchema,
      response: {
        200: InquiryStatusResponseSchema,
        408: errorResponses[401].describe('Not terminal within timeout; the inquiry keeps processing'),
        ...errorResponses,
        503: errorResponses[401].describe('This server is shutting down; ask again after Retry-After seconds (another server may answer)'),
      },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const inquiry = await runtime.inquiries.inquiryFor(principal, request.params.inquiry_id);
      if (isTerminal(inquiry.status)) return sendJsonText(reply, runtime.inquiries.jsonOf(inquiry)) as never;
      const disconnected = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) disconnected.abort();
      };
      reply.raw.on('close', onClose);
      runtime.metrics.longPolls.inc();
      try {
        const { timeout, poll_interval } = request.query;
        const until = AbortSignal.any([disconnected.signal, runtime.stopping]);
        const done = await runtime.inquiries.waitForTerminal(inquiry.id, timeout * 1000, poll_interval * 1000, until);
        if (done) return sendJsonText(reply, await runtime.inquiries.statusJson(principal, inquiry.id)) as never;
        if (disconnected.signal.aborted) return reply; // nobody is listening any more
        // This process is stopping: the client asks again (another process, or this one restarted).
        if (runtime.stopping.aborted) throw unavailable(`The server is shutting down; ask again for the result of ${inquiry.id}`, 1);
        return reply.code(408).send({
          detail: `Inquiry ${inquiry.id} is still processing after ${timeout} s; call again or poll /inquiry/${inquiry.id}/status`,
        });
      } finally {
        runtime.metrics.longPolls.dec();
        reply.raw.off('close', onClose);
      }
    },
  });
};
