/**
 * An inverted question whose verb is followed by a phrase of values: "what books has Ada Lark written
 * about crime", "which courses has Mara Quint taught in Spring". The verb links the thing asked
 * (before the auxiliary) and its subject when the model relates them in one way; the phrase after it
 * qualifies the rows as any value does. Two small models of our own: a book trade and a school.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const books = SemanticModelSchema.parse({
  name: 'books',
  entities: [
    { name: 'author', table: 'author', primary_key: 'id', synonyms: ['authors'] },
    { name: 'book', table: 'book', primary_key: 'id', synonyms: ['books'] },
    { name: 'shop', table: 'shop', primary_key: 'id', synonyms: ['shops'] },
    { name: 'loan', table: 'loan', primary_key: 'id', synonyms: ['loans'] },
  ],
  relationships: [
    { from: 'book', to: 'author', on: [['author_id', 'id']] },
    // two foreign keys to the same table: a loan relates to shops in two ways
    { from: 'loan', to: 'shop', on: [['lending_shop_id', 'id']] },
    { from: 'loan', to: 'shop', on: [['borrowing_shop_id', 'id']] },
    { from: 'loan', to: 'book', on: [['book_id', 'id']] },
  ],
  dimensions: [
    { name: 'author_id', entity: 'author', sql: '${TABLE}.id', label: 'Author id' },
    { name: 'author', entity: 'author', sql: '${TABLE}.name', label: 'Author', index_values: true },
    { name: 'book_id', entity: 'book', sql: '${TABLE}.id', label: 'Book id' },
    { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book', index_values: true },
    { name: 'genre', entity: 'book', sql: '${TABLE}.genre', label: 'Genre', index_values: true },
    { name: 'shop', entity: 'shop', sql: '${TABLE}.name', label: 'Shop', index_values: true },
    { name: 'town', entity: 'shop', sql: '${TABLE}.town', label: 'Town', index_values: true },
  ],
  measures: [
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Authors', time_bound: false },
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', time_bound: false },
    { name: 'shop_count', entity: 'shop', agg: 'count', label: 'Shops', time_bound: false },
    { name: 'loan_count', entity: 'loan', agg: 'count', label: 'Loans', time_bound: false },
  ],
});
const bookValues = new Map([
  ['author', ['Ada Lark', 'Ben Moss']],
  ['genre', ['poetry', 'crime']],
  ['shop', ['Quayside', 'Old Mill']],
  ['town', ['Whitby', 'Hexham']],
]);

const school = SemanticModelSchema.parse({
  name: 'school',
  entities: [
    { name: 'course', table: 'course', primary_key: 'id', synonyms: ['courses'] },
    { name: 'teacher', table: 'teacher', primary_key: 'id', synonyms: ['teachers'] },
    { name: 'term', table: 'term', primary_key: 'id', synonyms: ['terms'] },
    { name: 'course_offering', table: 'course_offering', primary_key: 'id' },
  ],
  relationships: [
    { from: 'course', to: 'teacher', on: [['teacher_id', 'id']] },
    { from: 'course_offering', to: 'course', on: [['course_id', 'id']] },
    { from: 'course_offering', to: 'term', on: [['term_id', 'id']] },
  ],
  dimensions: [
    { name: 'course_id', entity: 'course', sql: '${TABLE}.id', label: 'Course id' },
    { name: 'course', entity: 'course', sql: '${TABLE}.title', label: 'Course', index_values: true },
    { name: 'subject', entity: 'course', sql: '${TABLE}.subject', label: 'Subject', index_values: true },
    { name: 'teacher', entity: 'teacher', sql: '${TABLE}.name', label: 'Teacher', index_values: true },
    { name: 'term', entity: 'term', sql: '${TABLE}.label', label: 'Term', index_values: true },
  ],
  measures: [
    { name: 'course_count', entity: 'course', agg: 'count', label: 'Courses', time_bound: false },
    { name: 'teacher_count', entity: 'teacher', agg: 'count', label: 'Teachers', time_bound: false },
  ],
});
const schoolValues = new Map([
  ['teacher', ['Mara Quint', 'Olek Rhys']],
  ['subject', ['geology', 'latin']],
  ['term', ['Spring', 'Autumn']],
]);

function ask(model: SemanticModel, values: Map<string, string[]>, q: string): SemanticQuery {
  const r = interpret(q, { model, values, asOf: '2024-06-30' });
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return r.query;
}
function refused(model: SemanticModel, values: Map<string, string[]>, q: string, word: string) {
  const r = interpret(q, { model, values, asOf: '2024-06-30' });
  expect(r.kind, q).toBe('out_of_scope');
  if (r.kind === 'out_of_scope') expect(r.unconsumed ?? [], q).toContain(word);
}
// (a listing reached through other rows also keeps only members with a key: `is_set`)
const dims = (fs: { dimension: string; op: string }[]) =>
  fs
    .filter((f) => f.op !== 'is_set')
    .map((f) => f.dimension)
    .sort();

describe('an inverted verb followed by a phrase of values links the thing asked and its subject', () => {
  it('books an author has written about a genre', () => {
    for (const q of ['what books has Ada Lark written about crime', 'which books has Ada Lark written on poetry?']) {
      const query = ask(books, bookValues, q);
      expect(query.metrics, q).toEqual([]);
      expect(dims(query.filters), q).toEqual(['author', 'genre']);
    }
    const counted = ask(books, bookValues, 'how many books has Ben Moss written about crime');
    expect(counted.metrics).toEqual(['book_count']);
    expect(dims(counted.filters)).toEqual(['author', 'genre']);
  });
  it('courses a teacher has taught in a term', () => {
    const query = ask(school, schoolValues, 'which courses has Mara Quint taught in Spring');
    expect(query.metrics).toEqual([]);
    expect(dims(query.filters)).toEqual(['teacher', 'term']);
    const counted = ask(school, schoolValues, 'how many courses did Olek Rhys teach in Autumn?');
    expect(counted.metrics).toEqual(['course_count']);
    expect(dims(counted.filters)).toEqual(['teacher', 'term']);
  });
  it('neighbouring readings stay refused', () => {
    // a loan relates to shops in two ways: which is not said
    refused(books, bookValues, 'how many loans has Quayside issued about crime', 'issued');
    // a thing after the verb, not a value: the verb's object, which the model does not relate so
    refused(books, bookValues, 'how many books has Ada Lark written for shops', 'written');
    // a made-up word in the phrase
    refused(school, schoolValues, 'which courses has Mara Quint taught in blorvix', 'blorvix');
  });
});
