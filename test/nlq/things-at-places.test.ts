/**
 * "the titles of films shown at cinemas in Leeds": other things named after a preposition and right before a
 * value of their own say where the value is held, never a count beside the list (`listing.ts`). Our own
 * wordings on two small databases of our own, bootstrapped unedited; before, the list became one count of the
 * first things ("list the titles of ..." answered a number) or a count of the second things per member.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a cinema chain: films shown at cinemas', () => {
  const db = bootstrappedDuckdb(
    'cinemas',
    `CREATE TABLE cinema (cinema_id INTEGER PRIMARY KEY, cinema_name VARCHAR, town VARCHAR, screens INTEGER);
     INSERT INTO cinema VALUES (1, 'Roxy', 'Leeds', 4), (2, 'Plaza', 'York', 2), (3, 'Odeon', 'Leeds', 8);
     CREATE TABLE film (film_id INTEGER PRIMARY KEY, title VARCHAR, genre VARCHAR, cinema_id INTEGER REFERENCES cinema(cinema_id), runtime INTEGER);
     INSERT INTO film VALUES (1, 'Dune', 'scifi', 1, 155), (2, 'Heat', 'crime', 2, 170), (3, 'Up', 'family', 3, 96), (4, 'Jaws', 'thriller', 2, 124);`,
  );

  it('lists the things whose related place holds the value', async () => {
    for (const q of [
      'List the titles of films at cinemas in Leeds.',
      'show the titles of the films at the cinemas in Leeds',
      'titles of films shown at cinemas in Leeds',
    ])
      expect(await db.ask(q), q).toEqual(['Dune', 'Up']);
    expect(await db.ask('which films are on at cinemas in York?')).toEqual(['2 Heat', '4 Jaws']);
  });

  it('still counts when asked how many, and refuses an unknown place', async () => {
    expect(await db.ask('how many films at cinemas in Leeds?')).toEqual(['2']);
    expect((await db.ask('list the films at cinemas in Paris'))[0]).toMatch(/^refused/);
  });
});

describe('a school: pupils from schools in a district', () => {
  const db = bootstrappedDuckdb(
    'schools',
    `CREATE TABLE school (school_id INTEGER PRIMARY KEY, school_name VARCHAR, district VARCHAR);
     INSERT INTO school VALUES (1, 'Oakfield', 'North'), (2, 'Riverside', 'South'), (3, 'Hilltop', 'North');
     CREATE TABLE pupil (pupil_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, school_id INTEGER REFERENCES school(school_id), age INTEGER);
     INSERT INTO pupil VALUES (1, 'Ava', 'Hart', 1, 11), (2, 'Ben', 'Cole', 2, 12), (3, 'Cy', 'Dunn', 3, 10), (4, 'Di', 'Eno', 2, 11);`,
  );

  it('lists the pupils, not a count of schools beside each', async () => {
    expect(await db.ask('list the first names of pupils from schools in North')).toEqual(['Ava', 'Cy']);
    expect(await db.ask('List the pupils at schools in the South district.')).toEqual(['2 Ben Cole', '4 Di Eno']);
  });

  it('keeps a count of the other things when one is asked for each member', async () => {
    expect(await db.ask('how many pupils does each school in North have?')).toEqual(['Hilltop 1', 'Oakfield 1']);
  });
});

describe('rows made by things named with a value of theirs', () => {
  const db = bootstrappedDuckdb(
    'haulage',
    `CREATE TABLE lorry (lorry_id INTEGER PRIMARY KEY, plate VARCHAR, maker VARCHAR);
     INSERT INTO lorry VALUES (1, 'AB1', 'Volvo'), (2, 'CD2', 'Scania'), (3, 'EF3', 'Volvo');
     CREATE TABLE delivery (delivery_id INTEGER PRIMARY KEY, lorry_id INTEGER REFERENCES lorry(lorry_id), km DOUBLE, town VARCHAR);
     INSERT INTO delivery VALUES (1, 1, 120, 'Leeds'), (2, 2, 80, 'Hull'), (3, 3, 200, 'York'), (4, 2, 50, 'York');`,
  );
  const club = bootstrappedDuckdb(
    'rowing',
    `CREATE TABLE rower (rower_id INTEGER PRIMARY KEY, rower_name VARCHAR, squad VARCHAR);
     INSERT INTO rower VALUES (1, 'Ann', 'senior'), (2, 'Bo', 'junior'), (3, 'Cal', 'senior');
     CREATE TABLE outing (outing_id INTEGER PRIMARY KEY, rower_id INTEGER REFERENCES rower(rower_id), metres INTEGER);
     INSERT INTO outing VALUES (1, 1, 5000), (2, 2, 3000), (3, 3, 6000), (4, 1, 4000);`,
  );

  it('reads "by" before a value and its things as whose rows they are, never a ranking by the things', async () => {
    expect(await db.ask('how many deliveries were made by Volvo lorries?')).toEqual(['2']);
    expect(await db.ask('what is the total km of deliveries by Scania lorries')).toEqual(['130']);
    expect(await club.ask('how many outings were rowed by senior rowers')).toEqual(['3']);
    expect(await club.ask('total metres of outings by junior rowers')).toEqual(['3000']);
  });

  it('still breaks down by a column after "by"', async () => {
    expect(await db.ask('total km by maker')).toEqual(['Scania 130', 'Volvo 320']);
  });
});
