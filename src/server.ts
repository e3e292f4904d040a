/**
 * Start-up only: open the runtime, build the app, listen, close gracefully on SIGINT/SIGTERM
 * (running inquiries finish or are handed back for the next start).
 */
import { warehouseUrl, type Config } from './config.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { metricsRoute } from './api/routes/metrics.js';
import { bootstrapAdmin, bootstrapDefaultAccount } from './auth/bootstrap.js';
import { createRuntime, type Runtime, type RuntimeOptions } from './runtime.js';
import { BOOTSTRAP_LOCK, withAdvisoryLock } from './store/db.js';

export async function serve(
  config: Config,
  options: RuntimeOptions = {},
): Promise<{ url: string; runtime: Runtime; close: () => Promise<void> }> {
  const runtime = await createRuntime(config, options);
  if (config.role === 'worker') return serveWorker(runtime);
  const firstStart = async () => ({
    boot: await bootstrapDefaultAccount(runtime.store, runtime.keys, config.dataDir, config.bootstrapKey),
    admin: await bootstrapAdmin(runtime.store, runtime.users, config.dataDir, {
      email: config.adminEmail,
      password: config.bootstrapPassword,
    }),
  });
  // API processes started together on one empty Postgres (e.g. replicas) would each create a default account.
  const { url } = runtime.store.backend;
  const { boot, admin } =
    runtime.store.backend.kind === 'postgres' && url ? await withAdvisoryLock(url, BOOTSTRAP_LOCK, firstStart) : await firstStart();
  if (boot.created) {
    // The key goes to the console once, never into the structured log.
    const shown = config.bootstrapKey ? '(the value of QUARRY_BOOTSTRAP_KEY)' : boot.key;
    process.stderr.write(
      `\nQuarry created the default account. Its API key ${shown}\nwas written to ${boot.keyFile} (mode 0600). It is shown only once.\n\n`,
    );
  }
  const app = await buildApp(runtime);
  const address = await app.listen({ host: config.host, port: config.port });
  if (admin.created) {
    // Like the key: to the console once, never into the structured log.
    const shown = config.bootstrapPassword ? '(the value of QUARRY_BOOTSTRAP_PASSWORD)' : admin.password;
    process.stderr.write(`Open ${address} and sign in as ${admin.email} with the password ${shown}
(written to ${admin.passwordFile}, mode 0600). It is shown only once.

`);
  }
  runtime.log.info({ address, role: config.role, warehouse: redactUrl(warehouseUrl(config)) }, 'quarry is serving');
  return served(address, app, runtime);
}

/**
 * The `worker` role serves no API: only GET /healthz (is this process taking work) and GET
 * /metrics (same rules as on API processes) on QUARRY_HOST:QUARRY_PORT, for orchestrators and
 * scrapers.
 */
async function serveWorker(runtime: Runtime): Promise<Served> {
  const app = Fastify({ loggerInstance: runtime.log }) as unknown as FastifyInstance;
  app.get('/healthz', async () => ({
    status: 'ok',
    role: 'worker',
    running: runtime.inquiries.queue.running,
    waiting: await runtime.inquiries.queue.waiting(),
  }));
  // Readiness: the store and the queue answer (false while PostgreSQL is down, true again after) and no run is stuck.
  app.get('/readyz', async (_request, reply) => {
    const checks = [
      await runtime.store.ping().then(
        () => ({ name: 'store', ok: true }),
        (err: Error) => ({ name: 'store', ok: false, detail: err.message }),
      ),
      ...(await runtime.inquiries.readiness()),
    ];
    const ok = checks.every((c) => c.ok);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not_ready', role: 'worker', checks });
  });
  await app.register(metricsRoute, { runtime });
  const address = await app.listen({ host: runtime.config.host, port: runtime.config.port });
  runtime.log.info({ address, role: 'worker', warehouse: redactUrl(warehouseUrl(runtime.config)) }, 'quarry worker is running');
  return served(address, app, runtime);
}

type Served = { url: string; runtime: Runtime; close: () => Promise<void> };

/** How long open responses (a long-poll just answered 503, an MCP stream) may take to end once work is handed back. */
const RESPONSES_END_MS = 2000;

/**
 * What serve() hands back: close() is the one graceful stop, once however often it is called.
 * It stops accepting connections, lets running inquiries finish within QUARRY_SHUTDOWN_GRACE_MS
 * and hands back the rest, then answers the long-polls still open with a retryable 503 (the
 * client asks another process), ends what connections remain and closes the runtime. An `api`
 * process runs nothing itself, so its long-polls are answered at once.
 */
function served(url: string, app: FastifyInstance, runtime: Runtime): Served {
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // Fastify's close waits for every open request: started first, awaited after the drain.
      const stopped = app.close();
      await runtime.drain();
      // Keep-alive connections whose last response just went out are idle now: closed at once.
      const idle = setInterval(() => app.server.closeIdleConnections(), 25);
      const ended = await Promise.race([stopped.then(() => true), sleep(RESPONSES_END_MS).then(() => false)]);
      if (!ended) app.server.closeAllConnections();
      await stopped.finally(() => clearInterval(idle));
      await runtime.close();
    })());
  return { url, runtime, close };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** Passwords in a postgres URL never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/**
 * Signals within this long of the last one counted are the same request to stop: a signal sent to
 * the process group reaches this process directly and again through its launcher (tsx relays it
 * when it has not seen this process acknowledge it in time, which a busy host makes likely).
 */
export const SAME_REQUEST_MS = 2000;

/**
 * SIGINT/SIGTERM, however delivered, start the one graceful stop (`close`), once. A second
 * request during it only says what is happening; a third stops at once (what runs is taken over
 * by other processes once this one's lease has run out, or on the next start).
 */
export function closeOnSignals(close: () => Promise<void>, write: (line: string) => void = (l) => process.stderr.write(l)): void {
  let requests = 0;
  let last = -Infinity;
  const onSignal = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (now - last < SAME_REQUEST_MS) return;
    last = now;
    requests += 1;
    if (requests === 1) {
      write(`received ${signal}: finishing running inquiries, handing back the rest\n`);
      close().then(
        () => process.exit(0),
        (err: unknown) => {
          write(`stopping failed: ${err instanceof Error ? err.message : String(err)}\n`);
          process.exit(1);
        },
      );
    } else if (requests === 2) {
      write(`received ${signal} again: still stopping gracefully (up to QUARRY_SHUTDOWN_GRACE_MS); send it once more to stop at once\n`);
    } else {
      write(`received ${signal} a third time: stopping at once\n`);
      process.exit(130);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
