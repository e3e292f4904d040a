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
    const r = buildAnswer(input({ metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'month' }], time_range: THIS_YEAR }, [col.month, col.revenue], rows));
    expect(r.answer).toMatch(/The last month \(1998-08-01\) is partial/);
    expect(r.answer_explanation.incomplete_periods).toEqual(expect.arrayContaining([expect.stringMatching(/last month .* partial/)]));
  });
  it('a yearly trend ending in the current year flags that year; one ending earlier does not', () => {
    const partial = buildAnswer(input({ metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'year' }] }, [col.year, col.revenue], [{ order_date_year: 1997, revenue: 5 }, { order_date_year: 1998, revenue: 2 }]));
    expect(partial.answer).toMatch(/The last year \(1998\) is partial/);
    const complete = buildAnswer(input({ metrics: ['revenue'], group_by: [{ dimension: 'order_date', grain: 'year' }] }, [col.year, col.revenue], [{ order_date_year: 1996, revenue: 5 }, { order_date_year: 1997, revenue: 2 }]));
    expect(complete.answer_explanation.incomplete_periods).toEqual([]);
  });
});
