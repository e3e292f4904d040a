/** Honest framing: a period the data does not cover to its end is named as incomplete. */
import { describe, expect, it } from 'vitest';
import { buildAnswer } from '../../src/answer/index.js';
import { Y1997, col, input } from './fixtures.js';

const Y1998 = { start: '1998-01-01', end: '1999-01-01', label: '1998' };
const THIS_YEAR = { start: '1998-01-01', end: '1998-08-03', label: 'this year' };

describe('incomplete periods (data ends 1998-08-02)', () => {
  it('a complete year is not flagged', () => {
    const r = buildAnswer(input({ metrics: ['revenue'], time_range: Y1997 }, [col.revenue], [{ revenue: 100 }]));
    expect(r.answer_explanation.incomplete_periods).toEqual([]);
    expect(r.answer).not.toMatch(/not complete|partial/);
  });
  it('the current year is flagged in the answer and the explanation', () => {
    for (const range of [Y1998, THIS_YEAR]) {
      const r = buildAnswer(input({ metrics: ['revenue'], time_range: range }, [col.revenue], [{ revenue: 100 }]));
      expect(r.answer, range.label).toMatch(/is not complete: the data ends on 1998-08-02/);
      expect(r.answer_explanation.incomplete_periods, range.label).toHaveLength(1);
    }
  });
  it('a trend whose last bucket is partial says so', () => {
    const rows = [
      { order_date_month: '1998-06-01', revenue: 300 },
      { order_date_month: '1998-07-01', revenue: 310 },
      { order_date_month: '1998-08-01', revenue: 20 },
    ];
    const r = buildAnswer(
      input(
        { metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'month' }], time_range: THIS_YEAR },
        [col.month, col.revenue],
        rows,
      ),
    );
    expect(r.answer).toMatch(/The last month \(1998-08-01\) is partial/);
    expect(r.answer_explanation.incomplete_periods).toEqual(expect.arrayContaining([expect.stringMatching(/last month .* partial/)]));
  });
  it('a yearly trend ending in the current year flags that year; one ending earlier does not', () => {
    const partial = buildAnswer(
      input(
        { metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'year' }] },
        [col.year, col.revenue],
        [
          { order_date_year: 1997, revenue: 5 },
          { order_date_year: 1998, revenue: 2 },
        ],
      ),
    );
    expect(partial.answer).toMatch(/The last year \(1998\) is partial/);
    const complete = buildAnswer(
      input(
        { metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'year' }] },
        [col.year, col.revenue],
        [
          { order_date_year: 1996, revenue: 5 },
          { order_date_year: 1997, revenue: 2 },
        ],
      ),
    );
    expect(complete.answer_explanation.incomplete_periods).toEqual([]);
  });
});

describe('constructed columns in the answer text', () => {
  it('a period comparison states the previous total, the change and the change %', () => {
    const rows = [
      { region: 'ASIA', revenue: 120, revenue_previous: 100, revenue_change: 20, revenue_change_pct: 0.2 },
      { region: 'EUROPE', revenue: 90, revenue_previous: 100, revenue_change: -10, revenue_change_pct: -0.1 },
    ];
    const cols = [
      col.region,
      col.revenue,
      {
        name: 'revenue_previous',
        kind: 'metric' as const,
        ref: 'revenue_previous',
        label: 'Revenue (1996)',
        format: { kind: 'currency' as const, unit: '$' },
      },
      {
        name: 'revenue_change',
        kind: 'metric' as const,
        ref: 'revenue_change',
        label: 'Change in revenue',
        format: { kind: 'currency' as const, unit: '$' },
      },
      {
        name: 'revenue_change_pct',
        kind: 'metric' as const,
        ref: 'revenue_change_pct',
        label: 'Change in revenue (%)',
        format: { kind: 'percent' as const, decimals: 1 },
      },
    ];
    const r = buildAnswer(
      input(
        {
          metrics: ['revenue'],
          group_by: [{ dimension: 'region' }],
          time_range: Y1997,
          comparison: { previous: { start: '1996-01-01', end: '1997-01-01', label: '1996' } },
        },
        cols,
        rows,
      ),
    );
    expect(r.answer).toContain('Against 1996: <b>$200.00</b> in total, a change of <b>+$10.00</b> (+5.0%).');
    expect(r.answer).toContain('The largest rise: <b>ASIA</b> (<b>+$20.00</b>); the largest fall: <b>EUROPE</b> (<b>-$10.00</b>).');
  });
  it('a constructed column is named by its own label', () => {
    const share = {
      name: 'orders_share_urgent',
      kind: 'metric' as const,
      ref: 'orders_share_urgent',
      label: 'Share of orders: 1-URGENT',
      format: { kind: 'percent' as const, decimals: 1 },
    };
    const r = buildAnswer(
      input(
        {
          metrics: [],
          subset_metrics: [
            {
              name: 'orders_share_urgent',
              metric: 'orders',
              filters: [{ dimension: 'order_status', op: 'eq', values: ['F'] }],
              as: 'share',
            },
          ],
          time_range: Y1997,
        },
        [share],
        [{ orders_share_urgent: 0.203 }],
      ),
    );
    expect(r.answer).toBe('Share of orders: 1-URGENT in 1997 was <b>20.3%</b>.');
  });
  it('a ratio is named by its label, defined by its two sides, and never totalled', () => {
    const ratio = {
      name: 'orders_f_to_orders_o',
      kind: 'metric' as const,
      ref: 'orders_f_to_orders_o',
      label: 'Ratio of fulfilled orders to open orders',
      format: { kind: 'number' as const, decimals: 2 },
    };
    const side = (v: string) => ({ metric: 'orders', filters: [{ dimension: 'order_status', op: 'eq' as const, values: [v] }] });
    const query = {
      metrics: [],
      group_by: [{ dimension: 'region' }],
      ratios: [{ name: ratio.name, numerator: side('F'), denominator: side('O'), label: ratio.label }],
      time_range: Y1997,
      order: [{ by: ratio.name, direction: 'desc' as const }],
    };
    const rows = [
      { region: 'ASIA', orders_f_to_orders_o: 1.5 },
      { region: 'AFRICA', orders_f_to_orders_o: 0.5 },
      { region: 'EUROPE', orders_f_to_orders_o: null },
    ];
    const r = buildAnswer(input(query, [col.region, ratio], rows));
    expect(r.answer).toMatch(/^Ratio of fulfilled orders to open orders by region in 1997/);
    expect(r.answer).toContain('<b>1.50</b>');
    expect(r.answer).not.toMatch(/total|account for/i);
    expect(r.data.title).toBe('Ratio of fulfilled orders to open orders by region, 1997');
    expect(r.answer_explanation.metrics).toEqual([
      {
        name: ratio.name,
        label: ratio.label,
        definition:
          'Orders where order status F (fulfilled) divided by orders where order status O (open), per row of the result (empty where the second is 0).',
      },
    ]);
    expect(r.explanation).toContain('Ordered by ratio of fulfilled orders to open orders, highest first.');
  });
});
