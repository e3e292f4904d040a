/**
 * A word that makes up several stored values of one category, always in the same place, reads as
 * the rows whose value has it there ("JUMBO containers" = containers starting JUMBO; "brass parts" =
 * part types ending BRASS). Weak: it needs capitals, or its column or its thing named beside it.
 * Never a thing's name, free text or a function word. Two vocabularies: TPC-H and a garden centre.
 * The SQL each reading compiles to is checked against hand-written SQL on a real DuckDB.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { ask, q } from './helpers.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

const garden = SemanticModelSchema.parse({
  name: 'garden',
  entities: [{ name: 'plant', table: 'plants', primary_key: 'id', synonyms: ['plants'] }],
  dimensions: [
    { name: 'plant', entity: 'plant', sql: '${TABLE}.name', label: 'Plant', index_values: true },
    { name: 'plant_type', entity: 'plant', sql: '${TABLE}.kind', label: 'Plant type', synonyms: ['type', 'kind'], index_values: true },
  ],
  measures: [
    { name: 'plant_count', entity: 'plant', agg: 'count', label: 'Plants', synonyms: ['number of plants'] },
    { name: 'stock', entity: 'plant', agg: 'sum', sql: '${TABLE}.stock', label: 'Stock', synonyms: ['stock', 'units in stock'] },
  ],
});
const gardenValues = new Map([
  ['plant', ['Red Rambler', 'Iceberg', 'Golden Climber', 'Boston Ivy']],
  ['plant_type', ['Climbing Rose', 'Shrub Rose', 'Tea Rose', 'Climbing Ivy', 'Ground Cover']],
]);
const tables = duckdbTables(`
  CREATE TABLE plants (id INTEGER, name VARCHAR, kind VARCHAR, stock INTEGER);
  INSERT INTO plants VALUES (1, 'Red Rambler', 'Climbing Rose', 5), (2, 'Iceberg', 'Shrub Rose', 7), (3, 'Golden Climber', 'Tea Rose', 2),
    (4, 'Boston Ivy', 'Climbing Ivy', 11), (5, 'Moss', 'Ground Cover', 3), (6, 'Primrose', 'Primrose', 4);
`);
const askGarden = (question: string) => interpret(question, { model: garden, values: gardenValues, asOf: '2024-06-26' });
const gardenQuery = (question: string) => {
  const r = askGarden(question);
  if (r.kind !== 'query') throw new Error(`${question}: ${r.kind} ${r.reason}`);
  return r.query;
};

describe('a word of several category values', () => {
  it('TPC-H: the first or last word of part types and containers', () => {
    expect(q('revenue of the STANDARD parts in 1996').filters).toContainEqual({
      dimension: 'part_type',
      op: 'starts_with',
      values: ['STANDARD '],
    });
    expect(q('units sold of tin parts').filters).toContainEqual({ dimension: 'part_type', op: 'ends_with', values: [' TIN'] });
    expect(q('number of line items in WRAP containers').filters).toContainEqual({
      dimension: 'container',
      op: 'starts_with',
      values: ['WRAP '],
    });
    // negated: the rows without it
    expect(q('revenue of parts that are not ECONOMY').filters).toContainEqual({
      dimension: 'part_type',
      op: 'not_starts_with',
      values: ['ECONOMY '],
    });
  });

  it('a garden centre: roses and climbing plants, counted on real rows', async () => {
    const roses = gardenQuery('stock of rose plants');
    expect(roses.filters).toEqual([{ dimension: 'plant_type', op: 'ends_with', values: [' ROSE'] }]);
    expect(gardenQuery('number of Climbing plants').filters).toEqual([
      { dimension: 'plant_type', op: 'starts_with', values: ['CLIMBING '] },
    ]);
    await expectSameRows(
      tables,
      garden,
      'stock of rose plants',
      askGarden('stock of rose plants'),
      "SELECT SUM(stock) FROM plants WHERE kind ILIKE '% rose'",
    );
    await expectSameRows(
      tables,
      garden,
      'number of Climbing plants',
      askGarden('number of Climbing plants'),
      "SELECT COUNT(*) FROM plants WHERE kind ILIKE 'climbing %'",
    );
  });

  it('a weak word alone, a word of names or in two places is not read as a category', () => {
    // lower case, with neither its column nor its thing beside it
    expect(askGarden('stock of rose').kind).not.toBe('query');
    // "Golden", "Boston": words of the plants' own names
    expect(askGarden('stock of Boston plants').kind).not.toBe('query');
    // "ivy" is last in one value only
    expect(askGarden('stock of ivy plants').kind).not.toBe('query');
    expect(ask('revenue of shiny parts').kind).not.toBe('query');
  });
});
