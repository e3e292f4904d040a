/**
 * The durable checkpointer of the research graph, next to the state store: SQLite
 * (checkpoints.sqlite in the data dir) by default, PostgreSQL when QUARRY_STORE names one, so that
 * any worker sharing that database can resume an investigation another one started.
 */
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { CHECKPOINT_SETUP_LOCK, withAdvisoryLock } from '../src/store/db.js';

/** SqliteSaver creates its tables on first use, but deleteThread does not: a pruning before any checkpoint would fail. */
class SqliteCheckpoints extends SqliteSaver {
  override async deleteThread(threadId: string): Promise<void> {
    this.setup();
    await super.deleteThread(threadId);
  }
}

export interface Checkpoints {
  saver: BaseCheckpointSaver;
  kind: 'sqlite' | 'postgres';
  /** Forgets every checkpoint of one thread (an inquiry that ended: it is never resumed). */
  deleteThread(threadId: string): Promise<void>;
  close(): Promise<void>;
}

/** Connections the Postgres checkpointer may hold (one per research step writing at a time). */
const CHECKPOINT_POOL_MAX = 4;

export async function openCheckpoints(config: { store?: string; dataDir: string }): Promise<Checkpoints> {
  if (config.store) {
    // A pool of its own with pg's default parsing: the saver reads JSONB and BYTEA as pg returns them.
    const pool = new pg.Pool({ connectionString: config.store, max: CHECKPOINT_POOL_MAX, application_name: 'quarry-checkpoints' });
    pool.on('error', () => undefined);
    const saver = new PostgresSaver(pool);
    try {
      // setup() is not safe to run by two processes at once (it inserts its migration versions)
      await withAdvisoryLock(config.store, CHECKPOINT_SETUP_LOCK, () => saver.setup());
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return { saver, kind: 'postgres', deleteThread: (id) => saver.deleteThread(id), close: () => saver.end() };
  }
  const saver = new SqliteCheckpoints(new Database(join(config.dataDir, 'checkpoints.sqlite')));
  return {
    saver,
    kind: 'sqlite',
    deleteThread: (id) => saver.deleteThread(id),
    async close() {
      saver.db.close();
    },
  };
}
