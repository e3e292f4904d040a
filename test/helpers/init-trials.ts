/**
 * The init trials' parts (test/bench/init-trials.bench.ts): ten everyday questions per public sample
 * database with the SQL that answers each (written before any draft was looked at), the verdict of
 * one answer against it, and one trial: `quarry init --yes` run unedited as a child process in a
 * fresh folder, then the questions asked with the files it wrote.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { quarryArgs } from './quarry-cli.js';
import { execMysql } from './mariadb.js';
import { loadConfig } from '../../src/config.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import { loadSemanticLayer } from '../../src/semantic/values.js';
import { answerQuestion } from '../../src/eval/answer.js';
import { cell, compareRows } from '../../src/eval/compare.js';

/** A question in everyday words and the SQL that answers it on that database. */
export type Trial = [question: string, goldSql: string];

export const CHINOOK: Trial[] = [
  ['how many tracks are there', 'SELECT count(*) FROM track'],
  ['tracks per genre', 'SELECT g.name, count(*) FROM track t JOIN genre g USING (genre_id) GROUP BY g.name'],
  ['total invoiced in 2022', "SELECT sum(total) FROM invoice WHERE invoice_date >= '2022-01-01' AND invoice_date < '2023-01-01'"],
  ['sales by billing country', 'SELECT billing_country, sum(total) FROM invoice GROUP BY billing_country'],
  [
    'the 5 artists with the most albums',
    'SELECT ar.name, count(*) AS n FROM album al JOIN artist ar USING (artist_id) GROUP BY ar.name ORDER BY n DESC LIMIT 5',
  ],
  ['average track length in milliseconds', 'SELECT avg(milliseconds) FROM track'],
  ['number of customers per country', 'SELECT country, count(*) FROM customer GROUP BY country'],
  [
    'invoices per month in 2023',
    "SELECT date_trunc('month', invoice_date)::date, count(*) FROM invoice WHERE invoice_date >= '2023-01-01' AND invoice_date < '2024-01-01' GROUP BY 1",
  ],
  [
    'which genre sold the most units',
    'SELECT g.name, sum(il.quantity) AS q FROM invoice_line il JOIN track t USING (track_id) JOIN genre g USING (genre_id) GROUP BY g.name ORDER BY q DESC LIMIT 1',
  ],
  ['how many albums do we have', 'SELECT count(*) FROM album'],
];

export const SAKILA: Trial[] = [
  ['how many films do we have', 'SELECT count(*) FROM film'],
  ['films per rating', 'SELECT rating::text, count(*) FROM film GROUP BY rating'],
  ['average film length by rating', 'SELECT rating::text, avg(length) FROM film GROUP BY rating'],
  ['total payments in 2005', "SELECT sum(amount) FROM payment WHERE payment_date >= '2005-01-01' AND payment_date < '2006-01-01'"],
  [
    'payment amount by month in 2005',
    "SELECT date_trunc('month', payment_date)::date, sum(amount) FROM payment WHERE payment_date >= '2005-01-01' AND payment_date < '2006-01-01' GROUP BY 1",
  ],
  ['number of customers per store', 'SELECT store_id, count(*) FROM customer GROUP BY store_id'],
  [
    'top 5 customers by total payments',
    'SELECT c.first_name, c.last_name, sum(p.amount) AS s FROM payment p JOIN customer c USING (customer_id) GROUP BY c.customer_id, c.first_name, c.last_name ORDER BY s DESC LIMIT 5',
  ],
  [
    'customers by country',
    'SELECT co.country, count(*) FROM customer cu JOIN address a USING (address_id) JOIN city ci USING (city_id) JOIN country co USING (country_id) GROUP BY co.country',
  ],
  ['how many rentals in July 2005', "SELECT count(*) FROM rental WHERE rental_date >= '2005-07-01' AND rental_date < '2005-08-01'"],
  [
    'which actor appears in the most films',
    'SELECT a.first_name, a.last_name, count(*) AS n FROM film_actor fa JOIN actor a USING (actor_id) GROUP BY a.actor_id, a.first_name, a.last_name ORDER BY n DESC LIMIT 1',
  ],
];

export const MYWIND: Trial[] = [
  ['how many orders are there', 'SELECT count(*) FROM orders'],
  [
    'orders by employee',
    'SELECT e.first_name, e.last_name, count(*) FROM orders o JOIN employees e ON e.id = o.employee_id GROUP BY e.id, e.first_name, e.last_name',
  ],
  [
    'number of orders per shipping company',
    'SELECT s.company, count(*) FROM orders o JOIN shippers s ON s.id = o.shipper_id GROUP BY s.company',
  ],
  [
    'total sales in 2006',
    "SELECT sum(d.quantity * d.unit_price * (1 - d.discount)) FROM order_details d JOIN orders o ON o.id = d.order_id WHERE o.order_date >= '2006-01-01' AND o.order_date < '2007-01-01'",
  ],
  [
    'top 5 products by sales',
    'SELECT p.product_name, sum(d.quantity * d.unit_price * (1 - d.discount)) AS s FROM order_details d JOIN products p ON p.id = d.product_id GROUP BY p.product_name ORDER BY s DESC LIMIT 5',
  ],
  ['customers per city', 'SELECT city, count(*) FROM customers GROUP BY city'],
  ['average shipping fee', 'SELECT avg(shipping_fee) FROM orders'],
  [
    'number of orders per month in 2006',
    "SELECT DATE_FORMAT(order_date, '%Y-%m-01'), count(*) FROM orders WHERE order_date >= '2006-01-01' AND order_date < '2007-01-01' GROUP BY 1",
  ],
  ['how many products in each category', 'SELECT category, count(*) FROM products GROUP BY category'],
  ['orders by status', 'SELECT s.status_name, count(*) FROM orders o JOIN orders_status s ON s.id = o.status_id GROUP BY s.status_name'],
];

export type Verdict = 'right' | 'refused' | 'wrong';

/**
 * Right when the rows match as the eval compares them; when the shapes differ (a person's name in
 * one column or two, an extra key column, a row for "no value"), right when each expected row has a
 * result row holding its numbers and its texts, and no other rows but ones labelled by nothing.
 */
export function judge(got: Record<string, unknown>[], expected: Record<string, unknown>[]): { ok: boolean; reason?: string } {
  const strict = compareRows(got, expected);
  if (strict.ok) return strict;
  const isNumber = (v: unknown) => typeof v === 'number' || typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
  const texts = (r: Record<string, unknown>) =>
    Object.values(r)
      .filter((v) => v !== null && !isNumber(v))
      .map((v) => cell(v).toLowerCase());
  const numbers = (r: Record<string, unknown>) => Object.values(r).filter(isNumber).map(cell);
  const unused = [...got];
  for (const want of expected) {
    const i = unused.findIndex((r) => {
      const have = numbers(r);
      const joined = texts(r).join(' ');
      return (
        numbers(want).every((n) => have.includes(n)) &&
        texts(want).every((t) => joined.includes(t)) &&
        (texts(want).length > 0 || numbers(want).length > 0)
      );
    });
    if (i < 0) return strict;
    unused.splice(i, 1);
  }
  const onlyUnlabelled = unused.every((r) => texts(r).length === 0 && Object.values(r).some((v) => v === null));
  return onlyUnlabelled ? { ok: true } : strict;
}

/** Runs `quarry init --warehouse URL --yes` in a fresh folder, as a user would; returns the folder. */
export function quarryInit(url: string): Promise<{ dir: string; code: number | null; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-trial-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('QUARRY_')));
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, quarryArgs('init', '--warehouse', url, '--yes'), { cwd: dir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += String(c)));
    child.stderr.on('data', (c) => (stderr += String(c)));
    child.on('error', fail);
    child.on('close', (code) => done({ dir, code, stdout, stderr }));
    child.stdin.end();
  });
}

export interface TrialResult {
  name: string;
  init: string;
  counts: Record<Verdict, number>;
}

export async function trial(
  name: string,
  readOnlyUrl: string,
  trials: Trial[],
  goldRunner: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<TrialResult> {
  const counts: Record<Verdict, number> = { right: 0, refused: 0, wrong: 0 };
  const verbose = process.env.QUARRY_TRIALS_VERBOSE === '1';
  const init = await quarryInit(readOnlyUrl);
  if (init.code !== 0) {
    console.log(`${name}: quarry init failed (${init.code}): ${init.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    return { name, init: 'failed', counts: { right: 0, refused: trials.length, wrong: 0 } };
  }
  if (verbose) console.log(`--- ${name}: quarry init in ${init.dir} ---\n${init.stdout}`);
  const cfg = loadConfig({ env: {}, file: join(init.dir, 'quarry.yaml') });
  const warehouse = await openWarehouse(cfg.warehouse!);
  try {
    const layer = await loadSemanticLayer(resolve(init.dir, cfg.model!), warehouse);
    for (const [question, gold] of trials) {
      const got = await answerQuestion(layer, warehouse, question);
      let verdict: Verdict;
      let why = '';
      if (got.status !== 'done') {
        verdict = 'refused';
        why = `${got.status}: ${got.reason ?? ''}`;
      } else {
        const j = judge(got.rows, await goldRunner(gold));
        verdict = j.ok ? 'right' : 'wrong';
        why = j.reason ?? '';
      }
      counts[verdict]++;
      if (verbose || verdict === 'wrong')
        console.log(
          `  ${name} ${verdict.toUpperCase().padEnd(7)} ${question}${why ? ` — ${why}` : ''}${verdict !== 'right' && got.query ? `\n      query: ${JSON.stringify(got.query)}` : ''}`,
        );
    }
  } finally {
    await warehouse.close();
  }
  return { name, init: 'ok', counts };
}

export async function pgRows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

export async function mysqlRows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  return (await execMysql(url, sql)) as Record<string, unknown>[];
}
