/**
 * The state store on each backend, for tests that run the same cases on SQLite and PostgreSQL
 * (`describe.each(STORE_KINDS)`): a fresh SQLite file, or a fresh database of the file's own on
 * the run's shared PostgreSQL (test/helpers/shared-servers.ts).
 *
 *   const stores = testStores();          // in the file: asks for Postgres lazily, drops its databases afterAll
 *   const store = await stores.open(kind);
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openPostgresStore, openSqliteStoreFile, type StoreKind } from '../../src/store/db.js';
import { Store } from '../../src/store/repositories.js';
import { postgresForFile, type FileDatabases } from './shared-servers.js';

export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];

export interface TestStores {
  /** A new, empty, migrated store of that kind. */
  open(kind: StoreKind): Promise<Store>;
  /** URL of a new, empty Postgres database (not migrated). */
  freshDatabase(): Promise<string>;
}

export function testStores(): TestStores {
  let pg: Promise<FileDatabases> | undefined;
  const opened: Store[] = [];
  const databases = () => (pg ??= postgresForFile('store'));
  const freshDatabase = async () => (await databases()).createDatabase('store');
  afterAll(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
    if (pg) await (await pg).stop();
  });
  return {
    freshDatabase,
    async open(kind) {
      const handle =
        kind === 'postgres'
          ? await openPostgresStore(await freshDatabase())
          : await openSqliteStoreFile(join(mkdtempSync(join(tmpdir(), 'quarry-store-')), 'quarry.sqlite'));
      const store = new Store(handle.db, handle);
      opened.push(store);
      return store;
    },
  };
}
