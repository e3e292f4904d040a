/**
 * An answer's result in the chosen view: a chart (bar, line, area), the table, or a single value
 * as a big number with its comparison. The view switcher offers only the views that fit.
 */
import type { InquiryStatusResponse } from '../api.js';
import { useState } from 'preact/hooks';
import { VIEW_NAMES, canSwapAxes, fittingViews, metaOf, specFor, swapAxes, type ChartView } from '../charts.js';
import { columnStyle, headlineCell, styledCell } from '../format.js';
import { Chart } from './Chart.js';
import { DataTable } from './DataTable.js';

interface Props {
  inquiry: InquiryStatusResponse;
  view: ChartView;
  onView?: (view: ChartView) => void;
  /** Dashboards: no table tools under a chart. */
  compact?: boolean;
}

function BigNumber({ inquiry }: { inquiry: InquiryStatusResponse }) {
  const row = inquiry.data?.data?.[0] ?? {};
  const style = columnStyle(inquiry);
  const meta = metaOf(inquiry);
  const field = meta.value?.field ?? Object.keys(row).find((k) => typeof row[k] === 'number') ?? '';
  const previous = (inquiry.semantic_query as { comparison?: { previous: { label?: string; start: string } } } | undefined)?.comparison
    ?.previous;
  const pct = row[`${field}_change_pct`];
  return (
    <figure class="big-number" aria-label={`${style.labels[field] ?? field}: ${styledCell(field, row[field], style)}`}>
      <figcaption>{style.labels[field] ?? field}</figcaption>
      <p class="value" title={styledCell(field, row[field], style)}>
        {headlineCell(field, row[field], style)}
      </p>
      {typeof pct === 'number' || row[`${field}_previous`] !== undefined ? (
        <p class={`comparison ${typeof pct === 'number' ? (pct >= 0 ? 'up' : 'down') : ''}`}>
          {typeof pct === 'number' ? `${pct >= 0 ? '▲' : '▼'} ${styledCell(`${field}_change_pct`, pct, style)}` : ''} vs{' '}
          {previous?.label ?? 'the previous period'}
          {row[`${field}_previous`] !== undefined ? ` (${headlineCell(`${field}_previous`, row[`${field}_previous`], style)})` : ''}
        </p>
      ) : null}
    </figure>
  );
}

export function ResultView({ inquiry, view, onView, compact }: Props) {
  const rows = inquiry.data?.data ?? [];
  const views = fittingViews(inquiry);
  const spec = metaOf(inquiry).vega_lite;
  const style = columnStyle(inquiry);
  const title = inquiry.data?.title || inquiry.user_input;
  const [swapped, setSwapped] = useState(false);
  const swappable = view === 'bar' && !!onView && canSwapAxes(inquiry);
  return (
    <div class="result-view" data-view={view}>
      {onView && views.length > 1 ? (
        <div class="view-switch" role="radiogroup" aria-label="Show as">
          {views.map((v) => (
            <button
              type="button"
              role="radio"
              aria-checked={v === view}
              class={`small ${v === view ? '' : 'secondary outline'}`}
              onClick={() => onView(v)}
            >
              {VIEW_NAMES[v]}
            </button>
          ))}
          {swappable ? (
            <button type="button" class="secondary outline small" aria-pressed={swapped} onClick={() => setSwapped((x) => !x)}>
              Swap axes
            </button>
          ) : null}
        </div>
      ) : null}
      {view === 'number' ? <BigNumber inquiry={inquiry} /> : null}
      {(view === 'bar' || view === 'line' || view === 'area') && spec && rows.length > 0 ? (
        <Chart spec={swappable && swapped ? swapAxes(specFor(spec, view)) : specFor(spec, view)} title={title} />
      ) : null}
      {view === 'table' || !compact ? (
        <DataTable title={inquiry.data?.title ?? ''} rows={rows} symbols={inquiry.data?.symbols} style={style} limit={compact ? 50 : 500} />
      ) : null}
    </div>
  );
}
