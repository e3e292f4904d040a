/**
 * A condition on how many related things a member has, when the two are related through a linking
 * table ("books with more than 2 tags", "courses with no students", "students enrolled in 3 or more
 * courses"): each member's distinct related things, counted through the one table that links them
 * (a pair stored twice counts once; a member with none counts 0). Two small models of our own: a
 * book trade's tags (a link table with its own id) and a school's enrolments (keyed by the pair).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { ask } from './helpers.js';

const books = SemanticModelSchema.parse({
  name: 'books',
  entities: [
    { name: 'author', table: 'author', primary_key: 'id', synonyms: ['authors'] },
    { name: 'book', table: 'book', primary_key: 'id', synonyms: ['books'] },
    { name: 'tag', table: 'tag', primary_key: 'id', synonyms: ['tags'] },
    { name: 'book_tag', table: 'book_tag', primary_key: 'id' },
  ],
  relationships: [
    { from: 'book', to: 'author', on: [['author_id', 'id']] },
    { from: 'book_tag', to: 'book', on: [['book_id', 'id']] },
    { from: 'book_tag', to: 'tag', on: [['tag_id', 'id']] },
  ],
  dimensions: [
    { name: 'author', entity: 'author', sql: '${TABLE}.name', label: 'Author', index_values: true },
    { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book', index_values: true },
    { name: 'genre', entity: 'book', sql: '${TABLE}.genre', label: 'Genre', index_values: true },
    { name: 'tag', entity: 'tag', sql: '${TABLE}.label', label: 'Tag', index_values: true },
  ],
  measures: [
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Authors', time_bound: false },
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', time_bound: false },
    { name: 'tag_count', entity: 'tag', agg: 'count', label: 'Tags', time_bound: false },
    { name: 'book_tag_count', entity: 'book_tag', agg: 'count', label: 'Book tags', time_bound: false },
  ],
});
const booksValues = new Map([
  ['genre', ['poetry', 'crime']],
  ['author', ['Ada Lark', 'Ben Moss']],
]);

const school = SemanticModelSchema.parse({
  name: 'school',
  entities: [
    { name: 'student', table: 'student', primary_key: 'id', synonyms: ['students', 'pupils'] },
    { name: 'course', table: 'course', primary_key: 'code', synonyms: ['courses'] },
    { name: 'enrolment', table: 'enrolment', primary_key: ['student_id', 'course_code'], synonyms: ['enrolments'] },
  ],
  relationships: [
    { from: 'enrolment', to: 'student', on: [['student_id', 'id']] },
    { from: 'enrolment', to: 'course', on: [['course_code', 'code']] },
  ],
  dimensions: [
    { name: 'student_id', entity: 'student', sql: '${TABLE}.id', type: 'number', label: 'Student id' },
    { name: 'student_name', entity: 'student', sql: '${TABLE}.full_name', label: 'Student name' },
    { name: 'course_code', entity: 'course', sql: '${TABLE}.code', label: 'Course code' },
    { name: 'course_title', entity: 'course', sql: '${TABLE}.title', label: 'Course title' },
    { name: 'subject', entity: 'course', sql: '${TABLE}.subject', label: 'Subject', index_values: true },
  ],
  measures: [
    { name: 'student_count', entity: 'student', agg: 'count', label: 'Students', time_bound: false },
    { name: 'course_count', entity: 'course', agg: 'count', label: 'Courses', time_bound: false },
    { name: 'enrolment_count', entity: 'enrolment', agg: 'count', label: 'Enrolments', time_bound: false },
  ],
});
const schoolValues = new Map([['subject', ['maths', 'art']]]);

const tables = duckdbTables(`
  CREATE TABLE author (id INTEGER, name VARCHAR);
  INSERT INTO author VALUES (1, 'Ada Lark'), (2, 'Ben Moss');
  CREATE TABLE book (id INTEGER, title VARCHAR, genre VARCHAR, author_id INTEGER);
  INSERT INTO book VALUES (1, 'Tide', 'poetry', 1), (2, 'Knot', 'crime', 1), (3, 'Ash', 'crime', 2), (4, 'Reed', 'poetry', 2);
  CREATE TABLE tag (id INTEGER, label VARCHAR);
  INSERT INTO tag VALUES (1, 'sea'), (2, 'night'), (3, 'winter'), (4, 'unused');
  -- book 1 is tagged "sea" twice: one tag
  CREATE TABLE book_tag (id INTEGER, book_id INTEGER, tag_id INTEGER);
  INSERT INTO book_tag VALUES (1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 1, 1), (5, 2, 1), (6, 2, 2), (7, 3, 1);
  CREATE TABLE student (id INTEGER, full_name VARCHAR);
  INSERT INTO student VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cat'), (4, 'Dan');
  CREATE TABLE course (code VARCHAR, title VARCHAR, subject VARCHAR);
  INSERT INTO course VALUES ('M1', 'Algebra', 'maths'), ('M2', 'Geometry', 'maths'), ('A1', 'Drawing', 'art'), ('A2', 'Clay', 'art');
  CREATE TABLE enrolment (student_id INTEGER, course_code VARCHAR);
  INSERT INTO enrolment VALUES (1, 'M1'), (1, 'M2'), (1, 'A1'), (2, 'M1'), (2, 'A1'), (3, 'M1');
`);
const inBooks = (q: string) => interpret(q, { model: books, values: booksValues, asOf: '2024-06-30' });
const inSchool = (q: string) => interpret(q, { model: school, values: schoolValues, asOf: '2024-06-30' });

describe('a condition on the count of things related through a linking table', () => {
  it('counts the members with it', async () => {
    for (const q of ['how many books have more than 1 tag', 'number of books with at least 2 tags']) {
      const r = await expectSameRows(tables, books, q, inBooks(q), 'SELECT 2');
      expect(r?.query.entity_conditions, q).toEqual([
        { entity: 'book', metric: 'tag_count', op: expect.any(String), value: expect.any(Number) },
      ]);
    }
    await expectSameRows(
      tables,
      books,
      'how many books have more than 2 tags',
      inBooks('how many books have more than 2 tags'),
      'SELECT 1',
    );
    await expectSameRows(tables, school, 'how many courses have no students', inSchool('how many courses have no students'), 'SELECT 1');
    const q = 'how many students are enrolled in at least 2 courses';
    await expectSameRows(tables, school, q, inSchool(q), 'SELECT 2');
  });

  it('lists the members with it, and those with none when said', async () => {
    await expectSameRows(tables, books, 'books with no tags', inBooks('books with no tags'), "SELECT 'Reed', 1");
    await expectSameRows(
      tables,
      books,
      'tags with 2 or more books',
      inBooks('tags with 2 or more books'),
      "SELECT * FROM (VALUES ('night', 2), ('sea', 3))",
    );
    const q = 'which courses have no students';
    await expectSameRows(tables, school, q, inSchool(q), "SELECT 'A2', 'Clay'");
  });

  it('refuses a bound that a member with none meets (are they counted?)', () => {
    for (const q of ['which courses have fewer than 2 students', 'how many students have at most 1 course']) {
      const r = inSchool(q);
      expect(r.kind, q).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.reason, q).toMatch(/with none too, or only those with some/);
    }
    expect(inBooks('tags with 1 or fewer books').kind).toBe('out_of_scope');
    expect(inSchool('the ratio of students with 2 or more courses to students with fewer than 2 courses').kind).toBe('out_of_scope');
  });

  it('reads the verb and its preposition between the members and the count', async () => {
    const q = 'courses that belong to more than 1 student';
    const r = inSchool(q);
    expect(r.kind, q).toBe('query');
    const listed = 'students enrolled in more than 2 courses';
    await expectSameRows(tables, school, listed, inSchool(listed), 'SELECT 1, 3');
  });

  it('reads "N or fewer" and "N or more" as the bound, never before a second comparison', () => {
    expect(inBooks('authors with 2 or fewer books')).toMatchObject({
      kind: 'query',
      query: { entity_conditions: [{ entity: 'author', metric: 'book_count', op: 'lte', value: 2 }] },
    });
    expect(inSchool('how many courses have 2 or more students')).toMatchObject({
      kind: 'query',
      query: { entity_conditions: [{ entity: 'course', metric: 'student_count', op: 'gte', value: 2 }] },
    });
  });

  it('reads "have X" with no number as at least one', async () => {
    await expectSameRows(tables, school, 'how many students have courses', inSchool('how many students have courses'), 'SELECT 3');
    const q = 'the proportion of books that have tags';
    await expectSameRows(tables, books, q, inBooks(q), 'SELECT 0.75');
  });

  it('is a side of a ratio', async () => {
    const q = 'the ratio of students with at least 2 courses to students with no courses';
    await expectSameRows(tables, school, q, inSchool(q), 'SELECT 2.0');
  });

  it('refuses things linked by two tables (which one relates them?)', () => {
    expect(ask('how many parts have more than 3 suppliers').kind).toBe('out_of_scope');
  });

  it('refuses a count of the members themselves, each one of its own kind', () => {
    expect(inSchool('how many courses have more than 1 course').kind).toBe('out_of_scope');
    expect(inBooks('how many books have more than 2 books').kind).toBe('out_of_scope');
  });
});
