/**
 * A thing named between the rows a question aggregates and a condition the query applies ("revenue
 * for orders with status P": the orders' status) is whose condition it is, not a word left over; a
 * thing named with no condition of its own is still refused. Two vocabularies: TPC-H and a
 * library's loans, whose members have no naming column.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { ask, q } from './helpers.js';

const library = SemanticModelSchema.parse({
  name: 'library',
  entities: [
    { name: 'loan', table: 'loans', primary_key: 'id', synonyms: ['loans'] },
    { name: 'member', table: 'members', primary_key: 'id', synonyms: ['members', 'readers'] },
  ],
  relationships: [{ from: 'loan', to: 'member', on: [['member_id', 'id']] }],
  dimensions: [
    { name: 'tier', entity: 'member', sql: '${TABLE}.tier', label: 'Membership tier', synonyms: ['tier'], index_values: true },
    { name: 'branch', entity: 'loan', sql: '${TABLE}.branch', label: 'Branch', index_values: true },
  ],
  time_dimensions: [{ name: 'joined_on', entity: 'member', sql: '${TABLE}.joined_on', label: 'Join date', synonyms: ['joined'] }],
  measures: [{ name: 'fees', entity: 'loan', agg: 'sum', sql: '${TABLE}.fee', label: 'Late fees', synonyms: ['fees', 'late fees'] }],
});
const askLibrary = (question: string) =>
  interpret(question, {
    model: library,
    values: new Map([
      ['tier', ['Gold', 'Basic']],
      ['branch', ['Harbour', 'Hilltop']],
    ]),
    asOf: '2024-06-26',
  });

describe('a thing on the path to a condition', () => {
  it('TPC-H: orders with a status, a priority or a period of their own', () => {
    expect(q('revenue for orders with status F').filters).toEqual([{ dimension: 'order_status', op: 'eq', values: ['F'] }]);
    expect(q('gross sales of orders that are not urgent').filters).toEqual([
      { dimension: 'order_priority', op: 'ne', values: ['1-URGENT'] },
    ]);
    expect(q('return rate by nation for orders placed in 1994').time_range).toMatchObject({ start: '1994-01-01' });
  });

  it('a library: fees for members of a tier', () => {
    const r = askLibrary('late fees for members in tier Gold by branch');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.filters).toEqual([{ dimension: 'tier', op: 'eq', values: ['Gold'] }]);
  });

  it('a thing with no condition of its own is still not understood', () => {
    expect(ask('revenue for orders').kind).toBe('out_of_scope');
    expect(askLibrary('late fees for readers').kind).toBe('out_of_scope');
  });
});
