/**
 * "How long is X", "how old is Y": the adjective of a measurement names the column that holds it
 * (long → length, tall/high → height, altitude or elevation, old → age, heavy → weight, wide → width,
 * deep → depth, far → distance, big/large → size), of the members a value names. Asked in our own
 * words of two small databases of our own, bootstrapped unedited (a table's prefix and a unit on the
 * column allowed: `peak_height_m`, `weight_kg`); near misses — no such column, two of them, no member
 * named — stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('an adjective of measurement on an atlas', () => {
  const db = bootstrappedDuckdb(
    'atlas',
    `CREATE TABLE canals (canal_id INTEGER PRIMARY KEY, canal_name VARCHAR, length_km DOUBLE, region VARCHAR);
     INSERT INTO canals VALUES (1, 'Kennet', 140.5, 'South'), (2, 'Ellesmere', 92.0, 'West'), (3, 'Rochdale', 51.5, 'North');
     CREATE TABLE peaks (peak_id INTEGER PRIMARY KEY, peak_name VARCHAR, peak_height_m INTEGER, region VARCHAR);
     INSERT INTO peaks VALUES (1, 'Skiddaw', 931, 'North'), (2, 'Pen y Fan', 886, 'West'), (3, 'Kinder Scout', 636, 'North');`,
  );

  it('reads the column the adjective measures, of the member named', async () => {
    expect(await db.ask('how long is the Kennet canal')).toEqual(['140.5']);
    expect(await db.ask('how long is Rochdale')).toEqual(['51.5']);
    expect(await db.ask('how tall is Skiddaw')).toEqual(['931']);
    expect(await db.ask('how high is the peak Pen y Fan?')).toEqual(['886']);
  });

  it('refuses what it does not measure: no such column, or no member named', async () => {
    // (no width column: never another number)
    expect((await db.ask('how wide is the Kennet canal'))[0]).toMatch(/^refused/);
    // (every canal: which one is not said)
    expect((await db.ask('how long are the canals'))[0]).toMatch(/^refused/);
  });
});

describe('an adjective of measurement in a depot', () => {
  const db = bootstrappedDuckdb(
    'depot',
    `CREATE TABLE crates (crate_id INTEGER PRIMARY KEY, crate_label VARCHAR, weight_kg DOUBLE, size INTEGER);
     INSERT INTO crates VALUES (1, 'Bluebird', 18.5, 3), (2, 'Redwing', 42.0, 5), (3, 'Goldcrest', 7.25, 1);
     CREATE TABLE porters (porter_id INTEGER PRIMARY KEY, porter_name VARCHAR, age INTEGER, shift VARCHAR);
     INSERT INTO porters VALUES (1, 'Imogen', 29, 'early'), (2, 'Tobias', 47, 'late');`,
  );

  it('reads weight, size and age by their adjectives', async () => {
    expect(await db.ask('how heavy is the crate Redwing')).toEqual(['42']);
    expect(await db.ask('how big is Goldcrest')).toEqual(['1']);
    expect(await db.ask('how old is Tobias')).toEqual(['47']);
  });

  it('keeps other questions refused: a measurement the table does not hold', async () => {
    expect((await db.ask('how tall is Imogen'))[0]).toMatch(/^refused/);
    expect((await db.ask('how far is Redwing'))[0]).toMatch(/^refused/);
  });
});
