/**
 * Years kept in a column whose name says how the thing began, not "year" (`opened`, `founded`, `launched`,
 * `debut`, `first_toured`), in two vocabularies of our own (a circuit of halls and troupes, a coast of harbours
 * and ships): the draft marks such a column `grain: year` when every value lies in a span of years, and then a
 * period of whole years filters it, "first" / "most recently" / "oldest" / "newest" order by it, "in each year"
 * and "the year with the most" break down by it. The neighbouring readings: a number whose name says no beginning
 * (`seats` 1050 to 1900, `decks` 1 to 5) is never a year; a person's age is never a debut year; two such columns
 * and no verb naming one is no reading.
 */
import { describe, expect, it } from 'vitest';
import { beginningYear } from '../../src/semantic/draft/vocabulary.js';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const circuit = bootstrappedDuckdb(
  'circuit',
  `
    CREATE TABLE hall (hall_id INTEGER PRIMARY KEY, hall_name TEXT, town TEXT, seats INTEGER, opened INTEGER);
    INSERT INTO hall VALUES (1,'Kings Hall','Ashford',1050,1784),(2,'Mill Theatre','Bury',1450,1902),
      (3,'Lantern Rooms','Ashford',1200,1938),(4,'Quay Stage','Deal',1900,1988),(5,'Glass House','Bury',1300,1988);
    CREATE TABLE troupe (troupe_id INTEGER PRIMARY KEY, troupe_name TEXT, founded INTEGER, first_toured INTEGER);
    INSERT INTO troupe VALUES (1,'Red Masks',1951,1949),(2,'Blue Door',1975,1980),(3,'Tin Players',1968,1970);
    CREATE TABLE actor (actor_id INTEGER PRIMARY KEY, actor_name TEXT, age INTEGER, debut INTEGER);
    INSERT INTO actor VALUES (1,'Ivo Lamb',61,1985),(2,'Una Reed',29,2014),(3,'Pia Holt',44,1999);
    CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, singer_name TEXT, debut INTEGER);
    INSERT INTO singer VALUES (1,'Lou Marsh',2003),(2,'Kit Vane',1991),(3,'Bea Stroud',2012);
  `,
);
const coast = bootstrappedDuckdb(
  'coast',
  `
    CREATE TABLE harbour (harbour_id INTEGER PRIMARY KEY, harbour_name TEXT, berths INTEGER, established INTEGER);
    INSERT INTO harbour VALUES (1,'Saltmouth',40,1652),(2,'Greywick',25,1790),(3,'Fenport',60,1921);
    CREATE TABLE ship (ship_id INTEGER PRIMARY KEY, ship_name TEXT, harbour_id INTEGER REFERENCES harbour(harbour_id), launched INTEGER, decks INTEGER);
    INSERT INTO ship VALUES (1,'Petrel',1,1996,2),(2,'Kestrel',1,2005,3),(3,'Osprey',2,2019,5),(4,'Tern',3,2019,1),(5,'Gannet',3,2011,3);
  `,
);

describe('the draft: a column of years named by its beginning', () => {
  it('is a year (grain: year) only when its name says a beginning and its values are years', () => {
    const dims = [...circuit.model.dimensions!, ...coast.model.dimensions!];
    const grainOf = (column: string) => dims.find((d) => d.sql === `\${TABLE}.${column}`)?.grain;
    for (const c of ['opened', 'founded', 'first_toured', 'debut', 'established', 'launched']) expect(grainOf(c)).toBe('year');
    // (numbers whose names say no beginning: seats all between 1050 and 1900, decks 1 to 5, berths)
    for (const c of ['seats', 'decks', 'berths']) expect(grainOf(c)).toBeUndefined();
    // never a figure summed
    expect(circuit.model.measures!.some((m) => /opened|founded|debut/.test(m.sql ?? ''))).toBe(false);
  });
  it('the phrases a person says of the year', () => {
    expect(beginningYear(['founded'])).toEqual(['year founded', 'founding year', 'year of founding']);
    expect(beginningYear(['built'])).toEqual(['year built', 'construction year', 'year of construction']);
    expect(beginningYear(['first', 'aired'])).toEqual(['year first aired']);
    expect(beginningYear(['seats'])).toBeUndefined();
    expect(beginningYear(['closed'])).toBeUndefined();
  });
});

describe('periods of whole years on it', () => {
  it('before, after, between, in, or', async () => {
    expect(await circuit.ask('which halls opened before 1900')).toEqual(['1 Kings Hall']);
    expect(await circuit.ask('halls that opened after 1950')).toEqual(['4 Quay Stage', '5 Glass House']);
    expect(await circuit.ask('list the halls opened between 1900 and 1950')).toEqual(['2 Mill Theatre', '3 Lantern Rooms']);
    expect(await circuit.ask('how many halls opened before 1950?')).toEqual(['3']);
    expect(await coast.ask('names of ships launched before 2000')).toEqual(['Petrel']);
    expect(await coast.ask('how many ships were launched after 2010')).toEqual(['3']);
    expect(await coast.ask('list the ships launched between 2000 and 2012')).toEqual(['2 Kestrel', '5 Gannet']);
    expect(await coast.ask('harbours established before 1900')).toEqual(['1 Saltmouth', '2 Greywick']);
    expect(await coast.ask('show the ship names for ships launched in 2005 or 2011')).toEqual(['Gannet', 'Kestrel']);
  });
  it('a figure of the things of those years', async () => {
    expect(await circuit.ask('total seats of halls opened before 1950')).toEqual(['3700']);
    expect(await circuit.ask('the towns of halls opened after 1900')).toEqual(['Ashford', 'Bury', 'Deal']);
    expect(await coast.ask('average decks of ships launched after 2000')).toEqual(['3']);
  });
  it('a verb of the noun the column is named by ("debuted" and `debut`)', async () => {
    expect(await circuit.ask('singers that debuted after 2000')).toEqual(['1 Lou Marsh 2003', '3 Bea Stroud 2012']);
    expect(await circuit.ask('how many actors debuted before 2000')).toEqual(['2']);
  });
});

describe('first, last, oldest, newest by it', () => {
  it('the verb names the column; ties kept', async () => {
    expect(await circuit.ask('which hall opened first?')).toEqual(['1 Kings Hall 1784']);
    expect(await circuit.ask('Which hall was opened most recently?')).toEqual(['Glass House 1988', 'Quay Stage 1988']);
    expect(await circuit.ask('which troupe was founded first')).toEqual(['1 Red Masks 1951']);
    expect(await circuit.ask('which troupe toured first')).toEqual(['1 Red Masks 1949']);
    expect(await coast.ask('which harbour was established first')).toEqual(['1 Saltmouth 1652']);
    expect(await coast.ask('which ship was launched most recently')).toEqual(['Osprey 2019', 'Tern 2019']);
    expect(await circuit.ask('which singer debuted first')).toEqual(['2 Kit Vane 1991']);
  });
  it('oldest and newest of a thing with one such column', async () => {
    expect(await circuit.ask('what is the oldest hall')).toEqual(['1 Kings Hall 1784']);
    expect(await circuit.ask('the newest hall')).toEqual(['4 Quay Stage 1988', '5 Glass House 1988']);
    expect(await coast.ask('the oldest ship')).toEqual(['1 Petrel 1996']);
    expect(await coast.ask('which is the oldest harbour?')).toEqual(['1 Saltmouth 1652']);
  });
  it('ordered by it', async () => {
    const ordered = await circuit.answer('list halls sorted by opening year');
    expect(ordered.status === 'done' && ordered.rows.map((r) => Object.values(r).at(-1))).toEqual([1784, 1902, 1938, 1988, 1988]);
    const harbours = await coast.answer('list the harbours in order of year established');
    expect(harbours.status === 'done' && harbours.rows.map((r) => Object.values(r).at(-1))).toEqual([1652, 1790, 1921]);
  });
});

describe('counted and broken down by it', () => {
  it('in each year, the year with the most', async () => {
    expect(await circuit.ask('how many halls opened in each year')).toEqual(['1784 1', '1902 1', '1938 1', '1988 2']);
    expect(await coast.ask('how many ships were launched each year')).toEqual(['1996 1', '2005 1', '2011 1', '2019 2']);
    expect(await coast.ask('which year were the most ships launched')).toEqual(['2019 2']);
    expect(await circuit.ask('in which year were the most halls opened?')).toEqual(['1988 2']);
  });
});

describe('the neighbouring readings', () => {
  it('a number whose name says no beginning stays a number', async () => {
    expect(await circuit.ask('how many seats are there in total')).toEqual(['6900']);
    expect(await circuit.ask('halls with more than 1400 seats')).toEqual(['2 Mill Theatre 1450', '4 Quay Stage 1900']);
    expect(await coast.ask('ships with 3 decks')).toEqual(['Gannet', 'Kestrel']);
  });
  it('a person is oldest by age, never by a debut year', async () => {
    expect(await circuit.ask('the oldest actor')).toEqual(['1 Ivo Lamb 61']);
    expect((await circuit.ask('the oldest singer'))[0]).toMatch(/^refused/);
    expect((await circuit.ask('who is the youngest singer'))[0]).toMatch(/^refused/);
  });
  it('two such columns and no verb naming one: no reading', async () => {
    expect((await circuit.ask('the oldest troupe'))[0]).toMatch(/^refused/);
    expect((await circuit.ask('the newest troupe'))[0]).toMatch(/^refused/);
  });
  it('first of several with nothing said of which: no reading', async () => {
    expect((await circuit.ask('which halls opened first'))[0]).toMatch(/^refused/);
  });
});
