/**
 * Several Quarry processes on one real PostgreSQL, for scale-out tests: API processes
 * (`role: api`) and workers (`role: worker`), each a full runtime with its own connections and
 * its own HTTP server, as separate processes would have; plus waiting for a condition, and a
 * round-robin HTTP proxy standing in for a load balancer.
 *
 *   const cluster = await startCluster({ apis: 2, workers: 1, engine: () => scriptedEngine() });
 *   ...
 *   await cluster.close();
 */
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config.js';
import type { InquiryEngine } from '../../src/inquiries/engine.js';
import { startPostgres, type TestPostgres } from './postgres.js';
import { startTestServer, type TestServer } from './server.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns something truthy (returned), or throws after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

export interface ClusterNode<E extends InquiryEngine> {
  server: TestServer;
  engine: E;
}

export interface Cluster<E extends InquiryEngine> {
  pg: TestPostgres;
  dataDir: string;
  apis: ClusterNode<E>[];
  workers: ClusterNode<E>[];
  close(): Promise<void>;
}

export interface ClusterOptions<E extends InquiryEngine> {
  apis: number;
  workers: number;
  /**
   * A new engine for each process (API processes need one too: the tool interface browses its
   * semantic layer and warehouse), given the shared store and data dir an engine's checkpoints use.
   */
  engine: (shared: { store: string; dataDir: string }) => E | Promise<E>;
  /** Settings of every process (`store` and `role` are set here). */
  overrides?: Partial<Record<keyof Config, unknown>>;
}

/** Starts PostgreSQL, then the API processes, then the workers; `close` stops them in reverse. */
export async function startCluster<E extends InquiryEngine>(options: ClusterOptions<E>): Promise<Cluster<E>> {
  const pg = await startPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-cluster-'));
  const cluster: Cluster<E> = {
    pg,
    dataDir,
    apis: [],
    workers: [],
    async close() {
      for (const n of [...cluster.workers, ...cluster.apis].reverse()) await n.server.close().catch(() => undefined);
      await pg.stop();
    },
  };
  try {
    for (const [role, count, into] of [
      ['api', options.apis, cluster.apis],
      ['worker', options.workers, cluster.workers],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const engine = await options.engine({ store: pg.url, dataDir });
        into.push({ engine, server: await startTestServer({ dataDir, engine, overrides: { ...options.overrides, store: pg.url, role } }) });
      }
    }
  } catch (err) {
    await cluster.close();
    throw err;
  }
  return cluster;
}

export interface ProxiedRequest {
  upstream: number;
  method: string;
  session: string | undefined;
  /** JSON-RPC methods in a POST body. */
  rpc: string[];
}

export interface RoundRobinProxy {
  url: string;
  /** Every request forwarded, in order, with the index of the upstream that served it. */
  log: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A load balancer without affinity: each request goes to the next upstream in turn (bodies and
 * streamed responses piped through; a client that goes away closes the upstream request).
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const log: ProxiedRequest[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const upstream = next++ % upstreams.length;
    const target = new URL(req.url ?? '/', upstreams[upstream]);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let rpc: string[] = [];
      try {
        const parsed = body.length ? (JSON.parse(body.toString('utf8')) as unknown) : [];
        rpc = (Array.isArray(parsed) ? parsed : [parsed]).map((m) => String((m as { method?: unknown }).method ?? 'response'));
      } catch {
        rpc = ['(not JSON)'];
      }
      const session = req.headers['mcp-session-id'];
      log.push({ upstream, method: req.method ?? '', session: typeof session === 'string' ? session : undefined, rpc });
      const headers: IncomingHttpHeaders = { ...req.headers };
      const forward = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      res.on('close', () => forward.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
