/**
 * Days of the week kept in a column (`constructions/weekday-column.ts`): a gym's class day ('Monday'), a bus
 * line's yes/no column per day of service, a clinic's lists of opening days ('mon,tue'); a schedule verb
 * before the days says nothing more. Rows with a date of their own beside a day column (a booking's date or
 * its class's day?) and two columns that could say the day are refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect } from '../../src/semantic/dialects/index.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { askBus, askGym, askShop, busLine, CALENDAR_TODAY, queryOf } from './calendar-fixture.js';

const clinic = SemanticModelSchema.parse({
  name: 'clinics',
  entities: [{ name: 'clinic', table: 'clinics', primary_key: 'id', synonyms: ['clinics', 'surgeries'] }],
  dimensions: [
    { name: 'clinic_name', entity: 'clinic', sql: '${TABLE}.name', label: 'Clinic', index_values: true },
    { name: 'open_days', entity: 'clinic', sql: '${TABLE}.open_days', label: 'Open days', index_values: true },
  ],
  measures: [{ name: 'clinic_count', entity: 'clinic', agg: 'count', label: 'Clinics', time_bound: false }],
});
const clinicValues = new Map([
  ['clinic_name', ['Riverside', 'Old Town']],
  ['open_days', ['mon,tue,thu', 'sat,sun', 'wed', 'tue,fri']],
]);
const askClinic = (q: string) => interpret(q, { model: clinic, values: clinicValues, asOf: CALENDAR_TODAY });

describe('days of the week kept in a column', () => {
  it('a gym: the class day, one or several (any of them), with a schedule verb', () => {
    const one = queryOf(askGym('which classes are held on Mondays'), 'one');
    expect(one.filters).toEqual([{ dimension: 'class_day', op: 'eq', values: ['Monday'] }]);
    expect(one.group_by).toEqual([{ dimension: 'class_name' }]);
    const two = queryOf(askGym('how many classes on Tuesdays and Thursdays'), 'two');
    expect(two.filters).toEqual([{ dimension: 'class_day', op: 'in', values: ['Tuesday', 'Thursday'] }]);
    expect(queryOf(askGym('list the classes Kim coaches on Friday'), 'singular').filters).toContainEqual({
      dimension: 'class_day',
      op: 'eq',
      values: ['Friday'],
    });
  });
  it('a bus line: the yes of each day\'s column; "and" is every day named, "or" any', () => {
    const both = queryOf(askBus('list the trips that operate on Saturdays and Sundays'), 'both');
    expect(both.filters).toEqual([
      { dimension: 'saturday', op: 'eq', values: ['Y'] },
      { dimension: 'sunday', op: 'eq', values: ['Y'] },
    ]);
    const either = queryOf(askBus('how many trips run on Saturdays or Sundays'), 'either');
    expect(either.any_of?.[0]?.filters.map((f) => f.dimension)).toEqual(['saturday', 'sunday']);
    expect(compile(busLine, either, new DuckDbDialect()).sql).toMatch(/runs_saturday = 'Y'\) OR \(t0.runs_sunday = 'Y'/);
    expect(queryOf(askBus('which routes run on Sundays'), 'routes').group_by).toEqual([{ dimension: 'route' }]);
  });
  it('a clinic: the lists of days that hold the day', () => {
    const q = queryOf(askClinic('which clinics are open on Tuesdays'), 'lists');
    expect(q.filters).toEqual([{ dimension: 'open_days', op: 'contains', values: ['tue'] }]);
    expect(compile(clinic, q, new MysqlDialect()).sql).toContain('LIKE');
  });
});

describe('days of the week kept in a column: neighbours', () => {
  it('rows with a date of their own beside the day column: whose day is it?', () => {
    const r = askGym('how many bookings on Mondays');
    expect(r.kind).toBe('out_of_scope');
    expect(r.kind === 'out_of_scope' && r.reason).toMatch(/class day .* or the day of the week of the booked on/);
  });
  it('a thing with no day column and no date of its own is refused; a shop with dates reads the date', () => {
    expect(askClinic('how many clinics on Mondays in 2023').kind).not.toBe('query');
    expect(queryOf(askShop('orders on Mondays'), 'shop').time_range).toMatchObject({ days: [1] });
  });
  it('two columns that could say the day are refused', () => {
    const both = SemanticModelSchema.parse({
      ...clinic,
      dimensions: [
        ...clinic.dimensions,
        { name: 'late_days', entity: 'clinic', sql: '${TABLE}.late_days', label: 'Late days', index_values: true },
      ],
    });
    const r = interpret('which clinics on Wednesdays', {
      model: both,
      values: new Map([...clinicValues, ['late_days', ['wed', 'fri']]]),
      asOf: CALENDAR_TODAY,
    });
    expect(r.kind).not.toBe('query');
  });
});
