/**
 * More ways of saying a ratio, on two small models of our own (a shipping fleet; the club of
 * club-fixture.ts): "A divided by B", "the ratio of A and B", "A as a fraction / percentage of B",
 * "the share of A among all B", "the X of Malta to the X of Germany" (the value of the thing the side
 * measures, each side's value its own), "vessel capacity to its tonnage", and "how does X vary across
 * (different) Y" (X broken down by Y). The neighbouring readings that say something else stay refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { clubModel, clubValues } from './club-fixture.js';

const fleet = SemanticModelSchema.parse({
  name: 'fleet',
  entities: [
    { name: 'vessel', table: 'vessels', primary_key: 'id', synonyms: ['vessels', 'ship', 'ships'] },
    { name: 'port', table: 'ports', primary_key: 'id', synonyms: ['ports'] },
    { name: 'voyage', table: 'voyages', primary_key: 'id', synonyms: ['voyages'] },
  ],
  relationships: [
    { from: 'voyage', to: 'vessel', on: [['vessel_id', 'id']] },
    { from: 'voyage', to: 'port', on: [['port_id', 'id']] },
  ],
  dimensions: [
    { name: 'vessel_id', entity: 'vessel', sql: '${TABLE}.id', type: 'number', label: 'Vessel id' },
    { name: 'vessel', entity: 'vessel', sql: '${TABLE}.name', label: 'Vessel', index_values: true },
    { name: 'flag', entity: 'vessel', sql: '${TABLE}.flag', label: 'Flag', index_values: true },
    { name: 'port', entity: 'port', sql: '${TABLE}.name', label: 'Port', index_values: true },
    { name: 'port_id', entity: 'port', sql: '${TABLE}.id', type: 'number', label: 'Port id' },
    { name: 'port_country', entity: 'port', sql: '${TABLE}.country', label: 'Port country', index_values: true },
  ],
  time_dimensions: [{ name: 'sailed_on', entity: 'voyage', sql: '${TABLE}.sailed_on', label: 'Sail date' }],
  measures: [
    { name: 'vessel_count', entity: 'vessel', agg: 'count', label: 'Vessels', time_bound: false },
    { name: 'port_count', entity: 'port', agg: 'count', label: 'Ports', time_bound: false },
    {
      name: 'voyage_count',
      entity: 'voyage',
      agg: 'count',
      label: 'Voyages',
      synonyms: ['number of voyages'],
      time_dimension: 'sailed_on',
    },
    {
      name: 'total_capacity',
      entity: 'vessel',
      agg: 'sum',
      sql: '${TABLE}.capacity',
      label: 'Total capacity',
      synonyms: ['capacity'],
      time_bound: false,
    },
    {
      name: 'total_tonnage',
      entity: 'vessel',
      agg: 'sum',
      sql: '${TABLE}.tonnage',
      label: 'Total tonnage',
      synonyms: ['tonnage'],
      time_bound: false,
    },
    {
      name: 'total_berths',
      entity: 'port',
      agg: 'sum',
      sql: '${TABLE}.berths',
      label: 'Total berths',
      synonyms: ['berths'],
      time_bound: false,
    },
    {
      name: 'total_cargo',
      entity: 'voyage',
      agg: 'sum',
      sql: '${TABLE}.cargo',
      label: 'Total cargo',
      synonyms: ['cargo'],
      time_dimension: 'sailed_on',
    },
    { name: 'average_cargo', entity: 'voyage', agg: 'avg', sql: '${TABLE}.cargo', label: 'Average cargo', time_dimension: 'sailed_on' },
  ],
  defaults: { time_dimension: 'sailed_on' },
});
// "Malta" is both a vessel's flag and a port's country
const fleetValues = new Map([
  ['vessel', ['Aurora', 'Boreas']],
  ['flag', ['Malta', 'Panama']],
  ['port', ['Rotterdam', 'Hamburg']],
  ['port_country', ['Malta', 'Germany', 'Netherlands']],
]);

const askFleet = (q: string) => interpret(q, { model: fleet, values: fleetValues, asOf: '2024-06-30' });
const askClub = (q: string) => interpret(q, { model: clubModel, values: clubValues, asOf: '2024-06-30' });
function queryOf(r: ReturnType<typeof interpret>, q: string): SemanticQuery {
  if (r.kind !== 'query') throw new Error(`expected a query for "${q}", got ${r.kind}: ${r.reason}`);
  return r.query;
}
const fleetQuery = (q: string) => queryOf(askFleet(q), q);
const clubQuery = (q: string) => queryOf(askClub(q), q);

describe('"A divided by B"', () => {
  it('is the ratio of the two figures, in both vocabularies', () => {
    expect(fleetQuery('total capacity divided by total tonnage').ratios?.[0]).toMatchObject({
      numerator: { metric: 'total_capacity' },
      denominator: { metric: 'total_tonnage' },
    });
    const q = clubQuery('fee amount divided by number of fees for each tier');
    expect(q.ratios?.[0]).toMatchObject({ numerator: { metric: 'fee_total' }, denominator: { metric: 'fee_count' } });
    expect(q.group_by).toEqual([{ dimension: 'tier' }]);
  });
  it('other arithmetic between figures is no link between things: refused', () => {
    expect(askFleet('total capacity multiplied by total tonnage').kind).toBe('out_of_scope');
    expect(askClub('fee amount multiplied by number of fees').kind).toBe('out_of_scope');
  });
});

describe('"the ratio of A and B"', () => {
  it('divides the first by the second when nothing else divides them', () => {
    expect(fleetQuery('what is the ratio of voyages and vessels').ratios?.[0]).toMatchObject({
      numerator: { metric: 'voyage_count' },
      denominator: { metric: 'vessel_count' },
    });
    expect(clubQuery('the ratio of fees and members').ratios?.[0]).toMatchObject({
      numerator: { metric: 'fee_count' },
      denominator: { metric: 'member_count' },
    });
  });
  it('a ratio of one figure is still refused', () => {
    expect(askFleet('what is the ratio of voyages').kind).toBe('out_of_scope');
  });
});

describe('"A as a fraction / percentage of B", "A among all B"', () => {
  it('two figures: their ratio', () => {
    expect(fleetQuery('total cargo as a fraction of total capacity').ratios?.[0]).toMatchObject({
      numerator: { metric: 'total_cargo' },
      denominator: { metric: 'total_capacity' },
    });
  });
  it('a part of one figure: its share', () => {
    // (a percentage is the fraction, shown as a percent, as a share is)
    const q = clubQuery('Gold fees as a percentage of all fees');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'fee_count', filters: [{ dimension: 'tier', op: 'eq', values: ['Gold'] }] },
      denominator: { metric: 'fee_count' },
      as: 'share',
    });
    expect(fleetQuery('the share of vessels with a Panama flag among all vessels').ratios?.[0]).toMatchObject({
      numerator: { metric: 'vessel_count', filters: [{ dimension: 'flag', values: ['Panama'] }] },
      as: 'share',
    });
  });
  it('with nothing after it, refused', () => {
    expect(askFleet('total cargo as a percentage of').kind).not.toBe('query');
  });
});

describe('a value of the thing the side measures', () => {
  it('"the tonnage of Malta" is the flag of vessels, "the berths of Malta" the country of ports', () => {
    const q = fleetQuery('ratio of the tonnage of Malta to the tonnage of Panama');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'total_tonnage', filters: [{ dimension: 'flag', values: ['Malta'] }] },
      denominator: { metric: 'total_tonnage', filters: [{ dimension: 'flag', values: ['Panama'] }] },
    });
    expect(fleetQuery('ratio of the berths of Malta to the berths of Germany').ratios?.[0]).toMatchObject({
      numerator: { filters: [{ dimension: 'port_country', values: ['Malta'] }] },
      denominator: { filters: [{ dimension: 'port_country', values: ['Germany'] }] },
    });
  });
  it('each side names its own value after its figure, on different dimensions', () => {
    const q = fleetQuery('ratio of the berths of Rotterdam to the berths of the Netherlands');
    expect(q.filters).toEqual([]);
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'total_berths', filters: [{ dimension: 'port', values: ['Rotterdam'] }] },
      denominator: { metric: 'total_berths', filters: [{ dimension: 'port_country', values: ['Netherlands'] }] },
    });
    const c = clubQuery('ratio of the fees of Gold to the fees of Basic');
    expect(c.ratios?.[0]).toMatchObject({
      numerator: { filters: [{ dimension: 'tier', values: ['Gold'] }] },
      denominator: { filters: [{ dimension: 'tier', values: ['Basic'] }] },
    });
  });
  it('a value before the first figure and one after the second stays refused (whose is the second?)', () => {
    expect(askFleet('ratio of Rotterdam berths to berths in the Netherlands').kind).toBe('out_of_scope');
  });
});

describe('"its": the thing the first side measures', () => {
  it('"vessel capacity to its tonnage for each vessel"', () => {
    const q = fleetQuery('ratio of vessel capacity to its tonnage for each vessel id');
    expect(q.ratios?.[0]).toMatchObject({ numerator: { metric: 'total_capacity' }, denominator: { metric: 'total_tonnage' } });
    expect(q.group_by).toEqual([{ dimension: 'vessel_id' }]);
  });
  it('"its" of another thing than the first side measures is refused', () => {
    expect(askFleet('ratio of vessel capacity to its berths').kind).toBe('out_of_scope');
  });
});

describe('"how does X vary across (different) Y"', () => {
  it('is X broken down by Y', () => {
    const q = fleetQuery('how does the total cargo vary across different ports');
    expect(q.metrics).toEqual(['total_cargo']);
    expect(q.group_by).toEqual([{ dimension: 'port' }]);
    const c = clubQuery('how does the fee amount differ by tier');
    expect(c.metrics).toEqual(['fee_total']);
    expect(c.group_by).toEqual([{ dimension: 'tier' }]);
  });
  it('with nothing to break down by, still refused', () => {
    expect(askFleet('how does the total cargo vary across different').kind).not.toBe('query');
  });
});

describe('a ratio broken down by a related thing', () => {
  it('counts only the rows that reach a member of the breakdown (voyages with no port belong to no country)', () => {
    const q = fleetQuery('how does the ratio of voyages to ports vary by port country');
    expect(q.group_by).toEqual([{ dimension: 'port_country' }]);
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'voyage_count', filters: [{ dimension: 'port_id', op: 'is_set', values: [] }] },
      denominator: { metric: 'port_count' },
    });
    expect(q.ratios?.[0]?.denominator.filters).toBeUndefined();
  });
  it('rows that own the dimension keep every row', () => {
    const q = clubQuery('ratio of Gold fees to Basic fees for each tier');
    expect(q.ratios?.[0]?.numerator.filters).toEqual([{ dimension: 'tier', op: 'eq', values: ['Gold'] }]);
  });
});
