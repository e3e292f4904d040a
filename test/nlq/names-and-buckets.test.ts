/**
 * A person's name, the names of ranked members, and periods ranked by a figure, on two small models of
 * our own (a workshop's staff and their shifts; the club of club-fixture.ts): "the name of the employee
 * with the most shifts" (first and last names together), "what are the names of the top 3 members by
 * number of fees" (a question word leads the list of columns as "return" does), "the month with the most
 * fees" (the months ranked, as "which month"). Their neighbours that say something else stay refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { clubModel, clubValues } from './club-fixture.js';

const workshop = SemanticModelSchema.parse({
  name: 'workshop',
  entities: [
    { name: 'employee', table: 'employees', primary_key: 'id', synonyms: ['employees', 'worker', 'workers'] },
    { name: 'project', table: 'projects', primary_key: 'id', synonyms: ['projects'] },
    { name: 'shift', table: 'shifts', primary_key: 'id', synonyms: ['shifts'] },
  ],
  relationships: [
    { from: 'shift', to: 'employee', on: [['employee_id', 'id']] },
    { from: 'shift', to: 'project', on: [['project_id', 'id']] },
  ],
  dimensions: [
    { name: 'employee_id', entity: 'employee', sql: '${TABLE}.id', type: 'number', label: 'Employee id' },
    { name: 'first_name', entity: 'employee', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'employee', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'project_id', entity: 'project', sql: '${TABLE}.id', type: 'number', label: 'Project id' },
    { name: 'project_name', entity: 'project', sql: '${TABLE}.name', label: 'Project name' },
    { name: 'project_title', entity: 'project', sql: '${TABLE}.title', label: 'Project title' },
  ],
  time_dimensions: [{ name: 'worked_on', entity: 'shift', sql: '${TABLE}.worked_on', label: 'Work date' }],
  measures: [
    { name: 'shift_count', entity: 'shift', agg: 'count', label: 'Shifts', synonyms: ['number of shifts'], time_dimension: 'worked_on' },
    {
      name: 'total_hours',
      entity: 'shift',
      agg: 'sum',
      sql: '${TABLE}.hours',
      label: 'Total hours',
      synonyms: ['hours'],
      time_dimension: 'worked_on',
    },
    { name: 'employee_count', entity: 'employee', agg: 'count', label: 'Employees', time_bound: false },
  ],
  defaults: { time_dimension: 'worked_on' },
});

const askWorkshop = (q: string) => interpret(q, { model: workshop, values: new Map(), asOf: '2024-06-30' });
const askClub = (q: string) => interpret(q, { model: clubModel, values: clubValues, asOf: '2024-06-30' });
function queryOf(r: ReturnType<typeof interpret>, q: string): SemanticQuery {
  if (r.kind !== 'query') throw new Error(`expected a query for "${q}", got ${r.kind}: ${r.reason}`);
  return r.query;
}
const dims = (q: SemanticQuery) => q.group_by.map((g) => g.dimension);

describe('"the name of" a person ranked by a figure: first and last names', () => {
  it('"what is the name of the employee with the most shifts"', () => {
    const q = queryOf(askWorkshop('what is the name of the employee with the most shifts'), '');
    expect(dims(q)).toEqual(expect.arrayContaining(['employee_id', 'first_name', 'last_name']));
    expect(q.limit).toBe(1);
  });
  it('a thing with a name and a title (no first and last names) is still asked which', () => {
    const r = askWorkshop('what is the name of the project with the most shifts');
    expect(r.kind).toBe('out_of_scope');
  });
});

describe('"what are the names of the top N ... by ...": the question word leads the list', () => {
  it('in both vocabularies', () => {
    const w = queryOf(askWorkshop('What are the names of the top 3 employees by total hours?'), '');
    expect(dims(w)).toEqual(expect.arrayContaining(['first_name', 'last_name']));
    expect(w.limit).toBe(3);
    expect(w.order[0]).toMatchObject({ by: 'total_hours', direction: 'desc' });
    const c = queryOf(askClub('what are the names of the top 2 members by number of fees'), '');
    expect(dims(c)).toContain('member_name');
    expect(c.limit).toBe(2);
    expect(c.order[0]).toMatchObject({ by: 'fee_count', direction: 'desc' });
  });
  it('with no ranking it is the listing it was, not a ranked list', () => {
    const r = askWorkshop('What are the names of employees?');
    if (r.kind === 'query') expect(r.query.limit).toBeUndefined();
  });
});

describe('"the <period> with the most / highest X": the periods ranked', () => {
  it('in both vocabularies', () => {
    const c = queryOf(askClub('What is the month with the most fees?'), '');
    expect(c.group_by).toEqual([{ dimension: 'charged_on', grain: 'month' }]);
    expect(c.order[0]).toMatchObject({ by: 'fee_count', direction: 'desc' });
    expect(c.limit).toBe(1);
    const w = queryOf(askWorkshop('the week having the lowest total hours in 2023'), '');
    expect(w.group_by).toEqual([{ dimension: 'worked_on', grain: 'week' }]);
    expect(w.order[0]).toMatchObject({ by: 'total_hours', direction: 'asc' });
    expect(w.time_range).toMatchObject({ start: '2023-01-01', end: '2024-01-01' });
  });
  it('a period with a condition and no ranking stays refused', () => {
    expect(askClub('the month with fees above 10').kind).not.toBe('query');
  });
});
