/**
 * Conditions across linking tables: "books by Ann Lee tagged poetry" keeps the books that one linking row ties to
 * the writer and another to the tag (each condition on its own, as a semi-join through its one linking table),
 * where there is no single row reaching both. "Ann Lee's book about poetry" (a thing named in the singular, picked
 * by values, no question word) lists it, as the plural does. A condition two linking tables away (writers by a
 * tag) stays refused. Our own small databases, bootstrapped unedited: a library and a patent office.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a library: books, their writers and their tags, each through a linking table', () => {
  const db = bootstrappedDuckdb(
    'library',
    `CREATE TABLE writer (writer_id INTEGER PRIMARY KEY, writer_name VARCHAR);
     INSERT INTO writer VALUES (1, 'Ann Lee'), (2, 'Bo Kim'), (3, 'Cy Ro');
     CREATE TABLE book (book_id INTEGER PRIMARY KEY, title VARCHAR, pages INTEGER);
     INSERT INTO book VALUES (10, 'Salt Roads', 200), (11, 'Low Tide', 150), (12, 'Glasswork', 320), (13, 'Paper Moon', 90);
     CREATE TABLE tag (tag_id INTEGER PRIMARY KEY, tag_name VARCHAR);
     INSERT INTO tag VALUES (1, 'poetry'), (2, 'travel'), (3, 'crime');
     CREATE TABLE book_writer (book_id INTEGER REFERENCES book(book_id), writer_id INTEGER REFERENCES writer(writer_id));
     INSERT INTO book_writer VALUES (10, 1), (10, 2), (11, 1), (12, 2), (13, 3);
     CREATE TABLE book_tag (book_id INTEGER REFERENCES book(book_id), tag_id INTEGER REFERENCES tag(tag_id));
     INSERT INTO book_tag VALUES (10, 1), (10, 2), (11, 2), (12, 1), (13, 1);`,
  );

  it('lists and counts the books by a writer with a tag', async () => {
    expect(await db.ask('travel books by Ann Lee')).toEqual(['10 Salt Roads', '11 Low Tide']);
    expect(await db.ask('poetry books by Bo Kim')).toEqual(['10 Salt Roads', '12 Glasswork']);
    expect(await db.ask('how many poetry books has Ann Lee written')).toEqual(['1']);
  });

  it('lists the book named in the singular by its writer and tag', async () => {
    expect(await db.ask("Cy Ro 's book about poetry")).toEqual(['13 Paper Moon']);
  });

  it('still refuses writers held to a tag two linking tables away', async () => {
    expect((await db.answer('how many writers are tagged poetry')).status).toBe('refused');
  });
});

describe('a patent office: patents, their inventors and their fields', () => {
  const db = bootstrappedDuckdb(
    'patents',
    `CREATE TABLE inventor (inventor_id INTEGER PRIMARY KEY, inventor_name VARCHAR);
     INSERT INTO inventor VALUES (1, 'Dee Park'), (2, 'Eli Shaw');
     CREATE TABLE patent (patent_id INTEGER PRIMARY KEY, patent_title VARCHAR, claims INTEGER);
     INSERT INTO patent VALUES (100, 'Folding Oar', 12), (101, 'Solar Kettle', 8), (102, 'Quiet Hinge', 5);
     CREATE TABLE field (field_id INTEGER PRIMARY KEY, field_name VARCHAR);
     INSERT INTO field VALUES (1, 'marine'), (2, 'kitchen');
     CREATE TABLE patent_inventor (patent_id INTEGER REFERENCES patent(patent_id), inventor_id INTEGER REFERENCES inventor(inventor_id));
     INSERT INTO patent_inventor VALUES (100, 1), (101, 1), (101, 2), (102, 2);
     CREATE TABLE patent_field (patent_id INTEGER REFERENCES patent(patent_id), field_id INTEGER REFERENCES field(field_id));
     INSERT INTO patent_field VALUES (100, 1), (101, 2), (102, 2), (102, 1);`,
  );

  it('lists and counts the patents of an inventor in a field', async () => {
    expect(await db.ask('kitchen patents by Dee Park')).toEqual(['101 Solar Kettle']);
    expect(await db.ask('Eli Shaw patents in kitchen')).toEqual(['101 Solar Kettle', '102 Quiet Hinge']);
    expect(await db.ask("Dee Park 's patent in marine")).toEqual(['100 Folding Oar']);
    expect(await db.ask('how many kitchen patents does Eli Shaw have')).toEqual(['2']);
  });

  it('still refuses inventors held to a field two linking tables away', async () => {
    expect((await db.answer('how many inventors are in the marine field')).status).toBe('refused');
  });
});
