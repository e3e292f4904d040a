/**
 * A model phrase said by its last word when its thing is named ("suppliers with a negative
 * balance": their account balance). Only one phrase of the named thing may end with the word;
 * otherwise, or with no thing named, the word stays not understood. Two vocabularies: TPC-H and a
 * shop whose products have a unit price.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { ask, q } from './helpers.js';

const shop = SemanticModelSchema.parse({
  name: 'shop',
  entities: [
    { name: 'product', table: 'products', primary_key: 'id', synonyms: ['products', 'articles'] },
    { name: 'courier', table: 'couriers', primary_key: 'id', synonyms: ['couriers'] },
  ],
  dimensions: [
    { name: 'product', entity: 'product', sql: '${TABLE}.name', label: 'Product', index_values: true },
    { name: 'unit_price', entity: 'product', sql: '${TABLE}.unit_price', type: 'number', label: 'Unit price' },
    { name: 'courier', entity: 'courier', sql: '${TABLE}.name', label: 'Courier', index_values: true },
    { name: 'delivery_price', entity: 'courier', sql: '${TABLE}.price', type: 'number', label: 'Delivery price' },
  ],
  measures: [{ name: 'product_count', entity: 'product', agg: 'count', label: 'Products', synonyms: ['number of products'] }],
});
const askShop = (question: string) =>
  interpret(question, {
    model: shop,
    values: new Map([
      ['product', ['Kettle', 'Toaster']],
      ['courier', ['Swift']],
    ]),
    asOf: '2024-06-26',
  });

describe('a phrase said by its last word, its thing named', () => {
  it('TPC-H: the balance of suppliers or of customers', () => {
    const negative = q('how many suppliers have a negative balance');
    expect(negative.entity_conditions).toEqual([{ entity: 'supplier', metric: 'supplier_account_balance', op: 'lt', value: 0 }]);
    expect(q('average balance of customers in GERMANY').metrics).toEqual(['average_customer_account_balance']);
    // no thing named: customers' or suppliers'? not understood
    expect(ask('total balance by region').kind).not.toBe('query');
  });

  it("a shop: the products' price, not the couriers'", () => {
    const r = askShop('number of products with a price over 20');
    expect(r.kind, r.kind === 'query' ? '' : r.reason).toBe('query');
    if (r.kind === 'query') expect(r.query.filters).toEqual([{ dimension: 'unit_price', op: 'gt', values: [20] }]);
    // both things named: two prices, no single reading
    expect(askShop('products and couriers with a price over 20').kind).not.toBe('query');
  });
});
