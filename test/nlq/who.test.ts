/**
 * "who" links to the model's one kind of person ("who wrote the most books" asks which author), and
 * a filter through another linking table than the breakdown's keeps the rows that have such a
 * related row (books on a topic, counted per author: authors through one table, topics through
 * another). A library of our own over a real DuckDB, a gym with two kinds of person, and TPC-H's
 * customers; each answer is compiled and run against hand-written SQL.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { ask as askTpch } from './helpers.js';

const library = SemanticModelSchema.parse({
  name: 'library',
  entities: [
    { name: 'author', table: 'authors', primary_key: 'id', synonyms: ['authors'] },
    { name: 'book', table: 'books', primary_key: 'id', synonyms: ['books'] },
    { name: 'wrote', table: 'wrote', primary_key: 'id' },
    { name: 'topic', table: 'topics', primary_key: 'id', synonyms: ['topics'] },
    { name: 'book_topic', table: 'book_topics', primary_key: 'id' },
  ],
  relationships: [
    { from: 'wrote', to: 'author', on: [['author_id', 'id']] },
    { from: 'wrote', to: 'book', on: [['book_id', 'id']] },
    { from: 'book_topic', to: 'book', on: [['book_id', 'id']] },
    { from: 'book_topic', to: 'topic', on: [['topic_id', 'id']] },
  ],
  dimensions: [
    { name: 'author_id', entity: 'author', sql: '${TABLE}.id', type: 'number', label: 'Author id' },
    { name: 'author', entity: 'author', sql: '${TABLE}.name', label: 'Author', index_values: true },
    { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book', index_values: true },
    { name: 'topic', entity: 'topic', sql: '${TABLE}.name', label: 'Topic', index_values: true },
  ],
  time_dimensions: [{ name: 'published', entity: 'book', sql: '${TABLE}.published', label: 'Published date' }],
  measures: [
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', synonyms: ['number of books'], time_dimension: 'published' },
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Author count', time_bound: false },
  ],
});
const values = new Map([
  ['author', ['Ada Lark', 'Ben Moss', 'Cy Reed']],
  ['book', ['Tides', 'Embers', 'Quarry Road', 'Salt']],
  ['topic', ['Sea', 'Fire']],
]);
const read = (q: string) => interpret(q, { model: library, values, asOf: '2024-06-30' });

const tables = duckdbTables(`
CREATE TABLE authors (id INTEGER, name VARCHAR);
INSERT INTO authors VALUES (1, 'Ada Lark'), (2, 'Ben Moss'), (3, 'Cy Reed');
CREATE TABLE books (id INTEGER, title VARCHAR, published DATE);
INSERT INTO books VALUES (1, 'Tides', DATE '2019-03-01'), (2, 'Embers', DATE '2020-05-01'), (3, 'Quarry Road', DATE '2020-07-01'), (4, 'Salt', DATE '2021-01-01');
CREATE TABLE wrote (id INTEGER, author_id INTEGER, book_id INTEGER);
INSERT INTO wrote VALUES (1, 1, 1), (2, 1, 4), (3, 2, 2), (4, 2, 3), (5, 2, 4), (6, 3, 1);
CREATE TABLE topics (id INTEGER, name VARCHAR);
INSERT INTO topics VALUES (1, 'Sea'), (2, 'Fire');
CREATE TABLE book_topics (id INTEGER, book_id INTEGER, topic_id INTEGER);
INSERT INTO book_topics VALUES (1, 1, 1), (2, 4, 1), (3, 2, 2), (4, 3, 2), (5, 3, 1);
`);
const answers = (question: string, reference: string) => expectSameRows(tables, library, question, read(question), reference);

describe('"who" is the one kind of person in the data', () => {
  it('"who wrote the most books": the author (key and name) with the most, ties kept', async () => {
    const r = await answers(
      'who wrote the most books',
      `SELECT a.id, a.name, COUNT(*) FROM authors a JOIN wrote w ON w.author_id = a.id GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
    expect(r?.columns).toEqual(['author_id', 'author', 'book_count']);
  });
  it('with a period, the authors with books in it', async () => {
    await answers(
      'who wrote books in 2020?',
      `SELECT a.id, a.name, COUNT(*) FROM authors a JOIN wrote w ON w.author_id = a.id JOIN books b ON b.id = w.book_id
       WHERE b.published >= DATE '2020-01-01' AND b.published < DATE '2021-01-01' GROUP BY 1, 2`,
    );
  });
  it('"who is ..." asks who someone is: not read as a list of authors', () => {
    const r = read('who is Ada Lark');
    expect(r.kind === 'query' && r.notes.some((n) => n.includes('one kind of person'))).toBe(false);
  });
  it('with two kinds of person, who is meant is not said: refused', () => {
    const gym = SemanticModelSchema.parse({
      name: 'gym',
      entities: [
        { name: 'member', table: 'members', primary_key: 'id', synonyms: ['members'] },
        { name: 'trainer', table: 'trainers', primary_key: 'id', synonyms: ['trainers', 'coach'] },
        { name: 'session', table: 'sessions', primary_key: 'id', synonyms: ['sessions'] },
      ],
      relationships: [
        { from: 'session', to: 'member', on: [['member_id', 'id']] },
        { from: 'session', to: 'trainer', on: [['trainer_id', 'id']] },
      ],
      dimensions: [
        { name: 'member', entity: 'member', sql: '${TABLE}.name', label: 'Member' },
        { name: 'trainer', entity: 'trainer', sql: '${TABLE}.name', label: 'Trainer' },
      ],
      measures: [{ name: 'session_count', entity: 'session', agg: 'count', label: 'Session count', time_bound: false }],
    });
    const r = interpret('who had the most sessions', { model: gym, values: new Map(), asOf: '2024-06-30' });
    expect(r.kind).not.toBe('query');
  });
  it("in TPC-H's words: who placed the most orders is the customer", () => {
    const r = askTpch('who placed the most orders in 1997');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.group_by.map((g) => g.dimension)).toContain('customer');
      expect(r.query.metrics).toEqual(['orders']);
      expect(r.query.limit).toBe(1);
    }
  });
});

describe('a filter through another linking table than the breakdown', () => {
  it('books on a topic, counted per author: the books that have that topic, once each', async () => {
    await answers(
      'how many books on Sea did each author write',
      `SELECT a.name, COUNT(DISTINCT b.id) FROM authors a JOIN wrote w ON w.author_id = a.id JOIN books b ON b.id = w.book_id
       WHERE b.id IN (SELECT book_id FROM book_topics bt JOIN topics t ON t.id = bt.topic_id WHERE t.name = 'Sea') GROUP BY 1`,
    );
    await answers(
      'which author has the most books on Fire',
      `SELECT a.name, COUNT(*) FROM authors a JOIN wrote w ON w.author_id = a.id JOIN book_topics bt ON bt.book_id = w.book_id
       JOIN topics t ON t.id = bt.topic_id WHERE t.name = 'Fire' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
  });
});

describe('a thing named once, in the singular, at the end is that thing, never its count', () => {
  it('refused rather than answered with how many', () => {
    for (const question of ["Ada Lark's Sea book", 'the 2020 Fire book']) expect(read(question).kind, question).toBe('out_of_scope');
  });
  it('the count itself is still asked with "how many", "number of" or a plural', async () => {
    const reference = `SELECT COUNT(DISTINCT w.book_id) FROM wrote w JOIN authors a ON a.id = w.author_id WHERE a.name = 'Ada Lark'`;
    await answers('how many books by Ada Lark', reference);
    await answers('the number of books by Ada Lark', reference);
  });
});
