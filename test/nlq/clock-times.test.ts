/**
 * Times of day said every way on columns that keep them (`time.ts`, `constructions/clock-column.ts`), on small
 * models of our own: a railway (services with departure and arrival kept as whole numbers HHMM), a school
 * timetable (lessons with start and end TIME columns), and a concert hall (a start time HHMM beside a date).
 * Bare numbers ("before 1000") are times only on HHMM columns and only where no date or year could take them;
 * the start or end column is the one the nearest verb or noun names; "around 7pm" and an unnamed column of two
 * are refused.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, PostgresDialect } from '../../src/semantic/dialects/index.js';
import { askHall, askRail, askSchool, queryOf, railway, school } from './clock-fixture.js';

const filtersOf = (r: Parameters<typeof queryOf>[0]) => queryOf(r).filters;

describe('clock literals', () => {
  it('bare HHMM numbers on HHMM columns: before, after, between, at', () => {
    expect(filtersOf(askRail('services departing before 1000'))).toEqual([{ dimension: 'departure_time', op: 'lt', values: [1000] }]);
    expect(filtersOf(askRail('which services leave after 1900'))).toEqual([{ dimension: 'departure_time', op: 'gte', values: [1900] }]);
    expect(filtersOf(askRail('how many trains arrive between 2000 and 2130'))).toEqual([
      { dimension: 'arrival_time', op: 'gte', values: [2000] },
      { dimension: 'arrival_time', op: 'lt', values: [2130] },
    ]);
    const at = askRail('services leaving at 745');
    expect(filtersOf(at)).toEqual([{ dimension: 'departure_time', op: 'eq', values: [745] }]);
    expect(at.kind === 'query' && at.notes).toContain('Read "at 745" as Departure time at 07:45');
  });
  it("am/pm written together, o'clock, noon, on both kinds of column", () => {
    expect(filtersOf(askRail('services departing at 615pm'))).toEqual([{ dimension: 'departure_time', op: 'eq', values: [1815] }]);
    expect(filtersOf(askRail("services arriving before 17 o'clock"))).toEqual([{ dimension: 'arrival_time', op: 'lt', values: [1700] }]);
    expect(filtersOf(askRail("services leaving at 8 o'clock pm"))).toEqual([{ dimension: 'departure_time', op: 'eq', values: [2000] }]);
    const noon = queryOf(askSchool('lessons that end before noon'));
    expect(noon.filters).toEqual([{ dimension: 'end_time', op: 'lt', values: ['12:00:00'] }]);
    expect(compile(school, noon, new PostgresDialect()).sql).toContain("t0.end_time < '12:00:00'");
    expect(filtersOf(askSchool('lessons that start at 9:15am'))).toEqual([
      { dimension: 'start_time', op: 'gte', values: ['09:15:00'] },
      { dimension: 'start_time', op: 'lt', values: ['09:16:00'] },
    ]);
  });
  it('a year-like number stays a year where the rows keep a date', () => {
    expect(queryOf(askHall('how many concerts after 1999')).time_range?.start).toBe('2000-01-01');
    expect(askHall('concerts starting before 1000').kind).not.toBe('query');
  });
  it('a bare number is no time on a TIME column, nor a sum of money, nor "around" a time', () => {
    expect(askSchool('lessons starting before 1000').kind).not.toBe('query');
    expect(askRail('trains departing after 1900 dollars').kind).not.toBe('query');
    const around = askRail('trains departing around 7 pm');
    expect(around.kind).toBe('out_of_scope');
    expect('reason' in around && around.reason).toContain('between 18:30 and 19:30');
    expect(askRail("trains leaving at 7 o'clock").kind).not.toBe('query');
  });
});

describe('which clock column', () => {
  it('the nearest verb or noun before the time names the start or the end', () => {
    expect(filtersOf(askRail('trains from Kirkby that arrive in Wenford before 1000'))).toEqual([
      { dimension: 'origin', op: 'eq', values: ['Kirkby'] },
      { dimension: 'destination', op: 'eq', values: ['Wenford'] },
      { dimension: 'arrival_time', op: 'lt', values: [1000] },
    ]);
    expect(filtersOf(askRail('services leaving after 1200 and arriving before 1500'))).toEqual([
      { dimension: 'departure_time', op: 'gte', values: [1200] },
      { dimension: 'arrival_time', op: 'lt', values: [1500] },
    ]);
    expect(filtersOf(askSchool('lessons that begin after 9am and finish before 11am'))).toEqual([
      { dimension: 'start_time', op: 'gte', values: ['09:00:00'] },
      { dimension: 'end_time', op: 'lt', values: ['11:00:00'] },
    ]);
  });
  it('two clock columns and no word naming one: refused, naming both', () => {
    const r = askRail('how many trains before 10 am');
    expect(r.kind).toBe('out_of_scope');
    expect('reason' in r && r.reason).toContain('departure time or the arrival time');
    expect(askSchool('how many lessons in the afternoon').kind).not.toBe('query');
  });
});

describe('parts of the day said before the thing', () => {
  it('"morning services", "evening lessons that start": the range named in the note', () => {
    const r = askRail('morning trains departing from Kirkby');
    expect(filtersOf(r)).toEqual([
      { dimension: 'origin', op: 'eq', values: ['Kirkby'] },
      { dimension: 'departure_time', op: 'gte', values: [500] },
      { dimension: 'departure_time', op: 'lt', values: [1200] },
    ]);
    expect(r.kind === 'query' && r.notes).toContain('Read "morning" as Departure time from 05:00 and before 12:00');
    const night = queryOf(askRail('night trains arriving in Wenford'));
    expect(compile(railway, night, new DuckDbDialect()).sql).toContain('((t0.arrival_time >= 2100) OR (t0.arrival_time < 500))');
  });
  it('"early morning", and a part of the day of two clocks, stay refused', () => {
    expect(askRail('early morning trains departing from Kirkby').kind).not.toBe('query');
    expect(askRail('evening trains').kind).not.toBe('query');
  });
});

describe('earliest and latest by a time of day', () => {
  it('the one clock, or the one a word after the thing names: one row, ties kept', () => {
    const first = queryOf(askRail('the earliest service departing'));
    expect(first.order).toEqual([{ by: 'departure_time', direction: 'asc' }]);
    expect(first.limit).toBe(1);
    expect(first.with_ties).toBe(true);
    const last = queryOf(askSchool('the latest lesson ending'));
    expect(last.order).toEqual([{ by: 'end_time', direction: 'desc' }]);
    expect(last.group_by).toEqual([{ dimension: 'lesson_id' }, { dimension: 'end_time' }]);
  });
  it('two clocks and no word naming one: refused', () => {
    expect(askRail('the earliest service').kind).not.toBe('query');
    expect(askSchool('the earliest lesson').kind).not.toBe('query');
  });
});
