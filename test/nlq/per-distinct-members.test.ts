/**
 * "X per <a figure that counts distinct members>": when the denominator counts the distinct members
 * of an entity among the numerator's own rows (a count_distinct of a key referring to that entity,
 * neither figure filtered), the question is that entity's per-member average; any other pair of
 * figures stays a ratio the model does not define (refused). Two vocabularies: TPC-H and a help
 * desk's tickets and the people who raised them.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { ask, q } from './helpers.js';

const helpdesk = SemanticModelSchema.parse({
  name: 'helpdesk',
  entities: [
    { name: 'ticket', table: 'tickets', primary_key: 'id', synonyms: ['tickets'] },
    { name: 'requester', table: 'people', primary_key: 'person_id', synonyms: ['requesters'] },
  ],
  relationships: [{ from: 'ticket', to: 'requester', on: [['raised_by', 'person_id']] }],
  dimensions: [
    { name: 'queue', entity: 'ticket', sql: '${TABLE}.queue', label: 'Queue', index_values: true },
    { name: 'requester_name', entity: 'requester', sql: '${TABLE}.name', label: 'Requester' },
  ],
  time_dimensions: [{ name: 'opened_on', entity: 'ticket', sql: '${TABLE}.opened_on', label: 'Opened on' }],
  measures: [
    { name: 'tickets', entity: 'ticket', agg: 'count', label: 'Tickets', time_dimension: 'opened_on' },
    { name: 'minutes_logged', entity: 'ticket', agg: 'sum', sql: '${TABLE}.minutes', label: 'Minutes logged', time_dimension: 'opened_on' },
    {
      name: 'reporting_people',
      entity: 'ticket',
      agg: 'count_distinct',
      sql: '${TABLE}.raised_by',
      label: 'Reporting people',
      synonyms: ['reporters'],
      time_dimension: 'opened_on',
    },
    {
      name: 'urgent_reporters',
      entity: 'ticket',
      agg: 'count_distinct',
      sql: '${TABLE}.raised_by',
      label: 'Urgent reporters',
      filter: "${TABLE}.queue = 'Urgent'",
      time_dimension: 'opened_on',
    },
    { name: 'people', entity: 'requester', agg: 'count', label: 'People' },
  ],
  defaults: { time_dimension: 'opened_on' },
});
const desk = (question: string) =>
  interpret(question, { model: helpdesk, values: new Map([['queue', ['Urgent', 'Hardware']]]), asOf: '2024-06-26' });

describe('a figure per distinct member counted by another figure', () => {
  it('TPC-H: orders per active customer (or buyer) is the average per customer who ordered', () => {
    for (const question of ['average number of orders per active customer in 1997', 'orders per buyer in 1996']) {
      expect(q(question).per_entity_averages, question).toEqual([expect.objectContaining({ metric: 'orders', entity: 'customer' })]);
    }
    // revenue is counted on line items, active customers on orders: another scope, so no average
    expect(ask('revenue per active customer').kind).toBe('out_of_scope');
  });

  it('a help desk: minutes logged per reporter; never per a filtered count of reporters', () => {
    const r = desk('minutes logged per reporter in 2023');
    if (r.kind !== 'query') throw new Error(r.reason);
    expect(r.query.per_entity_averages).toEqual([expect.objectContaining({ metric: 'minutes_logged', entity: 'requester' })]);
    expect(desk('tickets per urgent reporters').kind).toBe('out_of_scope');
  });
});
