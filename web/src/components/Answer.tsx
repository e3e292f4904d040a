/** One question of a thread and what came back: answer, chart, table, SQL, explanation, thinking. */
import type { InquiryStatusResponse } from '../api.js';
import { safeHtml } from '../html.js';
import { Chart } from './Chart.js';
import { CopyButton } from './CopyButton.js';
import { DataTable } from './DataTable.js';
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
  onAsk: (question: string) => void;
  onStop: (inquiryId: string) => void;
}

export function Answer({ inquiry, suggestions, onAsk, onStop }: Props) {
  const state = inquiry.status.general;
  const spec = (inquiry.chart?.chart_metadata as { vega_lite?: Record<string, unknown> } | undefined)?.vega_lite;
  const rows = inquiry.data?.data ?? [];
  const thinking = (inquiry.thinking?.messages ?? []).map(String);
  return (
    <article class={`turn turn-${state}`} data-inquiry={inquiry.inquiry_id} data-status={state}>
      <header>
        <h3 class="question">{inquiry.user_input}</h3>
        {inquiry.time_frame ? <small class="time-frame">Time frame: {inquiry.time_frame}</small> : null}
      </header>
      {state === 'processing' ? (
        <Working since={inquiry.created_at} label="Working on it…" onStop={() => onStop(inquiry.inquiry_id)} />
      ) : state in REFUSALS ? (
        <div class="refusal" role="note">
          <p>
            <strong class="badge warn">{REFUSALS[state]}</strong>
          </p>
          <p class="answer" dangerouslySetInnerHTML={safeHtml(inquiry.answer || inquiry.error || '')} />
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
          <p class="answer" dangerouslySetInnerHTML={safeHtml(inquiry.answer || inquiry.error || '')} />
        </div>
      ) : (
        <div class="result">
          <p class="answer" dangerouslySetInnerHTML={safeHtml(inquiry.answer ?? '')} />
          {spec && rows.length > 1 ? <Chart spec={spec} title={inquiry.data?.title || inquiry.user_input} /> : null}
          <DataTable title={inquiry.data?.title ?? ''} rows={rows} symbols={inquiry.data?.symbols} />
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
          {inquiry.explanation ? (
            <details>
              <summary>Explanation</summary>
              <p class="explanation">{inquiry.explanation}</p>
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
