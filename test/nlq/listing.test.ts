/**
 * Listings: questions that ask for the members of a thing with some of their attributes, on a small
 * model of our own (a film rental chain: shops, members, films, rentals) over a real DuckDB. Each
 * answered case is interpreted, compiled and run, and its rows checked against hand-written SQL;
 * each refused case must be refused, never answered.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const raw = {
  name: 'rentals',
  entities: [
    { name: 'shop', table: 'shops', primary_key: 'id', synonyms: ['shops', 'store', 'stores'] },
    { name: 'member', table: 'members', primary_key: 'id', synonyms: ['members'] },
    { name: 'film', table: 'films', primary_key: 'id', synonyms: ['films', 'movie', 'movies'] },
    { name: 'rental', table: 'rentals', primary_key: 'id', synonyms: ['rentals'] },
    // a thing with neither a key dimension nor a name
    { name: 'payment', table: 'payments', primary_key: 'id', synonyms: ['payments'] },
  ],
  relationships: [
    { from: 'rental', to: 'member', on: [['member_id', 'id']] },
    { from: 'rental', to: 'film', on: [['film_id', 'id']] },
    { from: 'rental', to: 'shop', on: [['shop_id', 'id']] },
    { from: 'payment', to: 'rental', on: [['rental_id', 'id']] },
  ],
  dimensions: [
    { name: 'shop_id', entity: 'shop', sql: '${TABLE}.id', type: 'number', label: 'Shop id' },
    { name: 'shop', entity: 'shop', sql: '${TABLE}.name', label: 'Shop', synonyms: ['shop name'], index_values: true },
    { name: 'town', entity: 'shop', sql: '${TABLE}.town', label: 'Town', index_values: true },
    { name: 'member_id', entity: 'member', sql: '${TABLE}.id', type: 'number', label: 'Member id' },
    { name: 'first_name', entity: 'member', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'member', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'level', entity: 'member', sql: '${TABLE}.level', label: 'Membership level', synonyms: ['level'], index_values: true },
    { name: 'film_id', entity: 'film', sql: '${TABLE}.id', type: 'number', label: 'Film id' },
    { name: 'film', entity: 'film', sql: '${TABLE}.title', label: 'Film', synonyms: ['title', 'film title'], index_values: true },
    { name: 'rating', entity: 'film', sql: '${TABLE}.rating', label: 'Rating', synonyms: ['rated', 'film rating'], index_values: true },
  ],
  time_dimensions: [
    { name: 'rental_date', entity: 'rental', sql: '${TABLE}.rented_on', label: 'Rental date', synonyms: ['rented'] },
    { name: 'join_date', entity: 'member', sql: '${TABLE}.joined_on', label: 'Join date', synonyms: ['joined'] },
  ],
  measures: [
    {
      name: 'rental_count',
      entity: 'rental',
      agg: 'count',
      label: 'Rentals',
      synonyms: ['number of rentals'],
      time_dimension: 'rental_date',
    },
    { name: 'member_count', entity: 'member', agg: 'count', label: 'Members', synonyms: ['number of members'], time_bound: false },
    {
      name: 'payment_total',
      entity: 'payment',
      agg: 'sum',
      sql: '${TABLE}.amount',
      label: 'Payments total',
      synonyms: ['amount paid'],
      time_bound: false,
    },
  ],
  defaults: { time_dimension: 'rental_date' },
};
const model = SemanticModelSchema.parse(raw);
// the same chain where shops also stock films: a film relates to a shop through its rentals and through the stock
const stocked = SemanticModelSchema.parse({
  ...raw,
  entities: [...raw.entities, { name: 'stock', table: 'stock', primary_key: 'id', synonyms: ['stock'] }],
  relationships: [
    ...raw.relationships,
    { from: 'stock', to: 'film', on: [['film_id', 'id']] },
    { from: 'stock', to: 'shop', on: [['shop_id', 'id']] },
  ],
});

const values = new Map([
  ['shop', ['Northgate', 'Riverside', 'Old Mill']],
  ['town', ['Leeds', 'York']],
  ['level', ['gold', 'basic']],
  ['film', ['Alpha', 'Bravo', 'Charlie', 'Delta']],
  ['rating', ['PG', 'R']],
]);

const TABLES = `
CREATE TABLE shops (id INTEGER, name VARCHAR, town VARCHAR);
INSERT INTO shops VALUES (1, 'Northgate', 'Leeds'), (2, 'Riverside', 'Leeds'), (3, 'Old Mill', 'York');
CREATE TABLE members (id INTEGER, first_name VARCHAR, last_name VARCHAR, level VARCHAR, joined_on DATE);
INSERT INTO members VALUES (1, 'Ann', 'Lee', 'gold', DATE '2022-03-01'), (2, 'Bob', 'Marsh', 'basic', DATE '2023-05-10'),
  (3, 'Cy', 'Lee', 'basic', DATE '2023-11-20'), (4, 'Di', 'Noon', 'gold', DATE '2024-01-15'), (5, 'Ann', 'Vale', 'basic', DATE '2023-02-02');
CREATE TABLE films (id INTEGER, title VARCHAR, rating VARCHAR);
INSERT INTO films VALUES (1, 'Delta', 'PG'), (2, 'Alpha', 'PG'), (3, 'Charlie', 'R'), (4, 'Bravo', 'PG');
CREATE TABLE rentals (id INTEGER, member_id INTEGER, film_id INTEGER, shop_id INTEGER, rented_on DATE);
INSERT INTO rentals VALUES (1, 1, 1, 1, DATE '2023-06-01'), (2, 1, 2, 1, DATE '2023-07-01'), (3, 1, 3, 2, DATE '2024-02-01'),
  (4, 2, 1, 3, DATE '2024-03-05'), (5, 3, 3, 2, DATE '2022-12-30'), (6, 1, 1, 1, DATE '2024-04-01');
CREATE TABLE payments (id INTEGER, rental_id INTEGER, amount DOUBLE);
INSERT INTO payments VALUES (1, 1, 3.5), (2, 2, 4.0);
`;

const tables = duckdbTables(TABLES);

const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
/** Interprets, compiles and runs the question; its rows (in order when `ordered`) must equal the reference's. */
async function answers(question: string, reference: string, ordered = false): Promise<string[]> {
  const out = await expectSameRows(tables, model, question, ask(question), reference, ordered);
  if (!out) return [];
  expect(out.query.metrics, question).toEqual([]);
  return out.columns;
}

describe('listings: the members of a thing with the attributes named', () => {
  it('"the names of the shops in Leeds": the shops\' one name, filtered', async () => {
    const cols = await answers('What are the names of the shops in Leeds?', `SELECT name FROM shops WHERE town = 'Leeds'`);
    expect(cols).toEqual(['shop']);
  });
  it('ids and first and last names of members who have not made any rentals (a condition: none)', async () => {
    const cols = await answers(
      'List the ids and first and last names of members who have not made any rentals',
      `SELECT id, first_name, last_name FROM members WHERE id NOT IN (SELECT member_id FROM rentals)`,
    );
    expect(cols).toEqual(['member_id', 'first_name', 'last_name']);
  });
  it('"the distinct list of film IDs that have rental records after Jan 1 2024": at least one row in the period', async () => {
    await answers(
      'Return the distinct list of film IDs that have rental records after Jan 1 2024',
      `SELECT DISTINCT film_id FROM rentals WHERE rented_on >= DATE '2024-01-02' AND rented_on < DATE '2024-07-01'`,
    );
    // "on or after" includes the day itself
    await answers(
      'Return the film ids that have rentals on or after Feb 1, 2024',
      `SELECT DISTINCT film_id FROM rentals WHERE rented_on >= DATE '2024-02-01'`,
    );
  });
  it('"which members joined in 2023? give their first and last names": the period dates the named date', async () => {
    const r = ask('Which members joined in 2023? Give their first and last names');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.time_range?.dimension).toBe('join_date');
    await answers(
      'Which members joined in 2023? Give their first and last names',
      // (the columns asked for first, the key that keeps one row per member after them)
      `SELECT first_name, last_name, id FROM members WHERE joined_on >= DATE '2023-01-01' AND joined_on < DATE '2024-01-01'`,
    );
  });
  it('"show the title of every film rated PG ordered by title": a value filter and an order by a listed column', async () => {
    await answers(
      'show the title of every film rated PG ordered by title',
      `SELECT title FROM films WHERE rating = 'PG' ORDER BY title`,
      true,
    );
    await answers(
      'list the film titles rated PG sorted by title in descending order',
      `SELECT title FROM films WHERE rating = 'PG' ORDER BY title DESC`,
      true,
    );
    await answers(
      'Which members are gold? List their first and last names. Order the results by their last names',
      `SELECT first_name, last_name, id FROM members WHERE level = 'gold' ORDER BY last_name`,
      true,
    );
  });
  it('the members alone, asked as a list: their key and their one name (one row per member)', async () => {
    const cols = await answers('list all the shops', `SELECT id, name FROM shops`);
    expect(cols).toEqual(['shop_id', 'shop']);
  });
  it('"which members have not made any rentals": the members themselves, with no count beside them', async () => {
    const cols = await answers(
      'which members have not made any rentals',
      `SELECT id, first_name, last_name FROM members WHERE id NOT IN (SELECT member_id FROM rentals)`,
    );
    // a member's name is their first and last name
    expect(cols).toEqual(['member_id', 'first_name', 'last_name']);
  });
  it('first names of members with more than 1 rental: a condition on a count of their rows', async () => {
    await answers(
      'what are the first names of the members with more than 1 rental',
      `SELECT DISTINCT first_name FROM members WHERE id IN (SELECT member_id FROM rentals GROUP BY 1 HAVING COUNT(*) > 1)`,
    );
  });
  it('the members and an attribute of theirs: the members (key and name) lead the columns', async () => {
    const cols = await answers('list the shops in York and their towns', `SELECT id, name, town FROM shops WHERE town = 'York'`);
    expect(cols).toEqual(['shop_id', 'shop', 'town']);
  });
  it('how many are listed: "the first 2", "list 3 shops"', async () => {
    await answers('list the first 2 films ordered by title', `SELECT id, title FROM films ORDER BY title LIMIT 2`, true);
    await answers('list 2 shops', `SELECT id, name FROM shops ORDER BY id LIMIT 2`, true);
  });
  it('a date of the members as a column (by day), and the list ordered by it', async () => {
    const cols = await answers(
      'show the first names and join dates of gold members sorted by join date',
      `SELECT first_name, joined_on FROM members WHERE level = 'gold' ORDER BY joined_on`,
      true,
    );
    expect(cols).toEqual(['first_name', 'join_date_day']);
  });
  it('"names" of members whose name is a first and a last name: both, first then last', async () => {
    const cols = await answers('What are the names of the members?', `SELECT DISTINCT first_name, last_name FROM members`);
    expect(cols).toEqual(['first_name', 'last_name']);
    expect(await answers('list the last names of gold members', `SELECT DISTINCT last_name FROM members WHERE level = 'gold'`)).toEqual([
      'last_name',
    ]);
  });
  it('an aside naming the columns right after the members ("members (member ID and first name) who ...")', async () => {
    const cols = await answers(
      'List members (member ID and first name) who have not made any rentals',
      `SELECT id, first_name FROM members WHERE id NOT IN (SELECT member_id FROM rentals)`,
    );
    expect(cols).toEqual(['member_id', 'first_name']);
  });
  it('"member IDs who have not made any rentals": the ids asked for between the members and their condition', async () => {
    const cols = await answers(
      'List the member IDs who have not made any rentals',
      `SELECT id FROM members WHERE id NOT IN (SELECT member_id FROM rentals)`,
    );
    expect(cols).toEqual(['member_id']);
    await answers('Return the member IDs who have more than 1 rental', `SELECT member_id FROM rentals GROUP BY 1 HAVING COUNT(*) > 1`);
  });
  it('ids of members with a value filter', async () => {
    await answers('Return the member IDs of gold members', `SELECT id FROM members WHERE level = 'gold'`);
  });
});

describe('listings that are refused, never guessed', () => {
  const refused = (q: string) => {
    const r = ask(q);
    expect(r.kind, `${q}: ${r.kind === 'query' ? JSON.stringify(r.query) : ''}`).not.toBe('query');
    return r;
  };
  it('a list ordered by "name" where a member\'s name is two columns (first and last) says neither', () => {
    const r = refused('List the names of the members ordered by name');
    if (r.kind !== 'query') expect(r.reason).toMatch(/more than one column/);
  });
  it('a period that says no date of the members ("which members in 2023")', () => {
    refused('Which members in 2023?');
  });
  it('a thing with no key dimension and no name cannot be listed', () => {
    refused('list all the payments');
  });
  it('ids of a thing that has no key dimension', () => {
    refused('Return the ids of the payments');
  });
  it('a word the listing does not understand is never dropped', () => {
    refused('List the names of the shops with a parking lot');
    refused('Return the member IDs who have rented films in colour');
    refused('List members (member ID and shoe size) who have not made any rentals');
  });
  it('an exclusion through related rows, or a filter beside a condition, is not read', () => {
    refused('list the titles of the films not rented at Northgate');
    refused('list the first names of members with more than 1 rental at Northgate');
  });
  it('a filter through related rows with two kinds of rows relating them (rentals, stock) is not read', () => {
    const q = 'list the titles of the films at Northgate';
    expect(ask(q).kind, 'one kind of row relates films and shops').toBe('query');
    expect(interpret(q, { model: stocked, values, asOf: '2024-06-30' }).kind).not.toBe('query');
  });
  it('a list broken down by another thing is no listing', () => {
    refused('list the member ids by shop');
  });
});

describe('not a listing: the general rules read it', () => {
  it('a thing "by" or "per" an attribute is a breakdown of its count', () => {
    for (const q of ['members by level', 'gold members per level']) {
      const r = ask(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.metrics, q).toEqual(['member_count']);
    }
  });
  it('a figure asked for is never dropped into a list', () => {
    const r = ask('list the shops and their number of rentals');
    if (r.kind === 'query') expect(r.query.metrics).toContain('rental_count');
  });
});
