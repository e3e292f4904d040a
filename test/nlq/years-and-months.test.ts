/**
 * Years and months kept as plain columns, and the period that had the most: four databases of our own,
 * bootstrapped unedited (a record label whose albums keep a `release_year`; a journal whose papers keep a
 * bare `year`, drafted as a date of year grain; a league whose fixtures keep a `year` and a text `month`, and a
 * rota with a text month and no year; a payroll whose payslips have a real date beside a text pay month).
 *  - "which year had the most albums", "what year did Ann publish the most papers", "the busiest year for
 *    papers": the periods (or year column) ranked, the top one with ties; a verb that does not name the year the
 *    thing keeps ("sell" of a release year) is not read.
 *  - "in year 2019": the word "year" beside a year after a preposition is the period's own.
 *  - "fixtures in April" where a column holds 'April': that column, every year's April; beside a real date of
 *    the rows the year is still asked.
 *  - "Ada's first album", "the most recent paper of Ann": the first or last year's (ties kept); "the first
 *    paper" alone and "recent papers" stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { ask as askTpch, q as tpch } from './helpers.js';

const refused = (rows: string[]) => expect(rows[0]).toMatch(/^refused/);

describe('a record label: albums keep a release year as a number', () => {
  const db = bootstrappedDuckdb(
    'label',
    `CREATE TABLE artists (artist_id INTEGER PRIMARY KEY, artist_name VARCHAR, country VARCHAR);
     INSERT INTO artists VALUES (1, 'Ada Lark', 'Norway'), (2, 'Ben Moss', 'Wales'), (3, 'Cleo Vance', 'Chile');
     CREATE TABLE albums (album_id INTEGER PRIMARY KEY, title VARCHAR, release_year INTEGER, artist_id INTEGER REFERENCES artists(artist_id), label VARCHAR);
     INSERT INTO albums VALUES (1, 'Low Tide', 1998, 1, 'Northgate'), (2, 'Harbour', 2001, 1, 'Northgate'), (3, 'Ember', 2001, 2, 'Bluefin'),
       (4, 'Quiet Rooms', 2005, 2, 'Bluefin'), (5, 'Salt', 2005, 3, 'Redwell'), (6, 'Glass', 2005, 1, 'Redwell'), (7, 'Dusk', 2010, 3, 'Northgate');`,
  );

  it('the year with the most or fewest albums, ties kept', async () => {
    expect(await db.ask('which year had the most albums')).toEqual(['2005 3']);
    expect(await db.ask('the year with the fewest albums')).toEqual(['1998 1', '2010 1']);
    expect(await db.ask('in which year did Ben Moss release the fewest albums')).toEqual(['2001 1', '2005 1']);
    expect(await db.ask('what year did Cleo Vance record the most albums')).toEqual(['2005 1', '2010 1']);
    expect(await db.ask('how many albums were released each year')).toEqual(['1998 1', '2001 2', '2005 3', '2010 1']);
  });

  it('a verb that does not name the year the album keeps is not read', async () => {
    refused(await db.ask('what year did Ada Lark sell the most albums'));
  });

  it("an artist's first or latest album: those of that year", async () => {
    expect(await db.ask("Ada Lark's first album")).toEqual(['1 Low Tide 1998']);
    expect(await db.ask('the most recent album of Ben Moss')).toEqual(['4 Quiet Rooms 2005']);
    expect(await db.ask("when was Ada Lark's first album released")).toEqual(['1 Low Tide 1998']);
    // with no member named, "first" says no one album (most share a year)
    refused(await db.ask('the first album'));
  });
});

describe('a journal: papers keep a bare year, drafted as their date', () => {
  const db = bootstrappedDuckdb(
    'journal',
    `CREATE TABLE authors (author_id INTEGER PRIMARY KEY, author_name VARCHAR);
     INSERT INTO authors VALUES (1, 'Ann Lee'), (2, 'Bo Park'), (3, 'Cy Ortiz');
     CREATE TABLE papers (paper_id INTEGER PRIMARY KEY, title VARCHAR, year INTEGER, pages INTEGER);
     INSERT INTO papers VALUES (1, 'Tidal Flow', 2015, 10), (2, 'Salt Marsh', 2017, 12), (3, 'Dune Grass', 2017, 8), (4, 'Kelp Beds', 2019, 9),
       (5, 'Reef Fish', 2019, 14), (6, 'Sea Ice', 2019, 7), (7, 'Fjords', 2021, 11);
     CREATE TABLE writes (write_id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES authors(author_id), paper_id INTEGER REFERENCES papers(paper_id));
     INSERT INTO writes VALUES (1, 1, 1), (2, 1, 2), (3, 2, 3), (4, 1, 4), (5, 2, 5), (6, 3, 6), (7, 3, 7), (8, 1, 5);`,
  );

  it('the year with the most papers, by the date the year makes', async () => {
    expect(await db.ask('which year had the most papers')).toEqual(['2019 3']);
    expect(await db.ask('what year did Ann Lee publish the most papers')).toEqual(['2019 2']);
    expect(await db.ask('the year with the fewest papers')).toEqual(['2015 1', '2021 1']);
    expect(await db.ask('the busiest year for papers')).toEqual(['2019 3']);
  });

  it('"in year 2019" is the period', async () => {
    expect(await db.ask('how many papers in year 2019')).toEqual(['3']);
    expect(await db.ask('how many papers were there during year 2017')).toEqual(['2']);
  });

  it("an author's first or most recent paper: every one of that year", async () => {
    expect(await db.ask("Ann Lee's first paper")).toEqual(['1 Tidal Flow 2015']);
    expect(await db.ask('the most recent paper of Ann Lee')).toEqual(['4 Kelp Beds 2019', '5 Reef Fish 2019']);
    expect(await db.ask("when was Ann Lee's first paper written")).toEqual(['1 Tidal Flow 2015']);
  });

  it('"first" with no member, and "recent" with no ordering, stay refused', async () => {
    refused(await db.ask('the first paper'));
    // (a value between "first" and the thing qualifies it, like a topic would: no one member's first year)
    refused(await db.ask('the first Ann Lee paper'));
    refused(await db.ask('what are recent papers'));
  });
});

describe('a league and a rota: months kept by name', () => {
  const db = bootstrappedDuckdb(
    'league',
    `CREATE TABLE teams (team_id INTEGER PRIMARY KEY, team_name VARCHAR, town VARCHAR);
     INSERT INTO teams VALUES (1, 'Harbour Rovers', 'Whitby'), (2, 'Moor United', 'Hexham'), (3, 'Quay Athletic', 'Alnwick');
     CREATE TABLE fixtures (fixture_id INTEGER PRIMARY KEY, team_id INTEGER REFERENCES teams(team_id), month VARCHAR, year INTEGER, goals INTEGER);
     INSERT INTO fixtures VALUES (1, 1, 'April', 2022, 3), (2, 2, 'April', 2023, 1), (3, 3, 'May', 2023, 2), (4, 1, 'May', 2023, 4),
       (5, 2, 'August', 2022, 0), (6, 1, 'April', 2023, 2), (7, 3, 'March', 2022, 5), (8, 2, 'September', 2023, 1);
     CREATE TABLE rotas (rota_id INTEGER PRIMARY KEY, steward VARCHAR, month VARCHAR, hours INTEGER);
     INSERT INTO rotas VALUES (1, 'Ann Cole', 'April', 12), (2, 'Bo Dunn', 'April', 8), (3, 'Ann Cole', 'May', 10), (4, 'Cy Epps', 'June', 6);`,
  );

  it("a month with no year is the month column's, every year", async () => {
    expect(await db.ask('how many fixtures in April')).toEqual(['3']);
    expect(await db.ask('total goals in May')).toEqual(['6']);
    expect(await db.ask('which team had the most fixtures in April')).toEqual(['1 Harbour Rovers 2']);
    // (a rota has no date at all: its month column is all there is)
    expect(await db.ask('how many rotas in April')).toEqual(['2']);
    expect(await db.ask('which steward has the most hours in April')).toEqual(['Ann Cole 12']);
  });

  it('a month with its year keeps the date; a quarter with no year is still asked', async () => {
    expect(await db.ask('how many fixtures in April 2023')).toEqual(['2']);
    refused(await db.ask('how many fixtures in Q2'));
  });
});

describe('a payroll: payslips have a date of their own beside a pay month', () => {
  const db = bootstrappedDuckdb(
    'payroll',
    `CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name VARCHAR, team VARCHAR);
     INSERT INTO staff VALUES (1, 'Ann Cole', 'Kitchen'), (2, 'Bo Dunn', 'Bar'), (3, 'Cy Epps', 'Kitchen');
     CREATE TABLE payslips (payslip_id INTEGER PRIMARY KEY, staff_id INTEGER REFERENCES staff(staff_id), paid_on DATE, pay_month VARCHAR, amount DECIMAL(8,2));
     INSERT INTO payslips VALUES (1, 1, '2023-05-02', 'April', 1200), (2, 2, '2023-05-02', 'April', 900), (3, 1, '2023-06-01', 'May', 1250),
       (4, 3, '2024-05-01', 'April', 1000), (5, 2, '2024-06-03', 'May', 950), (6, 3, '2024-04-30', 'April', 980);`,
  );

  it('"in April" asks which year (paid in April, or for the pay month April?)', async () => {
    const [r] = await db.ask('how many payslips in April');
    expect(r).toMatch(/^refused: "April" names no year/);
    expect(r).toContain('pay month');
  });

  it('the pay month named, or a year said, is read', async () => {
    expect(await db.ask('how many payslips with a pay month of April')).toEqual(['4']);
    expect(await db.ask('how many payslips in April 2024')).toEqual(['1']);
  });
});

describe('on dates (TPC-H): the busiest period, and the year said with its word', () => {
  it('"the busiest month for orders" is the month with the most orders', () => {
    for (const question of ['the busiest month for orders', 'which month had the most orders']) {
      const query = tpch(question);
      expect(query.metrics).toEqual(['orders']);
      expect(query.group_by).toEqual([{ dimension: 'order_date', grain: 'month' }]);
      expect(query.order).toEqual([{ by: 'orders', direction: 'desc' }]);
      expect(query.limit).toBe(1);
      expect(query.with_ties).toBe(true);
    }
    expect(tpch('the quietest year for line items').order).toEqual([{ by: 'line_items', direction: 'asc' }]);
  });

  it('"busiest" of anything but a period, or with nothing counted, is not read', () => {
    expect(askTpch('the busiest month').kind).not.toBe('query');
    expect(askTpch('the busiest customer').kind).not.toBe('query');
  });

  it('"in year 1995" is 1995', () => {
    for (const question of ['how many orders in year 1995', 'how many orders during the year 1995']) {
      expect(tpch(question).time_range).toMatchObject({ start: '1995-01-01', end: '1996-01-01' });
    }
  });
});
