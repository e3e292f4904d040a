/**
 * Everyday shapes of small databases asked in our own words: members with no related rows (also in a
 * period), conditions of which either holds, a column compared with its own average or with every row
 * of a kind, members with at least / exactly N related rows, and each member's columns beside a count.
 * Two vocabularies (a lending library, a music school), bootstrapped unedited; the neighbouring readings
 * that would answer something else stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const refused = expect.stringMatching(/^refused/);

describe('a lending library', () => {
  const db = bootstrappedDuckdb(
    'library',
    `CREATE TABLE members (member_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, age INTEGER, city VARCHAR);
     INSERT INTO members VALUES (1,'Ann','Hale',34,'Leeds'),(2,'Bob','Marsh',67,'York'),(3,'Cara','Nye',15,'Leeds'),(4,'Dev','Oake',52,'Hull'),(5,'Eve','Pratt',29,'York');
     CREATE TABLE books (book_id INTEGER PRIMARY KEY, title VARCHAR, genre VARCHAR, price DECIMAL(6,2), pages INTEGER);
     INSERT INTO books VALUES (1,'Salt Roads','History',12.50,320),(2,'Quiet Hills','Poetry',8.00,90),(3,'Iron Age','History',20.00,410),(4,'Rain Songs','Poetry',6.50,70),(5,'Star Maps','Science',15.00,250),(6,'Cold Light','Science',30.00,500);
     CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members(member_id), book_id INTEGER REFERENCES books(book_id), loan_date DATE, fee DECIMAL(5,2));
     INSERT INTO loans VALUES (1,1,1,DATE '2022-03-01',1.00),(2,1,2,DATE '2023-01-10',0.50),(3,2,3,DATE '2023-02-11',1.50),(4,2,1,DATE '2022-07-07',1.00),(5,2,5,DATE '2023-05-05',2.00),(6,3,2,DATE '2023-06-01',0.50),(7,4,4,DATE '2022-09-09',0.75),(8,1,5,DATE '2023-08-08',2.00);`,
  );

  it('members with no related rows, with the period on the rows that are dated', async () => {
    expect(await db.ask('which members have no loans')).toEqual(['5 Eve Pratt']);
    expect(await db.ask('which members never borrowed a book')).toEqual(['5 Eve Pratt']);
    expect(await db.ask('members with no loans in 2023')).toEqual(['4 1', '5 1']);
  });

  it('a period cannot date things counted through the dated rows: refused, never dropped', async () => {
    expect(await db.ask('members who did not borrow any books in 2023')).toEqual([refused]);
  });

  it('a column that is not a value', async () => {
    expect(await db.ask('books whose genre is not Poetry')).toEqual([
      '1 Salt Roads History',
      '3 Iron Age History',
      '5 Star Maps Science',
      '6 Cold Light Science',
    ]);
  });

  it('a column compared with its own average', async () => {
    expect(await db.ask('books whose price is above the average')).toEqual(['Cold Light', 'Iron Age']);
    expect(await db.ask('books with a price above the average price')).toEqual(['Cold Light', 'Iron Age']);
    expect(await db.ask('books cheaper than the average book')).toEqual(['Quiet Hills', 'Rain Songs', 'Salt Roads', 'Star Maps']);
    expect(await db.ask('titles of books with a price below the average')).toEqual([
      'Quiet Hills',
      'Rain Songs',
      'Salt Roads',
      'Star Maps',
    ]);
    expect(await db.ask('members older than the average age')).toEqual(['2 Bob Marsh', '4 Dev Oake']);
    expect(await db.ask('how many books cost more than the average')).toEqual(['2']);
  });

  it('against the rows of a kind: every one of them, or their average', async () => {
    expect(await db.ask('books more expensive than every Poetry book')).toEqual(['Cold Light', 'Iron Age', 'Salt Roads', 'Star Maps']);
    expect(await db.ask('books whose price is higher than the average price of History books')).toEqual(['Cold Light', 'Iron Age']);
  });

  it('"any" (the lowest or the highest?), a condition beside the average, another column: refused', async () => {
    expect(await db.ask('books more expensive than any Poetry book')).toEqual([refused]);
    expect(await db.ask('History books whose price is above the average')).toEqual([refused]);
    expect(await db.ask('books whose price is above the average age')).toEqual([refused]);
  });

  it('either of two conditions', async () => {
    expect(await db.ask('the first names of members who are either older than 60 or younger than 18')).toEqual(['Bob', 'Cara']);
    expect(await db.ask('how many members are either younger than 20 or older than 50')).toEqual(['3']);
    expect(await db.ask('books with a price below 7 or above 25')).toEqual(['Cold Light', 'Rain Songs']);
  });

  it('an "or" beside another condition (which binds first?): refused', async () => {
    expect(await db.ask('books with a price below 7 or above 25 in the History genre')).toEqual([refused]);
  });

  it("each member's own columns beside its figures", async () => {
    expect(await db.ask('the city and number of loans of each member')).toEqual([
      '1 Ann Hale Leeds 3',
      '2 Bob Marsh York 3',
      '3 Cara Nye Leeds 1',
      '4 Dev Oake Hull 1',
    ]);
    expect(await db.ask('the number of loans and the city of each member')).toEqual([
      '1 Ann Hale Leeds 3',
      '2 Bob Marsh York 3',
      '3 Cara Nye Leeds 1',
      '4 Dev Oake Hull 1',
    ]);
    expect(await db.ask('the genre and number of loans of each book')).toEqual([
      'Iron Age History 1',
      'Quiet Hills Poetry 2',
      'Rain Songs Poetry 1',
      'Salt Roads History 2',
      'Star Maps Science 2',
    ]);
  });

  it('a value after the members (whose list, whose rows?): refused', async () => {
    expect(await db.ask('the city and number of loans of each member in Leeds')).toEqual([refused]);
  });

  it('members with at least / exactly N related rows', async () => {
    expect(await db.ask('members with at least two loans')).toEqual(['1 3', '2 3']);
    expect(await db.ask('members with exactly one loan')).toEqual(['3 1', '4 1']);
    expect(await db.ask('how many loans does each member have')).toEqual(['1 Ann Hale 3', '2 Bob Marsh 3', '3 Cara Nye 1', '4 Dev Oake 1']);
  });
});

describe('a music school', () => {
  const db = bootstrappedDuckdb(
    'school',
    `CREATE TABLE teachers (teacher_id INTEGER PRIMARY KEY, teacher_name VARCHAR, salary INTEGER, age INTEGER, subject VARCHAR);
     INSERT INTO teachers VALUES (1,'Mr Finch',42000,45,'Piano'),(2,'Ms Gray',38000,31,'Violin'),(3,'Dr Holt',51000,58,'Cello'),(4,'Mrs Ives',36000,27,'Piano');
     CREATE TABLE pupils (pupil_id INTEGER PRIMARY KEY, pupil_name VARCHAR, age INTEGER, instrument VARCHAR);
     INSERT INTO pupils VALUES (1,'Jo',12,'Piano'),(2,'Kit',9,'Violin'),(3,'Lee',15,'Cello'),(4,'Max',11,'Piano'),(5,'Noa',14,'Flute');
     CREATE TABLE lessons (lesson_id INTEGER PRIMARY KEY, teacher_id INTEGER REFERENCES teachers(teacher_id), pupil_id INTEGER REFERENCES pupils(pupil_id), lesson_day DATE, price INTEGER, room VARCHAR);
     INSERT INTO lessons VALUES (1,1,1,DATE '2021-01-04',30,'A'),(2,1,4,DATE '2021-01-05',30,'A'),(3,2,2,DATE '2020-02-01',25,'B'),(4,3,3,DATE '2021-03-03',40,'C'),(5,1,1,DATE '2020-04-04',30,'A'),(6,3,1,DATE '2021-05-05',45,'C'),(7,2,4,DATE '2021-06-06',25,'B');`,
  );

  it('members with no related rows, in a period of theirs', async () => {
    expect(await db.ask('teachers with no lessons')).toEqual(['Mrs Ives 1']);
    expect(await db.ask('which pupils have never had a lesson')).toEqual(['5 Noa']);
    expect(await db.ask('pupils who did not have any lessons in 2021')).toEqual(['Kit 1', 'Noa 1']);
    expect(await db.ask('pupils whose instrument is not Piano')).toEqual(['2 Kit Violin', '3 Lee Cello', '5 Noa Flute']);
  });

  it('a column compared with its own average', async () => {
    expect(await db.ask('teachers whose salary is above the average')).toEqual(['Dr Holt', 'Mr Finch']);
    expect(await db.ask('teachers earning less than the average salary')).toEqual(['Mrs Ives', 'Ms Gray']);
    expect(await db.ask('pupils younger than the average pupil')).toEqual(['Jo', 'Kit', 'Max']);
    expect(await db.ask('names of teachers older than the average teacher')).toEqual(['Dr Holt', 'Mr Finch']);
    expect(await db.ask('pupils older than the average')).toEqual(['Lee', 'Noa']);
  });

  it('a value stored in two columns, another column than the one compared: refused', async () => {
    expect(await db.ask('teachers with a salary greater than every Piano teacher')).toEqual([refused]);
    expect(await db.ask('teachers whose age is above the average salary')).toEqual([refused]);
  });

  it('either of two conditions', async () => {
    expect(await db.ask('names of teachers who are either older than 50 or younger than 30')).toEqual(['Dr Holt', 'Mrs Ives']);
    expect(await db.ask('teachers whose salary is above 50000 or below 37000')).toEqual(['Dr Holt', 'Mrs Ives']);
    expect(await db.ask('pupils aged under 10 or over 14')).toEqual(['Kit', 'Lee']);
  });

  it('members with N related rows, and their columns beside a count', async () => {
    expect(await db.ask('teachers with more than 2 lessons')).toEqual(['Mr Finch 3']);
    expect(await db.ask('pupils with exactly one lesson')).toEqual(['Kit 1', 'Lee 1']);
    expect(await db.ask('which teachers have more than one pupil')).toEqual(['Dr Holt 2', 'Mr Finch 2', 'Ms Gray 2']);
    expect(await db.ask('the name and number of lessons of each teacher')).toEqual(['Dr Holt 2', 'Mr Finch 3', 'Ms Gray 2']);
    expect(await db.ask('list each teacher and how many lessons they gave')).toEqual(['Dr Holt 2', 'Mr Finch 3', 'Ms Gray 2']);
    expect(await db.ask('the instrument and number of lessons of each pupil')).toEqual([
      'Jo Piano 3',
      'Kit Violin 1',
      'Lee Cello 1',
      'Max Piano 2',
    ]);
  });

  it("a column of the related rows is no column of the member's: refused", async () => {
    expect(await db.ask('the room and number of lessons of each teacher')).toEqual([refused]);
  });
});
