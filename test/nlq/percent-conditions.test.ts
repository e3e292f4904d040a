/**
 * A percent in a condition on members: a rate kept as a fraction compares with the fraction ("a
 * return rate over 5%" is over 0.05, never over 5); a percent beside an amount that is no rate ("a
 * discount amount over 5%") is not read. Two vocabularies: TPC-H and a school's pupils.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { q } from './helpers.js';

const school = SemanticModelSchema.parse({
  name: 'school',
  entities: [
    { name: 'pupil', table: 'pupils', primary_key: 'id', synonyms: ['pupils', 'students'] },
    { name: 'lesson', table: 'lessons', primary_key: 'id', synonyms: ['lessons'] },
  ],
  relationships: [{ from: 'lesson', to: 'pupil', on: [['pupil_id', 'id']] }],
  dimensions: [{ name: 'pupil', entity: 'pupil', sql: '${TABLE}.name', label: 'Pupil', index_values: true }],
  measures: [
    { name: 'pupil_count', entity: 'pupil', agg: 'count', label: 'Pupils', synonyms: ['number of pupils'] },
    { name: 'lessons', entity: 'lesson', agg: 'count', label: 'Lessons', synonyms: ['number of lessons'] },
    { name: 'attended', entity: 'lesson', agg: 'count', filter: '${TABLE}.attended', label: 'Lessons attended' },
    {
      name: 'fees',
      entity: 'lesson',
      agg: 'sum',
      sql: '${TABLE}.fee',
      label: 'Fees',
      synonyms: ['fees'],
      format: { kind: 'currency', unit: '$' },
    },
  ],
  metrics: [{ name: 'attendance_rate', expression: 'attended / lessons', label: 'Attendance rate', format: { kind: 'percent' } }],
});
const askSchool = (question: string) =>
  interpret(question, { model: school, values: new Map([['pupil', ['Ann', 'Bo']]]), asOf: '2024-06-26' });

describe('a percent in a condition on members', () => {
  it('TPC-H: a return rate over 5% is over 0.05', () => {
    expect(q('how many customers have a return rate above 5%').entity_conditions).toEqual([
      { entity: 'customer', metric: 'return_rate', op: 'gt', value: 0.05 },
    ]);
    expect(q('customers with a return rate over 5%').metric_filters).toEqual([{ metric: 'return_rate', op: 'gt', value: 0.05 }]);
  });

  it('a school: attendance below 90%, and a percent of fees not read', () => {
    const r = askSchool('how many pupils have an attendance rate below 90%');
    expect(r.kind === 'query' && r.query.entity_conditions).toEqual([{ entity: 'pupil', metric: 'attendance_rate', op: 'lt', value: 0.9 }]);
    expect(askSchool('how many pupils have fees over 5%').kind).not.toBe('query');
  });
});
