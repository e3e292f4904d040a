/**
 * Comparative adjectives of measurement ("rivers longer than 500", "staff older than 40", "dishes
 * cheaper than 10"): the adjective names the thing's one column of its sense, compared with the number.
 * Asked in our own words of small databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { q } from './helpers.js';

describe('TPC-H: parts larger or smaller than a size', () => {
  it("filters the part size, in the adjective's direction", () => {
    expect(q('how many parts are smaller than 3').filters).toEqual([{ dimension: 'part_size', op: 'lt', values: [3] }]);
    expect(q('how many parts are larger than 40').filters).toEqual([{ dimension: 'part_size', op: 'gt', values: [40] }]);
  });
});

describe('waterways: longer, deeper, and a sense with two columns', () => {
  const db = bootstrappedDuckdb(
    'waterways',
    `CREATE TABLE canals (canal_id INTEGER PRIMARY KEY, canal_name VARCHAR, length_km INTEGER, depth_m DOUBLE);
     INSERT INTO canals VALUES (1, 'Grand Union', 220, 1.8), (2, 'Kennet', 140, 2.4), (3, 'Leeds Liverpool', 204, 1.2), (4, 'Rochdale', 51, 1.5);
     CREATE TABLE towns (town_id INTEGER PRIMARY KEY, town_name VARCHAR, population INTEGER, area DOUBLE);
     INSERT INTO towns VALUES (1, 'Skipton', 14000, 9.5), (2, 'Newbury', 41000, 17.2), (3, 'Hebden', 4500, 3.1);`,
  );

  it('reads the adjective as the column it names, with a copula, a relative clause or none', async () => {
    expect(await db.ask('how many canals are longer than 150')).toEqual(['2']);
    expect(await db.ask('how many canals that are longer than 150 are there')).toEqual(['2']);
    expect(await db.ask('number of canals shorter than 100')).toEqual(['1']);
    expect(await db.ask('how many canals are deeper than 1.6')).toEqual(['2']);
  });

  it('"larger" is the area before the population (extent first); "more populous" the population', async () => {
    expect(await db.ask('how many towns are larger than 10')).toEqual(['1']);
    expect(await db.ask('how many towns are more populous than 10000')).toEqual(['2']);
  });

  it('a sense naming no column of the thing is not read', async () => {
    const [r] = await db.ask('how many canals are older than 100');
    expect(r).toMatch(/^refused/);
  });
});

describe('a shop and its staff: cheaper, more expensive, older, younger', () => {
  const db = bootstrappedDuckdb(
    'corner_shop',
    `CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name VARCHAR, price DECIMAL(8,2));
     INSERT INTO products VALUES (1, 'Tea', 3.50), (2, 'Kettle', 24.00), (3, 'Mug', 6.00), (4, 'Teapot', 18.50);
     CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name VARCHAR, age INTEGER);
     INSERT INTO staff VALUES (1, 'Ann Lee', 52), (2, 'Bo Chan', 23), (3, 'Cy Ford', 37);`,
  );

  it('money adjectives: cheaper, more expensive, less expensive', async () => {
    expect(await db.ask('how many products are cheaper than 10')).toEqual(['2']);
    expect(await db.ask('how many products are more expensive than 10')).toEqual(['2']);
    expect(await db.ask('how many products are less expensive than 5')).toEqual(['1']);
  });

  it('age adjectives: older and younger than', async () => {
    expect(await db.ask('how many staff are older than 30')).toEqual(['2']);
    expect(await db.ask('how many staff are younger than 30')).toEqual(['1']);
  });
});
