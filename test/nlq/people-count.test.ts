/**
 * "How many people live in X": people counted in a place are its population, the one column that holds
 * it (population, inhabitants, residents; a unit or a prefix allowed), of the member a value names, or
 * the population's total over the places a value selects; a verb of living after the people counted is
 * theirs. "How big / how large" of a thing with an area and no size column is its area. Asked in our
 * own words of small databases of our own, bootstrapped unedited; near misses — no such column, people
 * counted where the rows are people — stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('people living in a place of an archipelago', () => {
  const db = bootstrappedDuckdb(
    'archipelago',
    `CREATE TABLE islands (island_id INTEGER PRIMARY KEY, island_name VARCHAR, population INTEGER, area_sqkm DOUBLE, sea VARCHAR);
     INSERT INTO islands VALUES (1, 'Mull', 2990, 875.4, 'Hebrides'), (2, 'Skye', 10008, 1656.3, 'Hebrides'), (3, 'Hoy', 419, 134.5, 'Orkney');
     CREATE TABLE ferries (ferry_id INTEGER PRIMARY KEY, ferry_name VARCHAR, berths INTEGER);
     INSERT INTO ferries VALUES (1, 'Loch Seaforth', 700), (2, 'Hamnavoe', 600);`,
  );

  it('reads the population of the island named', async () => {
    expect(await db.ask('how many people live on Skye')).toEqual(['10008']);
    expect(await db.ask('how many inhabitants does Hoy have?')).toEqual(['419']);
    expect(await db.ask('number of residents of Mull')).toEqual(['2990']);
  });

  it('reads people living in a group of places as their total population', async () => {
    expect(await db.ask('how many people live in the Hebrides?')).toEqual(['12998']);
  });

  it('reads how big an island is as its area', async () => {
    expect(await db.ask('how large is Mull')).toEqual(['875.4']);
  });

  it('refuses people where nothing holds a population', async () => {
    expect((await db.ask('how many people are on Hamnavoe'))[0]).toMatch(/^refused/);
  });
});

describe('people living in a place of a county register', () => {
  const db = bootstrappedDuckdb(
    'county',
    `CREATE TABLE parishes (parish_id INTEGER PRIMARY KEY, parish_name VARCHAR, inhabitants INTEGER, hundred VARCHAR);
     INSERT INTO parishes VALUES (1, 'Ashwell', 1870, 'Odsey'), (2, 'Barley', 662, 'Odsey'), (3, 'Cottered', 598, 'Edwinstree');
     CREATE TABLE voters (voter_id INTEGER PRIMARY KEY, voter_name VARCHAR, town VARCHAR);
     INSERT INTO voters VALUES (1, 'Ada Pym', 'Royston'), (2, 'Ned Carr', 'Baldock');`,
  );

  it('reads the inhabitants of the parish named', async () => {
    expect(await db.ask('how many people reside in Barley')).toEqual(['662']);
    expect(await db.ask('How many citizens live in the parish of Cottered?')).toEqual(['598']);
  });

  it('never counts people as rows of a table of persons', async () => {
    expect((await db.ask('how many people live in Royston'))[0]).toMatch(/^refused/);
  });
});

describe('people living in the wards of a city', () => {
  const db = bootstrappedDuckdb(
    'borough',
    `CREATE TABLE wards (ward_id INTEGER PRIMARY KEY, ward_name VARCHAR, population INTEGER, borough VARCHAR);
     INSERT INTO wards VALUES (1, 'Dalston', 12000, 'Hackney'), (2, 'Hoxton', 9000, 'Hackney'), (3, 'Bloomsbury', 11000, 'Camden');`,
  );

  it("reads citizens residing in a borough as its wards' total population", async () => {
    expect(await db.ask('how many citizens reside in Hackney')).toEqual(['21000']);
    expect(await db.ask('number of people living in Camden')).toEqual(['11000']);
  });
});

describe('a member named by its own name where other tables mention it', () => {
  const db = bootstrappedDuckdb(
    'waterways',
    `CREATE TABLE rivers (river_id INTEGER PRIMARY KEY, river_name VARCHAR, length_km DOUBLE);
     INSERT INTO rivers VALUES (1, 'Ouse', 230.0), (2, 'Wye', 250.0), (3, 'Tees', 137.0);
     CREATE TABLE towns (town_id INTEGER PRIMARY KEY, town_name VARCHAR, river VARCHAR, population INTEGER);
     INSERT INTO towns VALUES (1, 'York', 'Ouse', 200000), (2, 'Hereford', 'Wye', 61000), (3, 'Tees', 'Tees', 4000);`,
  );

  it('reads the measurement of the one thing that holds it and is named so', async () => {
    // (rivers hold a length and are named Ouse; towns only mention the Ouse)
    expect(await db.ask('how long is the Ouse')).toEqual(['230']);
    // (towns hold a population; rivers do not)
    expect(await db.ask('how many people live in Hereford')).toEqual(['61000']);
  });

  it('refuses a measurement the thing named does not hold', async () => {
    // (York is a town; only rivers hold a length)
    expect((await db.ask('how long is York'))[0]).toMatch(/^refused/);
  });
});
