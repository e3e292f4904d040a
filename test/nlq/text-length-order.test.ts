/**
 * An order by the length of a text ("ordered by the length of the title", "sorted by title length",
 * "names from shortest to longest"): the number of characters of a text column orders the rows
 * (`order[].expr: 'length'`). Two vocabularies of our own (a bookshop, a fleet); a number, a figure, or
 * a model column called "length" is never read so.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect } from '../../src/semantic/dialects/index.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const bookshop = SemanticModelSchema.parse({
  name: 'bookshop',
  entities: [
    { name: 'book', table: 'books', primary_key: 'id', synonyms: ['books'] },
    { name: 'author', table: 'authors', primary_key: 'id', synonyms: ['authors'] },
  ],
  relationships: [{ from: 'book', to: 'author', on: [['author_id', 'id']] }],
  dimensions: [
    { name: 'book_id', entity: 'book', sql: '${TABLE}.id', type: 'number', label: 'Book id' },
    { name: 'title', entity: 'book', sql: '${TABLE}.title', label: 'Title' },
    { name: 'pages', entity: 'book', sql: '${TABLE}.pages', type: 'number', label: 'Pages' },
    { name: 'author_id', entity: 'author', sql: '${TABLE}.id', type: 'number', label: 'Author id' },
    { name: 'author_name', entity: 'author', sql: '${TABLE}.name', label: 'Author name' },
  ],
  measures: [
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', synonyms: ['number of books'], time_bound: false },
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Authors', time_bound: false },
  ],
});

const fleet = SemanticModelSchema.parse({
  name: 'fleet',
  entities: [
    { name: 'vehicle', table: 'vehicles', primary_key: 'id', synonyms: ['vehicles'] },
    { name: 'driver', table: 'drivers', primary_key: 'id', synonyms: ['drivers'] },
  ],
  dimensions: [
    { name: 'vehicle_id', entity: 'vehicle', sql: '${TABLE}.id', type: 'number', label: 'Vehicle id' },
    { name: 'plate', entity: 'vehicle', sql: '${TABLE}.plate', label: 'Plate' },
    // a column of its own called length: "ordered by length" is that column, never characters
    { name: 'length', entity: 'vehicle', sql: '${TABLE}.length_m', type: 'number', label: 'Length' },
    { name: 'driver_id', entity: 'driver', sql: '${TABLE}.id', type: 'number', label: 'Driver id' },
    { name: 'first_name', entity: 'driver', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'driver', sql: '${TABLE}.last_name', label: 'Last name' },
  ],
  measures: [
    { name: 'vehicle_count', entity: 'vehicle', agg: 'count', label: 'Vehicles', time_bound: false },
    { name: 'driver_count', entity: 'driver', agg: 'count', label: 'Drivers', time_bound: false },
  ],
});

const asker = (model: typeof bookshop) => (question: string) => interpret(question, { model, values: new Map(), asOf: '2024-06-30' });
const askBooks = asker(bookshop);
const askFleet = asker(fleet);
const query = (r: ReturnType<typeof askBooks>): SemanticQuery => {
  if (r.kind !== 'query') throw new Error(`refused: ${r.reason}`);
  return r.query;
};

describe('an order by the length of a text', () => {
  it('lists the members ordered by the characters of the column named', () => {
    for (const question of [
      'What are the titles of the books, ordered by the length of the title from shortest to longest?',
      'list the book titles sorted by title length',
      'show the titles of books ordered by the length of their title',
    ]) {
      const q = query(askBooks(question));
      expect(q.group_by, question).toEqual([{ dimension: 'title' }]);
      expect(q.order, question).toEqual([{ by: 'title', direction: 'asc', expr: 'length' }]);
    }
    const q = query(askFleet('list the last names of drivers ordered by last name, longest first'));
    expect(q.order).toEqual([{ by: 'last_name', direction: 'desc', expr: 'length' }]);
  });

  it('"from shortest to longest" of a text is its length, in a list and in a breakdown', () => {
    expect(query(askFleet('list the plates of the vehicles ordered by plate from longest to shortest')).order).toEqual([
      { by: 'plate', direction: 'desc', expr: 'length' },
    ]);
    const q = query(askBooks('number of books for each author name, ordered by the length of the author name'));
    expect(q.metrics).toEqual(['book_count']);
    expect(q.order).toEqual([{ by: 'author_name', direction: 'asc', expr: 'length' }]);
  });

  it('compiles to the length of the text (characters in MySQL), ties by the text', () => {
    const q = query(askBooks('list the book titles ordered by the length of the title'));
    const duck = compile(bookshop, q, new DuckDbDialect()).sql;
    expect(duck).toMatch(/ORDER BY LENGTH\(result\."title"\) ASC NULLS LAST, result\."title" ASC/);
    expect(compile(bookshop, q, new MysqlDialect()).sql).toContain('CHAR_LENGTH(result.`title`)');
  });

  it('the neighbouring readings stay what they were or are refused', () => {
    // a number has no length of characters
    expect(askBooks('list the book titles ordered by the length of the pages').kind).toBe('out_of_scope');
    // the length of nothing named
    expect(askBooks('list the book titles ordered by the length').kind).toBe('out_of_scope');
    // "length" is a word of the model there (the vehicles' length): not read as characters
    expect(askFleet('list the last names of drivers ordered by the length of the last name').kind).toBe('out_of_scope');
    // a model column called length orders by its value
    expect(query(askFleet('list the vehicle plates and lengths ordered by length')).order).toEqual([{ by: 'length', direction: 'asc' }]);
    // "from shortest to longest" of a number is its value
    expect(query(askBooks('list the titles and pages of books ordered by pages from shortest to longest')).order).toEqual([
      { by: 'pages', direction: 'asc' },
    ]);
    // a plain order of a text stays alphabetical
    expect(query(askBooks('list the book titles ordered by title')).order).toEqual([{ by: 'title', direction: 'asc' }]);
  });
});
