/**
 * The bootstrap on MariaDB: Chinook loaded from its own MySQL script (CamelCase tables and columns,
 * DATETIME dates, declared keys), read through a SELECT-only user. Every declared foreign key must
 * be found as a join, and the unedited model must answer a few questions as hand-written SQL does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mariadbForFile, type FileDatabases } from '../helpers/shared-servers.js';
import { answerWithBootstrappedModel, declaredJoinKeys, joinKey, loadChinookMariadb } from '../helpers/samples.js';
import { MysqlWarehouse } from '../../src/warehouse/mysql.js';
import { bootstrapDraft, bootstrapUrlToFile } from '../../src/semantic/draft/index.js';

let server: FileDatabases;
let url: string;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-samples-mariadb-'));
  server = await mariadbForFile();
  url = await loadChinookMariadb({ url: server.urlFor('') });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const QUESTIONS: Array<[string, string]> = [
  ['how many tracks are there', 'SELECT count(*) FROM Track'],
  ['count of invoices per billing country', 'SELECT BillingCountry, count(*) FROM Invoice GROUP BY 1'],
  [
    'sales by genre',
    'SELECT g.Name, sum(il.UnitPrice * il.Quantity) FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId JOIN Genre g ON g.GenreId = t.GenreId GROUP BY 1',
  ],
  ['invoice totals per year', 'SELECT YEAR(InvoiceDate), sum(Total) FROM Invoice GROUP BY 1'],
  [
    'the 3 best selling artists',
    'SELECT ar.Name, sum(il.UnitPrice * il.Quantity) FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId JOIN Album al ON al.AlbumId = t.AlbumId JOIN Artist ar ON ar.ArtistId = al.ArtistId GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3',
  ],
  ['customers in each country', 'SELECT Country, count(*) FROM Customer GROUP BY 1'],
  [
    'sales last year',
    `SELECT sum(il.UnitPrice * il.Quantity) FROM InvoiceLine il JOIN Invoice i ON i.InvoiceId = il.InvoiceId
      WHERE i.InvoiceDate >= MAKEDATE(YEAR((SELECT max(InvoiceDate) FROM Invoice)) - 1, 1) AND i.InvoiceDate < MAKEDATE(YEAR((SELECT max(InvoiceDate) FROM Invoice)), 1)`,
  ],
];

describe('bootstrap on Chinook (MariaDB 10.11)', () => {
  it('finds every declared foreign key as a join', async () => {
    const w = await MysqlWarehouse.open(url);
    try {
      const declared = await declaredJoinKeys(w);
      expect(declared.size).toBe(11);
      const found = new Set((await bootstrapDraft(w, { name: 'chinook' })).joins.map(joinKey));
      const missed = [...declared].filter((k) => !found.has(k));
      console.log(
        `[join recall] chinook on MariaDB: ${declared.size - missed.length}/${declared.size} declared foreign keys found; ${found.size} joins in all`,
      );
      expect(missed).toEqual([]);
    } finally {
      await w.close();
    }
  }, 60_000);

  it('answers questions correctly with the unedited model', async () => {
    const w = await MysqlWarehouse.open(url);
    try {
      const results = await answerWithBootstrappedModel(w, 'chinook', dir, QUESTIONS);
      console.log(
        `[questions] chinook on MariaDB: ${results.filter((r) => r.startsWith('PASS')).length}/${QUESTIONS.length}\n${results.join('\n')}`,
      );
      expect(results.filter((r) => r.startsWith('FAIL'))).toEqual([]);
    } finally {
      await w.close();
    }
  }, 120_000);

  it('quarry semantic bootstrap takes a mysql:// URL and writes the model', async () => {
    const out = join(dir, 'from-url.yaml');
    const result = await bootstrapUrlToFile(url, out);
    expect(result.model.name).toBe('warehouse');
    const yaml = readFileSync(out, 'utf8');
    expect(yaml).toContain('table: InvoiceLine');
    expect(yaml).not.toContain('chinook-ro-pw');
  }, 60_000);
});
