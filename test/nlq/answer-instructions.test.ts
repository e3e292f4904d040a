/**
 * Words that say how the answer is presented, not what it computes: "... in your final answer", "the
 * email column", "give the answer as an integer". They are read only where they say that (after the
 * columns listed, after a column, of figures that are counts) and never dropped elsewhere. Two
 * vocabularies of our own: a clinic (doctors, patients, appointments) and a fleet (drivers, trips).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const clinic = SemanticModelSchema.parse({
  name: 'clinic',
  entities: [
    { name: 'doctor', table: 'doctors', primary_key: 'id', synonyms: ['doctors'] },
    { name: 'patient', table: 'patients', primary_key: 'id', synonyms: ['patients'] },
    { name: 'appointment', table: 'appointments', primary_key: 'id', synonyms: ['appointments'] },
  ],
  relationships: [
    { from: 'appointment', to: 'doctor', on: [['doctor_id', 'id']] },
    { from: 'appointment', to: 'patient', on: [['patient_id', 'id']] },
  ],
  dimensions: [
    { name: 'doctor_id', entity: 'doctor', sql: '${TABLE}.id', type: 'number', label: 'Doctor id' },
    { name: 'doctor_name', entity: 'doctor', sql: '${TABLE}.name', label: 'Doctor name' },
    { name: 'specialty', entity: 'doctor', sql: '${TABLE}.specialty', label: 'Specialty', index_values: true },
    { name: 'email', entity: 'doctor', sql: '${TABLE}.email', label: 'Email' },
    { name: 'patient_id', entity: 'patient', sql: '${TABLE}.id', type: 'number', label: 'Patient id' },
    { name: 'patient_name', entity: 'patient', sql: '${TABLE}.name', label: 'Patient name' },
  ],
  time_dimensions: [{ name: 'booked_on', entity: 'appointment', sql: '${TABLE}.booked_on', label: 'Booked on' }],
  measures: [
    { name: 'appointment_count', entity: 'appointment', agg: 'count', label: 'Appointments', time_dimension: 'booked_on' },
    {
      name: 'average_fee',
      entity: 'appointment',
      agg: 'avg',
      sql: '${TABLE}.fee',
      label: 'Average fee',
      time_dimension: 'booked_on',
    },
    { name: 'doctor_count', entity: 'doctor', agg: 'count', label: 'Doctors', time_bound: false },
    { name: 'patient_count', entity: 'patient', agg: 'count', label: 'Patients', time_bound: false },
  ],
  defaults: { time_dimension: 'booked_on' },
});
const clinicValues = new Map([['specialty', ['Cardiology', 'Dermatology']]]);

const fleet = SemanticModelSchema.parse({
  name: 'fleet',
  entities: [
    { name: 'driver', table: 'drivers', primary_key: 'id', synonyms: ['drivers'] },
    { name: 'trip', table: 'trips', primary_key: 'id', synonyms: ['trips'] },
  ],
  relationships: [{ from: 'trip', to: 'driver', on: [['driver_id', 'id']] }],
  dimensions: [
    { name: 'driver_id', entity: 'driver', sql: '${TABLE}.id', type: 'number', label: 'Driver id' },
    { name: 'first_name', entity: 'driver', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'driver', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'depot', entity: 'driver', sql: '${TABLE}.depot', label: 'Depot', index_values: true },
    { name: 'phone', entity: 'driver', sql: '${TABLE}.phone', label: 'Phone' },
  ],
  time_dimensions: [{ name: 'started_at', entity: 'trip', sql: '${TABLE}.started_at', label: 'Start date' }],
  measures: [
    { name: 'trip_count', entity: 'trip', agg: 'count', label: 'Trips', time_dimension: 'started_at' },
    { name: 'total_distance', entity: 'trip', agg: 'sum', sql: '${TABLE}.km', label: 'Total distance', time_dimension: 'started_at' },
    { name: 'driver_count', entity: 'driver', agg: 'count', label: 'Drivers', time_bound: false },
  ],
  defaults: { time_dimension: 'started_at' },
});
const fleetValues = new Map([['depot', ['Northgate', 'Riverside']]]);

const askClinic = (question: string) => interpret(question, { model: clinic, values: clinicValues, asOf: '2024-06-30' });
const askFleet = (question: string) => interpret(question, { model: fleet, values: fleetValues, asOf: '2024-06-30' });
const query = (r: ReturnType<typeof askClinic>): SemanticQuery => {
  if (r.kind !== 'query') throw new Error(`refused: ${r.reason}`);
  return r.query;
};

describe('where the listed columns go: "in your final answer", "the X column"', () => {
  it('a list of columns ending in "in your final answer" / "in the output" is read as the list', () => {
    const q = query(askClinic('List the doctors in Cardiology. Only include their email in your final answer.'));
    expect(q.group_by[0]).toEqual({ dimension: 'email' });
    expect(q.filters).toEqual([{ dimension: 'specialty', op: 'eq', values: ['Cardiology'] }]);
    const f = query(askFleet('How many trips did each driver make? Return the driver id and the number of trips in the output.'));
    expect(f.metrics).toEqual(['trip_count']);
    expect(f.group_by.map((g) => g.dimension)).toContain('driver_id');
  });

  it('"column" / "field" after a column says only that it is one', () => {
    expect(query(askClinic('What are the emails of the doctors? Only return the email column.')).group_by).toEqual([
      { dimension: 'email' },
    ]);
    expect(query(askFleet('list the phone fields of drivers in Riverside')).group_by).toEqual([{ dimension: 'phone' }]);
  });

  it('the neighbouring wordings stay refused', () => {
    // more words after "answer": not where the columns go
    expect(askClinic('List the doctors in Cardiology. Only include their email in your final answer about fees.').kind).not.toBe('query');
    // "column" of nothing listed
    expect(askFleet('list the drivers with a column').kind).not.toBe('query');
    // a tail after a clause that is no list of columns
    expect(askFleet('How many trips did each driver make? Return it by depot in your final answer.').kind).not.toBe('query');
  });
});

describe('"as an integer": figures that are counts already', () => {
  it('a count, broken down or not, says nothing more', () => {
    const q = query(askClinic('How many appointments did each specialty have? Give the answer as an integer.'));
    expect(q.metrics).toEqual(['appointment_count']);
    expect(q.group_by).toEqual([{ dimension: 'specialty' }]);
    expect(query(askFleet('How many trips started in 2023, as a whole number?')).metrics).toEqual(['trip_count']);
    expect(query(askFleet('How many drivers are in Northgate? Return the count as an integer.')).metrics).toEqual(['driver_count']);
  });

  it('an average, a sum or a list is never rounded: refused', () => {
    const r = askClinic('What is the average fee for each specialty? Give the answer as an integer.');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/as an integer/);
    expect(askFleet('What is the total distance of trips in 2023 as an integer?').kind).toBe('out_of_scope');
    expect(askFleet('list the drivers in Riverside as integers').kind).toBe('out_of_scope');
  });
});
