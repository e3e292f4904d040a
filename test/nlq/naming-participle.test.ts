/**
 * A thing "called" / "titled" / "named" by its name: the participle between the thing and a value of
 * its own naming column says the value is its name. Asked in our own words of two small databases of
 * our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('members called by their names in a lending library', () => {
  const db = bootstrappedDuckdb(
    'library',
    `CREATE TABLE members (member_id INTEGER PRIMARY KEY, member_name VARCHAR, branch VARCHAR);
     INSERT INTO members VALUES (1, 'Ada Pym', 'Northgate'), (2, 'Ada Pym', 'Southgate'), (3, 'Ned Carr', 'Northgate');
     CREATE TABLE books (book_id INTEGER PRIMARY KEY, title VARCHAR, pages INTEGER);
     INSERT INTO books VALUES (1, 'Dune', 412), (2, 'Emma', 474), (3, 'Dune', 380);`,
  );

  it('reads the participle as the thing named by its name', async () => {
    expect(await db.ask('how many members called Ada Pym are there')).toEqual(['2']);
    expect(await db.ask('how many books called Dune')).toEqual(['2']);
  });
});

describe('suppliers called by their names in a wholesale shop', () => {
  const db = bootstrappedDuckdb(
    'wholesale',
    `CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, supplier_name VARCHAR, city VARCHAR, balance DOUBLE);
     INSERT INTO suppliers VALUES (1, 'Acme Mills', 'Leeds', 120.5), (2, 'Acme Mills', 'York', 80.0), (3, 'Brook Farm', 'Leeds', 40.25);`,
  );

  it('reads the participle with a condition beside it', async () => {
    expect(await db.ask('number of suppliers named Acme Mills in Leeds')).toEqual(['1']);
    expect(await db.ask('total balance of suppliers called Acme Mills')).toEqual(['200.5']);
  });
});
