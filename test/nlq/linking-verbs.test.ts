/**
 * Linking verbs on a small model of our own (a book trade: books by authors, sold in shops, lent
 * between shops, tagged, with sequels): a verb between two things the query relates is read as
 * the relation between them only when the model holds exactly one; otherwise the question is
 * refused, never answered with the verb dropped.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'books',
  entities: [
    { name: 'author', table: 'author', primary_key: 'id', synonyms: ['authors'] },
    { name: 'book', table: 'book', primary_key: 'id', synonyms: ['books'] },
    { name: 'shop', table: 'shop', primary_key: 'id', synonyms: ['shops'] },
    { name: 'sale', table: 'sale', primary_key: 'id', synonyms: ['sales'] },
    { name: 'loan', table: 'loan', primary_key: 'id', synonyms: ['loans'] },
    { name: 'tag', table: 'tag', primary_key: 'id', synonyms: ['tags'] },
    { name: 'book_tag', table: 'book_tag', primary_key: 'id' },
  ],
  relationships: [
    { from: 'book', to: 'author', on: [['author_id', 'id']] },
    // a sequel is a book of its own: books relate to books
    { from: 'book', to: 'book', on: [['sequel_of', 'id']] },
    { from: 'sale', to: 'book', on: [['book_id', 'id']] },
    { from: 'sale', to: 'shop', on: [['shop_id', 'id']] },
    // two foreign keys to the same table: a loan relates to shops in two ways
    { from: 'loan', to: 'shop', on: [['lending_shop_id', 'id']] },
    { from: 'loan', to: 'shop', on: [['borrowing_shop_id', 'id']] },
    { from: 'book_tag', to: 'book', on: [['book_id', 'id']] },
    { from: 'book_tag', to: 'tag', on: [['tag_id', 'id']] },
  ],
  dimensions: [
    { name: 'author', entity: 'author', sql: '${TABLE}.name', label: 'Author', index_values: true },
    { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book', index_values: true },
    { name: 'genre', entity: 'book', sql: '${TABLE}.genre', label: 'Genre', index_values: true },
    { name: 'translated_from', entity: 'book', sql: '${TABLE}.source_language', label: 'Translated from' },
    { name: 'shop', entity: 'shop', sql: '${TABLE}.name', label: 'Shop', index_values: true },
    { name: 'town', entity: 'shop', sql: '${TABLE}.town', label: 'Town', index_values: true },
    { name: 'cafe_food', entity: 'shop', sql: '${TABLE}.cafe_food', label: 'Cafe food', index_values: true },
    { name: 'tag', entity: 'tag', sql: '${TABLE}.label', label: 'Tag', index_values: true },
  ],
  measures: [
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Authors', time_bound: false },
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', time_bound: false },
    { name: 'shop_count', entity: 'shop', agg: 'count', label: 'Shops', time_bound: false },
    { name: 'sale_count', entity: 'sale', agg: 'count', label: 'Sales', time_bound: false },
    { name: 'loan_count', entity: 'loan', agg: 'count', label: 'Loans', time_bound: false },
    { name: 'tag_count', entity: 'tag', agg: 'count', label: 'Tags', time_bound: false },
  ],
});
const values = new Map([
  ['author', ['Ada Lark', 'Ben Moss']],
  ['genre', ['poetry', 'crime']],
  ['shop', ['Quayside', 'Old Mill']],
  ['town', ['Whitby', 'Hexham']],
  ['cafe_food', ['vegan', 'italian']],
]);
const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

function query(q: string) {
  const r = ask(q);
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return r.query;
}
function refused(q: string, word: string) {
  const r = ask(q);
  expect(r.kind, q).toBe('out_of_scope');
  if (r.kind === 'out_of_scope') expect(r.unconsumed ?? [], q).toContain(word);
}

describe('a linking verb with one join path between its two sides is consumed', () => {
  it('between a count and a breakdown of a related thing', () => {
    for (const q of [
      'how many books were written by each author',
      'how many books did each author write',
      'how many books has each author written',
    ]) {
      const r = query(q);
      expect(r.metrics, q).toEqual(['book_count']);
      expect(r.group_by, q).toEqual([{ dimension: 'author' }]);
    }
    const sold = query('number of sales processed at each shop');
    expect(sold.metrics).toEqual(['sale_count']);
    expect(sold.group_by).toEqual([{ dimension: 'shop' }]);
  });
  it('between a count and a value of a related thing, or a ranked breakdown', () => {
    const poets = query('how many authors write poetry');
    expect(poets.metrics).toEqual(['author_count']);
    expect(poets.filters).toEqual([{ dimension: 'genre', op: 'eq', values: ['poetry'] }]);
    const most = query('which authors wrote the most books');
    expect(most.metrics).toEqual(['book_count']);
    expect(most.group_by).toEqual([{ dimension: 'author' }]);
    expect(most.order).toEqual([{ by: 'book_count', direction: 'desc' }]);
  });
  it('between the members of a condition and the rows it counts', () => {
    const counted = query('how many authors wrote more than 3 books');
    expect(counted.metrics).toEqual(['author_count']);
    expect(counted.entity_conditions).toEqual([{ entity: 'author', metric: 'book_count', op: 'gt', value: 3 }]);
    const listed = query('authors who wrote more than 3 books');
    expect(listed.group_by).toEqual([{ dimension: 'author' }]);
    expect(listed.metric_filters).toEqual([{ metric: 'book_count', op: 'gt', value: 3 }]);
  });
  it('between a thing and an attribute of its own', () => {
    const r = query('how many books belong to each genre');
    expect(r.metrics).toEqual(['book_count']);
    expect(r.group_by).toEqual([{ dimension: 'genre' }]);
  });
  it("between a thing and a value, with the value's dimension word after it", () => {
    const r = query('how many shops serve vegan food in each town');
    expect(r.metrics).toEqual(['shop_count']);
    expect(r.group_by).toEqual([{ dimension: 'town' }]);
    expect(r.filters).toEqual([{ dimension: 'cafe_food', op: 'eq', values: ['vegan'] }]);
  });
  it('through a table that links the two (one bridge)', () => {
    const r = query('how many tags are associated with each book');
    expect(r.metrics).toEqual(['tag_count']);
    expect(r.group_by).toEqual([{ dimension: 'book' }]);
  });
  it('a passive agent naming one member is a filter, not a breakdown', () => {
    const r = query('how many books were written by the author Ada Lark');
    expect(r.metrics).toEqual(['book_count']);
    expect(r.group_by).toEqual([]);
    expect(r.filters).toEqual([{ dimension: 'author', op: 'eq', values: ['Ada Lark'] }]);
  });
  it('"records" of a thing are its rows', () => {
    const r = query('how many sale records per shop');
    expect(r.metrics).toEqual(['sale_count']);
    expect(r.group_by).toEqual([{ dimension: 'shop' }]);
  });
});

describe('a verb the model cannot pin to one relation stays unconsumed', () => {
  it('several join paths compete (two foreign keys to the same table)', () => {
    refused('how many loans involve each shop', 'involve');
    refused('how many loans does each shop issue', 'issue');
    refused('how many loans has each shop issued', 'issued');
  });
  it('a chain of several tables (the verb names none of the things between)', () => {
    refused('how many shops does each author reach', 'reach');
  });
  it('a thing related to itself', () => {
    refused('how many books follow each book', 'follow');
    refused('how many books has each book followed', 'followed');
  });
  it('a verb asserting a state, not a link', () => {
    refused('how many sales were cancelled at each shop', 'cancelled');
  });
  it('a negation between the verb and its subject: the members with no such rows (related-sets.ts)', () => {
    for (const q of ['how many authors did not write poetry', 'how many authors never wrote poetry'])
      expect(ask(q), q).toMatchObject({
        kind: 'query',
        query: {
          metrics: ['author_count'],
          entity_conditions: [
            { entity: 'author', metric: 'book_count', op: 'eq', value: 0, filters: [{ dimension: 'genre', values: ['poetry'] }] },
          ],
        },
      });
  });
  it('a verb that names part of a dimension of the model', () => {
    refused('how many books were translated in each shop', 'translated');
  });
  it('two things the query does not relate (two totals side by side)', () => {
    refused('authors who wrote books', 'wrote');
    refused('authors who wrote crime books', 'wrote');
  });
  it('values joined by "and" after the verb (things that hold both?)', () => {
    refused('how many shops serve vegan and italian food', 'serve');
  });
  it('a word that is no verb, or a verb with no two sides', () => {
    refused('how many books ratio each author', 'ratio');
    refused('how many books belong', 'belong');
  });
});

describe('coverage still holds around a linking verb', () => {
  const answered = [
    'how many books were written by each author',
    'how many books did each author write',
    'how many books has each author written',
    'how many shops serve vegan food in each town',
    'how many tags are associated with each book',
    'how many authors wrote more than 3 books',
  ];
  it('a made-up word anywhere is refused, naming the word', () => {
    for (const q of answered) {
      const words = q.split(' ');
      for (let k = 0; k <= words.length; k++) {
        const asked = [...words.slice(0, k), 'blorvix', ...words.slice(k)].join(' ');
        refused(asked, 'blorvix');
      }
    }
  });
  it('a negation anywhere is refused or changes the query', () => {
    for (const q of answered) {
      const base = query(q);
      const words = q.split(' ');
      for (let k = 0; k <= words.length; k++) {
        const r = ask([...words.slice(0, k), 'not', ...words.slice(k)].join(' '));
        if (r.kind === 'query') expect(r.query).not.toEqual(base);
      }
    }
  });
});

describe('a verb naming a table links its sides through that table', () => {
  // a school: courses offered in terms (course_offering), papers written by authors (writes)
  const school = SemanticModelSchema.parse({
    name: 'school',
    entities: [
      { name: 'course', table: 'course', primary_key: 'id', synonyms: ['courses'] },
      { name: 'term', table: 'term', primary_key: 'id', synonyms: ['terms'] },
      { name: 'course_offering', table: 'course_offering', primary_key: 'id', synonyms: ['offerings'] },
      { name: 'teacher', table: 'teacher', primary_key: 'id', synonyms: ['teachers'] },
      { name: 'writer', table: 'writer', primary_key: 'id', synonyms: ['writers'] },
      { name: 'essay', table: 'essay', primary_key: 'id', synonyms: ['essays'] },
      { name: 'writes', table: 'writes', primary_key: 'id' },
    ],
    relationships: [
      { from: 'course_offering', to: 'course', on: [['course_id', 'id']] },
      { from: 'course_offering', to: 'term', on: [['term_id', 'id']] },
      { from: 'course', to: 'teacher', on: [['teacher_id', 'id']] },
      { from: 'writes', to: 'writer', on: [['writer_id', 'id']] },
      { from: 'writes', to: 'essay', on: [['essay_id', 'id']] },
    ],
    dimensions: [
      { name: 'course', entity: 'course', sql: '${TABLE}.title', label: 'Course', index_values: true },
      { name: 'term', entity: 'term', sql: '${TABLE}.label', label: 'Term', index_values: true },
      { name: 'offering_section', entity: 'course_offering', sql: '${TABLE}.section', label: 'Offering section' },
      { name: 'teacher', entity: 'teacher', sql: '${TABLE}.name', label: 'Teacher', index_values: true },
      { name: 'writer', entity: 'writer', sql: '${TABLE}.name', label: 'Writer', index_values: true },
      { name: 'essay', entity: 'essay', sql: '${TABLE}.title', label: 'Essay', index_values: true },
    ],
    measures: [
      { name: 'course_count', entity: 'course', agg: 'count', label: 'Courses', time_bound: false },
      { name: 'essay_count', entity: 'essay', agg: 'count', label: 'Essays', time_bound: false },
      { name: 'writer_count', entity: 'writer', agg: 'count', label: 'Writers', time_bound: false },
    ],
  });
  const askSchool = (q: string) => interpret(q, { model: school, values: new Map(), asOf: '2024-06-30' });
  it('"offered" and course_offering, "written" and writes', () => {
    for (const [q, metric, group] of [
      ['how many courses are offered in each term', 'course_count', 'term'],
      ['how many courses are offered for each term', 'course_count', 'term'],
      ['how many essays has each writer written', 'essay_count', 'writer'],
      ['how many essays were written by each writer', 'essay_count', 'writer'],
    ] as const) {
      const r = askSchool(q);
      expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
      if (r.kind === 'query') {
        expect(r.query.metrics, q).toEqual([metric]);
        expect(r.query.group_by, q).toEqual([{ dimension: group }]);
      }
    }
  });
  it('a verb naming a table the sides are not linked through stays unconsumed', () => {
    // teachers reach terms through courses and their offerings: a chain, not the one table
    const r = askSchool('how many teachers does each term offer');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.unconsumed ?? []).toContain('offer');
  });
});
