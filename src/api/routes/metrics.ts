import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ApiDeps } from '../deps.js';

/** Loopback addresses (IPv4 127/8, IPv6 ::1, and IPv4-mapped 127/8). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics — Prometheus text format, process-wide figures only (no label names an account or
 * a key). Open to loopback clients, or, with QUARRY_METRICS_TOKEN, to whoever presents
 * `Authorization: Bearer <token>` (and to nobody else).
 */
export const metricsRoute: FastifyPluginAsync<ApiDeps> = async (app, { runtime }) => {
  const token = runtime.config.metricsToken;
  const admitted = (request: FastifyRequest): { status: 401 | 403; detail: string } | null => {
    if (token) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (m && timingSafeEqual(digest(m[1]!), digest(token))) return null;
      return { status: 401, detail: 'Metrics need the token: send Authorization: Bearer <QUARRY_METRICS_TOKEN>' };
    }
    if (isLoopback(request.socket.remoteAddress)) return null;
    return { status: 403, detail: 'Metrics are served to loopback clients only; set QUARRY_METRICS_TOKEN to scrape them from elsewhere' };
  };
  app.get('/metrics', { config: { public: true, rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const refused = admitted(request);
    if (refused) return reply.code(refused.status).send({ detail: refused.detail });
    const { metrics, inquiries, store } = runtime;
    metrics.queueRunning.set(inquiries.queue.running);
    metrics.queueWaiting.set(await inquiries.queue.waiting());
    metrics.inquiriesByState.reset();
    for (const [state, n] of Object.entries(await store.inquiries.countByStatus())) metrics.inquiriesByState.set({ state }, n);
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
