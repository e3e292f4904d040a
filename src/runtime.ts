/**
 * Everything one Quarry process holds: configuration, logger, state store, keys, the engine that
 * answers questions and the inquiry lifecycle. Built once by `quarry serve`, `quarry mcp` and the
 * tests; closed once.
 */
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import { KeyService } from './auth/keys.js';
import { UserService } from './auth/users.js';
import { StartupError, type Config } from './config.js';
import type { InquiryEngine } from './inquiries/engine.js';
import { InquiryService } from './inquiries/service.js';
import { ResearchService } from './inquiries/research.js';
import { ReportService } from './jobs/reports.js';
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
  close(): Promise<void>;
}

/** What the runtime hands an engine besides configuration and logger. */
export interface EngineDeps {
  metrics: ServiceMetrics;
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
    throw new StartupError(config.store ? `the state store QUARRY_STORE=${redactUrl(config.store)} cannot be opened` : `the state store in QUARRY_DATA_DIR=${config.dataDir} cannot be opened`, err);
  }
  let engine: InquiryEngine;
  try {
    engine = await makeEngine(config, log, { metrics });
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err instanceof StartupError ? err : new StartupError('the question engine could not start', err);
  }
  const keys = new KeyService(store);
  const users = new UserService(store, { sessionMs: config.webSessionHours * 3_600_000 });
  const inquiries = new InquiryService(store, engine, config, log, {
    finished(state, type, durationMs) {
      metrics.inquiriesFinished.inc({ state, type });
      metrics.inquiryDuration.observe({ type }, durationMs / 1000);
    },
  });
  const research = new ResearchService(inquiries);
  const reports = new ReportService(store, inquiries, research, log);
  if (options.startLifecycle !== false) await inquiries.start();
  if (options.startLifecycle !== false) await reports.start();
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
    async close() {
      reports.stop();
      await inquiries.shutdown(config.shutdownGraceMs);
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
