/**
 * Scheduled reports when several processes share Postgres: one pg-boss schedule, every minute,
 * sends one tick job for all processes (pg-boss's cron monitor runs in one process at a time and
 * sends each minute's job once); one worker takes it and starts every report's due run
 * (ReportService.runDue, which claims each (report, due time) once). So each due time runs once
 * across all processes, with no inquiry made and deleted per process, and croner does not run.
 *
 * One tick for all reports instead of a pg-boss schedule per report: pg-boss 10 keys a schedule by
 * queue name and each queue is a table partition, so per-report queues would add a table per
 * report. Report schedules therefore run at minute resolution here (a seconds field in a cron
 * expression fires at the first tick after it), within about a minute-tick plus the cron
 * monitor's interval.
 */
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { ensureQueue } from './ensure-queue.js';
import type { ReportService } from './reports.js';

export const REPORT_TICK_QUEUE = 'quarry-report-tick';

/** What the clock reads and how often it ticks; injectable so that tests and drills need not wait for wall-clock minutes. */
export interface ReportClockSettings {
  /** Tick every this many ms (each worker sends a tick; the queue keeps at most one waiting); unset = pg-boss cron, once a minute. */
  tickMs?: number;
  /** The time a tick runs due reports up to (default: the wall clock). */
  now?: () => Date;
}

export class PgReportClock {
  private workerId: string | null = null;
  private ticker: NodeJS.Timeout | null = null;

  constructor(
    private readonly boss: PgBoss,
    private readonly reports: ReportService,
    private readonly log: Logger,
    private readonly settings: ReportClockSettings = {},
  ) {}

  /** Installs the schedule (idempotent, every process may) and takes ticks in this process. */
  async start(): Promise<void> {
    // `short`: at most one tick waits; a tick never queues behind another.
    await ensureQueue(this.boss, REPORT_TICK_QUEUE, { name: REPORT_TICK_QUEUE, policy: 'short', retryLimit: 2, expireInSeconds: 300 });
    const { tickMs, now = () => new Date() } = this.settings;
    if (tickMs) {
      // The same tick job the cron would send, only more often: one worker still takes each.
      this.ticker = setInterval(() => this.tickNow(), tickMs);
      this.ticker.unref();
    } else {
      await this.boss.schedule(REPORT_TICK_QUEUE, '* * * * *', {}, { tz: 'UTC' });
    }
    this.workerId = await this.boss.work(REPORT_TICK_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
      const started = await this.reports.runDue(now());
      if (started.length > 0) this.log.info({ runs: started.length }, 'report tick started due runs');
    });
  }

  /**
   * Sends one tick now (e.g. when Postgres is back after an outage, so due times missed meanwhile
   * run at once). Every process may: the queue keeps at most one waiting and runDue claims each due
   * time once.
   */
  tickNow(): void {
    void this.boss.send(REPORT_TICK_QUEUE, {}).catch((err) => this.log.warn({ err }, 'sending a report tick failed'));
  }

  async stop(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    if (this.workerId) await this.boss.offWork({ id: this.workerId }).catch(() => undefined);
    this.workerId = null;
  }
}
