/**
 * What a cut result cannot tell by itself: how many rows the whole result has, each metric's sum
 * over all of them, and the rows with the highest and lowest value of the leading metric. One
 * statement over the uncut query, so the warehouse computes them and nothing is extrapolated from
 * the rows that were kept. Pure: SQL text only.
 *
 *   WITH r AS (<query>), t AS (SELECT count(*) AS quarry_rows, sum(m) AS quarry_total_0 ... FROM r)
 *   SELECT 'highest' AS quarry_part, t.*, hi.* FROM t LEFT JOIN (... ORDER BY m DESC LIMIT 1) hi ON TRUE
 *   UNION ALL
 *   SELECT 'lowest', t.*, lo.* FROM t LEFT JOIN (... ORDER BY m ASC LIMIT 1) lo ON TRUE
 */
import type { SqlDialect } from './dialects/dialect.js';

export interface ResultSummarySpec {
  /** Numeric columns of the query's result whose sum over all rows is wanted. */
  metrics: string[];
  /** The column whose highest and lowest rows are wanted (the answer's leading metric). */
  rankBy?: string;
}

export const SUMMARY_ROWS = 'quarry_rows';
export const SUMMARY_PART = 'quarry_part';
const totalAlias = (i: number) => `quarry_total_${i}`;

export function compileResultSummary(sql: string, spec: ResultSummarySpec, d: SqlDialect): string {
  const totals = spec.metrics.map((m, i) => `sum(r.${d.ident(m)}) AS ${totalAlias(i)}`);
  const head = `WITH r AS (\n${sql}\n),\nt AS (SELECT count(*) AS ${SUMMARY_ROWS}${totals.map((x) => `, ${x}`).join('')} FROM r)\n`;
  if (!spec.rankBy) return `${head}SELECT 'all' AS ${SUMMARY_PART}, t.* FROM t`;
  const by = `r.${d.ident(spec.rankBy)}`;
  const end = (direction: 'DESC' | 'ASC', alias: string, part: string) =>
    `SELECT '${part}' AS ${SUMMARY_PART}, t.*, ${alias}.* FROM t LEFT JOIN (SELECT r.* FROM r WHERE ${by} IS NOT NULL ORDER BY ${by} ${direction} ${d.limit(1)}) ${alias} ON TRUE`;
  return `${head}${end('DESC', 'hi', 'highest')}\nUNION ALL\n${end('ASC', 'lo', 'lowest')}`;
}

export interface ResultSummaryFigures {
  rowCount: number;
  totals: Record<string, number | null>;
  highest?: Record<string, unknown>;
  lowest?: Record<string, unknown>;
}

/** Reads the rows of `compileResultSummary` back into figures keyed by the query's column names. */
export function readResultSummary(rows: Record<string, unknown>[], spec: ResultSummarySpec, columns: string[]): ResultSummaryFigures {
  const first = rows[0] ?? {};
  const totals: Record<string, number | null> = {};
  spec.metrics.forEach((m, i) => {
    const v = first[totalAlias(i)];
    totals[m] = typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v);
  });
  const rowOf = (part: string) => {
    const r = rows.find((x) => x[SUMMARY_PART] === part);
    if (!r) return undefined;
    const out: Record<string, unknown> = {};
    for (const c of columns) out[c] = r[c];
    return spec.rankBy && (out[spec.rankBy] === null || out[spec.rankBy] === undefined) ? undefined : out;
  };
  return { rowCount: Number(first[SUMMARY_ROWS] ?? 0), totals, highest: rowOf('highest'), lowest: rowOf('lowest') };
}
