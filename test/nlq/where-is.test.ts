/**
 * "where is <a member named>": the member (its key and name) with where it is: its own columns of
 * place (town, county, country, address) and every column of a table of places holding one row per
 * member (a "location" keyed by the member's key). Two small models of our own: cafes with a location
 * table, and hill forts with their own columns of place.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const cafes = SemanticModelSchema.parse({
  name: 'cafes',
  entities: [
    { name: 'cafe', table: 'cafe', primary_key: 'id', synonyms: ['cafes'] },
    { name: 'location', table: 'location', primary_key: 'cafe_id', synonyms: ['locations'] },
    { name: 'visit', table: 'visit', primary_key: 'id', synonyms: ['visits'] },
  ],
  relationships: [
    { from: 'location', to: 'cafe', on: [['cafe_id', 'id']] },
    { from: 'visit', to: 'cafe', on: [['cafe_id', 'id']] },
  ],
  dimensions: [
    { name: 'cafe_id', entity: 'cafe', sql: '${TABLE}.id', label: 'Cafe id' },
    { name: 'cafe_name', entity: 'cafe', sql: '${TABLE}.name', label: 'Cafe name', index_values: true },
    { name: 'speciality', entity: 'cafe', sql: '${TABLE}.speciality', label: 'Speciality', index_values: true },
    { name: 'location_id', entity: 'location', sql: '${TABLE}.cafe_id', label: 'Location id' },
    { name: 'door_number', entity: 'location', sql: '${TABLE}.door_number', label: 'Door number' },
    { name: 'street', entity: 'location', sql: '${TABLE}.street', label: 'Street', index_values: true },
    { name: 'town', entity: 'location', sql: '${TABLE}.town', label: 'Town', index_values: true },
  ],
  measures: [
    { name: 'cafe_count', entity: 'cafe', agg: 'count', label: 'Cafes', time_bound: false },
    { name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', time_bound: false },
  ],
});
const cafeValues = new Map([
  ['cafe_name', ['The Copper Kettle', 'Bean There']],
  ['speciality', ['espresso', 'matcha']],
  ['street', ['Mill Lane', 'Quay Street']],
  ['town', ['Amblecote', 'Fenwick']],
]);

const forts = SemanticModelSchema.parse({
  name: 'forts',
  entities: [{ name: 'fort', table: 'fort', primary_key: 'id', synonyms: ['forts', 'hill forts'] }],
  dimensions: [
    { name: 'fort_id', entity: 'fort', sql: '${TABLE}.id', label: 'Fort id' },
    { name: 'fort', entity: 'fort', sql: '${TABLE}.name', label: 'Fort', index_values: true },
    { name: 'county', entity: 'fort', sql: '${TABLE}.county', label: 'County', index_values: true },
    { name: 'country', entity: 'fort', sql: '${TABLE}.country', label: 'Country', index_values: true },
    { name: 'period', entity: 'fort', sql: '${TABLE}.period', label: 'Period', index_values: true },
  ],
  measures: [
    { name: 'fort_count', entity: 'fort', agg: 'count', label: 'Forts', time_bound: false },
    { name: 'area', entity: 'fort', agg: 'sum', sql: '${TABLE}.area_ha', label: 'Area', time_bound: false },
  ],
});
const fortValues = new Map([
  ['fort', ['Caer Dinas', 'Maiden Knoll']],
  ['county', ['Powys', 'Dorset']],
  ['country', ['Wales', 'England']],
  ['period', ['Iron Age', 'Bronze Age']],
]);

function ask(model: SemanticModel, values: Map<string, string[]>, q: string): SemanticQuery {
  const r = interpret(q, { model, values, asOf: '2024-06-30' });
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return r.query;
}
const refused = (model: SemanticModel, values: Map<string, string[]>, q: string) =>
  expect(interpret(q, { model, values, asOf: '2024-06-30' }).kind, q).not.toBe('query');
const columns = (q: SemanticQuery) => q.group_by.map((g) => g.dimension);

describe('"where is <a member named>" lists the member with where it is', () => {
  it('a cafe: its location, one row per cafe in a table of places', () => {
    for (const q of ['where is The Copper Kettle?', 'Where is Bean There in Fenwick']) {
      const query = ask(cafes, cafeValues, q);
      expect(query.metrics, q).toEqual([]);
      expect(columns(query), q).toEqual(['cafe_id', 'cafe_name', 'door_number', 'street', 'town']);
      expect(query.filters[0], q).toMatchObject({ dimension: 'cafe_name', op: 'eq' });
    }
    const some = ask(cafes, cafeValues, 'where is a cafe located on Mill Lane');
    expect(columns(some)).toEqual(['cafe_id', 'cafe_name', 'door_number', 'street', 'town']);
    expect(some.filters.map((f) => f.dimension)).toContain('street');
  });
  it('a hill fort: its own columns of place', () => {
    for (const q of ['where is Caer Dinas', 'Where is Maiden Knoll?']) {
      const query = ask(forts, fortValues, q);
      expect(columns(query), q).toEqual(['fort_id', 'fort', 'county', 'country']);
      expect(query.filters, q).toEqual([{ dimension: 'fort', op: 'eq', values: [expect.any(String)] }]);
    }
    expect(columns(ask(forts, fortValues, 'where are the Iron Age forts'))).toEqual(['fort_id', 'fort', 'county', 'country']);
  });
  it('neighbouring readings stay refused', () => {
    // nothing picks the members: which places have some, or each one's place?
    refused(forts, fortValues, 'where are forts');
    // visits have no place of their own
    refused(cafes, cafeValues, 'where is the visit of Bean There');
    // a thing with no column of place
    refused(cafes, cafeValues, 'where are the visits of Bean There');
  });
});
