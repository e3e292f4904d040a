/**
 * The public sample databases Chinook (MIT, lerocha/chinook-database) and Northwind (Ms-PL,
 * pthom/northwind_psql), as their PostgreSQL scripts (test/fixtures/samples/*.pg.sql.gz), loaded
 * into a test Postgres: with their declared keys, or bare (every constraint dropped) to measure what
 * the bootstrap infers from names and data alone. Chinook's MySQL script (chinook.mysql.sql.gz,
 * CamelCase names) loads into a test MariaDB. Plus what the bootstrap tests on them share: the
 * declared joins of a warehouse, and ten-odd questions answered by the unedited model.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './paths.js';
import { execSql } from './postgres.js';
import { createReadOnlyUser, execMysql } from './mariadb.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { bootstrapDraft, writeDraftModel, type FoundJoin } from '../../src/semantic/draft/index.js';
import { loadModel } from '../../src/semantic/loader.js';
import { semanticLayerFor } from '../../src/semantic/values.js';
import { answerQuestion } from '../../src/eval/answer.js';
import { compareRows } from '../../src/eval/compare.js';

export const SAMPLES = ['chinook', 'northwind'] as const;
export type Sample = (typeof SAMPLES)[number];

export function sampleSql(sample: Sample, engine: 'pg' | 'mysql' = 'pg'): string {
  return gunzipSync(readFileSync(resolve(REPO_ROOT, 'test/fixtures/samples', `${sample}.${engine}.sql.gz`))).toString('utf8');
}

/** Loads Chinook's MySQL script (it creates and uses database `Chinook`); returns a SELECT-only user's URL. */
export async function loadChinookMariadb(server: { url: string }): Promise<string> {
  await execMysql(server.url, sampleSql('chinook', 'mysql'));
  await execMysql(
    server.url,
    'ANALYZE TABLE Chinook.Album, Chinook.Artist, Chinook.Customer, Chinook.Employee, Chinook.Genre, Chinook.Invoice, Chinook.InvoiceLine, Chinook.MediaType, Chinook.Playlist, Chinook.PlaylistTrack, Chinook.Track',
  );
  return createReadOnlyUser(server.url, 'Chinook', 'chinook_ro', 'chinook-ro-pw');
}

/** A join as text, `from(cols)->to(cols)`, to compare found and declared joins. */
export const joinKey = (j: FoundJoin) => `${j.from}(${j.columns.join(',')})->${j.to}(${j.refColumns.join(',')})`;

/** The foreign keys the warehouse declares, as join keys. */
export async function declaredJoinKeys(w: Warehouse): Promise<Set<string>> {
  const out = new Set<string>();
  for (const t of await w.introspect())
    for (const fk of t.foreignKeys ?? [])
      out.add(joinKey({ from: t.name, columns: fk.columns, to: fk.references, refColumns: fk.refColumns, source: 'declared' }));
  return out;
}

/**
 * Bootstraps a model from the warehouse, writes it (as `quarry semantic bootstrap` would) into
 * `dir`, loads it unedited and answers each question; each is checked against its hand-written SQL.
 * Returns one PASS/FAIL line per question.
 */
export async function answerWithBootstrappedModel(
  w: Warehouse,
  name: string,
  dir: string,
  questions: Array<[string, string]>,
): Promise<string[]> {
  const draft = await bootstrapDraft(w, { name });
  const path = join(dir, `${name}.yaml`);
  await writeDraftModel(path, draft.model, draft.notes, draft.undecided);
  const layer = await semanticLayerFor(loadModel(path), w);
  const results: string[] = [];
  for (const [question, expectedSql] of questions) {
    const got = await answerQuestion(layer, w, question);
    const expected = (await w.run(expectedSql)).rows;
    const verdict = got.status === 'done' ? compareRows(got.rows, expected) : { ok: false, reason: `${got.status}: ${got.reason ?? ''}` };
    results.push(
      `${verdict.ok ? 'PASS' : 'FAIL'} ${question}${verdict.ok ? '' : ` — ${verdict.reason} (query: ${JSON.stringify(got.query)})`}`,
    );
  }
  return results;
}

/** Creates a database named after `db` holding the sample; `bare` drops every primary and foreign key. Returns its URL. */
export async function loadSample(
  pg: { createDatabase(name: string): Promise<string> },
  sample: Sample,
  db: string,
  options: { bare?: boolean } = {},
): Promise<string> {
  const url = await pg.createDatabase(db);
  await execSql(url, sampleSql(sample));
  if (options.bare) {
    await execSql(
      url,
      `DO $$ DECLARE r record; BEGIN
         FOR r IN SELECT conrelid::regclass AS t, conname FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace LOOP
           EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.t, r.conname); END LOOP;
         FOR r IN SELECT conrelid::regclass AS t, conname FROM pg_constraint WHERE contype IN ('p', 'u') AND connamespace = 'public'::regnamespace LOOP
           EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.t, r.conname); END LOOP;
       END $$`,
    );
  }
  await execSql(url, 'ANALYZE');
  return url;
}
