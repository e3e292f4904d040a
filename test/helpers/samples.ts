/**
 * The public sample databases Chinook (MIT, lerocha/chinook-database) and Northwind (Ms-PL,
 * pthom/northwind_psql), as their PostgreSQL scripts (test/fixtures/samples/*.pg.sql.gz), loaded
 * into a test Postgres: with their declared keys, or bare (every constraint dropped) to measure what
 * the bootstrap infers from names and data alone.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { REPO_ROOT } from './paths.js';
import { execSql, type TestPostgres } from './postgres.js';

export const SAMPLES = ['chinook', 'northwind'] as const;
export type Sample = (typeof SAMPLES)[number];

export function sampleSql(sample: Sample): string {
  return gunzipSync(readFileSync(resolve(REPO_ROOT, 'test/fixtures/samples', `${sample}.pg.sql.gz`))).toString('utf8');
}

/** Creates database `db` holding the sample; `bare` drops every primary and foreign key. Returns its URL. */
export async function loadSample(pg: TestPostgres, sample: Sample, db: string, options: { bare?: boolean } = {}): Promise<string> {
  await execSql(pg.url, `CREATE DATABASE ${db}`);
  const url = pg.urlFor(db);
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
