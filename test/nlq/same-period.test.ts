/**
 * "in the same month as": rows dated in the same calendar period as another date of theirs or of
 * the thing they belong to, on a small model of our own (a club's members and their fees) over a
 * real DuckDB, checked against hand-written SQL. A date the rows cannot reach, their own date, an
 * unclear verb or a period right after the other date are refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

const model = SemanticModelSchema.parse({
  name: 'club',
  entities: [
    { name: 'member', table: 'members', primary_key: 'id', synonyms: ['members'] },
    { name: 'fee', table: 'fees', primary_key: 'id', synonyms: ['fees'] },
    { name: 'visit', table: 'visits', primary_key: 'id', synonyms: ['visits'] },
  ],
  relationships: [
    { from: 'fee', to: 'member', on: [['member_id', 'id']] },
    { from: 'visit', to: 'member', on: [['member_id', 'id']] },
  ],
  dimensions: [
    { name: 'member_id', entity: 'member', sql: '${TABLE}.id', type: 'number', label: 'Member id' },
    { name: 'member_name', entity: 'member', sql: '${TABLE}.name', label: 'Member name' },
    { name: 'tier', entity: 'fee', sql: '${TABLE}.tier', label: 'Tier', index_values: true },
  ],
  time_dimensions: [
    { name: 'enrolled_on', entity: 'member', sql: '${TABLE}.enrolled_on', label: 'Enrol date' },
    { name: 'charged_on', entity: 'fee', sql: '${TABLE}.charged_on', label: 'Charge date' },
    { name: 'visited_on', entity: 'visit', sql: '${TABLE}.visited_on', label: 'Visit date' },
  ],
  measures: [
    { name: 'fee_count', entity: 'fee', agg: 'count', label: 'Fees', synonyms: ['number of fees'], time_dimension: 'charged_on' },
    {
      name: 'fee_total',
      entity: 'fee',
      agg: 'sum',
      sql: '${TABLE}.amount',
      label: 'Fee amount',
      synonyms: ['total fees'],
      time_dimension: 'charged_on',
    },
    {
      name: 'member_count',
      entity: 'member',
      agg: 'count',
      label: 'Members',
      synonyms: ['number of members'],
      time_dimension: 'enrolled_on',
    },
  ],
  defaults: { time_dimension: 'charged_on' },
});
const values = new Map([['tier', ['Gold', 'Basic']]]);
const ask = (question: string) => interpret(question, { model, values, asOf: '2024-06-30' });

const TABLES = `
CREATE TABLE members (id INTEGER, name VARCHAR, enrolled_on DATE);
INSERT INTO members VALUES (1, 'Ada', DATE '2024-01-15'), (2, 'Ben', DATE '2024-02-29'), (3, 'Cy', NULL);
CREATE TABLE fees (id INTEGER, member_id INTEGER, tier VARCHAR, amount INTEGER, charged_on DATE);
INSERT INTO fees VALUES (1, 1, 'Gold', 10, DATE '2024-01-31'), (2, 1, 'Gold', 20, DATE '2024-02-01'), (3, 2, 'Basic', 5, DATE '2024-02-29'),
  (4, 2, 'Gold', 7, DATE '2025-02-10'), (5, 3, 'Basic', 9, DATE '2024-03-03'), (6, 1, 'Basic', 4, DATE '2024-01-16');
CREATE TABLE visits (id INTEGER, member_id INTEGER, visited_on DATE);
INSERT INTO visits VALUES (1, 1, DATE '2024-01-20');
`;

describe('in the same <unit> as another date', () => {
  const db = duckdbTables(TABLES);
  it('a verb naming the date of the thing the rows belong to: "as the member enrolled"', async () => {
    const question = 'how many fees in the same month as the member enrolled';
    const r = await expectSameRows(
      db,
      model,
      question,
      ask(question),
      `SELECT COUNT(*) FROM fees f JOIN members m ON f.member_id = m.id WHERE date_trunc('month', f.charged_on) = date_trunc('month', m.enrolled_on)`,
    );
    expect(r?.query.same_periods).toEqual([{ dimension: 'charged_on', as: 'enrolled_on', grain: 'month' }]);
  });
  it('the date by its name, with a breakdown and a value', async () => {
    const question = 'total fees by member name in the same week as the enrol date for Gold';
    await expectSameRows(
      db,
      model,
      question,
      ask(question),
      `SELECT m.name, SUM(f.amount) FROM fees f JOIN members m ON f.member_id = m.id WHERE f.tier = 'Gold' AND date_trunc('week', f.charged_on) = date_trunc('week', m.enrolled_on) GROUP BY 1`,
    );
  });
  it('a pronoun for the thing: "in the same year as they enrolled"', async () => {
    const question = 'number of fees in the same year as they enrolled';
    await expectSameRows(
      db,
      model,
      question,
      ask(question),
      `SELECT COUNT(*) FROM fees f JOIN members m ON f.member_id = m.id WHERE year(f.charged_on) = year(m.enrolled_on)`,
    );
  });
  for (const question of [
    // the rows' own date
    'how many members in the same month as the member enrolled',
    // a member has many visits: which visit date?
    'how many members in the same month as the visit date',
    // a verb that names no date
    'how many fees in the same month as the member paid',
    // "in 2024": the fees', or the enrolment's?
    'how many fees in the same month as the member enrolled in 2024',
  ])
    it(`refused: ${question}`, () => expect(ask(question).kind).toBe('out_of_scope'));
});
