/**
 * Members named by their name, on a bootstrapped model of a small atlas of our own (provinces, their
 * towns, a table of summits keyed by the province's name, a table of neighbouring provinces):
 * a text key joins the table its name speaks of; a value that names a member picks the figure of its
 * thing; "the province of X" reads X as a province or not at all; one asked for keeps every member
 * tied for it; "where are" and "the us" are never filler. And albums credited to artists (a link
 * table): a bare phrase of things lists them; "by Ann and Bo" is refused (both, or either?).
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

// Alphabetically "peak" comes before "province": both are keyed by a province_name.
const atlas = bootstrappedDuckdb(
  'atlas',
  `
    CREATE TABLE province (province_name VARCHAR, population INTEGER, area DOUBLE, seat VARCHAR);
    INSERT INTO province VALUES ('Arden', 500, 20.5, 'Oakham'), ('Brill', 900, 12.0, 'Wrenby'), ('Corve', 900, 30.0, 'Lydd'), ('Dunmore', 300, 8.5, 'Fenton');
    CREATE TABLE town (town_name VARCHAR, province_name VARCHAR, population INTEGER);
    INSERT INTO town VALUES ('Oakham', 'Arden', 200), ('Ashby', 'Arden', 150), ('Wrenby', 'Brill', 400), ('Lydd', 'Corve', 350), ('Fenton', 'Dunmore', 120);
    CREATE TABLE peak (province_name VARCHAR, summit VARCHAR, elevation INTEGER);
    INSERT INTO peak VALUES ('Arden', 'Grey Fell', 900), ('Brill', 'Kite Hill', 450), ('Corve', 'High Pike', 1200);
    CREATE TABLE neighbour (province_name VARCHAR, neighbour VARCHAR);
    INSERT INTO neighbour VALUES ('Arden', 'Brill'), ('Brill', 'Arden'), ('Brill', 'Corve'), ('Corve', 'Brill'), ('Arden', 'Hollin');
    CREATE TABLE album (album_id INTEGER PRIMARY KEY, title VARCHAR, plays INTEGER);
    INSERT INTO album VALUES (1, 'Low Tide', 10), (2, 'Ember', 4), (3, 'North Road', 7);
    CREATE TABLE label (label_id INTEGER PRIMARY KEY, label_name VARCHAR);
    INSERT INTO label VALUES (1, 'Kestrel'), (2, 'Sable');
    CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, artist_name VARCHAR, label_id INTEGER REFERENCES label(label_id));
    INSERT INTO artist VALUES (1, 'Ann Vale', NULL), (2, 'Bo Reyes', 1), (3, 'Cy Moss', 2);
    CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, venue_name VARCHAR);
    INSERT INTO venue VALUES (1, 'Lumen'), (2, 'Quill');
    CREATE TABLE author (author_id INTEGER PRIMARY KEY, author_name VARCHAR);
    INSERT INTO author VALUES (1, 'Ida Marsh'), (2, 'Tom Reed');
    CREATE TABLE publication (publication_id INTEGER PRIMARY KEY, title VARCHAR, venue_id INTEGER REFERENCES venue(venue_id), year INTEGER, citation_num INTEGER);
    INSERT INTO publication VALUES (1, 'On Tides', 1, 2019, 9), (2, 'Salt Roads', 1, 2021, 4), (3, 'Fen Birds', 2, 2022, 7);
    CREATE TABLE authorship (publication_id INTEGER REFERENCES publication(publication_id), author_id INTEGER REFERENCES author(author_id));
    INSERT INTO authorship VALUES (1, 1), (2, 2), (3, 1);
    CREATE TABLE credit (album_id INTEGER REFERENCES album(album_id), artist_id INTEGER REFERENCES artist(artist_id));
    INSERT INTO credit VALUES (1, 1), (1, 2), (2, 1), (3, 3);
  `,
);
const { ask } = atlas;

describe('members named by their name (bootstrapped atlas)', () => {
  it('a text key joins the table its name speaks of, not another table keyed by the same name', () => {
    const rels = (atlas.model.relationships ?? []).map((r) => `${r.from}.${r.on[0]![0]}->${r.to}`);
    expect(rels).toContain('neighbour.province_name->province');
    expect(rels).toContain('town.province_name->province');
    expect(rels).not.toContain('neighbour.province_name->peak');
  });
  it('"the population of Arden" (Arden also a neighbour and a peak\'s key): the figure or column of the thing the value names', async () => {
    expect(await ask('what is the population of Arden')).toEqual(['500']);
    expect(await ask('what is the population of the province of Arden')).toEqual(['500']);
    expect(await ask('what is the seat of Brill')).toEqual(['Wrenby']);
    // the towns are still counted by naming them
    expect(await ask('how many towns are in the province of Arden')).toEqual(['2']);
  });
  it('"the province of Hollin": Hollin is not a province (only a neighbour): refused, never read as the neighbour', async () => {
    const [answer] = await ask('how many people are in the province of Hollin');
    expect(answer).toMatch(/^refused: .*Hollin/i);
  });
  it('one asked for keeps every member tied for it', async () => {
    expect(await ask('which province has the most people')).toEqual(['Brill 900', 'Corve 900']);
    // a number asked for is that many rows
    expect(await ask('top 1 province by population')).toHaveLength(1);
  });
  it('"where are" asks for a place and "the us" names a country: refused, never answered as a count or a list', async () => {
    expect((await ask('where are towns'))[0]).toMatch(/^refused: .*"where"/);
    expect((await ask('what is the highest elevation in the us'))[0]).toMatch(/^refused: .*"us"/);
  });
  it('a bare phrase of things lists them; "the number of" counts them', async () => {
    expect(await ask('albums by Ann Vale')).toEqual(['1 Low Tide', '2 Ember']);
    expect(await ask('number of albums by Ann Vale')).toEqual(['2']);
  });
  it('"by Ann and Bo" through a link table (an album has several artists) is refused; "or" lists either', async () => {
    expect((await ask('albums by Ann Vale and Bo Reyes'))[0]).toMatch(/^refused: .*"both" or "either"/);
    expect(await ask('albums by Ann Vale or Bo Reyes')).toEqual(['1 Low Tide', '2 Ember']);
  });
  it('values alone name no figure (no default figure is summed), and "the total <column>" is never a list of it', async () => {
    expect((await ask('Ann Vale in Arden'))[0]).toMatch(/^refused/);
    const [total] = await ask('what is the total seat of Brill');
    expect(total).toMatch(/^refused/);
  });
  it('"who" is never answered with one number; members ranked by their own count are not ranked', async () => {
    expect((await ask('who are the artists of Low Tide and their plays'))[0]).toMatch(/^refused/);
    expect((await ask('who has the albums of Ann Vale'))[0]).toMatch(/^refused: "who" asks for members/);
    expect((await ask('top 2 albums by number of albums'))[0]).toMatch(/^refused: Ranking the album rows by how many they are/);
  });
  it('members reached from rows that may have none are the rows with a key, never the empty one of the join', async () => {
    expect(await ask('list the labels of Bo Reyes')).toEqual(['1 Kestrel']);
    // Ann Vale has no label: no member, never a row of empty columns
    const none = await atlas.answer('list the labels of Ann Vale');
    expect(none.rows).toEqual([]);
  });
  it('a table of publications is also called papers; "the Lumen venue" is the value with its thing, never a count of venues', async () => {
    expect(await ask('how many papers are in the Lumen venue')).toEqual(['2']);
    expect(await ask('papers by Ida Marsh')).toEqual(['1 On Tides', '3 Fen Birds']);
    // "authored" is a verb here: never the count of authors
    expect(await ask('what papers are authored by Ida Marsh')).toEqual(['1 On Tides', '3 Fen Birds']);
    // a period dates the papers by their one date (nothing about them has a date of its own)
    expect(await ask('papers by Ida Marsh after 2020')).toEqual(['3 Fen Birds']);
    expect(await ask('the paper with the most citations')).toEqual(['1 On Tides 9']);
    expect(await ask('the paper after 2020 with the most citations')).toEqual(['3 Fen Birds 7']);
    // a count right before a value counts the rows of its thing
    expect(await ask('how many Salt Roads are there')).toEqual(['1']);
    expect(await ask('the number of Lumen papers')).toEqual(['2']);
  });
});
