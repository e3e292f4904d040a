/**
 * The bootstrap on two public sample databases it was never tuned on (Chinook, Northwind) in a
 * real PostgreSQL 15: with their declared keys it must find every declared join; with every key
 * dropped it infers joins from names and data, and recall and precision against the declared
 * foreign keys are measured and printed. The unedited model must then answer ten questions of
 * each, checked against hand-written SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresForFile, type FileDatabases } from '../helpers/shared-servers.js';
import { answerWithBootstrappedModel, declaredJoinKeys, joinKey as key, loadSample, type Sample } from '../helpers/samples.js';
import { PostgresWarehouse } from '../../src/warehouse/postgres.js';
import { bootstrapDraft } from '../../src/semantic/draft/index.js';

let pg: FileDatabases;
let dir: string;
const urls: Record<string, string> = {};
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-samples-'));
  pg = await postgresForFile();
  for (const s of ['chinook', 'northwind'] as const) {
    urls[s] = await loadSample(pg, s, s);
    urls[`${s}_bare`] = await loadSample(pg, s, `${s}_bare`, { bare: true });
  }
}, 120_000);
afterAll(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function declaredJoins(sample: Sample): Promise<Set<string>> {
  const w = await PostgresWarehouse.open(urls[sample]!);
  try {
    return await declaredJoinKeys(w);
  } finally {
    await w.close();
  }
}

const QUESTIONS: Record<Sample, Array<[string, string]>> = {
  chinook: [
    ['how many invoices', 'SELECT count(*) FROM invoice'],
    ['number of customers', 'SELECT count(*) FROM customer'],
    ['number of customers by country', 'SELECT country, count(*) FROM customer GROUP BY 1'],
    ['invoice total by billing country', 'SELECT billing_country, sum(total) FROM invoice GROUP BY 1'],
    [
      'revenue by genre',
      'SELECT g.name, sum(il.unit_price * il.quantity) FROM invoice_line il JOIN track t USING (track_id) JOIN genre g USING (genre_id) GROUP BY 1',
    ],
    [
      'top 5 artists by revenue',
      'SELECT a.name, sum(il.unit_price * il.quantity) FROM invoice_line il JOIN track t USING (track_id) JOIN album al USING (album_id) JOIN artist a ON a.artist_id = al.artist_id GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5',
    ],
    [
      'revenue by media type',
      'SELECT m.name, sum(il.unit_price * il.quantity) FROM invoice_line il JOIN track t USING (track_id) JOIN media_type m USING (media_type_id) GROUP BY 1',
    ],
    ['invoices per year', 'SELECT extract(year FROM invoice_date)::int, count(*) FROM invoice GROUP BY 1'],
    [
      'revenue last year',
      "SELECT sum(il.unit_price * il.quantity) FROM invoice_line il JOIN invoice i USING (invoice_id) WHERE i.invoice_date >= date_trunc('year', (SELECT max(invoice_date) FROM invoice)) - interval '1 year' AND i.invoice_date < date_trunc('year', (SELECT max(invoice_date) FROM invoice))",
    ],
    ['number of albums', 'SELECT count(*) FROM album'],
  ],
  northwind: [
    ['how many orders', 'SELECT count(*) FROM orders'],
    ['number of products', 'SELECT count(*) FROM products'],
    ['total freight by ship country', 'SELECT ship_country, sum(freight) FROM orders GROUP BY 1'],
    [
      'revenue by category',
      'SELECT c.category_name, sum(d.unit_price * d.quantity * (1 - d.discount)) FROM order_details d JOIN products p USING (product_id) JOIN categories c USING (category_id) GROUP BY 1',
    ],
    [
      'top 3 customers by revenue',
      'SELECT c.company_name, sum(d.unit_price * d.quantity * (1 - d.discount)) FROM order_details d JOIN orders o USING (order_id) JOIN customers c USING (customer_id) GROUP BY 1 ORDER BY 2 DESC LIMIT 3',
    ],
    ['orders per year', 'SELECT extract(year FROM order_date)::int, count(*) FROM orders GROUP BY 1'],
    ['number of customers by country', 'SELECT country, count(*) FROM customers GROUP BY 1'],
    [
      'average freight by shipper',
      'SELECT s.company_name, avg(o.freight) FROM orders o JOIN shippers s ON s.shipper_id = o.ship_via GROUP BY 1',
    ],
    [
      'total quantity by product',
      'SELECT p.product_name, sum(d.quantity) FROM order_details d JOIN products p USING (product_id) GROUP BY 1',
    ],
    [
      'revenue last year',
      "SELECT sum(d.unit_price * d.quantity * (1 - d.discount)) FROM order_details d JOIN orders o USING (order_id) WHERE o.order_date >= (date_trunc('year', (SELECT max(order_date) FROM orders)) - interval '1 year')::date AND o.order_date < date_trunc('year', (SELECT max(order_date) FROM orders))::date",
    ],
  ],
};

describe.each(['chinook', 'northwind'] as const)('bootstrap on %s (PostgreSQL 15)', (sample) => {
  it('finds every declared join, and infers most of them from names and data alone', async () => {
    const declared = await declaredJoins(sample);
    const measure = async (url: string) => {
      const w = await PostgresWarehouse.open(url);
      try {
        const found = new Set((await bootstrapDraft(w, { name: sample })).joins.map(key));
        const hit = [...found].filter((k) => declared.has(k)).length;
        return {
          recall: hit / declared.size,
          precision: found.size ? hit / found.size : 0,
          hit,
          found: found.size,
          missed: [...declared].filter((k) => !found.has(k)),
        };
      } finally {
        await w.close();
      }
    };
    const withKeys = await measure(urls[sample]!);
    const bare = await measure(urls[`${sample}_bare`]!);
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(
      `[join recall/precision] ${sample}: ${declared.size} declared foreign keys; with declared keys: recall ${pct(withKeys.recall)}, precision ${pct(withKeys.precision)}; ` +
        `inferred (all keys dropped): recall ${pct(bare.recall)} (${bare.hit}/${declared.size}), precision ${pct(bare.precision)} (${bare.hit}/${bare.found}); missed: ${bare.missed.join(' ') || 'none'}`,
    );
    expect(withKeys.recall).toBe(1);
    expect(withKeys.precision).toBe(1);
    expect(bare.recall).toBeGreaterThanOrEqual(sample === 'northwind' ? 12 / 13 : 1); // Northwind's ship_via names no table
    expect(bare.precision).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  it('answers ten questions correctly with the unedited model', async () => {
    const w = await PostgresWarehouse.open(urls[sample]!);
    try {
      const results = await answerWithBootstrappedModel(w, sample, dir, QUESTIONS[sample]);
      const right = results.filter((r) => r.startsWith('PASS')).length;
      console.log(`[questions] ${sample}: ${right}/${QUESTIONS[sample].length}\n${results.join('\n')}`);
      expect(results.filter((r) => r.startsWith('FAIL'))).toEqual([]);
    } finally {
      await w.close();
    }
  }, 120_000);
});
