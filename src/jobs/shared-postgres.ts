/**
 * What several processes on one Postgres share besides the store: the pg-boss queue, the report
 * clock, wake-ups and stops (LISTEN/NOTIFY) and the rate-limit counts. Opened once per process
 * when QUARRY_STORE is a postgres:// URL; the SQLite store keeps everything in the process.
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { ensureRateLimitTable, pgRateLimitStore, sweepRateLimits } from '../api/pg-rate-limit.js';
import type { Config } from '../config.js';
import { PgInquiryEvents } from '../inquiries/pg-events.js';
import { PgListener } from './pg-listener.js';
import { PgJobQueue } from './pg-queue.js';
import { PgReportClock } from './pg-reports.js';
import type { ReportService } from './reports.js';
import { QUEUE_SETUP_LOCK, survivesServerLoss, withAdvisoryLock } from '../store/db.js';
import { isConnectionLoss } from '../store/connection-loss.js';

export interface SharedPostgres {
  pool: pg.Pool;
  boss: PgBoss;
  listener: PgListener;
  queue: PgJobQueue;
  events: PgInquiryEvents;
  /** @fastify/rate-limit store counting in Postgres (every API process shares the limit). */
  rateLimitStore: FastifyRateLimitStoreCtor;
  /** Takes report ticks in this process (roles worker and all). */
  startReports(reports: ReportService): Promise<void>;
  close(): Promise<void>;
}

export type SharedSettings = Pick<Config, 'role' | 'concurrency' | 'queueDepth' | 'rateLimitWindowMs'> &
  Partial<Pick<Config, 'reportTickMs'>>;

export { isConnectionLoss };

/**
 * pg-boss 10 completes and fails a worker's jobs without awaiting it (manager.js: `this.complete(...)`,
 * `this.fail(...)`), so a database restart at that moment rejects with nobody listening and Node
 * ends the process. Such a rejection is a lost connection, not a bug: it is logged and the job is
 * left to pg-boss's expiry (the inquiry's own state is written compare-and-set, so a re-run of a
 * finished inquiry changes nothing). Any other unhandled rejection still ends the process.
 */
function survivesLostConnectionRejections(log: Logger): () => void {
  const onRejection = (reason: unknown) => {
    if (isConnectionLoss(reason)) {
      log.warn({ err: reason }, 'a PostgreSQL call failed while the server was away; carrying on');
      return;
    }
    log.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  };
  process.on('unhandledRejection', onRejection);
  return () => void process.off('unhandledRejection', onRejection);
}

export async function openSharedPostgres(url: string, settings: SharedSettings, log: Logger): Promise<SharedPostgres> {
  // Idle connections stay open: a NOTIFY on a fresh connection would pay the connect on a wake-up's path.
  const pool = survivesServerLoss(
    new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 0, application_name: `quarry-${settings.role}` }),
    (err) => log.warn({ err }, 'a Postgres connection failed'),
  );
  const runsJobs = settings.role !== 'api';
  const boss = new PgBoss({
    connectionString: url,
    application_name: `quarry-queue-${settings.role}`,
    max: Math.max(2, Math.min(10, settings.concurrency + 2)),
    // Only processes that run jobs keep time (cron) and supervise (expiry, retention).
    schedule: runsJobs,
    supervise: runsJobs,
    cronMonitorIntervalSeconds: 10,
    cronWorkerIntervalSeconds: 2,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (err) => log.warn({ err }, 'pg-boss reported an error'));
  const listener = new PgListener(url, log);
  const closers: (() => Promise<unknown>)[] = [];
  const stopSurviving = survivesLostConnectionRejections(log);
  const close = async () => {
    for (const c of closers.reverse()) await c().catch((err) => log.warn({ err }, 'closing a shared Postgres part failed'));
  };
  try {
    closers.push(async () => stopSurviving());
    closers.push(() => pool.end());
    // One process at a time creates schemas and tables: several starting together on an empty
    // database deadlocked in pg-boss's and our own CREATEs.
    const { events, queue } = await withAdvisoryLock(url, QUEUE_SETUP_LOCK, async () => {
      await boss.start();
      closers.push(() => boss.stop({ graceful: false, wait: true, close: true }));
      await listener.start();
      closers.push(() => listener.stop());
      const events = await PgInquiryEvents.create(pool, listener, log);
      const queue = await PgJobQueue.create(
        boss,
        pool,
        listener,
        { concurrency: settings.concurrency, queueDepth: settings.queueDepth },
        log,
      );
      await ensureRateLimitTable(pool);
      return { events, queue };
    });
    const sweep = setInterval(() => void sweepRateLimits(pool).catch(() => undefined), Math.max(10_000, settings.rateLimitWindowMs));
    sweep.unref();
    closers.push(async () => clearInterval(sweep));
    let clock: PgReportClock | null = null;
    return {
      pool,
      boss,
      listener,
      queue,
      events,
      rateLimitStore: pgRateLimitStore(pool),
      async startReports(reports) {
        clock = new PgReportClock(boss, reports, log, { tickMs: settings.reportTickMs });
        await clock.start();
        // Postgres back after an outage: due times missed meanwhile run now, not at the next minute.
        const off = listener.onReconnect(() => clock?.tickNow());
        closers.push(async () => {
          off();
          await clock!.stop();
        });
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
