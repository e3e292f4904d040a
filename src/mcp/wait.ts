/**
 * Waiting for inquiries on behalf of a tool call: event-driven (the lifecycle's wake-up, with a
 * store re-read for inquiries another process runs), bounded by the wait window, cancelled when
 * the client cancels, and sending MCP progress notifications while it waits so clients whose
 * request timeout resets on progress keep waiting.
 */
import type { Principal } from '../auth/keys.js';
import type { InquiryRecord } from '../store/repositories.js';
import { type InquiryStatusResponse, type InquiryType, isTerminal } from '../schemas/inquiry.js';
import { ToolError } from './errors.js';
import type { ToolContext, ToolExtra } from './tool.js';

/** How often a waiting process re-reads the store (inquiries run by another process have no in-process event). */
const STORE_POLL_MS = 1000;
/** Longest gap between progress notifications. */
const PROGRESS_EVERY_MS = 5000;

/** Tool-interface status of one inquiry (§3): agent → processing or the terminal value; research → in_progress or the terminal value. */
export function toolStatus(record: Pick<InquiryRecord, 'status' | 'type'>): string {
  if (isTerminal(record.status)) return record.status;
  return record.type === 'research' ? 'in_progress' : 'processing';
}

/** Research progress (0-100) from the status response; agent: 100 once terminal, else an estimate from elapsed time. */
export function progressOf(response: InquiryStatusResponse, typicalMs: number, now = Date.now()): number {
  if (isTerminal(response.status.general)) return 100;
  if (response.inquiry_type === 'research') return Math.max(0, Math.min(99, Math.round(response.progress ?? 0)));
  const elapsed = now - Date.parse(response.created_at);
  return Math.max(0, Math.min(95, Math.round((elapsed / typicalMs) * 100)));
}

/** Loads inquiries with the account checks, and refuses a type that does not match (rule 1 of §4). */
export async function loadInquiries(ctx: ToolContext, principal: Principal, ids: string[], type?: InquiryType): Promise<InquiryRecord[]> {
  const records: InquiryRecord[] = [];
  for (const id of ids) records.push(await ctx.runtime.inquiries.inquiryFor(principal, id));
  if (type) {
    const wrong = records.filter((r) => r.type !== type);
    if (wrong.length > 0) {
      const ids = wrong.map((r) => r.id).join(', ');
      throw new ToolError(
        'invalid_argument',
        `${ids} ${wrong.length === 1 ? 'is' : 'are'} ${wrong[0].type === 'research' ? 'a research inquiry' : 'a regular question'}, not ${type}.`,
        wrong[0].type === 'research'
          ? 'Call wait_for_completion with inquiry_type: "research" for inquiries started by ask_a_research_question (wait for regular and research inquiries in separate calls).'
          : 'Call wait_for_completion without inquiry_type (or with "agent") for regular questions (wait for regular and research inquiries in separate calls).',
      );
    }
  }
  return records;
}

export interface WaitOutcome {
  records: InquiryRecord[];
  /** True when the window closed (or the client cancelled) with some inquiries still running. */
  unfinished: boolean;
}

/**
 * Waits until every listed inquiry is terminal or `windowMs` has passed, then re-reads them all
 * (research inquiries report progress and operations so far).
 */
export async function waitForAll(ctx: ToolContext, records: InquiryRecord[], windowMs: number, extra: ToolExtra): Promise<WaitOutcome> {
  const { inquiries, store } = ctx.runtime;
  const started = Date.now();
  const pending = records.filter((r) => !isTerminal(r.status));
  if (pending.length === 0) return { records, unfinished: false };

  const token = extra._meta?.progressToken;
  let finished = records.length - pending.length;
  let lastProgress = 0;
  const notify = async () => {
    if (token === undefined) return;
    const elapsed = Math.round((Date.now() - started) / 1000);
    const progress = Math.max(lastProgress + 1, elapsed); // must increase with every notification
    lastProgress = progress;
    let message = `${finished} of ${records.length} ${records.length === 1 ? 'inquiry' : 'inquiries'} finished`;
    const research = records.filter((r) => r.type === 'research');
    if (research.length > 0) {
      const now = await Promise.all(research.map((r) => store.inquiries.get(r.id)));
      const pct = now.map((r) => (r ? progressOf(inquiries.toStatusResponse(r), 1) : 0));
      message += `; research progress ${pct.map((p) => `${p}%`).join(', ')}`;
    }
    await extra.sendNotification({
      method: 'notifications/progress',
      params: { progressToken: token, progress, total: Math.max(progress, Math.ceil(windowMs / 1000)), message },
    });
  };
  const every = Math.max(200, Math.min(PROGRESS_EVERY_MS, Math.floor(windowMs / 4)));
  const ticker = setInterval(() => void notify().catch(() => undefined), every);
  try {
    await Promise.all(
      pending.map(async (r) => {
        const done = await inquiries.waitForTerminal(r.id, windowMs, STORE_POLL_MS, extra.signal);
        if (done) {
          finished += 1;
          if (finished < records.length) void notify().catch(() => undefined);
        }
      }),
    );
  } finally {
    clearInterval(ticker);
  }
  const fresh = await Promise.all(records.map(async (r) => (await store.inquiries.get(r.id)) ?? r));
  return { records: fresh, unfinished: fresh.some((r) => !isTerminal(r.status)) };
}
