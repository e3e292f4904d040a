/**
 * Things counted by a superlative, and a request that opens with the thing it asks for: "which
 * author has the most books" (books are a thing of their own: how many of them each author has),
 * "return me the store that has the most sales" (as "which store has ..."). Two small models of our
 * own with their own words (a library: authors and books through a link table; a chain of stores
 * and their sales) over a real DuckDB, and TPC-H's vocabulary; each answered case is compiled and
 * run against hand-written SQL, and what stays ambiguous is refused, never answered.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { q as askTpch } from './helpers.js';

const library = SemanticModelSchema.parse({
  name: 'library',
  entities: [
    { name: 'author', table: 'authors', primary_key: 'id', synonyms: ['authors', 'writer', 'writers'] },
    { name: 'book', table: 'books', primary_key: 'id', synonyms: ['books', 'title', 'titles'] },
    { name: 'wrote', table: 'wrote', primary_key: 'id' },
  ],
  relationships: [
    { from: 'wrote', to: 'author', on: [['author_id', 'id']] },
    { from: 'wrote', to: 'book', on: [['book_id', 'id']] },
  ],
  dimensions: [
    { name: 'author_id', entity: 'author', sql: '${TABLE}.id', type: 'number', label: 'Author id' },
    { name: 'author', entity: 'author', sql: '${TABLE}.name', label: 'Author', index_values: true },
    { name: 'book_id', entity: 'book', sql: '${TABLE}.id', type: 'number', label: 'Book id' },
    { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book', index_values: true },
    { name: 'genre', entity: 'book', sql: '${TABLE}.genre', label: 'Genre', index_values: true },
  ],
  measures: [
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Book count', time_bound: false },
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Author count', time_bound: false },
  ],
});
const libraryValues = new Map([
  ['author', ['Ada Lark', 'Ben Moss', 'Cy Reed']],
  ['book', ['Tides', 'Embers', 'Quarry Road', 'Salt']],
  ['genre', ['Poetry', 'Crime']],
]);

const stores = SemanticModelSchema.parse({
  name: 'stores',
  entities: [
    { name: 'store', table: 'stores', primary_key: 'id', synonyms: ['stores', 'shop', 'shops'] },
    { name: 'sale', table: 'sales', primary_key: 'id', synonyms: ['sales', 'receipt', 'receipts'] },
  ],
  relationships: [{ from: 'sale', to: 'store', on: [['store_id', 'id']] }],
  dimensions: [
    { name: 'store_id', entity: 'store', sql: '${TABLE}.id', type: 'number', label: 'Store id' },
    { name: 'store', entity: 'store', sql: '${TABLE}.name', label: 'Store', index_values: true },
    { name: 'channel', entity: 'sale', sql: '${TABLE}.channel', label: 'Channel', index_values: true },
  ],
  measures: [{ name: 'sale_count', entity: 'sale', agg: 'count', label: 'Sale count', time_bound: false }],
});
const storeValues = new Map([
  ['store', ['Harbour', 'Market Hall', 'Old Mill']],
  ['channel', ['online', 'counter']],
]);

const tables = duckdbTables(`
CREATE TABLE authors (id INTEGER, name VARCHAR);
INSERT INTO authors VALUES (1, 'Ada Lark'), (2, 'Ben Moss'), (3, 'Cy Reed');
CREATE TABLE books (id INTEGER, title VARCHAR, genre VARCHAR);
INSERT INTO books VALUES (1, 'Tides', 'Poetry'), (2, 'Embers', 'Crime'), (3, 'Quarry Road', 'Crime'), (4, 'Salt', 'Poetry');
CREATE TABLE wrote (id INTEGER, author_id INTEGER, book_id INTEGER);
INSERT INTO wrote VALUES (1, 1, 1), (2, 1, 4), (3, 2, 2), (4, 2, 3), (5, 2, 4), (6, 3, 1);
CREATE TABLE stores (id INTEGER, name VARCHAR);
INSERT INTO stores VALUES (1, 'Harbour'), (2, 'Market Hall'), (3, 'Old Mill');
CREATE TABLE sales (id INTEGER, store_id INTEGER, channel VARCHAR);
INSERT INTO sales VALUES (1, 1, 'online'), (2, 1, 'online'), (3, 2, 'counter'), (4, 2, 'counter'), (5, 2, 'counter'), (6, 3, 'online'),
  (7, 3, 'online'), (8, 3, 'online'), (9, 3, 'counter');
`);

const ask = (model: SemanticModel, values: Map<string, string[]>) => (question: string) =>
  interpret(question, { model, values, asOf: '2024-06-30' });
const inLibrary = ask(library, libraryValues);
const inStores = ask(stores, storeValues);

async function answers(model: SemanticModel, read: ReturnType<typeof ask>, question: string, reference: string): Promise<void> {
  await expectSameRows(tables, model, question, read(question), reference);
}
function refused(read: ReturnType<typeof ask>, question: string): void {
  const r = read(question);
  expect(r.kind, `${question} should be refused: ${JSON.stringify(r.kind === 'query' ? r.query : '')}`).not.toBe('query');
}

describe('"the most <things>": how many of them each member has', () => {
  it('a thing with a count of its own ranks the members it is counted for (through a link table)', async () => {
    for (const question of ['Which author has the most books?', 'the writer with the most titles']) {
      const r = inLibrary(question);
      expect(r.kind, question).toBe('query');
      if (r.kind === 'query') expect(r.query.metrics, question).toEqual(['book_count']);
      await answers(
        library,
        inLibrary,
        question,
        `SELECT a.id, a.name, COUNT(*) FROM authors a JOIN wrote w ON w.author_id = a.id GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
      );
    }
  });
  it('the same in another vocabulary (a direct relationship), with a value narrowing what is counted', async () => {
    await answers(
      stores,
      inStores,
      'which shop has the most receipts',
      `SELECT s.id, s.name, COUNT(*) FROM stores s JOIN sales x ON x.store_id = s.id GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
    await answers(
      stores,
      inStores,
      'Which store has the most sales online?',
      `SELECT s.name, COUNT(*) FROM stores s JOIN sales x ON x.store_id = s.id WHERE x.channel = 'online' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
  });
  it('the fewest counts the members with none as 0', async () => {
    await answers(
      stores,
      inStores,
      'the shop with the fewest receipts',
      `SELECT s.name, COUNT(x.id) FROM stores s LEFT JOIN sales x ON x.store_id = s.id GROUP BY 1 ORDER BY 2 LIMIT 1`,
    );
  });
  it('with nothing to rank it stays refused (never a breakdown by each thing)', () => {
    refused(inLibrary, 'the most books');
    refused(inStores, 'the most receipts');
  });
});

describe('a request that opens with the thing a ranking clause qualifies asks which ones', () => {
  it('"return me the X who/that/which has the most ..." reads as "which X has the most ..."', async () => {
    await answers(
      library,
      inLibrary,
      'return me the author who has the most books in Crime',
      `SELECT a.name, COUNT(*) FROM authors a JOIN wrote w ON w.author_id = a.id JOIN books b ON b.id = w.book_id WHERE b.genre = 'Crime' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    await answers(
      stores,
      inStores,
      'Show me the shop, which has the most receipts',
      `SELECT s.name, COUNT(*) FROM stores s JOIN sales x ON x.store_id = s.id GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
  });
  it('any other clause is read as before (a condition on their count)', async () => {
    await answers(
      stores,
      inStores,
      'find the stores that have more than 2 sales',
      `SELECT s.name, COUNT(*) FROM stores s JOIN sales x ON x.store_id = s.id GROUP BY 1 HAVING COUNT(*) > 2`,
    );
  });
  it('in TPC-H words too: the nation a request names is grouped, the figure ranks it', () => {
    const query = askTpch('return me the nation which has the most suppliers');
    expect(query.group_by.map((g) => g.dimension)).toEqual(['supplier_nation']);
    expect(query.metrics).toEqual(['suppliers']);
    expect(query.order).toEqual([{ by: 'suppliers', direction: 'desc' }]);
    expect(query.limit).toBe(1);
  });
});
