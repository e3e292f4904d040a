/** A result table: sortable by any column (click or Enter on its header), downloadable as CSV. */
import { useMemo, useState } from 'preact/hooks';
import { downloadText, fileSafe, formatCell, styledCell, toCsv, type ColumnStyle } from '../format.js';

interface Props {
  title: string;
  rows: Record<string, unknown>[];
  symbols?: Record<string, string>;
  /** Show at most this many rows (the CSV has them all). */
  limit?: number;
  /** Labels, time grains and formats from the model; the CSV keeps raw names and values. */
  style?: ColumnStyle;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

export function DataTable({ title, rows, symbols = {}, limit = 500, style }: Props) {
  const columns = useMemo(() => [...new Set(rows.flatMap((r) => Object.keys(r)))], [rows]);
  const [sort, setSort] = useState<{ column: string; direction: 'ascending' | 'descending' } | null>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const out = [...rows].sort((x, y) => compare(x[sort.column], y[sort.column]));
    return sort.direction === 'descending' ? out.reverse() : out;
  }, [rows, sort]);
  if (rows.length === 0) return null;
  const numeric = (c: string) => rows.every((r) => r[c] === null || typeof r[c] === 'number');
  const toggle = (column: string) =>
    setSort((s) =>
      s?.column === column
        ? { column, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: numeric(column) ? 'descending' : 'ascending' },
    );
  return (
    <section class="data-table" aria-label={`Table: ${title || 'result'}`}>
      <div class="table-tools">
        <small>
          {rows.length} {rows.length === 1 ? 'row' : 'rows'}
          {rows.length > limit ? ` (first ${limit} shown)` : ''}
        </small>
        <button type="button" class="secondary outline small" onClick={() => downloadText(`${fileSafe(title)}.csv`, toCsv(columns, rows))}>
          Download CSV
        </button>
      </div>
      <div class="overflow-auto">
        <table class="striped">
          {title ? <caption>{title}</caption> : null}
          <thead>
            <tr>
              {columns.map((c) => (
                <th scope="col" aria-sort={sort?.column === c ? sort.direction : 'none'} class={numeric(c) ? 'num' : ''}>
                  <button type="button" class="sort" onClick={() => toggle(c)} title={`Sort by ${style?.labels[c] ?? c}`}>
                    {style?.labels[c] ?? c}
                    <span aria-hidden="true">{sort?.column === c ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.slice(0, limit).map((r) => (
              <tr>
                {columns.map((c) => (
                  <td class={typeof r[c] === 'number' ? 'num' : ''}>{style ? styledCell(c, r[c], style) : formatCell(r[c], symbols[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
