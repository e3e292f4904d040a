/**
 * Everything one Quarry process holds: configuration, logger, state store, keys, the engine that
 * answers questions and the inquiry lifecycle. Built once by `quarry serve`, `quarry mcp` and the
 * tests; closed once.
 */
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import { KeyService } from './auth/keys.js';
import { UserService } from './auth/users.js';
import { StartupError, sharedPostgresUrl, type Config } from './config.js';
import type { InquiryEngine } from './inquiries/engine.js';
import { InquiryService } from './inquiries/service.js';
import { ResearchService } from './inquiries/research.js';
import { ReportService } from './jobs/reports.js';
import { openSharedPostgres, type SharedPostgres } from './jobs/shared-postgres.js';
import { createLogger } from './logger.js';
import { ServiceMetrics } from './metrics.js';
import { openConfiguredStore, type Store } from './store/repositories.js';
import { redactUrl } from './warehouse/index.js';

export interface Runtime {
  config: Config;
  log: Logger;
  store: Store;
  keys: KeyService;
  /** Web-app users, sign-in and their logins. */
  users: UserService;
  engine: InquiryEngine;
  inquiries: InquiryService;
  /** Research submission and batches (REST, tool interface, CLI, scheduled reports). */
  research: ResearchService;
  /** Scheduled research reports (croner). */
  reports: ReportService;
  metrics: ServiceMetrics;
  /** Queue, schedules, wake-ups and rate limits shared with other processes (QUARRY_STORE=postgres://...); null with SQLite. */
  shared: SharedPostgres | null;
  /**
   * Aborted once this process has handed back its work on the way down (after drain()): requests
   * still waiting for an inquiry (long-polls) then answer with a retryable 503.
   */
  stopping: AbortSignal;
  /**
   * The first half of a graceful stop, once: no new work, schedules stopped, running inquiries
   * finish within QUARRY_SHUTDOWN_GRACE_MS and the rest go back to the store (and queue) for
   * other processes; then `stopping` is aborted. Connections stay open (close() ends them).
   */
  drain(): Promise<void>;
  /** drain(), then every connection closed (queue, store, warehouse and its temp files). */
  close(): Promise<void>;
}

/** What the runtime hands an engine besides configuration and logger. */
export interface EngineDeps {
  metrics: ServiceMetrics;
  /** The warehouse an account names (null: the default one; undefined: no such account). */
  warehouseOf(accountId: string): Promise<string | null | undefined>;
}

export interface RuntimeOptions {
  logger?: Logger;
  /** Supplies the engine (tests inject slow or failing ones); default: the agent graph. */
  engine?: (config: Config, log: Logger, deps: EngineDeps) => Promise<InquiryEngine>;
  /** Run recovery and heartbeats (off for one-shot CLI commands). */
  startLifecycle?: boolean;
}

/**
 * Opens the store and the engine (warehouse, semantic model). Either failing stops start-up with
 * one StartupError naming the setting, rather than serving answers that all fail; a warehouse
 * that goes away later only makes /api/ready answer 503 until it is back.
 */
export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.logger ?? createLogger(config.logLevel);
  const metrics = new ServiceMetrics();
  const makeEngine = options.engine ?? defaultEngine;
  let store: Store;
  try {
    mkdirSync(config.dataDir, { recursive: true });
    store = await openConfiguredStore(config);
  } catch (err) {
    throw new StartupError(
      config.store
        ? `the state store QUARRY_STORE=${redactUrl(config.store)} cannot be opened`
        : `the state store in QUARRY_DATA_DIR=${config.dataDir} cannot be opened`,
      err,
    );
  }
  let engine: InquiryEngine;
  try {
    engine = await makeEngine(config, log, { metrics, warehouseOf: (accountId) => store.accounts.warehouseOf(accountId) });
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err instanceof StartupError ? err : new StartupError('the question engine could not start', err);
  }
  let shared: SharedPostgres | null;
  try {
    shared = await openShared(config, log);
  } catch (err) {
    await engine.close?.();
    await store.close().catch(() => undefined);
    throw err;
  }
  const keys = new KeyService(store);
  const users = new UserService(store, { sessionMs: config.webSessionHours * 3_600_000 });
  const inquiries = new InquiryService(
    store,
    engine,
    config,
    log,
    {
      finished(state, type, durationMs) {
        metrics.inquiriesFinished.inc({ state, type });
        metrics.inquiryDuration.observe({ type }, durationMs / 1000);
      },
    },
    shared ? { queue: shared.queue, events: shared.events } : {},
  );
  const research = new ResearchService(inquiries);
  const reports = new ReportService(store, inquiries, research, log);
  await startRole(config, options, inquiries, reports, shared);
  const stopping = new AbortController();
  let draining: Promise<void> | null = null;
  const drain = () =>
    (draining ??= (async () => {
      reports.stop();
      try {
        await inquiries.shutdown(config.shutdownGraceMs);
      } finally {
        stopping.abort();
      }
    })());
  return {
    config,
    log,
    store,
    keys,
    users,
    engine,
    inquiries,
    research,
    reports,
    metrics,
    shared,
    stopping: stopping.signal,
    drain,
    async close() {
      await drain();
      await shared?.close();
      await keys.close();
      await engine.close?.();
      await store.close();
    },
  };
}

async function defaultEngine(config: Config, log: Logger, deps: EngineDeps): Promise<InquiryEngine> {
  const { createQuarryEngine } = await import('../graphs/engine.js');
  return createQuarryEngine(config, log, deps);
}

/** The parts shared through Postgres when the store is Postgres (null with SQLite). */
async function openShared(config: Config, log: Logger): Promise<SharedPostgres | null> {
  const url = sharedPostgresUrl(config);
  if (!url) return null;
  try {
    return await openSharedPostgres(url, config, log);
  } catch (err) {
    throw new StartupError('the job queue in QUARRY_STORE cannot be opened', err);
  }
}

/**
 * What this process runs besides answering HTTP: `api` only submits (and recovers orphans by
 * queueing them again); `worker` and `all` run queued inquiries and report schedules (croner in
 * the process with SQLite, the pg-boss clock with Postgres). A one-shot command (no lifecycle)
 * runs its own inquiries in-process with SQLite, and leaves them to the workers with Postgres: it
 * holds no lease, so it must not take jobs from the shared queue.
 */
async function startRole(
  config: Config,
  options: RuntimeOptions,
  inquiries: InquiryService,
  reports: ReportService,
  shared: SharedPostgres | null,
): Promise<void> {
  const runsJobs = config.role !== 'api';
  const oneShot = options.startLifecycle === false;
  if (runsJobs && !(oneShot && shared)) await inquiries.startWorking();
  if (oneShot) return;
  await inquiries.start();
  if (!runsJobs) return;
  if (shared) await shared.startReports(reports);
  else await reports.start();
}
