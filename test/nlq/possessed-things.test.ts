/**
 * "books and their authors", "list the visits with their patients": the things named after "their" are
 * each one's own, listed beside it, one row per pair (`possessedThings` in interpret.ts). They were read
 * as two totals side by side, or as a count of authors per book. A figure after "their" ("their number
 * of books") is still a figure of each. Two databases of our own (a bookshop and a clinic), drafted
 * unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a bookshop: books and their authors', () => {
  const db = bootstrappedDuckdb(
    'possessedbooks',
    `CREATE TABLE authors (author_id INTEGER PRIMARY KEY, author_name VARCHAR, country VARCHAR);
     INSERT INTO authors VALUES (1,'Ada','UK'),(2,'Ben','FR'),(3,'Cleo','UK');
     CREATE TABLE books (book_id INTEGER PRIMARY KEY, title VARCHAR, author_id INTEGER REFERENCES authors(author_id), pages INTEGER);
     INSERT INTO books VALUES (1,'Alpha',1,100),(2,'Beta',1,200),(3,'Gamma',2,300);`,
  );

  it('lists each one with the things it owns or belongs to', async () => {
    expect(await db.ask('books and their authors')).toEqual(['Alpha Ada', 'Beta Ada', 'Gamma Ben']);
    expect(await db.ask('list the books with their authors')).toEqual(['Alpha Ada', 'Beta Ada', 'Gamma Ben']);
    expect(await db.ask('authors and their books')).toEqual(['Ada Alpha', 'Ada Beta', 'Ben Gamma']);
  });

  it('keeps a figure said after "their" a figure of each one', async () => {
    expect(await db.ask('authors and their number of books')).toEqual(['Ada 2', 'Ben 1']);
  });
});

describe('a clinic: visits and their patients', () => {
  const db = bootstrappedDuckdb(
    'possessedclinic',
    `CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, full_name VARCHAR, born DATE);
     INSERT INTO patients VALUES (1,'Ivo Lind','1980-02-01'),(2,'Mae Ross','1975-07-09');
     CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patients(patient_id), visit_date DATE, fee DOUBLE);
     INSERT INTO visits VALUES (10,1,'2024-01-05',40),(11,2,'2024-01-06',55),(12,1,'2024-02-01',40);`,
  );

  it('lists each visit with its patient, and each patient with their visits', async () => {
    expect(await db.ask('visits and their patients')).toEqual(['10 Ivo Lind', '11 Mae Ross', '12 Ivo Lind']);
    expect(await db.ask('patients with their visits')).toEqual(['Ivo Lind 10', 'Ivo Lind 12', 'Mae Ross 11']);
  });
});

describe('a music school: pupils and their instruments through a table of pairs, and their own figures', () => {
  const db = bootstrappedDuckdb(
    'possessedmusic',
    `CREATE TABLE pupil (pupil_id INTEGER PRIMARY KEY, pupil_name VARCHAR, age INTEGER, fee DOUBLE);
     INSERT INTO pupil VALUES (1,'Ola',9,30),(2,'Pim',12,45),(3,'Rue',15,45);
     CREATE TABLE instrument (instrument_id INTEGER PRIMARY KEY, instrument_name VARCHAR);
     INSERT INTO instrument VALUES (1,'Cello'),(2,'Flute'),(3,'Harp');
     CREATE TABLE pupil_instrument (pupil_id INTEGER REFERENCES pupil(pupil_id), instrument_id INTEGER REFERENCES instrument(instrument_id));
     INSERT INTO pupil_instrument VALUES (1,1),(1,2),(2,2),(3,3);`,
  );

  it('lists each pair the table holds, from either side (never two totals or a count per member)', async () => {
    expect(await db.ask('pupils and their instruments')).toEqual(['Ola Cello', 'Ola Flute', 'Pim Flute', 'Rue Harp']);
    expect(await db.ask('list the instruments with their pupils')).toEqual(['Cello Ola', 'Flute Ola', 'Flute Pim', 'Harp Rue']);
  });

  it('lists each member with its own figures after "their"', async () => {
    expect(await db.ask('pupils and their ages')).toEqual(['Ola 9', 'Pim 12', 'Rue 15']);
    expect(await db.ask('list the pupils with their fees and ages')).toEqual(['Ola 30 9', 'Pim 45 12', 'Rue 45 15']);
  });

  it('keeps an aggregate said of them all one figure', async () => {
    expect(await db.ask('the average age of pupils')).toEqual(['12']);
  });
});
