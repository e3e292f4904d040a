/**
 * "the average price of products": a figure followed by "of <thing>" is the thing's own figure when
 * the thing holds the same aggregate of a column of that name, not the figure of the rows that
 * relate to it (its order lines' prices) which the bare phrase names. Two vocabularies of our own: a
 * shop (order lines and products both priced) and a shipping line (voyages and vessels both weighed).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const shop = SemanticModelSchema.parse({
  name: 'shop',
  entities: [
    { name: 'product', table: 'product', primary_key: 'id', synonyms: ['products'] },
    { name: 'order_line', table: 'order_line', primary_key: 'id', synonyms: ['order lines'] },
  ],
  relationships: [{ from: 'order_line', to: 'product', on: [['product_id', 'id']] }],
  dimensions: [
    { name: 'product', entity: 'product', sql: '${TABLE}.name', label: 'Product', index_values: true },
    { name: 'category', entity: 'product', sql: '${TABLE}.category', label: 'Category', index_values: true },
  ],
  measures: [
    { name: 'average_price', entity: 'order_line', agg: 'avg', sql: '${TABLE}.price', label: 'Average price', time_bound: false },
    {
      name: 'products_average_price',
      entity: 'product',
      agg: 'avg',
      sql: '${TABLE}.price',
      label: 'Product average price',
      time_bound: false,
    },
    { name: 'order_line_count', entity: 'order_line', agg: 'count', label: 'Order lines', time_bound: false },
  ],
});
const shopValues = new Map([
  ['product', ['Oat Bar', 'Rye Loaf']],
  ['category', ['Bakery', 'Dairy']],
]);

const shipping = SemanticModelSchema.parse({
  name: 'shipping',
  entities: [
    { name: 'vessel', table: 'vessel', primary_key: 'id', synonyms: ['vessels', 'ships'] },
    { name: 'voyage', table: 'voyage', primary_key: 'id', synonyms: ['voyages'] },
  ],
  relationships: [{ from: 'voyage', to: 'vessel', on: [['vessel_id', 'id']] }],
  dimensions: [
    { name: 'vessel', entity: 'vessel', sql: '${TABLE}.name', label: 'Vessel', index_values: true },
    { name: 'flag', entity: 'vessel', sql: '${TABLE}.flag', label: 'Flag', index_values: true },
  ],
  measures: [
    { name: 'max_tonnage', entity: 'voyage', agg: 'max', sql: '${TABLE}.tonnage', label: 'Highest tonnage', time_bound: false },
    {
      name: 'vessels_max_tonnage',
      entity: 'vessel',
      agg: 'max',
      sql: '${TABLE}.tonnage',
      label: 'Vessel highest tonnage',
      time_bound: false,
    },
    { name: 'voyage_count', entity: 'voyage', agg: 'count', label: 'Voyages', time_bound: false },
  ],
});
const shippingValues = new Map([
  ['vessel', ['Northern Star', 'Gull']],
  ['flag', ['Malta', 'Norway']],
]);

const metricsOf = (model: typeof shop, values: Map<string, string[]>, q: string) => {
  const r = interpret(q, { model, values, asOf: '2024-06-30' });
  expect(r.kind, JSON.stringify(r)).toBe('query');
  return r.kind === 'query' ? r.query.metrics : [];
};

describe('a figure of a named thing', () => {
  it('is the thing own figure after "of <thing>", with a filter or a breakdown', () => {
    expect(metricsOf(shop, shopValues, 'average price of products in the Bakery category')).toEqual(['products_average_price']);
    expect(metricsOf(shop, shopValues, 'the average price of products by category')).toEqual(['products_average_price']);
    expect(metricsOf(shipping, shippingValues, 'the highest tonnage of vessels flying the Malta flag')).toEqual(['vessels_max_tonnage']);
    expect(metricsOf(shipping, shippingValues, 'highest tonnage of all ships by flag')).toEqual(['vessels_max_tonnage']);
  });

  it('stays the figure the phrase names when no thing, or the figure own thing, follows', () => {
    expect(metricsOf(shop, shopValues, 'average price by category')).toEqual(['average_price']);
    expect(metricsOf(shop, shopValues, 'average price of order lines by category')).toEqual(['average_price']);
    expect(metricsOf(shipping, shippingValues, 'the highest tonnage of voyages by flag')).toEqual(['max_tonnage']);
  });
});
