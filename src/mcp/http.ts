/**
 * The tool interface over streamable HTTP at /mcp on the same Fastify server as REST.
 *
 * - DNS-rebinding protection: the Host header's name must be in QUARRY_MCP_ALLOWED_HOSTS (plus
 *   QUARRY_HOST), and a browser Origin, when sent, must be listed in QUARRY_MCP_ALLOWED_ORIGINS.
 *   No wildcard CORS: only listed origins get CORS headers, echoed exactly.
 * - Auth: the key in X-API-Key or Authorization: Bearer when the MCP session initialises binds the
 *   session; later requests on it must present the same key. A session without a (valid) key still
 *   initialises, and its tool calls answer with an isError result saying how to authenticate.
 *   logout unbinds the session.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiDeps } from '../api/deps.js';
import { hashKey, presentedKey } from '../auth/keys.js';
import { HttpSessionAuth } from './auth.js';
import { createMcpServer } from './server.js';

export const MCP_PATH = '/mcp';
/** MCP sessions idle this long are closed. */
const IDLE_SESSION_MS = 60 * 60_000;

interface McpSession {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  auth: HttpSessionAuth;
  lastSeen: number;
}

const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

/** The host name of a Host header, port-agnostic; IPv6 keeps its brackets. */
export function hostnameOf(host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const sameKey = (a: string, b: string) => timingSafeEqual(Buffer.from(hashKey(a), 'hex'), Buffer.from(hashKey(b), 'hex'));

function rpcError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json').send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

export const mcpRoutes: FastifyPluginAsync<ApiDeps> = async (fastify, { runtime }) => {
  const { config, log } = runtime;
  const allowedHosts = new Set(list(config.mcpAllowedHosts).map((h) => hostnameOf(h) ?? h.toLowerCase()));
  if (!['0.0.0.0', '::'].includes(config.host)) allowedHosts.add(hostnameOf(config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host) ?? config.host);
  const allowedOrigins = new Set(list(config.mcpAllowedOrigins));
  const sessions = new Map<string, McpSession>();

  const sweep = setInterval(() => {
    const cutoff = Date.now() - IDLE_SESSION_MS;
    for (const [id, s] of sessions) {
      if (s.lastSeen >= cutoff) continue;
      sessions.delete(id);
      void s.server.close().catch(() => undefined);
    }
  }, 60_000);
  sweep.unref();
  fastify.addHook('onClose', async () => {
    clearInterval(sweep);
    await Promise.all([...sessions.values()].map((s) => s.server.close().catch(() => undefined)));
    sessions.clear();
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

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!admit(request, reply)) return reply;
    const key = presentedKey(request.headers);
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) return rpcError(reply, 404, 'MCP session not found (it ended or the server restarted); start a new session with initialize');
      const b = session.auth.binding;
      if (b.kind === 'bound' && (!key || !sameKey(key, b.key))) {
        return rpcError(reply, 403, 'This MCP session is bound to another API key: present the key it was started with');
      }
      session.lastSeen = Date.now();
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) reply.raw.setHeader(k, v as string);
      reply.hijack();
      await session.transport.handleRequest(request.raw, reply.raw, request.body);
      return;
    }
    if (request.method !== 'POST' || !isInitializeRequest(request.body)) {
      return rpcError(reply, 400, 'Bad request: send initialize first (POST without an Mcp-Session-Id header), then use the Mcp-Session-Id it returns');
    }
    const auth = await HttpSessionAuth.initialise(runtime.keys, key);
    const server = createMcpServer(runtime, auth, 'http');
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, auth, lastSeen: Date.now() });
        log.info({ mcpSession: id, authenticated: auth.binding.kind === 'bound' }, 'MCP session started');
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) reply.raw.setHeader(k, v as string);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  };

  fastify.route({ method: ['GET', 'POST', 'DELETE'], url: MCP_PATH, config: { public: true }, schema: { hide: true }, handler: handle });
  fastify.options(MCP_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!admit(request, reply)) return reply;
    if (request.headers.origin === undefined) return reply.code(204).send();
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
      .header('access-control-allow-headers', 'Content-Type, Accept, Authorization, X-API-Key, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID')
      .header('access-control-max-age', '600')
      .send();
  });
};
