/**
 * The tool interface over streamable HTTP at /mcp on the same Fastify server as REST.
 *
 * - Several API processes: an MCP session is a record in the state store (mcp_sessions), not an
 *   object in one process. Every POST is served by a fresh McpServer on the SDK's stateless
 *   transport, built from that record, so any API process behind a load balancer serves any
 *   request of any session. What a session needs between requests lives in the record: the key it
 *   is bound to (its hash), the negotiated protocol version, logout, recorded plans. Progress
 *   notifications travel on the POST's own SSE response, so they reach the client from whichever
 *   process runs the call. GET offers no standalone SSE stream (405; the server sends nothing
 *   outside responses), so no request needs to stick to a process. Only a `notifications/cancelled`
 *   is local: it aborts the call if it reaches the process running that call (otherwise the call
 *   ends at its wait window).
 * - DNS-rebinding protection: the Host header's name must be in QUARRY_MCP_ALLOWED_HOSTS (plus
 *   QUARRY_HOST), and a browser Origin, when sent, must be listed in QUARRY_MCP_ALLOWED_ORIGINS.
 *   No wildcard CORS: only listed origins get CORS headers, echoed exactly.
 * - Auth: the key in X-API-Key or Authorization: Bearer when the MCP session initialises binds the
 *   session; later requests on it must present the same key. A session without a (valid) key still
 *   initialises, and its tool calls answer with an isError result saying how to authenticate.
 *   logout unbinds the session.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiDeps } from '../api/deps.js';
import { hashKey, presentedKey } from '../auth/keys.js';
import type { McpSessionRecord, Store } from '../store/repositories.js';
import { HttpSessionAuth, type HttpBinding } from './auth.js';
import { createMcpServer } from './server.js';
import type { SessionMemory } from './tool.js';

export const MCP_PATH = '/mcp';
/** MCP sessions idle this long are deleted. */
const IDLE_SESSION_MS = 60 * 60_000;
/** A session's last-seen time is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The host name of a Host header, port-agnostic; IPv6 keeps its brackets. */
export function hostnameOf(host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const sameHash = (key: string, storedHash: string) => {
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

function rpcError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('application/json')
    .send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

/** The version the SDK's server answers initialize with (the client's, if supported, else the latest). */
function negotiatedVersion(initialize: unknown): string {
  const requested = (initialize as { params?: { protocolVersion?: unknown } }).params?.protocolVersion;
  return typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
}

/** The binding of one request, from the session record and the key this request presents. */
function bindingOf(record: McpSessionRecord, key: string | undefined): HttpBinding {
  switch (record.binding) {
    case 'bound':
      return { kind: 'bound', key: key! };
    case 'invalid':
      return { kind: 'invalid', message: record.detail ?? 'Invalid API key' };
    case 'none':
    case 'logged_out':
      return { kind: record.binding };
  }
}

/** A session's memory in the store, so the next call may land on another process. */
function storedSession(store: Store, sessionId: string): SessionMemory {
  return {
    recordPlan: (plan) => store.mcpSessions.addPlan(sessionId, createHash('sha256').update(plan).digest('hex'), plan),
  };
}

export const mcpRoutes: FastifyPluginAsync<ApiDeps> = async (fastify, { runtime }) => {
  const { config, log, store } = runtime;
  const allowedHosts = new Set(list(config.mcpAllowedHosts).map((h) => hostnameOf(h) ?? h.toLowerCase()));
  if (!['0.0.0.0', '::'].includes(config.host))
    allowedHosts.add(
      hostnameOf(config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host) ?? config.host,
    );
  const allowedOrigins = new Set(list(config.mcpAllowedOrigins));
  /** Calls this process is serving, per session: where a cancellation for one of them is delivered. */
  const inFlight = new Map<string, Set<StreamableHTTPServerTransport>>();

  const sweep = setInterval(() => {
    store.mcpSessions.purgeIdle(Date.now() - IDLE_SESSION_MS).catch((err) => log.warn({ err }, 'could not delete idle MCP sessions'));
  }, 60_000);
  sweep.unref();
  fastify.addHook('onClose', async () => {
    clearInterval(sweep);
    await Promise.all([...inFlight.values()].flatMap((set) => [...set].map((t) => t.close().catch(() => undefined))));
    inFlight.clear();
  });

  /** Host and Origin checks; CORS headers only for listed origins. Returns false when the request was refused. */
  const admit = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const host = hostnameOf(request.headers.host);
    if (!host || !allowedHosts.has(host)) {
      rpcError(reply, 403, `Host not allowed: ${request.headers.host ?? '(none)'}; add it to QUARRY_MCP_ALLOWED_HOSTS`);
      return false;
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowedOrigins.has(origin)) {
        rpcError(reply, 403, `Origin not allowed: ${origin}; add it to QUARRY_MCP_ALLOWED_ORIGINS`);
        return false;
      }
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-expose-headers', 'Mcp-Session-Id, Mcp-Protocol-Version');
    }
    return true;
  };

  /** Cancellations for calls running here reach them; the fresh server of this request sees them too (and ignores them). */
  const deliverCancellations = (sessionId: string, body: unknown) => {
    const running = inFlight.get(sessionId);
    if (!running) return;
    for (const message of Array.isArray(body) ? body : [body]) {
      if ((message as { method?: unknown })?.method !== 'notifications/cancelled') continue;
      for (const transport of running) transport.onmessage?.(message);
    }
  };

  /** Serves one POST with a fresh server on the stateless transport; it is closed (aborting what still runs) when the response ends or the client goes away. */
  const serve = async (request: FastifyRequest, reply: FastifyReply, sessionId: string, auth: HttpSessionAuth) => {
    const server = createMcpServer(runtime, auth, 'http', storedSession(store, sessionId));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    const running = inFlight.get(sessionId) ?? new Set();
    inFlight.set(sessionId, running);
    running.add(transport);
    reply.raw.once('close', () => {
      running.delete(transport);
      if (running.size === 0 && inFlight.get(sessionId) === running) inFlight.delete(sessionId);
      void server.close().catch(() => undefined);
    });
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) reply.raw.setHeader(k, v as string);
    reply.raw.setHeader('mcp-session-id', sessionId);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!admit(request, reply)) return reply;
    if (request.method === 'GET') {
      // The server sends nothing outside responses, so it offers no standalone SSE stream (MCP allows 405 here).
      return reply
        .code(405)
        .header('allow', 'POST, DELETE')
        .type('application/json')
        .send({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed: this server offers no SSE stream on GET; POST requests carry their own' },
          id: null,
        });
    }
    const key = presentedKey(request.headers);
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const record = await store.mcpSessions.get(sessionId);
      if (!record || record.last_seen_at < Date.now() - IDLE_SESSION_MS) {
        return rpcError(reply, 404, 'MCP session not found (it ended or was idle too long); start a new session with initialize');
      }
      if (record.binding === 'bound' && (!key || !record.key_hash || !sameHash(key, record.key_hash))) {
        return rpcError(reply, 403, 'This MCP session is bound to another API key: present the key it was started with');
      }
      // A request without the header speaks the version the session negotiated (the transport checks a sent one is supported).
      if (request.headers['mcp-protocol-version'] === undefined) request.raw.headers['mcp-protocol-version'] = record.protocol_version;
      if (request.method === 'DELETE') {
        await store.mcpSessions.delete(sessionId);
        for (const transport of inFlight.get(sessionId) ?? []) await transport.close().catch(() => undefined);
        log.info({ mcpSession: sessionId }, 'MCP session ended');
        return reply.code(200).send();
      }
      const now = Date.now();
      if (record.last_seen_at < now - TOUCH_EVERY_MS) await store.mcpSessions.touch(sessionId, now);
      deliverCancellations(sessionId, request.body);
      const auth = new HttpSessionAuth(runtime.keys, bindingOf(record, key), () => store.mcpSessions.logout(sessionId));
      return serve(request, reply, sessionId, auth);
    }
    if (request.method !== 'POST' || !isInitializeRequest(request.body)) {
      return rpcError(
        reply,
        400,
        'Bad request: send initialize first (POST without an Mcp-Session-Id header), then use the Mcp-Session-Id it returns',
      );
    }
    const binding = await HttpSessionAuth.bind(runtime.keys, key);
    const id = randomUUID();
    const now = Date.now();
    await store.mcpSessions.insert({
      id,
      binding: binding.kind,
      key_hash: binding.kind === 'bound' ? hashKey(binding.key) : null,
      detail: binding.kind === 'invalid' ? binding.message : null,
      protocol_version: negotiatedVersion(request.body),
      created_at: now,
      last_seen_at: now,
    });
    log.info({ mcpSession: id, authenticated: binding.kind === 'bound' }, 'MCP session started');
    return serve(request, reply, id, new HttpSessionAuth(runtime.keys, binding, () => store.mcpSessions.logout(id)));
  };

  fastify.route({ method: ['GET', 'POST', 'DELETE'], url: MCP_PATH, config: { public: true }, schema: { hide: true }, handler: handle });
  fastify.options(MCP_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    if (request.headers.origin === undefined) return reply.code(204).send();
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
      .header(
        'access-control-allow-headers',
        'Content-Type, Accept, Authorization, X-API-Key, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
      )
      .header('access-control-max-age', '600')
      .send();
  });
};
