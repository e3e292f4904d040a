/**
 * Running totals ("cumulative", "running total of"): the IR's `running_totals` summed over the one
 * time breakdown up to each bucket (within the other breakdowns), after the period and filters, and
 * the words that ask for it, in two vocabularies of our own (a greenhouse's harvests, a clinic's
 * invoices) over a real DuckDB, checked against hand-written window SQL. A metric that does not add
 * up, no time breakdown or two metrics leave the word unread (refused); the compiler refuses such a
 * query with a reason. Also the year-first month ("2023 dec").
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

const greenhouse = SemanticModelSchema.parse({
  name: 'greenhouse',
  entities: [{ name: 'harvest', table: 'harvests', primary_key: 'id', synonyms: ['harvests'] }],
  dimensions: [{ name: 'crop', entity: 'harvest', sql: '${TABLE}.crop', label: 'Crop', index_values: true }],
  time_dimensions: [{ name: 'picked_on', entity: 'harvest', sql: '${TABLE}.picked_on', label: 'Pick date' }],
  measures: [
    { name: 'yield_kg', entity: 'harvest', agg: 'sum', sql: '${TABLE}.kg', label: 'Yield', synonyms: ['yield', 'kilograms picked'] },
    { name: 'harvest_count', entity: 'harvest', agg: 'count', label: 'Harvests', synonyms: ['number of harvests'] },
    { name: 'average_kg', entity: 'harvest', agg: 'avg', sql: '${TABLE}.kg', label: 'Average yield per harvest' },
  ],
  defaults: { time_dimension: 'picked_on' },
});
const clinic = SemanticModelSchema.parse({
  name: 'clinic',
  entities: [{ name: 'invoice', table: 'invoices', primary_key: 'id', synonyms: ['invoices', 'bills'] }],
  dimensions: [{ name: 'ward', entity: 'invoice', sql: '${TABLE}.ward', label: 'Ward', index_values: true }],
  time_dimensions: [{ name: 'billed_on', entity: 'invoice', sql: '${TABLE}.billed_on', label: 'Billing date' }],
  measures: [
    {
      name: 'amount_billed',
      entity: 'invoice',
      agg: 'sum',
      sql: '${TABLE}.amount',
      label: 'Amount billed',
      synonyms: ['billings', 'expenditures'],
    },
  ],
  defaults: { time_dimension: 'billed_on' },
});

const tables = duckdbTables(`
CREATE TABLE harvests (id INTEGER, crop VARCHAR, picked_on DATE, kg DOUBLE);
INSERT INTO harvests VALUES
  (1, 'basil', DATE '2023-11-30', 4), (2, 'basil', DATE '2023-12-01', 2), (3, 'mint', DATE '2023-12-01', 5),
  (4, 'basil', DATE '2023-12-03', 1.5), (5, 'mint', DATE '2023-12-20', 3), (6, 'mint', DATE '2024-01-02', 7),
  (7, 'basil', DATE '2023-10-11', 6);
CREATE TABLE invoices (id INTEGER, ward VARCHAR, billed_on DATE, amount DOUBLE);
INSERT INTO invoices VALUES
  (1, 'North', DATE '2022-01-05', 100), (2, 'South', DATE '2022-02-07', 40), (3, 'North', DATE '2022-02-09', 60),
  (4, 'North', DATE '2022-04-01', 25), (5, 'South', DATE '2023-01-01', 999);
`);
const askGreenhouse = (q: string) =>
  interpret(q, { model: greenhouse, values: new Map([['crop', ['basil', 'mint']]]), asOf: '2024-01-31' });
const askClinic = (q: string) => interpret(q, { model: clinic, values: new Map([['ward', ['North', 'South']]]), asOf: '2023-06-30' });

describe('running totals, asked in words', () => {
  it('the greenhouse: a cumulative sum by day within a month written year first, from the first day of the period', async () => {
    const q = 'daily cumulative yield in 2023 dec';
    const got = await expectSameRows(
      tables,
      greenhouse,
      q,
      askGreenhouse(q),
      `SELECT picked_on, SUM(SUM(kg)) OVER (ORDER BY picked_on) FROM harvests
       WHERE picked_on >= DATE '2023-12-01' AND picked_on < DATE '2024-01-01' GROUP BY picked_on`,
    );
    // the running total alone: the day's own yield was not asked for
    expect(got?.columns).toEqual(['picked_on_day', 'yield_kg_running_total']);
    // a count adds up too; per crop it runs within each crop
    const perCrop = 'running total of harvests by crop and month';
    await expectSameRows(
      tables,
      greenhouse,
      perCrop,
      askGreenhouse(perCrop),
      `SELECT crop, date_trunc('month', picked_on)::DATE AS m, SUM(COUNT(*)) OVER (PARTITION BY crop ORDER BY date_trunc('month', picked_on)::DATE)
       FROM harvests GROUP BY crop, m`,
    );
  });

  it('the clinic: a running total of billings by month in a year', async () => {
    const q = 'running total of billings by month in 2022';
    await expectSameRows(
      tables,
      clinic,
      q,
      askClinic(q),
      `SELECT date_trunc('month', billed_on)::DATE AS m, SUM(SUM(amount)) OVER (ORDER BY date_trunc('month', billed_on)::DATE)
       FROM invoices WHERE billed_on >= DATE '2022-01-01' AND billed_on < DATE '2023-01-01' GROUP BY m`,
    );
    // the model says "expenditures"; a question may say "expenses" (general English, both ways)
    const ward = 'cumulative expenses by month for the North ward in 2022';
    await expectSameRows(
      tables,
      clinic,
      ward,
      askClinic(ward),
      `SELECT date_trunc('month', billed_on)::DATE AS m, SUM(SUM(amount)) OVER (ORDER BY date_trunc('month', billed_on)::DATE)
       FROM invoices WHERE ward = 'North' AND billed_on >= DATE '2022-01-01' AND billed_on < DATE '2023-01-01' GROUP BY m`,
    );
  });

  it('is refused when it cannot mean a running sum: an average, no time breakdown', () => {
    for (const q of ['cumulative average yield per harvest by month', 'cumulative yield by crop']) {
      const r = askGreenhouse(q);
      expect(r.kind, q).not.toBe('query');
      if (r.kind === 'out_of_scope') expect(r.reason, q).toMatch(/cumulative/);
    }
  });
});

describe('running totals in the IR', () => {
  const d = new DuckDbDialect();
  it('the compiler refuses what does not add up and a query with no time breakdown, naming why', () => {
    expect(() =>
      compile(
        greenhouse,
        { metrics: ['average_kg'], group_by: [{ dimension: 'picked_on', grain: 'month' }], running_totals: ['average_kg'] },
        d,
      ),
    ).toThrow(/does not add up/);
    expect(() =>
      compile(greenhouse, { metrics: ['yield_kg'], group_by: [{ dimension: 'crop' }], running_totals: ['yield_kg'] }, d),
    ).toThrow(CompileError);
  });
  it('a running total is shown alone, or beside its metric when the metric is asked for too', async () => {
    const byYear = [{ dimension: 'picked_on', grain: 'year' as const }];
    const alone = compile(greenhouse, { metrics: [], group_by: byYear, running_totals: ['harvest_count'] }, d);
    expect(alone.columns.map((x) => x.name)).toEqual(['picked_on_year', 'harvest_count_running_total']);
    expect(await tables.rows(alone.sql)).toEqual([
      [2023, 6],
      [2024, 7],
    ]);
    const both = compile(greenhouse, { metrics: ['harvest_count'], group_by: byYear, running_totals: ['harvest_count'] }, d);
    expect(await tables.rows(both.sql)).toEqual([
      [2023, 6, 6],
      [2024, 1, 7],
    ]);
  });
});
