import { describe, expect, it } from 'vitest';
import { renderReportHtml, writeReport } from '../../graphs/research/report.js';
import type { ResearchFocus, SubQuestion } from '../../graphs/research/state.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { loadModel, DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';

const model = loadModel(DEFAULT_MODEL_PATH);
const focus: ResearchFocus = {
  metric: 'revenue',
  metricLabel: 'Revenue',
  current: { start: '1997-01-01', end: '1998-01-01', label: '1997' },
  previous: { start: '1996-01-01', end: '1997-01-01', label: '1996' },
  grain: 'month',
  filters: [],
  keyDimensions: ['region'],
  contributorDimension: 'customer',
};
const q = { metrics: ['revenue'], group_by: [], filters: [], metric_filters: [], order: [], share_of_total: [] };
const plan: SubQuestion[] = [
  { id: 'q1', round: 1, angle: 'headline', question: 'headline', purpose: 'p', query: q, compare: q },
  { id: 'q2', round: 1, angle: 'breakdown', question: 'by region', purpose: 'p', query: q, compare: q, dimension: 'region' },
  { id: 'q3', round: 1, angle: 'top', question: 'top <customers>', purpose: 'p', query: q, dimension: 'customer' },
];
const op = (id: string, rows: Record<string, unknown>[]): ResearchOperation => ({
  id,
  kind: 'query',
  round: 1,
  status: 'done',
  rows,
  row_count: rows.length,
  started_at: '',
  finished_at: '',
  elapsed_ms: 1,
});
const operations = [
  op('q1', [{ current_value: 110, previous_value: 100, change: 10, change_pct: 0.1 }]),
  op('q2', [{ region: '<img src=x onerror=alert(1)>', current_value: 60, previous_value: 50, change: 10, change_pct: 0.2 }]),
  op('q3', [{ customer: 'Evil | Corp **bold** <script>', revenue: 5 }]),
];

describe('research report', () => {
  it('quotes the rows with their formats and cites the sub-query of each statement', () => {
    const md = writeReport({ question: 'Why did revenue change?', model, focus, plan, operations, asOf: '1998-08-02' });
    expect(md).toContain('**$110.00** in 1997 against **$100.00** in 1996, a change of **+$10.00** (**+10.00%**). [q1]');
    expect(md).toMatch(/\| \$60\.00 \| \$50\.00 \| \+\$10\.00 \| \+20\.00% \|/);
    expect(md).toContain('[q3]');
  });

  it('escapes text from data: no markup in the Markdown, none injected into the HTML', () => {
    const md = writeReport({ question: 'Why did <b>revenue</b> change?', model, focus, plan, operations, asOf: '1998-08-02' });
    expect(md).not.toMatch(/<[a-z/]/i);
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const html = renderReportHtml(md);
    expect(html).toContain('<h1>Revenue: 1997 compared with 1996</h1>');
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Region<\/th>/);
    expect(html).toContain('<strong>$110.00</strong>');
    expect(html).not.toMatch(/<img|<script|<b>revenue/i);
    expect(html).toContain('Evil | Corp');
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
    for (const t of tags)
      expect(['h1', 'h2', 'h3', 'p', 'strong', 'em', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td']).toContain(t);
  });

  it('renders with markdown-it with raw HTML, links and images off: nothing from data becomes markup', () => {
    const html = renderReportHtml('# Report\n\n<script>alert(1)</script> [x](javascript:alert(1)) ![i](http://e.x/i.png) <http://e.x>\n');
    expect(html).not.toMatch(/<script|<a |<img/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('[x](javascript:alert(1))');
  });
});
