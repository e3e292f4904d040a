/**
 * Members with no rows in an ascending ranking by a count ("which reader has the fewest loans"): the
 * query lists every member (`include_empty_members`), so one with no loans ranks first with 0, on a
 * small model of our own (a lending library: readers with a naming dimension, clerks with first and
 * last names, loans) over a real DuckDB; each answered case is compiled, run and checked against
 * hand-written SQL with a LEFT JOIN (filters on the loans in its ON clause, on the readers in WHERE).
 * A breakdown with no ranking, a descending ranking, a ranking by a total and a breakdown by an
 * attribute keep the members with rows, unless the question says to list those with none.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'library',
  entities: [
    { name: 'reader', table: 'readers', primary_key: 'id', synonyms: ['readers', 'borrower', 'borrowers'] },
    { name: 'clerk', table: 'clerks', primary_key: 'id', synonyms: ['clerks'] },
    { name: 'loan', table: 'loans', primary_key: 'id', synonyms: ['loans'] },
  ],
  relationships: [
    { from: 'loan', to: 'reader', on: [['reader_id', 'id']] },
    { from: 'loan', to: 'clerk', on: [['clerk_id', 'id']] },
  ],
  dimensions: [
    { name: 'reader_id', entity: 'reader', sql: '${TABLE}.id', type: 'number', label: 'Reader id' },
    { name: 'reader', entity: 'reader', sql: '${TABLE}.name', label: 'Reader' },
    { name: 'town', entity: 'reader', sql: '${TABLE}.town', label: 'Town', index_values: true },
    { name: 'clerk_id', entity: 'clerk', sql: '${TABLE}.id', type: 'number', label: 'Clerk id' },
    { name: 'first_name', entity: 'clerk', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'clerk', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'loan_kind', entity: 'loan', sql: '${TABLE}.kind', label: 'Loan kind', synonyms: ['kind'], index_values: true },
  ],
  time_dimensions: [{ name: 'lent_on', entity: 'loan', sql: '${TABLE}.lent_on', label: 'Loan date' }],
  measures: [
    { name: 'loan_count', entity: 'loan', agg: 'count', label: 'Loans', synonyms: ['number of loans'], time_dimension: 'lent_on' },
    {
      name: 'fines',
      entity: 'loan',
      agg: 'sum',
      sql: '${TABLE}.fine',
      label: 'Fines',
      synonyms: ['total fines'],
      time_dimension: 'lent_on',
    },
    { name: 'average_fine', entity: 'loan', agg: 'avg', sql: '${TABLE}.fine', label: 'Average fine', time_dimension: 'lent_on' },
  ],
  defaults: { time_dimension: 'lent_on' },
});
const values = new Map([
  ['town', ['Leeds', 'York']],
  ['loan_kind', ['new', 'renewal']],
]);

// Dee has no loans at all, Cal none in 2024; Cid (a clerk) handled none.
const TABLES = `
CREATE TABLE readers (id INTEGER, name VARCHAR, town VARCHAR);
INSERT INTO readers VALUES (1, 'Ada', 'Leeds'), (2, 'Ben', 'Leeds'), (3, 'Cal', 'York'), (4, 'Dee', 'York'), (5, 'Eve', 'York');
CREATE TABLE clerks (id INTEGER, first_name VARCHAR, last_name VARCHAR);
INSERT INTO clerks VALUES (1, 'Ann', 'Lee'), (2, 'Bob', 'Ray'), (3, 'Cid', 'Orr');
CREATE TABLE loans (id INTEGER, reader_id INTEGER, clerk_id INTEGER, lent_on DATE, kind VARCHAR, fine DOUBLE);
INSERT INTO loans VALUES (1, 1, 1, DATE '2024-01-03', 'new', 0), (2, 1, 1, DATE '2024-02-03', 'renewal', 1.5), (3, 2, 2, DATE '2024-01-10', 'new', 0),
  (4, 3, 1, DATE '2023-05-01', 'new', 2), (5, 5, 2, DATE '2024-03-01', 'new', 0), (6, 5, 2, DATE '2024-03-05', 'new', 0.5), (7, 1, 2, DATE '2024-04-01', 'new', 0);
`;

const tables = duckdbTables(TABLES);

const ask = (q: string, previous?: SemanticQuery) => interpret(q, { model, values, asOf: '2024-06-30', ...(previous ? { previous } : {}) });
async function answers(question: string, reference: string, previous?: SemanticQuery) {
  return (await expectSameRows(tables, model, question, ask(question, previous), reference, true))?.query;
}

describe('members with no rows in an ascending ranking by a count', () => {
  it('"the fewest loans": a reader with none ranks first', async () => {
    const q = await answers(
      'Which reader has the fewest loans?',
      `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id GROUP BY r.name ORDER BY n, r.name LIMIT 1`,
    );
    expect(q?.include_empty_members).toBe(true);
    await answers(
      'the 2 borrowers with the lowest number of loans',
      `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id GROUP BY r.name ORDER BY n, r.name LIMIT 2`,
    );
  });
  it("a period and a value of the loans decide what counts (the join's ON), never which readers there are", async () => {
    await answers(
      'Which 2 readers had the fewest loans in 2024?',
      `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id AND l.lent_on >= DATE '2024-01-01' AND l.lent_on < DATE '2025-01-01' GROUP BY r.name ORDER BY n, r.name LIMIT 2`,
    );
    // (the four readers with no renewal are tied for the fewest: all four are the answer)
    await answers(
      'Which reader has the fewest renewal loans?',
      `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id AND l.kind = 'renewal' GROUP BY r.name QUALIFY rank() OVER (ORDER BY n) = 1 ORDER BY n, r.name`,
    );
  });
  it('a value of the readers decides which readers there are (WHERE)', async () => {
    await answers(
      'bottom 3 readers in York by number of loans in 2024',
      `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id AND l.lent_on >= DATE '2024-01-01' AND l.lent_on < DATE '2025-01-01' WHERE r.town = 'York' GROUP BY r.name ORDER BY n, r.name LIMIT 3`,
    );
  });
  it('a person broken down by key and names: the clerk with no loans', async () => {
    const q = await answers(
      'bottom 2 clerks by number of loans',
      `SELECT c.id, c.first_name, c.last_name, count(l.id) AS n FROM clerks c LEFT JOIN loans l ON l.clerk_id = c.id GROUP BY 1, 2, 3 ORDER BY n, c.id LIMIT 2`,
    );
    expect(q?.group_by.map((g) => g.dimension)).toEqual(['clerk_id', 'first_name', 'last_name']);
    expect(q?.include_empty_members).toBe(true);
  });
  it('a follow-up keeps it while the ranking stands, and drops it with the breakdown', async () => {
    const first = await answers(
      'Which 2 readers had the fewest loans?',
      `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id GROUP BY r.name ORDER BY n, r.name LIMIT 2`,
    );
    const second = await answers(
      'and in 2023?',
      `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id AND l.lent_on >= DATE '2023-01-01' AND l.lent_on < DATE '2024-01-01' GROUP BY r.name ORDER BY n, r.name LIMIT 2`,
      first,
    );
    const third = ask('now by town', second);
    expect(third.kind === 'query' && third.query.include_empty_members).toBeFalsy();
  });
});

describe('what keeps the members with rows only', () => {
  it('a breakdown with no ranking: "number of loans for each reader" (no reader with none)', async () => {
    const q = await answers(
      'number of loans for each reader',
      `SELECT r.name, count(*) AS n FROM loans l JOIN readers r ON l.reader_id = r.id GROUP BY r.name ORDER BY r.name`,
    );
    expect(q?.include_empty_members).toBeUndefined();
  });
  it('a descending ranking, a ranking by a total, a breakdown by an attribute of the readers', () => {
    for (const question of [
      'which reader has the most loans',
      'which reader has the lowest fines',
      'which town has the fewest loans',
      'which reader has the lowest average fine',
    ]) {
      const r = ask(question);
      expect(r.kind, question).toBe('query');
      if (r.kind === 'query') expect(r.query.include_empty_members, question).toBeUndefined();
    }
  });
});

describe('said outright: "including those with no loans"', () => {
  const everyReader = `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id GROUP BY r.name ORDER BY r.name`;
  it('a breakdown lists every member when the question asks for the ones with none', async () => {
    for (const question of [
      'number of loans for each reader, including readers with no loans',
      'number of loans for each reader, including those with none',
      'number of loans for each reader, even those without loans',
      'number of loans per reader including zeros',
    ]) {
      const q = await answers(question, everyReader);
      expect(q?.include_empty_members, question).toBe(true);
      expect(q?.entity_conditions, question).toBeUndefined();
    }
    await answers(
      'number of loans for each reader, including those with none, in 2024',
      `SELECT r.name, count(l.id) AS n FROM readers r LEFT JOIN loans l ON l.reader_id = r.id AND l.lent_on >= DATE '2024-01-01' AND l.lent_on < DATE '2025-01-01' GROUP BY r.name ORDER BY r.name`,
    );
  });
  it('refused when the words do not fit the query: other members, no members, no count, more words after it', () => {
    for (const question of [
      'number of loans for each reader, including clerks with no loans',
      'number of loans by town, including those with none',
      'average fine for each reader including those with none',
      'number of loans for each reader including those with no loans in 2023',
    ]) {
      const r = ask(question);
      expect(r.kind, question).toBe('out_of_scope');
    }
  });
});
