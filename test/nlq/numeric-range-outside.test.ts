/**
 * A numeric range negated ("not between 2 and 4", "outside floors 2 to 4") keeps the rows on either
 * side of it: below the low end or above the high end, both ends excluded. Two vocabularies: TPC-H
 * part sizes and a hotel's rooms by floor, the second checked on a real DuckDB.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { q } from './helpers.js';

const hotel = SemanticModelSchema.parse({
  name: 'hotel',
  entities: [{ name: 'room', table: 'rooms', primary_key: 'id', synonyms: ['rooms'] }],
  dimensions: [{ name: 'floor', entity: 'room', sql: '${TABLE}.floor', type: 'number', label: 'Floor', synonyms: ['floors', 'level'] }],
  measures: [
    { name: 'room_count', entity: 'room', agg: 'count', label: 'Rooms', synonyms: ['number of rooms'] },
    { name: 'beds', entity: 'room', agg: 'sum', sql: '${TABLE}.beds', label: 'Beds', synonyms: ['beds'] },
  ],
});
const tables = duckdbTables(`
  CREATE TABLE rooms (id INTEGER, floor INTEGER, beds INTEGER);
  INSERT INTO rooms VALUES (1, 1, 2), (2, 2, 1), (3, 3, 2), (4, 4, 3), (5, 5, 2), (6, 7, 4);
`);
const askHotel = (question: string) => interpret(question, { model: hotel, values: new Map(), asOf: '2024-06-26' });

describe('a numeric range negated', () => {
  it('TPC-H: part sizes outside a range, said two ways', () => {
    for (const question of ['gross sales of parts outside sizes 5 to 20', 'gross sales of parts with a size not between 5 and 20']) {
      const query = q(question);
      expect(query.filters).toEqual([]);
      expect(query.any_of?.[0]?.filters).toEqual([
        { dimension: 'part_size', op: 'lt', values: [5] },
        { dimension: 'part_size', op: 'gt', values: [20] },
      ]);
    }
    expect(q('gross sales of parts with a size between 5 and 20').filters).toEqual([
      { dimension: 'part_size', op: 'between', values: [5, 20] },
    ]);
  });

  it('a hotel: beds in rooms outside floors 2 to 4, on real rows', async () => {
    await expectSameRows(
      tables,
      hotel,
      'beds in rooms outside floors 2 to 4',
      askHotel('beds in rooms outside floors 2 to 4'),
      'SELECT SUM(beds) FROM rooms WHERE floor < 2 OR floor > 4',
    );
    await expectSameRows(
      tables,
      hotel,
      'number of rooms with a floor not between 2 and 4',
      askHotel('number of rooms with a floor not between 2 and 4'),
      'SELECT COUNT(*) FROM rooms WHERE NOT floor BETWEEN 2 AND 4',
    );
  });
});
