/** History: the user's own threads from this web app, by last activity, searchable; open, delete (API-key sessions never appear). */
import { useEffect, useState } from 'preact/hooks';
import { api, type ThreadSummary } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatDate } from '../format.js';
import { href } from '../router.js';

const linkOf = (t: ThreadSummary) =>
  t.inquiry_type === 'research' && t.last_inquiry_id ? href(`research/${t.last_inquiry_id}`) : href(`t/${t.session_id}`);

export function HistoryPage() {
  const [threads, setThreads] = useState<ThreadSummary[] | null>(null);
  const [search, setSearch] = useState('');
  const [searched, setSearched] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = (q: string) =>
    api<{ threads: ThreadSummary[] }>('GET', `/threads${q ? `?q=${encodeURIComponent(q)}` : ''}`).then(
      (r) => {
        setThreads(r.threads);
        setSearched(q);
      },
      (e: Error) => setError(e.message),
    );
  useEffect(() => {
    void load('');
  }, []);
  const remove = async (t: ThreadSummary) => {
    if (!confirm(`Delete the thread "${t.title}"?`)) return;
    try {
      await api('DELETE', `/threads/${t.session_id}`);
      setThreads((list) => list?.filter((x) => x.session_id !== t.session_id) ?? null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section aria-labelledby="history-title">
      <hgroup>
        <h2 id="history-title">History</h2>
        <p>Your threads, latest activity first. Open one to read it again or ask a follow-up.</p>
      </hgroup>
      <form
        role="search"
        class="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void load(search.trim());
        }}
      >
        <input
          type="search"
          aria-label="Search your threads"
          placeholder="Search questions and names"
          value={search}
          onInput={(e) => setSearch((e.target as HTMLInputElement).value)}
        />
        <button type="submit" class="secondary">
          Search
        </button>
      </form>
      <ErrorNote error={error} />
      {threads === null && !error ? <p aria-busy="true">Loading…</p> : null}
      {threads?.length === 0 ? (
        searched ? (
          <p>No thread matches "{searched}".</p>
        ) : (
          <p>
            No threads yet. <a href="#/ask">Ask a question</a> or <a href="#/research">start a research</a>.
          </p>
        )
      ) : null}
      {threads && threads.length > 0 ? (
        <ul class="thread-list">
          {threads.map((t) => (
            <li class="thread-item" data-session={t.session_id}>
              <div class="thread-line">
                <a href={linkOf(t)}>{t.title || '(no question)'}</a>
                <button type="button" class="link small" aria-label={`Delete thread ${t.title}`} onClick={() => void remove(t)}>
                  Delete
                </button>
              </div>
              <small>
                {t.inquiry_type === 'research' ? <span class="badge">Research</span> : null} {t.total_inquiries}{' '}
                {t.total_inquiries === 1 ? 'question' : 'questions'} · last{' '}
                <span class={`status status-${t.last_status}`}>{t.last_status?.replace(/_/g, ' ')}</span> · {formatDate(t.updated_at)}
              </small>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
