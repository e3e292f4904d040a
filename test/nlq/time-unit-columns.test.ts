/**
 * "longer / shorter than <number> <time unit>" of a thing with no column of the sense (length,
 * duration, runtime) but one named by that very unit (`milliseconds`, `call_seconds`): the unit names
 * the column, and "the longest" / "the shortest" rank by it. Another unit is a conversion and is refused. Our own wordings on two drafted databases.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a time unit naming the column compared', () => {
  const music = bootstrappedDuckdb(
    'music-time-units',
    `CREATE TABLE songs (song_id INTEGER PRIMARY KEY, song_title VARCHAR, milliseconds INTEGER);
     INSERT INTO songs VALUES (1, 'Undertow', 245000), (2, 'Paper Kites', 312000), (3, 'Lowland', 198000);`,
  );
  const desk = bootstrappedDuckdb(
    'desk-time-units',
    `CREATE TABLE calls (call_id INTEGER PRIMARY KEY, caller VARCHAR, call_seconds INTEGER);
     INSERT INTO calls VALUES (1, 'Ada', 45), (2, 'Bo', 380), (3, 'Cy', 95), (4, 'Di', 20);`,
  );

  it('reads the column the unit names', async () => {
    expect((await music.ask('songs longer than 300000 milliseconds')).map((r) => r.split(' ')[0])).toEqual(['2']);
    expect(await music.ask('how many songs are shorter than 250000 milliseconds')).toEqual(['2']);
    expect(await desk.ask('how many calls were longer than 60 seconds')).toEqual(['2']);
  });

  it('ranks by it: "the longest song", "the 2 shortest songs"', async () => {
    expect((await music.ask('which song is the longest')).map((r) => r.split(' ')[0])).toEqual(['2']);
    expect((await music.ask('the 2 shortest songs')).map((r) => r.split(' ')[0]).sort()).toEqual(['1', '3']);
  });

  it('refuses another unit (a conversion)', async () => {
    expect((await music.ask('songs longer than 5 minutes'))[0]).toMatch(/^refused/);
    expect((await desk.ask('how many calls were longer than 2 minutes'))[0]).toMatch(/^refused/);
  });
});
