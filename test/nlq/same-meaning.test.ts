/**
 * Nouns of general English that name the same thing (`SAME_THINGS` in `linking.ts`): a model's names are
 * also found by another word of the same meaning, on two models of our own (a school with instructors and
 * courses, a shop with customers and stores), asserted on the compiled SQL. A model that has both words as
 * two things keeps them apart (the exact name wins; the other word links to nothing), and a word two of
 * the model's things could be called names neither. Plurals not made with -s ("children", "women") find
 * their singular.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/index.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';

const school = SemanticModelSchema.parse({
  name: 'school',
  entities: [
    { name: 'instructor', table: 'instructor', primary_key: 'id', synonyms: ['instructors'] },
    { name: 'course', table: 'course', primary_key: 'id', synonyms: ['courses'] },
  ],
  relationships: [{ from: 'course', to: 'instructor', on: [['instructor_id', 'id']] }],
  dimensions: [
    { name: 'instructor', entity: 'instructor', sql: '${TABLE}.name', label: 'Instructor', index_values: true },
    { name: 'course', entity: 'course', sql: '${TABLE}.title', label: 'Course', index_values: true },
    { name: 'course_level', entity: 'course', sql: '${TABLE}.level', label: 'Course level', index_values: true },
  ],
  measures: [
    { name: 'instructor_count', entity: 'instructor', agg: 'count', label: 'Instructors', time_bound: false },
    { name: 'course_count', entity: 'course', agg: 'count', label: 'Courses', time_bound: false },
    { name: 'average_salary', entity: 'instructor', agg: 'avg', sql: '${TABLE}.salary', label: 'Average salary', time_bound: false },
  ],
});
const schoolValues = new Map([
  ['instructor', ['Ann Lee', 'Tom Hale']],
  ['course', ['Algebra', 'Poetry']],
  ['course_level', ['basic', 'advanced']],
]);

const shop = SemanticModelSchema.parse({
  name: 'shop',
  entities: [
    { name: 'customer', table: 'customer', primary_key: 'id', synonyms: ['customers'] },
    { name: 'store', table: 'store', primary_key: 'id', synonyms: ['stores'] },
  ],
  relationships: [{ from: 'customer', to: 'store', on: [['home_store_id', 'id']] }],
  dimensions: [
    { name: 'customer', entity: 'customer', sql: '${TABLE}.name', label: 'Customer', index_values: true },
    { name: 'store', entity: 'store', sql: '${TABLE}.name', label: 'Store', index_values: true },
    { name: 'city', entity: 'store', sql: '${TABLE}.city', label: 'City', index_values: true },
  ],
  measures: [
    { name: 'customer_count', entity: 'customer', agg: 'count', label: 'Customers', time_bound: false },
    { name: 'store_count', entity: 'store', agg: 'count', label: 'Stores', time_bound: false },
  ],
});
const shopValues = new Map([
  ['customer', ['Ivy Moss', 'Joe Park']],
  ['store', ['Corner', 'Market Hall']],
  ['city', ['Leeds', 'York']],
]);

const sqlOf = (model: SemanticModel, values: Map<string, string[]>, q: string) => {
  const r = interpret(q, { model, values, asOf: '2024-06-30' });
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return compile(model, r.query, new DuckDbDialect()).sql;
};
const refused = (model: SemanticModel, values: Map<string, string[]>, q: string) =>
  expect(interpret(q, { model, values, asOf: '2024-06-30' }).kind, q).not.toBe('query');

describe('a word of the same meaning finds the model name', () => {
  it('a school: teachers, lecturers, professors are its instructors; classes its courses; a wage its salary', () => {
    expect(sqlOf(school, schoolValues, 'how many teachers are there')).toMatch(/COUNT\(\*\)[\s\S]*FROM instructor/);
    expect(sqlOf(school, schoolValues, 'number of lecturers')).toMatch(/FROM instructor/);
    expect(sqlOf(school, schoolValues, 'how many classes does each professor give')).toMatch(
      /COUNT\(\*\)[\s\S]*FROM course[\s\S]*JOIN instructor[\s\S]*GROUP BY/,
    );
    const level = sqlOf(school, schoolValues, 'count the classes per class level');
    expect(level).toMatch(/FROM course/);
    expect(level).toMatch(/SELECT t0\.level AS d0/);
    expect(sqlOf(school, schoolValues, 'average wage of the tutors')).toMatch(/AVG\(t0\.salary\)[\s\S]*FROM instructor/);
  });
  it('a shop: clients are its customers, shops its stores, towns its cities', () => {
    expect(sqlOf(shop, shopValues, 'how many clients are there')).toMatch(/COUNT\(\*\)[\s\S]*FROM customer/);
    const perTown = sqlOf(shop, shopValues, 'number of shops in each town');
    expect(perTown).toMatch(/FROM store/);
    expect(perTown).toMatch(/SELECT t0\.city AS d0/);
    expect(sqlOf(shop, shopValues, 'how many clients does each shop have')).toMatch(/FROM customer[\s\S]*JOIN store/);
  });
});

describe('an exact name wins over a word of the same meaning', () => {
  // a school with both a class (a group of pupils) and a course, and a shop with both a customer and a client column
  const both = SemanticModelSchema.parse({
    name: 'both',
    entities: [
      { name: 'course', table: 'course', primary_key: 'id', synonyms: ['courses'] },
      { name: 'class', table: 'class', primary_key: 'id', synonyms: ['classes'] },
    ],
    dimensions: [
      { name: 'course', entity: 'course', sql: '${TABLE}.title', label: 'Course', index_values: true },
      { name: 'class', entity: 'class', sql: '${TABLE}.name', label: 'Class', index_values: true },
    ],
    measures: [
      { name: 'course_count', entity: 'course', agg: 'count', label: 'Courses', time_bound: false },
      { name: 'class_count', entity: 'class', agg: 'count', label: 'Classes', time_bound: false },
    ],
  });
  it('classes are the classes and courses the courses', () => {
    expect(sqlOf(both, new Map(), 'how many classes are there')).toMatch(/FROM class\b/);
    expect(sqlOf(both, new Map(), 'how many courses are there')).toMatch(/FROM course\b/);
  });
  const orders = SemanticModelSchema.parse({
    name: 'orders',
    entities: [{ name: 'order', table: 'orders', primary_key: 'id', synonyms: ['orders'] }],
    dimensions: [
      { name: 'customer', entity: 'order', sql: '${TABLE}.customer', label: 'Customer', index_values: true },
      { name: 'client', entity: 'order', sql: '${TABLE}.client', label: 'Client', index_values: true },
    ],
    measures: [{ name: 'order_count', entity: 'order', agg: 'count', label: 'Orders', time_bound: false }],
  });
  it('orders per client group by the client column, per customer by the customer column', () => {
    expect(sqlOf(orders, new Map(), 'number of orders per client')).toMatch(/SELECT t0\.client AS d0/);
    expect(sqlOf(orders, new Map(), 'number of orders per customer')).toMatch(/SELECT t0\.customer AS d0/);
  });
  it('a word two things could be called names neither', () => {
    // instructors and lecturers are two tables: "teachers" may be either
    const two = SemanticModelSchema.parse({
      name: 'two',
      entities: [
        { name: 'instructor', table: 'instructor', primary_key: 'id' },
        { name: 'lecturer', table: 'lecturer', primary_key: 'id' },
      ],
      measures: [
        { name: 'instructor_count', entity: 'instructor', agg: 'count', label: 'Instructors', time_bound: false },
        { name: 'lecturer_count', entity: 'lecturer', agg: 'count', label: 'Lecturers', time_bound: false },
      ],
    });
    refused(two, new Map(), 'how many teachers are there');
    expect(sqlOf(two, new Map(), 'how many lecturers are there')).toMatch(/FROM lecturer/);
  });
  it('a word of no set stays unread', () => {
    refused(shop, shopValues, 'how many suppliers are there');
    refused(school, schoolValues, 'how many janitors are there');
  });
});

describe('a plural not made with -s finds its singular', () => {
  const nursery = SemanticModelSchema.parse({
    name: 'nursery',
    entities: [
      { name: 'child', table: 'child', primary_key: 'id' },
      { name: 'person', table: 'person', primary_key: 'id' },
    ],
    relationships: [{ from: 'child', to: 'person', on: [['parent_id', 'id']] }],
    dimensions: [{ name: 'person', entity: 'person', sql: '${TABLE}.name', label: 'Person', index_values: true }],
    measures: [
      { name: 'child_count', entity: 'child', agg: 'count', label: 'Child count', time_bound: false },
      { name: 'person_count', entity: 'person', agg: 'count', label: 'Person count', time_bound: false },
    ],
  });
  it('children are the child rows, people the person rows', () => {
    expect(sqlOf(nursery, new Map(), 'how many children are there')).toMatch(/FROM child/);
    expect(sqlOf(nursery, new Map(), 'how many people are there')).toMatch(/FROM person/);
    expect(sqlOf(nursery, new Map(), 'number of children of each person')).toMatch(/FROM child[\s\S]*JOIN person/);
  });
});
