/**
 * A negation before a verb that links a thing to a value of its own column: "lines that do not run
 * through X" keeps the rows whose own column is not X. Said of related rows ("depots that did not
 * dispatch line X": members with none) no filter says it, and the question stays refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const transport = SemanticModelSchema.parse({
  name: 'transport',
  entities: [
    { name: 'bus_line', table: 'bus_line', primary_key: 'id', synonyms: ['bus lines', 'lines', 'line'] },
    { name: 'depot', table: 'depot', primary_key: 'id', synonyms: ['depots'] },
  ],
  relationships: [{ from: 'bus_line', to: 'depot', on: [['depot_id', 'id']] }],
  dimensions: [
    { name: 'bus_line', entity: 'bus_line', sql: '${TABLE}.name', label: 'Bus line', index_values: true },
    { name: 'route', entity: 'bus_line', sql: '${TABLE}.route', label: 'Route', index_values: true },
    { name: 'depot', entity: 'depot', sql: '${TABLE}.name', label: 'Depot', index_values: true },
  ],
  measures: [
    { name: 'bus_line_count', entity: 'bus_line', agg: 'count', label: 'Bus lines', time_bound: false },
    { name: 'depot_count', entity: 'depot', agg: 'count', label: 'Depots', time_bound: false },
  ],
});
const transportValues = new Map([
  ['bus_line', ['Orbital', 'Crosstown']],
  ['route', ['Northgate,Millbrook', 'Harbourside']],
  ['depot', ['Eastfield']],
]);

const hiking = SemanticModelSchema.parse({
  name: 'hiking',
  entities: [{ name: 'trail', table: 'trail', primary_key: 'trail_id', synonyms: ['trails'] }],
  dimensions: [
    { name: 'trail', entity: 'trail', sql: '${TABLE}.trail_name', label: 'Trail', index_values: true },
    { name: 'region', entity: 'trail', sql: '${TABLE}.region', label: 'Region', index_values: true },
  ],
  measures: [{ name: 'trail_count', entity: 'trail', agg: 'count', label: 'Trails', time_bound: false }],
});
const hikingValues = new Map([
  ['trail', ['Ridge Walk', 'Falls Loop']],
  ['region', ['Upper Dale', 'Coastal Moor']],
]);

const ask = (model: typeof hiking, values: Map<string, string[]>, q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

describe("a negation before a verb of the thing's own column", () => {
  it('lists the bus lines whose route is not the one named', () => {
    const r = ask(transport, transportValues, 'which lines do not run through Northgate,Millbrook');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.group_by).toEqual([{ dimension: 'bus_line' }]);
    expect(r.query.filters).toEqual([{ dimension: 'route', op: 'ne', values: ['Northgate,Millbrook'] }]);
  });

  it('counts the trails that do not cross a region', () => {
    const r = ask(hiking, hikingValues, 'how many trails do not cross Upper Dale');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual(['trail_count']);
    expect(r.query.filters).toEqual([{ dimension: 'region', op: 'ne', values: ['Upper Dale'] }]);
  });

  it('reads the same verb without the negation as the value itself', () => {
    const r = ask(hiking, hikingValues, 'which trails go through Coastal Moor');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.filters).toEqual([{ dimension: 'region', op: 'eq', values: ['Coastal Moor'] }]);
  });

  it('refuses a negated verb of related rows (members with none of them, which no filter says)', () => {
    expect(ask(transport, transportValues, 'which depots do not dispatch Orbital').kind).not.toBe('query');
  });
});
