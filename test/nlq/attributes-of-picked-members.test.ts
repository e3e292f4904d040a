/**
 * Named attributes of the member a superlative or a count picks, a person's name, and listings that keep
 * only what was asked. Three databases of our own (a courier firm, a gallery, a ferry line), drafted unedited:
 * - "the title and year of the artwork with the highest price": the superlative picks the member, the columns
 *   named are shown (a year or date named by its unit is the member's one date at that unit);
 * - "each courier's name and their number of deliveries", "the name and wage of each courier", "the full name
 *   of every courier": a person's name is its first and last name;
 * - "which courier drove the longest delivery": the delivery with the largest value of its one column of the
 *   sense, and the courier it belongs to (a verb there says the model's one relation between them);
 * - "the names of galleries in which Mara Voss exhibited": the members listed, never counts beside them.
 * Neighbouring readings stay refused: two columns of one sense, an adjective with no column of its sense, a
 * verb between things the model relates two ways, a name of a thing that has none.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const refused = (rows: string[]) => expect(rows[0]).toMatch(/^refused/);

describe('a courier firm', () => {
  const db = bootstrappedDuckdb(
    'attrcourier',
    `CREATE TABLE hub (hub_id INTEGER PRIMARY KEY, hub_name VARCHAR, city VARCHAR);
     CREATE TABLE courier (courier_id INTEGER PRIMARY KEY, fname VARCHAR, lname VARCHAR, dob DATE, wage INTEGER, hub_id INTEGER REFERENCES hub(hub_id));
     CREATE TABLE van (van_id INTEGER PRIMARY KEY, reg VARCHAR, model VARCHAR, capacity_kg INTEGER);
     CREATE TABLE delivery (delivery_id INTEGER PRIMARY KEY, courier_id INTEGER REFERENCES courier(courier_id), van_id INTEGER REFERENCES van(van_id),
       delivery_date DATE, distance_miles INTEGER, parcel_weight_kg DECIMAL(6,1), gross_weight_kg DECIMAL(6,1), fee DECIMAL(6,2));
     INSERT INTO hub VALUES (1, 'Riverside', 'Norwich'), (2, 'Eastgate', 'Ipswich');
     INSERT INTO courier VALUES (1, 'Ivo', 'Brant', '1988-04-02', 24000, 1), (2, 'Jude', 'Kerr', '1979-09-15', 27500, 1),
       (3, 'Lena', 'Marsh', '1995-01-20', 22000, 2), (4, 'Omar', 'Pike', '1990-07-07', 25000, 2);
     INSERT INTO van VALUES (1, 'NK21 AAA', 'Transit', 1200), (2, 'NK22 BBB', 'Sprinter', 1500), (3, 'NK23 CCC', 'Vivaro', 900);
     INSERT INTO delivery VALUES (1, 1, 1, '2024-03-01', 42, 3.5, 4.0, 18.00), (2, 1, 2, '2024-03-04', 130, 12.0, 13.1, 55.50),
       (3, 2, 2, '2024-03-09', 75, 1.2, 1.5, 22.00), (4, 3, 3, '2024-04-02', 12, 20.0, 21.0, 9.75),
       (5, 4, 1, '2024-04-11', 98, 6.4, 7.0, 61.00), (6, 2, 3, '2024-05-20', 33, 2.2, 2.6, 14.25);`,
  );

  it('shows the columns named of the member a superlative picks', async () => {
    expect(await db.ask('the first name and last name of the courier with the highest wage')).toEqual(['2 Jude Kerr 27500']);
    expect(await db.ask('the full name of the courier with the lowest wage')).toEqual(['3 Lena Marsh 22000']);
    expect(await db.ask('the reg and model of the van with the largest capacity')).toEqual(['2 NK22 BBB Sprinter 1500']);
    expect(await db.ask('the date and fee of the delivery with the longest distance')).toEqual(['2 2024-03-04 55.5 130']);
    expect(await db.ask('the year of the delivery with the highest fee')).toEqual(['5 2024 61']);
    expect(await db.ask('the city of the hub with the most couriers')).toEqual(['1 Norwich 2', '2 Ipswich 2']);
  });

  it("reads a person's name as the first and last name, beside figures and in listings", async () => {
    const each = ['1 Ivo Brant 2', '2 Jude Kerr 2', '3 Lena Marsh 1', '4 Omar Pike 1'];
    expect(await db.ask("each courier's name and their number of deliveries")).toEqual(each);
    expect(await db.ask('Show the name and number of deliveries of each courier.')).toEqual(each);
    const wages = ['1 Ivo Brant 24000', '2 Jude Kerr 27500', '3 Lena Marsh 22000', '4 Omar Pike 25000'];
    expect(await db.ask('the name and wage of each courier')).toEqual(wages);
    expect(await db.ask("each courier's full name and wage")).toEqual(wages);
    expect(await db.ask('the full name of every courier')).toEqual(['Ivo Brant', 'Jude Kerr', 'Lena Marsh', 'Omar Pike']);
  });

  it('answers which courier a verb relates to the delivery a superlative of a sense picks', async () => {
    expect(await db.ask('which courier drove the longest delivery')).toEqual(['2 1 Ivo Brant 130']);
    expect(await db.ask('which courier did the shortest delivery')).toEqual(['4 3 Lena Marsh 12']);
    expect(await db.ask('Which courier made the most expensive delivery?')).toEqual(['5 4 Omar Pike 61']);
    expect(await db.ask('which van did the cheapest delivery')).toEqual(['4 3 9.75']);
    // the columns named are the courier's
    expect(await db.ask('the full name of the courier who made the longest delivery')).toEqual(['2 Ivo Brant 130']);
    expect(await db.ask('the first name and wage of the courier that made the most expensive delivery')).toEqual(['5 Omar 25000 61']);
    expect(await db.ask('the reg of the van that did the longest delivery')).toEqual(['2 NK22 BBB 130']);
  });

  it('refuses a superlative whose sense two columns have, and a name of a thing with none', async () => {
    // (the parcel weight or the gross weight?)
    refused(await db.ask('which courier carried the heaviest delivery'));
    refused(await db.ask('which van made the lightest delivery'));
    refused(await db.ask('the name of the courier who carried the heaviest delivery'));
    refused(await db.ask('the name of each van'));
    refused(await db.ask("each van's name and its number of deliveries"));
  });

  it('lists the members a relative clause picks, with no counts beside them', async () => {
    expect(await db.ask('the models of vans in which Ivo Brant travelled')).toEqual(['Sprinter', 'Transit']);
    expect(await db.ask('list the vans in which Lena Marsh travelled')).toEqual(['3']);
  });
});

describe('a gallery', () => {
  const db = bootstrappedDuckdb(
    'attrgallery',
    `CREATE TABLE gallery (gallery_id INTEGER PRIMARY KEY, name VARCHAR, city VARCHAR, floor_area INTEGER);
     CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, born_year INTEGER, country VARCHAR);
     CREATE TABLE artwork (artwork_id INTEGER PRIMARY KEY, title VARCHAR, year INTEGER, price DECIMAL(10,2), height_cm INTEGER,
       artist_id INTEGER REFERENCES artist(artist_id), gallery_id INTEGER REFERENCES gallery(gallery_id));
     INSERT INTO gallery VALUES (1, 'Harbour Rooms', 'Falmouth', 640), (2, 'Slate House', 'Bangor', 410), (3, 'Kiln Gallery', 'Stoke', 980);
     INSERT INTO artist VALUES (1, 'Mara', 'Voss', 1961, 'Austria'), (2, 'Tomas', 'Reyes', 1984, 'Chile'), (3, 'Pia', 'Lindqvist', 1975, 'Sweden'),
       (4, 'Noor', 'Haddad', 1990, 'Jordan');
     INSERT INTO artwork VALUES (1, 'Grey Tide', 1999, 4200.00, 120, 1, 1), (2, 'Orchard Wall', 2005, 8900.00, 95, 1, 3),
       (3, 'Salt Map', 2011, 1500.00, 60, 2, 2), (4, 'Copper Field', 2016, 12500.00, 150, 3, 3), (5, 'Night Ferry', 2019, 3100.00, 80, 2, 1);`,
  );

  it('shows the columns named of the member a superlative picks', async () => {
    expect(await db.ask('Give the title and year of the artwork with the highest price.')).toEqual(['4 Copper Field 2016 12500']);
    expect(await db.ask('What is the year of the cheapest artwork?')).toEqual(['3 2011 1500']);
    expect(await db.ask('the name and city of the gallery with the largest floor area')).toEqual(['3 Kiln Gallery Stoke 980']);
    expect(await db.ask('the title of the artwork that has the greatest height')).toEqual(['4 Copper Field 150']);
    expect(await db.ask('the first and last name of the artist with the most artworks')).toEqual(['1 Mara Voss 2', '2 Tomas Reyes 2']);
    expect(await db.ask('the full name and country of the artist with the most artworks')).toEqual([
      '1 Mara Voss Austria 2',
      '2 Tomas Reyes Chile 2',
    ]);
  });

  it("reads an artist's name as the first and last name", async () => {
    const counts = ['1 Mara Voss 2', '2 Tomas Reyes 2', '3 Pia Lindqvist 1'];
    expect(await db.ask("list each artist's name and number of artworks")).toEqual(counts);
    expect(await db.ask('the name, country and number of artworks of each artist')).toEqual([
      '1 Mara Voss Austria 2',
      '2 Tomas Reyes Chile 2',
      '3 Pia Lindqvist Sweden 1',
    ]);
    expect(await db.ask("every artist's full name")).toEqual(['Mara Voss', 'Noor Haddad', 'Pia Lindqvist', 'Tomas Reyes']);
  });

  it('answers which artist or gallery a verb relates to the artwork a superlative picks', async () => {
    expect(await db.ask('which artist painted the tallest artwork')).toEqual(['4 3 Pia Lindqvist 150']);
    expect(await db.ask('which artist painted the most expensive artwork')).toEqual(['4 3 Pia Lindqvist 12500']);
    expect(await db.ask('which gallery holds the cheapest artwork')).toEqual(['3 Slate House 1500']);
    expect(await db.ask('the country of the artist who painted the tallest artwork')).toEqual(['4 Sweden 150']);
  });

  it('ranks every artist by the fewest artworks, one with none too, when their own columns are asked', async () => {
    expect(await db.ask('the full name of the artist with the fewest artworks')).toEqual(['4 Noor Haddad 0']);
    expect(await db.ask('the country of the artist with the fewest artworks')).toEqual(['4 Jordan 0']);
    expect(await db.ask('the name and city of the gallery with the fewest artworks')).toEqual(['2 Slate House Bangor 1']);
  });

  it('refuses an adjective with no column of its sense, and the fewest beside a thing the members belong to', async () => {
    refused(await db.ask('which artist painted the longest artwork'));
    refused(await db.ask('which artist painted the widest artwork'));
    // (artists with no artwork at all have no gallery to show)
    refused(await db.ask('which gallery has the artist with the fewest artworks'));
  });

  it('lists the members a relative clause picks, with no counts beside them', async () => {
    expect(await db.ask('the names of galleries in which Mara Voss exhibited')).toEqual(['Harbour Rooms', 'Kiln Gallery']);
    expect(await db.ask('the city of galleries in which Tomas Reyes exhibited')).toEqual(['Bangor', 'Falmouth']);
  });
});

describe('a ferry line', () => {
  const db = bootstrappedDuckdb(
    'attrferry',
    `CREATE TABLE captain (captain_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, wage INTEGER);
     CREATE TABLE ship (ship_id INTEGER PRIMARY KEY, ship_name VARCHAR, tonnage INTEGER);
     CREATE TABLE crossing (crossing_id INTEGER PRIMARY KEY, captain_id INTEGER REFERENCES captain(captain_id), ship_id INTEGER REFERENCES ship(ship_id),
       route_length_km INTEGER, duration_min INTEGER, fare DECIMAL(6,2));
     CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, captain_id INTEGER REFERENCES captain(captain_id), ship_id INTEGER REFERENCES ship(ship_id), passed BOOLEAN);
     INSERT INTO captain VALUES (1, 'Ole', 'Berg', 41000), (2, 'Rhian', 'Pryce', 43500), (3, 'Sven', 'Dahl', 39000);
     INSERT INTO ship VALUES (1, 'Northern Star', 5200), (2, 'Gull', 1800), (3, 'Harbour Light', 3100);
     INSERT INTO crossing VALUES (1, 1, 1, 88, 140, 32.50), (2, 2, 2, 25, 50, 12.00), (3, 3, 3, 140, 210, 48.00), (4, 1, 2, 60, 95, 21.00);
     INSERT INTO inspection VALUES (1, 2, 1, true), (2, 3, 2, false);`,
  );

  it('answers which captain a verb relates to the crossing a superlative picks', async () => {
    expect(await db.ask('which captain sailed the cheapest crossing')).toEqual(['2 2 Rhian Pryce 12']);
    expect(await db.ask('the full name of the captain with the most crossings')).toEqual(['1 Ole Berg 2']);
  });

  it('refuses "longest" of a crossing with a route length and a duration, and a verb of two relations', async () => {
    refused(await db.ask('which captain sailed the longest crossing'));
    refused(await db.ask('which captain had the shortest crossing'));
    // (captains and ships meet in crossings and in inspections: which does "sailed" say?)
    refused(await db.ask('the names of ships in which Ole Berg sailed'));
  });
});
