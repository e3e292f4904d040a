/**
 * A verb of a thing coming into being ("published", "released", "founded") before a period dates the
 * thing by its only date, often a year stored as a number, when no date is named by the verb itself.
 * A record stamp (created_at) is when the row was written down, never when the thing came to be.
 * Asked in our own words of small databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a cinema: films released in a year', () => {
  const db = bootstrappedDuckdb(
    'cinema',
    `CREATE TABLE films (film_id INTEGER PRIMARY KEY, title VARCHAR, release_year INTEGER, runtime INTEGER);
     INSERT INTO films VALUES (1, 'Harbour Lights', 1974, 101), (2, 'Night Train', 1979, 95), (3, 'Glass Summer', 1994, 122), (4, 'Low Tide', 2003, 88);`,
  );

  it('dates the films by their release year', async () => {
    expect(await db.ask('how many films were released before 1980')).toEqual(['2']);
    expect(await db.ask('how many films were released in 1994')).toEqual(['1']);
    expect(await db.ask('how many films were made after 1975')).toEqual(['3']);
    expect(await db.ask('how many films were written before 1990')).toEqual(['2']);
  });
});

describe('a press: papers published in a year, and gadgets with only a record stamp', () => {
  const db = bootstrappedDuckdb(
    'press',
    `CREATE TABLE papers (paper_id INTEGER PRIMARY KEY, title VARCHAR, year INTEGER, citations INTEGER);
     INSERT INTO papers VALUES (1, 'On Tides', 2018, 4), (2, 'Salt Marshes', 2019, 9), (3, 'Estuary Birds', 2019, 1), (4, 'Dune Grass', 2021, 0);
     CREATE TABLE gadgets (gadget_id INTEGER PRIMARY KEY, gadget_name VARCHAR, created_at TIMESTAMP);
     INSERT INTO gadgets VALUES (1, 'Lamp', TIMESTAMP '2023-02-01 10:00:00'), (2, 'Fan', TIMESTAMP '2024-05-01 09:00:00');`,
  );

  it('dates the papers by their year', async () => {
    expect(await db.ask('how many papers were published in 2019')).toEqual(['2']);
    expect(await db.ask('how many papers were published after 2018')).toEqual(['3']);
    expect(await db.ask('how many papers have been written in 2019')).toEqual(['2']);
  });

  it('a record stamp is not when a thing came to be: refused', async () => {
    const [r] = await db.ask('how many gadgets were manufactured in 2023');
    expect(r).toMatch(/^refused/);
  });
});
