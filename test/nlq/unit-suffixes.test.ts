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

describe('a volume said without its unit word, at a dairy and a fuel depot', () => {
  const dairy = bootstrappedDuckdb(
    'dairy',
    `CREATE TABLE milkings (milking_id INTEGER PRIMARY KEY, cow VARCHAR, shed VARCHAR, yield_litres DOUBLE);
     INSERT INTO milkings VALUES (1, 'Daisy', 'east', 21.5), (2, 'Bella', 'west', 18.0), (3, 'Daisy', 'east', 23.0), (4, 'Rosa', 'west', 25.5);`,
  );
  const depot = bootstrappedDuckdb(
    'fuel',
    `CREATE TABLE refills (refill_id INTEGER PRIMARY KEY, truck VARCHAR, fuel_gallons DOUBLE, cost_gbp DECIMAL(8,2));
     INSERT INTO refills VALUES (1, 'T1', 40.0, 120.00), (2, 'T2', 55.5, 160.00), (3, 'T1', 32.0, 95.00);`,
  );

  it('reads a column kept in litres or gallons by what it holds', async () => {
    expect(await dairy.ask('what is the total yield of the east shed')).toEqual(['44.5']);
    expect(await dairy.ask('what is the highest yield in the west shed?')).toEqual(['25.5']);
    expect(await depot.ask('what is the average fuel of refills for truck T1')).toEqual(['36']);
    expect(await depot.ask('how many refills had fuel over 35 gallons')).toEqual(['2']);
  });

  it('reads the unit after a compared number, never another unit of its kind', async () => {
    expect(await dairy.ask('how many milkings had a yield over 22 litres')).toEqual(['2']);
    expect((await dairy.ask('how many milkings had a yield over 22 gallons'))[0]).toMatch(/^refused/);
  });

  it('a unit of another kind is not the column’s', async () => {
    expect((await depot.ask('how many refills had fuel over 35 kg'))[0]).toMatch(/^refused/);
  });
});
