/**
 * A column said as a predicate of the thing ("products that are discontinued") where the model holds
 * no value or flag for it (a number that is no yes/no: 1 and 2): not understood, never every product
 * listed with the column beside it (a wrong answer before). A flag (a boolean column, or 0/1 under an
 * adjective, drafted as one: `flag-columns.test.ts`) filters, and "what are the product names" still
 * lists. Our own wordings on two drafted databases.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a column said of the thing', () => {
  const pantry = bootstrappedDuckdb(
    'pantry-predicates',
    `CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name VARCHAR, discontinued INTEGER, price DECIMAL(6,2));
     INSERT INTO products VALUES (1, 'Oat milk', 1, 2.10), (2, 'Rye flour', 2, 3.40), (3, 'Honey', 1, 6.00);`,
  );
  const venue = bootstrappedDuckdb(
    'venue-predicates',
    `CREATE TABLE rooms (room_id INTEGER PRIMARY KEY, room_name VARCHAR, soundproofed INTEGER, is_accessible BOOLEAN);
     INSERT INTO rooms VALUES (1, 'Attic', 1, false), (2, 'Cellar', 0, true), (3, 'Loft', 1, true);`,
  );

  it('refuses a two-valued column that is no yes/no said as a predicate', async () => {
    expect((await pantry.ask('products that are discontinued'))[0]).toMatch(/^refused/);
    expect((await pantry.ask('which products are discontinued'))[0]).toMatch(/^refused/);
    // (and said as the things' adjective)
    expect((await pantry.ask('discontinued products'))[0]).toMatch(/^refused/);
  });

  it('reads a 0/1 column under an adjective as the flag it is', async () => {
    expect(await venue.ask('which rooms are soundproofed')).toEqual(['1 Attic', '3 Loft']);
  });

  it('still lists names asked for and filters by a true flag', async () => {
    expect(await pantry.ask('what are the product names')).toEqual(['Honey', 'Oat milk', 'Rye flour']);
    expect((await venue.ask('which rooms are accessible')).join('|')).toMatch(/Cellar/);
    expect((await venue.ask('which rooms are accessible')).join('|')).not.toMatch(/Attic/);
  });
});
