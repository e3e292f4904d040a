/**
 * A ratio broken down by members: each side's rows must reach the member to-one. "orders to customers for
 * each part" (orders reach a part only through their lines) counted the orders with a line of it over the
 * customers who ordered it, a reading nobody asked for; "... for each tag of shops" (tags are rows of their
 * own per shop) was read as a breakdown by shop with the tags' count beside the ratio. Both are refused now.
 * TPC-H and a small model of our own (shops, their tags and their visits).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { ask } from './helpers.js';

const shops = SemanticModelSchema.parse({
  name: 'shops',
  entities: [
    { name: 'shop', table: 'shops', primary_key: 'id', synonyms: ['shops'] },
    { name: 'tag', table: 'tags', primary_key: 'id', synonyms: ['tags'] },
    { name: 'visit', table: 'visits', primary_key: 'id', synonyms: ['visits'] },
  ],
  relationships: [
    { from: 'tag', to: 'shop', on: [['shop_id', 'id']] },
    { from: 'visit', to: 'shop', on: [['shop_id', 'id']] },
  ],
  dimensions: [
    { name: 'shop_name', entity: 'shop', sql: '${TABLE}.name', label: 'Shop' },
    { name: 'tag_label', entity: 'tag', sql: '${TABLE}.label', label: 'Tag label' },
    { name: 'rating', entity: 'visit', sql: '${TABLE}.rating', type: 'number', label: 'Rating' },
  ],
  time_dimensions: [{ name: 'visited_on', entity: 'visit', sql: '${TABLE}.visited_on', label: 'Visit date' }],
  measures: [
    { name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', time_dimension: 'visited_on' },
    { name: 'tag_count', entity: 'tag', agg: 'count', label: 'Tags' },
    { name: 'shop_count', entity: 'shop', agg: 'count', label: 'Shops' },
  ],
  defaults: { time_dimension: 'visited_on' },
});
const shopValues = new Map<string, string[]>();
const askShops = (question: string) => interpret(question, { model: shops, values: shopValues, asOf: '2024-06-30' });

describe('a ratio broken down by members', () => {
  it('is read when both sides reach the member to-one', () => {
    expect(ask('ratio of orders to customers for each region')).toMatchObject({
      kind: 'query',
      query: { group_by: [{ dimension: 'region' }] },
    });
    expect(askShops('ratio of visits with rating above 3 to visits with rating below 3 for each shop')).toMatchObject({
      kind: 'query',
      query: { group_by: [{ dimension: 'shop_name' }] },
    });
  });

  it('is refused when a side reaches the member only through related rows (was: an answer)', () => {
    expect(ask('ratio of orders to customers for each part').kind).toBe('out_of_scope');
    expect(askShops('ratio of visits with rating above 3 to all visits for each tag label').kind).toBe('out_of_scope');
  });

  it("is refused beside another figure read from the breakdown's words (was: the tags' count beside a ratio by shop)", () => {
    const r = askShops('ratio of visits with rating above 3 to visits with rating below 3 for each tag of shops');
    expect(r).toMatchObject({ kind: 'out_of_scope', reason: expect.stringContaining('beside tags') });
  });
});
