/**
 * A follow-up is merged into the previous query part by part. A reading of the follow-up that the
 * merge does not hold had its words consumed when it was read, so the question was answered without
 * it: a ranked lookup ("the member with the lowest age") became a ranking by the previous figure, an
 * order by a column was dropped, and "in the same month as ..." was lost. Each is now either carried
 * or refused. Own small model (a club's members and their fees).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const model: SemanticModel = SemanticModelSchema.parse({
  name: 'club',
  entities: [
    { name: 'member', table: 'members', primary_key: 'id', synonyms: ['members'] },
    { name: 'fee', table: 'fees', primary_key: 'id', synonyms: ['fees'] },
  ],
  relationships: [{ from: 'fee', to: 'member', on: [['member_id', 'id']] }],
  dimensions: [
    { name: 'member_id', entity: 'member', sql: '${TABLE}.id', type: 'number', label: 'Member id' },
    { name: 'member_name', entity: 'member', sql: '${TABLE}.name', label: 'Member name' },
    { name: 'age', entity: 'member', sql: '${TABLE}.age', type: 'number', label: 'Age' },
    { name: 'tier', entity: 'fee', sql: '${TABLE}.tier', label: 'Tier', index_values: true },
  ],
  time_dimensions: [
    { name: 'enrolled_on', entity: 'member', sql: '${TABLE}.enrolled_on', label: 'Enrol date' },
    { name: 'charged_on', entity: 'fee', sql: '${TABLE}.charged_on', label: 'Charge date' },
  ],
  measures: [
    { name: 'fee_count', entity: 'fee', agg: 'count', label: 'Fees', synonyms: ['number of fees'], time_dimension: 'charged_on' },
    { name: 'fee_total', entity: 'fee', agg: 'sum', sql: '${TABLE}.amount', label: 'Fee amount', synonyms: ['total fees'], time_dimension: 'charged_on' },
    { name: 'member_count', entity: 'member', agg: 'count', label: 'Members', synonyms: ['number of members'], time_dimension: 'enrolled_on' },
  ],
  defaults: { time_dimension: 'charged_on' },
});
const values = new Map([['tier', ['Gold', 'Basic']]]);
const ask = (question: string, previous?: SemanticQuery) => interpret(question, { model, values, asOf: '2024-06-30', ...(previous ? { previous } : {}) });
const first = (question: string): SemanticQuery => {
  const r = ask(question);
  if (r.kind !== 'query') throw new Error(`not answered: ${question}`);
  return r.query;
};

describe('a follow-up never answers without a reading it consumed', () => {
  const byMember = first('number of fees by member name');

  it('a ranked lookup is never turned into a ranking by the previous figure', () => {
    const r = ask('what about the member with the lowest age?', byMember);
    // (was: the top 1 member by number of fees)
    expect(r.kind).toBe('out_of_scope');
  });

  it('an order by a column of the follow-up is never dropped', () => {
    const r = ask('what about by member name ordered by member name descending', byMember);
    expect(r.kind).toBe('out_of_scope');
  });

  it('"in the same month as ..." in a follow-up is kept', () => {
    const r = ask('what about total fees in the same month as the member enrolled?', byMember);
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual(['fee_total']);
    expect(r.query.same_periods).toEqual([{ dimension: 'charged_on', as: 'enrolled_on', grain: 'month' }]);
  });

  it('a previous same-period restriction carries over onto rows it dates, else refused', () => {
    const prev = first('how many fees in the same month as the member enrolled');
    const r = ask('and by tier', prev);
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.same_periods).toEqual(prev.same_periods);
    // the members are dated by their enrol date: the fees' restriction says nothing of them
    expect(ask('what about members?', prev).kind).toBe('out_of_scope');
  });

  it('ordinary follow-ups still merge (a ranking, a time breakdown, a filter)', () => {
    expect(ask('and the top 3 by total fees', byMember)).toMatchObject({ kind: 'query', query: { metrics: ['fee_total'], order: [{ by: 'fee_total', direction: 'desc' }], limit: 3 } });
    expect(ask('what about by month', byMember)).toMatchObject({ kind: 'query', query: { order: [{ by: 'charged_on', direction: 'asc' }] } });
    expect(ask('only for member id 3', byMember)).toMatchObject({ kind: 'query', query: { filters: [{ dimension: 'member_id', op: 'eq', values: [3] }] } });
  });
});
