/**
 * Scheduled research reports: each report has a cron schedule (croner) in its time zone; each due
 * time starts one research inquiry (a run). A run missed while no server was up runs once on
 * start-up. A due time is recorded once (report, due time) even with several processes.
 */
import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Principal } from '../auth/keys.js';
import { ServiceError } from '../inquiries/errors.js';
import type { ResearchService } from '../inquiries/research.js';
import type { InquiryService } from '../inquiries/service.js';
import { isTerminal, type Dimensions } from '../schemas/inquiry.js';
import type { Report, ReportCreate, ResearchBudgetInput } from '../schemas/research.js';
import { newId } from '../store/ids.js';
import type { ReportRecord, Store } from '../store/repositories.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Throws a 422 naming the field when the schedule or time zone is not valid. */
export function checkSchedule(schedule: string, timezone: string): Cron {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw new ServiceError(422, `timezone: unknown time zone "${timezone}"; use an IANA name such as UTC or Europe/Berlin`);
  }
  try {
    const job = new Cron(schedule, { timezone, paused: true });
    if (!job.nextRun()) throw new Error('it never fires');
    return job;
  } catch (err) {
    throw new ServiceError(422, `schedule: not a valid cron expression (${(err as Error).message}); e.g. "0 8 * * 1" for Mondays 08:00`);
  }
}

/** Most missed due times of one report run on catch-up (the latest ones). */
export const MAX_CATCH_UP = 60;

export class ReportService {
  private readonly jobs = new Map<string, Cron>();
  private started = false;

  constructor(
    private readonly store: Store,
    private readonly inquiries: InquiryService,
    private readonly research: ResearchService,
    private readonly log: Logger,
  ) {}

  view(r: ReportRecord): Report {
    const job = this.jobs.get(r.id) ?? checkSchedule(r.schedule, r.timezone);
    const next = job.nextRun();
    if (!this.jobs.has(r.id)) job.stop();
    return {
      id: r.id,
      name: r.name,
      question: r.question,
      schedule: r.schedule,
      timezone: r.timezone,
      dimensions: r.dimensions ? (JSON.parse(r.dimensions) as Record<string, unknown>) : null,
      budget: r.budget ? (JSON.parse(r.budget) as Record<string, unknown>) : null,
      created_at: new Date(r.created_at).toISOString(),
      last_run_at: iso(r.last_run_at),
      next_run_at: next ? next.toISOString() : null,
    };
  }

  async create(principal: Principal, request: ReportCreate): Promise<ReportRecord> {
    checkSchedule(request.schedule, request.timezone).stop();
    if (request.dimensions) await this.inquiries.validateDimensions(request.dimensions, principal.accountId);
    const record: ReportRecord = {
      id: newId('rep'),
      account_id: principal.accountId,
      api_key_id: principal.apiKeyId || null,
      name: request.name,
      question: request.question,
      schedule: request.schedule,
      timezone: request.timezone,
      dimensions: request.dimensions ? JSON.stringify(request.dimensions) : null,
      budget: request.budget ? JSON.stringify(request.budget) : null,
      created_at: Date.now(),
      last_run_at: null,
      deleted_at: null,
    };
    await this.store.reports.insert(record);
    if (this.started) this.arm(record);
    this.log.info({ reportId: record.id, schedule: record.schedule, timezone: record.timezone }, 'report scheduled');
    return record;
  }

  list(principal: Principal): Promise<ReportRecord[]> {
    return this.store.reports.list(principal.accountId);
  }

  async get(principal: Principal, id: string): Promise<ReportRecord> {
    const r = await this.store.reports.get(id);
    if (!r) throw new ServiceError(404, `Report not found: ${id}`);
    if (r.account_id !== principal.accountId) throw new ServiceError(403, 'Access denied: this report belongs to another account');
    return r;
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.get(principal, id);
    await this.store.reports.softDelete(id);
    this.jobs.get(id)?.stop();
    this.jobs.delete(id);
  }

  /**
   * Runs of a report, newest first, each with its research inquiry's status and final_answer.
   * A deleted report's runs stay readable: delete only stops the schedule (soft delete), the runs
   * and their inquiries are kept.
   */
  async runs(principal: Principal, id: string) {
    const r = await this.store.reports.getIncludingDeleted(id);
    if (!r) throw new ServiceError(404, `Report not found: ${id}`);
    if (r.account_id !== principal.accountId) throw new ServiceError(403, 'Access denied: this report belongs to another account');
    const runs = await this.store.reports.runs(id);
    const out = [];
    for (const run of runs) {
      const inquiry = await this.store.inquiries.get(run.inquiry_id);
      const result = inquiry?.result ? (JSON.parse(inquiry.result) as { final_answer?: string; progress?: number }) : {};
      out.push({
        inquiry_id: run.inquiry_id,
        session_id: inquiry?.session_id ?? '',
        scheduled_for: new Date(run.scheduled_for).toISOString(),
        created_at: new Date(run.created_at).toISOString(),
        status: inquiry?.status ?? 'failed',
        final_answer: result.final_answer ?? '',
        progress: inquiry && isTerminal(inquiry.status) ? 100 : Math.round(result.progress ?? 0),
      });
    }
    return { report_id: id, runs: out };
  }

  /** Arms every report's schedule (croner, in this process); a run missed while down runs once now. */
  async start(): Promise<void> {
    this.started = true;
    for (const r of await this.store.reports.listAll()) this.arm(r);
    await this.runDue();
  }

  /**
   * Starts, for every report, each due time up to `now` that has not run yet, oldest first (once
   * each: `fire` claims the due time), so an outage or a stopped deployment loses no run. At most
   * the latest MAX_CATCH_UP missed due times run; older ones are logged as skipped. Croner's
   * start-up catch-up, and each tick of the shared clock (pg-boss schedule) when several processes
   * share Postgres. Returns the inquiries started.
   */
  async runDue(now = new Date()): Promise<string[]> {
    const started: string[] = [];
    for (const r of await this.store.reports.listAll()) {
      const schedule = this.jobs.get(r.id) ?? new Cron(r.schedule, { timezone: r.timezone, paused: true });
      const since = r.last_run_at ?? r.created_at;
      const recent = schedule.previousRuns(MAX_CATCH_UP + 1, now).filter((d) => d.getTime() > since);
      if (!this.jobs.has(r.id)) schedule.stop();
      if (recent.length > MAX_CATCH_UP) {
        this.log.warn({ reportId: r.id, kept: MAX_CATCH_UP }, 'a report missed more due times than are caught up; the oldest were skipped');
        recent.length = MAX_CATCH_UP;
      }
      for (const due of recent.reverse()) {
        const dueMs = Math.floor(due.getTime() / 1000) * 1000;
        const inquiryId = await this.fire(r.id, dueMs).catch((err) => {
          this.log.warn({ err, reportId: r.id }, 'a due report run failed to start');
          return null;
        });
        if (inquiryId) started.push(inquiryId);
      }
    }
    return started;
  }

  stop(): void {
    this.started = false;
    for (const job of this.jobs.values()) job.stop();
    this.jobs.clear();
  }

  private arm(r: ReportRecord): void {
    this.jobs.get(r.id)?.stop();
    const job = new Cron(
      r.schedule,
      { timezone: r.timezone, protect: true, catch: (err) => this.log.warn({ err, reportId: r.id }, 'report run failed to start') },
      async (self: Cron) => {
        const due = self.currentRun() ?? new Date();
        await this.fire(r.id, Math.floor(due.getTime() / 1000) * 1000);
      },
    );
    this.jobs.set(r.id, job);
  }

  /**
   * Starts the run of one due time, once. The run (report, due time) is claimed before its
   * inquiry is queued; when another process (or an earlier tick) already started that due time,
   * the inquiry and session made for it are removed again and nothing runs. Returns its inquiry
   * id, or null when it already ran.
   */
  async fire(reportId: string, dueMs: number): Promise<string | null> {
    const r = await this.store.reports.get(reportId);
    if (!r) return null;
    if (await this.store.reports.hasRun(reportId, dueMs)) return null;
    const principal: Principal = { accountId: r.account_id, apiKeyId: r.api_key_id ?? '' };
    const submission = await this.research.submitClaimed(
      principal,
      {
        question: r.question,
        dimensions: r.dimensions ? (JSON.parse(r.dimensions) as Dimensions) : null,
        budget: r.budget ? (JSON.parse(r.budget) as ResearchBudgetInput) : null,
      },
      'api_key',
      (inquiry) => this.store.reports.addRun({ report_id: reportId, scheduled_for: dueMs, inquiry_id: inquiry.id, created_at: Date.now() }),
    );
    if (!submission) return null;
    this.log.info({ reportId, inquiryId: submission.inquiry_id, due: new Date(dueMs).toISOString() }, 'report run started');
    return submission.inquiry_id;
  }
}
