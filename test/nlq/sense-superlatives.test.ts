/**
 * Superlatives that name a column by its sense: "the cheapest", "the most expensive", "the least
 * populous", "the youngest" (an age column, else the birth date read backwards: the oldest was born
 * first). The member holding the figure is listed (key, names, the figure), ties kept; "the 3 most
 * expensive" keeps three. Two columns of the sense, or none, and the question is refused. Our own
 * wordings on two drafted databases (an animal shelter, a town guide) and TPC-H.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { ask } from './helpers.js';

describe('superlatives of a measured sense', () => {
  const shelter = bootstrappedDuckdb(
    'shelter-senses',
    `CREATE TABLE pets (pet_id INTEGER PRIMARY KEY, pet_name VARCHAR, age INTEGER, adoption_fee DECIMAL(8,2));
     INSERT INTO pets VALUES (1, 'Biscuit', 4, 80.00), (2, 'Pepper', 11, 35.00), (3, 'Moss', 1, 120.00), (4, 'Juniper', 7, 35.00);
     CREATE TABLE keepers (keeper_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, birth_date DATE);
     INSERT INTO keepers VALUES (1, 'Rana', 'Holt', '1988-04-02'), (2, 'Ivo', 'Marsh', '1975-11-30'), (3, 'Tess', 'Quinn', '1999-06-15');`,
  );
  const guide = bootstrappedDuckdb(
    'guide-senses',
    `CREATE TABLE towns (town_id INTEGER PRIMARY KEY, town_name VARCHAR, population INTEGER);
     INSERT INTO towns VALUES (1, 'Ashby', 5200), (2, 'Brill', 61000), (3, 'Corfe', 800);
     CREATE TABLE tours (tour_id INTEGER PRIMARY KEY, tour_title VARCHAR, price DECIMAL(8,2), cost DECIMAL(8,2));
     INSERT INTO tours VALUES (1, 'Castle walk', 12.00, 4.00), (2, 'River cruise', 30.00, 18.00);`,
  );

  it('"the cheapest" and "the most expensive" rank by the one price-like column', async () => {
    expect(await shelter.ask('which pet is the most expensive')).toEqual(['3 Moss 120']);
    // (ties kept)
    expect(await shelter.ask('what is the cheapest pet')).toEqual(['2 Pepper 35', '4 Juniper 35']);
    expect(await shelter.ask('the 2 least expensive pets')).toEqual(['2 Pepper 35', '4 Juniper 35']);
    expect(await shelter.ask('the name of the priciest pet')).toEqual(['3 Moss 120']);
  });

  it('"the youngest" / "the oldest": the age column, else the birth date read backwards', async () => {
    expect(await shelter.ask('which pet is the oldest')).toEqual(['2 Pepper 11']);
    expect(await shelter.ask('the youngest pet')).toEqual(['3 Moss 1']);
    expect(await shelter.ask('who is the oldest keeper')).toEqual(['2 Ivo Marsh 1975-11-30']);
    expect(await shelter.ask('the first name of the youngest keeper')).toEqual(['3 Tess 1999-06-15']);
  });

  it('"the most populous", "the least populous" rank by population', async () => {
    expect(await guide.ask('which town is the most populous')).toEqual(['2 Brill 61000']);
    expect(await guide.ask('the least populous town')).toEqual(['3 Corfe 800']);
  });

  it('refuses a sense with two columns (price and cost) or none', async () => {
    expect((await guide.ask('which tour is the most expensive'))[0]).toMatch(/^refused/);
    expect((await guide.ask('the oldest town'))[0]).toMatch(/^refused/);
    // TPC-H's parts keep no price of their own in its model
    expect(ask('the most expensive part').kind).not.toBe('query');
    expect(ask('which nation is the most populous').kind).not.toBe('query');
  });
});

describe('"large", "big", "small": extent first, the population only where no extent is kept', () => {
  const atlas = bootstrappedDuckdb(
    'atlas-senses',
    `CREATE TABLE islands (island_id INTEGER PRIMARY KEY, island_name VARCHAR, population INTEGER, area_sqkm DOUBLE);
     INSERT INTO islands VALUES (1, 'Arran', 4600, 432.0), (2, 'Mull', 2800, 875.0), (3, 'Bute', 6500, 122.0);
     CREATE TABLE villages (village_id INTEGER PRIMARY KEY, village_name VARCHAR, population INTEGER);
     INSERT INTO villages VALUES (1, 'Lamlash', 1000), (2, 'Tobermory', 1000), (3, 'Kilchattan', 120);`,
  );
  const estate = bootstrappedDuckdb(
    'estate-senses',
    `CREATE TABLE warehouses (warehouse_id INTEGER PRIMARY KEY, warehouse_name VARCHAR, floor_size INTEGER, staff INTEGER);
     INSERT INTO warehouses VALUES (1, 'Northgate', 5000, 40), (2, 'Quayside', 12000, 25);
     CREATE TABLE reservoirs (reservoir_id INTEGER PRIMARY KEY, reservoir_name VARCHAR, surface_area DOUBLE, catchment_area DOUBLE);
     INSERT INTO reservoirs VALUES (1, 'Kielder', 10.9, 241.0), (2, 'Rutland', 12.6, 74.0);`,
  );

  it('a thing with an area and a population: "the largest", "the smallest", "bigger than" read the area', async () => {
    expect(await atlas.ask('which island is the largest')).toEqual(['2 Mull 875']);
    expect(await atlas.ask('the smallest island')).toEqual(['3 Bute 122']);
    expect(await atlas.ask('how many islands are bigger than 400')).toEqual(['2']);
    // the population is still said by its own words
    expect(await atlas.ask('which island is the most populous')).toEqual(['3 Bute 6500']);
    expect(await atlas.ask('the largest island by population')).toEqual(['Bute 6500']);
  });

  it('a thing with a population alone: "the largest" is the most populous (ties kept)', async () => {
    expect(await atlas.ask('what is the biggest village')).toEqual(['1 Lamlash 1000', '2 Tobermory 1000']);
    expect(await atlas.ask('the smallest village')).toEqual(['3 Kilchattan 120']);
  });

  it('a size column in another vocabulary: the largest warehouse by its floor size, never its staff', async () => {
    expect(await estate.ask('which warehouse is the largest')).toEqual(['2 Quayside 12000']);
  });

  it('two columns of extent (surface and catchment area) are refused, naming both', async () => {
    const [r] = await estate.ask('which reservoir is the largest');
    expect(r).toMatch(/^refused.*surface_area.*catchment_area/);
  });
});

describe('"dense": the density column, of people or of matter', () => {
  const regions = bootstrappedDuckdb(
    'density-regions',
    `CREATE TABLE districts (district_id INTEGER PRIMARY KEY, district_name VARCHAR, density DOUBLE);
     INSERT INTO districts VALUES (1, 'Fenland', 180.5), (2, 'Broadland', 240.0), (3, 'Breckland', 95.2);
     CREATE TABLE hamlets (hamlet_id INTEGER PRIMARY KEY, hamlet_name VARCHAR, households INTEGER);
     INSERT INTO hamlets VALUES (1, 'Wicken', 40), (2, 'Upware', 12);`,
  );
  const workshop = bootstrappedDuckdb(
    'density-metals',
    `CREATE TABLE metals (metal_id INTEGER PRIMARY KEY, metal_name VARCHAR, density DOUBLE, melting_point INTEGER);
     INSERT INTO metals VALUES (1, 'Tin', 7.3, 232), (2, 'Lead', 11.3, 327), (3, 'Zinc', 7.1, 420);
     CREATE TABLE soils (soil_id INTEGER PRIMARY KEY, soil_name VARCHAR, bulk_density DOUBLE, particle_density DOUBLE);
     INSERT INTO soils VALUES (1, 'Loam', 1.3, 2.6), (2, 'Clay', 1.1, 2.7);`,
  );

  it('"the densest", "the most / least dense", "denser than" read the one density column', async () => {
    expect(await regions.ask('which district is the densest')).toEqual(['2 Broadland 240']);
    expect(await regions.ask('the least dense district')).toEqual(['3 Breckland 95.2']);
    expect(await regions.ask('how many districts are denser than 150')).toEqual(['2']);
    expect(await workshop.ask('what is the most dense metal')).toEqual(['2 Lead 11.3']);
    expect(await workshop.ask('how many metals are more dense than 7.2')).toEqual(['2']);
  });

  it('no density column, or two, is refused', async () => {
    expect((await regions.ask('which hamlet is the densest'))[0]).toMatch(/^refused/);
    expect((await workshop.ask('which soil is the densest'))[0]).toMatch(/^refused/);
  });
});
