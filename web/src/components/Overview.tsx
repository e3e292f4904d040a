/** The overview answer of a vague question: each headline metric now against the period before, each a drill-in. */
import type { InquiryOverview, InquiryStatusResponse } from '../api.js';
import { columnStyle, headlineCell, styledCell } from '../format.js';
import type { Query } from '../reading.js';

export function Overview({ inquiry, onDrill }: { inquiry: InquiryStatusResponse; onDrill: (query: Query, title: string) => void }) {
  const overview = inquiry.overview as InquiryOverview;
  const row = inquiry.data?.data?.[0] ?? {};
  const style = columnStyle(inquiry);
  return (
    <section class="overview" aria-label={`Overview: ${overview.period} against ${overview.previous}`}>
      <p class="overview-period">
        <small>
          {overview.period} against {overview.previous} (the latest complete quarter)
        </small>
      </p>
      <ul class="overview-cards">
        {overview.metrics.map((m) => {
          const pct = row[`${m.name}_change_pct`];
          return (
            <li class="overview-card" data-metric={m.name}>
              <span class="label">{m.label}</span>
              <strong class="value" title={styledCell(m.name, row[m.name], style)}>
                {headlineCell(m.name, row[m.name], style)}
              </strong>
              <small class={typeof pct === 'number' ? (pct >= 0 ? 'up' : 'down') : ''}>
                {typeof pct === 'number' ? `${pct >= 0 ? '▲' : '▼'} ${styledCell(`${m.name}_change_pct`, pct, style)}` : '—'} vs{' '}
                {headlineCell(`${m.name}_previous`, row[`${m.name}_previous`], style)}
              </small>
              <button
                type="button"
                class="secondary outline small"
                onClick={() => onDrill(m.drill_in as Query, `${m.label} by month, ${overview.previous} to ${overview.period}`)}
              >
                Drill into {m.label.toLowerCase()}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
