/**
 * A bare phrase naming two kinds of things, one qualifying the other ("students taking advanced courses",
 * "owners of large dogs"), asks to see the first: it is read as a list of them, never as the count of each
 * (which it answered before). Things joined by "and" are still counted each. Our own wordings on two small
 * databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a school', () => {
  const db = bootstrappedDuckdb(
    'school',
    `CREATE TABLE teacher (teacher_id INTEGER PRIMARY KEY, name VARCHAR, department VARCHAR);
     CREATE TABLE course (course_id INTEGER PRIMARY KEY, title VARCHAR, credits INTEGER, teacher_id INTEGER REFERENCES teacher(teacher_id), level VARCHAR);
     CREATE TABLE student (student_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, major VARCHAR);
     CREATE TABLE enrollment (student_id INTEGER REFERENCES student(student_id), course_id INTEGER REFERENCES course(course_id),
       semester VARCHAR, grade VARCHAR, PRIMARY KEY (student_id, course_id));
     INSERT INTO teacher VALUES (1,'Mr Grant','Math'),(2,'Ms Byrne','History'),(3,'Dr Osei','Physics');
     INSERT INTO course VALUES (10,'Algebra',4,1,'intro'),(11,'Calculus',5,1,'advanced'),(12,'World History',3,2,'intro'),(13,'Mechanics',5,3,'advanced'),(14,'Optics',4,3,'advanced');
     INSERT INTO student VALUES (100,'Lia','Park','Math'),(101,'Omar','Diaz','Physics'),(102,'Pia','Nowak','History'),(103,'Raj','Iyer','Math');
     INSERT INTO enrollment VALUES (100,10,'Fall','A'),(100,11,'Spring','B'),(101,13,'Fall','B'),(101,14,'Spring','A'),(102,12,'Fall','A'),(103,13,'Spring','C');`,
  );

  it('lists the first thing of a phrase that another qualifies', async () => {
    for (const q of ['students taking advanced courses', 'students with advanced courses']) {
      const rows = await db.ask(q);
      expect(rows.map((r) => r.split(' ').slice(0, 3).join(' '))).toEqual(['100 Lia Park', '101 Omar Diaz', '103 Raj Iyer']);
    }
    expect((await db.ask('teachers of advanced courses')).map((r) => r.split(' ').slice(0, 2).join(' '))).toEqual(['Dr Osei', 'Mr Grant']);
  });

  it('still counts things joined by "and", and counts when asked how many', async () => {
    expect(await db.ask('students and courses')).toEqual(['4 5']);
    expect(await db.ask('how many students take advanced courses')).toEqual(['3']);
  });
});

describe('a kennel', () => {
  const db = bootstrappedDuckdb(
    'kennel',
    `CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name VARCHAR, city VARCHAR);
     CREATE TABLE dog (dog_id INTEGER PRIMARY KEY, name VARCHAR, breed VARCHAR, size VARCHAR, owner_id INTEGER REFERENCES owner(owner_id));
     INSERT INTO owner VALUES (1,'Ann Holt','Leeds'),(2,'Ben Cole','York'),(3,'Cal Reed','Leeds');
     INSERT INTO dog VALUES (1,'Rex','Boxer','large',1),(2,'Pip','Pug','small',1),(3,'Max','Mastiff','large',2),(4,'Dot','Beagle','medium',3);`,
  );

  it('lists the first thing of a phrase that another qualifies', async () => {
    expect((await db.ask('owners of large dogs')).map((r) => r.split(' ').slice(0, 2).join(' '))).toEqual(['Ann Holt', 'Ben Cole']);
  });

  it('still counts things joined by "and"', async () => {
    expect(await db.ask('owners and dogs')).toEqual(['3 4']);
    expect(await db.ask('dogs and owners in Leeds')).toEqual(['3 2']);
  });
});
