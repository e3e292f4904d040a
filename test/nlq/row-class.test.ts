/**
 * The rows a filtered count counts, as a condition under another metric: after a preposition ("the
 * average discount of returned items", "gross sales of non-returned items") or as the word that sets
 * them apart beside their thing ("line items that were late"). Two vocabularies, TPC-H and a
 * library's loans, the second checked on a real DuckDB; the compiler's row-class filter on its own.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { ask, q, tpch } from './helpers.js';

const library = SemanticModelSchema.parse({
  name: 'library',
  entities: [{ name: 'loan', table: 'loans', primary_key: 'id', synonyms: ['loans', 'borrowings'] }],
  dimensions: [{ name: 'branch', entity: 'loan', sql: '${TABLE}.branch', label: 'Branch', index_values: true }],
  measures: [
    { name: 'loan_count', entity: 'loan', agg: 'count', label: 'Loans', synonyms: ['number of loans'] },
    { name: 'fees', entity: 'loan', agg: 'sum', sql: '${TABLE}.fee', label: 'Fees', synonyms: ['fees', 'fees charged'] },
    {
      name: 'overdue_loans',
      entity: 'loan',
      agg: 'count',
      filter: '${TABLE}.returned_on > ${TABLE}.due_on',
      label: 'Overdue loans',
      synonyms: ['overdue borrowings'],
    },
  ],
});
const tables = duckdbTables(`
  CREATE TABLE loans (id INTEGER, branch VARCHAR, fee DOUBLE, due_on DATE, returned_on DATE);
  INSERT INTO loans VALUES (1, 'Harbour', 2.5, '2024-05-01', '2024-05-03'), (2, 'Harbour', 0, '2024-05-01', '2024-04-30'),
    (3, 'Hilltop', 4, '2024-05-10', '2024-05-20'), (4, 'Hilltop', 1, '2024-05-10', NULL), (5, 'Hilltop', 0, '2024-05-10', '2024-05-10');
`);
const askLibrary = (question: string) =>
  interpret(question, { model: library, values: new Map([['branch', ['Harbour', 'Hilltop']]]), asOf: '2024-06-26' });

describe('the rows of a filtered count as a condition', () => {
  it('TPC-H: after a preposition, negated, and as the word beside its thing', () => {
    expect(q('average discount of the returned items in 1996').filters).toEqual([
      { dimension: 'returned_line_items', op: 'is_set', values: [] },
    ]);
    expect(q('revenue by region from late shipments').filters).toEqual([{ dimension: 'late_deliveries', op: 'is_set', values: [] }]);
    expect(q('gross sales of non-returned items').filters).toEqual([{ dimension: 'returned_line_items', op: 'not_set', values: [] }]);
    const late = q('number of line items that were late by ship mode');
    expect(late.metrics).toEqual(['line_items']);
    expect(late.filters).toEqual([{ dimension: 'late_deliveries', op: 'is_set', values: [] }]);
  });

  it('a library: fees of overdue loans and of the others, on real rows', async () => {
    await expectSameRows(
      tables,
      library,
      'fees of overdue loans',
      askLibrary('fees of overdue loans by branch'),
      'SELECT branch, SUM(fee) FROM loans WHERE returned_on > due_on GROUP BY branch',
    );
    // a loan not returned yet is not overdue by this filter (NULL): it is among the others
    await expectSameRows(
      tables,
      library,
      'fees of non-overdue loans',
      askLibrary('fees of non-overdue loans'),
      'SELECT SUM(fee) FROM loans WHERE NOT COALESCE(returned_on > due_on, FALSE)',
    );
    await expectSameRows(
      tables,
      library,
      'loans that were overdue',
      askLibrary('number of loans that were overdue at Hilltop'),
      "SELECT COUNT(*) FROM loans WHERE returned_on > due_on AND branch = 'Hilltop'",
    );
  });

  it('a share of a class of rows: the class over all rows, in both vocabularies', async () => {
    const late = q('what percentage of line items were late by ship mode');
    expect(late.ratios?.[0]).toMatchObject({
      numerator: { metric: 'line_items', filters: [{ dimension: 'late_deliveries', op: 'is_set', values: [] }] },
      denominator: { metric: 'line_items' },
      as: 'share',
    });
    expect(late.group_by).toEqual([{ dimension: 'ship_mode' }]);
    await expectSameRows(
      tables,
      library,
      'share of loans that were overdue',
      askLibrary('share of loans that were overdue'),
      'SELECT COUNT(CASE WHEN returned_on > due_on THEN 1 END) * 1.0 / COUNT(*) FROM loans',
    );
  });

  it('alone the class word or the count is read as before; with no thing of its own it is not a condition', () => {
    expect(q('late line items in 1996').metrics).toEqual(['late_deliveries']);
    expect(ask('how many late orders').kind).toBe('out_of_scope');
  });

  it('the compiler: a row class takes only is_set / not_set', () => {
    expect(() =>
      compile(
        tpch.model,
        { metrics: ['revenue'], filters: [{ dimension: 'late_deliveries', op: 'eq', values: [1] }] } as never,
        new DuckDbDialect(),
      ),
    ).toThrow(CompileError);
  });
});
