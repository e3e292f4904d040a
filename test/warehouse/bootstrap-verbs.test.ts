/**
 * Past forms found only through their verb, on a bootstrapped model of a small library of our own
 * (papers, authors, who wrote what, which paper cites which): "authored" names no thing of its own
 * (never a count of authors), while "cited" states the relation of its own table (papers citing
 * papers) and is never read as the writing relation: her papers' citing side, the papers cited each once.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const { ask } = bootstrappedDuckdb(
  'library',
  `
    CREATE TABLE paper (paperid INTEGER PRIMARY KEY, title VARCHAR);
    INSERT INTO paper VALUES (1, 'On Tides'), (2, 'Salt Roads'), (3, 'Fen Birds');
    CREATE TABLE author (authorid INTEGER PRIMARY KEY, authorname VARCHAR);
    INSERT INTO author VALUES (1, 'Ida Marsh'), (2, 'Tom Reed');
    CREATE TABLE writes (paperid INTEGER, authorid INTEGER);
    INSERT INTO writes VALUES (1, 1), (2, 2), (3, 1);
    CREATE TABLE cite (citingpaperid INTEGER, citedpaperid INTEGER);
    INSERT INTO cite VALUES (1, 2), (3, 2), (3, 1), (1, 3);
  `,
);

describe('past forms found only through their verb (bootstrapped library)', () => {
  it('"authored by" lists the papers written by the author, never a count of authors', async () => {
    expect(await ask('what papers are authored by Ida Marsh')).toEqual(['1 On Tides', '3 Fen Birds']);
  });
  it('"cited" (the table of papers citing papers) counts the papers hers cite, never the papers written', async () => {
    // (2 written, 4 citing rows: 3 different papers cited)
    expect(await ask('how many papers has Ida Marsh cited')).toEqual(['3']);
  });
});
