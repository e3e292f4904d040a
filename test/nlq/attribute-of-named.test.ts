/**
 * What a named member has: "the hashtags of <an album's title>", "the label of <an album>", "the
 * release year of <an album>". The answer is the asked thing (or the member's own date) of the rows the
 * named value selects. Two small models of our own: a record shop (albums on labels, tagged with
 * hashtags through a linking table) and a walking club (routes with waypoints, each route led by a
 * guide, a route's start and finish towns two foreign keys to one table).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { lemmas } from '../../src/nlq/text.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const shop = SemanticModelSchema.parse({
  name: 'records',
  entities: [
    { name: 'album', table: 'album', primary_key: 'id', synonyms: ['albums'] },
    { name: 'label', table: 'label', primary_key: 'id', synonyms: ['labels'] },
    { name: 'hashtag', table: 'hashtag', primary_key: 'id', synonyms: ['hashtags'] },
    { name: 'album_hashtag', table: 'album_hashtag', primary_key: 'id' },
  ],
  relationships: [
    { from: 'album', to: 'label', on: [['label_id', 'id']] },
    { from: 'album_hashtag', to: 'album', on: [['album_id', 'id']] },
    { from: 'album_hashtag', to: 'hashtag', on: [['hashtag_id', 'id']] },
  ],
  dimensions: [
    { name: 'album_id', entity: 'album', sql: '${TABLE}.id', label: 'Album id' },
    { name: 'album', entity: 'album', sql: '${TABLE}.title', label: 'Album', index_values: true },
    { name: 'label_id', entity: 'label', sql: '${TABLE}.id', label: 'Label id' },
    { name: 'label', entity: 'label', sql: '${TABLE}.name', label: 'Label', index_values: true },
    { name: 'hashtag_id', entity: 'hashtag', sql: '${TABLE}.id', label: 'Hashtag id' },
    { name: 'hashtag', entity: 'hashtag', sql: '${TABLE}.text', label: 'Hashtag', index_values: true },
  ],
  time_dimensions: [{ name: 'release_year', entity: 'album', sql: '${TABLE}.released', grains: ['year'], label: 'Release year' }],
  measures: [
    { name: 'album_count', entity: 'album', agg: 'count', label: 'Albums', time_bound: false },
    { name: 'label_count', entity: 'label', agg: 'count', label: 'Labels', time_bound: false },
    { name: 'hashtag_count', entity: 'hashtag', agg: 'count', label: 'Hashtags', time_bound: false },
  ],
});
const shopValues = new Map([
  ['album', ['Salt and Iron', 'Night Ferry']],
  ['label', ['Harbour Sound', 'Copperleaf']],
  ['hashtag', ['folk', 'ambient']],
]);

const club = SemanticModelSchema.parse({
  name: 'walks',
  entities: [
    { name: 'route', table: 'route', primary_key: 'id', synonyms: ['routes'] },
    { name: 'guide', table: 'guide', primary_key: 'id', synonyms: ['guides'] },
    { name: 'town', table: 'town', primary_key: 'id', synonyms: ['towns'] },
    { name: 'waypoint', table: 'waypoint', primary_key: 'id', synonyms: ['waypoints'] },
  ],
  relationships: [
    { from: 'route', to: 'guide', on: [['guide_id', 'id']] },
    { from: 'route', to: 'town', on: [['start_town_id', 'id']] },
    { from: 'route', to: 'town', on: [['finish_town_id', 'id']] },
    { from: 'waypoint', to: 'route', on: [['route_id', 'id']] },
  ],
  dimensions: [
    { name: 'route_id', entity: 'route', sql: '${TABLE}.id', label: 'Route id' },
    { name: 'route', entity: 'route', sql: '${TABLE}.name', label: 'Route', index_values: true },
    { name: 'guide_id', entity: 'guide', sql: '${TABLE}.id', label: 'Guide id' },
    { name: 'guide', entity: 'guide', sql: '${TABLE}.name', label: 'Guide', index_values: true },
    { name: 'town_id', entity: 'town', sql: '${TABLE}.id', label: 'Town id' },
    { name: 'town', entity: 'town', sql: '${TABLE}.name', label: 'Town', index_values: true },
    { name: 'waypoint_id', entity: 'waypoint', sql: '${TABLE}.id', label: 'Waypoint id' },
    { name: 'waypoint', entity: 'waypoint', sql: '${TABLE}.label', label: 'Waypoint', index_values: true },
  ],
  time_dimensions: [{ name: 'opened', entity: 'route', sql: '${TABLE}.opened_on', grains: ['day', 'year'], label: 'Opened' }],
  measures: [
    { name: 'route_count', entity: 'route', agg: 'count', label: 'Routes', time_bound: false },
    { name: 'guide_count', entity: 'guide', agg: 'count', label: 'Guides', time_bound: false },
    { name: 'town_count', entity: 'town', agg: 'count', label: 'Towns', time_bound: false },
    { name: 'waypoint_count', entity: 'waypoint', agg: 'count', label: 'Waypoints', time_bound: false },
  ],
});
const clubValues = new Map([
  ['route', ['Coastal Ridge', 'Old Drove Road']],
  ['guide', ['Mara Quint', 'Olek Rhys']],
  ['town', ['Amblecote', 'Fenwick']],
  ['waypoint', ['Stone Stile', 'Kiln Bridge']],
]);

function ask(model: SemanticModel, values: Map<string, string[]>, q: string): SemanticQuery {
  const r = interpret(q, { model, values, asOf: '2024-06-30' });
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return r.query;
}
const refused = (model: SemanticModel, values: Map<string, string[]>, q: string) =>
  expect(interpret(q, { model, values, asOf: '2024-06-30' }).kind, q).not.toBe('query');

describe('a compound noun in the plural is plural', () => {
  it('its last part a plural of common English', () => {
    for (const [w, one] of [
      ['hashtags', 'hashtag'],
      ['waypoints', 'waypoint'],
      ['keyphrases', 'keyphrase'],
    ])
      expect(lemmas(w)[0]).toBe(one);
    // words the lemmatiser keeps as they are stay so
    for (const w of ['status', 'series', 'news']) expect(lemmas(w)[0]).toBe(w);
  });
  it('"the hashtags of <album>", "the waypoints of <route>": the related things of the member named', () => {
    expect(ask(shop, shopValues, 'return me the hashtags of "Night Ferry"')).toMatchObject({
      metrics: [],
      group_by: [{ dimension: 'hashtag_id' }, { dimension: 'hashtag' }],
      filters: [
        { dimension: 'album', op: 'eq', values: ['Night Ferry'] },
        { dimension: 'hashtag_id', op: 'is_set' },
      ],
    });
    expect(ask(club, clubValues, 'list the waypoints of Coastal Ridge')).toMatchObject({
      metrics: [],
      group_by: [{ dimension: 'waypoint_id' }, { dimension: 'waypoint' }],
      filters: [{ dimension: 'route', op: 'eq', values: ['Coastal Ridge'] }],
    });
    expect(ask(club, clubValues, 'how many waypoints does Coastal Ridge have')).toMatchObject({
      metrics: ['waypoint_count'],
      filters: [{ dimension: 'route', op: 'eq', values: ['Coastal Ridge'] }],
    });
  });
});

describe('"the <thing> of <a member it is referred to by>" is the one thing the member refers to', () => {
  it('a label of an album, a guide of a route', () => {
    for (const q of ['what is the label of "Salt and Iron"?', 'return me the label of Salt and Iron'])
      expect(ask(shop, shopValues, q)).toMatchObject({
        metrics: [],
        group_by: [{ dimension: 'label_id' }, { dimension: 'label' }],
        filters: [
          { dimension: 'album', op: 'eq', values: ['Salt and Iron'] },
          { dimension: 'label_id', op: 'is_set' },
        ],
      });
    expect(ask(club, clubValues, 'who is the guide of Old Drove Road')).toMatchObject({
      metrics: [],
      group_by: [{ dimension: 'guide_id' }, { dimension: 'guide' }],
      filters: [
        { dimension: 'route', op: 'eq', values: ['Old Drove Road'] },
        { dimension: 'guide_id', op: 'is_set' },
      ],
    });
  });
  it('the member\'s own date: "the release year of <album>", "the year of <route>"', () => {
    expect(ask(shop, shopValues, 'what is the release year of Night Ferry')).toMatchObject({
      metrics: [],
      group_by: [{ dimension: 'release_year', grain: 'year' }],
      filters: [{ dimension: 'album', op: 'eq', values: ['Night Ferry'] }],
    });
    expect(ask(club, clubValues, 'return me the opened of "Coastal Ridge"')).toMatchObject({
      group_by: [{ dimension: 'opened', grain: 'day' }],
      filters: [{ dimension: 'route', op: 'eq', values: ['Coastal Ridge'] }],
    });
  });
  it('neighbouring readings stay refused', () => {
    // a route refers to towns by two keys (start, finish): which town is not said
    refused(club, clubValues, 'what is the town of Coastal Ridge');
    // a hashtag is no one thing an album refers to (many, through a linking table)
    refused(shop, shopValues, 'what is the hashtag of Night Ferry');
    // a label is not referred to by a hashtag
    refused(shop, shopValues, 'what is the label of folk');
    // a label has no date of its own
    refused(shop, shopValues, 'what is the release year of Copperleaf');
  });
});
