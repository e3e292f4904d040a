/**
 * Relative periods as people qualify them: "inclusive of today", "inclusive of N days ago",
 * "excluding the current week / today / the current one", "in each of the last N weeks": each
 * one window (asserted as dates), on a small model of our own (a bakery's deliveries) over a real
 * DuckDB, checked against hand-written SQL. A qualifier that does not fit its window is refused.
 */
import { describe, expect, it } from 'vitest';
import { findTimeExpressions, OPEN_START } from '../../src/nlq/time.js';
import { askBakery, bakery, BAKERY_TODAY } from './bakery-fixture.js';
import { ask as askTpch } from './helpers.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

// a Wednesday: the current week began on Monday 2024-06-24
const TODAY = BAKERY_TODAY;

const model = bakery;
const ask = (question: string) => askBakery(question);

// one delivery on each day from 2024-04-20 to 2024-06-26 (loaves = day of month), and one after today
const TABLES = `
CREATE TABLE deliveries AS
  SELECT row_number() OVER () AS id, CASE WHEN day(d) % 2 = 0 THEN 'Blue' ELSE 'Red' END AS van, day(d) AS loaves, CAST(d AS DATE) AS dropped_on
  FROM range(DATE '2024-04-20', DATE '2024-06-28', INTERVAL 1 DAY) t(d);
`;

const window = (text: string): [string, string] => {
  const hits = findTimeExpressions(text.toLowerCase(), TODAY);
  expect(hits.length, text).toBe(1);
  // the whole phrase is read
  expect(text.toLowerCase().slice(hits[0]!.from, hits[0]!.to), text).toBe(text.toLowerCase());
  return [hits[0]!.range.start, hits[0]!.range.end];
};

describe('qualified relative periods: one window each (end exclusive)', () => {
  const cases: [string, string, string][] = [
    // the window already ends with today: restated
    ['the past 7 days, inclusive of today', '2024-06-20', '2024-06-27'],
    ['the last 7 days (including today)', '2024-06-20', '2024-06-27'],
    ['this month including today', '2024-06-01', '2024-06-27'],
    // "inclusive of N units ago": from that day through today
    ['the past 7 days, inclusive of 7 days ago', '2024-06-19', '2024-06-27'],
    ['the past month, inclusive of 1 month ago', '2024-05-26', '2024-06-27'],
    ['the last two weeks including 2 weeks ago', '2024-06-12', '2024-06-27'],
    // excluding the current unit: the N whole periods before it
    ['the last 3 weeks excluding the current week', '2024-06-03', '2024-06-24'],
    ['the last 3 weeks, not including the current one', '2024-06-03', '2024-06-24'],
    ['the last 10 days excluding today', '2024-06-16', '2024-06-26'],
    ['the past 2 calendar months (excluding the current month)', '2024-04-01', '2024-06-01'],
    ['the last 2 months, not including the current month', '2024-04-01', '2024-06-01'],
    ['the previous ISO week not including the current week', '2024-06-17', '2024-06-24'],
    ['this week excluding today', '2024-06-24', '2024-06-26'],
    // whole periods said outright
    ['the last 3 full months', '2024-03-01', '2024-06-01'],
    ['the last 2 complete weeks', '2024-06-10', '2024-06-24'],
    ['the last full week', '2024-06-17', '2024-06-24'],
    ['the past 2 whole months, excluding the current month', '2024-04-01', '2024-06-01'],
    ['the month before last', '2024-04-01', '2024-05-01'],
    ['the week before last', '2024-06-10', '2024-06-17'],
    // from the first day of a period through today
    ['since the start of the year', '2024-01-01', '2024-06-27'],
    ['since the beginning of last month', '2024-05-01', '2024-06-27'],
  ];
  for (const [text, start, end] of cases) it(text, () => expect(window(text)).toEqual([start, end]));
});

describe('qualifiers that do not fit their window are refused', () => {
  for (const question of [
    // another count than the window's
    'number of deliveries in the past 7 days, inclusive of 6 days ago',
    // calendar months are counted from the first of the month: "inclusive of 2 months ago" is another start
    'number of deliveries in the past 2 calendar months, inclusive of 2 months ago',
    // the last 3 months end before today
    'number of deliveries in the last 3 months, including today',
    // the 30 days before the month, or the 30 days less the month's?
    'number of deliveries in the last 30 days excluding the current month',
    // weeks counted in days from a Wednesday are no whole weeks: one row per week would cut them
    'number of deliveries in each of the last 2 weeks',
    // how many full months?
    'number of deliveries in the last full months',
    'number of deliveries in the last 2 full weeks, inclusive of 2 weeks ago',
    // a bound beside a period is not joined into one span (it was: from 1900, or through today)
    'number of deliveries in the last 7 days until yesterday',
    'number of deliveries in 2023 before June',
    'number of deliveries since 2023 until last month',
    'number of deliveries last year after March',
    // (with no period at all, "on weekends" is every weekend of the data: below)
    'number of deliveries in May 2024 and on weekends in June 2024',
    'number of deliveries excluding weekends in June 2024',
  ])
    it(question, () => expect(ask(question).kind).toBe('out_of_scope'));
});

describe('on weekends / on weekdays with no period: those days of all the data', () => {
  it('is an open bound up to today keeping the days (was: refused)', () => {
    expect(ask('number of deliveries on weekends')).toMatchObject({
      kind: 'query',
      query: { time_range: { start: OPEN_START, end: '2024-06-27', days: 'weekend' } },
    });
    expect(ask('loaves delivered on weekdays by van')).toMatchObject({
      kind: 'query',
      query: { group_by: [{ dimension: 'van' }], time_range: { days: 'weekday' } },
    });
  });
  it('in TPC-H words too', () => {
    expect(askTpch('how many orders were placed on weekends')).toMatchObject({
      kind: 'query',
      query: { metrics: ['orders'], time_range: { start: OPEN_START, days: 'weekend' } },
    });
  });
  it('beside another period it stays refused', () => {
    expect(ask('number of deliveries on weekends and in May 2024').kind).toBe('out_of_scope');
  });
});

describe('on weekends / on weekdays: the days of their period', () => {
  it('before or after the period, with its qualifiers', () => {
    for (const text of [
      'on weekends in the last 3 weeks excluding the current week',
      'in the last 3 weeks excluding the current week, on weekends',
    ]) {
      const hits = findTimeExpressions(text, TODAY);
      expect(
        hits.map((h) => [h.range.start, h.range.end, h.range.days, h.to - h.from]),
        text,
      ).toEqual([['2024-06-03', '2024-06-24', 'weekend', text.length]]);
    }
    const r = ask('loaves delivered during weekdays in May 2024');
    expect(r.kind === 'query' && r.query.time_range).toMatchObject({ start: '2024-05-01', end: '2024-06-01', days: 'weekday' });
    expect(r.kind === 'query' && r.notes.join(' ')).toContain('Mondays to Fridays only');
  });
});

describe('the windows on DuckDB', () => {
  const db = duckdbTables(TABLES);
  it('"on weekends in the last 3 weeks excluding the current week": Saturdays and Sundays of 3 whole weeks', async () => {
    const question = 'how many deliveries on weekends in the last 3 weeks excluding the current week';
    await expectSameRows(
      db,
      model,
      question,
      ask(question),
      `SELECT COUNT(*) FROM deliveries WHERE dropped_on >= DATE '2024-06-03' AND dropped_on < DATE '2024-06-24' AND dayname(dropped_on) IN ('Saturday', 'Sunday')`,
    );
  });
  it('"inclusive of today": the 7 days ending today', async () => {
    const question = 'total loaves in the past 7 days, inclusive of today';
    await expectSameRows(
      db,
      model,
      question,
      ask(question),
      `SELECT SUM(loaves) FROM deliveries WHERE dropped_on BETWEEN DATE '2024-06-20' AND DATE '2024-06-26'`,
    );
  });
  it('"inclusive of 1 month ago": from the same day a month back through today', async () => {
    const question = 'how many deliveries in the past month, inclusive of 1 month ago';
    await expectSameRows(
      db,
      model,
      question,
      ask(question),
      `SELECT COUNT(*) FROM deliveries WHERE dropped_on BETWEEN DATE '2024-05-26' AND DATE '2024-06-26'`,
    );
  });
  it('"in each of the last 3 weeks excluding the current week": one row per whole week', async () => {
    const question = 'number of deliveries in each of the last 3 weeks excluding the current week';
    const r = await expectSameRows(
      db,
      model,
      question,
      ask(question),
      `SELECT CAST(date_trunc('week', dropped_on) AS DATE), COUNT(*) FROM deliveries WHERE dropped_on >= DATE '2024-06-03' AND dropped_on < DATE '2024-06-24' GROUP BY 1`,
    );
    expect(r?.query.group_by).toEqual([{ dimension: 'dropped_on', grain: 'week' }]);
  });
  it('"in each of the last 2 months, not including the current one": one row per month', async () => {
    const question = 'loaves by van in each of the last 2 months, not including the current one';
    await expectSameRows(
      db,
      model,
      question,
      ask(question),
      `SELECT van, CAST(date_trunc('month', dropped_on) AS DATE), SUM(loaves) FROM deliveries WHERE dropped_on >= DATE '2024-04-01' AND dropped_on < DATE '2024-06-01' GROUP BY 1, 2`,
    );
  });
});
