/**
 * Members with a condition ("members with more than 2 fees") are counted or listed by the entity
 * condition, whose answer replaces the query's figures. A figure the question names beside it ("...
 * and the total fee amount") was read (its word covered) and then dropped: the count of members
 * alone was answered. Now refused. Own small model (a club's members and their fees).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { clubModel as model, clubValues as values } from './club-fixture.js';

const ask = (question: string) => interpret(question, { model, values, asOf: '2024-06-30' });

describe('a figure named beside members with a condition', () => {
  it('is never dropped: refused (was: the count or list of the members alone)', () => {
    expect(ask('how many members with more than 2 fees and what is the total fee amount').kind).toBe('out_of_scope');
    expect(ask('number of members with more than 2 fees and total fees').kind).toBe('out_of_scope');
    expect(ask('members with fewer than 2 fees and total fees').kind).toBe('out_of_scope');
  });

  it('the condition alone, or a figure of the members kept, as before', () => {
    expect(ask('how many members had more than 2 fees in 2023')).toMatchObject({ kind: 'query', query: { metrics: ['member_count'] } });
    expect(ask('which members have more than 2 fees')).toMatchObject({
      kind: 'query',
      query: { metrics: ['fee_count'], metric_filters: [{ metric: 'fee_count', op: 'gt', value: 2 }] },
    });
    expect(ask('total fees of members with more than 2 fees')).toMatchObject({
      kind: 'query',
      query: { metrics: ['fee_total'], entity_conditions: [{ entity: 'member', metric: 'fee_count', op: 'gt', value: 2 }] },
    });
  });
});
