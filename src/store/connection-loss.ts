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
