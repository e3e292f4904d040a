/**
 * Request counts shared by every API process: a store for @fastify/rate-limit on Postgres.
 * One UNLOGGED table (counts are cheap to lose in a crash: a window starts over), one upsert per
 * request that starts a new window when the old one is over and otherwise counts on, returning
 * the count and the time left. Expired rows are swept now and then.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

const TABLE = 'quarry_rate_limit';

export async function ensureRateLimitTable(pool: pg.Pool): Promise<void> {
  await pool.query(
    `CREATE UNLOGGED TABLE IF NOT EXISTS ${TABLE} (key text PRIMARY KEY, count integer NOT NULL, window_end bigint NOT NULL)`,
  );
}

/** Deletes windows that ended (run periodically; returns rows removed). */
export async function sweepRateLimits(pool: pg.Pool, now = Date.now()): Promise<number> {
  const r = await pool.query(`DELETE FROM ${TABLE} WHERE window_end <= $1`, [now]);
  return r.rowCount ?? 0;
}

const INCR = `
INSERT INTO ${TABLE} AS t (key, count, window_end) VALUES ($1, 1, $2::bigint + $3::bigint)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN t.window_end <= $2::bigint THEN 1 ELSE t.count + 1 END,
  window_end = CASE WHEN t.window_end <= $2::bigint THEN $2::bigint + $3::bigint ELSE t.window_end END
RETURNING count, window_end`;

/** A store class (the plugin constructs it) counting in `pool`'s database; the table must exist (ensureRateLimitTable). */
export function pgRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = Date.now();
      pool.query<{ count: number; window_end: string }>(INCR, [this.prefix + key, now, timeWindow]).then(
        (r) => {
          const row = r.rows[0]!;
          callback(null, { current: row.count, ttl: Math.max(0, Number(row.window_end) - now) });
        },
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // A route with its own limit counts apart, as the plugin's own stores do.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PgRateLimitStore(undefined, `${route?.method ?? ''}${route?.url ?? ''}:`);
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
