/**
 * One table of adjective senses read in every degree: "how heavy is X", "heavier than 100", "the heaviest
 * X" name the same column of the thing (`measure-senses.ts`). Our own wordings on two small databases of
 * our own (a zoo, a fleet), bootstrapped unedited; the neighbouring wrong readings stay refused: an
 * adjective of a sense the thing keeps no column of, and one whose sense names two of its columns.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('adjectives of measurement in a zoo', () => {
  const db = bootstrappedDuckdb(
    'zoo',
    `CREATE TABLE animals (animal_id INTEGER PRIMARY KEY, animal_name VARCHAR, weight_kg DOUBLE, birth_date DATE, enclosure VARCHAR);
     INSERT INTO animals VALUES (1, 'Nala', 130.5, DATE '2015-04-02', 'Savannah'), (2, 'Pip', 4.2, DATE '2020-06-11', 'Burrow'),
       (3, 'Bruno', 310.0, DATE '2009-01-20', 'Forest');
     CREATE TABLE enclosures (enclosure_id INTEGER PRIMARY KEY, enclosure_label VARCHAR, area_sqm INTEGER, visitors INTEGER);
     INSERT INTO enclosures VALUES (1, 'Savannah', 5200, 900), (2, 'Burrow', 80, 300), (3, 'Forest', 2600, 650);`,
  );

  it('reads weight in the base degree, the comparative and the superlative', async () => {
    expect(await db.ask('how heavy is Bruno')).toEqual(['310']);
    expect(await db.ask('animals heavier than 100')).toEqual(expect.arrayContaining([expect.stringContaining('Nala')]));
    expect((await db.ask('which animal is the lightest'))[0]).toContain('Pip');
  });

  it('reads a size as the area', async () => {
    expect(await db.ask('how big is the Burrow enclosure')).toEqual(['80']);
    expect((await db.ask('the smallest enclosure'))[0]).toMatch(/\b80$/);
  });

  it('reads a noun of a sense as the column of that sense', async () => {
    expect(await db.ask('what is the size of the Forest enclosure')).toEqual(['2600']);
    expect(await db.ask('what is the mass of Bruno')).toEqual(['310']);
    // (no column of the sense: never another number)
    expect((await db.ask('what is the height of Bruno'))[0]).toMatch(/^refused/);
  });

  it('reads "how heavy is the heaviest" as the superlative and its figure', async () => {
    expect(await db.ask('how heavy is the heaviest animal')).toEqual(['3 Bruno 310']);
    // (the adjective asks another figure than the one ranked)
    expect((await db.ask('how old is the heaviest animal'))[0]).toMatch(/^refused/);
  });

  it('refuses an adjective whose sense the thing keeps no column of', async () => {
    // (no height: never the weight)
    expect((await db.ask('how tall is Nala'))[0]).toMatch(/^refused/);
    // (no age column: a birth date is no age)
    expect((await db.ask('how old is Pip'))[0]).toMatch(/^refused/);
  });
});

describe('adjectives of measurement in a fleet', () => {
  const db = bootstrappedDuckdb(
    'fleet',
    `CREATE TABLE ships (ship_id INTEGER PRIMARY KEY, ship_name VARCHAR, length_m DOUBLE, build_year INTEGER, home_port VARCHAR);
     INSERT INTO ships VALUES (1, 'Marigold', 48.5, 1998, 'Hull'), (2, 'Kestrel', 112.0, 2011, 'Leith'), (3, 'Osprey', 75.25, 2004, 'Hull');
     CREATE TABLE crossings (crossing_id INTEGER PRIMARY KEY, crossing_name VARCHAR, distance_km DOUBLE, duration_min INTEGER);
     INSERT INTO crossings VALUES (1, 'Northern Sound', 42.0, 95), (2, 'Outer Firth', 18.5, 40);
     CREATE TABLE beacons (beacon_id INTEGER PRIMARY KEY, beacon_name VARCHAR, tower_height_m DOUBLE);
     INSERT INTO beacons VALUES (1, 'Flamborough', 26.5), (2, 'Bass Rock', 20.0);
     CREATE TABLE harbours (harbour_id INTEGER PRIMARY KEY, harbour_name VARCHAR, population INTEGER);
     INSERT INTO harbours VALUES (1, 'Hull', 267000), (2, 'Leith', 19000);`,
  );

  it('reads a length in every degree', async () => {
    expect(await db.ask('how long is the Kestrel')).toEqual(['112']);
    expect(await db.ask('ships shorter than 60')).toEqual(expect.arrayContaining([expect.stringContaining('Marigold')]));
    expect((await db.ask('which ship is the longest'))[0]).toContain('Kestrel');
  });

  it('reads the elevation of a beacon as its height, and how long the longest ship is', async () => {
    expect(await db.ask('what is the elevation of Flamborough')).toEqual(['26.5']);
    expect(await db.ask('how long is the longest ship')).toEqual(['2 Kestrel 112']);
    // (a ship keeps no size)
    expect((await db.ask('what is the size of the Kestrel'))[0]).toMatch(/^refused/);
  });

  it('reads how big a place is as its population when it keeps no area or size', async () => {
    expect(await db.ask('how big is the harbour of Leith')).toEqual(['19000']);
    // ("the harbour of Hull": the harbour named so, though ships have Hull as their home port)
    expect(await db.ask('how big is the harbour of Hull')).toEqual(['267000']);
  });

  it('refuses "how long" of a thing with both a distance and a duration', async () => {
    expect((await db.ask('how long is the Outer Firth crossing'))[0]).toMatch(/^refused/);
    expect((await db.ask('which crossing is the longest'))[0]).toMatch(/^refused/);
  });
});

describe('a member named after its thing and "of"', () => {
  const db = bootstrappedDuckdb(
    'shire',
    `CREATE TABLE parishes (parish_name VARCHAR PRIMARY KEY, area_ha INTEGER);
     INSERT INTO parishes VALUES ('Ashwell', 1800), ('Brinkley', 950);
     CREATE TABLE towns (town_id INTEGER PRIMARY KEY, town_name VARCHAR, population INTEGER, parish_name VARCHAR REFERENCES parishes(parish_name));
     INSERT INTO towns VALUES (1, 'Ashwell', 4100, 'Ashwell'), (2, 'Fenby', 700, 'Ashwell'), (3, 'Brinkley', 1250, 'Brinkley');`,
  );

  it('reads "the town of X" as the town named X, though a parish is named so too', async () => {
    expect(await db.ask('how big is the town of Ashwell')).toEqual(['4100']);
    expect(await db.ask('how big is the parish of Ashwell')).toEqual(['1800']);
  });

  it('reads a name said alone as the thing measured by the sense first; a plural stays refused', async () => {
    // (the parish's area is the size first; the town has only a population: the parish)
    expect(await db.ask('how big is Brinkley')).toEqual(['950']);
    // ("the towns of Ashwell" are the towns in it, never a town named so)
    expect((await db.ask('how big are the towns of Ashwell'))[0]).toMatch(/^refused/);
  });
});

describe('a price kept as a rate charged by the period, or as a fare or a rent', () => {
  const tutors = bootstrappedDuckdb(
    'tutoring',
    `CREATE TABLE tutors (tutor_id INTEGER PRIMARY KEY, tutor_name VARCHAR, subject VARCHAR, hourly_rate DECIMAL(6,2));
     INSERT INTO tutors VALUES (1, 'Nia Rowe', 'Maths', 35.00), (2, 'Olu Ade', 'Chemistry', 52.50), (3, 'Pam Yu', 'French', 28.00);
     CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, borrower VARCHAR, principal INTEGER, interest_rate DOUBLE);
     INSERT INTO loans VALUES (1, 'Quin', 5000, 0.04), (2, 'Ros', 12000, 0.07);`,
  );
  const ferries = bootstrappedDuckdb(
    'ferries',
    `CREATE TABLE crossings (crossing_id INTEGER PRIMARY KEY, route_name VARCHAR, fare DECIMAL(6,2), minutes INTEGER);
     INSERT INTO crossings VALUES (1, 'North Sound', 18.50, 40), (2, 'Gull Point', 9.00, 25), (3, 'Far Isle', 31.00, 95);`,
  );

  it('reads expensive and cheap by an hourly rate, in every degree', async () => {
    expect(await tutors.ask('who is the most expensive tutor')).toEqual(['2 Olu Ade 52.5']);
    expect(await tutors.ask('the cheapest tutor')).toEqual(['3 Pam Yu 28']);
    expect(await tutors.ask('tutors cheaper than 30')).toEqual(['Pam Yu']);
  });

  it('reads them by a fare', async () => {
    expect(await ferries.ask('the most expensive crossing')).toEqual(['3 Far Isle 31']);
    expect(await ferries.ask('crossings more expensive than 15')).toEqual(['Far Isle 31', 'North Sound 18.5']);
  });

  it('never reads a rate of no period as a price', async () => {
    expect((await tutors.ask('the most expensive loan'))[0]).toMatch(/^refused/);
    expect((await tutors.ask('loans cheaper than 0.05'))[0]).toMatch(/^refused/);
  });
});
