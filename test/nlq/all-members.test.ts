/**
 * "The total salary of all employees in Leeds": an aggregate said of all the members is one figure of
 * the whole set (before: one row per employee, a wrong answer on our own wordings); a column said
 * without an aggregate word ("the salary of all employees") still shows each member's. TPC-H and a
 * staff register of our own, bootstrapped unedited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/eval/answer.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { openTpch } from '../helpers/tpch.js';

describe('an aggregate of all the members, on a staff register', () => {
  const db = bootstrappedDuckdb(
    'staff',
    `CREATE TABLE employees (emp_id INTEGER PRIMARY KEY, fname VARCHAR, lname VARCHAR, salary DECIMAL(10,2), dept VARCHAR, city VARCHAR);
     INSERT INTO employees VALUES (1, 'Ada', 'Lark', 52000, 'Sales', 'Leeds'), (2, 'Ben', 'Moss', 71000, 'Finance', 'York'),
       (3, 'Cara', 'Neil', 38000, 'Sales', 'Hull'), (4, 'Dev', 'Oakes', 64000, 'Support', 'Leeds');`,
  );

  it('one figure for the whole set', async () => {
    expect(await db.ask('the total salary of all employees in Leeds')).toEqual(['116000']);
    expect(await db.ask('what is the average salary of all the employees in Sales')).toEqual(['45000']);
  });

  it('without an aggregate word, each member shows its own', async () => {
    expect((await db.ask('the salary of all employees in Leeds')).length).toBe(2);
  });
});

describe('an aggregate of all the members, on TPC-H', () => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  beforeAll(async () => {
    ({ warehouse, layer } = await openTpch());
  });
  afterAll(async () => {
    await warehouse?.close();
  });

  it('one figure for the whole set', async () => {
    const got = await answerQuestion(layer, warehouse, 'the total account balance of all customers in the BUILDING segment');
    expect(got.status, got.reason).toBe('done');
    const [expected] = (await warehouse.run("SELECT SUM(c_acctbal) AS s FROM customer WHERE c_mktsegment = 'BUILDING'")).rows;
    expect(got.rows).toHaveLength(1);
    expect(Number(Object.values(got.rows[0]!).at(-1)).toFixed(2)).toBe(Number(expected!.s).toFixed(2));
  });
});
