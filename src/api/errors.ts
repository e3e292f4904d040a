/**
 * The one error handler: every error becomes `{detail}` with the right status. Validation → 422
 * naming the field and what is allowed; malformed JSON → 400; unexpected failures → 500 without
 * internals (logged with the request id).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AuthError } from '../auth/keys.js';
import { AccountWarehouseError, RequestValidationError } from '../inquiries/engine.js';
import { ServiceError } from '../inquiries/errors.js';
import { QueueFullError } from '../jobs/embedded-queue.js';

function validationDetail(err: FastifyError): string {
  const context = (err as { validationContext?: string }).validationContext ?? 'request';
  const issues = (err.validation ?? []).map((v) => {
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const where = path ? (context === 'body' ? path : `${path}`) : context === 'body' ? 'body' : context;
    // Messages written for a field already name it.
    return v.message && path && v.message.startsWith(path.split('.')[0]) ? v.message : `${where}: ${v.message}`;
  });
  return issues.join('; ') || err.message;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(422).send({ detail: validationDetail(err) });
    if (err instanceof AuthError) return reply.code(err.statusCode).send({ detail: err.message });
    if (err instanceof RequestValidationError) return reply.code(422).send({ detail: err.message });
    // the account's warehouse is not configured here: the operator's to fix, never answered from another
    if (err instanceof AccountWarehouseError) return reply.code(503).send({ detail: err.message });
    if (err instanceof QueueFullError)
      return reply.code(429).header('retry-after', String(err.retryAfterSeconds)).send({ detail: err.message });
    if (err instanceof ServiceError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send({ detail: err.message });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ detail: err.message || 'Rate limit exceeded' });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ detail: `Request body too large (limit ${app.initialConfig.bodyLimit} bytes)` });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send({ detail: 'Unsupported Content-Type: send JSON with Content-Type: application/json' });
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: err.message });
    request.log.error({ err }, 'unexpected failure');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: `Route not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}

/** JSON bodies: empty is allowed (no body), invalid JSON → 400. Registered for every content type. */
export function registerJsonParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parse = (_req: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void) => {
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch {
      const err = new Error('Malformed JSON in the request body') as FastifyError;
      err.statusCode = 400;
      done(err);
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  // Clients that forget the Content-Type (curl -d sends form encoding) still send JSON.
  app.addContentTypeParser('*', { parseAs: 'string' }, parse);
}

/** Sends JSON that is already serialised (cached terminal status); Fastify passes strings through unchanged. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
