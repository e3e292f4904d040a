/**
 * A column whose name repeats its table's name (`peak.peak_elevation`, `line.line_length`) is called by
 * the rest of it ("the elevation of Scar Pike", "the lengths of the lines"), when no other element is
 * called so; two tables with such a column leave the word unread.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const withColumn = (thing: string, plural: string, column: string, extra: object[] = [], extraMeasures: object[] = []) =>
  SemanticModelSchema.parse({
    name: plural,
    entities: [{ name: thing, table: thing, primary_key: 'id', synonyms: [plural] }, ...extra],
    dimensions: [{ name: thing, entity: thing, sql: '${TABLE}.name', label: thing, index_values: true }],
    measures: [
      { name: `${thing}_count`, entity: thing, agg: 'count', label: plural, time_bound: false },
      {
        name: `average_${thing}_${column}`,
        entity: thing,
        agg: 'avg',
        sql: `\${TABLE}.${thing}_${column}`,
        label: `Average ${thing} ${column}`,
        synonyms: [`${thing} ${column}`],
        time_bound: false,
      },
      {
        name: `max_${thing}_${column}`,
        entity: thing,
        agg: 'max',
        sql: `\${TABLE}.${thing}_${column}`,
        label: `Highest ${thing} ${column}`,
        time_bound: false,
      },
      ...extraMeasures,
    ],
  });
const peaks = withColumn('peak', 'peaks', 'elevation');
const lines = withColumn('line', 'lines', 'length');
const huts = withColumn(
  'peak',
  'peaks',
  'elevation',
  [{ name: 'hut', table: 'hut', primary_key: 'id', synonyms: ['huts'] }],
  [
    {
      name: 'average_hut_elevation',
      entity: 'hut',
      agg: 'avg',
      sql: '${TABLE}.hut_elevation',
      label: 'Average hut elevation',
      time_bound: false,
    },
  ],
);

const ask = (model: typeof peaks, values: Map<string, string[]>, q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

describe('a column named after its table', () => {
  it('ranks the peaks by their elevation', () => {
    const r = ask(peaks, new Map([['peak', ['Scar Pike']]]), 'which peak has the highest elevation');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual(['max_peak_elevation']);
    expect(r.query.group_by).toEqual([{ dimension: 'peak' }]);
  });

  it('averages the lengths of the lines', () => {
    const r = ask(lines, new Map([['line', ['Orbital']]]), 'what is the average length of lines');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual(['average_line_length']);
  });

  it('leaves the word unread when two tables have such a column', () => {
    expect(ask(huts, new Map([['peak', ['Scar Pike']]]), 'what is the average elevation').kind).not.toBe('query');
  });
});
