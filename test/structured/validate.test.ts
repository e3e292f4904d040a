/**
 * Structured queries checked against two models' own vocabularies (the bundled TPC-H model and a
 * small lending library drafted by the bootstrap): names the model has pass, names it lacks are
 * refused naming the field and listing that model's names; the title written from a query uses
 * the model's labels.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_PATH, loadModel } from '../../src/semantic/loader.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { SemanticQuerySchema, type SemanticQueryInput } from '../../src/semantic/query.js';
import { describeQuery } from '../../src/structured/describe.js';
import { validateStructuredQuery } from '../../src/structured/validate.js';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const library = bootstrappedDuckdb(
  'library',
  `CREATE TABLE members (member_id INTEGER PRIMARY KEY, member_name VARCHAR, branch VARCHAR);
   CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members(member_id), loaned_on DATE, late_fee DECIMAL(8,2));
   INSERT INTO members VALUES (1, 'Ada', 'North'), (2, 'Bo', 'South'), (3, 'Cy', 'North');
   INSERT INTO loans VALUES (1, 1, '2024-01-05', 0), (2, 1, '2024-02-10', 1.5), (3, 2, '2024-02-11', 0), (4, 3, '2024-03-01', 2.0);`,
);

const q = (input: SemanticQueryInput) => SemanticQuerySchema.parse(input);
const duckdb = { dialect: 'duckdb' as const };

describe('structured queries against the model', () => {
  it('the TPC-H model: its names pass, others are refused with its names; titles use its labels', async () => {
    const model = loadModel(DEFAULT_MODEL_PATH);
    const ok = q({
      metrics: ['orders'],
      group_by: [{ dimension: 'order_date', grain: 'quarter' }],
      filters: [{ dimension: 'region', op: 'in', values: ['ASIA', 'EUROPE'] }],
      time_range: { start: '1996-01-01', end: '1997-01-01', label: '1996' },
    });
    expect(() => validateStructuredQuery(model, duckdb, ok)).not.toThrow();
    expect(describeQuery(model, ok)).toBe('Orders by order date (quarter), 1996 (region ASIA or EUROPE)');
    expect(() => validateStructuredQuery(model, duckdb, q({ metrics: ['loans'] }))).toThrow(
      /^semantic_query\.metrics\[0\]: "loans" is not a metric of the model; allowed: revenue, gross_sales/,
    );
    expect(() =>
      validateStructuredQuery(model, duckdb, q({ metrics: ['revenue'], filters: [{ dimension: 'branch', op: 'eq', values: ['North'] }] })),
    ).toThrow(/^semantic_query\.filters\[0\]\.dimension: "branch" is not a dimension .*allowed: region, nation/);
  });

  it('a bootstrapped library model: the same checks in its own vocabulary', () => {
    const model = SemanticModelSchema.parse(library.model);
    const metric = model.measures.find((m) => m.agg === 'count' && m.entity === 'loans')?.name ?? model.measures[0].name;
    const branch = model.dimensions.find((d) => d.name.includes('branch'))!.name;
    const good = q({ metrics: [metric], group_by: [{ dimension: branch }] });
    expect(() => validateStructuredQuery(model, duckdb, good)).not.toThrow();
    expect(describeQuery(model, good)).toMatch(/ by branch$/i);
    let detail = '';
    try {
      validateStructuredQuery(model, duckdb, q({ metrics: ['revenue'] }));
    } catch (err) {
      detail = (err as Error).message;
    }
    expect(detail).toMatch(/^semantic_query\.metrics\[0\]: "revenue" is not a metric of the model; allowed: /);
    expect(detail).toContain(metric);
    expect(detail).not.toMatch(/gross_sales/);
    expect(() => validateStructuredQuery(model, duckdb, q({ metrics: [metric], group_by: [{ dimension: 'region' }] }))).toThrow(
      new RegExp(`group_by\\[0\\]\\.dimension: "region" is not a dimension of the model; allowed: .*${branch}`),
    );
  });
});
