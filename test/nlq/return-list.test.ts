/**
 * An explicit list of the columns wanted after the question ("? Return their ID, first name and total
 * fee", "; give me the kind and the count", "with their phone numbers"), on a small model of our own
 * (a climbing gym) over a real DuckDB: every listed column maps onto the answer (a grouped dimension,
 * an attribute of a grouped member, "ID" = its key, names; a metric computed or added alongside), the
 * answer's rows equal hand-written SQL, its columns follow the list, and a listed word never changes
 * what is ranked. A list with a column that maps to nothing exactly is not read as one.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

const model = SemanticModelSchema.parse({
  name: 'gym',
  entities: [
    { name: 'climber', table: 'climbers', primary_key: 'id', synonyms: ['climbers'] },
    { name: 'coach', table: 'coaches', primary_key: 'id', synonyms: ['coaches'] },
    { name: 'session', table: 'sessions', primary_key: 'id', synonyms: ['sessions'] },
  ],
  relationships: [
    { from: 'session', to: 'climber', on: [['climber_id', 'id']] },
    { from: 'session', to: 'coach', on: [['coach_id', 'id']] },
  ],
  dimensions: [
    { name: 'climber_id', entity: 'climber', sql: '${TABLE}.id', type: 'number', label: 'Climber id' },
    { name: 'first_name', entity: 'climber', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'climber', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'climber_phone', entity: 'climber', sql: '${TABLE}.phone', label: 'Climber phone', synonyms: ['phone'] },
    { name: 'home_town', entity: 'climber', sql: '${TABLE}.town', label: 'Home town', synonyms: ['town'], index_values: true },
    { name: 'coach_id', entity: 'coach', sql: '${TABLE}.id', type: 'number', label: 'Coach id' },
    { name: 'coach', entity: 'coach', sql: '${TABLE}.name', label: 'Coach', synonyms: ['coach name'] },
    { name: 'coach_email', entity: 'coach', sql: '${TABLE}.email', label: 'Coach email', synonyms: ['email'] },
    { name: 'session_id', entity: 'session', sql: '${TABLE}.id', type: 'number', label: 'Session id' },
    { name: 'session_kind', entity: 'session', sql: '${TABLE}.kind', label: 'Session kind', synonyms: ['kind'], index_values: true },
  ],
  time_dimensions: [{ name: 'held_on', entity: 'session', sql: '${TABLE}.held_on', label: 'Session date' }],
  measures: [
    {
      name: 'session_count',
      entity: 'session',
      agg: 'count',
      label: 'Sessions',
      synonyms: ['number of sessions'],
      time_dimension: 'held_on',
    },
    {
      name: 'total_fee',
      entity: 'session',
      agg: 'sum',
      sql: '${TABLE}.fee',
      label: 'Total fee',
      synonyms: ['fees', 'fee'],
      time_dimension: 'held_on',
    },
    { name: 'average_fee', entity: 'session', agg: 'avg', sql: '${TABLE}.fee', label: 'Average fee', time_dimension: 'held_on' },
    { name: 'climber_count', entity: 'climber', agg: 'count', label: 'Climbers', synonyms: ['number of climbers'] },
    { name: 'session_grade', entity: 'session', agg: 'avg', sql: '${TABLE}.grade', label: 'Grade', time_dimension: 'held_on' },
  ],
  defaults: { time_dimension: 'held_on' },
});
const values = new Map([
  ['session_kind', ['boulder', 'lead', 'rope']],
  ['home_town', ['Leeds', 'York']],
]);

const TABLES = `
CREATE TABLE climbers (id INTEGER, first_name VARCHAR, last_name VARCHAR, phone VARCHAR, town VARCHAR);
INSERT INTO climbers VALUES (1, 'Ann', 'Lee', '555-01', 'Leeds'), (2, 'Ann', 'Moss', '555-02', 'York'), (3, 'Bo', 'Lee', '555-03', 'Leeds'), (4, 'Cy', 'Ray', '555-04', 'York');
CREATE TABLE coaches (id INTEGER, name VARCHAR, email VARCHAR);
INSERT INTO coaches VALUES (1, 'Kit', 'kit@gym.test'), (2, 'Max', 'max@gym.test'), (3, 'Sol', 'sol@gym.test');
CREATE TABLE sessions (id INTEGER, climber_id INTEGER, coach_id INTEGER, kind VARCHAR, fee DOUBLE, held_on DATE, grade INTEGER);
INSERT INTO sessions VALUES (1, 1, 1, 'boulder', 10, DATE '2024-01-02', 5), (2, 2, 1, 'lead', 30, DATE '2024-01-05', 4), (3, 2, 2, 'rope', 25, DATE '2024-02-01', 4),
  (4, 3, 2, 'boulder', 12, DATE '2024-02-03', 6), (5, 2, 3, 'lead', 40, DATE '2024-03-01', 4), (6, 1, 1, 'boulder', 8, DATE '2024-03-05', 4), (7, 2, 1, 'boulder', 9, DATE '2024-03-09', 4);
`;

const tables = duckdbTables(TABLES);
const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

describe('the columns asked for after the question', () => {
  it('"top 2 climbers by number of sessions? Return their ID, first name, last name and total fee": the key, the names, a figure added alongside', async () => {
    const q = 'Who are the top 2 climbers by number of sessions? Return their ID, first name, last name and total fee.';
    const r = ask(q);
    const got = await expectSameRows(
      tables,
      model,
      q,
      r,
      `SELECT c.id, c.first_name, c.last_name, sum(s.fee), count(*) AS n FROM sessions s JOIN climbers c ON c.id = s.climber_id GROUP BY 1, 2, 3 ORDER BY n DESC LIMIT 2`,
    );
    // ranked by the question's own figure, the listed one only shown
    expect(got?.query.order).toEqual([{ by: 'session_count', direction: 'desc' }]);
    expect(got?.query.group_by.map((g) => g.dimension)).toEqual(['climber_id', 'first_name', 'last_name']);
    expect(got?.query.metrics).toEqual(['total_fee', 'session_count']);
  });

  it('"first and last name", "phone number": attributes of the climber beside the key (one row per climber, two share a first name)', async () => {
    const q = 'Which 3 climbers have the highest total fee? Return their first and last name and phone number.';
    const got = await expectSameRows(
      tables,
      model,
      q,
      ask(q),
      `SELECT c.first_name, c.last_name, c.phone, c.id, sum(s.fee) AS f FROM sessions s JOIN climbers c ON c.id = s.climber_id GROUP BY c.id, 1, 2, 3 ORDER BY f DESC LIMIT 3`,
    );
    expect(got?.columns.slice(0, 3)).toEqual(['first_name', 'last_name', 'climber_phone']);
  });

  it('"the count", a thing grouped by its name and "their email", "; give me ...", "with their ..."', async () => {
    const q1 = 'Which 2 coaches ran the most sessions? Return the coach, their email and the count.';
    const r1 = ask(q1);
    await expectSameRows(
      tables,
      model,
      q1,
      r1,
      `SELECT co.name, co.email, count(*) AS n FROM sessions s JOIN coaches co ON co.id = s.coach_id GROUP BY 1, 2 ORDER BY n DESC LIMIT 2`,
    );
    const q2 = 'top 2 coaches by total fee; give me the email and the total fee';
    await expectSameRows(
      tables,
      model,
      q2,
      ask(q2),
      `SELECT co.email, co.name, sum(s.fee) AS f FROM sessions s JOIN coaches co ON co.id = s.coach_id GROUP BY 1, 2 ORDER BY f DESC LIMIT 2`,
    );
    const q3 = 'What are the top 2 coaches by total fee, with their email?';
    await expectSameRows(
      tables,
      model,
      q3,
      ask(q3),
      `SELECT co.email, co.name, sum(s.fee) AS f FROM sessions s JOIN coaches co ON co.id = s.coach_id GROUP BY 1, 2 ORDER BY f DESC LIMIT 2`,
    );
  });

  it('"the coach ID" of coaches grouped by name: the key joins the breakdown before the name', async () => {
    const q = 'What are the top 2 coaches by number of sessions? Return the coach ID, coach name and number of sessions.';
    const got = await expectSameRows(
      tables,
      model,
      q,
      ask(q),
      `SELECT co.id, co.name, count(*) AS n FROM sessions s JOIN coaches co ON co.id = s.coach_id GROUP BY 1, 2 ORDER BY n DESC LIMIT 2`,
    );
    expect(got?.columns).toEqual(['coach_id', 'coach', 'session_count']);
  });

  it("the answer's columns follow the list: figures and dimensions in the order asked", async () => {
    const q = 'What are the top 2 session kinds by total fee? Return the average fee, the kind, the number of sessions and the total fee.';
    const got = await expectSameRows(
      tables,
      model,
      q,
      ask(q),
      `SELECT kind, avg(fee), count(*), sum(fee) AS f FROM sessions GROUP BY 1 ORDER BY f DESC LIMIT 2`,
    );
    expect(got?.query.metrics).toEqual(['average_fee', 'session_count', 'total_fee']);
    expect(got?.query.order).toEqual([{ by: 'total_fee', direction: 'desc' }]);
  });

  it('"average grade": an average only (the model calls it "grade")', async () => {
    const q = 'What are the top 2 session kinds by total fee? Return the kind and average grade.';
    const got = await expectSameRows(
      tables,
      model,
      q,
      ask(q),
      `SELECT kind, avg(grade), sum(fee) AS f FROM sessions GROUP BY 1 ORDER BY f DESC LIMIT 2`,
    );
    expect(got?.query.metrics).toEqual(['session_grade', 'total_fee']);
  });

  it('the list before the question: "Return the ID, first name and phone of the top 2 climbers by number of sessions"', async () => {
    const q = 'Return the ID, first name and phone of the top 2 climbers by number of sessions.';
    const got = await expectSameRows(
      tables,
      model,
      q,
      ask(q),
      `SELECT c.id, c.first_name, c.phone, c.last_name, count(*) AS n FROM sessions s JOIN climbers c ON c.id = s.climber_id GROUP BY 1, 2, 3, 4 ORDER BY n DESC LIMIT 2`,
    );
    expect(got?.columns.slice(0, 3)).toEqual(['climber_id', 'first_name', 'climber_phone']);
    // a listing's columns (members with a condition) stay the listing's own reading
    const r = ask('Return the first name and phone of climbers who have no sessions');
    if (r.kind === 'query') expect(r.notes.join(' ')).not.toMatch(/Columns as asked/);
  });

  it('a time bucket by its grain; a list of members with an attribute added', async () => {
    const q1 = 'What is the total fee by month in 2024? Return the month and the total fee.';
    const r1 = ask(q1);
    expect(r1.kind === 'query' ? r1.query.group_by : []).toEqual([{ dimension: 'held_on', grain: 'month' }]);
    const q2 = 'Which climbers have no sessions? Return their first name and phone.';
    await expectSameRows(
      tables,
      model,
      q2,
      ask(q2),
      `SELECT first_name, phone, id, last_name FROM climbers WHERE id NOT IN (SELECT climber_id FROM sessions)`,
    );
  });
});

describe('a list that does not map exactly is not read as one', () => {
  const refused = (q: string) => {
    const r = ask(q);
    expect(r.kind, `${q}: ${r.kind === 'query' ? JSON.stringify(r.query) : ''}`).not.toBe('query');
  };
  it('an unknown word, or a figure word after a count ("session amount": the model only counts sessions)', () => {
    refused('Who are the top 2 climbers by number of sessions? Return their ID and loyalty score.');
    // ("total session amount" is the sessions' one amount figure, in the list as in the question)
    const listed = ask('Who are the top 2 climbers by number of sessions? Return their ID and total session amount.');
    expect(listed.kind === 'query' ? listed.query.metrics : listed.kind).toEqual(['total_fee', 'session_count']);
    // (in the question itself it is the sessions' one amount figure, never their count)
    const own = ask('Who are the top 2 climbers by total session amount? Return their ID and number of sessions.');
    expect(own.kind === 'query' ? own.query.order : own.kind).toEqual([{ by: 'total_fee', direction: 'desc' }]);
    const value = ask('Who are the top 2 coaches by session value?');
    expect(value.kind === 'query' ? value.query.metrics : value.kind).toEqual(['total_fee']);
    // (a total of an average is none)
    refused('What are the top 2 session kinds by total fee? Return the kind and total grade.');
  });
  it('a dimension that is no attribute of the grouped member is never added as a breakdown by the list', () => {
    refused('What are the top 2 coaches by total fee? Return the coach, the session kind and the total fee.');
  });
  it('a plural thing with no count word is its members, not how many there are', () => {
    refused('What are the top 2 session kinds by total fee? Return the kind and climbers.');
  });
  it('"ID" with two members in the answer is not one key', () => {
    refused('total fee by coach and climber? Return the ID and the total fee.');
  });
  it('a listed figure never becomes the ranking', async () => {
    const r = ask('Who are the top 2 coaches by number of sessions? Return the coach and the total fee.');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.order).toEqual([{ by: 'session_count', direction: 'desc' }]);
    const sql = compile(model, r.query, new DuckDbDialect()).sql;
    expect((await tables.rows(sql)).length).toBe(2);
  });
});
