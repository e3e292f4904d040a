/**
 * Replies checked against their declared schemas. Routes declare a zod schema per status code
 * (the OpenAPI document is generated from them), but replies are serialised with JSON.stringify and
 * the status routes send cached JSON text, so nothing made a reply keep its promise. With
 * `validateReplies` on (the test suite, staging) every JSON reply whose route declares a schema
 * for its status is parsed with it; a mismatch is logged and answered 500 naming the fields.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The zod schema the route declares for this status, if any. */
function declaredSchema(schema: unknown, statusCode: number): z.ZodType | undefined {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return undefined;
  const s = response[String(statusCode)] ?? response[`${String(statusCode)[0]}xx`] ?? response.default;
  return s instanceof z.ZodType ? s : undefined;
}

export function registerReplyCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const schema = declaredSchema(request.routeOptions.schema, reply.statusCode);
    if (!schema) return payload;
    const checked = schema.safeParse(JSON.parse(payload));
    if (checked.success) return payload;
    const fields = checked.error.issues.map((i) => `${i.path.join('.') || '(reply)'}: ${i.message}`).join('; ');
    request.log.error(
      { route: request.routeOptions.url, statusCode: reply.statusCode, fields },
      'reply does not match its declared schema',
    );
    reply.code(500);
    return JSON.stringify({
      detail: `The reply does not match its declared schema (${request.routeOptions.url} ${request.method}): ${fields}`,
    });
  });
}
