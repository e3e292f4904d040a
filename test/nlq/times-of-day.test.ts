/**
 * Times of day on a date and time (`time_range.clock`): "before 1pm", "after 9pm", "between 9am and 5pm",
 * "in the morning" (05:00-12:00), "at night" (21:00-05:00, over midnight), "on Friday evenings", alone or
 * beside a period, on a shop's order stamps, compiled for DuckDB, PostgreSQL and MySQL. A date with no time
 * of day (TPC-H's order date) and a nonsense time ("21:00 a.m.") are refused.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect, PostgresDialect } from '../../src/semantic/dialects/index.js';
import { askShop, queryOf, shop } from './calendar-fixture.js';
import { ask as askTpch } from './helpers.js';

const where = (sql: string) => sql.split('\n').find((l) => l.includes('WHERE')) ?? '';

describe('times of day on a date and time', () => {
  it('before, after, between: the time of day of the dating stamp', () => {
    const before = queryOf(askShop('how many orders were placed before 1pm'), 'before');
    expect(before.time_range).toMatchObject({ clock: { to: '13:00' } });
    expect(where(compile(shop, before, new DuckDbDialect()).sql)).toContain("CAST(t0.placed_at AS TIME) < TIME '13:00:00'");
    const after = queryOf(askShop('revenue in 2023 after 21:30 by channel'), 'after');
    expect(after.time_range).toMatchObject({ start: '2023-01-01', end: '2024-01-01', clock: { from: '21:30' } });
    expect(after.group_by).toEqual([{ dimension: 'channel' }]);
    const between = queryOf(askShop('orders between 9am and 5:15 pm'), 'between');
    expect(between.time_range?.clock).toEqual({ from: '09:00', to: '17:15' });
    expect(where(compile(shop, between, new MysqlDialect()).sql)).toContain(
      "CAST(t0.placed_at AS TIME) >= TIME '09:00:00' AND CAST(t0.placed_at AS TIME) < TIME '17:15:00'",
    );
  });
  it('parts of the day, with days of the week', () => {
    expect(queryOf(askShop('number of orders in the morning'), 'morning').time_range?.clock).toEqual({ from: '05:00', to: '12:00' });
    const night = queryOf(askShop('which orders were placed at night'), 'night');
    expect(where(compile(shop, night, new PostgresDialect()).sql)).toContain(
      "(CAST(t0.placed_at AS TIME) >= TIME '21:00:00' OR CAST(t0.placed_at AS TIME) < TIME '05:00:00')",
    );
    const evenings = queryOf(askShop('takings on Friday evenings in 2024'), 'evenings');
    expect(evenings.time_range).toMatchObject({ start: '2024-01-01', days: [5], clock: { from: '17:00', to: '21:00' } });
    expect(queryOf(askShop('orders on Mondays before noon'), 'noon').time_range).toMatchObject({ days: [1], clock: { to: '12:00' } });
  });
});

describe('times of day: neighbours', () => {
  it('a date with no time of day is refused', () => {
    expect(askTpch('revenue before 1pm in 1995').kind).not.toBe('query');
    expect(askTpch('how many orders in the morning').kind).not.toBe('query');
  });
  it('a time that is no time, or two different times of day, are refused', () => {
    expect(askShop('orders after 21:00 a.m.').kind).not.toBe('query');
    expect(askShop('orders before 1pm and after 9pm in 2023').kind).not.toBe('query');
  });
});
