/**
 * A ratio of two number columns of one thing "for each" of its members, said by its name: one row
 * per member (its key joins the name, names may be shared), never refused for want of "by its id".
 * Two vocabularies, drafted from their tables: a course catalogue and a shop's products.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a ratio of two columns for each member', () => {
  const catalogue = bootstrappedDuckdb(
    'catalogue-ratio-per-member',
    `CREATE TABLE courses (course_id INTEGER PRIMARY KEY, course_name VARCHAR, clarity_score DOUBLE, easiness_score DOUBLE);
     INSERT INTO courses VALUES (1, 'Algebra', 4.0, 2.0), (2, 'Botany', 3.0, 3.0), (3, 'Algebra', 1.0, 4.0);`,
  );
  const shop = bootstrappedDuckdb(
    'shop-ratio-per-member',
    `CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name VARCHAR, unit_price DOUBLE, unit_cost DOUBLE);
     INSERT INTO products VALUES (1, 'Lamp', 30.0, 10.0), (2, 'Lamp', 20.0, 20.0), (3, 'Desk', 90.0, 45.0);`,
  );

  it('a course catalogue: each course, two courses of one name kept apart', async () => {
    expect(await catalogue.ask('what is the ratio of clarity score to easiness score for each course')).toEqual([
      '1 Algebra 2',
      '2 Botany 1',
      '3 Algebra 0.25',
    ]);
  });

  it('a shop: each product', async () => {
    expect(await shop.ask('what is the ratio of unit price to unit cost for each product')).toEqual(['1 3', '2 1', '3 2']);
  });
});
