/**
 * Ask: a question box (with starter questions), the thread's questions and answers, follow-ups
 * in the same thread, live progress and stop. `#/ask` is a new thread; `#/t/<session_id>` an
 * existing one (reopened from the history).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { RenameForm } from '../components/RenameForm.js';
import {
  api,
  isTerminal,
  type InquiryCreated,
  type InquiryStatusResponse,
  type SessionCreated,
  type StarterQuestions,
  type Thread,
} from '../api.js';
import { Answer } from '../components/Answer.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { navigate } from '../router.js';
import type { Query } from '../reading.js';

let startersCache: string[] | null = null;
async function loadStarters(): Promise<string[]> {
  startersCache ??= (await api<StarterQuestions>('GET', '/starters')).questions.map((q) => q.question);
  return startersCache;
}

export function AskPage({ sessionId }: { sessionId: string | null }) {
  const [thread, setThread] = useState<Thread | null>(null);
  const [starters, setStarters] = useState<string[]>([]);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    loadStarters().then(setStarters, () => setStarters([]));
    // Typing goes into the question box at once, on a new thread and on reopening one.
    input.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    setThread(null);
    setError(null);
    if (!sessionId) return;
    api<Thread>('GET', `/threads/${encodeURIComponent(sessionId)}`).then(setThread, (e: Error) => setError(e.message));
  }, [sessionId]);

  // Live progress: every running inquiry is re-read each second until it ends.
  const running =
    thread?.inquiries
      .filter((i) => !isTerminal(i.status.general))
      .map((i) => i.inquiry_id)
      .join(',') ?? '';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(async () => {
      for (const id of running.split(',')) {
        try {
          const fresh = await api<InquiryStatusResponse>('GET', `/inquiries/${id}`);
          setThread((t) => (t ? { ...t, inquiries: t.inquiries.map((i) => (i.inquiry_id === id ? fresh : i)) } : t));
        } catch (e) {
          setError((e as Error).message);
        }
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [running]);

  /** Submits in the thread (a new one first on #/ask): a question in words, or a structured query. */
  const submit = async (body: { query: string } | { semantic_query: Query; question?: string }) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const session = sessionId ?? (await api<SessionCreated>('POST', '/threads')).session_id;
      const path = 'query' in body ? `/threads/${session}/inquiries` : `/threads/${session}/inquiries/structured`;
      const { inquiry_id } = await api<InquiryCreated>('POST', path, body);
      if ('query' in body) setQuestion('');
      if (!sessionId) {
        navigate(`t/${session}`);
        return;
      }
      const fresh = await api<InquiryStatusResponse>('GET', `/inquiries/${inquiry_id}`);
      setThread((t) => (t ? { ...t, inquiries: [...t.inquiries, fresh] } : t));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };
  const ask = (text: string) => (text.trim() ? submit({ query: text.trim() }) : Promise.resolve());
  const requery = (semantic_query: Query, title?: string) => submit(title ? { semantic_query, question: title } : { semantic_query });
  const editQuestion = (text: string) => {
    setQuestion(text);
    input.current?.focus();
    input.current?.scrollIntoView({ block: 'center' });
  };

  const [renaming, setRenaming] = useState<string | null>(null);
  const rename = async (e: Event) => {
    e.preventDefault();
    try {
      const r = await api<{ title: string }>('POST', `/threads/${sessionId}/title`, { title: renaming ?? '' });
      setThread((t) => (t ? { ...t, title: r.title } : t));
      setRenaming(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = async () => {
    if (!sessionId || !confirm('Delete this thread and its answers?')) return;
    try {
      await api('DELETE', `/threads/${sessionId}`);
      navigate('history');
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const stop = async (inquiryId: string) => {
    try {
      const r = await api<InquiryStatusResponse>('POST', `/inquiries/${inquiryId}/stop`);
      setThread((t) => (t ? { ...t, inquiries: t.inquiries.map((i) => (i.inquiry_id === inquiryId ? r : i)) } : t));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const inquiries = thread?.inquiries ?? [];
  const hasQuestions = inquiries.length > 0;
  return (
    <section class="ask" aria-labelledby="ask-title">
      <hgroup>
        <h2 id="ask-title">{hasQuestions ? thread?.title || 'Thread' : 'Ask a question'}</h2>
        <p>
          {hasQuestions
            ? 'Follow-up questions build on the ones before. Remove or change a chip of a reading to ask again.'
            : 'Ask about your business data in plain language.'}
        </p>
      </hgroup>
      {hasQuestions && sessionId ? (
        renaming !== null ? (
          <RenameForm label="Thread name" value={renaming} onInput={setRenaming} onSubmit={rename} onCancel={() => setRenaming(null)} />
        ) : (
          <div class="row-actions thread-actions">
            <button type="button" class="secondary outline small" onClick={() => setRenaming(thread?.title ?? '')}>
              Rename
            </button>
            <button type="button" class="secondary outline small" onClick={() => void remove()}>
              Delete thread
            </button>
          </div>
        )
      ) : null}
      {sessionId && !thread && !error ? <p aria-busy="true">Loading the thread…</p> : null}
      <div class="turns">
        {inquiries.map((i) => (
          <Answer
            key={i.inquiry_id}
            inquiry={i}
            suggestions={starters.slice(0, 3)}
            busy={busy}
            onAsk={(q) => void ask(q)}
            onRequery={(q, title) => void requery(q, title)}
            onEditQuestion={editQuestion}
            onStop={(id) => void stop(id)}
          />
        ))}
      </div>
      <ErrorNote error={error} />
      <form
        class="question-box"
        onSubmit={(e) => {
          e.preventDefault();
          void ask(question);
        }}
      >
        <label for="question">{hasQuestions ? 'Follow-up question' : 'Your question'}</label>
        <textarea
          id="question"
          ref={input}
          autofocus
          name="question"
          rows={2}
          maxLength={2000}
          required
          placeholder={hasQuestions ? 'e.g. only for Europe' : 'e.g. Revenue by region in 1997'}
          value={question}
          onInput={(e) => setQuestion((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void ask(question);
            }
          }}
        />
        <small>Enter asks; Shift+Enter starts a new line.</small>
        <div class="actions">
          <button type="submit" aria-busy={busy} disabled={busy}>
            {hasQuestions ? 'Ask follow-up' : 'Ask'}
          </button>
          {hasQuestions ? (
            <a href="#/ask" role="button" class="secondary outline">
              New thread
            </a>
          ) : null}
        </div>
      </form>
      {!sessionId && starters.length > 0 ? (
        <section class="starters" aria-labelledby="starters-title">
          <h3 id="starters-title">Start from</h3>
          <ul class="chips">
            {starters.map((q) => (
              <li>
                <button type="button" class="secondary outline" onClick={() => void ask(q)}>
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
