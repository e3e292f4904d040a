/**
 * A column named with its unit or amount word ("budget_amt", "runtime_min", "weight_kg",
 * "fee_usd") is also said by what it holds: "the lowest budget", "the heaviest weight". Two columns of
 * one head ("fee_usd" and "fee_eur") say neither as a column, and "min" beside a "max" of the same head is a
 * minimum, never minutes. Two databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a column said without its unit word, in a film archive', () => {
  const db = bootstrappedDuckdb(
    'reels',
    `CREATE TABLE films (film_id INTEGER PRIMARY KEY, title VARCHAR, runtime_min INTEGER, studio VARCHAR, budget_amt DECIMAL(12,2));
     INSERT INTO films VALUES (1, 'Harbour Lights', 112, 'Northgate', 1200000), (2, 'Paper Moons', 95, 'Bluefin', 800000),
       (3, 'Iron Orchard', 131, 'Northgate', 5400000), (4, 'Quiet Static', 88, 'Redwell', 300000);`,
  );

  it('reads the column by what it holds', async () => {
    expect(await db.ask('what is the lowest budget of any film')).toEqual(['300000']);
    expect(await db.ask('what is the total budget of Northgate films')).toEqual(['6600000']);
    expect(await db.ask('the minimum and maximum runtime of the films')).toEqual(['88 131']);
  });
});

describe('a column said without its unit word, at a courier', () => {
  const db = bootstrappedDuckdb(
    'courier',
    `CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, depot VARCHAR, weight_kg DOUBLE, fee_usd DECIMAL(8,2), fee_eur DECIMAL(8,2), temp_min INTEGER, temp_max INTEGER);
     INSERT INTO parcels VALUES (1, 'Leeds', 2.5, 12.00, 11.00, 2, 8), (2, 'York', 14.0, 40.00, 37.00, 0, 4),
       (3, 'Leeds', 7.25, 22.00, 20.50, 4, 10), (4, 'Hull', 0.8, 6.00, 5.50, 1, 6);`,
  );

  it('reads the column by what it holds', async () => {
    expect(await db.ask('what is the average weight of parcels from Leeds')).toEqual(['4.875']);
    expect(await db.ask('how many parcels have a weight above 5')).toEqual(['2']);
  });

  it('two columns of one head, or a minimum beside its maximum, say neither', async () => {
    expect((await db.ask('what is the lowest fee of the parcels'))[0]).toMatch(/^refused/);
    expect((await db.ask('what is the highest temp of the parcels'))[0]).toMatch(/^refused/);
  });
});
