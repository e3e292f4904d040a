/**
 * A ratio of two of a thing's own number columns: each member's own ratio ("for each bike"), and over a
 * breakdown of several members the average of those ratios when "average" or "how does it vary" says so.
 * A unit after a side is read only when the column is kept in it (`range_miles`). Two vocabularies,
 * drafted from their tables: a bicycle maker's bikes and a marina's boats.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a ratio of two columns of each row', () => {
  const bikes = bootstrappedDuckdb(
    'bikes-row-ratio',
    `CREATE TABLE bikes (bike_id INTEGER PRIMARY KEY, model VARCHAR, maker VARCHAR, weight DOUBLE, wheelbase DOUBLE);
     INSERT INTO bikes VALUES (1, 'Arrow', 'Velo', 10.0, 100.0), (2, 'Bolt', 'Velo', 30.0, 100.0), (3, 'Comet', 'Rad', 20.0, 50.0);`,
  );
  const boats = bootstrappedDuckdb(
    'boats-row-ratio',
    `CREATE TABLE boats (boat_id INTEGER PRIMARY KEY, boat_name VARCHAR, yard VARCHAR, tonnage DOUBLE, range_miles DOUBLE);
     INSERT INTO boats VALUES (1, 'Tern', 'Northyard', 4.0, 400.0), (2, 'Gull', 'Northyard', 6.0, 200.0), (3, 'Skua', 'Eastquay', 2.0, 100.0);`,
  );

  it('bikes: the average of each bike ratio by maker, never a ratio of the totals', async () => {
    // Velo: (0.1 + 0.3) / 2 = 0.2 (its totals would give 40 / 200 = 0.2 too: Rad tells them apart below)
    expect(await bikes.ask('what is the average ratio of weight to wheelbase by maker')).toEqual(['Rad 0.4', 'Velo 0.2']);
    const r = await bikes.answer('how does the ratio of weight to wheelbase vary across the different makers');
    expect(r.status).toBe('done');
    expect(r.sql).toMatch(/AVG\(CAST\([^)]*weight[^)]*\) \/ NULLIF\([^)]*wheelbase, 0\)\)/);
    expect(r.sql).toMatch(/GROUP BY/);
    // "of a bike" after a side only says whose the figure is
    expect(await bikes.ask('how does the average ratio of the weight to the wheelbase of a bike vary across the different makers')).toEqual(
      ['Rad 0.4', 'Velo 0.2'],
    );
  });

  it('boats: by yard, highest first, and a unit the column is kept in', async () => {
    const r = await boats.answer('what is the average ratio of range to tonnage for each yard, highest first');
    expect(r.status).toBe('done');
    // Northyard: (100 + 33.33) / 2; Eastquay: 50
    expect(
      r.rows.map((x) =>
        Object.values(x)
          .map((v) => (typeof v === 'number' ? v.toFixed(2) : String(v)))
          .join(' '),
      ),
    ).toEqual(['Northyard 66.67', 'Eastquay 50.00']);
    expect(await boats.ask('what is the ratio of tonnage to range in miles for each boat')).toEqual([
      '1 Tern 0.01',
      '2 Gull 0.03',
      '3 Skua 0.02',
    ]);
  });

  it('refuses what it cannot read so: a unit the column is not kept in, an average of totals', async () => {
    expect((await boats.ask('what is the ratio of tonnage to range in kilometers for each boat'))[0]).toMatch(/^refused/);
    expect((await bikes.ask('what is the average ratio of total weight to total wheelbase by maker'))[0]).toMatch(/^refused/);
  });
});
