/**
 * Columns that already hold a count on each row (`nights`, `pages`, `copies`, `seats`, `num_enrolled`) asked
 * about in counting words, in vocabularies of our own: "how many nights did X stay" adds up X's nights (never
 * counts X's rows), "how many stays" still counts rows, "how many different towns do the guests come from" is one
 * figure, and a noun that is both a thing and another thing's count column ("seats") is read as the thing's rows.
 */
import { describe, expect, it } from 'vitest';
import { countedBy } from '../../src/semantic/draft/vocabulary.js';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const inn = bootstrappedDuckdb(
  'inn',
  `
    CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, full_name TEXT, home_town TEXT);
    INSERT INTO guest VALUES (1,'Maria Lind','Bergen'),(2,'Tom Hale','Leeds'),(3,'Ana Ruiz','Leeds');
    CREATE TABLE stay (stay_id INTEGER PRIMARY KEY, guest_id INTEGER REFERENCES guest(guest_id), room TEXT, nights INTEGER, arrival DATE);
    INSERT INTO stay VALUES (1,1,'101',3,'2024-01-02'),(2,1,'102',2,'2024-03-05'),(3,2,'101',7,'2024-02-01'),(4,3,'103',1,'2024-02-11');
  `,
);
const shelf = bootstrappedDuckdb(
  'shelf',
  `
    CREATE TABLE writer (writer_id INTEGER PRIMARY KEY, writer_name TEXT, country TEXT);
    INSERT INTO writer VALUES (1,'Ida Berg','Norway'),(2,'Joe Pike','Ireland');
    CREATE TABLE book (book_id INTEGER PRIMARY KEY, title TEXT, writer_id INTEGER REFERENCES writer(writer_id), pages INTEGER, copies INTEGER, genre TEXT);
    INSERT INTO book VALUES (1,'Fen Birds',1,320,4,'Nature'),(2,'Salt Roads',1,180,2,'Travel'),(3,'On Tides',2,410,6,'Nature');
  `,
);
const fleet = bootstrappedDuckdb(
  'fleet',
  `
    CREATE TABLE carrier (carrier_id INTEGER PRIMARY KEY, carrier_name TEXT);
    INSERT INTO carrier VALUES (1,'Skyway'),(2,'Northjet');
    CREATE TABLE plane (plane_id INTEGER PRIMARY KEY, carrier_id INTEGER REFERENCES carrier(carrier_id), model TEXT, seats INTEGER);
    INSERT INTO plane VALUES (1,1,'A320',180),(2,1,'A321',220),(3,2,'E190',100);
    CREATE TABLE seat (seat_id INTEGER PRIMARY KEY, plane_id INTEGER REFERENCES plane(plane_id), seat_no TEXT);
    INSERT INTO seat VALUES (1,1,'1A'),(2,1,'1B'),(3,3,'1A');
  `,
);

const college = bootstrappedDuckdb(
  'college',
  `
    CREATE TABLE course (course_id INTEGER PRIMARY KEY, title TEXT, department TEXT, num_enrolled INTEGER, credits INTEGER);
    INSERT INTO course VALUES (1,'Algebra','Maths',80,5),(2,'Poetry','Arts',25,3),(3,'Geometry','Maths',45,4),(4,'Drawing','Arts',60,2);
  `,
);
const talks = bootstrappedDuckdb(
  'talks',
  `
    CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, venue_name TEXT, city TEXT);
    INSERT INTO venue VALUES (1,'Hall A','Oslo'),(2,'Dome','Bergen');
    CREATE TABLE talk (talk_id INTEGER PRIMARY KEY, topic TEXT, venue_id INTEGER REFERENCES venue(venue_id), n_registered INTEGER);
    INSERT INTO talk VALUES (1,'Rust',1,120),(2,'Go',1,40),(3,'Zig',2,75);
  `,
);

describe('a count column by its name', () => {
  it('a count word and a noun, a plural noun alone, a participle; never a label, a unit of time or a mass noun', () => {
    expect(countedBy(['num', 'employees'])).toEqual({ noun: 'employees' });
    expect(countedBy(['n', 'visits'])).toEqual({ noun: 'visits' });
    expect(countedBy(['number', 'of', 'pages'])).toEqual({ noun: 'pages' });
    expect(countedBy(['likes', 'count'])).toEqual({ noun: 'likes' });
    expect(countedBy(['visit', 'cnt'])).toEqual({ noun: 'visits' });
    expect(countedBy(['nights'])).toEqual({ noun: 'nights' });
    expect(countedBy(['copies'])).toEqual({ noun: 'copies' });
    expect(countedBy(['num', 'enrolled'])).toEqual({ participle: 'enrolled' });
    for (const name of [['house', 'number'], ['minutes'], ['stars'], ['news'], ['status'], ['age']])
      expect(countedBy(name)).toBeUndefined();
  });
});

describe('how many of a count kept on each row', () => {
  it("one member's count is its rows' count column added up", async () => {
    expect(await inn.ask('how many nights did Maria Lind stay')).toEqual(['5']);
    expect(await shelf.ask('how many pages does Fen Birds have')).toEqual(['320']);
    expect(await shelf.ask('how many copies of Salt Roads are there')).toEqual(['2']);
  });
  it('in all, per breakdown, on average', async () => {
    expect(await inn.ask('how many nights were booked in total')).toEqual(['13']);
    expect(await inn.ask('how many nights in all')).toEqual(['13']);
    expect(await shelf.ask('how many copies in all')).toEqual(['12']);
    expect(await inn.ask('the total number of nights booked by each guest')).toEqual(['Ana Ruiz 1', 'Maria Lind 5', 'Tom Hale 7']);
    expect(await inn.ask('total nights per room')).toEqual(['101 10', '102 2', '103 1']);
    expect(await shelf.ask('the total number of copies per genre')).toEqual(['Nature 10', 'Travel 2']);
    expect(await inn.ask('the average number of nights')).toEqual(['3.25']);
    expect(await shelf.ask('total pages of books by Ida Berg')).toEqual(['500']);
  });
  it('rows held to a count, ranked by it', async () => {
    expect(await inn.ask('how many stays have more than 2 nights')).toEqual(['2']);
    expect(await shelf.ask('how many books have more than 3 copies')).toEqual(['2']);
    expect(await shelf.ask('books with more than 300 pages')).toEqual(['1 Fen Birds 320', '3 On Tides 410']);
    expect(await shelf.ask('which book has the most pages')).toEqual(['3 On Tides 410']);
  });
  it('a thing named still counts its rows', async () => {
    expect(await inn.ask('how many stays')).toEqual(['4']);
    expect(await inn.ask('how many guests')).toEqual(['3']);
    expect(await shelf.ask('how many books')).toEqual(['3']);
    expect(await fleet.ask('how many planes')).toEqual(['3']);
  });
});

describe('"how many different Y do X come from" is one figure', () => {
  it('the distinct values, never the things counted beside them', async () => {
    expect(await inn.ask('how many different towns do the guests come from')).toEqual(['2']);
    expect(await inn.ask('how many distinct towns are the guests from')).toEqual(['2']);
    expect(await shelf.ask('how many different countries do the writers come from')).toEqual(['2']);
  });
});

describe("a noun that is a thing and another thing's count", () => {
  it("reads the seats as the seat rows, the thing of their own (never the planes' count beside it)", async () => {
    expect(await fleet.ask('how many seats does the A320 have')).toEqual(['2']);
  });
});

describe('people counted under a participle (`num_enrolled`, `n_registered`)', () => {
  it('"enrolled students", "people registered": the count kept on each row', async () => {
    expect(await college.ask('how many students are enrolled in Algebra')).toEqual(['80']);
    expect(await college.ask('how many students are enrolled in total')).toEqual(['210']);
    expect(await college.ask('which course has the highest number of enrolled students')).toEqual(['1 Algebra 80']);
    expect(await college.ask('the total number of enrolled students per department')).toEqual(['Arts 85', 'Maths 125']);
    expect(await college.ask('which department has the most enrolled students')).toEqual(['Maths 125']);
    expect(await college.ask('the average number of students enrolled')).toEqual(['52.5']);
    expect(await talks.ask('how many people registered for the Rust talk')).toEqual(['120']);
    expect(await talks.ask('the total number of people registered per city')).toEqual(['Bergen 75', 'Oslo 160']);
    expect(await talks.ask('which talk has the most registered people')).toEqual(['1 Rust 120']);
  });
  it('the people alone, or the participle with no people, stay unread', async () => {
    expect((await college.ask('how many students'))[0]).toMatch(/^(refused|out_of_domain)/);
    expect((await talks.ask('how many attendees'))[0]).toMatch(/^(refused|out_of_domain)/);
    expect((await college.ask('courses with more than 50 enrolled'))[0]).toMatch(/^refused/);
    expect(await talks.ask('how many talks')).toEqual(['3']);
  });
});
