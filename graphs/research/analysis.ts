/**
 * The analysis of a "why did X change" investigation: is the change real (significance against
 * the day-to-day spread), how much of it each member explains (contribution with a closure
 * check), which dimension explains it best (Adtributor-style surprise ranking), and the ranked
 * drivers. The SQL builders make the warehouse compute every figure (so every number in the
 * report is a row value); the readers below only choose and order rows, they never compute
 * numbers that are stated.
 */
import type { SemanticModel } from '../../src/semantic/model.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import type { SubQuestion } from './state.js';

/** |t| at or above this: the change is beyond the normal day-to-day variation (≈ 95 %). */
export const SIGNIFICANCE_T = 2;
/** A member explains the change when its contribution is at least this fraction (Adtributor T_EP). */
export const MIN_MEMBER_CONTRIBUTION = 0.1;
/** An explaining set explains at least this fraction of the change (Adtributor T_EEP). */
export const SET_CONTRIBUTION = 0.67;

type Ident = (s: string) => string;

/**
 * A period-over-period comparison by members (or of the total), computed in one statement. With
 * `totals` (the same metric over the same periods without the breakdown, usually the headline's
 * scope), each member also gets: `contribution` (its change / the total change; may exceed 100 %
 * with offsets), `previous_share` and `current_share` (of the members' sums), `surprise` (the
 * Jensen-Shannon divergence of its shares, Adtributor), `total_change` and `residual` (the total
 * change minus the members' changes: the closure check, 0 when the members add up).
 */
export function comparisonSql(current: string, previous: string, keys: string[], metric: string, ident: Ident, totals?: { current: string; previous: string }): string {
  const m = ident(metric);
  const c = (x: string) => `cur.${ident(x)}`;
  const p = (x: string) => `prev.${ident(x)}`;
  const select = keys.map((k) => `coalesce(${c(k)}, ${p(k)}) AS ${ident(k)}`);
  const change = `coalesce(cur.${m}, 0) - coalesce(prev.${m}, 0)`;
  select.push(`cur.${m} AS current_value`, `prev.${m} AS previous_value`, `${change} AS change`, `(${change}) / nullif(prev.${m}, 0) AS change_pct`);
  const join = keys.length ? `FULL OUTER JOIN prev ON ${keys.map((k) => `${c(k)} = ${p(k)}`).join(' AND ')}` : 'CROSS JOIN prev';
  if (!totals || !keys.length) return `WITH cur AS (${current}), prev AS (${previous}) SELECT ${select.join(', ')} FROM cur ${join} ORDER BY abs(${change}) DESC`;
  const k = keys.map((x) => `j.${ident(x)}`).join(', ');
  const ps = 'greatest(coalesce(j.previous_value, 0), 0) / nullif(sum(greatest(coalesce(j.previous_value, 0), 0)) OVER (), 0)';
  const cs = 'greatest(coalesce(j.current_value, 0), 0) / nullif(sum(greatest(coalesce(j.current_value, 0), 0)) OVER (), 0)';
  const js = (a: string, b: string) => `CASE WHEN ${a} > 0 THEN ${a} * ln(2 * ${a} / (${a} + ${b})) ELSE 0 END`;
  return (
    `WITH cur AS (${current}), prev AS (${previous}), tcur AS (${totals.current}), tprev AS (${totals.previous}), ` +
    `j AS (SELECT ${select.join(', ')} FROM cur ${join}), ` +
    `t AS (SELECT coalesce(tcur.${m}, 0) - coalesce(tprev.${m}, 0) AS total_change FROM tcur CROSS JOIN tprev), ` +
    `s AS (SELECT ${k}, j.current_value, j.previous_value, j.change, j.change_pct, j.change / nullif(t.total_change, 0) AS contribution, ` +
    `coalesce(${ps}, 0) AS previous_share, coalesce(${cs}, 0) AS current_share, t.total_change, t.total_change - sum(j.change) OVER () AS residual FROM j CROSS JOIN t) ` +
    `SELECT s.*, 0.5 * (${js('s.previous_share', 's.current_share')} + ${js('s.current_share', 's.previous_share')}) AS surprise FROM s ORDER BY abs(s.change) DESC`
  );
}

/**
 * Is the change real? The metric by day over both periods (`series`, a compiled query with the
 * day bucket `bucket`), compared as two samples: the difference of the daily means against its
 * standard error from the day-to-day spread (Welch's t). One row: `current_daily_mean`,
 * `previous_daily_mean`, `current_days`, `previous_days`, `daily_spread` (the pooled standard
 * deviation of a day), `t_stat`, `significant`.
 */
export function significanceSql(series: string, bucket: string, metric: string, currentStart: string, ident: Ident, date: (d: string) => string): string {
  const m = ident(metric);
  const b = ident(bucket);
  return (
    `WITH d AS (${series}), g AS (SELECT CASE WHEN ${b} >= ${date(currentStart)} THEN 1 ELSE 0 END AS is_current, ${m} AS v FROM d WHERE ${m} IS NOT NULL), ` +
    `c AS (SELECT avg(v) AS mean, stddev_samp(v) AS sd, count(*) AS n FROM g WHERE is_current = 1), ` +
    `p AS (SELECT avg(v) AS mean, stddev_samp(v) AS sd, count(*) AS n FROM g WHERE is_current = 0), ` +
    `r AS (SELECT c.mean AS current_daily_mean, p.mean AS previous_daily_mean, c.n AS current_days, p.n AS previous_days, ` +
    `sqrt((c.sd * c.sd + p.sd * p.sd) / 2) AS daily_spread, (c.mean - p.mean) / nullif(sqrt(c.sd * c.sd / c.n + p.sd * p.sd / p.n), 0) AS t_stat FROM c CROSS JOIN p) ` +
    `SELECT r.*, coalesce(abs(r.t_stat) >= ${SIGNIFICANCE_T}, false) AS significant FROM r`
  );
}

/** Additive metrics: the members' changes add up to the total (sums, counts, their sums and differences). */
export function isAdditive(model: SemanticModel, metric: string, seen = new Set<string>()): boolean {
  const ms = model.measures.find((x) => x.name === metric);
  if (ms) return ms.agg === 'sum' || ms.agg === 'count';
  const d = model.metrics.find((x) => x.name === metric);
  if (!d || seen.has(metric)) return false;
  seen.add(metric);
  if (/[*/]/.test(d.expression)) return false;
  return (d.expression.match(/[a-z][a-z0-9_]*/g) ?? []).every((w) => isAdditive(model, w, seen));
}

export interface Significance {
  /** The sub-question that tested it. */
  from: string;
  significant: boolean;
  t: number;
}

/** The significance verdict, when its sub-question answered. */
export function readSignificance(plan: SubQuestion[], operations: ResearchOperation[]): Significance | null {
  const sub = plan.find((s) => s.angle === 'significance');
  const op = sub && operations.find((o) => o.id === sub.id);
  const row = op?.status === 'done' ? op.rows?.[0] : undefined;
  if (!sub || !row || row.t_stat === null || row.t_stat === undefined) return null;
  return { from: sub.id, significant: row.significant === true || row.significant === 'true', t: Number(row.t_stat) };
}

/** A member that explains part of the change, with its row (the source of every figure stated about it). */
export interface Driver {
  dimension: string;
  member: string;
  /** Its change / the total change (a row value). */
  contribution: number;
  surprise: number;
  /** The sub-question whose row it is. */
  from: string;
  /** The member it was found inside (a drill-down), if any. */
  within?: { dimension: string; member: string };
}

export interface ExplainingSet {
  dimension: string;
  from: string;
  members: Driver[];
  /** Sum of the members' surprise: the dimension's explanatory power (for ranking only, never stated). */
  score: number;
}

/**
 * Adtributor's explaining set of one comparison: members in order of surprise whose contribution
 * (same sign as the total change) is at least MIN_MEMBER_CONTRIBUTION, until together they reach
 * SET_CONTRIBUTION; null when no such set exists.
 */
export function explainingSet(sub: SubQuestion, op: ResearchOperation | undefined): ExplainingSet | null {
  if (!sub.dimension || op?.status !== 'done') return null;
  const rows = (op.rows ?? []).filter((r) => Number.isFinite(Number(r.contribution)) && r[sub.dimension!] !== null && r[sub.dimension!] !== undefined);
  if (!rows.length) return null;
  const within = sub.angle === 'drilldown' ? sub.query.filters.at(-1) : undefined;
  const ranked = [...rows].sort((a, b) => Number(b.surprise) - Number(a.surprise) || Math.abs(Number(b.change)) - Math.abs(Number(a.change)));
  const members: Driver[] = [];
  let sum = 0;
  for (const r of ranked) {
    const contribution = Number(r.contribution);
    if (contribution < MIN_MEMBER_CONTRIBUTION) continue;
    members.push({
      dimension: sub.dimension,
      member: String(r[sub.dimension]),
      contribution,
      surprise: Number(r.surprise),
      from: sub.id,
      ...(within ? { within: { dimension: within.dimension, member: String(within.values[0]) } } : {}),
    });
    sum += contribution;
    if (sum >= SET_CONTRIBUTION) break;
  }
  if (sum < SET_CONTRIBUTION) return null;
  return { dimension: sub.dimension, from: sub.id, members, score: members.reduce((a, d) => a + d.surprise, 0) };
}

/** Explaining sets of the comparisons of the given rounds, best explanatory power first. */
export function explainingSets(plan: SubQuestion[], operations: ResearchOperation[], angles: SubQuestion['angle'][] = ['breakdown']): ExplainingSet[] {
  return plan
    .filter((s) => s.compare && s.dimension && angles.includes(s.angle))
    .map((s) => explainingSet(s, operations.find((o) => o.id === s.id)))
    .filter((x): x is ExplainingSet => !!x)
    .sort((a, b) => b.score - a.score || a.from.localeCompare(b.from));
}

/**
 * The drivers, ranked: none when the change is not significant (or untested); else the members of
 * the best explaining set across the breakdowns, each preceded by the one member a drill-down into
 * it concentrates on (more specific: a nation inside a region), when the drill-down's explaining
 * set is that single member.
 */
export function rankDrivers(plan: SubQuestion[], operations: ResearchOperation[]): Driver[] {
  const sig = readSignificance(plan, operations);
  if (!sig?.significant) return [];
  const best = explainingSets(plan, operations)[0];
  if (!best) return [];
  const drills = explainingSets(plan, operations, ['drilldown']);
  const out: Driver[] = [];
  for (const d of best.members) {
    const inner = drills.find((x) => x.members.length === 1 && x.members[0].within?.dimension === d.dimension && x.members[0].within?.member === d.member);
    if (inner) out.push(inner.members[0]);
    out.push(d);
  }
  return out;
}
