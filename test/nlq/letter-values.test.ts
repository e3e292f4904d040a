/**
 * Stored values that are one capital letter (grades, energy labels): after an article ("got an A",
 * "flats with a C label") the letter is a noun, the value; elsewhere, unread, it is never dropped as if it
 * were the article ("which students got C" answered every student before). Our own wordings on two small
 * databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('letter grades in a school', () => {
  const db = bootstrappedDuckdb(
    'school',
    `CREATE TABLE student (student_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, major VARCHAR);
     CREATE TABLE course (course_id INTEGER PRIMARY KEY, title VARCHAR, credits INTEGER);
     CREATE TABLE enrollment (student_id INTEGER REFERENCES student(student_id), course_id INTEGER REFERENCES course(course_id),
       semester VARCHAR, grade VARCHAR, PRIMARY KEY (student_id, course_id));
     INSERT INTO student VALUES (100,'Lia','Park','Math'),(101,'Omar','Diaz','Physics'),(102,'Pia','Nowak','History'),(103,'Raj','Iyer','Math');
     INSERT INTO course VALUES (10,'Algebra',4),(11,'Calculus',5),(12,'World History',3),(13,'Mechanics',5);
     INSERT INTO enrollment VALUES (100,10,'Fall','A'),(100,11,'Spring','B'),(101,13,'Fall','B'),(102,12,'Fall','A'),(103,10,'Fall','C'),(103,13,'Spring','B');`,
  );

  it('reads a capital letter after an article as the value', async () => {
    expect(await db.ask('list the students who got an A')).toEqual(['100 Lia Park', '102 Pia Nowak']);
    expect(await db.ask('how many students got an A')).toEqual(['2']);
    expect(await db.ask('students with a C')).toEqual(['103 Raj Iyer']);
  });

  it('refuses a bare capital letter it does not read, never answering every student', async () => {
    expect((await db.ask('which students got C'))[0]).toMatch(/^refused.*"C"/);
    // (named with its column, as before)
    expect(await db.ask('which students got grade C')).toEqual(['103 Raj Iyer']);
  });
});

describe('energy labels of flats', () => {
  const db = bootstrappedDuckdb(
    'flats',
    `CREATE TABLE flats (flat_id INTEGER PRIMARY KEY, street VARCHAR, rooms INTEGER, energy_label VARCHAR, rent INTEGER);
     INSERT INTO flats VALUES (1,'Elm Row',2,'B',900),(2,'Quay Lane',3,'D',1100),(3,'Mill Street',1,'B',650),(4,'Elm Row',4,'F',1400);`,
  );

  it('reads a capital letter after an article as the value', async () => {
    expect(await db.ask('how many flats have a B energy label')).toEqual(['2']);
    expect(await db.ask('the average rent of flats with a D')).toEqual(['1100']);
  });

  it('refuses a bare capital letter it does not read', async () => {
    expect((await db.ask('average rent of flats rated F or better'))[0]).toMatch(/^refused/);
  });
});
