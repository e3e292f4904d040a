/**
 * How often a column's value is on the rows, in vocabularies of our own: "which fruit was picked most often", "the
 * most popular genre", "which city appears most often among the venues", "how often was each fruit chosen" rank (or
 * count) the rows of the table that holds the column by its value, with a filter or a period when one is said. A
 * verb beside the frequency is read only when it keeps that count (`frequency-verbs.ts`); a verb naming another
 * table, a column of two tables, a number column, going to a place that is no event's, and a verb of no such sense
 * stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const market = bootstrappedDuckdb(
  'market',
  `
    CREATE TABLE shopper (shopper_id INTEGER PRIMARY KEY, shopper_name TEXT, town TEXT, payment_method TEXT);
    INSERT INTO shopper VALUES (1,'Iris Moss','Ely','Card'),(2,'Owen Pratt','Diss','Cash'),(3,'Lena Fox','Ely','Card'),(4,'Ravi Shah','Bury','Card');
    CREATE TABLE stall (stall_id INTEGER PRIMARY KEY, stall_name TEXT, town TEXT);
    INSERT INTO stall VALUES (1,'Green Cart','Ely'),(2,'Apple Barn','Diss');
    CREATE TABLE purchase (purchase_id INTEGER PRIMARY KEY, shopper_id INTEGER REFERENCES shopper(shopper_id),
      stall_id INTEGER REFERENCES stall(stall_id), purchase_date DATE, fruit TEXT, basket_size INTEGER);
    INSERT INTO purchase VALUES (1,1,1,'2024-05-02','Plum',3),(2,1,2,'2024-05-03','Pear',2),(3,2,1,'2024-05-09','Plum',3),
      (4,3,2,'2024-06-01','Quince',5),(5,4,1,'2024-06-02','Plum',2),(6,3,1,'2024-06-11','Pear',3);
    CREATE TABLE complaint (complaint_id INTEGER PRIMARY KEY, purchase_id INTEGER REFERENCES purchase(purchase_id), issue TEXT);
    INSERT INTO complaint VALUES (1,4,'Bruised'),(2,6,'Bruised'),(3,5,'Late');
  `,
);
const stage = bootstrappedDuckdb(
  'stage',
  `
    CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, venue_name TEXT, city TEXT);
    INSERT INTO venue VALUES (1,'Old Vic Hall','Bath'),(2,'Corn Exchange','Bath'),(3,'Lyric Rooms','Wells');
    CREATE TABLE production (production_id INTEGER PRIMARY KEY, title TEXT, category TEXT, genre TEXT,
      venue_id INTEGER REFERENCES venue(venue_id), opening_date DATE);
    INSERT INTO production VALUES (1,'Sky Song','Musical','Comedy',1,'2023-02-01'),(2,'Dark Pier','Play','Drama',1,'2023-03-10'),
      (3,'Tin Heart','Musical','Romance',2,'2023-04-02'),(4,'Gull Cry','Musical','Comedy',3,'2023-05-05'),
      (5,'Low Tide','Play','Comedy',2,'2024-01-20'),(6,'Ember','Musical','Romance',2,'2024-02-14');
    CREATE TABLE postponement (postponement_id INTEGER PRIMARY KEY, production_id INTEGER REFERENCES production(production_id), cause TEXT);
    INSERT INTO postponement VALUES (1,2,'Illness'),(2,2,'Flood'),(3,5,'Illness');
  `,
);
const fells = bootstrappedDuckdb(
  'fells',
  `
    CREATE TABLE walker (walker_id INTEGER PRIMARY KEY, walker_name TEXT, home_region TEXT);
    INSERT INTO walker VALUES (1,'Tom Reed','Dales'),(2,'Mae Holt','Peaks'),(3,'Sol Park','Dales');
    CREATE TABLE ascent (ascent_id INTEGER PRIMARY KEY, walker_id INTEGER REFERENCES walker(walker_id), ascent_date DATE, summit TEXT, km INTEGER);
    INSERT INTO ascent VALUES (1,1,'2024-07-01','Crag Fell',12),(2,1,'2024-07-09','Ben Rigg',9),(3,2,'2024-07-12','Crag Fell',12),
      (4,3,'2024-08-02','Crag Fell',14),(5,3,'2024-08-20','Ben Rigg',9),(6,1,'2024-08-28','Ben Rigg',9),(7,2,'2024-09-03','Hob Knott',12);
  `,
);

describe('"which V was <verb>ed most often": the rows of the table holding V, ranked by their number', () => {
  it("a verb of choosing, appearing or being written down, in the passive or said by the rows' owners", async () => {
    expect(await market.ask('which fruit was picked most often')).toEqual(['Plum 3']);
    expect(await market.ask('what fruit gets chosen the most times')).toEqual(['Plum 3']);
    expect(await market.ask('which fruit do shoppers choose most frequently')).toEqual(['Plum 3']);
    expect(await stage.ask('which genre occurs least often')).toEqual(['Drama 1']);
    expect(await stage.ask('which category shows up most frequently')).toEqual(['Musical 4']);
    expect(await stage.ask('which cause was given most often')).toEqual(['Illness 2']);
    expect(await market.ask('which issue was recorded most often')).toEqual(['Bruised 2']);
  });
  it('going to a place, of rows of events (dated)', async () => {
    expect(await fells.ask('which summit was visited most often')).toEqual(['Ben Rigg 3', 'Crag Fell 3']);
    expect(await fells.ask('which summit do walkers go to least often')).toEqual(['Hob Knott 1']);
    const r = await fells.answer('which summit was visited the most');
    expect(r.sql).toMatch(/COUNT\(\*\)[\s\S]*FROM ascent/);
  });
  it('"the most common / popular V", "the least popular V"', async () => {
    expect(await market.ask('the most popular fruit')).toEqual(['Plum 3']);
    expect(await market.ask('the least popular payment method')).toEqual(['Cash 1']);
    expect(await stage.ask('the 2 most common genres')).toEqual(['Comedy 3', 'Romance 2']);
  });
  it('"among" the things whose rows are counted names them, never a breakdown by each', async () => {
    expect(await market.ask('which payment method appears most frequently among the shoppers')).toEqual(['Card 3']);
    expect(await stage.ask('which city appears most often among the venues')).toEqual(['Bath 2']);
    expect(await stage.ask('which genre appears most often among the productions')).toEqual(['Comedy 3']);
  });
});

describe('a frequency with a filter or a period', () => {
  it('values of the rows, of a thing they reach, a member named, a period', async () => {
    expect(await stage.ask('the most popular genre among musicals at Bath venues')).toEqual(['Romance 2']);
    expect(await stage.ask('the most common genre at Bath venues')).toEqual(['Comedy 2', 'Romance 2']);
    expect(await stage.ask('which genre features most often at Old Vic Hall')).toEqual(['Comedy 1', 'Drama 1']);
    expect(await stage.ask('which genre was chosen most often in 2023')).toEqual(['Comedy 2']);
    expect(await market.ask('which fruit was picked most often at Green Cart')).toEqual(['Plum 3']);
    expect(await market.ask('which fruit did Iris Moss pick most often')).toEqual(['Pear 1', 'Plum 1']);
    expect(await market.ask('which fruit do shoppers from Ely pick most often')).toEqual(['Pear 2']);
    expect(await market.ask('the most popular fruit in June 2024')).toEqual(['Pear 1', 'Plum 1', 'Quince 1']);
    expect(await fells.ask('which summit did Tom Reed visit most often')).toEqual(['Ben Rigg 2']);
  });
});

describe('"how often was each V <verb>ed": the count per V', () => {
  it('per value, of one value, with a member or a period', async () => {
    expect(await market.ask('how often was each fruit chosen')).toEqual(['Pear 2', 'Plum 3', 'Quince 1']);
    expect(await market.ask('how many times was each fruit picked')).toEqual(['Pear 2', 'Plum 3', 'Quince 1']);
    expect(await market.ask('the number of times each payment method was used')).toEqual(['Card 3', 'Cash 1']);
    expect(await stage.ask('how often does each genre appear')).toEqual(['Comedy 3', 'Drama 1', 'Romance 2']);
    expect(await stage.ask('how many times was each category chosen')).toEqual(['Musical 4', 'Play 2']);
    expect(await market.ask('how often was Quince picked')).toEqual(['1']);
    expect(await stage.ask('how often was Comedy chosen in 2024')).toEqual(['1']);
    expect(await fells.ask('how often did Tom Reed go to Ben Rigg')).toEqual(['2']);
    expect(await fells.ask('how many times was each summit visited in August 2024')).toEqual(['Ben Rigg 2', 'Crag Fell 1']);
  });
});

describe('the neighbouring readings stay refused', () => {
  const refused = (r: string[]) => expect(r[0]).toMatch(/^refused:/);
  it('a verb naming another table is never the count of the rows holding V', async () => {
    refused(await market.ask('which fruit was complained about most often'));
    refused(await stage.ask('which genre was postponed most often'));
    refused(await stage.ask('how often was each genre postponed'));
  });
  it('a verb of no such sense (it may say which rows, or an amount)', async () => {
    refused(await market.ask('which fruit was eaten most often'));
    refused(await market.ask('which fruit was bought least often'));
    refused(await fells.ask('how often was each summit climbed'));
  });
  it("going to a place that is no event's row", async () => {
    refused(await stage.ask('which city was visited most often'));
    refused(await fells.ask('which home region was visited most often'));
  });
  it('a column of two tables: which one is meant?', async () => {
    refused(await market.ask('which town appears most often'));
    refused(await market.ask('the most common town'));
  });
  it('a number column is no value to rank by how often (not its mode)', async () => {
    refused(await market.ask('which basket size occurs most often'));
    refused(await fells.ask('which km was walked most often'));
  });
  it('a thing of its own (each member is one row) and "how often" with no verb', async () => {
    refused(await market.ask('the most popular shopper'));
    refused(await fells.ask('how often did each walker'));
  });
});
