/**
 * Whether a column has a value at all ("students who have a minor", "customers with no email",
 * "orders that have not shipped yet") -> an is_set / not_set filter, on a small model of our own (a
 * college with a shop) over a real DuckDB, checked against hand-written SQL. Comparisons, values,
 * flags and related things after "with" stay what they were; an unclear column is refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { duckdbTables, jsonRows } from '../helpers/duckdb-tables.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'college',
  entities: [
    { name: 'pupil', table: 'pupils', primary_key: 'id', synonyms: ['pupils', 'student', 'students'] },
    { name: 'house', table: 'houses', primary_key: 'id', synonyms: ['houses'] },
    { name: 'parcel', table: 'parcels', primary_key: 'id', synonyms: ['parcels', 'package', 'packages'] },
  ],
  relationships: [
    { from: 'pupil', to: 'house', on: [['house_id', 'id']] },
    { from: 'parcel', to: 'pupil', on: [['pupil_id', 'id']] },
  ],
  dimensions: [
    { name: 'pupil_id', entity: 'pupil', sql: '${TABLE}.id', type: 'number', label: 'Pupil id' },
    { name: 'given_name', entity: 'pupil', sql: '${TABLE}.given_name', label: 'Given name' },
    { name: 'family_name', entity: 'pupil', sql: '${TABLE}.family_name', label: 'Family name' },
    { name: 'pick_subject', entity: 'pupil', sql: '${TABLE}.pick_subject', label: 'Pick subject', index_values: true },
    { name: 'elective', entity: 'pupil', sql: '${TABLE}.elective', label: 'Elective', index_values: true },
    { name: 'email', entity: 'pupil', sql: '${TABLE}.email', label: 'Email', synonyms: ['email address'] },
    { name: 'allowance', entity: 'pupil', sql: '${TABLE}.allowance', type: 'number', label: 'Allowance' },
    { name: 'has_locker', entity: 'pupil', sql: '${TABLE}.has_locker', type: 'boolean', label: 'Has locker' },
    { name: 'house_id', entity: 'house', sql: '${TABLE}.id', type: 'number', label: 'House id' },
    { name: 'house_name', entity: 'house', sql: '${TABLE}.name', label: 'House name', index_values: true },
    { name: 'parcel_id', entity: 'parcel', sql: '${TABLE}.id', type: 'number', label: 'Parcel id' },
    { name: 'parcel_phone', entity: 'parcel', sql: '${TABLE}.phone', label: 'Contact phone' },
    { name: 'parcel_mobile', entity: 'parcel', sql: '${TABLE}.mobile', label: 'Contact mobile', synonyms: ['contact phone'] },
  ],
  time_dimensions: [
    { name: 'posted_on', entity: 'parcel', sql: '${TABLE}.posted_on', label: 'Posted date' },
    { name: 'deliver_date', entity: 'parcel', sql: '${TABLE}.deliver_date', label: 'Delivery date' },
  ],
  measures: [
    { name: 'pupil_count', entity: 'pupil', agg: 'count', label: 'Pupils', synonyms: ['number of pupils', 'number of students'] },
    {
      name: 'parcel_count',
      entity: 'parcel',
      agg: 'count',
      label: 'Parcels',
      synonyms: ['number of parcels'],
      time_dimension: 'posted_on',
    },
  ],
  defaults: { time_dimension: 'posted_on' },
});
const values = new Map([
  ['pick_subject', ['History', 'Biology']],
  ['elective', ['Drama', 'Music']],
  ['house_name', ['Oak', 'Elm']],
]);

const TABLES = `
CREATE TABLE houses (id INTEGER, name VARCHAR);
INSERT INTO houses VALUES (1, 'Oak'), (2, 'Elm');
CREATE TABLE pupils (id INTEGER, house_id INTEGER, given_name VARCHAR, family_name VARCHAR, pick_subject VARCHAR, elective VARCHAR, email VARCHAR, allowance DOUBLE, has_locker BOOLEAN);
INSERT INTO pupils VALUES
  (1, 1, 'Ada', 'Moss', 'History', NULL, 'ada@x.org', 10, true),
  (2, 1, 'Ben', 'Lee', NULL, 'Drama', NULL, 200, false),
  (3, 2, 'Cy', 'Fox', 'Biology', 'Music', '', NULL, NULL),
  (4, 2, 'Di', 'Ray', NULL, NULL, 'di@x.org', 50, true),
  (5, 2, 'Ed', 'Kim', 'History', 'Drama', NULL, 5, false);
CREATE TABLE parcels (id INTEGER, pupil_id INTEGER, phone VARCHAR, mobile VARCHAR, posted_on DATE, deliver_date DATE);
INSERT INTO parcels VALUES (1, 1, '555', NULL, DATE '2024-01-02', DATE '2024-01-05'), (2, 2, NULL, '777', DATE '2024-02-01', NULL),
  (3, 3, NULL, NULL, DATE '2024-03-01', NULL), (4, 4, '999', '111', DATE '2024-03-02', DATE '2024-03-04');
`;

const tables = duckdbTables(TABLES);

const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
const rows = async (sql: string): Promise<string[]> => jsonRows(await tables.rows(sql));
async function answer(q: string) {
  const r = ask(q);
  expect(r.kind, r.kind !== 'query' ? `${r.reason} ${JSON.stringify((r as { unconsumed?: unknown }).unconsumed ?? '')}` : '').toBe('query');
  if (r.kind !== 'query') throw new Error('refused');
  return { query: r.query, rows: await rows(compile(model, r.query, new DuckDbDialect()).sql) };
}

describe('a column has a value / has none', () => {
  it('"how many students have an elective": the non-empty electives', async () => {
    const r = await answer('How many students have an elective?');
    expect(r.query.filters).toEqual([{ dimension: 'elective', op: 'is_set', values: [] }]);
    expect(r.rows).toEqual(await rows(`SELECT COUNT(*) FROM pupils WHERE elective IS NOT NULL AND elective <> ''`));
  });

  it('"students who have picked a subject" (the verb and the noun name the column), per house', async () => {
    const r = await answer('How many students have picked a subject in each house?');
    expect(r.query.filters).toEqual([{ dimension: 'pick_subject', op: 'is_set', values: [] }]);
    expect(r.rows).toEqual(
      await rows(
        `SELECT h.id, h.name, COUNT(*) FROM pupils p JOIN houses h ON p.house_id = h.id WHERE pick_subject IS NOT NULL GROUP BY 1, 2`,
      ),
    );
  });

  it('"students with no email": NULL and the empty text both count as none', async () => {
    const r = await answer('List the given names of students with no email.');
    expect(r.query.filters).toEqual([{ dimension: 'email', op: 'not_set', values: [] }]);
    expect(r.rows).toEqual(await rows(`SELECT DISTINCT given_name FROM pupils WHERE email IS NULL OR email = ''`));
  });

  it('"without an email", "do not have an email", "whose email is missing / unknown / not recorded" are the same', async () => {
    for (const q of [
      'How many students without an email?',
      'How many students do not have an email address?',
      'How many students whose email is missing?',
      'How many students whose email is unknown?',
      'How many students whose email is not recorded?',
    ]) {
      const r = ask(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.filters, q).toEqual([{ dimension: 'email', op: 'not_set', values: [] }]);
    }
  });

  it('"whose email is not null" and "whose email is known" keep the ones with one', async () => {
    for (const q of ['How many students whose email is not null?', 'How many students whose email is known?']) {
      const r = await answer(q);
      expect(r.query.filters, q).toEqual([{ dimension: 'email', op: 'is_set', values: [] }]);
      expect(r.rows).toEqual(['[2]']);
    }
  });

  it('"parcels that have not been delivered yet": the delivery date names the verb', async () => {
    const r = await answer('How many parcels have not been delivered yet?');
    expect(r.query.filters).toEqual([{ dimension: 'deliver_date', op: 'not_set', values: [] }]);
    expect(r.rows).toEqual(await rows(`SELECT COUNT(*) FROM parcels WHERE deliver_date IS NULL`));
  });

  it('a missing date of the related thing: "parcels without a delivery date" per house', async () => {
    const r = await answer('Number of parcels without a delivery date by house name');
    expect(r.rows).toEqual(
      await rows(
        `SELECT h.name, COUNT(*) FROM parcels c JOIN pupils p ON c.pupil_id = p.id JOIN houses h ON p.house_id = h.id WHERE c.deliver_date IS NULL GROUP BY 1`,
      ),
    );
  });
});

describe('several conditions', () => {
  it('"with an email and no elective", "without an email and an elective" (neither): each its own', async () => {
    const r = await answer('How many students with an email and no elective?');
    expect(r.query.filters).toEqual([
      { dimension: 'email', op: 'is_set', values: [] },
      { dimension: 'elective', op: 'not_set', values: [] },
    ]);
    expect(r.rows).toEqual(await rows(`SELECT COUNT(*) FROM pupils WHERE email <> '' AND elective IS NULL`));
    const neither = ask('How many students without an email and an elective?');
    expect(neither.kind === 'query' && neither.query.filters.map((f) => f.op)).toEqual(['not_set', 'not_set']);
  });

  it('a value of another column after it is its own filter ("with an email in Oak")', async () => {
    const r = await answer('How many students with an email in Oak?');
    expect(r.rows).toEqual(
      await rows(`SELECT COUNT(*) FROM pupils p JOIN houses h ON p.house_id = h.id WHERE h.name = 'Oak' AND p.email <> ''`),
    );
  });

  it('"or" between two conditions is never read as both', () => {
    expect(ask('How many students with an email or an elective?').kind).toBe('out_of_scope');
  });
});

describe('what stays something else', () => {
  it('"students with an allowance above 100" is a comparison', () => {
    const r = ask('How many students with an allowance above 100?');
    if (r.kind === 'query') expect(r.query.filters.some((f) => f.op === 'is_set' || f.op === 'not_set')).toBe(false);
  });

  it('"students with a locker" is the flag, never presence', () => {
    const r = ask('How many students with a locker?');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.filters).toEqual([{ dimension: 'has_locker', op: 'eq', values: ['true'] }]);
  });

  it('"students with parcels" is related rows, never presence', () => {
    const r = ask('Which students have parcels?');
    if (r.kind === 'query') expect(r.query.filters.some((f) => f.op === 'is_set' || f.op === 'not_set')).toBe(false);
  });

  it('"students with an elective of Drama" is the value', () => {
    const r = ask('How many students with an elective of Drama?');
    if (r.kind === 'query') expect(r.query.filters.some((f) => f.op === 'is_set' || f.op === 'not_set')).toBe(false);
  });

  it('a noun naming two columns of the thing is refused, naming them', () => {
    const r = ask('How many parcels with no contact phone?');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/Contact phone.*Contact mobile|Contact mobile.*Contact phone/);
  });

  it('a verb with how or when after it is no missing date: "parcels not delivered by courier", "... in 2024"', () => {
    for (const q of ['How many parcels were not delivered by courier?', 'How many parcels were not delivered in 2024?']) {
      const r = ask(q);
      if (r.kind === 'query')
        expect(
          r.query.filters.some((f) => f.op === 'not_set'),
          q,
        ).toBe(false);
    }
  });

  it('a verb naming no date of the thing stays unconsumed: "parcels that have not been opened"', () => {
    expect(ask('How many parcels have not been opened yet?').kind).toBe('out_of_scope');
  });
});

describe('a participle that is also the name of the date ("shipped" of a shipped date), negated', () => {
  // a draft gives a date column named after a participle that participle as a synonym
  const ledger = SemanticModelSchema.parse({
    name: 'ledger',
    entities: [{ name: 'invoice', table: 'invoices', primary_key: 'id', synonyms: ['invoices', 'bills'] }],
    dimensions: [{ name: 'invoice_id', entity: 'invoice', sql: '${TABLE}.id', type: 'number', label: 'Invoice id' }],
    time_dimensions: [
      { name: 'issued_date', entity: 'invoice', sql: '${TABLE}.issued_date', label: 'Issued date', synonyms: ['issued'] },
      { name: 'approved_date', entity: 'invoice', sql: '${TABLE}.approved_date', label: 'Approved date', synonyms: ['approved'] },
    ],
    measures: [{ name: 'invoice_count', entity: 'invoice', agg: 'count', label: 'Invoices', time_dimension: 'issued_date' }],
  });
  const kennel = SemanticModelSchema.parse({
    name: 'kennel',
    entities: [{ name: 'dog', table: 'dogs', primary_key: 'id', synonyms: ['dogs'] }],
    dimensions: [{ name: 'dog_name', entity: 'dog', sql: '${TABLE}.name', label: 'Dog name' }],
    time_dimensions: [
      { name: 'arrived_date', entity: 'dog', sql: '${TABLE}.arrived_date', label: 'Arrived date', synonyms: ['arrived'] },
      { name: 'adopted_date', entity: 'dog', sql: '${TABLE}.adopted_date', label: 'Adopted date', synonyms: ['adopted'] },
    ],
    measures: [{ name: 'dog_count', entity: 'dog', agg: 'count', label: 'Dogs', time_dimension: 'arrived_date' }],
  });
  const filtersOf = (m: typeof ledger, q: string) => {
    const r = interpret(q, { model: m, values: new Map(), asOf: '2024-06-30' });
    expect(r.kind, JSON.stringify(r)).toBe('query');
    return r.kind === 'query' ? { filters: r.query.filters, conditions: r.query.entity_conditions ?? [] } : undefined;
  };
  it('is the date not set, never a count of the things held to zero', () => {
    for (const [m, q, date] of [
      [ledger, 'how many invoices have not been approved', 'approved_date'],
      [ledger, 'invoices not yet approved', 'approved_date'],
      [kennel, 'how many dogs have not been adopted', 'adopted_date'],
      [kennel, 'which dogs were not adopted yet', 'adopted_date'],
    ] as const) {
      expect(filtersOf(m, q), q).toEqual({ filters: [{ dimension: date, op: 'not_set', values: [] }], conditions: [] });
    }
  });

  it('"packages that were delivered", "which parcels were delivered": the delivery date filled; "by air" after it is no presence', async () => {
    for (const q of ['How many packages were delivered?', 'Which parcels were delivered?', 'List the delivered parcels.']) {
      const r = ask(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.filters, q).toEqual([{ dimension: 'deliver_date', op: 'is_set', values: [] }]);
    }
    const r = ask('How many parcels were delivered by air?');
    expect(r.kind === 'query' && r.query.filters.some((f) => f.op === 'is_set')).toBe(false);
  });
});
