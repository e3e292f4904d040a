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

export function isConnectionLoss(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return (
    !!e &&
    (CONNECTION_LOSS.has(e.code ?? '') ||
      /Connection terminated|connection error and is not queryable|terminating connection/i.test(e.message ?? ''))
  );
}
