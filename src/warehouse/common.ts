/** Small pieces every engine's warehouse class uses the same way. */

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
