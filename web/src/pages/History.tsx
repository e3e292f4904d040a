/** History: the user's own threads from this web app, newest first (API-key sessions never appear). */
import { useEffect, useState } from 'preact/hooks';
import { api, type ThreadSummary } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatDate } from '../format.js';
import { href } from '../router.js';

const linkOf = (t: ThreadSummary) => (t.inquiry_type === 'research' && t.last_inquiry_id ? href(`research/${t.last_inquiry_id}`) : href(`t/${t.session_id}`));

export function HistoryPage() {
  const [threads, setThreads] = useState<ThreadSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ threads: ThreadSummary[] }>('GET', '/threads').then((r) => setThreads(r.threads), (e: Error) => setError(e.message));
  }, []);
  return (
    <section aria-labelledby="history-title">
      <hgroup>
        <h2 id="history-title">History</h2>
        <p>Your threads, newest first. Open one to read it again or ask a follow-up.</p>
      </hgroup>
      <ErrorNote error={error} />
      {threads === null && !error ? <p aria-busy="true">Loading…</p> : null}
      {threads?.length === 0 ? (
        <p>
          No threads yet. <a href="#/ask">Ask a question</a> or <a href="#/research">start a research</a>.
        </p>
      ) : null}
      {threads && threads.length > 0 ? (
        <ul class="thread-list">
          {threads.map((t) => (
            <li class="thread-item" data-session={t.session_id}>
              <a href={linkOf(t)}>{t.title || '(no question)'}</a>
              <small>
                {t.inquiry_type === 'research' ? <span class="badge">Research</span> : null} {t.total_inquiries} {t.total_inquiries === 1 ? 'question' : 'questions'} · last{' '}
                <span class={`status status-${t.last_status}`}>{t.last_status?.replace(/_/g, ' ')}</span> · {formatDate(t.updated_at)}
              </small>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
