/**
 * Compares a result with the expected rows the way a person would: column names aside (the
 * model's names differ from hand-written SQL), each row as its values (numbers to 1e-6 relative,
 * dates as text), the rows as a multiset. Says what differs: missing rows, extra rows, wrong values.
 */
export interface Comparison {
  ok: boolean;
  reason?: string;
  kind?: 'empty' | 'missing_rows' | 'extra_rows' | 'wrong_values' | 'shape';
}

/** One value as comparable text: numbers to 8 significant digits, midnight timestamps as dates. */
export function cell(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(v))) {
    const n = Number(v);
    if (Number.isInteger(n)) return String(n);
    return n.toPrecision(8).replace(/\.?0+$/, '');
  }
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const s = String(v);
  return /^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z?$/.test(s) ? s.slice(0, 10) : s;
}

const rowKey = (r: Record<string, unknown>) => Object.values(r).map(cell).sort().join(' | ');

export function compareRows(got: Record<string, unknown>[], expected: Record<string, unknown>[]): Comparison {
  if (got.length === 0 && expected.length > 0) return { ok: false, kind: 'empty', reason: 'empty result' };
  const width = (rows: Record<string, unknown>[]) => (rows[0] ? Object.keys(rows[0]).length : 0);
  const want = new Map<string, number>();
  for (const r of expected) want.set(rowKey(r), (want.get(rowKey(r)) ?? 0) + 1);
  const have = new Map<string, number>();
  for (const r of got) have.set(rowKey(r), (have.get(rowKey(r)) ?? 0) + 1);
  const missing = [...want].filter(([k, n]) => (have.get(k) ?? 0) < n).map(([k]) => k);
  const extra = [...have].filter(([k, n]) => (want.get(k) ?? 0) < n).map(([k]) => k);
  if (missing.length === 0 && extra.length === 0) return { ok: true };
  if (width(got) !== width(expected))
    return {
      ok: false,
      kind: 'shape',
      reason: `${width(got)} columns, expected ${width(expected)} (first row: ${rowKey(got[0] ?? {})}; expected ${rowKey(expected[0] ?? {})})`,
    };
  if (got.length < expected.length)
    return {
      ok: false,
      kind: 'missing_rows',
      reason: `${got.length} rows, expected ${expected.length}; missing e.g. ${missing.slice(0, 3).join('; ')}`,
    };
  if (got.length > expected.length)
    return {
      ok: false,
      kind: 'extra_rows',
      reason: `${got.length} rows, expected ${expected.length}; unexpected e.g. ${extra.slice(0, 3).join('; ')}`,
    };
  return {
    ok: false,
    kind: 'wrong_values',
    reason: `${missing.length} of ${expected.length} rows differ; got e.g. ${extra.slice(0, 2).join('; ')}; expected ${missing.slice(0, 2).join('; ')}`,
  };
}

/**
 * The lenient reading public text-to-SQL benchmarks use (defog sql-eval's `subset_df`): the answer
 * is right when every expected column is found among the answer's columns (each answer column used
 * once, matched by its sorted values, names and order aside), and the answer's rows on those columns
 * are the expected rows as sets. Extra answer columns (a label next to an id, a share) are allowed;
 * extra or missing rows are not.
 */
export function containsExpected(got: Record<string, unknown>[], expected: Record<string, unknown>[]): Comparison {
  if (expected.length === 0)
    return got.length === 0 ? { ok: true } : { ok: false, kind: 'extra_rows', reason: `${got.length} rows, expected none` };
  if (got.length === 0) return { ok: false, kind: 'empty', reason: 'empty result' };
  if (got.length !== expected.length) {
    const kind = got.length < expected.length ? 'missing_rows' : 'extra_rows';
    return { ok: false, kind, reason: `${got.length} rows, expected ${expected.length}` };
  }
  const columnOf = (rows: Record<string, unknown>[], i: number) => rows.map((r) => cell(Object.values(r)[i]));
  const sortedKey = (vals: string[]) => [...vals].sort().join('\u0001');
  const gotCols = Object.keys(got[0]!).map((_, i) => columnOf(got, i));
  const wantCols = Object.keys(expected[0]!).map((_, i) => columnOf(expected, i));
  const free = new Set(gotCols.map((_, i) => i));
  const matched: number[] = [];
  for (const [wi, want] of wantCols.entries()) {
    const key = sortedKey(want);
    const hit = [...free].find((gi) => sortedKey(gotCols[gi]!) === key);
    if (hit === undefined)
      return {
        ok: false,
        kind: 'wrong_values',
        reason: `no answer column holds the values of expected column ${wi + 1} (e.g. ${want.slice(0, 3).join(', ')})`,
      };
    free.delete(hit);
    matched.push(hit);
  }
  const rowsOn = (cols: string[][]) => new Set(cols[0]!.map((_, r) => cols.map((c) => c[r]).join('\u0001')));
  const have = rowsOn(matched.map((gi) => gotCols[gi]!));
  const want = rowsOn(wantCols);
  const same = have.size === want.size && [...want].every((k) => have.has(k));
  return same
    ? { ok: true }
    : { ok: false, kind: 'wrong_values', reason: 'the expected columns are there but paired differently across rows' };
}
