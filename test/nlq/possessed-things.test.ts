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
