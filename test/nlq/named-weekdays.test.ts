/**
 * Days of the week named in the plural ("on Mondays", "on Saturdays and Sundays", "on Mondays, Tuesdays
 * or Fridays") or as any one of them ("on a Friday"): every such day of the period (`time_range.days`, ISO
 * day numbers of the dating date), alone or beside a period, in a shop, a club and TPC-H, compiled for
 * DuckDB, PostgreSQL and MySQL. "on Monday" (one date: which one?) stays unread on a date.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect, PostgresDialect } from '../../src/semantic/dialects/index.js';
import { askShop, queryOf, shop } from './calendar-fixture.js';
import { clubModel, clubValues } from './club-fixture.js';
import { ask as askTpch, tpch } from './helpers.js';

const askClub = (question: string) => interpret(question, { model: clubModel, values: clubValues, asOf: '2024-06-30' });

describe('days of the week on a date', () => {
  it('a shop: alone (all the data up to today), beside a year, several joined by commas, and, or', () => {
    const alone = queryOf(askShop('number of orders on Mondays'), 'alone');
    expect(alone.time_range).toMatchObject({ end: '2024-07-01', days: [1] });
    const inYear = queryOf(askShop('total takings on Saturdays and Sundays in 2023'), 'in 2023');
    expect(inYear.time_range).toMatchObject({ start: '2023-01-01', end: '2024-01-01', days: [6, 7] });
    const any = queryOf(askShop('how many orders were placed on a Friday'), 'a Friday');
    expect(any.time_range).toMatchObject({ days: [5] });
    const several = queryOf(askShop('revenue in 2023 on Mondays, Tuesdays or Fridays by channel'), 'several');
    expect(several.time_range).toMatchObject({ start: '2023-01-01', days: [1, 2, 5] });
    expect(compile(shop, several, new DuckDbDialect()).sql).toContain('CAST(EXTRACT(ISODOW FROM t0.placed_at) AS INTEGER) IN (1, 2, 5)');
    expect(compile(shop, several, new MysqlDialect()).sql).toContain('(WEEKDAY(t0.placed_at) + 1) IN (1, 2, 5)');
  });
  it('a club: fees on Wednesdays in 2023', () => {
    const q = queryOf(askClub('number of fees on Wednesdays in 2023'), 'club');
    expect(q.time_range).toMatchObject({ start: '2023-01-01', days: [3] });
  });
  it('TPC-H: revenue on Fridays in 1996, by region', () => {
    const q = queryOf(askTpch('revenue on Fridays in 1996 by region'), 'tpch');
    expect(q.time_range).toMatchObject({ start: '1996-01-01', end: '1997-01-01', days: [5] });
    expect(q.group_by).toEqual([{ dimension: 'region' }]);
    expect(compile(tpch.model, q, new PostgresDialect()).sql).toMatch(/EXTRACT\(ISODOW FROM .*\) AS INTEGER\) IN \(5\)/);
  });
});

describe('days of the week on a date: neighbours', () => {
  it('"on Monday" (one date: which one?) is not read as every Monday', () => {
    expect(askShop('number of orders on Monday').kind).not.toBe('query');
    expect(askClub('number of fees on Monday').kind).not.toBe('query');
  });
  it('named days beside another period that does not say them are refused, as weekends are', () => {
    expect(askClub('number of fees on Mondays in 2023 compared to 2022').kind).not.toBe('query');
    expect(askShop('orders on Fridays in 2023 and in 2022').kind).not.toBe('query');
  });
});
