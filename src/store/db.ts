/**
 * Opens the state store. The embedded default is SQLite (better-sqlite3) in WAL mode so that
 * several processes (the server, `quarry mcp`) can share one data directory.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from './migrations.js';
import type { Database } from './schema.js';

export type StoreDb = Kysely<Database>;

export async function openSqliteStore(file: string): Promise<StoreDb> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Another process may hold the write lock for a moment; wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  return db;
}
