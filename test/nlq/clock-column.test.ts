/**
 * Times of day kept in a column (`constructions/clock-column.ts`): a gym's class start time (TIME) and a bus
 * line's departure and arrival times (whole numbers HHMM), named by a verb ("start", "departing", "leaving",
 * "arrive") or the rows' one clock; compiled for DuckDB and PostgreSQL. Two clocks and no verb, and rows dated
 * by a date and time of their own, keep their readings.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, PostgresDialect } from '../../src/semantic/dialects/index.js';
import { askBus, askGym, askShop, busLine, gym, queryOf } from './calendar-fixture.js';

describe('times of day kept in a column', () => {
  it("a gym: the classes' one start time (TIME), before, after, a part of the day", () => {
    const before = queryOf(askGym('which classes start before 10 am'), 'before');
    expect(before.filters).toEqual([{ dimension: 'start_time', op: 'lt', values: ['10:00:00'] }]);
    expect(compile(gym, before, new PostgresDialect()).sql).toContain("t0.start_time < '10:00:00'");
    const evening = queryOf(askGym('how many classes in the evening'), 'evening');
    expect(evening.filters).toEqual([
      { dimension: 'start_time', op: 'gte', values: ['17:00:00'] },
      { dimension: 'start_time', op: 'lt', values: ['21:00:00'] },
    ]);
  });
  it('a bus line: HHMM numbers, the departure or arrival a verb names; over midnight either side', () => {
    expect(queryOf(askBus('trips departing after 21:00'), 'departing').filters).toEqual([
      { dimension: 'departure_time', op: 'gte', values: [2100] },
    ]);
    expect(queryOf(askBus('which trips arrive before 9am'), 'arrive').filters).toEqual([
      { dimension: 'arrival_time', op: 'lt', values: [900] },
    ]);
    const night = queryOf(askBus('list the trips leaving at night'), 'night');
    expect(night.any_of?.[0]?.filters).toEqual([
      { dimension: 'departure_time', op: 'gte', values: [2100] },
      { dimension: 'departure_time', op: 'lt', values: [500] },
    ]);
    expect(compile(busLine, night, new DuckDbDialect()).sql).toContain('((t0.departure_time >= 2100) OR (t0.departure_time < 500))');
  });
});

describe('times of day kept in a column: neighbours', () => {
  it('two clocks and no verb naming one: which time is meant is not said', () => {
    expect(askBus('how many trips in the morning').kind).not.toBe('query');
    expect(askBus('trips before 10 am').kind).not.toBe('query');
  });
  it("a shop's orders are dated by their own stamp, never by a column", () => {
    expect(queryOf(askShop('orders before 10 am'), 'shop').time_range?.clock).toEqual({ to: '10:00' });
  });
});
