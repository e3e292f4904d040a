/**
 * The durable checkpointer of the research graph, next to the state store: SQLite
 * (checkpoints.sqlite in the data dir) by default, PostgreSQL when QUARRY_STORE names one, so that
 * any worker sharing that database can resume an investigation another one started.
 */
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import type { BaseCheckpointSaver, Checkpoint } from '@langchain/langgraph';
import type { RunnableConfig } from '@langchain/core/runnables';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { retryThroughOutage } from '../src/store/connection-loss.js';
import { CHECKPOINT_SETUP_LOCK, survivesServerLoss, withAdvisoryLock } from '../src/store/db.js';

/**
 * Threads (inquiries) whose checkpoints were deleted because the inquiry ended. A run stopped
 * mid-step can still be writing: LangGraph saves checkpoints while the next step runs, and the
 * stream gives up on an abort before those saves land. So a deletion waits for the thread's saves
 * in flight, and later saves of an ended thread are dropped (it is never resumed). Bounded: the
 * oldest are forgotten first, long after their runs are gone.
 */
class EndedThreads {
  private static readonly MAX = 10_000;
  private readonly ended = new Set<string>();
  private readonly inFlight = new Map<string, Set<Promise<unknown>>>();

  has(threadId: string | undefined): boolean {
    return threadId !== undefined && this.ended.has(threadId);
  }

  track<T>(threadId: string | undefined, work: Promise<T>): Promise<T> {
    if (threadId === undefined) return work;
    let set = this.inFlight.get(threadId);
    if (!set) this.inFlight.set(threadId, (set = new Set()));
    set.add(work);
    const done = () => {
      set.delete(work);
      if (set.size === 0 && this.inFlight.get(threadId) === set) this.inFlight.delete(threadId);
    };
    work.then(done, done);
    return work;
  }

  /** Resolves once the thread's saves in flight now have landed (or failed). */
  async settled(threadId: string): Promise<void> {
    await Promise.allSettled([...(this.inFlight.get(threadId) ?? [])]);
  }

  async end(threadId: string, deleteThread: () => Promise<void>): Promise<void> {
    this.ended.add(threadId);
    if (this.ended.size > EndedThreads.MAX) this.ended.delete(this.ended.values().next().value!);
    await Promise.allSettled([...(this.inFlight.get(threadId) ?? [])]);
    await deleteThread();
  }
}

const threadOf = (config: RunnableConfig): string | undefined => config.configurable?.thread_id as string | undefined;
/** What put returns for a save that was dropped: the config of the checkpoint, as if saved. */
const droppedPut = (config: RunnableConfig, checkpoint: Checkpoint): RunnableConfig => ({
  configurable: { thread_id: threadOf(config), checkpoint_ns: config.configurable?.checkpoint_ns ?? '', checkpoint_id: checkpoint.id },
});

/** How long a checkpoint save waits for PostgreSQL to come back (a restart, a failover) before failing the step. */
const SAVE_THROUGH_OUTAGE_MS = 120_000;

class PostgresCheckpoints extends PostgresSaver {
  readonly endedThreads = new EndedThreads();
  // Saves are retried through an outage: LangGraph saves them while the next step runs and reports
  // a lost one only when the graph ends, after which the investigation could not be resumed whole.
  override put(...args: Parameters<PostgresSaver['put']>): Promise<RunnableConfig> {
    if (this.endedThreads.has(threadOf(args[0]))) return Promise.resolve(droppedPut(args[0], args[1]));
    return this.save(threadOf(args[0]), () => super.put(...args));
  }
  override putWrites(...args: Parameters<PostgresSaver['putWrites']>): Promise<void> {
    if (this.endedThreads.has(threadOf(args[0]))) return Promise.resolve();
    return this.save(threadOf(args[0]), () => super.putWrites(...args));
  }
  /** A save of `thread`, tracked, retried through an outage until it lands or the thread ends. */
  private save<T>(thread: string | undefined, work: () => Promise<T>): Promise<T> {
    return this.endedThreads.track(
      thread,
      retryThroughOutage(work, { maxMs: SAVE_THROUGH_OUTAGE_MS, stop: () => this.endedThreads.has(thread) }),
    );
  }
  override deleteThread(threadId: string): Promise<void> {
    return this.endedThreads.end(threadId, () => super.deleteThread(threadId));
  }
}

class SqliteCheckpoints extends SqliteSaver {
  readonly endedThreads = new EndedThreads();
  override put(...args: Parameters<SqliteSaver['put']>): Promise<RunnableConfig> {
    if (this.endedThreads.has(threadOf(args[0]))) return Promise.resolve(droppedPut(args[0], args[1]));
    return this.endedThreads.track(threadOf(args[0]), super.put(...args));
  }
  override putWrites(...args: Parameters<SqliteSaver['putWrites']>): Promise<void> {
    if (this.endedThreads.has(threadOf(args[0]))) return Promise.resolve();
    return this.endedThreads.track(threadOf(args[0]), super.putWrites(...args));
  }
  override deleteThread(threadId: string): Promise<void> {
    return this.endedThreads.end(threadId, async () => {
      // SqliteSaver creates its tables on first use, but deleteThread does not
      this.setup();
      await super.deleteThread(threadId);
    });
  }
}

export interface Checkpoints {
  saver: BaseCheckpointSaver;
  kind: 'sqlite' | 'postgres';
  /** Forgets every checkpoint of one thread (an inquiry that ended: it is never resumed). */
  deleteThread(threadId: string): Promise<void>;
  /**
   * Resolves once the thread's checkpoint saves started so far have landed. LangGraph hands a
   * finished step's update to the stream while its writes are still being saved; progress shown
   * as done must wait for them, or a crash right after would run that step again.
   */
  settled(threadId: string): Promise<void>;
  close(): Promise<void>;
}

/** Connections the Postgres checkpointer may hold (one per research step writing at a time). */
const CHECKPOINT_POOL_MAX = 4;

export async function openCheckpoints(config: { store?: string; dataDir: string }): Promise<Checkpoints> {
  if (config.store) {
    // A pool of its own with pg's default parsing: the saver reads JSONB and BYTEA as pg returns them.
    const pool = survivesServerLoss(
      new pg.Pool({ connectionString: config.store, max: CHECKPOINT_POOL_MAX, application_name: 'quarry-checkpoints' }),
    );
    const saver = new PostgresCheckpoints(pool);
    try {
      // setup() is not safe to run by two processes at once (it inserts its migration versions)
      await withAdvisoryLock(config.store, CHECKPOINT_SETUP_LOCK, () => saver.setup());
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return {
      saver,
      kind: 'postgres',
      deleteThread: (id) => saver.deleteThread(id),
      settled: (id) => saver.endedThreads.settled(id),
      close: () => saver.end(),
    };
  }
  const saver = new SqliteCheckpoints(new Database(join(config.dataDir, 'checkpoints.sqlite')));
  return {
    saver,
    kind: 'sqlite',
    deleteThread: (id) => saver.deleteThread(id),
    settled: (id) => saver.endedThreads.settled(id),
    async close() {
      saver.db.close();
    },
  };
}
