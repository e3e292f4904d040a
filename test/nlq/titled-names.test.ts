/**
 * A title before a person's name ("Dr. Ann Lee", "Prof. Hale", "Mr Soto") is dropped and the name looked
 * up among the stored names (`titledNames` in `members.ts`), on two models of our own: a school whose
 * instructors have full names and a clinic whose doctors keep first and last names apart. A surname alone
 * is the one stored full name ending with it; two such names are asked about, and a street ("Ocean Dr")
 * is no title.
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
  ],
  measures: [
    { name: 'instructor_count', entity: 'instructor', agg: 'count', label: 'Instructors', time_bound: false },
    { name: 'course_count', entity: 'course', agg: 'count', label: 'Courses', time_bound: false },
  ],
});
const schoolValues = new Map([
  ['instructor', ['Ann Lee', 'Tom Hale', 'Rosa Lee']],
  ['course', ['Algebra', 'Poetry']],
]);

const clinic = SemanticModelSchema.parse({
  name: 'clinic',
  entities: [
    { name: 'doctor', table: 'doctor', primary_key: 'id', synonyms: ['doctors'] },
    { name: 'visit', table: 'visit', primary_key: 'id', synonyms: ['visits'] },
  ],
  relationships: [{ from: 'visit', to: 'doctor', on: [['doctor_id', 'id']] }],
  dimensions: [
    { name: 'doctor_id', entity: 'doctor', sql: '${TABLE}.id', label: 'Doctor id' },
    { name: 'first_name', entity: 'doctor', sql: '${TABLE}.first_name', label: 'First name', index_values: true },
    { name: 'last_name', entity: 'doctor', sql: '${TABLE}.last_name', label: 'Last name', index_values: true },
    { name: 'street', entity: 'visit', sql: '${TABLE}.street', label: 'Street', index_values: true },
  ],
  measures: [{ name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', time_bound: false }],
});
const clinicValues = new Map([
  ['first_name', ['Maria', 'Omar']],
  ['last_name', ['Soto', 'Baker']],
  ['street', ['Ocean Dr', 'Hill Rd']],
]);

const ask = (model: SemanticModel, values: Map<string, string[]>, q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
const sqlOf = (model: SemanticModel, values: Map<string, string[]>, q: string) => {
  const r = ask(model, values, q);
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return compile(model, r.query, new DuckDbDialect()).sql;
};

describe('a title before a name', () => {
  it('a school: the full name after "Dr." or "Prof", a surname alone when one name ends with it', () => {
    for (const q of [
      'how many courses does Dr. Tom Hale teach',
      'number of courses of Prof Tom Hale',
      'how many courses does Prof. Hale teach',
    ])
      expect(sqlOf(school, schoolValues, q), q).toMatch(/FROM course[\s\S]*JOIN instructor[\s\S]*= 'Tom Hale'/);
    expect(sqlOf(school, schoolValues, 'courses taught by Professor Ann Lee')).toContain("'Ann Lee'");
  });
  it('a clinic: a last name kept apart is found as it is', () => {
    expect(sqlOf(clinic, clinicValues, 'how many visits did Dr. Soto have')).toMatch(
      /FROM visit[\s\S]*JOIN doctor[\s\S]*last_name = 'Soto'/,
    );
    expect(sqlOf(clinic, clinicValues, 'number of visits for Ms Baker')).toContain("last_name = 'Baker'");
  });
  it('two names ending with the surname: asked which, each named', () => {
    const r = ask(school, schoolValues, 'how many courses does Prof. Lee teach');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/"Ann Lee" or "Rosa Lee"/);
  });
  it('a name not stored is not guessed, and a street is no title', () => {
    expect(ask(school, schoolValues, 'how many courses does Dr. Ben Moss teach').kind).not.toBe('query');
    expect(ask(school, schoolValues, 'how many courses does Dr. Moss teach').kind).not.toBe('query');
    expect(sqlOf(clinic, clinicValues, 'how many visits were on Ocean Dr')).toContain("'Ocean Dr'");
  });
});
