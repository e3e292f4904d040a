/**
 * The embedded queue: in-process, bounded, fair between accounts. At most `concurrency` tasks run
 * at once; at most `depth` wait. Waiting tasks queue per account and accounts take turns (round
 * robin) when a slot frees, so one account's long queue never holds back another's question.
 * Beyond `depth`, `push` refuses with QueueFullError instead of growing memory.
 *
 * Tasks start on a later turn of the event loop (setImmediate), never inside the request that
 * queued them: a submission is answered before its work begins. While tasks keep arriving (a burst
 * of submissions), starting work waits until the intake pauses for INTAKE_QUIET_MS, and at most
 * INTAKE_HOLD_MS from the burst's first arrival: work started in the middle of a burst takes the
 * CPU (the warehouse's threads included) from the submissions still being admitted. A lone task
 * starts at once, and a steady stream is held back once, never again until it pauses.
 */
import type { JobQueue, JobRunner, QueuedInquiry, SubmitOptions } from './queue.js';

/** How long the intake must be quiet before work starts after a burst, and the longest a burst holds work back. */
export const INTAKE_QUIET_MS = 5;
export const INTAKE_HOLD_MS = 100;

export class QueueFullError extends Error {
  override name = 'QueueFullError';
  constructor(readonly retryAfterSeconds: number) {
    super('The server is busy: too many inquiries are waiting. Retry later.');
  }
}

interface Task {
  run: () => Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface PushOptions {
  /** Whose task it is; accounts take turns. */
  account?: string;
  /** Queue even when the waiting line is full (recovery, work already accepted). */
  force?: boolean;
}

export class EmbeddedQueue {
  private active = 0;
  private pending = 0;
  /** Waiting tasks per account; Map order is the round-robin order. */
  private readonly lanes = new Map<string, Task[]>();
  private dispatchScheduled = false;
  /** The current run of arrivals (each within INTAKE_QUIET_MS of the one before): how many, when it began, the latest (ms). */
  private burstArrivals = 0;
  private burstStartedAt = 0;
  private lastArrivalAt = -Infinity;

  constructor(
    private readonly concurrency: number,
    private readonly depth: number,
  ) {}

  get running(): number {
    return this.active;
  }
  get waiting(): number {
    return this.pending;
  }

  /** Runs `task` when a slot frees and the account's turn comes; throws QueueFullError at once when the waiting line is full. */
  push(task: () => Promise<void>, options: PushOptions = {}): Promise<void> {
    if (!options.force && this.pending >= this.depth) throw new QueueFullError(5);
    const account = options.account ?? '';
    return new Promise<void>((resolve, reject) => {
      let lane = this.lanes.get(account);
      if (!lane) this.lanes.set(account, (lane = []));
      lane.push({ run: task, resolve, reject });
      this.pending++;
      const now = performance.now();
      if (now - this.lastArrivalAt >= INTAKE_QUIET_MS) {
        this.burstStartedAt = now;
        this.burstArrivals = 0;
      }
      this.burstArrivals++;
      this.lastArrivalAt = now;
      this.scheduleDispatch();
    });
  }

  /** Resolves once nothing runs or waits, or after `ms`. */
  async drain(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (this.active + this.pending > 0) {
      if (Date.now() >= until) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }

  /** Drops every waiting task (they resolve without running: their inquiries are handed back). */
  clearWaiting(): void {
    for (const lane of this.lanes.values()) for (const t of lane) t.resolve();
    this.lanes.clear();
    this.pending = 0;
  }

  private scheduleDispatch(): void {
    if (this.dispatchScheduled) return;
    this.dispatchScheduled = true;
    setImmediate(() => this.dispatchUnlessBurst());
  }

  /** Starts work now, or once a burst of arrivals pauses (see INTAKE_QUIET_MS). */
  private dispatchUnlessBurst(): void {
    const now = performance.now();
    const inBurst = this.burstArrivals > 1 && now - this.lastArrivalAt < INTAKE_QUIET_MS && now - this.burstStartedAt < INTAKE_HOLD_MS;
    if (inBurst && this.active < this.concurrency) {
      setTimeout(() => this.dispatchUnlessBurst(), INTAKE_QUIET_MS);
      return;
    }
    this.dispatchScheduled = false;
    this.dispatch();
  }

  private dispatch(): void {
    while (this.active < this.concurrency) {
      const next = this.lanes.entries().next();
      if (next.done) return;
      const [account, lane] = next.value;
      const task = lane.shift()!;
      // The account served goes to the back of the line.
      this.lanes.delete(account);
      if (lane.length > 0) this.lanes.set(account, lane);
      this.pending--;
      this.active++;
      void (async () => {
        try {
          await task.run();
          task.resolve();
        } catch (err) {
          task.reject(err);
        } finally {
          this.active--;
          this.scheduleDispatch();
        }
      })();
    }
  }
}

/**
 * The embedded queue as the lifecycle's JobQueue: jobs run in the process that queued them.
 * Jobs queued before start() wait for it (a one-shot command starts it at once).
 */
export class EmbeddedJobQueue implements JobQueue {
  readonly shared = false;
  private readonly queue: EmbeddedQueue;
  private runner: JobRunner | null = null;
  private readonly held: QueuedInquiry[] = [];
  /** Inquiries with a job here (held, waiting or running) → how many jobs. */
  private readonly jobsOf = new Map<string, number>();

  constructor(
    concurrency: number,
    private readonly depth: number,
  ) {
    this.queue = new EmbeddedQueue(concurrency, depth);
  }

  get running(): number {
    return this.queue.running;
  }

  async waiting(): Promise<number> {
    return this.queue.waiting + this.held.length;
  }

  async checkRoom(count: number): Promise<void> {
    if (this.queue.waiting + this.held.length + count > this.depth) throw new QueueFullError(5);
  }

  async submit(job: QueuedInquiry, options: SubmitOptions = {}): Promise<void> {
    if (!this.runner) {
      if (!options.force) await this.checkRoom(1);
      this.held.push(job);
      return;
    }
    this.push(job, options);
  }

  async start(runner: JobRunner): Promise<void> {
    this.runner = runner;
    for (const job of this.held.splice(0)) this.push(job, { force: true });
  }

  async holds(inquiryIds: string[]): Promise<Set<string>> {
    return new Set(inquiryIds.filter((id) => this.jobsOf.has(id) || this.held.some((j) => j.inquiryId === id)));
  }

  async stop(graceMs: number): Promise<boolean> {
    this.held.length = 0;
    this.queue.clearWaiting();
    return this.queue.drain(graceMs);
  }

  private push(job: QueuedInquiry, options: SubmitOptions): void {
    const runner = this.runner!;
    const id = job.inquiryId;
    this.jobsOf.set(id, (this.jobsOf.get(id) ?? 0) + 1);
    const done = () => {
      const n = (this.jobsOf.get(id) ?? 1) - 1;
      if (n > 0) this.jobsOf.set(id, n);
      else this.jobsOf.delete(id);
    };
    let queued: Promise<void>;
    try {
      queued = this.queue.push(() => runner(job), { account: job.accountId, force: options.force });
    } catch (err) {
      done();
      throw err;
    }
    // The runner logs its own failures; nothing is left to handle here. A dropped waiting task resolves too.
    queued.catch(() => undefined).finally(done);
  }
}
