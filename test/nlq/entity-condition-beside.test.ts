/**
 * Members with a condition ("members with more than 2 fees") are counted or listed by the entity
 * condition, whose answer replaces the query's figures. A figure the question names beside it ("...
 * and the total fee amount") was read (its word covered) and then dropped: the count of members
 * alone was answered. Now refused. Own small model (a club's members and their fees).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'club',
  entities: [
    { name: 'member', table: 'members', primary_key: 'id', synonyms: ['members'] },
    { name: 'fee', table: 'fees', primary_key: 'id', synonyms: ['fees'] },
  ],
  relationships: [{ from: 'fee', to: 'member', on: [['member_id', 'id']] }],
  dimensions: [
    { name: 'member_id', entity: 'member', sql: '${TABLE}.id', type: 'number', label: 'Member id' },
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
const ask = (question: string) => interpret(question, { model, values, asOf: '2024-06-30' });

describe('a figure named beside members with a condition', () => {
  it('is never dropped: refused (was: the count or list of the members alone)', () => {
    expect(ask('how many members with more than 2 fees and what is the total fee amount').kind).toBe('out_of_scope');
    expect(ask('number of members with more than 2 fees and total fees').kind).toBe('out_of_scope');
    expect(ask('members with fewer than 2 fees and total fees').kind).toBe('out_of_scope');
  });

  it('the condition alone, or a figure of the members kept, as before', () => {
    expect(ask('how many members had more than 2 fees in 2023')).toMatchObject({ kind: 'query', query: { metrics: ['member_count'] } });
    expect(ask('which members have more than 2 fees')).toMatchObject({ kind: 'query', query: { metrics: ['fee_count'], metric_filters: [{ metric: 'fee_count', op: 'gt', value: 2 }] } });
    expect(ask('total fees of members with more than 2 fees')).toMatchObject({ kind: 'query', query: { metrics: ['fee_total'], entity_conditions: [{ entity: 'member', metric: 'fee_count', op: 'gt', value: 2 }] } });
  });
});
