/**
 * "the highest point in the province of Lowfen": a thing in the singular, "of", and a member of its own
 * name says which member the value is. It is no count of those things beside another thing's column.
 * "the province with the capital Marsby": a column of its own said with its value does the same. A value of
 * another of its columns ("the province of Harbour Street") is no member, and stays unread.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const atlas = SemanticModelSchema.parse({
  name: 'atlas',
  entities: [
    { name: 'province', table: 'province', primary_key: 'id', synonyms: ['provinces'] },
    { name: 'relief', table: 'relief', primary_key: 'id' },
  ],
  relationships: [{ from: 'relief', to: 'province', on: [['province_id', 'id']] }],
  dimensions: [
    { name: 'province', entity: 'province', sql: '${TABLE}.name', label: 'Province', index_values: true },
    { name: 'seat_street', entity: 'province', sql: '${TABLE}.seat_street', label: 'Seat street', index_values: true },
    { name: 'capital', entity: 'province', sql: '${TABLE}.capital', label: 'Capital', index_values: true },
    { name: 'highest_point', entity: 'relief', sql: '${TABLE}.highest_point', label: 'Highest point', index_values: true },
  ],
  measures: [{ name: 'province_count', entity: 'province', agg: 'count', label: 'Provinces', time_bound: false }],
});
const atlasValues = new Map([
  ['province', ['Lowfen', 'Northmark']],
  ['seat_street', ['Harbour Street']],
  ['capital', ['Port Ellin', 'Marsby']],
  ['highest_point', ['Crag Top']],
]);

const parks = SemanticModelSchema.parse({
  name: 'parks',
  entities: [
    { name: 'park', table: 'park', primary_key: 'id', synonyms: ['parks'] },
    { name: 'trail', table: 'trail', primary_key: 'id', synonyms: ['trails'] },
  ],
  relationships: [{ from: 'trail', to: 'park', on: [['park_id', 'id']] }],
  dimensions: [
    { name: 'park', entity: 'park', sql: '${TABLE}.name', label: 'Park', index_values: true },
    { name: 'warden', entity: 'park', sql: '${TABLE}.warden', label: 'Warden', index_values: true },
    { name: 'trailhead', entity: 'trail', sql: '${TABLE}.trailhead', label: 'Trailhead', index_values: true },
  ],
  measures: [
    { name: 'park_count', entity: 'park', agg: 'count', label: 'Parks', time_bound: false },
    { name: 'trail_count', entity: 'trail', agg: 'count', label: 'Trails', time_bound: false },
  ],
});
const parkValues = new Map([
  ['park', ['Greenmoor', 'Ashdale']],
  ['trailhead', ['Mill Gate']],
  ['warden', ['Ruth Acland']],
]);

const ask = (model: typeof atlas, values: Map<string, string[]>, q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

describe('"the <thing> of <member>"', () => {
  it('names the province whose highest point is asked', () => {
    const r = ask(atlas, atlasValues, 'what is the highest point in the province of Lowfen');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual([]);
    expect(r.query.group_by).toEqual([{ dimension: 'highest_point' }]);
    expect(r.query.filters).toEqual([{ dimension: 'province', op: 'eq', values: ['Lowfen'] }]);
  });

  it('names the park whose trailheads are asked', () => {
    const r = ask(parks, parkValues, 'list the trailheads in the park of Ashdale');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual([]);
    expect(r.query.group_by).toEqual([{ dimension: 'trailhead' }]);
    expect(r.query.filters).toEqual([{ dimension: 'park', op: 'eq', values: ['Ashdale'] }]);
  });

  it('names the province by its capital', () => {
    const r = ask(atlas, atlasValues, 'what is the highest point in the province with the capital Marsby');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual([]);
    expect(r.query.group_by).toEqual([{ dimension: 'highest_point' }]);
    expect(r.query.filters).toEqual([{ dimension: 'capital', op: 'eq', values: ['Marsby'] }]);
  });

  it('names the park by its warden', () => {
    const r = ask(parks, parkValues, 'list the trailheads in the park with warden Ruth Acland');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.group_by).toEqual([{ dimension: 'trailhead' }]);
    expect(r.query.filters).toEqual([{ dimension: 'warden', op: 'eq', values: ['Ruth Acland'] }]);
  });

  it('reads no column of the thing said with a value of another', () => {
    expect(ask(atlas, atlasValues, 'what is the highest point in the province with the capital Harbour Street').kind).not.toBe('query');
  });

  it('reads no member in a value of another of its columns', () => {
    expect(ask(atlas, atlasValues, 'what is the highest point in the province of Harbour Street').kind).not.toBe('query');
  });
});
