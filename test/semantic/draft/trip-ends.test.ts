/**
 * Two columns of a trip naming the same kind of thing (`from_station` / `to_station`, `origin_depot` /
 * `destination_depot`): the draft relates each to the referenced table as a role of its own, with that
 * table's text columns, and "from X to Y" reads each value at its end (the table joined twice). A value
 * with no word saying which end stays two readings. Two vocabularies: trains between stations, parcels
 * between depots.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../../helpers/bootstrapped-duckdb.js';

const sqlOf = (r: Awaited<ReturnType<ReturnType<typeof bootstrappedDuckdb>['answer']>>) => ('sql' in r ? String(r.sql) : '');

describe('the ends of a trip are roles of the table they refer to', () => {
  const rail = bootstrappedDuckdb(
    'rail-ends',
    `CREATE TABLE stations (station_code VARCHAR PRIMARY KEY, station_name VARCHAR, town VARCHAR);
     INSERT INTO stations VALUES ('LDS', 'Leeds City', 'Leeds'), ('YRK', 'York Central', 'York'), ('HGT', 'Harrogate Road', 'Harrogate');
     CREATE TABLE trains (train_id INTEGER PRIMARY KEY, from_station VARCHAR, to_station VARCHAR, seats INTEGER);
     INSERT INTO trains VALUES (11, 'LDS', 'YRK', 300), (12, 'YRK', 'LDS', 280), (13, 'LDS', 'HGT', 150), (14, 'HGT', 'YRK', 120);`,
  );
  const parcels = bootstrappedDuckdb(
    'parcel-ends',
    `CREATE TABLE depots (depot_id INTEGER PRIMARY KEY, depot_name VARCHAR, region VARCHAR);
     INSERT INTO depots VALUES (1, 'Northgate', 'Tyneside'), (2, 'Southmoor', 'Wessex'), (3, 'Eastwick', 'Anglia');
     CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, origin_depot_id INTEGER, destination_depot_id INTEGER, weight_kg DOUBLE);
     INSERT INTO parcels VALUES (101, 1, 2, 2.5), (102, 2, 1, 4.0), (103, 1, 3, 1.0), (104, 3, 2, 7.5);`,
  );

  it('drafts one role of the stations per end, each with the station columns', () => {
    const m = rail.model;
    const ends = (m.relationships ?? []).filter((r) => r.from === 'trains');
    expect(ends.map((r) => r.on[0]![0]).sort()).toEqual(['from_station', 'to_station']);
    for (const r of ends) expect(m.entities.find((e) => e.name === r.to)?.table).toBe('stations');
    const towns = (m.dimensions ?? []).filter((d) => d.sql.endsWith('.town')).map((d) => d.entity);
    expect(towns).toEqual(expect.arrayContaining(ends.map((r) => r.to)));
  });

  it('trains: "from Leeds to York" reads each town at its end, the stations joined twice', async () => {
    const r = await rail.answer('show the trains from Leeds to York');
    expect(r.status).toBe('done');
    expect(sqlOf(r).match(/JOIN stations/g)?.length).toBe(2);
    expect(await rail.ask('show the trains from Leeds to York')).toEqual(['11']);
    expect(await rail.ask('list trains from York to Leeds')).toEqual(['12']);
    expect(await rail.ask('how many trains go to York')).toEqual(['2']);
  });

  it('parcels: origin and destination depots are the ends of "from" and "to"', async () => {
    expect(await parcels.ask('list the parcels from Northgate to Southmoor')).toEqual(['101']);
    expect(await parcels.ask('how many parcels from Anglia')).toEqual(['1']);
    expect(await parcels.ask('list parcels to Southmoor')).toEqual(['101', '104']);
  });

  it("a request said of oneself or for a thing's information lists the things; a count asked stays a count", async () => {
    expect(await rail.ask('i need a train from Leeds to Harrogate')).toEqual(['13']);
    expect(await rail.ask('train information from Harrogate to York')).toEqual(['14']);
    expect(await parcels.ask('i would like the parcels from Southmoor to Northgate')).toEqual(['102']);
    expect(await parcels.ask('looking for parcels from Eastwick')).toEqual(['104']);
    expect(await parcels.ask('i need the number of parcels from Northgate')).toEqual(['2']);
  });

  it('a verb of leaving or arriving says the end as "from" and "to" do; another verb says none', async () => {
    expect(await rail.ask('list the trains leaving York')).toEqual(['12']);
    expect(await rail.ask('show trains arriving in York')).toEqual(['11', '14']);
    expect(await parcels.ask('list parcels arriving at Southmoor')).toEqual(['101', '104']);
    expect(await parcels.ask('list parcels departing Northgate')).toEqual(['101', '103']);
    expect((await rail.ask('list trains stopping in York'))[0]).toMatch(/^refused/);
  });

  it('"between A and B" goes from A to B; "in either direction" is not read', async () => {
    expect(await rail.ask('list trains between Leeds and Harrogate')).toEqual(['13']);
    expect(await parcels.ask('how many parcels between Eastwick and Southmoor')).toEqual(['1']);
    expect((await rail.ask('list trains between Leeds and York in either direction'))[0]).toMatch(/^refused/);
  });

  it('a town with no word of its end is still two readings', async () => {
    expect((await rail.ask('how many trains in Leeds'))[0]).toMatch(/^refused/);
    expect((await parcels.ask('list the Northgate parcels'))[0]).toMatch(/^refused/);
  });
});
