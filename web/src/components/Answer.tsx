/**
 * One question of a thread and what came back: the reading as chips (edit one, ask again), the
 * answer, the result in the chosen view (kept with the answer), pin, SQL, explanation, thinking.
 */
import { useState } from 'preact/hooks';
import { api, type InquiryStatusResponse } from '../api.js';
import { defaultView, type ChartView } from '../charts.js';
import { safeHtml, plainText } from '../html.js';
import { closestReading, labeller, readingOf, type Query } from '../reading.js';
import { CopyButton } from './CopyButton.js';
import { Overview } from './Overview.js';
import { PinButton } from './PinButton.js';
import { Reading } from './Reading.js';
import { ResultView } from './ResultView.js';
import { Working } from './Working.js';

const REFUSALS: Record<string, string> = {
  out_of_domain: 'Outside what this data is about',
  out_of_scope: 'Not answerable from the available data',
};
const ENDINGS: Record<string, string> = {
  failed: 'Could not be answered',
  timeout: 'Took too long',
  stopped: 'Stopped',
  no_data: 'No data',
};

interface Props {
  inquiry: InquiryStatusResponse;
  suggestions: string[];
  busy: boolean;
  onAsk: (question: string) => void;
  /** Ask an edited (or confirmed) reading again, in the thread. */
  onRequery: (query: Query, question?: string) => void;
  /** Put the question into the box to edit and ask again. */
  onEditQuestion: (question: string) => void;
  onStop: (inquiryId: string) => void;
}

export function Answer({ inquiry, suggestions, busy, onAsk, onRequery, onEditQuestion, onStop }: Props) {
  const state = inquiry.status.general;
  // Chosen here, else stored with the answer, else the server's own chart type (read once the answer is in).
  const [chosen, setView] = useState<ChartView | null>(null);
  const view = chosen ?? (inquiry.selected_view as ChartView | null | undefined) ?? defaultView(inquiry);
  const thinking = (inquiry.thinking?.messages ?? []).map(String);
  const label = labeller(inquiry.answer_explanation);
  const reading = readingOf(inquiry);
  const closest = closestReading(inquiry);
  const refusalText = inquiry.answer || inquiry.error || '';
  const choose = (v: ChartView) => {
    setView(v);
    void api('POST', `/inquiries/${inquiry.inquiry_id}/view`, { chart_type: v }).catch(() => undefined);
  };
  // A refusal says why once: the explanation is shown only when it adds something.
  const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
  const explanation =
    inquiry.explanation && !squash(plainText(refusalText)).includes(squash(inquiry.explanation)) ? inquiry.explanation : '';
  return (
    <article class={`turn turn-${state}`} data-inquiry={inquiry.inquiry_id} data-status={state}>
      <header>
        <h3 class="question">{inquiry.user_input}</h3>
        {inquiry.time_frame ? <small class="time-frame">Time frame: {inquiry.time_frame}</small> : null}
      </header>
      {state !== 'processing' ? (
        <div class="turn-actions">
          <button type="button" class="link small" onClick={() => onEditQuestion(inquiry.user_input)}>
            Edit question
          </button>
          <button
            type="button"
            class="link small"
            disabled={busy}
            onClick={() => (reading && !inquiry.overview ? onRequery(reading, inquiry.user_input) : onAsk(inquiry.user_input))}
          >
            Re-run
          </button>
          {/* Others of the account open the thread by its link. */}
          <CopyButton text={`${location.origin}/#/t/${inquiry.session_id}`} label="Copy link" />
        </div>
      ) : null}
      {state === 'done' && reading && !inquiry.overview ? (
        <Reading query={reading} label={label} onEdit={(q) => onRequery(q)} busy={busy} />
      ) : null}
      {state === 'processing' ? (
        <Working since={inquiry.created_at} label="Working on it…" onStop={() => onStop(inquiry.inquiry_id)} />
      ) : state in REFUSALS ? (
        <div class="refusal" role="note">
          <p>
            <strong class="badge warn">{REFUSALS[state]}</strong>
          </p>
          <p class="answer" dangerouslySetInnerHTML={safeHtml(refusalText)} />
          {closest ? (
            <div class="closest">
              <p>
                <small>The closest reading:</small>
              </p>
              <Reading query={closest.semantic_query} label={label} />
              <button
                type="button"
                class="small"
                disabled={busy}
                onClick={() => onRequery(closest.semantic_query, closest.question || undefined)}
              >
                Ask this instead
              </button>
            </div>
          ) : null}
          {suggestions.length > 0 ? (
            <div class="suggestions">
              <p>
                <small>Try one of these instead:</small>
              </p>
              <ul class="chips">
                {suggestions.map((q) => (
                  <li>
                    <button type="button" class="secondary outline small" onClick={() => onAsk(q)}>
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : state !== 'done' ? (
        <div class="ended" role="note">
          <p>
            <strong class="badge">{ENDINGS[state] ?? state}</strong>
          </p>
          <p class="answer" dangerouslySetInnerHTML={safeHtml(refusalText)} />
        </div>
      ) : (
        <div class="result">
          {inquiry.overview ? <Overview inquiry={inquiry} onDrill={(q, title) => onRequery(q, title)} /> : null}
          <p class="answer" dangerouslySetInnerHTML={safeHtml(inquiry.answer ?? '')} />
          {inquiry.overview ? null : <ResultView inquiry={inquiry} view={view} onView={choose} />}
          {reading ? <PinButton inquiryId={inquiry.inquiry_id} view={view} /> : null}
        </div>
      )}
      {state !== 'processing' ? (
        <div class="details">
          {inquiry.sql_query ? (
            <details>
              <summary>SQL</summary>
              <div class="sql-tools">
                <CopyButton text={inquiry.sql_query} label="Copy SQL" />
              </div>
              <pre class="sql">
                <code>{inquiry.sql_query}</code>
              </pre>
            </details>
          ) : null}
          {explanation ? (
            <details>
              <summary>Explanation</summary>
              <p class="explanation">{explanation}</p>
            </details>
          ) : null}
          {thinking.length > 0 ? (
            <details>
              <summary>{inquiry.thinking?.title || 'Thinking'}</summary>
              <ol class="thinking">
                {thinking.map((m) => (
                  <li>{m}</li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
