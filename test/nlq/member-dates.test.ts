/**
 * A member's own date or name, asked of one table: "when was Ada Lark hired" (the verb names one date
 * of the thing: its word, or the date's noun, "born" and a birth date; or its one year column,
 * "founded" and `founded_year`), "the birth date of Ada Lark", "when did order 12 ship", and "the name /
 * title of book 3" (a whole-number key right after the thing named in the singular; the thing's naming
 * column, whatever it is called). A verb naming no date, or two, is refused; so is "when" with no date
 * in the answer. Our own wordings on two drafted databases (a staff list, a small press) and TPC-H.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { ask } from './helpers.js';

describe('a member’s own date or name', () => {
  const staff = bootstrappedDuckdb(
    'staff-member-dates',
    `CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, birth_date DATE, hire_date DATE, leave_date DATE);
     INSERT INTO employees VALUES (1, 'Ada', 'Lark', '1980-02-11', '2010-06-01', NULL), (2, 'Ben', 'Moss', '1975-09-30', '2004-01-15', '2019-03-31'),
       (3, 'Cara', 'Neil', '1992-12-05', '2018-11-20', NULL);`,
  );
  const press = bootstrappedDuckdb(
    'press-member-dates',
    `CREATE TABLE books (book_id INTEGER PRIMARY KEY, book_title VARCHAR, pages INTEGER, published_on DATE);
     INSERT INTO books VALUES (1, 'Salt Roads', 320, '2015-04-02'), (2, 'Quiet Hours', 180, '2019-10-10'), (3, 'Tin Harbour', 250, '2021-01-25');
     CREATE TABLE imprints (imprint_id INTEGER PRIMARY KEY, imprint_name VARCHAR, founded_year INTEGER);
     INSERT INTO imprints VALUES (1, 'Larkspur', 1998), (2, 'Gannet', 2007);`,
  );

  it('"when was <person> <verb>ed": the date the verb names, by day', async () => {
    expect(await staff.ask('when was Ada Lark hired')).toEqual(['2010-06-01']);
    expect(await staff.ask('When was Ben Moss born?')).toEqual(['1975-09-30']);
    expect(await staff.ask('what is the birth date of Cara Neil')).toEqual(['1992-12-05']);
    expect(await press.ask('when was book 2 published')).toEqual(['2019-10-10']);
    // (a year column named by the verb)
    expect(await press.ask('when was Gannet founded')).toEqual(['2007']);
  });

  it('"the name / title of <thing> <number>": the naming column of the member with that key', async () => {
    expect(await press.ask('what is the title of book 3')).toEqual(['Tin Harbour']);
    expect(await press.ask('the name of book 1')).toEqual(['Salt Roads']);
    expect(await press.ask('the name of imprint 2')).toEqual(['Gannet']);
  });

  it('refuses a verb naming no date of the thing, "when" with no date, and another thing’s date', async () => {
    expect((await staff.ask('when was Ada Lark promoted'))[0]).toMatch(/^refused/);
    expect((await press.ask('when was book 2 about 180 pages'))[0]).toMatch(/^refused/);
    // (TPC-H: the ship date is the line items', never the order's)
    expect(ask('when was order 7 shipped').kind).not.toBe('query');
    // (a plural thing before a number is no key: "books 3")
    expect((await press.ask('the titles of books 3'))[0]).toMatch(/^refused/);
  });
});
