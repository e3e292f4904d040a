/**
 * A relation between members of one thing kept as pairs in a table of their own ("which parishes
 * border Ashby", "stations connected to Leeds"): the other column of the pairs the member named is in.
 * Our own wordings on two drafted databases (a county's parishes and their borders, a railway's
 * stations and their links); a member stored on both sides of the pairs, a negation, or a relation word
 * naming no column of the pairs stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { ask } from './helpers.js';

describe('pairs of one thing kept in a table of their own', () => {
  const county = bootstrappedDuckdb(
    'parish-borders',
    `CREATE TABLE parishes (parish_name VARCHAR PRIMARY KEY, population INTEGER);
     INSERT INTO parishes VALUES ('Ashby', 5200), ('Brill', 800), ('Corby', 3100), ('Dunmore', 450);
     CREATE TABLE parish_borders (parish_name VARCHAR REFERENCES parishes (parish_name), bordering_parish VARCHAR);
     INSERT INTO parish_borders VALUES ('Ashby', 'Brill'), ('Ashby', 'Corby'), ('Ashby', 'Elsworth'), ('Corby', 'Dunmore'), ('Dunmore', 'Fenby');`,
  );
  const railway = bootstrappedDuckdb(
    'station-links',
    `CREATE TABLE stations (station_name VARCHAR PRIMARY KEY, zone INTEGER);
     INSERT INTO stations VALUES ('Leeds', 1), ('York', 2), ('Selby', 3);
     CREATE TABLE station_links (station_name VARCHAR REFERENCES stations (station_name), connected_station VARCHAR, minutes INTEGER);
     INSERT INTO station_links VALUES ('Leeds', 'Bradford', 20), ('Leeds', 'Wakefield', 15), ('York', 'Malton', 25);`,
  );

  it('lists the other member of each pair, whatever the word of adjacency', async () => {
    const ashby = ['Brill', 'Corby', 'Elsworth'];
    expect(await county.ask('which parishes border Ashby')).toEqual(ashby);
    expect(await county.ask('parishes bordering Ashby')).toEqual(ashby);
    expect(await county.ask('what are the neighbouring parishes of Ashby?')).toEqual(ashby);
    expect(await county.ask('list the parishes adjacent to Ashby')).toEqual(ashby);
    expect(await county.ask('what borders Ashby')).toEqual(ashby);
    // (stored only as the other member: the pairs are read the other way round)
    expect(await county.ask('which parishes border Fenby')).toEqual(['Dunmore']);
  });

  it('counts them', async () => {
    expect(await county.ask('how many parishes border Ashby')).toEqual(['3']);
  });

  it('in another vocabulary: stations connected to a station', async () => {
    expect(await railway.ask('which stations are connected to Leeds')).toEqual(['Bradford', 'Wakefield']);
    expect(await railway.ask('stations connected to York')).toEqual(['Malton']);
    expect(await railway.ask('how many stations are connected to Leeds')).toEqual(['2']);
  });

  it('a member stored on both sides of the pairs is refused (pairs kept the other way round would be missed)', async () => {
    expect((await county.ask('which parishes border Corby'))[0]).toMatch(/^refused/);
    expect((await county.ask('which parishes border Dunmore'))[0]).toMatch(/^refused/);
  });

  it('a negation is not this reading; a relation word naming no column of the pairs is refused', async () => {
    expect(await county.ask('which parishes do not border Ashby')).not.toEqual(['Brill', 'Corby', 'Elsworth']);
    expect((await railway.ask('which stations border Leeds'))[0]).toMatch(/^refused/);
    expect((await county.ask('which parishes are connected to Ashby'))[0]).toMatch(/^refused/);
  });

  it('TPC-H keeps no pairs: adjacency stays not understood', () => {
    expect(ask('which nations border FRANCE').kind).not.toBe('query');
  });
});
