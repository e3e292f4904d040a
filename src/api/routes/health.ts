import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiDeps } from '../deps.js';

const HealthSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string().optional() })),
});

/** GET /health (liveness) and GET /ready (store open, warehouse reachable, model loaded). No key needed. */
export const healthRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/health', {
    config: { public: true, rateLimit: false },
    schema: { summary: 'Liveness', tags: ['operations'], response: { 200: HealthSchema } },
    handler: async () => ({ status: 'ok' as const }),
  });
  app.get('/ready', {
    config: { public: true, rateLimit: false },
    schema: { summary: 'Readiness: store, warehouse, model', tags: ['operations'], response: { 200: ReadySchema, 503: ReadySchema } },
    handler: async (_request, reply) => {
      const checks: { name: string; ok: boolean; detail?: string }[] = [];
      try {
        await runtime.store.ping();
        checks.push({ name: 'store', ok: true });
      } catch (err) {
        checks.push({ name: 'store', ok: false, detail: (err as Error).message });
      }
      checks.push(...(await runtime.engine.readiness().catch((err: Error) => [{ name: 'engine', ok: false, detail: err.message }])));
      // the queue answers, and no run in this process is stuck past its time limit
      checks.push(...(await runtime.inquiries.readiness()));
      const ok = checks.every((c) => c.ok);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not_ready', checks });
    },
  });
};
