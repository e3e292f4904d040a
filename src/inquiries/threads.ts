/** Threads (sessions) with their inquiries, as a history lists them. */
import type { Principal } from '../auth/keys.js';
import type { InquiryType } from '../schemas/inquiry.js';
import type { ThreadSummary } from '../schemas/threads.js';
import type { SessionRecord, Store } from '../store/repositories.js';
import { ServiceError } from './errors.js';

export async function summarizeThreads(store: Store, sessions: SessionRecord[]): Promise<ThreadSummary[]> {
  const out: ThreadSummary[] = [];
  for (const s of sessions) {
    const list = await store.inquiries.listBySession(s.id);
    const first = list[0];
    const last = list.at(-1);
    out.push({
      session_id: s.id,
      created_at: new Date(s.created_at).toISOString(),
      title: first?.question ?? '',
      inquiry_type: (first?.type as InquiryType | undefined) ?? null,
      total_inquiries: list.length,
      last_inquiry_id: last?.id ?? null,
      last_status: last?.status ?? null,
      updated_at: new Date(last?.created_at ?? s.created_at).toISOString(),
    });
  }
  return out;
}

/** A signed-in user's own web threads, newest first; threads made with an API key never appear. */
export async function userThreads(store: Store, principal: Principal, limit = 50): Promise<ThreadSummary[]> {
  if (!principal.userId) throw new ServiceError(403, 'Only a signed-in user has a history');
  const sessions = await store.sessions.listForUser(principal.accountId, principal.userId, limit);
  // Threads whose first question never got stored (created, then left) say nothing: leave them out.
  return (await summarizeThreads(store, sessions)).filter((t) => t.total_inquiries > 0);
}
