/**
 * Small models of our own with times of day kept in columns: a railway (services with departure and arrival kept
 * as whole numbers HHMM, a count of stops), a school timetable (lessons with start and end TIME columns), and a
 * concert hall (a start time HHMM beside a date). Today is 2024-06-30.
 */
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

export const railway = SemanticModelSchema.parse({
  name: 'railway',
  entities: [{ name: 'service', table: 'services', primary_key: 'id', synonyms: ['services', 'trains', 'train'] }],
  dimensions: [
    { name: 'service_id', entity: 'service', sql: '${TABLE}.id', type: 'number', label: 'Service id' },
    { name: 'origin', entity: 'service', sql: '${TABLE}.origin', label: 'Origin', index_values: true },
    { name: 'destination', entity: 'service', sql: '${TABLE}.destination', label: 'Destination', index_values: true },
    { name: 'departure_time', entity: 'service', sql: '${TABLE}.departure_time', type: 'number', label: 'Departure time', clock: 'hhmm' },
    { name: 'arrival_time', entity: 'service', sql: '${TABLE}.arrival_time', type: 'number', label: 'Arrival time', clock: 'hhmm' },
    { name: 'stops', entity: 'service', sql: '${TABLE}.stops', type: 'number', label: 'Stops' },
  ],
  measures: [{ name: 'service_count', entity: 'service', agg: 'count', label: 'Services', time_bound: false }],
});
const railwayValues = new Map([
  ['origin', ['Kirkby', 'Wenford']],
  ['destination', ['Kirkby', 'Wenford']],
]);

export const school = SemanticModelSchema.parse({
  name: 'school',
  entities: [{ name: 'lesson', table: 'lessons', primary_key: 'id', synonyms: ['lessons', 'periods'] }],
  dimensions: [
    { name: 'lesson_id', entity: 'lesson', sql: '${TABLE}.id', type: 'number', label: 'Lesson id' },
    { name: 'subject', entity: 'lesson', sql: '${TABLE}.subject', label: 'Subject', index_values: true },
    { name: 'start_time', entity: 'lesson', sql: '${TABLE}.start_time', label: 'Start time', clock: 'time' },
    { name: 'end_time', entity: 'lesson', sql: '${TABLE}.end_time', label: 'End time', clock: 'time' },
  ],
  measures: [{ name: 'lesson_count', entity: 'lesson', agg: 'count', label: 'Lessons', time_bound: false }],
});
const schoolValues = new Map([['subject', ['Chemistry', 'Latin']]]);

export const hall = SemanticModelSchema.parse({
  name: 'hall',
  entities: [{ name: 'concert', table: 'concerts', primary_key: 'id', synonyms: ['concerts', 'gigs'] }],
  dimensions: [
    { name: 'concert_id', entity: 'concert', sql: '${TABLE}.id', type: 'number', label: 'Concert id' },
    { name: 'start_time', entity: 'concert', sql: '${TABLE}.start_time', type: 'number', label: 'Start time', clock: 'hhmm' },
  ],
  time_dimensions: [{ name: 'concert_date', entity: 'concert', sql: '${TABLE}.concert_date', label: 'Concert date', type: 'date' }],
  measures: [{ name: 'concert_count', entity: 'concert', agg: 'count', label: 'Concerts', time_dimension: 'concert_date' }],
});

const TODAY = '2024-06-30';
export const askRail = (q: string) => interpret(q, { model: railway, values: railwayValues, asOf: TODAY });
export const askSchool = (q: string) => interpret(q, { model: school, values: schoolValues, asOf: TODAY });
export const askHall = (q: string) => interpret(q, { model: hall, values: new Map(), asOf: TODAY });
export function queryOf(r: ReturnType<typeof interpret>): SemanticQuery {
  if (r.kind !== 'query') throw new Error(`expected a query, got ${r.kind}: ${'reason' in r ? r.reason : ''}`);
  return r.query;
}
