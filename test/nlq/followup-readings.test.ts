/**
 * A follow-up is merged into the previous query part by part. A reading of the follow-up that the
 * merge does not hold had its words consumed when it was read, so the question was answered without
 * it: a ranked lookup ("the member with the lowest age") became a ranking by the previous figure, an
 * order by a column was dropped, and "in the same month as ..." was lost. Each is now either carried
 * or refused. Own small model (a club's members and their fees).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { clubModel as model, clubValues as values } from './club-fixture.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const ask = (question: string, previous?: SemanticQuery) =>
  interpret(question, { model, values, asOf: '2024-06-30', ...(previous ? { previous } : {}) });
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
    expect(ask('and the top 3 by total fees', byMember)).toMatchObject({
      kind: 'query',
      query: { metrics: ['fee_total'], order: [{ by: 'fee_total', direction: 'desc' }], limit: 3 },
    });
    expect(ask('what about by month', byMember)).toMatchObject({
      kind: 'query',
      query: { order: [{ by: 'charged_on', direction: 'asc' }] },
    });
    expect(ask('only for member id 3', byMember)).toMatchObject({
      kind: 'query',
      query: { filters: [{ dimension: 'member_id', op: 'eq', values: [3] }] },
    });
  });
});
