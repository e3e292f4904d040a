/**
 * A word for the event a time dimension dates ("shipped", "dispatches"), with no period in the
 * question, names the rows that had the event (the date is set); a word for the date itself ("ship
 * date") with nothing to date is still refused. Two vocabularies: TPC-H and a courier's parcels.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { ask, q } from './helpers.js';

const courier = SemanticModelSchema.parse({
  name: 'courier',
  entities: [{ name: 'parcel', table: 'parcels', primary_key: 'id', synonyms: ['parcels', 'packages'] }],
  dimensions: [{ name: 'carrier', entity: 'parcel', sql: '${TABLE}.carrier', label: 'Carrier', index_values: true }],
  time_dimensions: [
    {
      name: 'dispatched_on',
      entity: 'parcel',
      sql: '${TABLE}.dispatched_on',
      label: 'Dispatch date',
      synonyms: ['dispatched', 'dispatches'],
    },
  ],
  measures: [
    {
      name: 'parcel_count',
      entity: 'parcel',
      agg: 'count',
      label: 'Parcels',
      synonyms: ['number of parcels'],
      time_dimension: 'dispatched_on',
    },
    {
      name: 'weight',
      entity: 'parcel',
      agg: 'avg',
      sql: '${TABLE}.weight_kg',
      label: 'Average weight',
      synonyms: ['average weight', 'mean weight'],
      time_dimension: 'dispatched_on',
    },
  ],
});
const askCourier = (question: string) =>
  interpret(question, { model: courier, values: new Map([['carrier', ['Swiftline', 'Parcelo']]]), asOf: '2024-06-26' });

describe('event words name the rows that had the event', () => {
  it('TPC-H: shipments and deliveries without a period', () => {
    const air = q('average discount of the MAIL shipments');
    expect(air.filters).toContainEqual({ dimension: 'ship_date', op: 'is_set', values: [] });
    expect(air.filters).toContainEqual({ dimension: 'ship_mode', op: 'eq', values: ['MAIL'] });
    const delivered = q('how many line items were delivered by RAIL');
    expect(delivered.filters).toContainEqual({ dimension: 'receipt_date', op: 'is_set', values: [] });
  });

  it('a courier: dispatched parcels by carrier', () => {
    const r = askCourier('mean weight of dispatched parcels by carrier');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.filters).toEqual([{ dimension: 'dispatched_on', op: 'is_set', values: [] }]);
    expect(r.query.group_by).toEqual([{ dimension: 'carrier' }]);
  });

  it('a date word with nothing to date is still refused, in both vocabularies', () => {
    expect(ask('total revenue and ship date').kind).toBe('out_of_scope');
    expect(askCourier('number of parcels and dispatch date').kind).toBe('out_of_scope');
  });

  it('with a period the event word picks the date it filters on, as before', () => {
    const shipped = q('revenue of line items shipped in 1996');
    expect(shipped.time_range).toMatchObject({ start: '1996-01-01', end: '1997-01-01' });
    expect(shipped.filters.some((f) => f.op === 'is_set')).toBe(false);
  });
});
