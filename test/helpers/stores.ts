/**
 * The state store on each backend, for tests that run the same cases on SQLite and PostgreSQL
 * (`describe.each(STORE_KINDS)`): a fresh SQLite file, or a fresh database on one throwaway
 * PostgreSQL server shared by the test file.
 *
 *   const stores = testStores();          // in the file: starts Postgres lazily, stops it afterAll
 *   const store = await stores.open(kind);
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openPostgresStore, openSqliteStoreFile, type StoreKind } from '../../src/store/db.js';
import { Store } from '../../src/store/repositories.js';
import { execSql, startPostgres, type TestPostgres } from './postgres.js';

export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];

export interface TestStores {
  /** A new, empty, migrated store of that kind. */
  open(kind: StoreKind): Promise<Store>;
  /** URL of a new, empty Postgres database (not migrated). */
  freshDatabase(): Promise<string>;
  server(): Promise<TestPostgres>;
}

export function testStores(): TestStores {
  let pg: Promise<TestPostgres> | undefined;
  let n = 0;
  const opened: Store[] = [];
  const server = () => (pg ??= startPostgres());
  async function freshDatabase(): Promise<string> {
    const s = await server();
    const name = `store_${process.pid}_${++n}`;
    await execSql(s.url, `CREATE DATABASE ${name}`);
    return s.urlFor(name);
  }
  afterAll(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
    if (pg) await (await pg).stop();
  });
  return {
    server,
    freshDatabase,
    async open(kind) {
      const handle = kind === 'postgres' ? await openPostgresStore(await freshDatabase()) : await openSqliteStoreFile(join(mkdtempSync(join(tmpdir(), 'quarry-store-')), 'quarry.sqlite'));
      const store = new Store(handle.db, handle);
      opened.push(store);
      return store;
    },
  };
}
