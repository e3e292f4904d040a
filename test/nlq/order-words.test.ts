/**
 * The words that order a list: which end comes first ("newest first", "the lowest first", "from A to
 * Z", "in alphabetical order"), "in order of X", and a figure said by its last word alone when the
 * thing listed has one phrase ending with it ("ordered by amount" of payments with a payment amount;
 * "by gpa" of a column named total_gpa). Two vocabularies, drafted from their tables: a shop's
 * payments and vendors, and a school's pupils.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

/** The rows in the order the answer gave them. */
const inOrder = async (db: ReturnType<typeof bootstrappedDuckdb>, question: string) => {
  const r = await db.answer(question);
  return r.status === 'done' ? r.rows.map((row) => Object.values(row).map(String).join(' ')) : [`${r.status}: ${r.reason}`];
};

describe('order words', () => {
  const shop = bootstrappedDuckdb(
    'shop-order-words',
    `CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, payer VARCHAR, payment_amount DECIMAL(10,2), paid_on DATE);
     INSERT INTO payments VALUES (1, 'Ada', 40.00, '2024-03-01'), (2, 'Bo', 95.50, '2024-01-15'), (3, 'Cy', 12.25, '2024-02-20');
     CREATE TABLE vendors (vendor_id INTEGER PRIMARY KEY, vendor_name VARCHAR, city VARCHAR);
     INSERT INTO vendors VALUES (1, 'Kiln', 'Leeds'), (2, 'Anvil', 'York'), (3, 'Rope', 'Leeds');`,
  );
  const school = bootstrappedDuckdb(
    'school-order-words',
    `CREATE TABLE pupils (pupil_id INTEGER PRIMARY KEY, pupil_name VARCHAR, total_gpa DOUBLE, enrolled_on DATE);
     INSERT INTO pupils VALUES (1, 'Mira', 3.1, '2020-09-01'), (2, 'Abe', 3.8, '2021-09-01'), (3, 'Zoe', 2.9, '2019-09-01');`,
  );

  it('which end comes first: "highest first", "oldest first", "newest first"', async () => {
    const amounts = (rows: string[]) => rows.map((r) => r.split(' ').at(-1));
    expect(amounts(await inOrder(shop, 'list the payments ordered by amount, highest first'))).toEqual(['95.5', '40', '12.25']);
    expect(amounts(await inOrder(shop, 'show the payments sorted by amount, the lowest first'))).toEqual(['12.25', '40', '95.5']);
    expect((await inOrder(school, 'list the pupils ordered by gpa, highest first')).map((r) => r.split(' ')[1])).toEqual([
      'Abe',
      'Mira',
      'Zoe',
    ]);
    expect((await inOrder(school, 'show the pupils sorted by enrolled on, newest first')).map((r) => r.split(' ')[1])).toEqual([
      'Abe',
      'Mira',
      'Zoe',
    ]);
  });

  it('"most first", "fewest first": a count broken down, from its largest or smallest', async () => {
    expect(await inOrder(shop, 'vendors per city, most first')).toEqual(['Leeds 2', 'York 1']);
    expect(await inOrder(school, 'the number of pupils by enrolled on year, fewest first')).toHaveLength(3);
    // (nothing ordered: the words are not read)
    expect((await inOrder(shop, 'list the vendors, most first'))[0]).toMatch(/^refused/);
  });

  it('"in alphabetical order" and "from Z to A" order the members by their name', async () => {
    expect((await inOrder(school, 'list the pupils in alphabetical order')).map((r) => r.split(' ')[1])).toEqual(['Abe', 'Mira', 'Zoe']);
    expect((await inOrder(shop, 'list the vendors in Leeds from z to a')).map((r) => r.split(' ').at(-1))).toEqual(['Rope', 'Kiln']);
  });

  it('"in order of" a figure of the members own rows', async () => {
    expect((await inOrder(school, 'list the pupils in order of gpa')).map((r) => r.split(' ')[1])).toEqual(['Zoe', 'Mira', 'Abe']);
  });
});
