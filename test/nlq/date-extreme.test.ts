/**
 * The member that came first or last by one of its own dates ("which employee was hired first", "the
 * 2 latest members to join", "the member with the earliest join date"): the member with that date,
 * the first one (or N) with ties; never every member. A date kept only as a year ties most members
 * and is refused. Two vocabularies: a staff table and a club's members, drafted from their tables.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('first and last by a date of the thing', () => {
  const staff = bootstrappedDuckdb(
    'staff-date-extreme',
    `CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, hire_date DATE, city VARCHAR);
     INSERT INTO employees VALUES (1, 'Ann', 'Lee', '2003-05-01', 'Leeds'), (2, 'Bo', 'Ray', '2001-02-03', 'York'), (3, 'Cy', 'Poe', '2007-09-09', 'Leeds');`,
  );
  const club = bootstrappedDuckdb(
    'club-date-extreme',
    `CREATE TABLE members (member_id INTEGER PRIMARY KEY, member_name VARCHAR, joined_on DATE);
     INSERT INTO members VALUES (1, 'Dee', '2019-01-05'), (2, 'Eli', '2015-03-01'), (3, 'Fay', '2021-07-07'), (4, 'Gus', '2021-07-07');
     CREATE TABLE books (book_id INTEGER PRIMARY KEY, title VARCHAR, published_year INTEGER);
     INSERT INTO books VALUES (1, 'Ash', 1999), (2, 'Birch', 1999), (3, 'Cedar', 2004);`,
  );

  it('a staff table: hired first, hired last, in a city, the first name asked for, by the date named', async () => {
    expect((await staff.ask('which employee was hired first')).join('|')).toMatch(/^2 Bo Ray 2001-02-03/);
    expect((await staff.ask('who was the last employee to be hired')).join('|')).toMatch(/^3 Cy Poe 2007-09-09/);
    expect((await staff.ask('which employee in Leeds was hired first')).join('|')).toMatch(/^1 Ann Lee 2003-05-01/);
    expect(await staff.ask('what is the first name of the employee hired last')).toEqual(['Cy 2007-09-09']);
    expect((await staff.ask('the employee with the latest hire date')).join('|')).toMatch(/^3 Cy Poe 2007-09-09/);
  });

  it('a club: the latest to join (ties kept), the 2 earliest; a year-only date refused', async () => {
    expect(await club.ask('which member joined last')).toEqual(['3 Fay 2021-07-07', '4 Gus 2021-07-07']);
    expect(await club.ask('the 2 earliest members')).toEqual(['1 Dee 2019-01-05', '2 Eli 2015-03-01']);
    // a year-only date ties most members: the verb naming the year column reads the first year's books, ties kept
    expect(await club.ask('which book was published first')).toEqual(['1 Ash 1999', '2 Birch 1999']);
  });

  it('"the N most recent": N members, never one', async () => {
    expect(await staff.ask('show the 2 most recent employees')).toEqual(['1 Ann Lee 2003-05-01', '3 Cy Poe 2007-09-09']);
    expect(await club.ask('list the 3 most recent members')).toEqual(['1 Dee 2019-01-05', '3 Fay 2021-07-07', '4 Gus 2021-07-07']);
  });
});

describe('"most recently" after the verb, where the thing has a figure of its own', () => {
  const staff = bootstrappedDuckdb(
    'paid-staff-date-extreme',
    `CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, hired_on DATE, salary INTEGER);
     INSERT INTO staff VALUES (1, 'Ann', 'Lee', '2003-05-01', 90000), (2, 'Bo', 'Ray', '2001-02-03', 40000), (3, 'Cy', 'Poe', '2007-09-09', 50000);`,
  );
  const gym = bootstrappedDuckdb(
    'gym-date-extreme',
    `CREATE TABLE gym_member (member_id INTEGER PRIMARY KEY, member_name VARCHAR, registered_on DATE, monthly_fee DECIMAL(6,2));
     INSERT INTO gym_member VALUES (1, 'Dee', '2019-01-05', 60.00), (2, 'Eli', '2015-03-01', 25.00), (3, 'Fay', '2022-07-07', 30.00);`,
  );

  it('is the latest by the date the verb names, never a ranking by the figure', async () => {
    expect((await staff.ask('which staff member was hired most recently?')).join('|')).toMatch(/^3 Cy Poe 2007-09-09/);
    expect((await gym.ask('which member registered most recently')).join('|')).toMatch(/^3 Fay 2022-07-07/);
  });

  it('"recently" is never filler: unread, the question is refused', async () => {
    expect((await staff.ask('which staff member earned most recently'))[0]).toMatch(/^refused/);
    expect((await gym.ask('which member paid the highest fee recently'))[0]).toMatch(/^refused/);
  });
});
