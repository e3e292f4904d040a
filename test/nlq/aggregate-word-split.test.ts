/**
 * "the maximum unit price of products" where the model calls another thing's figure "maximum unit price"
 * (an order line's): the aggregate word is the question's, the rest the named thing's own column — the
 * highest of the products' own prices, never "products" left unread. Our own wordings on a drafted shop.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('an aggregate word before another thing’s figure phrase', () => {
  const shop = bootstrappedDuckdb(
    'shop-aggregate-split',
    `CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name VARCHAR, unit_price DECIMAL(8,2));
     INSERT INTO products VALUES (1, 'Kettle', 30.00), (2, 'Mug', 6.50), (3, 'Teapot', 44.00);
     CREATE TABLE order_lines (line_id INTEGER PRIMARY KEY, product_id INTEGER REFERENCES products(product_id), unit_price DECIMAL(8,2), quantity INTEGER);
     INSERT INTO order_lines VALUES (1, 1, 28.00, 2), (2, 3, 50.00, 1), (3, 2, 6.00, 4);`,
  );

  it('reads the named thing’s own column', async () => {
    expect(await shop.ask('what is the maximum unit price of products')).toEqual(['44']);
    expect(await shop.ask('the minimum unit price of products')).toEqual(['6.5']);
  });
});
