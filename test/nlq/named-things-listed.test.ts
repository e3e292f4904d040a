/**
 * People held in a first and a last name are listed by both, even when they also hold a (job) title;
 * and a bare noun phrase of things with a name of their own held to a period of a date of theirs
 * ("employees hired after 1993") lists them, while rows with no name (visits, orders) are counted.
 * Two vocabularies of our own: a firm's staff and a rowing club's coaches and outings.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const firm = SemanticModelSchema.parse({
  name: 'firm',
  entities: [{ name: 'staff', table: 'staff', primary_key: 'id', synonyms: ['employees', 'staff members'] }],
  dimensions: [
    { name: 'staff_id', entity: 'staff', sql: '${TABLE}.id', type: 'number', label: 'Staff id' },
    { name: 'first_name', entity: 'staff', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'staff', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'title', entity: 'staff', sql: '${TABLE}.title', label: 'Title', index_values: true },
  ],
  time_dimensions: [{ name: 'hire_date', entity: 'staff', sql: '${TABLE}.hire_date', label: 'Hire date' }],
  measures: [{ name: 'staff_count', entity: 'staff', agg: 'count', label: 'Employees', time_dimension: 'hire_date' }],
});

const club = SemanticModelSchema.parse({
  name: 'club',
  entities: [
    { name: 'coach', table: 'coach', primary_key: 'id', synonyms: ['coaches'] },
    { name: 'outing', table: 'outing', primary_key: 'id', synonyms: ['outings'] },
  ],
  relationships: [{ from: 'outing', to: 'coach', on: [['coach_id', 'id']] }],
  dimensions: [
    { name: 'coach_id', entity: 'coach', sql: '${TABLE}.id', type: 'number', label: 'Coach id' },
    { name: 'coach_first_name', entity: 'coach', sql: '${TABLE}.first_name', label: 'Coach first name' },
    { name: 'coach_last_name', entity: 'coach', sql: '${TABLE}.last_name', label: 'Coach last name' },
    { name: 'coach_title', entity: 'coach', sql: '${TABLE}.title', label: 'Coach title', index_values: true },
    { name: 'outing_id', entity: 'outing', sql: '${TABLE}.id', type: 'number', label: 'Outing id' },
  ],
  time_dimensions: [
    { name: 'born_on', entity: 'coach', sql: '${TABLE}.born_on', label: 'Birth date' },
    { name: 'rowed_on', entity: 'outing', sql: '${TABLE}.rowed_on', label: 'Outing date' },
  ],
  measures: [
    { name: 'coach_count', entity: 'coach', agg: 'count', label: 'Coaches', time_dimension: 'born_on' },
    { name: 'outing_count', entity: 'outing', agg: 'count', label: 'Outings', time_dimension: 'rowed_on' },
  ],
});
const values = new Map([
  ['title', ['Manager', 'Clerk']],
  ['coach_title', ['Head coach', 'Assistant']],
]);
const ask = (model: typeof firm, q: string) => {
  const r = interpret(q, { model, values, asOf: '2024-06-30' });
  expect(r.kind, JSON.stringify(r)).toBe('query');
  return r.kind === 'query' ? r.query : undefined;
};
const columns = (model: typeof firm, q: string) => ask(model, q)?.group_by.map((g) => g.dimension);

describe('people and other named things, listed', () => {
  it('names a person by first and last name, never by a job title', () => {
    expect(columns(firm, 'list the employees hired after 2015')).toEqual(['staff_id', 'first_name', 'last_name']);
    expect(columns(firm, 'list the names of the employees')).toEqual(['first_name', 'last_name']);
    expect(columns(club, 'which coaches were born after 1980')).toEqual(['coach_id', 'coach_first_name', 'coach_last_name']);
    // the title is still a column to ask for
    expect(columns(firm, 'the titles of the employees hired after 2015')).toContain('title');
  });

  it('lists named things held to a period of their own date; counts rows with no name', () => {
    const staff = ask(firm, 'employees hired after 2015');
    expect(staff?.metrics).toEqual([]);
    expect(staff?.group_by.map((g) => g.dimension)).toEqual(['staff_id', 'first_name', 'last_name']);
    expect(staff?.time_range).toMatchObject({ start: '2016-01-01', dimension: 'hire_date' });
    expect(columns(club, 'coaches born before 1970')).toEqual(['coach_id', 'coach_first_name', 'coach_last_name']);
    expect(ask(club, 'outings in 2023')?.metrics).toEqual(['outing_count']);
    expect(ask(firm, 'how many employees were hired after 2015')?.metrics).toEqual(['staff_count']);
  });
});
