/** The History page's threads: the user's own, titled as renamed, searched, by last activity. */
import type { Principal } from '../auth/keys.js';
import { summarizeThreads } from '../inquiries/threads.js';
import { ServiceError } from '../inquiries/errors.js';
import type { ThreadSummary } from '../schemas/threads.js';
import type { Store } from '../store/repositories.js';

/** Threads read before sorting by last activity (a thread created long ago may be the latest active). */
const SCANNED = 200;

export async function historyThreads(store: Store, principal: Principal, search?: string, limit = 100): Promise<ThreadSummary[]> {
  if (!principal.userId) throw new ServiceError(403, 'Only a signed-in user has a history');
  const sessions = await store.sessions.listForUser(principal.accountId, principal.userId, SCANNED);
  const threads = (await summarizeThreads(store, sessions)).filter((t) => t.total_inquiries > 0);
  const titles = await store.web.titles(threads.map((t) => t.session_id));
  for (const t of threads) t.title = titles.get(t.session_id) ?? t.title;
  let found = threads;
  const needle = search?.trim().toLowerCase();
  if (needle) {
    found = [];
    for (const t of threads) {
      if (t.title.toLowerCase().includes(needle)) found.push(t);
      else if ((await store.inquiries.listBySession(t.session_id)).some((i) => i.question.toLowerCase().includes(needle))) found.push(t);
    }
  }
  return found.sort((a, b) => b.updated_at.localeCompare(a.updated_at)).slice(0, limit);
}
