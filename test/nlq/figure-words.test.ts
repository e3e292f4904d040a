/**
 * Words said with a figure that the model already states: "in days" / "in dollars" / "in percent"
 * right after a figure kept in that unit is how it is shown (any other unit, a conversion, stays not
 * understood); a modifier that opens one figure's own two-word synonym ("net" of "net sales") said
 * before that figure's one-word name ("net revenue") is the same figure, while a modifier two
 * figures share is never moved; and a share of a rate is no part of a whole (refused,
 * never a share-of-total of percentages). Two vocabularies: TPC-H and a help desk of our own.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { ask, q } from './helpers.js';

const helpdesk = SemanticModelSchema.parse({
  name: 'helpdesk',
  entities: [{ name: 'ticket', table: 'tickets', primary_key: 'id', synonyms: ['tickets'] }],
  dimensions: [{ name: 'queue', entity: 'ticket', sql: '${TABLE}.queue', label: 'Queue', index_values: true }],
  time_dimensions: [{ name: 'opened_on', entity: 'ticket', sql: '${TABLE}.opened_on', label: 'Opened on' }],
  measures: [
    { name: 'tickets', entity: 'ticket', agg: 'count', label: 'Tickets', time_dimension: 'opened_on' },
    {
      name: 'hours_to_resolve',
      entity: 'ticket',
      agg: 'avg',
      sql: '${TABLE}.resolve_hours',
      label: 'Resolution time',
      synonyms: ['time to resolve'],
      format: { kind: 'duration', unit: 'hours' },
      time_dimension: 'opened_on',
    },
    {
      name: 'fees',
      entity: 'ticket',
      agg: 'sum',
      sql: '${TABLE}.fee',
      label: 'Fees',
      synonyms: ['net charges', 'billed charges'],
      format: { kind: 'currency', unit: '$' },
      time_dimension: 'opened_on',
    },
    {
      name: 'list_fees',
      entity: 'ticket',
      agg: 'sum',
      sql: '${TABLE}.list_fee',
      label: 'List fees',
      synonyms: ['billed list'],
      format: { kind: 'currency', unit: '$' },
      time_dimension: 'opened_on',
    },
    {
      name: 'reopened',
      entity: 'ticket',
      agg: 'count',
      label: 'Reopened tickets',
      filters: [{ sql: '${TABLE}.reopened' }],
      time_dimension: 'opened_on',
    },
  ],
  metrics: [{ name: 'reopen_rate', label: 'Reopen rate', expression: 'reopened / tickets', format: { kind: 'percent' } }],
  defaults: { time_dimension: 'opened_on' },
});
const desk = (question: string) =>
  interpret(question, { model: helpdesk, values: new Map([['queue', ['Billing', 'Hardware']]]), asOf: '2024-06-26' });
const deskQuery = (question: string) => {
  const r = desk(question);
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
};

describe('a unit the model states for the figure', () => {
  it('TPC-H: days to ship in days, revenue in dollars, a rate in percent; never a conversion', () => {
    expect(q('average shipping time in days by ship mode')).toMatchObject({
      metrics: ['days_to_ship'],
      group_by: [{ dimension: 'ship_mode' }],
    });
    expect(q('total revenue in dollars in 1996').metrics).toEqual(['revenue']);
    expect(q('return rate in percent by ship mode')).toMatchObject({ metrics: ['return_rate'], share_of_total: [] });
    expect(ask('average shipping time in weeks').kind).toBe('out_of_scope');
    expect(ask('revenue in euros by region').kind).toBe('out_of_scope');
  });

  it('a help desk: resolution time in hours, fees in USD, the reopen rate in %', () => {
    expect(deskQuery('average time to resolve in hours by queue')).toMatchObject({
      metrics: ['hours_to_resolve'],
      group_by: [{ dimension: 'queue' }],
    });
    expect(deskQuery('fees in usd in 2023').metrics).toEqual(['fees']);
    expect(deskQuery('reopen rate in % by queue')).toMatchObject({ metrics: ['reopen_rate'], share_of_total: [] });
    expect(desk('average time to resolve in days').kind).toBe('out_of_scope');
  });
});

describe("a modifier from one figure's own synonym, said before its name", () => {
  it('TPC-H: "net revenue" is revenue; "net income" (a synonym, not its name) is not read', () => {
    expect(q('gross sales and net revenue in 1995').metrics).toEqual(['gross_sales', 'revenue']);
    expect(ask('net income in 1996').kind).toBe('out_of_scope');
  });

  it('a help desk: "net fees" is fees; "billed fees" (billed is said of two figures) is not read', () => {
    expect(deskQuery('net fees by queue').metrics).toEqual(['fees']);
    expect(desk('billed fees by queue').kind).toBe('out_of_scope');
  });
});

describe('a share of a rate', () => {
  it('is no part of a whole: refused in both vocabularies, while a share of a sum stands', () => {
    expect(ask('percentage of return rate by ship mode').kind).toBe('out_of_scope');
    expect(desk('share of reopen rate by queue').kind).toBe('out_of_scope');
    expect(q('share of revenue by region').share_of_total).toEqual(['revenue']);
    expect(deskQuery('share of fees by queue').share_of_total).toEqual(['fees']);
  });
});
