/**
 * A verb before a period names the date whose noun it is: "born" and a birth date, "registered" and a
 * registration date, "terminated" and a termination date, "approved" and an approval date (the noun of
 * the verb, or a few irregular pairs). Before, only a date whose label held the verb itself was named
 * ("joined" and a join date); these stayed refused. Two vocabularies of our own: a clinic and staff.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';

const clinic = SemanticModelSchema.parse({
  name: 'clinic',
  entities: [{ name: 'patient', table: 'patients', primary_key: 'id', synonyms: ['patients'] }],
  dimensions: [
    { name: 'patient_id', entity: 'patient', sql: '${TABLE}.id', type: 'number', label: 'Patient id' },
    { name: 'patient_name', entity: 'patient', sql: '${TABLE}.name', label: 'Patient name' },
  ],
  time_dimensions: [
    { name: 'birth_dt', entity: 'patient', sql: '${TABLE}.birth_dt', label: 'Birth date' },
    { name: 'registration_dt', entity: 'patient', sql: '${TABLE}.registration_dt', label: 'Registration date' },
  ],
  measures: [{ name: 'patient_count', entity: 'patient', agg: 'count', label: 'Patients', time_dimension: 'registration_dt' }],
});

const staff = SemanticModelSchema.parse({
  name: 'staff',
  entities: [{ name: 'employee', table: 'employees', primary_key: 'id', synonyms: ['employees'] }],
  dimensions: [
    { name: 'employee_id', entity: 'employee', sql: '${TABLE}.id', type: 'number', label: 'Employee id' },
    { name: 'employee_name', entity: 'employee', sql: '${TABLE}.name', label: 'Employee name' },
  ],
  time_dimensions: [
    { name: 'hired_on', entity: 'employee', sql: '${TABLE}.hired_on', label: 'Hire date' },
    { name: 'terminated_on', entity: 'employee', sql: '${TABLE}.left_on', label: 'Termination date' },
  ],
  measures: [{ name: 'headcount', entity: 'employee', agg: 'count', label: 'Headcount', time_dimension: 'hired_on' }],
});

const read = (model: SemanticModel, question: string) => interpret(question, { model, values: new Map(), asOf: '2024-05-01' });

describe('a verb naming the date whose noun it is', () => {
  it('"born" dates by the birth date, "registered" by the registration date (clinic)', () => {
    const born = read(clinic, 'List the patients born before 1980');
    expect(born.kind).toBe('query');
    if (born.kind === 'query') expect(born.query.time_range).toMatchObject({ dimension: 'birth_dt', end: '1980-01-01' });
    const registered = read(clinic, 'How many patients registered in 2022?');
    expect(registered.kind).toBe('query');
    if (registered.kind === 'query') {
      expect(registered.query.metrics).toEqual(['patient_count']);
      expect(registered.query.time_range).toMatchObject({ start: '2022-01-01', end: '2023-01-01' });
    }
  });

  it('"terminated" dates by the termination date, never the hire date (staff)', () => {
    const left = read(staff, 'Which employees were terminated in 2023?');
    expect(left.kind).toBe('query');
    if (left.kind === 'query') expect(left.query.time_range).toMatchObject({ dimension: 'terminated_on', start: '2023-01-01' });
    // a verb that names no date of theirs stays not understood
    expect(read(staff, 'Which employees were promoted in 2023?').kind).toBe('out_of_scope');
  });

  it("a count of the thing's own rows is dated by the date the verb names, though the model dates it by another of theirs", () => {
    // (before: "Birth date cannot date patient_count", refused; the rows counted are the patients themselves)
    const born = read(clinic, 'How many patients were born before 1980?');
    expect(born.kind).toBe('query');
    if (born.kind === 'query') {
      expect(born.query.metrics).toEqual(['patient_count']);
      expect(born.query.time_range).toMatchObject({ dimension: 'birth_dt', end: '1980-01-01' });
    }
    const left = read(staff, 'How many employees were terminated in 2023?');
    expect(left.kind).toBe('query');
    if (left.kind === 'query') {
      expect(left.query.metrics).toEqual(['headcount']);
      expect(left.query.time_range).toMatchObject({ dimension: 'terminated_on', start: '2023-01-01', end: '2024-01-01' });
    }
  });
});
