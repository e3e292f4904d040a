/**
 * The span between two dates of one row as a figure of that row: listed beside each member ("how long was
 * each stay"), ranked ("the 2 longest projects"), a condition on the rows ("stays longer than a week",
 * "projects that lasted more than 10 days") or counted under one ("how many ..."). The dates are the
 * thing's one start/end pair (check in/out, hire/termination, start/end) or named ("more than 5 days
 * between check in and check out"). Two small databases of our own, drafted unedited: an inn (guests,
 * stays) and a works yard (departments, workers, projects, jobs with two pairs, hikes with a length).
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const inn = bootstrappedDuckdb(
  'inn',
  `
    CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, country TEXT);
    INSERT INTO guest VALUES (1,'Ada','Moss','UK'),(2,'Bo','Lind','SE'),(3,'Cy','Park','KR');
    CREATE TABLE stay (stay_id INTEGER PRIMARY KEY, guest_id INTEGER REFERENCES guest(guest_id), room_type TEXT,
      check_in DATE, check_out DATE, nightly_rate DOUBLE);
    INSERT INTO stay VALUES (10,1,'single','2024-03-01','2024-03-04',80),(11,2,'double','2024-03-02','2024-03-12',120),
      (12,3,'suite','2024-04-10','2024-04-11',300),(13,1,'double','2024-05-01','2024-05-09',110),(14,2,'single','2024-06-01',NULL,90);
  `,
);

const works = bootstrappedDuckdb(
  'works',
  `
    CREATE TABLE department (dept_id INTEGER PRIMARY KEY, dept_name TEXT);
    INSERT INTO department VALUES (1,'Kitchen'),(2,'Garden');
    CREATE TABLE worker (worker_id INTEGER PRIMARY KEY, full_name TEXT, dept_id INTEGER REFERENCES department(dept_id),
      hire_date DATE, termination_date DATE, salary DOUBLE);
    INSERT INTO worker VALUES (1,'Jo Ray',1,'2020-01-01','2020-03-01',30000),(2,'Al Fry',1,'2019-05-05','2023-05-05',40000),
      (3,'Mo Kent',2,'2021-02-01','2021-02-20',25000),(4,'Li Tan',2,'2022-01-01',NULL,28000);
    CREATE TABLE project (project_id INTEGER PRIMARY KEY, title TEXT, start_date DATE, end_date DATE, budget DOUBLE);
    INSERT INTO project VALUES (1,'Fence','2024-01-01','2024-01-15',500),(2,'Pond','2024-02-01','2024-04-01',2000),
      (3,'Shed','2024-03-01','2024-03-03',300);
    CREATE TABLE job (job_id INTEGER PRIMARY KEY, job_name TEXT, planned_start DATE, planned_end DATE, actual_start DATE, actual_end DATE);
    INSERT INTO job VALUES (1,'Paint','2024-01-01','2024-01-05','2024-01-02','2024-01-09'),(2,'Roof','2024-02-01','2024-02-10','2024-02-01','2024-02-08');
    CREATE TABLE hike (hike_id INTEGER PRIMARY KEY, trail_name TEXT, length_km DOUBLE, start_date DATE, end_date DATE);
    INSERT INTO hike VALUES (1,'Ridge',42.0,'2024-05-01','2024-05-02'),(2,'Coast',12.5,'2024-06-01','2024-06-05');
  `,
);

const refused = (rows: string[]) => expect(rows[0]).toMatch(/^refused: /);

describe("each row's span, listed beside its member", () => {
  it('inn: "how long was each stay", "how many nights did each stay last" (a stay with no check-out has none)', async () => {
    const each = ['10 3', '11 10', '12 1', '13 8', '14 null'];
    expect(await inn.ask('how long was each stay')).toEqual(each);
    expect(await inn.ask('how many nights did each stay last')).toEqual(each);
    expect(await inn.ask('the number of days each stay lasted')).toEqual(each);
  });
  it('works: "how long did each project last", "the number of days each project lasted", by its title', async () => {
    const each = ['Fence 14', 'Pond 60', 'Shed 2'];
    expect(await works.ask('how long did each project last')).toEqual(each);
    expect(await works.ask('the number of days each project lasted')).toEqual(each);
    expect(await works.ask('how many days did each project run')).toEqual(each);
    expect(await works.ask('how long was each worker employed')).toEqual(['Al Fry 1461', 'Jo Ray 60', 'Li Tan null', 'Mo Kent 19']);
  });
  it('the dates named: "days from check in to check out for every stay" still reads', async () => {
    expect(await inn.ask('days from check in to check out for every stay')).toEqual(['10 3', '11 10', '12 1', '13 8', '14 null']);
  });
});

describe('members ranked by their span', () => {
  it('inn: "the 2 longest stays", "the shortest stay"', async () => {
    expect(await inn.ask('the 2 longest stays')).toEqual(['11 10', '13 8']);
    expect(await inn.ask('the shortest stay')).toEqual(['12 1']);
  });
  it('works: "the longest project", "the 2 shortest projects", "the worker with the shortest time from hire date to termination date"', async () => {
    expect(await works.ask('the longest project')).toEqual(['Pond 60']);
    expect(await works.ask('the 2 shortest projects')).toEqual(['Fence 14', 'Shed 2']);
    expect(await works.ask('the worker with the shortest time from hire date to termination date')).toEqual(['Mo Kent 19']);
  });
  it('a verb of lasting with a superlative: "which project lasted the longest", "which worker was employed for the shortest time"', async () => {
    expect(await works.ask('which project lasted the longest')).toEqual(['Pond 60']);
    expect(await works.ask('the project that ran for the shortest time')).toEqual(['Shed 2']);
    expect(await works.ask('which worker was employed for the shortest time, and for how many days')).toEqual(['Mo Kent 19']);
    expect(await inn.ask('which stay lasted the longest')).toEqual(['11 10']);
    // (the span is in days: another unit asked beside it is not what the answer shows)
    refused(await works.ask('which project lasted the longest and for how many hours'));
    refused(await works.ask('which project lasted the longest by department'));
  });
  it('a thing with a length column: "the longest hike" is its length, never its days', async () => {
    expect(await works.ask('the longest hike')).not.toContainEqual(expect.stringMatching(/ 4$/));
    expect((await works.ask('the longest hike')).join()).toMatch(/42/);
  });
});

describe('a condition on each row span', () => {
  it('inn: "stays longer than a week", "stays that lasted at most 3 nights", "stays with more than 5 days between check in and check out"', async () => {
    expect(await inn.ask('stays longer than a week')).toEqual(['11 10', '13 8']);
    expect(await inn.ask('stays that lasted at most 3 nights')).toEqual(['10 3', '12 1']);
    expect(await inn.ask('stays with more than 5 days between check in and check out')).toEqual(['11 10', '13 8']);
    expect(await inn.ask('stays shorter than 2 days')).toEqual(['12 1']);
  });
  it('inn: counted under a count word', async () => {
    expect(await inn.ask('how many stays lasted more than 5 days')).toEqual(['2']);
    expect(await inn.ask('how many stays had at least 8 days between check in and check out')).toEqual(['2']);
  });
  it('works: "projects that lasted more than 10 days", "projects lasting over 3 weeks", "projects that lasted 14 days or more"', async () => {
    expect(await works.ask('projects that lasted more than 10 days')).toEqual(['Fence 14', 'Pond 60']);
    expect(await works.ask('projects lasting over 3 weeks')).toEqual(['Pond 60']);
    expect(await works.ask('projects that lasted 14 days or more')).toEqual(['Fence 14', 'Pond 60']);
    expect(await works.ask('count the projects that lasted under 3 days')).toEqual(['1']);
    expect(await works.ask('the number of projects longer than a week')).toEqual(['2']);
    expect(await works.ask('workers with more than 100 days from hire date to termination date')).toEqual(['Al Fry 1461']);
  });
});

describe('the aggregates of a span still read', () => {
  it('average per group and overall, in both databases', async () => {
    expect(await inn.ask('average number of days between check in and check out by room type')).toEqual([
      'double 9',
      'single 3',
      'suite 1',
    ]);
    expect(await works.ask('average duration of projects')).toEqual([String((14 + 60 + 2) / 3)]);
    expect(await works.ask('average days from hire date to termination date per department')).toEqual(['Garden 19', 'Kitchen 760.5']);
  });
});

describe('the neighbouring readings stay refused', () => {
  it('a thing with two start/end pairs is not guessed', async () => {
    refused(await works.ask('how long did each job last'));
    refused(await works.ask('the longest job'));
  });
  it('a thing with no pair, a month, a breakdown of row spans, a verb not of lasting', async () => {
    refused(await inn.ask('how long was each guest'));
    refused(await works.ask('projects that lasted more than 2 months'));
    refused(await inn.ask('stays that lasted more than 5 days by room type'));
    refused(await works.ask('the number of days each worker was absent'));
    refused(await works.ask('projects longer than 3 days or more'));
  });
});
