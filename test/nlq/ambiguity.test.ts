/**
 * Two complete readings that give different queries are refused, naming both; the dimension named
 * next to the value chooses between them. A small music-store model where "Rock" is both a genre
 * and a playlist.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'music',
  entities: [
    { name: 'invoice_line', table: 'invoice_line', primary_key: 'id' },
    { name: 'track', table: 'track', primary_key: 'id' },
    { name: 'playlist', table: 'playlist', primary_key: 'id' },
  ],
  relationships: [
    { from: 'invoice_line', to: 'track', on: [['track_id', 'id']] },
    { from: 'track', to: 'playlist', on: [['playlist_id', 'id']] },
  ],
  dimensions: [
    { name: 'genre', entity: 'track', sql: '${TABLE}.genre', label: 'Genre', index_values: true },
    { name: 'playlist', entity: 'playlist', sql: '${TABLE}.name', label: 'Playlist', index_values: true },
  ],
  time_dimensions: [{ name: 'invoice_date', entity: 'invoice_line', sql: '${TABLE}.invoice_date', label: 'Invoice date' }],
  measures: [
    {
      name: 'sales',
      entity: 'invoice_line',
      agg: 'sum',
      sql: '${TABLE}.unit_price * ${TABLE}.quantity',
      label: 'Sales',
      time_dimension: 'invoice_date',
    },
  ],
  defaults: { time_dimension: 'invoice_date', ranking_metric: 'sales' },
});
const values = new Map([
  ['genre', ['Rock', 'Jazz', 'Blues']],
  ['playlist', ['Rock', 'Classical', 'Grunge']],
]);
const ask = (q: string) => interpret(q, { model, values, asOf: '2013-12-22' });

describe('competing readings', () => {
  it('a value of two dimensions, with nothing to choose, is refused naming both readings', () => {
    const r = ask('sales of Rock in 2012');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') {
      expect(r.reason).toMatch(/Two readings compete/);
      expect(r.reason).toMatch(/genre/);
      expect(r.reason).toMatch(/playlist/);
    }
  });
  it('the dimension named next to the value chooses', () => {
    for (const [q, dim] of [
      ['sales of the Rock genre in 2012', 'genre'],
      ['sales for the Rock playlist in 2012', 'playlist'],
    ] as const) {
      const r = ask(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.filters, q).toEqual([{ dimension: dim, op: 'eq', values: ['Rock'] }]);
    }
  });
  it('a value of one dimension needs no choice', () => {
    const r = ask('sales of Jazz in 2012');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.filters).toEqual([{ dimension: 'genre', op: 'eq', values: ['Jazz'] }]);
  });
});

describe('a count names what it counts', () => {
  const counting = SemanticModelSchema.parse({
    ...model,
    measures: [
      ...model.measures,
      { name: 'track_count', entity: 'track', agg: 'count', label: 'Tracks', synonyms: ['number of tracks'] },
      { name: 'playlist_count', entity: 'playlist', agg: 'count', label: 'Playlists', synonyms: ['number of playlists'] },
    ],
  });
  it('"number of tracks per playlist" counts tracks, not playlists', () => {
    const r = interpret('number of tracks per playlist', { model: counting, values, asOf: '2013-12-22' });
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query).toMatchObject({ metrics: ['track_count'], group_by: [{ dimension: 'playlist' }] });
  });
});
