/**
 * "how many distinct customers made each type of transaction", "how many different books were sold at
 * each shop": a distinct count of one thing broken down by a column of the rows that relate it to the
 * breakdown (a transaction's type, a sale's shop) counts the things among those rows; the verb of
 * buying or selling restates those rows and is read. Without such a breakdown ("how many books were
 * sold": every book, or those sold?), or when two kinds of rows relate them, the verb stays unread.
 * Two vocabularies: a broker's trades and a book trade's sales.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { askBroker, brokerModel } from './broker-fixture.js';

const broker = brokerModel({ kindSynonyms: ['type of trade'] });

const shops = (extra: boolean) =>
  SemanticModelSchema.parse({
    name: 'books',
    entities: [
      { name: 'book', table: 'book', primary_key: 'id', synonyms: ['books'] },
      { name: 'shop', table: 'shop', primary_key: 'id', synonyms: ['shops'] },
      { name: 'sale', table: 'sale', primary_key: 'id', synonyms: ['sales'] },
      ...(extra ? [{ name: 'stock', table: 'stock', primary_key: 'id' }] : []),
    ],
    relationships: [
      { from: 'sale', to: 'book', on: [['book_id', 'id']] },
      { from: 'sale', to: 'shop', on: [['shop_id', 'id']] },
      ...(extra
        ? [
            { from: 'stock', to: 'book', on: [['book_id', 'id']] },
            { from: 'stock', to: 'shop', on: [['shop_id', 'id']] },
          ]
        : []),
    ],
    dimensions: [
      { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book' },
      { name: 'shop', entity: 'shop', sql: '${TABLE}.name', label: 'Shop' },
    ],
    measures: [
      { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', time_bound: false },
      { name: 'shop_count', entity: 'shop', agg: 'count', label: 'Shops', time_bound: false },
      { name: 'sale_count', entity: 'sale', agg: 'count', label: 'Sales', time_bound: false },
    ],
  });
const books = shops(false);

const tables = duckdbTables(`
  CREATE TABLE client (id INTEGER, name VARCHAR);
  INSERT INTO client VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
  CREATE TABLE trade (id INTEGER, client_id INTEGER, kind VARCHAR);
  INSERT INTO trade VALUES (1, 1, 'buy'), (2, 1, 'buy'), (3, 2, 'buy'), (4, 2, 'sell'), (5, 3, 'sell'), (6, 3, 'sell');
  CREATE TABLE book (id INTEGER, title VARCHAR);
  INSERT INTO book VALUES (1, 'Tide'), (2, 'Knot'), (3, 'Ash');
  CREATE TABLE shop (id INTEGER, name VARCHAR);
  INSERT INTO shop VALUES (1, 'Quay'), (2, 'Mill');
  CREATE TABLE sale (id INTEGER, book_id INTEGER, shop_id INTEGER);
  INSERT INTO sale VALUES (1, 1, 1), (2, 1, 1), (3, 2, 1), (4, 3, 2);
`);
const inBroker = askBroker(broker, ['buy', 'sell']);
const inBooks = (q: string) => interpret(q, { model: books, values: new Map(), asOf: '2024-06-30' });

describe('a distinct count broken down by a column of the rows that relate it', () => {
  it('counts the things among those rows, the verb read', async () => {
    for (const q of ['how many distinct clients made each type of trade', 'the number of different clients who made each type of trade'])
      await expectSameRows(tables, broker, q, inBroker(q), "SELECT * FROM (VALUES ('buy', 2), ('sell', 2))");
    for (const q of ['how many distinct books were sold at each shop', 'how many different books were sold in each shop'])
      await expectSameRows(tables, books, q, inBooks(q), "SELECT * FROM (VALUES ('Quay', 2), ('Mill', 1))");
  });

  it('leaves the verb unread with no such breakdown, or two kinds of rows between them', () => {
    for (const q of ['how many distinct books were sold', 'how many books were sold at each shop']) {
      const r = inBooks(q);
      expect(r.kind, q).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.unconsumed, q).toContain('sold');
    }
    const twoWays = interpret('how many distinct books were sold at each shop', {
      model: shops(true),
      values: new Map(),
      asOf: '2024-06-30',
    });
    expect(twoWays.kind).toBe('out_of_scope');
  });
});
