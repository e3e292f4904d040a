/**
 * The inquiry lifecycle: sessions, submission, the run (bounded queue, time limit, stop), the
 * terminal write (compare-and-set, once), wake-ups for long-polls, heartbeats and recovery of
 * inquiries whose owner is gone. Shared by REST, the tool interface and the CLI.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { emptyAnswerFields } from '../answer/empty.js';
import type { Principal } from '../auth/keys.js';
import { EmbeddedJobQueue } from '../jobs/embedded-queue.js';
import { THIS_HOST, ownerState, registerOwnerHere, unregisterOwnerHere } from '../jobs/leases.js';
import type { JobQueue, QueuedInquiry } from '../jobs/queue.js';
import { isConnectionLoss, retryThroughOutage } from '../store/connection-loss.js';
import { newId } from '../store/ids.js';
import type { InquiryRecord, SessionRecord, Store } from '../store/repositories.js';
import { type Dimensions, type InquiryStatusResponse, type InquiryType, type TerminalState, isTerminal } from '../schemas/inquiry.js';
import type { InquiryEngine, InquiryJob, InquiryOutcome } from './engine.js';
import { ServiceError, forbidden, notFound, tooMany, unavailable } from './errors.js';
import { RESEARCH_GRACE_MS, resolveBudget, type ResearchBudgetInput } from '../schemas/research.js';
import { InquiryEvents } from './events.js';

export interface LifecycleSettings {
  concurrency: number;
  queueDepth: number;
  accountMaxActive: number;
  inquiryTimeoutMs: number;
  /** How often this process renews its lease (and checks that what it runs is still its own). */
  heartbeatMs: number;
  /** Lease length: a process that has not renewed for this long is gone. */
  staleAfterMs: number;
}

/** The cache of terminal status JSON: at most this many entries and this many characters (large results are read again instead). */
const TERMINAL_CACHE_ENTRIES = 2000;
const TERMINAL_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Runs lost to a dead process this many times end `failed` rather than run again (an inquiry that
 * crashes every process running it must not take them all down in turn). Only deaths count
 * (`interruptions`): a run handed back by a graceful stop or re-queued by the watchdog does not.
 */
export const MAX_ATTEMPTS = 2;

/** Where runs are queued and how wake-ups travel; default: in this process only. */
export interface LifecycleTransport {
  queue?: JobQueue;
  events?: InquiryEvents;
}

export interface InquiryObserver {
  finished?(status: TerminalState, type: InquiryType, durationMs: number): void;
}

class ShutdownSignal extends Error {}
class TimeLimitSignal extends Error {}

/** How long a finished run keeps retrying its terminal write while the store is unreachable. */
const STORE_OUTAGE_RETRY_MS = 120_000;
/** How often one run starts again after the store went away under it (then it fails, as any other error). */
const MAX_RESUMES_AFTER_OUTAGE = 5;
class StopSignal extends Error {}
/** Another process took the inquiry over (this one's lease had run out): stop without writing. */
class LostOwnershipSignal extends Error {}

export interface SubmitRequest {
  question: string;
  dimensions?: Dimensions | null;
  type?: InquiryType;
  options?: Record<string, unknown> | null;
}

/**
 * The server-side time limit of one inquiry: the configured limit for regular questions; for
 * research, the budget's minutes plus a grace for writing the report (the graph itself stops
 * asking new sub-questions once its minutes are used).
 */
export function timeLimitOf(record: Pick<InquiryRecord, 'type' | 'options'>, inquiryTimeoutMs: number): number {
  if (record.type !== 'research') return inquiryTimeoutMs;
  const options = record.options ? (JSON.parse(record.options) as { budget?: ResearchBudgetInput | null }) : {};
  return Math.max(inquiryTimeoutMs, resolveBudget(options.budget).minutes * 60_000 + RESEARCH_GRACE_MS);
}

/** The error of an inquiry ended at its time limit (by its run's timer or by the watchdog). */
function timeLimitMessage(limitMs: number): string {
  const seconds = limitMs >= 10_000 ? String(Math.round(limitMs / 1000)) : (limitMs / 1000).toFixed(1);
  return `Processing took longer than the server's limit of ${seconds} s and was cancelled.`;
}

export class InquiryService {
  /** This process's identity as the owner of the inquiries it runs. */
  readonly owner = `proc_${randomUUID()}`;
  readonly events: InquiryEvents;
  readonly queue: JobQueue;
  /** Inquiries this process owns (queued or running) → their abort controller. */
  private readonly owned = new Map<string, AbortController>();
  /**
   * Those of `owned` whose claim is written: only these are checked for lost ownership. A job
   * handed over but not yet claimed still shows its previous owner (the submitting API, or a
   * process that died), and a heartbeat reading it then must not cancel the run it is about to own.
   */
  private readonly claimed = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  /** Running claimed runs → when their time limit ends (for stuckRuns). */
  private readonly deadlines = new Map<string, number>();
  private closing = false;
  /** Terminal inquiries never change, so their serialised status is kept (bounded in bytes, oldest dropped first). */
  private readonly terminalJson = new Map<string, { accountId: string; json: string }>();
  private terminalJsonBytes = 0;

  constructor(
    private readonly store: Store,
    private readonly engine: InquiryEngine,
    private readonly settings: LifecycleSettings,
    private readonly log: Logger,
    private readonly observer: InquiryObserver = {},
    transport: LifecycleTransport = {},
  ) {
    this.queue = transport.queue ?? new EmbeddedJobQueue(settings.concurrency, settings.queueDepth);
    this.events = transport.events ?? new InquiryEvents();
  }

  /** Runs queued inquiries in this process (every role but `api`). */
  startWorking(): Promise<void> {
    return this.queue.start((job) => this.runJob(job));
  }

  /**
   * Registers this process with a lease, takes over inquiries nobody runs, then renews the lease
   * and looks for orphans every heartbeat: work of a process that died is taken over within a
   * lease (QUARRY_STALE_AFTER_MS) plus a heartbeat, not after a fixed wait.
   */
  async start(): Promise<void> {
    this.started = Date.now();
    registerOwnerHere(this.owner);
    await this.renewLease();
    await this.recover();
    const every = (what: string, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn().catch((e) => this.log.warn({ err: e }, `${what} failed`)), this.settings.heartbeatMs);
      t.unref();
      this.timers.push(t);
    };
    // The lease has a timer of its own: renewing it never waits behind the ownership check or the scans.
    every('lease renewal', () => (this.closing ? Promise.resolve() : this.renewLease()));
    every('heartbeat', () => this.beat());
    every('recovery scan', () => this.recover());
    every('watchdog', () => this.watch());
  }

  private started = 0;

  private renewLease(now = Date.now()): Promise<void> {
    return this.store.processes.renew(
      { id: this.owner, pid: process.pid, host: THIS_HOST, started_at: this.started || now },
      now + this.settings.staleAfterMs,
    );
  }

  get ownedCount(): number {
    return this.owned.size;
  }

  // ---- sessions -------------------------------------------------------------------------------

  createSession(principal: Principal, origin: 'api_key' | 'ui' = 'api_key'): Promise<SessionRecord> {
    if (origin === 'ui') return this.store.sessions.create(principal.accountId, 'ui', null, Date.now(), principal.userId ?? null);
    return this.store.sessions.create(principal.accountId, origin, principal.apiKeyId);
  }

  async sessionFor(principal: Principal, sessionId: string): Promise<SessionRecord> {
    const session = await this.store.sessions.get(sessionId);
    if (!session) throw notFound('Session', sessionId);
    if (session.account_id !== principal.accountId) throw forbidden('session');
    return session;
  }

  async inquiryFor(principal: Principal, inquiryId: string): Promise<InquiryRecord> {
    const inquiry = await this.store.inquiries.get(inquiryId);
    if (!inquiry) throw notFound('Inquiry', inquiryId);
    if (inquiry.account_id !== principal.accountId) throw forbidden('inquiry');
    return inquiry;
  }

  // ---- submission -----------------------------------------------------------------------------

  /** Checks a dimensions object against the model (RequestValidationError → 422). */
  async validateDimensions(dimensions: Dimensions, accountId: string): Promise<void> {
    await this.engine.validateDimensions(dimensions, accountId);
  }

  async submit(principal: Principal, sessionId: string, request: SubmitRequest): Promise<InquiryRecord> {
    if (this.closing) throw unavailable('The server is shutting down; retry shortly.', 5);
    const session = await this.sessionFor(principal, sessionId);
    await this.admit(principal, request, 1);
    const record = this.newRecord(principal, session.id, request);
    await this.store.inquiries.insert(record);
    await this.started_(record);
    return record;
  }

  /**
   * A question in a new session that runs only if `claim` agrees: a scheduled report's run claims
   * its due time this way. The session and inquiry are stored first, unscheduled, then claimed
   * (one statement); when the claim is refused (another process already started that due time)
   * both are deleted again, so nothing is left behind. Each step is a single statement: no
   * transaction stays open while other work runs. Resolves with null when the claim was refused.
   */
  async submitInNewSession(
    principal: Principal,
    request: SubmitRequest,
    origin: 'api_key' | 'ui',
    claim?: (inquiry: InquiryRecord) => Promise<boolean>,
  ): Promise<{ session: SessionRecord; inquiry: InquiryRecord } | null> {
    if (this.closing) throw unavailable('The server is shutting down; retry shortly.', 5);
    await this.admit(principal, request, 1);
    const session = await this.createSession(principal, origin);
    const inquiry = this.newRecord(principal, session.id, request);
    await this.store.inquiries.insert(inquiry);
    if (claim && !(await claim(inquiry))) {
      await this.store.inquiries.delete(inquiry.id);
      await this.store.sessions.delete(session.id);
      return null;
    }
    await this.started_(inquiry);
    return { session, inquiry };
  }

  /** What every submission must pass: dimensions known to the model, room in the queue and in the account's share. */
  private async admit(principal: Principal, request: SubmitRequest, count: number): Promise<void> {
    if (request.dimensions) await this.engine.validateDimensions(request.dimensions, principal.accountId);
    await this.queue.checkRoom(count);
    if ((await this.store.inquiries.countActive(principal.accountId)) + count > this.settings.accountMaxActive) {
      throw tooMany(
        `Too many inquiries in progress for this account (at most ${this.settings.accountMaxActive}); wait for some to finish.`,
        5,
      );
    }
  }

  private newRecord(principal: Principal, sessionId: string, request: SubmitRequest): InquiryRecord {
    const now = Date.now();
    return {
      id: newId('inq'),
      session_id: sessionId,
      account_id: principal.accountId,
      type: request.type ?? 'agent',
      status: 'processing',
      status_answer: 'pending',
      status_chart: 'pending',
      question: request.question,
      dimensions: request.dimensions ? JSON.stringify(request.dimensions) : null,
      result: null,
      resolved: null,
      error: null,
      options: request.options ? JSON.stringify(request.options) : null,
      created_at: now,
      started_at: null,
      finished_at: null,
      owner: this.owner,
      heartbeat_at: now,
      attempts: 0,
      interruptions: 0,
    };
  }

  /** Queues a stored inquiry (accepted work is queued even beyond the waiting line's depth). */
  private async started_(record: InquiryRecord): Promise<void> {
    try {
      await this.schedule(record);
    } catch (err) {
      // Not queued (the queue's database is unreachable): end it rather than leave it waiting forever.
      this.log.error({ err, inquiryId: record.id }, 'queueing an inquiry failed');
      await this.finish(record, { status: 'failed', result: {}, error: 'The inquiry could not be queued; please ask again.' }, 0);
      throw unavailable('The job queue is unavailable; retry shortly.', 5);
    }
    this.log.info({ inquiryId: record.id, sessionId: record.session_id, type: record.type }, 'inquiry submitted');
  }

  /**
   * Several questions at once, each in its own new session (api_key origin), all queued to run in
   * parallel. All are validated before any is stored, so a bad item changes nothing.
   */
  async submitBatch(principal: Principal, items: SubmitRequest[]): Promise<{ session: SessionRecord; inquiry: InquiryRecord }[]> {
    if (this.closing) throw unavailable('The server is shutting down; retry shortly.', 5);
    for (const item of items) if (item.dimensions) await this.engine.validateDimensions(item.dimensions, principal.accountId);
    await this.queue.checkRoom(items.length);
    const active = await this.store.inquiries.countActive(principal.accountId);
    if (active + items.length > this.settings.accountMaxActive) {
      throw tooMany(
        `Too many inquiries in progress for this account (at most ${this.settings.accountMaxActive}); wait for some to finish.`,
        5,
      );
    }
    const out: { session: SessionRecord; inquiry: InquiryRecord }[] = [];
    for (const item of items) {
      const session = await this.createSession(principal, 'api_key');
      out.push({ session, inquiry: await this.submit(principal, session.id, item) });
    }
    return out;
  }

  private schedule(record: Pick<InquiryRecord, 'id' | 'account_id' | 'attempts' | 'type' | 'options'>): Promise<void> {
    const job: QueuedInquiry = {
      inquiryId: record.id,
      accountId: record.account_id,
      attempts: record.attempts,
      timeLimitMs: timeLimitOf(record, this.settings.inquiryTimeoutMs),
    };
    return this.queue.submit(job, { force: true });
  }

  /**
   * Runs one job the queue handed this process. With a shared queue the run is claimed by
   * compare-and-set on the inquiry's attempts, and a terminal state written by any process (a
   * stop on another API process, announced through the event bus) cancels it at once. Only
   * infrastructure errors escape (a shared queue retries the job later).
   */
  private async runJob(job: QueuedInquiry): Promise<void> {
    // A second copy of a job this process already runs (a re-queue by recovery or the watchdog):
    // the run in progress ends the inquiry; this one must not replace its controller.
    if (this.owned.has(job.inquiryId)) return;
    // Fetched from the shared queue while shutting down: failing the job hands it to pg-boss's
    // retry (another worker), where returning would complete it with its inquiry never run.
    if (this.closing && this.queue.shared) throw new ShutdownSignal('shutting down: the job is left to another worker');
    const controller = new AbortController();
    this.owned.set(job.inquiryId, controller);
    // A wake-up with a terminal state comes from a committed write; one without (after a reconnect of the notification connection) is a hint: the store says whether the run must end.
    const stopIfEnded = () =>
      void this.store.inquiries
        .getStatus(job.inquiryId)
        .then((r) => {
          if (r && r.status !== 'processing') controller.abort(new StopSignal());
        })
        .catch((err) => this.log.warn({ err, inquiryId: job.inquiryId }, 'checking a stop failed'));
    const unsubscribe = this.queue.shared
      ? this.events.on(job.inquiryId, (_id, state) => (state && isTerminal(state) ? controller.abort(new StopSignal()) : stopIfEnded()))
      : () => undefined;
    try {
      await this.execute(job, controller);
    } catch (err) {
      if (err instanceof ShutdownSignal) this.log.info({ inquiryId: job.inquiryId }, 'a job fetched while shutting down is handed back');
      else this.log.error({ err, inquiryId: job.inquiryId }, 'inquiry run crashed');
      if (this.queue.shared) throw err;
    } finally {
      unsubscribe();
      this.owned.delete(job.inquiryId);
      this.claimed.delete(job.inquiryId);
    }
  }

  private async execute(job: QueuedInquiry, controller: AbortController): Promise<void> {
    const inquiryId = job.inquiryId;
    if (this.closing && this.queue.shared) throw new ShutdownSignal('shutting down: the job is left to another worker');
    if (controller.signal.aborted || this.closing) return;
    const claimed = this.queue.shared
      ? await this.store.inquiries.claimQueued(inquiryId, this.owner, job.attempts)
      : await this.store.inquiries.markStarted(inquiryId, this.owner);
    if (!claimed) return; // stopped, already run by another copy of the job, or no longer ours
    this.claimed.add(inquiryId);
    const record = await this.store.inquiries.get(inquiryId);
    if (!record || record.status !== 'processing') return;
    const started = Date.now();
    const limitMs = timeLimitOf(record, this.settings.inquiryTimeoutMs);
    const timer = setTimeout(() => controller.abort(new TimeLimitSignal()), limitMs);
    this.deadlines.set(inquiryId, started + limitMs);
    let outcome: InquiryOutcome | { status: 'timeout' | 'failed'; result: object; error: string } | null;
    try {
      // A run that fails because the store went away (its checkpoints and progress live there)
      // waits for it and runs again in place: research resumes from its last checkpoint.
      for (let resumes = 0; ; resumes++) {
        try {
          const job = await this.jobOf(record);
          outcome = await this.engine.run(job, {
            signal: controller.signal,
            // progress lost to a store outage is written again with the next step's
            reportProgress: (result) =>
              this.store.inquiries.updateProgress(inquiryId, JSON.stringify(result)).catch((err: unknown) => {
                if (!isConnectionLoss(err)) throw err;
                this.log.warn({ err, inquiryId }, 'progress not written: the store is unreachable');
              }),
          });
          if (controller.signal.aborted) outcome = this.abortOutcome(controller.signal.reason, outcome.result, limitMs);
          break;
        } catch (err) {
          if (controller.signal.aborted) {
            outcome = this.abortOutcome(controller.signal.reason, await this.partialResult(inquiryId), limitMs);
            break;
          }
          if (isConnectionLoss(err) && resumes < MAX_RESUMES_AFTER_OUTAGE && (await this.storeBack(inquiryId, err, controller.signal)))
            continue;
          this.log.error({ err, inquiryId }, 'inquiry failed unexpectedly');
          outcome = { status: 'failed', result: {}, error: 'Processing failed unexpectedly; the error was logged.' };
          break;
        }
      }
    } finally {
      clearTimeout(timer);
      this.deadlines.delete(inquiryId);
    }
    if (outcome === null) {
      // a stop wrote `stopped` while the run went on: what it checkpointed since is dropped too
      if (controller.signal.reason instanceof StopSignal) this.forgetRun(record);
      return; // shutdown or lost ownership: handed back, a next run resumes it
    }
    await this.finish(record, outcome, Date.now() - started, controller.signal);
  }

  /** Pruning of what the engine kept to resume an inquiry, once it is terminal (shutdown waits for these). */
  private readonly forgetting = new Set<Promise<void>>();
  private forgetRun(record: Pick<InquiryRecord, 'id' | 'type'>): void {
    if (!this.engine.ended) return;
    const p = this.engine
      .ended(record.id, record.type as InquiryType)
      .catch((err) => this.log.warn({ err, inquiryId: record.id }, 'could not prune the checkpoints of an ended inquiry'))
      .finally(() => this.forgetting.delete(p));
    this.forgetting.add(p);
  }

  /** What a research inquiry stored while running (progress, operations), kept when it times out. */
  private async partialResult(inquiryId: string): Promise<object> {
    const r = await this.store.inquiries.get(inquiryId).catch(() => undefined);
    if (r?.type !== 'research' || !r.result) return {};
    return JSON.parse(r.result) as object;
  }

  private abortOutcome(reason: unknown, partial: object, limitMs = this.settings.inquiryTimeoutMs) {
    if (reason instanceof ShutdownSignal) return null;
    if (reason instanceof StopSignal) return null; // the stop already wrote `stopped`
    if (reason instanceof LostOwnershipSignal) return null; // its new owner finishes it
    return { status: 'timeout' as const, result: partial, error: timeLimitMessage(limitMs) };
  }

  private async jobOf(record: InquiryRecord): Promise<InquiryJob> {
    const earlier = (await this.store.inquiries.listBySession(record.session_id)).filter(
      (i) => i.id !== record.id && i.created_at <= record.created_at && isTerminal(i.status),
    );
    return {
      id: record.id,
      sessionId: record.session_id,
      accountId: record.account_id,
      type: record.type as InquiryType,
      question: record.question,
      dimensions: record.dimensions ? (JSON.parse(record.dimensions) as Dimensions) : null,
      options: record.options ? (JSON.parse(record.options) as Record<string, unknown>) : null,
      history: earlier.map((i) => ({ question: i.question, status: i.status, resolved: i.resolved ? JSON.parse(i.resolved) : null })),
    };
  }

  /**
   * Waits for the store to answer again after a run failed on a lost connection: true once it
   * does; false when the run is aborted (time limit, stop, shutdown) or after STORE_OUTAGE_RETRY_MS.
   */
  private async storeBack(inquiryId: string, err: unknown, signal: AbortSignal): Promise<boolean> {
    this.log.warn({ err, inquiryId }, 'the store went away during a run; it runs again once the store is back');
    const giveUpAt = Date.now() + STORE_OUTAGE_RETRY_MS;
    for (let delay = 100; !signal.aborted && Date.now() < giveUpAt; delay = Math.min(delay * 2, 2000)) {
      await new Promise((r) => setTimeout(r, delay));
      const back = await this.store.ping().then(
        () => true,
        () => false,
      );
      if (back) return !signal.aborted;
    }
    return false;
  }

  /**
   * A run's terminal write, retried while the store is unreachable (a PostgreSQL restart, failover
   * or crash): the answer is already computed, so it is written once the database is back instead
   * of being lost and run again by the watchdog minutes later. The run stays claimed meanwhile, so
   * its lease is renewed as soon as the database answers. Gives up after STORE_OUTAGE_RETRY_MS, or
   * when the run is handed back (shutdown, lost ownership): then the job's retry or the watchdog
   * takes over, as before.
   */
  private throughStoreOutage<T>(inquiryId: string, signal: AbortSignal | undefined, write: () => Promise<T>): Promise<T> {
    return retryThroughOutage(write, {
      maxMs: STORE_OUTAGE_RETRY_MS,
      stop: () => !!signal?.aborted && !(signal.reason instanceof TimeLimitSignal),
      onFirstLoss: (err) => this.log.warn({ err, inquiryId }, 'the store is unreachable; the answer is kept and written once it is back'),
    });
  }

  /**
   * The one terminal write: compare-and-set from processing, then wake every waiter. The status
   * JSON is built here, from the result text being stored, and kept: the long-polls it wakes send
   * it without reading the result back or serialising it again.
   */
  private async finish(
    record: InquiryRecord,
    outcome: { status: TerminalState; result: object; resolved?: unknown; error?: string },
    durationMs: number,
    signal?: AbortSignal,
  ): Promise<boolean> {
    const resultJson = JSON.stringify(outcome.result);
    const finishedAt = Date.now();
    const terminal: InquiryRecord = {
      ...record,
      status: outcome.status,
      status_answer: 'ready',
      status_chart: 'ready',
      error: outcome.error ?? null,
      finished_at: finishedAt,
      result: null,
    };
    const view = { accountId: record.account_id, json: this.statusJsonWith(terminal, resultJson, Object.keys(outcome.result)) };
    // On Postgres the write itself NOTIFYs the other processes (with the status JSON when it fits): they hear of it at its commit.
    const announce = this.store.backend.kind === 'postgres' ? this.events.announcement(record.id, outcome.status, view) : null;
    const won = await this.throughStoreOutage(record.id, signal, () =>
      this.store.inquiries.finishIfProcessing(record.id, {
        status: outcome.status,
        result: resultJson,
        resolved: outcome.resolved === undefined ? null : JSON.stringify(outcome.resolved),
        error: outcome.error ?? null,
        finishedAt,
        announce,
      }),
    );
    if (won) {
      // Announce first (other processes' long-polls are waiting for it); this process's waiters
      // resume only after the synchronous work below, so they still find the status JSON kept.
      this.events.emit(record.id, outcome.status, announce !== null);
      this.remember(record.id, view.accountId, view.json);
      this.observer.finished?.(outcome.status, record.type as InquiryType, durationMs);
      this.log.info({ inquiryId: record.id, status: outcome.status, durationMs }, 'inquiry finished');
      this.forgetRun(record);
    }
    return won;
  }

  // ---- stop, status, wait ---------------------------------------------------------------------

  /** Stops a processing inquiry (→ stopped). A finished one is left as it is; `changed` says which. */
  async stop(principal: Principal, inquiryId: string): Promise<{ changed: boolean; record: InquiryRecord }> {
    const record = await this.inquiryFor(principal, inquiryId);
    // A stopped research keeps the progress and operations it stored while running.
    const partial = await this.partialResult(inquiryId);
    const changed = await this.finish(
      record,
      { status: 'stopped', result: partial, error: 'Stopped by the user.' },
      Date.now() - record.created_at,
    );
    if (changed) this.owned.get(inquiryId)?.abort(new StopSignal());
    return { changed, record: (await this.store.inquiries.get(inquiryId))! };
  }

  /**
   * Resolves true once the inquiry is terminal, false after `timeoutMs` (or when `signal` aborts,
   * e.g. the client disconnected). Wakes on the in-process event at once; re-reads the status
   * every `pollMs` so a terminal state written by another process is seen too. Only the status
   * column is read: callers fetch what they need afterwards (the REST result sends kept JSON).
   */
  waitForTerminal(inquiryId: string, timeoutMs: number, pollMs: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      let settled = false;
      const check = async () => {
        if (settled) return;
        const r = await this.store.inquiries.getStatus(inquiryId);
        if (r && isTerminal(r.status)) settle(true);
      };
      const safeCheck = () => void check().catch((err) => this.log.warn({ err, inquiryId }, 'long-poll check failed'));
      // A wake-up that carries a terminal state comes from the committed write: no need to read it
      // back; one that carries the status response too leaves nothing to read for the caller either.
      const unsubscribe = this.events.on(inquiryId, (_id, state, view) => {
        if (view) this.remember(inquiryId, view.accountId, view.json);
        if (state && isTerminal(state)) settle(true);
        else safeCheck();
      });
      const poll = setInterval(safeCheck, pollMs);
      const deadline = setTimeout(() => settle(false), timeoutMs);
      const onAbort = () => settle(false);
      signal?.addEventListener('abort', onAbort, { once: true });
      function settle(value: boolean) {
        if (settled) return;
        settled = true;
        unsubscribe();
        clearInterval(poll);
        clearTimeout(deadline);
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      }
      if (signal?.aborted) settle(false);
      else safeCheck(); // it may have finished before we subscribed
    });
  }

  // ---- ownership: heartbeat, recovery, shutdown -----------------------------------------------

  /** Renews the lease; a run that was stopped or taken over elsewhere (another process sharing the store) is cancelled here. */
  private async beat(): Promise<void> {
    if (this.closing) return;
    const ids = [...this.owned.keys()];
    // Only runs whose claim was written before the rows are read can be judged by them: a run
    // claimed while the read is on its way shows its previous owner (the submitting API, a dead
    // process). Aborting it would drop the run with its job completed, leaving the inquiry
    // `processing` on a live worker for good; so the claimed set is copied before the read, not
    // consulted after it (a loaded event loop or a busy pool widens that window). A stop is seen either way.
    const judged = new Set(this.claimed);
    for (const r of await this.store.inquiries.ownership(ids)) {
      if (r.status !== 'processing') this.owned.get(r.id)?.abort(new StopSignal());
      else if (r.owner !== this.owner && judged.has(r.id)) this.owned.get(r.id)?.abort(new LostOwnershipSignal());
    }
  }

  /**
   * Takes over processing inquiries whose owner is gone (src/jobs/leases.ts: no owner, a dead pid
   * on this host, or a lease run out with nothing showing the owner alive): runs them again, or
   * ends them `failed` once MAX_ATTEMPTS runs were lost to dead processes (a research keeps the
   * progress and operations it stored). A live process whose lease ran out on a busy host keeps
   * its work; a graceful hand-back (no owner) is not counted against the inquiry.
   */
  async recover(): Promise<{ resumed: string[]; failed: string[] }> {
    const resumed: string[] = [];
    const failed: string[] = [];
    if (this.closing) return { resumed, failed };
    const now = Date.now();
    const registry = await this.store.processes.list();
    const states = new Map<string, ReturnType<typeof ownerState>>();
    const stateOf = (owner: string) => states.get(owner) ?? states.set(owner, ownerState(owner, registry, now)).get(owner)!;
    for (const c of await this.store.inquiries.listTakeoverCandidates(now, THIS_HOST)) {
      if (this.owned.has(c.id)) continue;
      const state = c.owner === null ? 'lapsed' : stateOf(c.owner);
      if (state === 'alive') continue;
      const o = await this.store.inquiries.get(c.id);
      if (!o || o.status !== 'processing' || o.owner !== c.owner) continue;
      // A run was lost only if its owner had started it (a takeover or a hand-back clears started_at).
      const interrupted = o.owner !== null && o.started_at !== null;
      if (!(await this.store.inquiries.claim(o.id, o.owner, this.owner, now, { ownerGone: state === 'dead', interrupted }))) continue;
      const interruptions = o.interruptions + (interrupted ? 1 : 0);
      if (interruptions >= MAX_ATTEMPTS) {
        const partial = await this.partialResult(o.id);
        await this.finish(
          o,
          {
            status: 'failed',
            result: partial,
            error: `Processing was interrupted ${interruptions} times by a server restart; please ask again.`,
          },
          Date.now() - o.created_at,
        );
        failed.push(o.id);
      } else {
        await this.schedule(o);
        resumed.push(o.id);
      }
    }
    // Jobs a worker fetched and never claimed (it died in between): the inquiry's owner is still
    // its live submitter, so only the job shows it. Queued again; a second copy never runs twice
    // (claims compare the attempts), and the one process that retires the job queues it.
    if (this.queue.stalled && this.queue.takeStalled) {
      for (const { jobId, job } of await this.queue.stalled(this.settings.staleAfterMs)) {
        const r = await this.store.inquiries.get(job.inquiryId);
        if (!r || r.status !== 'processing' || r.attempts !== job.attempts || this.owned.has(r.id)) continue;
        if (!(await this.queue.takeStalled(jobId))) continue;
        await this.schedule(r);
        resumed.push(r.id);
      }
    }
    if (resumed.length + failed.length > 0)
      this.log.info({ resumed: resumed.length, failed: failed.length }, 'recovered inquiries whose owner was gone');
    // Processes gone for longer than a lease own nothing any more (a live one that lost its lease stays).
    const forgotten = registry.filter((p) => p.lease_until < now - this.settings.staleAfterMs && stateOf(p.id) !== 'alive');
    await this.store.processes.removeMany(forgotten.map((p) => p.id));
    return { resumed, failed };
  }

  /**
   * The store-side watchdog, run by every process that keeps a lease (whichever notices first):
   *  - a run past its deadline (its start + the inquiry's time limit + a lease, so the owner's own
   *    timer normally ends it first, with its partial result) ends `timeout`; the terminal write
   *    cancels the run wherever it still goes on;
   *  - an inquiry with a live owner that nothing will run (no job waiting or running for it in
   *    the queue, untouched for a lease: its job ended without ending it) is queued again, or,
   *    after MAX_ATTEMPTS + 1 runs, ended `failed` with an honest message.
   */
  async watch(): Promise<{ timedOut: string[]; requeued: string[]; failed: string[] }> {
    const out = { timedOut: [] as string[], requeued: [] as string[], failed: [] as string[] };
    if (this.closing) return out;
    const now = Date.now();
    const slack = this.settings.staleAfterMs;
    for (const r of await this.store.inquiries.listStartedBefore(now - this.settings.inquiryTimeoutMs - slack)) {
      const limitMs = timeLimitOf(r, this.settings.inquiryTimeoutMs);
      if (r.started_at! + limitMs + slack > now) continue;
      const partial = r.type === 'research' && r.result ? (JSON.parse(r.result) as object) : {};
      const won = await this.finish(r, { status: 'timeout', result: partial, error: timeLimitMessage(limitMs) }, now - r.started_at!);
      if (!won) continue;
      this.owned.get(r.id)?.abort(new StopSignal());
      out.timedOut.push(r.id);
      this.log.warn({ inquiryId: r.id, owner: r.owner, limitMs }, 'watchdog: a run past its deadline was ended as timeout');
    }
    if (this.queue.holds) {
      const registry = await this.store.processes.list();
      // With the embedded queue only this process's own jobs can be seen; orphans are recovery's.
      const quiet = (await this.store.inquiries.listQuiet(now - slack)).filter(
        (q) => !this.owned.has(q.id) && (this.queue.shared ? ownerState(q.owner, registry, now) === 'alive' : q.owner === this.owner),
      );
      const held = quiet.length > 0 ? await this.queue.holds(quiet.map((q) => q.id)) : new Set<string>();
      for (const q of quiet) {
        if (held.has(q.id) || !(await this.store.inquiries.touch(q.id, q.heartbeat_at, now))) continue;
        const r = await this.store.inquiries.get(q.id);
        if (!r || r.status !== 'processing') continue;
        if (r.attempts > MAX_ATTEMPTS) {
          const partial = await this.partialResult(r.id);
          const error = `Processing ended ${r.attempts} times without a result; please ask again.`;
          if (await this.finish(r, { status: 'failed', result: partial, error }, now - r.created_at)) out.failed.push(r.id);
        } else {
          await this.schedule(r);
          out.requeued.push(r.id);
        }
        this.log.warn({ inquiryId: r.id, owner: r.owner, attempts: r.attempts }, 'watchdog: an inquiry nothing would run was queued again');
      }
    }
    return out;
  }

  /**
   * This process's part of readiness: its queue answers (on Postgres: the database is up) and no
   * run is stuck past its time limit (stuckRuns).
   */
  async readiness(): Promise<{ name: string; ok: boolean; detail?: string }[]> {
    const checks: { name: string; ok: boolean; detail?: string }[] = [];
    try {
      await this.queue.waiting();
      checks.push({ name: 'queue', ok: true });
    } catch (err) {
      checks.push({ name: 'queue', ok: false, detail: (err as Error).message });
    }
    const stuck = this.stuckRuns();
    checks.push(
      stuck.length === 0
        ? { name: 'runs', ok: true }
        : {
            name: 'runs',
            ok: false,
            detail: `${stuck.length} run(s) past their time limit and not stopping: ${stuck
              .slice(0, 5)
              .map((r) => `${r.inquiryId} (${Math.round(r.overdueMs / 1000)} s over)`)
              .join(', ')}`,
          },
    );
    return checks;
  }

  /** Runs in this process still going past their time limit plus a lease (their engine did not stop when cancelled): readiness reports them. */
  stuckRuns(now = Date.now()): { inquiryId: string; overdueMs: number }[] {
    const stuck: { inquiryId: string; overdueMs: number }[] = [];
    for (const [inquiryId, deadline] of this.deadlines) {
      const overdue = now - deadline - this.settings.staleAfterMs;
      if (overdue > 0) stuck.push({ inquiryId, overdueMs: overdue });
    }
    return stuck;
  }

  /** Stops taking work, lets running inquiries finish for up to graceMs, then hands the rest back. */
  async shutdown(graceMs: number): Promise<void> {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    const drained = await this.queue.stop(graceMs);
    if (!drained) {
      for (const c of this.owned.values()) c.abort(new ShutdownSignal());
      await this.queue.stop(2000);
    }
    await Promise.all(this.forgetting);
    const released = await this.store.inquiries.release(this.owner);
    await this.store.processes.remove(this.owner);
    // Alive until its runs are handed back: another runtime in this process would otherwise take
    // them over mid-drain and count a graceful stop as an interruption.
    unregisterOwnerHere(this.owner);
    if (released > 0) this.log.info({ released }, 'handed back unfinished inquiries for the next start');
  }

  // ---- views ----------------------------------------------------------------------------------

  /** The status response as JSON text; terminal ones come from memory (they never change). */
  async statusJson(principal: Principal, inquiryId: string): Promise<string> {
    const cached = this.terminalJson.get(inquiryId);
    if (cached) {
      if (cached.accountId !== principal.accountId) throw forbidden('inquiry');
      return cached.json;
    }
    const record = await this.inquiryFor(principal, inquiryId);
    return this.jsonOf(record);
  }

  jsonOf(record: InquiryRecord): string {
    const cached = this.terminalJson.get(record.id);
    if (cached) return cached.json;
    const json = JSON.stringify(this.toStatusResponse(record));
    if (isTerminal(record.status)) this.remember(record.id, record.account_id, json);
    return json;
  }

  /** Keeps a terminal inquiry's status JSON (bounded in entries and characters, oldest dropped first). */
  private remember(inquiryId: string, accountId: string, json: string): void {
    if (json.length > TERMINAL_CACHE_BYTES / 8 || this.terminalJson.has(inquiryId)) return;
    this.terminalJson.set(inquiryId, { accountId, json });
    this.terminalJsonBytes += json.length;
    while (this.terminalJson.size > TERMINAL_CACHE_ENTRIES || this.terminalJsonBytes > TERMINAL_CACHE_BYTES) {
      const [oldest, entry] = this.terminalJson.entries().next().value!;
      this.terminalJson.delete(oldest);
      this.terminalJsonBytes -= entry.json.length;
    }
  }

  /** Fields every status response has, from the record alone. */
  private statusBase(r: InquiryRecord): Record<string, unknown> {
    return {
      inquiry_id: r.id,
      status: { general: r.status, answer: r.status_answer, chart: r.status_chart },
      inquiry_type: r.type,
      user_input: r.question,
      session_id: r.session_id,
      created_at: new Date(r.created_at).toISOString(),
      completed_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
      error: r.error,
      dimensions: r.dimensions ? (JSON.parse(r.dimensions) as Record<string, unknown>) : null,
    };
  }

  /** What a response carries when its result does not: empty answer fields, or research defaults. */
  private statusDefaults(r: InquiryRecord): Record<string, unknown> {
    return r.type === 'research'
      ? { final_answer: '', progress: isTerminal(r.status) ? 100 : 0, charts: [], operations: [] }
      : { ...emptyAnswerFields() };
  }

  /**
   * The status JSON of an inquiry from its result as JSON text, without parsing it: the base and
   * default fields the result does not carry, then the result's own fields (the same response as
   * toStatusResponse, fields in another order).
   */
  private statusJsonWith(r: InquiryRecord, resultJson: string, resultKeys: string[]): string {
    const head: Record<string, unknown> = { ...this.statusBase(r), ...this.statusDefaults(r) };
    for (const k of resultKeys) delete head[k];
    const headJson = JSON.stringify(head);
    if (resultKeys.length === 0) return headJson;
    return `${headJson.slice(0, -1)},${resultJson.slice(1)}`;
  }

  toStatusResponse(r: InquiryRecord): InquiryStatusResponse {
    const result = r.result ? (JSON.parse(r.result) as Record<string, unknown>) : {};
    const shown = r.type === 'research' || isTerminal(r.status) ? result : {};
    return { ...this.statusBase(r), ...this.statusDefaults(r), ...shown } as InquiryStatusResponse;
  }
}

export { ServiceError };
