/**
 * The Fastify app as a plugin: JSON parsing, the error handler, auth, rate limits, OpenAPI, routes.
 * `server.ts` only builds and starts it; tests build it the same way.
 */
import { SHARED_OPERATION_ROUTES } from './api/routes/shared.js';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { registerReplyCheck } from './api/reply-check.js';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { type ZodTypeProvider, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { DOCS_PREFIX, registerAuth } from './api/auth.js';
import { hashKey, presentedKey } from './auth/keys.js';
import type { ApiDeps } from './api/deps.js';
import { REST_MOUNT } from './api/mount.js';
import { registerErrorHandling, registerJsonParsing } from './api/errors.js';
import { healthRoutes } from './api/routes/health.js';
import { inquiryResultRoute } from './api/routes/inquiry/result.js';
import { inquiryStatusRoute } from './api/routes/inquiry/status.js';
import { metricsRoute } from './api/routes/metrics.js';
import { mcpRoutes } from './mcp/http.js';
import { sessionNewRoute } from './api/routes/session/new.js';
import { inquiriesBatchRoute } from './api/routes/inquiries/batch.js';
import type { Runtime } from './runtime.js';
import { webApp } from './web/plugin.js';

export const API_PREFIX = '/api';

/** Swagger UI ships no inline script (its CSP hash list is empty); it sets inline styles and data: images. */
const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const app: FastifyPluginAsync<ApiDeps> = async (fastify, { runtime }) => {
  fastify.setValidatorCompiler(validatorCompiler);
  // Responses are built from typed objects; plain JSON.stringify keeps the hot status path fast.
  fastify.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerJsonParsing(fastify);
  registerErrorHandling(fastify);
  if (runtime.config.validateReplies) registerReplyCheck(fastify);

  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Quarry', version: '0.1.0', description: 'Answers business questions in plain language from a data warehouse.' },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The docs page, its static files and its JSON: never framed, no sniffing (swagger-ui's own hooks reach the page only).
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(DOCS_PREFIX))
      reply.header('x-content-type-options', 'nosniff').header('x-frame-options', 'DENY').header('referrer-policy', 'no-referrer');
  });
  await fastify.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list' },
    // The docs page is served like the web app: its own scripts only, never framed, no sniffing.
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
  });

  const api = fastify.withTypeProvider<ZodTypeProvider>();
  registerAuth(fastify, runtime.keys);
  await api.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: runtime.config.rateLimitMax,
    timeWindow: runtime.config.rateLimitWindowMs,
    // With several processes on Postgres the counts live there, so the limit is per key, not per process.
    ...(runtime.shared ? { store: runtime.shared.rateLimitStore } : {}),
    // Per API key: REST has authenticated it; /mcp presents it per request (hashed, never kept raw).
    keyGenerator: (request) => {
      if (request.principal) return request.principal.apiKeyId || `user:${request.principal.userId ?? request.ip}`;
      const key = presentedKey(request.headers);
      return key ? `key:${hashKey(key).slice(0, 32)}` : request.ip;
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Rate limit exceeded: at most ${context.max} requests per ${Math.round(runtime.config.rateLimitWindowMs / 1000)} s for this API key; retry in ${context.after}`,
    }),
  });

  await api.register(
    async (scope) => {
      await scope.register(healthRoutes, { runtime });
      await scope.register(sessionNewRoute, { runtime });
      await scope.register(inquiryStatusRoute, { runtime });
      await scope.register(inquiryResultRoute, { runtime });
      await scope.register(inquiriesBatchRoute, { runtime });
      // One module per operation, shared with the web app (src/web/plugin.ts mounts them too).
      for (const route of SHARED_OPERATION_ROUTES) {
        await scope.register(route, { runtime, mount: REST_MOUNT });
      }
      scope.get('/openapi.json', { config: { public: true, rateLimit: false }, schema: { hide: true } }, async () => fastify.swagger());
    },
    { prefix: API_PREFIX },
  );
  await api.register(metricsRoute, { runtime });
  // The tool interface over streamable HTTP (its own auth and Host/Origin checks).
  await fastify.register(mcpRoutes, { runtime });
  // The web app at / and its own endpoints under /ui/api (cookie sign-in + CSRF).
  await api.register(webApp, { runtime });

  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    runtime.metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    runtime.metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
};

/**
 * One log line per request, written when it is answered, instead of Fastify's two (received,
 * completed): in a burst of submissions every line is a write to stdout. Errors log as before.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = {
      req: { method: request.method, url: request.url, remoteAddress: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** A Fastify instance with the app registered (not listening). */
export async function buildApp(runtime: Runtime): Promise<FastifyInstance> {
  const { requestTimeoutMs, idleTimeoutMs } = runtime.config;
  const fastify = Fastify({
    loggerInstance: runtime.log,
    logController: new OneLinePerRequest(),
    bodyLimit: runtime.config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    // randomUUID draws from a cached pool of entropy; randomBytes asked the system on every request.
    genReqId: () => `req_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    // Errors Fastify raises before routing (a URL that does not decode, a too-long parameter) get
    // the same {detail} body as every other error.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      const detail = err.code === 'FST_ERR_BAD_URL' ? 'Malformed URL: a percent sign must start a valid escape such as %20' : err.message;
      void reply.code(err.statusCode ?? 400).send({ detail });
    },
    // Receiving a request (headers and body) must finish within requestTimeoutMs, or Node answers
    // 408 and closes the socket: a client trickling a body cannot hold a connection. The clock
    // stops once the request has arrived, so a long-poll may still wait up to 900 s for its answer.
    requestTimeout: requestTimeoutMs,
    // A keep-alive connection with no request in flight is closed after idleTimeoutMs.
    keepAliveTimeout: idleTimeoutMs,
    http: {
      headersTimeout: requestTimeoutMs,
      // Node looks for expired requests this often (its default, 30 s, would let them run over).
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(requestTimeoutMs / 4))),
    },
  });
  await fastify.register(app, { runtime });
  await fastify.ready();
  return fastify as unknown as FastifyInstance;
}
