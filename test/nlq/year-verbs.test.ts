/**
 * A verb that names a year kept as a number: "films released in 2015" (`release_yr`), "breweries
 * founded before 1990" (`founded_year`). The verb right before a period of whole years is read as the
 * year column its lemma starts; the thing may have no date at all (before: "films is not dated",
 * refused) or a date of another event (a sale), which the verb does not name. A verb that names no
 * column stays not understood. Two databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a verb naming a year column, on a film archive', () => {
  const db = bootstrappedDuckdb(
    'archive',
    `CREATE TABLE films (film_id INTEGER PRIMARY KEY, title VARCHAR, release_yr INTEGER, runtime_min INTEGER, genre VARCHAR, studio VARCHAR);
     INSERT INTO films VALUES (1, 'Harbour Lights', 1978, 112, 'Drama', 'Northgate'), (2, 'Paper Moons', 1985, 95, 'Comedy', 'Bluefin'),
       (3, 'Iron Orchard', 2001, 131, 'Drama', 'Northgate'), (4, 'Quiet Static', 2014, 88, 'Horror', 'Redwell'),
       (5, 'Salt Roads', 2015, 140, 'Western', 'Bluefin'), (6, 'Glass Tide', 2015, 101, 'Comedy', 'Redwell');`,
  );

  it('counts and lists by the year the verb names', async () => {
    expect(await db.ask('how many films were released in 2015')).toEqual(['2']);
    expect(await db.ask('count the films that were released before 1980')).toEqual(['1']);
    expect(await db.ask('list the titles of films released after 2000')).toEqual([
      'Glass Tide',
      'Iron Orchard',
      'Quiet Static',
      'Salt Roads',
    ]);
    expect(await db.ask('which films did Redwell release in 2015')).toEqual(['6 Glass Tide']);
  });

  it('a verb that names no column of the film is not understood', async () => {
    expect((await db.ask('how many films were screened in 2015'))[0]).toMatch(/^refused/);
    expect((await db.ask('list the films restored after 2000'))[0]).toMatch(/^refused/);
  });
});

describe('a verb naming a year column beside a date of another event, in a brewery register', () => {
  const db = bootstrappedDuckdb(
    'breweries',
    `CREATE TABLE breweries (brewery_id INTEGER PRIMARY KEY, brewery_name VARCHAR, town VARCHAR, founded_year INTEGER);
     INSERT INTO breweries VALUES (1, 'Kettle Yard', 'Leeds', 1872), (2, 'Hopworks', 'York', 1994), (3, 'Dray Lane', 'Leeds', 2011), (4, 'Malt House', 'Hull', 1988);
     CREATE TABLE inspections (inspection_id INTEGER PRIMARY KEY, brewery_id INTEGER REFERENCES breweries(brewery_id), inspected_on DATE, score INTEGER);
     INSERT INTO inspections VALUES (1, 1, '2023-03-01', 8), (2, 2, '2023-05-09', 6), (3, 3, '2024-01-15', 9), (4, 1, '2024-02-20', 7);`,
  );

  it('the year the brewery was founded, never the date of its inspections', async () => {
    expect(await db.ask('how many breweries were founded before 1990')).toEqual(['2']);
    expect(await db.ask('breweries in Leeds founded after 2000')).toEqual(['3 Dray Lane']);
    expect(await db.ask('the names of breweries founded between 1980 and 2000')).toEqual(['Hopworks', 'Malt House']);
  });

  it('the inspection date still dates the inspections', async () => {
    expect(await db.ask('how many inspections were there in 2024')).toEqual(['2']);
  });
});
