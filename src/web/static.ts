/**
 * The built web app (web/dist, made by `npm run build:web`, run by `prestart`): `/` is its page,
 * `/assets/*` its hashed files (cached for a year), with a strict Content-Security-Policy: no
 * inline script, no eval (charts use Vega's expression interpreter), nothing from other origins.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

export const WEB_DIST = resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Vega and the component styles set style attributes; no script can run from them.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('cross-origin-opener-policy', 'same-origin');
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Quarry</title>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto"><h1>Quarry</h1>
<p>The web app has not been built. Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it first) and reload.</p>
<p>The REST API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

export const staticRoutes: FastifyPluginAsync<{ dist?: string }> = async (app, options) => {
  const dist = options.dist ?? WEB_DIST;
  const config = { public: true, rateLimit: false } as const;

  // Hashed assets never change under their name: read once, then served from memory.
  const assets = new Map<string, Buffer>();
  const send = async (reply: FastifyReply, file: string, cache: string) => {
    let body = cache.includes('immutable') ? assets.get(file) : undefined;
    if (!body) {
      try {
        if (!(await stat(file)).isFile()) return reply.callNotFound();
        body = await readFile(file);
      } catch {
        return reply.callNotFound();
      }
      if (cache.includes('immutable') && assets.size < 200) assets.set(file, body);
    }
    return securityHeaders(reply)
      .type(TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', cache)
      .send(body);
  };

  app.get('/', { config, schema: { hide: true } }, async (_request, reply) => {
    const index = join(dist, 'index.html');
    if (!existsSync(index)) return securityHeaders(reply).code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    return send(reply, index, 'no-cache');
  });
  app.get<{ Params: { file: string } }>('/assets/:file', { config, schema: { hide: true } }, async (request, reply) => {
    const name = request.params.file;
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return reply.callNotFound();
    return send(reply, join(dist, 'assets', name), 'public, max-age=31536000, immutable');
  });
  app.get('/favicon.svg', { config, schema: { hide: true } }, async (_request, reply) =>
    send(reply, join(dist, 'favicon.svg'), 'public, max-age=86400'),
  );
};
