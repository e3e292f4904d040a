/**
 * Two dates named by words several things share ("start date", "end date"), followed by the thing whose
 * dates they are: "the average number of days between the start date and the end date of rentals" reads
 * the rentals' own pair. Without the thing, or with a thing that has no such pair, it stays refused. Two
 * small models of our own: a tool hire shop (rentals, repairs) and a school (courses, enrolments).
 * On the hire shop and the club of club-fixture.ts, a verb right before a breakdown by a unit of time names the date it is by: "how many
 * rentals ended each month" (by the end date, though rentals are counted by their start).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { clubModel, clubValues } from './club-fixture.js';

/** A model of two things that each have a start and an end date labelled alike. */
function twoDatedThings(name: string, [x, y]: [string, string], other: string) {
  const thing = (e: string) => ({ name: e, table: `${e}s`, primary_key: 'id', synonyms: [`${e}s`] });
  const dates = (e: string) => [
    { name: `${e}_start`, entity: e, sql: '${TABLE}.started_on', label: `${e} start date`, synonyms: ['start date'] },
    { name: `${e}_end`, entity: e, sql: '${TABLE}.ended_on', label: `${e} end date`, synonyms: ['end date'] },
  ];
  return SemanticModelSchema.parse({
    name,
    entities: [thing(x), thing(y), thing(other)],
    relationships: [],
    dimensions: [{ name: `${other}_name`, entity: other, sql: '${TABLE}.name', label: `${other} name` }],
    time_dimensions: [...dates(x), ...dates(y)],
    measures: [
      { name: `${x}_count`, entity: x, agg: 'count', label: `${x}s`, time_dimension: `${x}_start` },
      { name: `${y}_count`, entity: y, agg: 'count', label: `${y}s`, time_dimension: `${y}_start` },
      { name: `${other}_count`, entity: other, agg: 'count', label: `${other}s`, time_bound: false },
    ],
  });
}
const hire = twoDatedThings('hire', ['rental', 'repair'], 'tool');
const school = twoDatedThings('school', ['course', 'enrolment'], 'teacher');
const ask = (model: typeof hire, q: string) => interpret(q, { model, values: new Map(), asOf: '2024-06-30' });

describe('"between the start date and the end date of <thing>"', () => {
  it("reads the thing's own dates, in both vocabularies", () => {
    const r = ask(hire, 'average number of days between the start date and the end date of rentals');
    expect(r.kind === 'query' && r.query.durations?.[0]).toMatchObject({ from: 'rental_start', to: 'rental_end', agg: 'avg' });
    const s = ask(school, 'the longest time from start date to end date of the enrolments');
    expect(s.kind === 'query' && s.query.durations?.[0]).toMatchObject({ from: 'enrolment_start', to: 'enrolment_end', agg: 'max' });
  });
  it('"in (the) number of days", "in no. of days": the unit said with a count word, in both vocabularies', () => {
    for (const question of [
      'average time between the start date and the end date of rentals in no. of days',
      'average time between the start date and the end date of rentals in number of days',
    ]) {
      const r = ask(hire, question);
      expect(r.kind === 'query' && r.query.durations?.[0], question).toMatchObject({ from: 'rental_start', to: 'rental_end', unit: 'day' });
    }
    const s = ask(school, 'the longest time from start date to end date of the courses in the number of days');
    expect(s.kind === 'query' && s.query.durations?.[0]).toMatchObject({ from: 'course_start', unit: 'day', agg: 'max' });
    // a count of something else after "in no. of" is no unit
    expect(ask(hire, 'average time between the start date and the end date of rentals in no. of tools').kind).toBe('out_of_scope');
  });
  it('with no thing after them the dates are still ambiguous, and refused', () => {
    const r = ask(hire, 'average number of days between the start date and the end date');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/could not tell which date/);
  });
  it('a thing that has no such dates does not choose them', () => {
    expect(ask(school, 'average number of days between the start date and the end date of teachers').kind).toBe('out_of_scope');
  });
});

describe('a verb before a breakdown by a unit of time names its date', () => {
  it('in both vocabularies', () => {
    const r = ask(hire, 'how many rentals were ended each month');
    expect(r.kind === 'query' && r.query.group_by).toEqual([{ dimension: 'rental_end', grain: 'month' }]);
    // (the club's default date is the fees' charge date; members are counted by when they enrolled)
    const c = interpret('how many members enrolled per year', { model: clubModel, values: clubValues, asOf: '2024-06-30' });
    expect(c.kind === 'query' && c.query.group_by).toEqual([{ dimension: 'enrolled_on', grain: 'year' }]);
  });
  it('a verb that names no date of the thing is not understood', () => {
    expect(interpret('how many members joined each month', { model: clubModel, values: clubValues, asOf: '2024-06-30' }).kind).toBe(
      'out_of_scope',
    );
  });
});
