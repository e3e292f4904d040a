/**
 * A ranking within each coarser unit ("which day had the lowest yield in each month"): group by the
 * finer and the coarser unit, rank within the coarser (`rank_within`), ties kept when one is asked
 * for. Before, the coarser unit was read as implied by the finer one and the single lowest day of
 * all was answered. Two vocabularies of our own (a greenhouse's harvests, a clinic's invoices), over
 * a real DuckDB against hand-written window SQL; the compiler's own checks; nested units without a
 * ranking and a ranking of one unit answer as before.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

const greenhouse = SemanticModelSchema.parse({
  name: 'greenhouse',
  entities: [{ name: 'harvest', table: 'harvests', primary_key: 'id', synonyms: ['harvests'] }],
  time_dimensions: [{ name: 'picked_on', entity: 'harvest', sql: '${TABLE}.picked_on', label: 'Pick date' }],
  measures: [{ name: 'yield_kg', entity: 'harvest', agg: 'sum', sql: '${TABLE}.kg', label: 'Yield', synonyms: ['yield'] }],
  defaults: { time_dimension: 'picked_on' },
});
const clinic = SemanticModelSchema.parse({
  name: 'clinic',
  entities: [{ name: 'invoice', table: 'invoices', primary_key: 'id', synonyms: ['invoices'] }],
  time_dimensions: [{ name: 'billed_on', entity: 'invoice', sql: '${TABLE}.billed_on', label: 'Billing date' }],
  measures: [
    { name: 'amount_billed', entity: 'invoice', agg: 'sum', sql: '${TABLE}.amount', label: 'Amount billed', synonyms: ['billings'] },
  ],
  defaults: { time_dimension: 'billed_on' },
});
const tables = duckdbTables(`
CREATE TABLE harvests (id INTEGER, picked_on DATE, kg DOUBLE);
INSERT INTO harvests VALUES (1, DATE '2023-11-03', 4), (2, DATE '2023-11-04', 2), (3, DATE '2023-11-04', 1), (4, DATE '2023-11-20', 3),
  (5, DATE '2023-12-01', 5), (6, DATE '2023-12-02', 5), (7, DATE '2023-12-09', 8);
CREATE TABLE invoices (id INTEGER, billed_on DATE, amount DOUBLE);
INSERT INTO invoices VALUES (1, DATE '2022-01-05', 100), (2, DATE '2022-01-20', 40), (3, DATE '2022-02-09', 60), (4, DATE '2022-04-01', 25),
  (5, DATE '2022-05-16', 90);
`);
const ask = (model: typeof clinic, q: string) => interpret(q, { model, values: new Map(), asOf: '2024-06-30' });

describe('a ranking within each coarser unit', () => {
  it('the greenhouse: the lowest day of each month, ties kept', async () => {
    const q = 'which day had the lowest yield in each month';
    const got = await expectSameRows(
      tables,
      greenhouse,
      q,
      ask(greenhouse, q),
      `WITH d AS (SELECT picked_on, date_trunc('month', picked_on)::DATE AS m, SUM(kg) AS y FROM harvests GROUP BY 1, 2)
       SELECT picked_on, m, y FROM d WHERE y = (SELECT MIN(y) FROM d AS o WHERE o.m = d.m)`,
    );
    expect(got?.query.rank_within).toEqual([{ dimension: 'picked_on', grain: 'month' }]);
    // each month's lowest is a tie of two days: both are kept
    expect((await tables.rows(compile(greenhouse, got!.query, new DuckDbDialect()).sql)).length).toBe(4);
  });

  it('the clinic: the month with the most billings in every quarter', async () => {
    const q = 'which month had the most billings in every quarter';
    await expectSameRows(
      tables,
      clinic,
      q,
      ask(clinic, q),
      `WITH w AS (SELECT date_trunc('month', billed_on)::DATE AS wk, date_trunc('quarter', billed_on)::DATE AS qt, SUM(amount) AS a FROM invoices GROUP BY 1, 2)
       SELECT wk, qt, a FROM w WHERE a = (SELECT MAX(a) FROM w AS o WHERE o.qt = w.qt)`,
    );
  });

  it('a unit that does not lie within the other (a week straddles quarters) is refused naming it', () => {
    const r = ask(clinic, 'which week had the most billings in every quarter');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toContain('"quarter"');
  });

  it('nested units without a ranking, and a ranking of one unit, answer as before', () => {
    for (const [model, q] of [
      [greenhouse, 'yield by year and month'],
      [greenhouse, 'top 3 days by yield'],
      [clinic, 'billings by month for each year'],
      [clinic, 'which month had the most billings'],
    ] as const) {
      const r = ask(model, q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.rank_within, q).toBeUndefined();
    }
  });

  it('the compiler: rank_within names a breakdown of the query and needs a limit', () => {
    const d = new DuckDbDialect();
    const byDay = [{ dimension: 'picked_on', grain: 'day' as const }];
    expect(() =>
      compile(
        greenhouse,
        { metrics: ['yield_kg'], group_by: byDay, limit: 1, rank_within: [{ dimension: 'picked_on', grain: 'month' }] },
        d,
      ),
    ).toThrow(/rank_within\[0\].*not a breakdown/);
    expect(() =>
      compile(
        greenhouse,
        {
          metrics: ['yield_kg'],
          group_by: [...byDay, { dimension: 'picked_on', grain: 'month' }],
          rank_within: [{ dimension: 'picked_on', grain: 'month' }],
        },
        d,
      ),
    ).toThrow(/needs a limit/);
  });
});
