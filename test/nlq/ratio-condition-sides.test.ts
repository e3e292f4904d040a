/**
 * Ratio sides that are members with a condition on how many related rows they have: "students assigned
 * to more than 2 clubs to students assigned to 1 club". A verb's own "to" inside a side is no
 * separator when another "to" follows, and a bare count ("1 club") is that many exactly. Two
 * vocabularies of our own: a school's students in clubs, a provider's customers on plans.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

/** Members, the things they join, and the linking table between them. */
const joined = (member: string, thing: string, link: string, group: string) =>
  SemanticModelSchema.parse({
    name: `${member}s`,
    entities: [
      { name: member, table: `${member}s`, primary_key: 'id', synonyms: [`${member}s`] },
      { name: thing, table: `${thing}s`, primary_key: 'id', synonyms: [`${thing}s`] },
      { name: link, table: link, primary_key: 'id' },
    ],
    relationships: [
      { from: link, to: member, on: [[`${member}_id`, 'id']] },
      { from: link, to: thing, on: [[`${thing}_id`, 'id']] },
    ],
    dimensions: [
      { name: `${member}_name`, entity: member, sql: '${TABLE}.name', label: `${member} name` },
      { name: group, entity: member, sql: `\${TABLE}.${group}`, label: group },
      { name: `${thing}_name`, entity: thing, sql: '${TABLE}.name', label: `${thing} name` },
    ],
    measures: [
      { name: `${member}_count`, entity: member, agg: 'count', label: `${member}s`, time_bound: false },
      { name: `${thing}_count`, entity: thing, agg: 'count', label: `${thing}s`, time_bound: false },
    ],
  });
const school = joined('student', 'club', 'membership', 'grade');
const provider = joined('customer', 'plan', 'subscription', 'region');
const read = (q: string, model: typeof school) => interpret(q, { model, values: new Map(), asOf: '2024-06-30' });
const sides = (member: string, thing: string, op: string, value: number, op2: string, value2: number) => ({
  kind: 'query',
  query: {
    ratios: [{ numerator: { metric: `${member}_count`, conditions: [{ entity: member, metric: `${thing}_count`, op, value }] } }].map(
      (r) => ({
        ...r,
        denominator: { metric: `${member}_count`, conditions: [{ entity: member, metric: `${thing}_count`, op: op2, value: value2 }] },
      }),
    ),
  },
});

describe('ratio sides that count related rows', () => {
  it('a school: a verb with "to" on each side, a bare count is exact', () => {
    expect(read('what is the ratio of students assigned to more than 2 clubs to students assigned to 1 club?', school)).toMatchObject(
      sides('student', 'club', 'gt', 2, 'eq', 1),
    );
    expect(read('ratio of students with at least 3 clubs to students with exactly 1 club', school)).toMatchObject(
      sides('student', 'club', 'gte', 3, 'eq', 1),
    );
  });

  it('a provider: customers subscribed to plans', () => {
    expect(read('the proportion of customers subscribed to more than 1 plan to customers subscribed to 1 plan', provider)).toMatchObject(
      sides('customer', 'plan', 'gt', 1, 'eq', 1),
    );
    expect(read('how many customers have 2 plans', provider)).toMatchObject({
      kind: 'query',
      query: { entity_conditions: [{ entity: 'customer', metric: 'plan_count', op: 'eq', value: 2 }] },
    });
  });

  it('members that have related rows at all, out of all of them or against those with none, per group', () => {
    const some = (member: string, thing: string) => ({ entity: member, metric: `${thing}_count`, op: 'gte', value: 1 });
    expect(read('the proportion of students with clubs out of all students for each grade', school)).toMatchObject({
      kind: 'query',
      query: {
        group_by: [{ dimension: 'grade' }],
        ratios: [
          {
            numerator: { metric: 'student_count', conditions: [some('student', 'club')] },
            denominator: { metric: 'student_count' },
            as: 'share',
          },
        ],
      },
    });
    expect(read('ratio of customers that have plans to customers without plans by region', provider)).toMatchObject({
      kind: 'query',
      query: {
        group_by: [{ dimension: 'region' }],
        ratios: [
          {
            numerator: { metric: 'customer_count', conditions: [some('customer', 'plan')] },
            denominator: { metric: 'customer_count', conditions: [{ entity: 'customer', metric: 'plan_count', op: 'eq', value: 0 }] },
          },
        ],
      },
    });
  });

  it('one side only, or a count that is no count of rows: refused', () => {
    // the first "to" is the verb's, and no second side follows
    expect(read('what is the ratio of students assigned to more than 2 clubs', school).kind).not.toBe('query');
    expect(read('ratio of customers with 1.5 plans to customers with 1 plan', provider).kind).not.toBe('query');
    // related rows of something else than the members counted
    expect(read('the proportion of students with plans out of all students for each grade', school).kind).not.toBe('query');
  });
});
