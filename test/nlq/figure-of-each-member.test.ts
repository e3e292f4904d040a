/**
 * "authors and their number of books", "members with their total fees", "suppliers and their total
 * revenue": things said first, then a possessive before a figure of other rows, ask for the figure of
 * each of them (a breakdown by them, as "each author and ..."), never their count beside one total.
 * In TPC-H's vocabulary, a club's and a book trade's.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { clubModel, clubValues } from './club-fixture.js';
import { ask } from './helpers.js';

const books = SemanticModelSchema.parse({
  name: 'books',
  entities: [
    { name: 'author', table: 'author', primary_key: 'id', synonyms: ['authors'] },
    { name: 'book', table: 'book', primary_key: 'id', synonyms: ['books'] },
  ],
  relationships: [{ from: 'book', to: 'author', on: [['author_id', 'id']] }],
  dimensions: [
    { name: 'author', entity: 'author', sql: '${TABLE}.name', label: 'Author' },
    { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book' },
  ],
  measures: [
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Authors', time_bound: false },
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', time_bound: false },
    { name: 'page_total', entity: 'book', agg: 'sum', sql: '${TABLE}.pages', label: 'Pages', time_bound: false },
  ],
});
const inBooks = (q: string) => interpret(q, { model: books, values: new Map(), asOf: '2024-06-30' });
const inClub = (q: string) => interpret(q, { model: clubModel, values: clubValues, asOf: '2024-06-30' });

describe('things and their figure: the figure of each one', () => {
  it('breaks a count of related rows down by the things', () => {
    for (const q of [
      'authors and their number of books',
      'authors with their number of books',
      'list the authors along with their number of books',
    ])
      expect(inBooks(q), q).toMatchObject({ kind: 'query', query: { metrics: ['book_count'], group_by: [{ dimension: 'author' }] } });
    expect(ask('customers and their number of orders')).toMatchObject({
      kind: 'query',
      query: { metrics: ['orders'], group_by: [{ dimension: 'customer' }] },
    });
    expect(inClub('members with their number of fees')).toMatchObject({
      kind: 'query',
      query: { metrics: ['fee_count'], group_by: [{ dimension: 'member_id' }, { dimension: 'member_name' }] },
    });
  });

  it('and a total or other figure, with its aggregate word', () => {
    expect(ask('suppliers and their total revenue')).toMatchObject({
      kind: 'query',
      query: { metrics: ['revenue'], group_by: [{ dimension: 'supplier' }] },
    });
    expect(inClub('members and their total fees')).toMatchObject({ kind: 'query', query: { metrics: ['fee_total'] } });
    expect(inBooks('authors and their total pages')).toMatchObject({
      kind: 'query',
      query: { metrics: ['page_total'], group_by: [{ dimension: 'author' }] },
    });
  });

  it('keeps the things listed, never counted, when the possessive names a thing itself', () => {
    const r = inBooks('books and their authors');
    if (r.kind === 'query') expect(r.query.group_by).not.toEqual([{ dimension: 'book' }]);
  });

  it('leaves a count said of the things (one figure of them all) as it was', () => {
    for (const q of ['the number of authors and their number of books', 'how many authors and their number of books']) {
      const r = inBooks(q);
      if (r.kind === 'query') expect(r.query.group_by, q).toEqual([]);
    }
  });
});
