/**
 * Research: start an investigation (question and budget), follow its operations and progress
 * live, read the report (final_answer_html, with its tables) when it ends.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type InquiryStatusResponse, type ResearchSubmitted, type ThreadSummary } from '../api.js';
import { Chart } from '../components/Chart.js';
import { formatDate } from '../format.js';
import { href } from '../router.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { usePolledInquiry } from '../polling.js';
import { Working } from '../components/Working.js';
import { safeHtml } from '../html.js';
import { navigate } from '../router.js';
import type { ResearchOperation } from '../../../src/schemas/research.js';

export function ResearchStart() {
  const [question, setQuestion] = useState('');
  const [rounds, setRounds] = useState('2');
  const [queries, setQueries] = useState('20');
  const [minutes, setMinutes] = useState('10');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [past, setPast] = useState<ThreadSummary[] | null>(null);
  useEffect(() => {
    api<{ threads: ThreadSummary[] }>('GET', '/threads').then(
      (r) => setPast(r.threads.filter((t) => t.inquiry_type === 'research')),
      () => setPast([]),
    );
  }, []);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api<ResearchSubmitted>('POST', '/research', {
        question,
        budget: { rounds: Number(rounds), queries: Number(queries), minutes: Number(minutes) },
      });
      navigate(`research/${r.inquiry_id}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="research-title">
      <hgroup>
        <h2 id="research-title">Research</h2>
        <p>An investigation plans many questions, runs them in parallel, follows the biggest movers and writes a report.</p>
      </hgroup>
      <form onSubmit={submit}>
        <label for="research-question">Research question</label>
        <textarea
          id="research-question"
          rows={2}
          required
          maxLength={2000}
          placeholder="e.g. Why did revenue change in 1997 compared with 1996?"
          value={question}
          onInput={(e) => setQuestion((e.target as HTMLTextAreaElement).value)}
        />
        <fieldset class="budget">
          <legend>Budget</legend>
          <div class="grid">
            <label>
              Rounds
              <input
                type="number"
                name="rounds"
                min={1}
                max={5}
                step={1}
                required
                value={rounds}
                onInput={(e) => setRounds((e.target as HTMLInputElement).value)}
              />
            </label>
            <label>
              Queries
              <input
                type="number"
                name="queries"
                min={1}
                max={100}
                step={1}
                required
                value={queries}
                onInput={(e) => setQueries((e.target as HTMLInputElement).value)}
              />
            </label>
            <label>
              Minutes
              <input
                type="number"
                name="minutes"
                min={0.05}
                max={60}
                step="any"
                required
                value={minutes}
                onInput={(e) => setMinutes((e.target as HTMLInputElement).value)}
              />
            </label>
          </div>
        </fieldset>
        <ErrorNote error={error} />
        <button type="submit" aria-busy={busy} disabled={busy}>
          Start research
        </button>
      </form>
      {past && past.length > 0 ? (
        <section class="past-research" aria-labelledby="past-research-title">
          <h3 id="past-research-title">Past research</h3>
          <ul class="thread-list">
            {past.map((t) => (
              <li class="research-item" data-inquiry={t.last_inquiry_id ?? ''}>
                <a href={href(`research/${t.last_inquiry_id}`)}>{t.title}</a>
                <small>
                  <span class={`status status-${t.last_status}`}>{t.last_status?.replace(/_/g, ' ')}</span> · {formatDate(t.updated_at)}
                </small>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

type Operation = ResearchOperation;

function operationText(op: Operation): string {
  if (op.kind === 'query') return `${op.id}: ${op.question ?? op.purpose ?? ''}`;
  if (op.kind === 'plan') return `Planned the investigation${op.detail ? `: ${op.detail.split('\n')[0]}` : ''}`;
  if (op.kind === 'reflect') return `Reflected${op.detail ? `: ${op.detail.split('\n')[0]}` : ''}`;
  return 'Wrote the report';
}

export function ResearchView({ inquiryId }: { inquiryId: string }) {
  const { inquiry, setInquiry, error, setError } = usePolledInquiry(inquiryId, 1000);

  const stop = async () => {
    try {
      setInquiry(await api<InquiryStatusResponse>('POST', `/inquiries/${inquiryId}/stop`));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  if (!inquiry) return error ? <ErrorNote error={error} /> : <p aria-busy="true">Loading…</p>;
  const state = inquiry.status.general;
  const ops = (inquiry.operations ?? []) as Operation[];
  const running = state === 'processing';
  // Charts the research graph built (Vega-Lite), when the report has them.
  const charts = ((inquiry as { charts?: { from: string; title: string; spec: Record<string, unknown> }[] }).charts ?? []).filter(
    (c) => c && c.spec,
  );
  const opList = (
    <ol class="operations" aria-label="Operations">
      {ops.map((op) => (
        <li class={`op op-${op.kind} op-${op.status ?? 'done'}`} data-kind={op.kind}>
          <span class="badge">{op.kind}</span> {operationText(op)}
          {op.status && op.kind === 'query' ? (
            <small>
              {' '}
              · {op.status}
              {typeof op.row_count === 'number' ? ` · ${op.row_count} rows` : ''}
              {op.error ? ` · ${op.error}` : ''}
            </small>
          ) : null}
        </li>
      ))}
    </ol>
  );
  return (
    <section class="research" aria-labelledby="research-view-title" data-status={state}>
      <hgroup>
        <h2 id="research-view-title">{inquiry.user_input}</h2>
        <p>
          Research · <span class={`status status-${state}`}>{state.replace(/_/g, ' ')}</span>
        </p>
      </hgroup>
      <ErrorNote error={error} />
      {running ? (
        <>
          <Working since={inquiry.created_at} progress={inquiry.progress ?? 0} label="Researching…" onStop={() => void stop()} />
          <h3>Operations</h3>
          {ops.length === 0 ? <p>Planning…</p> : opList}
        </>
      ) : (
        <>
          {inquiry.error && state !== 'done' ? <p class="error-note">{inquiry.error}</p> : null}
          {inquiry.final_answer_html ? (
            <article class="report" dangerouslySetInnerHTML={safeHtml(inquiry.final_answer_html)} />
          ) : inquiry.final_answer ? (
            <article class="report">
              <pre>{inquiry.final_answer}</pre>
            </article>
          ) : null}
          {charts.length > 0 ? (
            <section class="report-charts" aria-label="Charts of the report">
              {charts.map((c) => (
                <div class="report-chart" data-from={c.from}>
                  <h3>{c.title}</h3>
                  <Chart spec={c.spec} title={c.title} />
                </div>
              ))}
            </section>
          ) : null}
          {ops.length > 0 ? (
            <details>
              <summary>Operations ({ops.length})</summary>
              {opList}
            </details>
          ) : null}
        </>
      )}
      <p>
        <a href="#/research">Start another research</a>
      </p>
    </section>
  );
}
