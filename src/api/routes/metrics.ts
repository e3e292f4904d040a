import type { FastifyPluginAsync } from 'fastify';
import type { ApiDeps } from '../deps.js';

/** GET /metrics — Prometheus text format. */
export const metricsRoute: FastifyPluginAsync<ApiDeps> = async (app, { runtime }) => {
  app.get('/metrics', { config: { public: true, rateLimit: false }, schema: { hide: true } }, async (_request, reply) => {
    const { metrics, inquiries, store } = runtime;
    metrics.queueRunning.set(inquiries.queue.running);
    metrics.queueWaiting.set(inquiries.queue.waiting);
    metrics.inquiriesByState.reset();
    for (const [state, n] of Object.entries(await store.inquiries.countByStatus())) metrics.inquiriesByState.set({ state }, n);
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
