/**
 * Row conditions said with a verb of the column or a bare number (`single-table.ts`): "teachers aged 34
 * or 45", "items that cost 19.99", "items priced between 20 and 30", "crates weighing over 5", "staff who
 * earn more than 40000", "below age 30", "over the age of 40", and a percent against a rate the draft
 * found kept as a fraction ("a discount of at least 10%" is >= 0.1). Two databases of our own (a school
 * and a shop), bootstrapped unedited; the neighbouring readings (two columns of the verb's sense, a percent
 * of a column that is no fraction, a verb naming no column) stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a school: ages and pay', () => {
  const db = bootstrappedDuckdb(
    'verbschool',
    `CREATE TABLE tutors (tutor_id INTEGER PRIMARY KEY, tutor_name VARCHAR, age INTEGER, salary DECIMAL(10,2), town VARCHAR);
     INSERT INTO tutors VALUES (1,'Ada',34,32000,'Leeds'),(2,'Ben',51,41000,'York'),(3,'Cara',28,27000,'Cork'),(4,'Dev',45,38000,'Leeds'),(5,'Eve',62,52000,'Lyon');
     CREATE TABLE pupils (pupil_id INTEGER PRIMARY KEY, pupil_name VARCHAR, age INTEGER, fee_paid DOUBLE);
     INSERT INTO pupils VALUES (1,'Gil',12,1200),(2,'Hana',14,900),(3,'Ivo',11,1500),(4,'Jo',16,700);`,
  );

  it('reads a participle of the column before a number, a list of numbers, a range or a comparison', async () => {
    expect(await db.ask('tutors aged 34 or 45')).toEqual(['Ada', 'Dev']);
    expect(await db.ask('tutors aged either 28, 51 or 62')).toEqual(['Ben', 'Cara', 'Eve']);
    expect(await db.ask('which pupils are aged 12 to 14')).toEqual(['Gil', 'Hana']);
    expect(await db.ask('how many tutors are aged over 40')).toEqual(['3']);
    expect(await db.ask('tutors whose age is either 34 or 51')).toEqual(['Ada', 'Ben']);
  });

  it('reads the comparison said before the column', async () => {
    expect(await db.ask('how many tutors are below age 30')).toEqual(['1']);
    expect(await db.ask('pupils under age 13')).toEqual(['Gil', 'Ivo']);
    expect(await db.ask('tutors over the age of 50')).toEqual(['Ben', 'Eve']);
  });

  it('reads a verb of pay as the one pay column', async () => {
    expect(await db.ask('how many tutors earn more than 40000')).toEqual(['2']);
  });

  it('refuses a verb that names no column of the thing, and a percent of a column that is no fraction', async () => {
    // (pupils have a fee paid, tutors no pay verb's own word: "paid" is no salary)
    for (const q of ['tutors paid more than 40000', 'tutors aged over 40%', 'pupils who earn more than 1000'])
      expect((await db.ask(q))[0], q).toMatch(/^refused/);
  });
});

describe('a shop: prices, weights and a discount kept as a fraction', () => {
  const db = bootstrappedDuckdb(
    'verbshop',
    `CREATE TABLE goods (good_id INTEGER PRIMARY KEY, good_name VARCHAR, price DECIMAL(8,2), weight_kg DOUBLE);
     INSERT INTO goods VALUES (1,'Kettle',24.50,1.2),(2,'Toaster',31.00,2.5),(3,'Lamp',19.99,0.8),(4,'Fan',45.00,6.1),(5,'Clock',19.99,0.4);
     CREATE TABLE crates (crate_id INTEGER PRIMARY KEY, label VARCHAR, gross_weight DOUBLE, net_weight DOUBLE);
     INSERT INTO crates VALUES (1,'A',10,8),(2,'B',4,3);
     CREATE TABLE order_lines (line_id INTEGER PRIMARY KEY, good_id INTEGER REFERENCES goods(good_id), qty INTEGER, discount DOUBLE);
     INSERT INTO order_lines VALUES (1,1,2,0.0),(2,2,1,0.15),(3,3,1,0.05),(4,4,2,0.1),(5,5,1,0.2);
     CREATE TABLE promos (promo_id INTEGER PRIMARY KEY, promo_name VARCHAR, discount INTEGER);
     INSERT INTO promos VALUES (1,'Spring',10),(2,'Summer',25),(3,'Autumn',5);`,
  );

  it('reads verbs of price and weight as the one column of their sense', async () => {
    expect(await db.ask('goods that cost 19.99')).toEqual(['Clock', 'Lamp']);
    expect(await db.ask('how many goods cost less than 20')).toEqual(['2']);
    expect(await db.ask('goods priced between 20 and 30')).toEqual(['Kettle']);
    expect(await db.ask('goods weighing over 2 kg')).toEqual(['Fan', 'Toaster']);
  });

  it('compares a percent with a rate kept as a fraction', async () => {
    expect(await db.ask('how many order lines have a discount of at least 10%')).toEqual(['3']);
    expect(await db.ask('how many order lines have a discount below 10%')).toEqual(['2']);
  });

  it('refuses two columns of the sense, a percent of a price, and a unit the column is not kept in', async () => {
    for (const q of ['crates weighing over 5', 'goods that cost 10%', 'goods weighing over 2 pounds'])
      expect((await db.ask(q))[0], q).toMatch(/^refused/);
  });
});
