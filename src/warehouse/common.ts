/** Small pieces every engine's warehouse class uses the same way. */
import { FairSlots } from './slots.js';
import type { RunOptions } from './types.js';

/** Unique column names: a repeated name gets _2, _3 ... so no value is silently overwritten. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n}_${k}`;
  });
}

/** `work`, or `timeoutError()` thrown when it has not settled within `ms` (a ping must never hang a readiness probe). */
export async function within<T>(work: Promise<T>, ms: number, timeoutError: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timeoutError()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Options every engine takes: how many statements run at once, and the caps a run gets when it names none. */
export interface WarehousePoolOptions {
  /** Connections that run statements. Default 4 (a client-server pool holds one more, for the liveness probe). */
  poolSize?: number;
  /** Of those, at most this many serve one account at once. Default: all but one. */
  accountConnections?: number;
  /** Row cap when a run passes no maxRows. Default 100 000. */
  defaultMaxRows?: number;
  /** Byte cap when a run passes no maxBytes. Default 64 MiB. */
  defaultMaxBytes?: number;
  /** Timeout when a run passes no timeoutMs. Default 60 000 ms. */
  defaultTimeoutMs?: number;
}

/** The statement connections `options` ask for (at least one). */
export function statementConnections(options: WarehousePoolOptions): number {
  return Math.max(1, options.poolSize ?? 4);
}

/** Fair slots for `connections` statement connections, each account held to `accountConnections` of them. */
export function statementSlots(connections: number, options: WarehousePoolOptions): FairSlots {
  return new FairSlots(connections, Math.min(connections, options.accountConnections ?? Math.max(1, connections - 1)));
}

/** The caps one run works under. */
export interface RunLimits {
  timeoutMs: number;
  maxRows: number;
  maxBytes: number;
}

/** A run's own caps, else the warehouse's defaults, else the built-in ones; clamped to sane values. */
export function runLimits(run: RunOptions, defaults: WarehousePoolOptions): RunLimits {
  return {
    timeoutMs: Math.max(1, Math.floor(run.timeoutMs ?? defaults.defaultTimeoutMs ?? 60_000)),
    maxRows: Math.max(0, run.maxRows ?? defaults.defaultMaxRows ?? 100_000),
    maxBytes: Math.max(1, run.maxBytes ?? defaults.defaultMaxBytes ?? 64 * 1024 * 1024),
  };
}
