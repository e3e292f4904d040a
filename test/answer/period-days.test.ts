/** The answer says which days of the period it counts, and a same-period restriction, in words. */
import { describe, expect, it } from 'vitest';
import { buildAnswer } from '../../src/answer/index.js';
import { col, input } from './fixtures.js';

describe('answer words for days of the week and the same period', () => {
  it('says "on weekends" once (not again when the question\'s words carry it)', () => {
    const bare = buildAnswer(
      input(
        { metrics: ['revenue'], time_range: { start: '1997-01-01', end: '1998-01-01', label: '1997', days: 'weekend' } },
        [col.revenue],
        [{ revenue: 5 }],
      ),
    );
    expect(bare.answer).toContain('on weekends (Saturdays and Sundays)');
    const worded = buildAnswer(
      input(
        { metrics: ['revenue'], time_range: { start: '1997-01-01', end: '1998-01-01', label: 'on weekdays in 1997', days: 'weekday' } },
        [col.revenue],
        [{ revenue: 5 }],
      ),
    );
    expect(worded.answer.match(/weekdays/g)).toHaveLength(1);
  });
  it('says which dates fall in the same period', () => {
    const r = buildAnswer(
      input(
        { metrics: ['revenue'], same_periods: [{ dimension: 'ship_date', as: 'order_date', grain: 'month' }] },
        [col.revenue],
        [{ revenue: 5 }],
      ),
    );
    expect(r.answer).toContain('where the ship date is in the same month as the order date');
  });
});
