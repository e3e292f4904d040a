/**
 * "out of <something>" says none is left: never a filler to drop. Unread, the question is refused; before,
 * "which products are out of stock" listed every product. A ratio's "out of" ("cancelled out of all orders")
 * is still read. Our own wordings on two small databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('"out of" is never dropped', () => {
  const shop = bootstrappedDuckdb(
    'stockroom',
    `CREATE TABLE products (product_id INTEGER PRIMARY KEY, name VARCHAR, stock INTEGER);
     CREATE TABLE orders (order_id INTEGER PRIMARY KEY, product_id INTEGER REFERENCES products(product_id), status VARCHAR);
     INSERT INTO products VALUES (1,'Desk Lamp',40),(2,'Wool Rug',0),(3,'Cushion',100);
     INSERT INTO orders VALUES (1,1,'shipped'),(2,2,'cancelled'),(3,3,'shipped'),(4,1,'shipped'),(5,3,'delivered');`,
  );
  const airline = bootstrappedDuckdb(
    'seats',
    `CREATE TABLE flights (flight_id INTEGER PRIMARY KEY, flight_no VARCHAR, seats_left INTEGER);
     INSERT INTO flights VALUES (1,'QX101',0),(2,'QX202',14),(3,'QX303',3);`,
  );

  it('refuses "out of" it does not read, never answering every row', async () => {
    expect((await shop.ask('which products are out of stock'))[0]).toMatch(/^refused.*"out"/);
    expect((await airline.ask('list the flights out of seats'))[0]).toMatch(/^refused.*"out"/);
  });

  it('still reads a share said with "out of"', async () => {
    expect(await shop.ask('what share of orders were cancelled out of all orders')).toEqual(['0.2']);
  });
});
