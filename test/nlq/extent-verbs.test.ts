/**
 * Verbs of extent ("runs through", "flows through", "crosses", "traverses", "passes through") over a column naming the
 * places each thing passes, and words of adjacency said with the subject first ("how many parishes does Ashby
 * border"). Our own wordings on two drafted databases: a moorland's streams and the regions they cross, and a railway
 * whose lines pass through towns. A value stored both as a place passed and as another thing's name is read as the
 * place when a verb of extent stands before it; an unknown verb, a negation, a verb with no particle, and a thing asked
 * that the column does not hold stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('verbs of extent and the places a thing passes', () => {
  const moor = bootstrappedDuckdb(
    'moor-streams',
    `CREATE TABLE regions (region_name VARCHAR PRIMARY KEY, population INTEGER, area DOUBLE);
     INSERT INTO regions VALUES ('Arden', 52000, 1200), ('Brinmoor', 8000, 300), ('Carrick', 31000, 900), ('Dunholm', 4500, 2100), ('Eskdale', 12000, 650);
     CREATE TABLE streams (stream_name VARCHAR, length INTEGER, crosses VARCHAR);
     INSERT INTO streams VALUES ('Lune', 120, 'Arden'), ('Lune', 120, 'Brinmoor'), ('Tees', 300, 'Carrick'), ('Tees', 300, 'Arden'), ('Tees', 300, 'Dunholm'), ('Wear', 80, 'Eskdale');
     CREATE TABLE peaks (peak_name VARCHAR PRIMARY KEY, height INTEGER, region_name VARCHAR REFERENCES regions (region_name));
     INSERT INTO peaks VALUES ('High Pike', 931, 'Arden'), ('Black Fell', 640, 'Carrick'), ('Grey Crag', 702, 'Dunholm');`,
  );
  const railway = bootstrappedDuckdb(
    'rail-lines',
    `CREATE TABLE towns (town_name VARCHAR PRIMARY KEY, population INTEGER);
     INSERT INTO towns VALUES ('Selby', 14000), ('Malton', 4900), ('Thirsk', 5000), ('Goole', 19000);
     CREATE TABLE lines (line_name VARCHAR, opened INTEGER, passes_through VARCHAR);
     INSERT INTO lines VALUES ('Coast', 1845, 'Selby'), ('Coast', 1845, 'Goole'), ('Vale', 1852, 'Thirsk'), ('Vale', 1852, 'Malton'), ('Vale', 1852, 'Selby');
     CREATE TABLE town_links (town_name VARCHAR REFERENCES towns (town_name), adjacent_town VARCHAR);
     INSERT INTO town_links VALUES ('Selby', 'Goole'), ('Selby', 'Snaith'), ('Malton', 'Pickering');`,
  );

  it('things that pass a place: the verb of extent before a value names the column of places', async () => {
    expect(await moor.ask('which streams run through Arden')).toEqual(['Lune', 'Tees']);
    expect(await moor.ask('streams crossing Arden')).toEqual(['Lune', 'Tees']);
    expect(await moor.ask('which streams traverse Carrick')).toEqual(['Tees']);
    expect(await railway.ask('which lines go through Selby')).toEqual(['Coast', 'Vale']);
    expect(await railway.ask('lines that run through Thirsk')).toEqual(['Vale']);
    // (the draft calls the columns "stream crosses", "line passes through": the things and their verb, read as such)
    expect(await moor.ask('which streams cross Arden')).toEqual(['Lune', 'Tees']);
    expect(await moor.ask('how many streams cross Carrick')).toEqual(['1']);
    expect(await railway.ask('which lines pass through Thirsk')).toEqual(['Vale']);
  });

  it('the places a named thing passes, listed or counted', async () => {
    const tees = ['Arden', 'Carrick', 'Dunholm'];
    expect(await moor.ask('which regions does the Tees run through')).toEqual(tees);
    expect(await moor.ask('the regions the Tees flows through')).toEqual(tees);
    expect(await moor.ask('list the regions through which the Tees runs')).toEqual(tees);
    expect(await moor.ask('through which regions does the Tees flow?')).toEqual(tees);
    expect(await moor.ask('what are the regions the Tees crosses')).toEqual(tees);
    expect(await moor.ask('how many different regions does the Tees run through')).toEqual(['3']);
    expect(await moor.ask('what regions does the Lune cross?')).toEqual(['Arden', 'Brinmoor']);
    expect(await moor.ask('how many regions does the Tees flow through')).toEqual(['3']);
    expect(await moor.ask('the Tees runs through how many regions')).toEqual(['3']);
    expect(await railway.ask('which towns does the Vale line pass through')).toEqual(['Malton', 'Selby', 'Thirsk']);
    expect(await railway.ask('how many towns does the Coast line go through')).toEqual(['2']);
  });

  it('reads the column of the places, one distinct count of it for the member named', async () => {
    const r = await railway.answer('how many towns does the Coast line go through');
    expect(r.query?.filters).toEqual([{ dimension: 'line_name', op: 'eq', values: ['Coast'] }]);
    expect(r.query?.distinct_counts?.map((d) => d.dimension)).toEqual(['passes_through']);
  });

  it('an unknown verb, a verb with no particle, a negation or a thing the column does not hold stay refused', async () => {
    expect((await moor.ask('which streams wander through Arden'))[0]).toMatch(/^refused/);
    expect((await moor.ask('how many regions does the Tees run'))[0]).toMatch(/^refused/);
    // (each stream is kept in one row per region: "not Arden" rows would keep the Lune, which crosses Arden)
    expect((await moor.ask('which streams do not run through Arden'))[0]).toMatch(/^refused/);
    expect((await moor.ask('how many peaks does the Tees flow through'))[0]).toMatch(/^refused/);
    expect((await moor.ask('how many streams does the Tees cross'))[0]).toMatch(/^refused/);
  });

  it('words of adjacency with the subject first', async () => {
    expect(await railway.ask('how many towns does Selby border')).toEqual(['2']);
    expect(await railway.ask('Selby borders how many towns')).toEqual(['2']);
    expect(await railway.ask('which towns does Malton border')).toEqual(['Pickering']);
    // (Goole is stored on the pairs' other side only: read the other way round)
    expect(await railway.ask('which towns does Goole border')).toEqual(['Selby']);
    expect((await railway.ask('how many lines does Selby border'))[0]).toMatch(/^refused/);
  });
});
