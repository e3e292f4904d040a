/**
 * What the inquiry lifecycle needs from a job queue, whichever runs it: the embedded queue
 * (in-process, SQLite) or the Postgres queue (pg-boss, shared by every process on one database).
 * A job names an inquiry; the inquiry itself lives in the store.
 */
export { QueueFullError } from './embedded-queue.js';

export interface QueuedInquiry {
  inquiryId: string;
  accountId: string;
  /**
   * The inquiry's `attempts` when it was queued: a worker claims the run only while the stored
   * count still matches (compare-and-set), so a second copy of a job (a retry of a job whose worker
   * died, a re-queue by recovery) never runs the inquiry twice.
   */
  attempts: number;
  /** The inquiry's time limit; a shared queue gives up on a job's worker a little after it. */
  timeLimitMs: number;
}

export interface SubmitOptions {
  /** Queue even when the waiting line is full (work already accepted: recovery). */
  force?: boolean;
}

/** Runs one claimed job to its end (the inquiry service's run); throws only on infrastructure errors (the queue may retry). */
export type JobRunner = (job: QueuedInquiry) => Promise<void>;

export interface JobQueue {
  /** True when jobs may run in another process than the one that queued them. */
  readonly shared: boolean;
  /** Jobs running in this process now. */
  readonly running: number;
  /** Jobs waiting: in this process (embedded) or in the whole queue, every process (Postgres). */
  waiting(): Promise<number>;
  /** Throws QueueFullError when `count` more jobs would not fit in the waiting line. */
  checkRoom(count: number): Promise<void>;
  submit(job: QueuedInquiry, options?: SubmitOptions): Promise<void>;
  /** Starts running jobs with `runner` (a process in the `api` role never calls it). */
  start(runner: JobRunner): Promise<void>;
  /** Stops taking jobs and drops what waits in this process; resolves true once nothing runs here, false after graceMs. */
  stop(graceMs: number): Promise<boolean>;
  /**
   * Shared queues: jobs a worker fetched more than `olderThanMs` ago (it may have died before
   * claiming their inquiry). Recovery hands back to `takeStalled` those whose inquiry nobody
   * claimed, and queues them again.
   */
  stalled?(olderThanMs: number): Promise<{ jobId: string; job: QueuedInquiry }[]>;
  /** Retires one stalled job; true for the one process that did (only it queues the inquiry again). */
  takeStalled?(jobId: string): Promise<boolean>;
  /**
   * Of `inquiryIds`, those with a job waiting, retrying or running: in this process (embedded) or
   * anywhere (Postgres). The watchdog queues again an inquiry that has none and will never end.
   */
  holds?(inquiryIds: string[]): Promise<Set<string>>;
}
