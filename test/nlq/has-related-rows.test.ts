/**
 * "how many members have a fee", "customers with orders": the members having at least one row of a
 * thing whose rows belong to them (its count >= 1 per member), said without a number. Read only when
 * the clause ends with the thing (a value or a period after it may be the rows' or the members'), and
 * only along the model's one relation. In TPC-H's vocabulary and a club's (members and their fees).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { clubModel, clubValues } from './club-fixture.js';
import { ask } from './helpers.js';

const club = (question: string) => interpret(question, { model: clubModel, values: clubValues, asOf: '2024-06-30' });
const atLeastOne = (entity: string, metric: string) => ({
  kind: 'query',
  query: { entity_conditions: [{ entity, metric, op: 'gte', value: 1 }] },
});

describe('members having rows of another thing', () => {
  it('counts the members with at least one, singular or plural, "have" or "with"', () => {
    for (const q of [
      'how many members have a fee?',
      'how many members have fees',
      'count the members with any fees',
      'number of members that have fees',
    ]) {
      expect(club(q), q).toMatchObject({ ...atLeastOne('member', 'fee_count'), query: { metrics: ['member_count'] } });
    }
    for (const q of ['how many customers have orders?', 'how many customers have an order', 'number of customers with orders']) {
      expect(ask(q), q).toMatchObject({ ...atLeastOne('customer', 'orders'), query: { metrics: ['customers'] } });
    }
  });

  it('qualifies a figure of the members', () => {
    expect(ask('total account balance of customers with orders')).toMatchObject(atLeastOne('customer', 'orders'));
    expect(ask('the account balance of customers that have an order')).toMatchObject(atLeastOne('customer', 'orders'));
  });

  it('is the same reading as "at least one"', () => {
    const said = club('how many members have at least one fee');
    expect(club('how many members have fees')).toMatchObject({ kind: 'query', query: (said as { query: unknown }).query });
  });

  it('leaves a value or a period after the thing to the other rules, never to the condition alone', () => {
    const r = club('how many members have fees of tier Gold');
    if (r.kind === 'query') expect(r.query.entity_conditions ?? []).not.toContainEqual(expect.objectContaining({ op: 'gte', value: 1 }));
  });

  it('refuses a thing related to the members in two ways', () => {
    const twoWays = SemanticModelSchema.parse({
      ...clubModel,
      relationships: [...clubModel.relationships, { from: 'fee', to: 'member', on: [['payer_id', 'id']] }],
    });
    const r = interpret('how many members have fees', { model: twoWays, values: clubValues, asOf: '2024-06-30' });
    expect(r.kind).not.toBe('query');
  });
});
