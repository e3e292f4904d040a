/**
 * A comparative names a column by its sense: "films longer than 120 minutes" (the runtime),
 * "parcels heavier than 5 kg" (the weight), as "older than 50" names the age. A unit after the number
 * is read only when it is the column's own (`runtime_min`, `weight_kg`); another unit is a conversion
 * and stays not understood, and so does a comparative whose sense names no column, or two. Two
 * databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('comparatives of sense, in a film archive', () => {
  const db = bootstrappedDuckdb(
    'screenings',
    `CREATE TABLE films (film_id INTEGER PRIMARY KEY, title VARCHAR, runtime_min INTEGER, studio VARCHAR);
     INSERT INTO films VALUES (1, 'Harbour Lights', 112, 'Northgate'), (2, 'Paper Moons', 95, 'Bluefin'),
       (3, 'Iron Orchard', 131, 'Northgate'), (4, 'Quiet Static', 88, 'Redwell'), (5, 'Salt Roads', 140, 'Bluefin');`,
  );

  it('reads the runtime, in its own unit', async () => {
    expect(await db.ask('which films are longer than 120 minutes')).toEqual(['Iron Orchard', 'Salt Roads']);
    expect(await db.ask('how many films are shorter than 100 minutes')).toEqual(['2']);
  });

  it('a unit after a condition on the column is its own unit', async () => {
    expect(await db.ask('how many films have a runtime between 90 and 115 minutes')).toEqual(['2']);
    expect((await db.ask('how many films have a runtime above 2 hours'))[0]).toMatch(/^refused/);
  });

  it('another unit, or no column of that sense, is not understood', async () => {
    expect((await db.ask('how many films are longer than 2 hours'))[0]).toMatch(/^refused/);
    expect((await db.ask('how many films are heavier than 5'))[0]).toMatch(/^refused/);
  });
});

describe('comparatives of sense, at a courier', () => {
  const db = bootstrappedDuckdb(
    'depot',
    `CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, depot VARCHAR, weight_kg DOUBLE, width_cm INTEGER);
     INSERT INTO parcels VALUES (1, 'Leeds', 2.5, 30), (2, 'York', 14.0, 80), (3, 'Leeds', 7.25, 45), (4, 'Hull', 0.8, 20);`,
  );

  it('reads the weight and the width', async () => {
    expect(await db.ask('how many parcels are heavier than 5 kg')).toEqual(['2']);
    expect(await db.ask('the number of parcels narrower than 40 cm')).toEqual(['2']);
  });

  it('a conversion is not understood', async () => {
    expect((await db.ask('how many parcels are heavier than 5 pounds'))[0]).toMatch(/^refused/);
  });
});
