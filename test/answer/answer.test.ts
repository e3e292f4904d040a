import { describe, expect, it } from 'vitest';
import { buildAnswer, buildNoDataAnswer, buildTerminalAnswer, emptyAnswerFields, VEGA_LITE_SCHEMA } from '../../src/answer/index.js';
import type { AnswerResult, ChartMetadata } from '../../src/answer/index.js';
import { Y1997, col, input } from './fixtures.js';

/** Fields a Vega-Lite encoding references (unescaped), transform outputs excluded. */
function encodedFields(spec: Record<string, unknown>): string[] {
  const produced = new Set<string>();
  for (const t of (spec.transform as Record<string, unknown>[] | undefined) ?? []) {
    const as = t.as;
    if (Array.isArray(as)) as.forEach((a) => produced.add(String(a)));
    else if (typeof as === 'string') produced.add(as);
    for (const w of (t.window as { as: string }[] | undefined) ?? []) produced.add(w.as);
  }
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.field === 'string' && !produced.has(o.field)) out.push(o.field.replace(/\\(.)/g, '$1'));
      Object.values(o).forEach(visit);
    }
  };
  visit(spec.encoding);
  // a table folds the row columns into key/value pairs
  for (const t of (spec.transform as Record<string, unknown>[] | undefined) ?? []) {
    for (const f of (t.fold as string[] | undefined) ?? []) out.push(f.replace(/\\(.)/g, '$1'));
  }
  return out;
}

function expectCompleteSpec(result: AnswerResult): Record<string, unknown> {
  const meta = result.chart.chart_metadata as ChartMetadata;
  const spec = meta.vega_lite;
  expect(spec.$schema).toBe(VEGA_LITE_SCHEMA);
  expect(spec.mark).toBeTruthy();
  expect(spec.encoding).toBeTruthy();
  expect((spec.data as { values: unknown[] }).values).toEqual(result.data.data);
  const rowKeys = new Set(result.data.data.flatMap((r) => Object.keys(r)));
  const fields = encodedFields(spec);
  expect(fields.length).toBeGreaterThan(0);
  for (const f of fields) expect(rowKeys.has(f), `encoded field ${f} is a column`).toBe(true);
  expect(result.chart.chart_data).toEqual(result.data.data);
  expect(result.status).toEqual({ answer: 'ready', chart: 'ready' });
  return spec;
}

const regions = [
  { region: 'AMERICA', revenue: 62_345_678.12345679, revenue_share: 0.2012345678 },
  { region: 'EUROPE', revenue: 65_432_109.98765432, revenue_share: 0.2112345678 },
  { region: 'AFRICA', revenue: 60_000_000.5, revenue_share: 0.1937 },
];

describe('chart type from the shape of the result', () => {
  it('kpi for a single number', () => {
    const r = buildAnswer(input({ metrics: ['revenue'], time_range: Y1997 }, [col.revenue], [{ revenue: 1_234_567_890.123 }]));
    expect(r.chart.chart_type).toBe('kpi');
    const spec = expectCompleteSpec(r);
    expect((spec.mark as { type: string }).type).toBe('text');
    expect(r.answer).toBe('Revenue in 1997 was <b>$1.23B</b>.');
  });

  it('line for a time series, with a temporal x axis', () => {
    const rows = [
      { order_date_month: '1997-01-01', revenue: 10.5 },
      { order_date_month: '1997-02-01', revenue: 30.25 },
      { order_date_month: '1997-03-01', revenue: 20 },
    ];
    const r = buildAnswer(
      input(
        { metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'month' }], time_range: Y1997 },
        [col.month, col.revenue],
        rows,
      ),
    );
    expect(r.chart.chart_type).toBe('line');
    const spec = expectCompleteSpec(r);
    const enc = spec.encoding as Record<string, Record<string, unknown>>;
    expect(enc.x).toMatchObject({ field: 'order_date_month', type: 'temporal', timeUnit: 'utcyearmonth' });
    expect(enc.y).toMatchObject({ field: 'revenue', type: 'quantitative' });
    expect(r.answer).toContain('<b>$10.50</b> in Jan 1997');
    expect(r.answer).toContain('<b>$20.00</b> in Mar 1997');
    expect(r.answer).toContain('peaked at <b>$30.25</b> in Feb 1997');
    expect(r.data.title).toBe('Revenue by month, 1997');
  });

  it('line with an ordinal axis when years come as numbers', () => {
    const rows = [
      { year: 1992, revenue: 1 },
      { year: 1993, revenue: 2 },
    ];
    const r = buildAnswer(
      input(
        { metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'year' }] },
        [{ name: 'year', kind: 'time', ref: 'order_date', grain: 'year' }, col.revenue],
        rows,
      ),
    );
    expect(r.chart.chart_type).toBe('line');
    const enc = expectCompleteSpec(r).encoding as Record<string, Record<string, unknown>>;
    expect(enc.x.type).toBe('ordinal');
  });

  it('bar for a categorical breakdown', () => {
    const r = buildAnswer(
      input(
        { metrics: ['revenue'], group_by: [{ dimension: 'region' }], share_of_total: ['revenue'], time_range: Y1997 },
        [col.region, col.revenue, col.revenueShare],
        regions,
      ),
    );
    expect(r.chart.chart_type).toBe('bar');
    const spec = expectCompleteSpec(r);
    const enc = spec.encoding as Record<string, Record<string, unknown>>;
    expect(enc.x).toMatchObject({ field: 'region', type: 'nominal' });
    expect(enc.y).toMatchObject({ field: 'revenue', type: 'quantitative' });
    const meta = r.chart.chart_metadata as ChartMetadata;
    expect(meta.x_axis?.field).toBe('region');
    expect(meta.y_axis).toMatchObject({ field: 'revenue', unit: '$' });
    expect(r.answer).toContain('<b>3</b> regions');
    expect(r.answer).toContain('the highest is <b>EUROPE</b> with <b>$65.43M</b> (<b>21.1%</b> of the total)');
    expect(r.answer).toContain('the lowest <b>AFRICA</b> with <b>$60.00M</b>');
    expect(r.data.title).toBe('Revenue by region, 1997');
  });

  it('bar sorted descending for a ranking, naming the leaders', () => {
    const rows = [
      { customer: 'Customer#001', revenue: 500.75 },
      { customer: 'Customer#002', revenue: 400.25 },
      { customer: 'Customer#003', revenue: 300 },
    ];
    const r = buildAnswer(
      input(
        {
          metrics: ['revenue'],
          group_by: [{ dimension: 'customer' }],
          order: [{ by: 'revenue', direction: 'desc' }],
          limit: 3,
          time_range: Y1997,
        },
        [col.customer, col.revenue],
        rows,
      ),
    );
    expect(r.chart.chart_type).toBe('bar');
    const enc = expectCompleteSpec(r).encoding as Record<string, Record<string, unknown>>;
    const catChannel = enc.x.field === 'customer' ? enc.x : enc.y;
    expect(catChannel.sort).toMatch(/^-[xy]$/);
    expect(r.answer).toContain('The top 3 customers by revenue in 1997');
    expect(r.answer).toContain('<b>Customer#001</b> (<b>$500.75</b>)');
    expect(r.data.title).toBe('Top 3 customers by revenue, 1997');
  });

  it('names the single leader of a top-1 ranking', () => {
    const r = buildAnswer(
      input(
        {
          metrics: ['average_discount'],
          group_by: [{ dimension: 'ship_mode' }],
          order: [{ by: 'average_discount', direction: 'asc' }],
          limit: 1,
        },
        [col.shipMode, col.discount],
        [{ ship_mode: 'MAIL', average_discount: 0.0498765 }],
      ),
    );
    expect(r.answer).toMatch(/^<b>MAIL<\/b> had the lowest average discount .*with <b>4\.99%<\/b>\.$/);
  });

  it('grouped_bar for two categorical dimensions', () => {
    const rows = [
      { region: 'EUROPE', order_status: 'F', orders: 10 },
      { region: 'EUROPE', order_status: 'O', orders: 12 },
      { region: 'ASIA', order_status: 'F', orders: 9 },
    ];
    const r = buildAnswer(
      input(
        { metrics: ['orders'], group_by: [{ dimension: 'region' }, { dimension: 'order_status' }] },
        [col.region, col.status, col.orders],
        rows,
      ),
    );
    expect(r.chart.chart_type).toBe('grouped_bar');
    const enc = expectCompleteSpec(r).encoding as Record<string, Record<string, unknown>>;
    expect(enc.xOffset.field).toBe('order_status');
    expect(enc.color.field).toBe('order_status');
    expect((r.chart.chart_metadata as ChartMetadata).series?.field).toBe('order_status');
    expect(r.answer).toContain('<b>EUROPE, O (open)</b> with <b>12</b>');
  });

  it('multi_line for time x category', () => {
    const rows = [
      { order_date_year: '1996-01-01', region: 'ASIA', revenue: 1 },
      { order_date_year: '1997-01-01', region: 'ASIA', revenue: 2 },
      { order_date_year: '1996-01-01', region: 'EUROPE', revenue: 3 },
      { order_date_year: '1997-01-01', region: 'EUROPE', revenue: 4 },
    ];
    const r = buildAnswer(
      input(
        { metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'year' }, { dimension: 'region' }] },
        [col.year, col.region, col.revenue],
        rows,
      ),
    );
    expect(r.chart.chart_type).toBe('multi_line');
    const enc = expectCompleteSpec(r).encoding as Record<string, Record<string, unknown>>;
    expect(enc.x.type).toBe('temporal');
    expect(enc.color.field).toBe('region');
  });

  it('table for more than 50 categories', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ customer: `Customer#${i}`, revenue: i * 1.5 }));
    const r = buildAnswer(input({ metrics: ['revenue'], group_by: [{ dimension: 'customer' }] }, [col.customer, col.revenue], rows));
    expect(r.chart.chart_type).toBe('table');
    expectCompleteSpec(r);
    expect(r.answer).toContain('<b>60</b> customers');
  });

  it('table for several metrics without a dimension', () => {
    const r = buildAnswer(
      input({ metrics: ['revenue', 'orders'], time_range: Y1997 }, [col.revenue, col.orders], [{ revenue: 1_500_000, orders: 1234 }]),
    );
    expect(r.chart.chart_type).toBe('table');
    expectCompleteSpec(r);
    expect(r.answer).toBe('In 1997: revenue <b>$1.50M</b> and orders <b>1,234</b>.');
  });
});

describe('data.data carries raw values', () => {
  it('keeps numbers unrounded, codes as stored and dates as given, keyed by column name', () => {
    const rows = [
      { order_date_month: '1997-01-01', order_status: 'F', revenue: 1234567.891234567, average_discount: 0.049876543 },
      { order_date_month: '1997-02-01T00:00:00.000Z', order_status: 'O', revenue: 0.1 + 0.2, average_discount: null },
    ];
    const copy = structuredClone(rows);
    const r = buildAnswer(
      input(
        {
          metrics: ['revenue', 'average_discount'],
          group_by: [{ dimension: 'order_date', grain: 'month' }, { dimension: 'order_status' }],
        },
        [col.month, col.status, col.revenue, col.discount],
        rows,
      ),
    );
    expect(r.data.data).toEqual(copy);
    expect(rows).toEqual(copy); // input not mutated
    expect(r.data.symbols).toEqual({ revenue: '$', average_discount: '%' });
    expect(r.data.semantic_types).toEqual({
      order_date_month: 'time',
      order_status: 'dimension',
      revenue: 'currency',
      average_discount: 'percent',
    });
  });
});

describe('answer text', () => {
  it('formats percent fractions and bolds them', () => {
    const r = buildAnswer(input({ metrics: ['average_discount'], time_range: Y1997 }, [col.discount], [{ average_discount: 0.0500123 }]));
    expect(r.answer).toBe('Average discount in 1997 was <b>5.00%</b>.');
    const spec = (r.chart.chart_metadata as ChartMetadata).vega_lite;
    expect((spec.encoding as Record<string, Record<string, unknown>>).text.format).toBe('.2%');
  });

  it('counts with thousands separators, filters named, durations in days', () => {
    const r = buildAnswer(
      input(
        {
          metrics: ['orders'],
          filters: [{ dimension: 'order_status', op: 'in', values: ['F', 'O'] }],
          time_range: { start: '1998-04-01', end: '1998-07-01', label: 'last quarter' },
        },
        [col.orders],
        [{ orders: 1234567 }],
      ),
    );
    expect(r.answer).toBe('There were <b>1,234,567</b> orders for order status F (fulfilled) or O (open) in Q2 1998 (last quarter).');
    const d = buildAnswer(
      input({ metrics: ['days_to_ship'] }, [col.days], [{ days_to_ship: 60.51234 }], {
        dataRange: { start: '1992-01-01', end: '1998-08-02' },
      }),
    );
    expect(d.answer).toBe('Days to ship across all data (1992-01-01 to 1998-08-02) is <b>60.5 days</b>.');
  });

  it('says when rows were truncated', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ customer: `C${i}`, revenue: i }));
    const r = buildAnswer(
      input({ metrics: ['revenue'], group_by: [{ dimension: 'customer' }] }, [col.customer, col.revenue], rows, { truncated: true }),
    );
    expect(r.answer).toContain('at least <b>10</b> customers');
    expect(r.answer).toContain('truncated');
    expect(r.explanation).toContain('truncated');
  });

  it('escapes dimension values and keeps only its own <b> tags', () => {
    const evil = '<script>alert(1)</script>';
    const r = buildAnswer(
      input(
        {
          metrics: ['revenue'],
          group_by: [{ dimension: 'customer' }],
          filters: [{ dimension: 'region', op: 'eq', values: ['<img src=x onerror=alert(1)>'] }],
        },
        [col.customer, col.revenue],
        [
          { customer: evil, revenue: 10 },
          { customer: 'Bob & Co', revenue: 5 },
        ],
        { question: evil },
      ),
    );
    expect(r.answer).not.toContain('<script>');
    expect(r.answer).not.toContain('<img');
    expect(r.answer).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(r.answer).toContain('Bob &amp; Co');
    const tags = r.answer.match(/<\/?[a-z][^>]*>/gi) ?? [];
    expect(tags.every((t) => t === '<b>' || t === '</b>')).toBe(true);
    // raw data stays raw
    expect(r.data.data[0].customer).toBe(evil);
  });

  it('escapes the question in the no-data answer', () => {
    const q = 'Revenue in 2005 <script>alert("x")</script>?';
    const r = buildNoDataAnswer(
      input({ metrics: ['revenue'], time_range: { start: '2005-01-01', end: '2006-01-01', label: '2005' } }, [col.revenue], [], {
        question: q,
      }),
    );
    expect(r.answer).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(r.answer).not.toContain('<script>');
    expect(r.answer).toContain('in 2005');
    expect(r.time_frame).toBe('2005-01-01 to 2005-12-31');
    expect(r.data.data).toEqual([]);
    expect(r.chart).toEqual({ chart_type: '', chart_metadata: {}, chart_data: [] });
    expect(r.sql_query).toBe('SELECT 1');
  });

  it('buildAnswer with no rows gives the no-data answer', () => {
    const r = buildAnswer(input({ metrics: ['revenue'], time_range: Y1997 }, [col.revenue], []));
    expect(r.answer).toMatch(/^No data was found/);
    expect(r.data.data).toEqual([]);
  });
});

describe('time frame, explanation, answer_explanation', () => {
  it('shows the period with an inclusive end', () => {
    const r = buildAnswer(input({ metrics: ['revenue'], time_range: Y1997 }, [col.revenue], [{ revenue: 1 }]));
    expect(r.time_frame).toBe('1997-01-01 to 1997-12-31');
    expect(r.explanation).toContain('Revenue: sum of price after discount over sales lines.');
    expect(r.explanation).toContain('dated by order date (order_date)');
    expect(r.answer_explanation).toMatchObject({
      metrics: [{ name: 'revenue', label: 'Revenue', definition: 'Sum of price after discount over sales lines.' }],
      period: { start: '1997-01-01', end: '1997-12-31', end_exclusive: '1998-01-01', label: '1997', dated_by: ['order_date'] },
      source_entities: ['sales', 'orders'],
    });
  });

  it('says "all data" with the data range when no period was given', () => {
    const base = input({ metrics: ['revenue'] }, [col.revenue], [{ revenue: 1 }]);
    expect(buildAnswer({ ...base, dataRange: { start: '1992-01-01', end: '1998-08-02' } }).time_frame).toBe(
      'all data (1992-01-01 to 1998-08-02)',
    );
    expect(buildAnswer(base).time_frame).toBe('all data (up to 1998-08-02)');
  });

  it('reports request filters, ranking and the dialect', () => {
    const r = buildAnswer(
      input(
        {
          metrics: ['revenue'],
          group_by: [{ dimension: 'customer' }],
          filters: [{ dimension: 'region', op: 'eq', values: ['EUROPE'] }],
          order: [{ by: 'revenue', direction: 'desc' }],
          limit: 2,
        },
        [col.customer, col.revenue],
        [
          { customer: 'A', revenue: 2 },
          { customer: 'B', revenue: 1 },
        ],
        { filtersFromRequest: [{ dimension: 'region', op: 'eq', values: ['EUROPE'] }], dialect: 'duckdb' },
      ),
    );
    expect(r.explanation).toContain("Scoped by the request's dimensions to region EUROPE.");
    expect(r.explanation).toContain('Ordered by revenue, highest first; the first 2 are kept.');
    expect(r.answer_explanation).toMatchObject({
      filters: [{ dimension: 'region', op: 'eq', values: ['EUROPE'], source: 'request' }],
      limit: 2,
      sql_dialect: 'duckdb',
    });
    expect(r.thinking.messages.length).toBeGreaterThan(0);
    expect(r.thinking.title).not.toBe('');
  });

  it('notes that stock metrics are not dated', () => {
    const r = buildAnswer(input({ metrics: ['customers'] }, [col.customers], [{ customers: 15000 }]));
    expect(r.answer).toBe('There are <b>15,000</b> customers.');
  });
});

describe('empty and terminal shapes', () => {
  it('emptyAnswerFields has every field, empty', () => {
    expect(emptyAnswerFields()).toEqual({
      answer: '',
      sql_query: '',
      data: { title: '', data: [], symbols: {}, semantic_types: {} },
      chart: { chart_type: '', chart_metadata: {}, chart_data: [] },
      explanation: '',
      time_frame: '',
      answer_explanation: {},
      thinking: { title: '', messages: [] },
    });
    // fresh objects each call
    const a = emptyAnswerFields();
    a.data.data.push({ x: 1 });
    expect(emptyAnswerFields().data.data).toEqual([]);
  });

  it('passes an out_of_scope reason through, escaped in the answer', () => {
    const r = buildTerminalAnswer('out_of_scope', { reason: 'No <marketing> data.', suggestions: ['revenue'] });
    expect(r.answer).toBe('No &lt;marketing&gt; data. You can ask about: revenue.');
    expect(r.explanation).toBe('No <marketing> data. You can ask about: revenue.');
    expect(r.data).toEqual(emptyAnswerFields().data);
    expect(r.chart).toEqual(emptyAnswerFields().chart);
    expect(buildTerminalAnswer('out_of_domain').answer).toMatch(/outside the data domain/);
  });
});
