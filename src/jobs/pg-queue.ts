/**
 * The Postgres queue (pg-boss): the lifecycle's JobQueue when several processes share one
 * database. An API process submits (one row in pg-boss's job table); worker processes claim with
 * pg-boss `work` (SKIP LOCKED), `concurrency` fetch loops per process.
 *
 * - Depth: the waiting jobs of the whole queue (every process) against QUARRY_QUEUE_DEPTH →
 *   QueueFullError (429), as the embedded queue does per process.
 * - Fairness: pg-boss hands out the highest priority first, then the oldest. A job's priority is
 *   minus the number of jobs its account already has waiting, so the n-th waiting job of every
 *   account comes before any account's (n+1)-th: accounts take turns as in the embedded queue's
 *   round robin (ranks are counted at submission, so concurrent submissions of one account can
 *   share a rank; the order is then by age).
 * - Per-account cap: admission counts the account's processing inquiries in the shared store, so
 *   the cap holds across processes (as for the embedded queue).
 * - Retries: a job whose run throws (the store unreachable, ...) is retried with exponential
 *   backoff (retryLimit, retryDelay). A run that ends the inquiry, whatever its state, completes.
 * - Time limit: a job expires a minute after its inquiry's time limit (the run itself stops at the
 *   limit and writes `timeout`); an expired job is retried, and its claim then fails harmlessly.
 * - Fetched, never claimed: a worker that dies between fetching a job and claiming its inquiry
 *   leaves the job `active` and the inquiry owned by the API that submitted it (alive, so no
 *   orphan). Recovery (stalled/takeStalled) retires such a job after a lease and queues the
 *   inquiry again, instead of waiting for the job's expiry (minutes).
 * - Pick-up latency: a submission NOTIFYs `quarry_job`, which wakes idle fetch loops in every
 *   worker at once; a loop that just ran a job fetches again at once instead of waiting its
 *   polling interval; polling remains the fallback.
 */
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { QueueFullError } from './embedded-queue.js';
import { ensureQueue } from './ensure-queue.js';
import type { PgListener } from './pg-listener.js';
import type { JobQueue, JobRunner, QueuedInquiry, SubmitOptions } from './queue.js';

export const INQUIRY_QUEUE = 'quarry-inquiry';
export const JOB_CHANNEL = 'quarry_job';

export interface PgQueueSettings {
  /** Jobs this process runs at once (fetch loops). */
  concurrency: number;
  /** Jobs waiting in the whole queue before submissions are refused. */
  queueDepth: number;
  /** Retries of a job whose run threw, with exponential backoff from retryDelaySeconds. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Fallback polling when no notification arrives. */
  pollingIntervalSeconds?: number;
}

export class PgJobQueue implements JobQueue {
  readonly shared = true;
  private active = 0;
  private workerIds: string[] = [];
  private stopping = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly pool: pg.Pool,
    private readonly settings: PgQueueSettings,
    private readonly log: Logger,
    private readonly schema: string,
  ) {}

  /** Creates the queue in pg-boss (idempotent) and listens for new-job notifications on `listener`. */
  static async create(
    boss: PgBoss,
    pool: pg.Pool,
    listener: PgListener,
    settings: PgQueueSettings,
    log: Logger,
    schema = 'pgboss',
  ): Promise<PgJobQueue> {
    await ensureQueue(boss, INQUIRY_QUEUE, {
      name: INQUIRY_QUEUE,
      policy: 'standard',
      retryLimit: settings.retryLimit ?? 3,
      retryDelay: settings.retryDelaySeconds ?? 2,
      retryBackoff: true,
    });
    const queue = new PgJobQueue(boss, pool, settings, log, schema);
    await listener.listen(JOB_CHANNEL, () => queue.wakeWorkers());
    listener.onReconnect(() => queue.wakeWorkers());
    return queue;
  }

  get running(): number {
    return this.active;
  }

  waiting(): Promise<number> {
    return this.boss.getQueueSize(INQUIRY_QUEUE);
  }

  async checkRoom(count: number): Promise<void> {
    if ((await this.waiting()) + count > this.settings.queueDepth) throw new QueueFullError(5);
  }

  async submit(job: QueuedInquiry, options: SubmitOptions = {}): Promise<void> {
    if (!options.force) await this.checkRoom(1);
    const rank = await this.waitingOf(job.accountId);
    const id = await this.boss.send(INQUIRY_QUEUE, job, {
      priority: -rank,
      expireInSeconds: Math.ceil(job.timeLimitMs / 1000) + 60,
    });
    if (!id) throw new Error('pg-boss did not accept the job');
    await this.pool.query('SELECT pg_notify($1, $2)', [JOB_CHANNEL, INQUIRY_QUEUE]);
  }

  /** The account's jobs waiting in the whole queue (its turn number for the next one). */
  private async waitingOf(accountId: string): Promise<number> {
    const r = await this.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${this.schema}.job WHERE name = $1 AND state < 'active' AND data->>'accountId' = $2`,
      [INQUIRY_QUEUE, accountId],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async start(runner: JobRunner): Promise<void> {
    this.stopping = false;
    for (let i = 0; i < this.settings.concurrency; i++) {
      let self: string | null = null;
      self = await this.boss.work<QueuedInquiry>(
        INQUIRY_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: this.settings.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          this.active++;
          try {
            for (const job of jobs) await runner(job.data);
          } finally {
            this.active--;
            // Fetch again at once: more jobs are likely waiting (an empty fetch then waits the polling interval).
            if (self && !this.stopping) this.boss.notifyWorker(self);
          }
        },
      );
      this.workerIds.push(self);
    }
    this.log.info({ concurrency: this.settings.concurrency }, 'taking inquiries from the Postgres queue');
  }

  async stalled(olderThanMs: number): Promise<{ jobId: string; job: QueuedInquiry }[]> {
    const r = await this.pool.query<{ id: string; data: QueuedInquiry }>(
      `SELECT id, data FROM ${this.schema}.job WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2) ORDER BY started_on LIMIT 100`,
      [INQUIRY_QUEUE, olderThanMs / 1000],
    );
    return r.rows.map((row) => ({ jobId: row.id, job: row.data }));
  }

  async takeStalled(jobId: string): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE ${this.schema}.job SET state = 'completed', completed_on = now(), output = '{"requeued": "fetched by a worker that did not claim it"}'::jsonb WHERE name = $1 AND id = $2 AND state = 'active'`,
      [INQUIRY_QUEUE, jobId],
    );
    return r.rowCount === 1;
  }

  async holds(inquiryIds: string[]): Promise<Set<string>> {
    const r = await this.pool.query<{ id: string }>(
      `SELECT DISTINCT data->>'inquiryId' AS id FROM ${this.schema}.job WHERE name = $1 AND state < 'completed' AND data->>'inquiryId' = ANY($2::text[])`,
      [INQUIRY_QUEUE, inquiryIds],
    );
    return new Set(r.rows.map((row) => row.id));
  }

  private wakeWorkers(): void {
    if (this.stopping) return;
    for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  async stop(graceMs: number): Promise<boolean> {
    if (!this.stopping) {
      this.stopping = true;
      for (const id of this.workerIds.splice(0)) await this.boss.offWork({ id }).catch(() => undefined);
    }
    const until = Date.now() + graceMs;
    while (this.active > 0) {
      if (Date.now() >= until) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }
}
