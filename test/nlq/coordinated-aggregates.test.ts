/**
 * Several aggregate words sharing one figure ("the minimum and maximum X", "average and total X",
 * "lowest, highest and mean X") read as the figure said after each word: the same query as the
 * spelled-out question. A list that asks for members ("which ... has the highest and lowest X") or
 * ranks by the list is refused, never answered with one of the figures. Two vocabularies: TPC-H and a
 * payroll model of our own.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { ask, q } from './helpers.js';

const payroll = SemanticModelSchema.parse({
  name: 'payroll',
  entities: [{ name: 'employee', table: 'employees', primary_key: 'id', synonyms: ['employees', 'staff'] }],
  dimensions: [
    { name: 'employee_name', entity: 'employee', sql: '${TABLE}.name', label: 'Employee name' },
    { name: 'department', entity: 'employee', sql: '${TABLE}.department', label: 'Department', index_values: true },
  ],
  time_dimensions: [{ name: 'hired_on', entity: 'employee', sql: '${TABLE}.hired_on', label: 'Hire date' }],
  measures: [
    { name: 'headcount', entity: 'employee', agg: 'count', label: 'Headcount' },
    { name: 'total_salary', entity: 'employee', agg: 'sum', sql: '${TABLE}.salary', label: 'Total salary' },
    { name: 'average_salary', entity: 'employee', agg: 'avg', sql: '${TABLE}.salary', label: 'Average salary' },
    { name: 'lowest_salary', entity: 'employee', agg: 'min', sql: '${TABLE}.salary', label: 'Lowest salary', synonyms: ['minimum salary'] },
    {
      name: 'highest_salary',
      entity: 'employee',
      agg: 'max',
      sql: '${TABLE}.salary',
      label: 'Highest salary',
      synonyms: ['maximum salary'],
    },
  ],
});
const askPayroll = (question: string) =>
  interpret(question, { model: payroll, values: new Map([['department', ['Sales', 'Legal']]]), asOf: '2024-05-01' });
const qPayroll = (question: string) => {
  const r = askPayroll(question);
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
};

describe('aggregate words sharing one figure (TPC-H)', () => {
  it('reads each aggregate word with the figure after the last one', () => {
    expect(q('the average and total discount by ship mode')).toEqual(q('the average discount and total discount by ship mode'));
    expect(q('the average and total discount by ship mode').metrics).toHaveLength(2);
    expect(q('What is the min and max order value?')).toEqual(q('What is the min order value and the max order value?'));
  });

  it('refuses a list that asks which member holds each figure', () => {
    const r = ask('Which supplier has the highest and lowest account balance?');
    expect(r.kind).toBe('out_of_scope');
  });
});

describe('aggregate words sharing one figure (payroll)', () => {
  it('a list of three, in the order said, with a breakdown', () => {
    const query = qPayroll('lowest, highest and average salary per department');
    expect(query.metrics).toEqual(['lowest_salary', 'highest_salary', 'average_salary']);
    expect(query.group_by).toEqual([{ dimension: 'department' }]);
  });

  it('"total and average" keeps both figures (never only the last one)', () => {
    expect(qPayroll('What is the total and average salary?').metrics).toEqual(['total_salary', 'average_salary']);
    expect(qPayroll('minimum and maximum salary in Sales')).toEqual(qPayroll('minimum salary and maximum salary in Sales'));
  });

  it('refuses members asked for, and a ranking by the list', () => {
    for (const question of [
      'Which department has the highest and lowest average salary?',
      'staff with the minimum and maximum salary',
      'top 2 departments by minimum and maximum salary',
    ]) {
      const r = askPayroll(question);
      expect(r.kind, question).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.unconsumed?.length, question).toBeGreaterThan(0);
    }
  });

  it('one aggregate word is left to the other rules', () => {
    expect(qPayroll('average salary per department').metrics).toEqual(['average_salary']);
  });
});
