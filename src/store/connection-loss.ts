/**
 * Errors that mean the PostgreSQL server went away or is not accepting connections yet (a restart,
 * a failover, a crash): what is retried or survived rather than treated as a bug.
 */
const CONNECTION_LOSS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** True for a lost or refused PostgreSQL connection, also when wrapped (`cause`) by the layer that met it. */
export function isConnectionLoss(err: unknown, depth = 0): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    CONNECTION_LOSS.has(e.code ?? '') ||
    /Connection terminated|connection error and is not queryable|terminating connection/i.test(e.message ?? '') ||
    (depth < 3 && e.cause !== undefined && isConnectionLoss(e.cause, depth + 1))
  );
}

export interface OutageRetry {
  /** Give up (throw the last error) after this long. */
  maxMs: number;
  /** Stop retrying at once when this says so (a run handed back, a shutdown). */
  stop?: () => boolean;
  /** Told of the first lost connection (to log it once). */
  onFirstLoss?: (err: unknown) => void;
}

/**
 * `work`, tried again with backoff (100 ms doubling to 2 s) while it fails on a lost or refused
 * PostgreSQL connection: a restart or failover delays a write instead of losing it. Any other
 * error is thrown at once.
 */
export async function retryThroughOutage<T>(work: () => Promise<T>, { maxMs, stop, onFirstLoss }: OutageRetry): Promise<T> {
  const giveUpAt = Date.now() + maxMs;
  for (let delay = 100, tries = 0; ; delay = Math.min(delay * 2, 2000), tries++) {
    try {
      return await work();
    } catch (err) {
      if (!isConnectionLoss(err) || stop?.() || Date.now() + delay > giveUpAt) throw err;
      if (tries === 0) onFirstLoss?.(err);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
