/**
 * The analysis of a "why did X change" investigation: is the change real (significance against
 * the day-to-day spread), how much of it each member explains (contribution with a closure
 * check), which dimension explains it best (Adtributor-style surprise ranking), and the ranked
 * drivers. The SQL builders make the warehouse compute every figure (so every number in the
 * report is a row value); the readers below only choose and order rows, they never compute
 * numbers that are stated.
 */
import { joinGraph } from '../../src/semantic/graph.js';
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
export function comparisonSql(
  current: string,
  previous: string,
  keys: string[],
  metric: string,
  ident: Ident,
  totals?: { current: string; previous: string },
): string {
  const m = ident(metric);
  const c = (x: string) => `cur.${ident(x)}`;
  const p = (x: string) => `prev.${ident(x)}`;
  const select = keys.map((k) => `coalesce(${c(k)}, ${p(k)}) AS ${ident(k)}`);
  const change = `coalesce(cur.${m}, 0) - coalesce(prev.${m}, 0)`;
  select.push(
    `cur.${m} AS current_value`,
    `prev.${m} AS previous_value`,
    `${change} AS change`,
    `(${change}) / nullif(prev.${m}, 0) AS change_pct`,
  );
  const join = keys.length ? `FULL OUTER JOIN prev ON ${keys.map((k) => `${c(k)} = ${p(k)}`).join(' AND ')}` : 'CROSS JOIN prev';
  if (!totals || !keys.length)
    return `WITH cur AS (${current}), prev AS (${previous}) SELECT ${select.join(', ')} FROM cur ${join} ORDER BY abs(${change}) DESC`;
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
export function significanceSql(
  series: string,
  bucket: string,
  metric: string,
  currentStart: string,
  ident: Ident,
  date: (d: string) => string,
): string {
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
  /**
   * Its change / the total change (a row value): what the report credits to it. Adtributor's
   * explanatory power with the previous period as the forecast, so the member's own year-to-year
   * movement is part of it, as in any share of a change the data gives.
   */
  contribution: number;
  surprise: number;
  /** The sub-question whose row it is. */
  from: string;
  /** The member it was found inside (a drill-down), if any. */
  within?: { dimension: string; member: string };
  /** The part of its change that explains it (a product decomposition by its dimension), if one part does. */
  through?: Mechanism;
  /** A pairwise combination: the member of a second dimension it is combined with (the driver is the intersection). */
  and?: { dimension: string; member: string };
  /** The roll-up parent the member lies in (nation GERMANY in region EUROPE), from the same scan row. */
  context?: { dimension: string; member: string };
  /** Its share of its dimension in the previous period (a scan row's `previous_share`): for choosing drivers, never stated. */
  previousShare?: number;
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
  const rows = (op.rows ?? []).filter(
    (r) => Number.isFinite(Number(r.contribution)) && r[sub.dimension!] !== null && r[sub.dimension!] !== undefined,
  );
  if (!rows.length) return null;
  const within = sub.angle === 'drilldown' ? sub.query.filters.at(-1) : undefined;
  const ranked = [...rows].sort(
    (a, b) => Number(b.surprise) - Number(a.surprise) || Math.abs(Number(b.change)) - Math.abs(Number(a.change)),
  );
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
export function explainingSets(
  plan: SubQuestion[],
  operations: ResearchOperation[],
  angles: SubQuestion['angle'][] = ['breakdown'],
): ExplainingSet[] {
  return plan
    .filter((s) => s.compare && s.dimension && angles.includes(s.angle))
    .map((s) =>
      explainingSet(
        s,
        operations.find((o) => o.id === s.id),
      ),
    )
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
    const inner = drills.find(
      (x) => x.members.length === 1 && x.members[0].within?.dimension === d.dimension && x.members[0].within?.member === d.member,
    );
    if (inner) out.push(inner.members[0]);
    out.push(d);
  }
  return out.map((d) => {
    const through = mechanismOf(d, plan, operations);
    return through ? { ...d, through } : d;
  });
}

/**
 * How a metric splits into parts, read from the semantic model:
 * - `sum`: a derived metric that is a sum or difference of metrics (profit = revenue − supply cost);
 *   each term's signed change is its contribution;
 * - `product`: an additive measure as a base times a rate (revenue = orders × revenue per order, or
 *   gross sales × revenue per gross-sales dollar when the measure's row expression is the base's
 *   times a factor); the change splits into a base effect (Δbase × previous rate) and a rate effect
 *   (current base × Δrate);
 * - `ratio`: a derived ratio metric (margin, return rate) across a dimension: a rate effect (each
 *   member's rate moved, at the previous weights) and a mix effect (the weights moved).
 * Each decomposition is computed by the warehouse with its residual (closure: 0 when the parts add up).
 */
export type Decomposition =
  | { kind: 'sum'; terms: { name: string; sign: 1 | -1 }[] }
  | { kind: 'product'; base: string }
  | { kind: 'ratio'; numerator: string; denominator: string };

const WORD = /^[a-z][a-z0-9_]*$/;

/** The product bases of an additive measure: bases its row expression is a multiple of first, then the count of a coarser entity it belongs to. */
export function productBases(model: SemanticModel, metric: string): string[] {
  const m = model.measures.find((x) => x.name === metric);
  if (!m || m.agg !== 'sum' || !m.sql) return [];
  const norm = (s: string) => s.replace(/\s+/g, '');
  const factors = model.measures
    .filter((b) => b.name !== m.name && b.entity === m.entity && b.agg === 'sum' && b.sql && norm(m.sql!).startsWith(`${norm(b.sql)}*`))
    .map((b) => b.name);
  // entities one to-one join away (JoinGraph, the compiler's rule)
  const coarser = new Set([...joinGraph(model).pathsFrom(m.entity)].filter(([, path]) => path.length === 1).map(([entity]) => entity));
  const counts = model.measures
    .filter((c) => c.agg === 'count' && coarser.has(c.entity) && c.time_dimension === m.time_dimension)
    .map((c) => c.name);
  return [...factors, ...counts];
}

/** The decompositions of a metric the model supports (first: the one for the headline). */
export function decompositionsOf(model: SemanticModel, metric: string): Decomposition[] {
  const d = model.metrics.find((x) => x.name === metric);
  if (d) {
    const tokens = d.expression.trim().split(/\s+/);
    if (tokens.length === 3 && tokens[1] === '/' && WORD.test(tokens[0]) && WORD.test(tokens[2]))
      return [{ kind: 'ratio', numerator: tokens[0], denominator: tokens[2] }];
    if (
      tokens.length >= 3 &&
      tokens.length % 2 === 1 &&
      tokens.every((t, i) => (i % 2 ? t === '+' || t === '-' : WORD.test(t))) &&
      isAdditive(model, metric)
    ) {
      return [
        {
          kind: 'sum',
          terms: tokens.filter((_, i) => i % 2 === 0).map((name, i) => ({ name, sign: i > 0 && tokens[2 * i - 1] === '-' ? -1 : 1 })),
        },
      ];
    }
    return [];
  }
  const avg = model.measures.find((x) => x.name === metric && x.agg === 'avg');
  if (avg) {
    // an average is a ratio: the sum of the same expression over the count of the same rows
    const norm = (s?: string) => (s ?? '').replace(/\s+/g, '');
    const sum = model.measures.find(
      (x) => x.agg === 'sum' && x.entity === avg.entity && norm(x.sql) === norm(avg.sql) && norm(x.filter) === norm(avg.filter),
    );
    const count = model.measures.find((x) => x.agg === 'count' && x.entity === avg.entity && norm(x.filter) === norm(avg.filter));
    return sum && count ? [{ kind: 'ratio', numerator: sum.name, denominator: count.name }] : [];
  }
  return productBases(model, metric).map((base) => ({ kind: 'product' as const, base }));
}

/** The metrics a decomposition's two queries carry (the metric first). */
export function decompositionMetrics(metric: string, d: Decomposition): string[] {
  if (d.kind === 'sum') return [metric, ...d.terms.map((t) => t.name)];
  if (d.kind === 'product') return [metric, d.base];
  return [d.numerator, d.denominator];
}

/**
 * A sum decomposition (no grouping), one row per term: `component`, `sign`, `current_value`,
 * `previous_value`, `effect` (its signed change), `contribution` (effect / the metric's change),
 * `total_change`, `residual` (the metric's change minus the effects: closure).
 */
export function sumDecompositionSql(
  current: string,
  previous: string,
  metric: string,
  terms: { name: string; sign: 1 | -1 }[],
  ident: Ident,
): string {
  const m = ident(metric);
  const parts = terms.map(
    (t) =>
      `SELECT '${t.name.replace(/'/g, "''")}' AS component, ${t.sign} AS sign, cur.${ident(t.name)} AS current_value, prev.${ident(t.name)} AS previous_value FROM cur CROSS JOIN prev`,
  );
  return (
    `WITH cur AS (${current}), prev AS (${previous}), c AS (${parts.join(' UNION ALL ')}), ` +
    `t AS (SELECT coalesce(cur.${m}, 0) - coalesce(prev.${m}, 0) AS total_change FROM cur CROSS JOIN prev), ` +
    `e AS (SELECT c.*, c.sign * (coalesce(c.current_value, 0) - coalesce(c.previous_value, 0)) AS effect FROM c) ` +
    `SELECT e.component, e.sign, e.current_value, e.previous_value, e.effect, e.effect / nullif(t.total_change, 0) AS contribution, t.total_change, t.total_change - sum(e.effect) OVER () AS residual FROM e CROSS JOIN t ORDER BY abs(e.effect) DESC`
  );
}

/**
 * A product decomposition (metric = base × rate), per member of `keys` (or of the total): the
 * metric and base in both periods, `rate_current`/`rate_previous`, `base_effect` (Δbase × previous
 * rate; the whole change of a member new or gone), `rate_effect` (current base × Δrate), their
 * `base_contribution`/`rate_contribution` and the member's `contribution` to the total change
 * (`totals`, else the members' sum), `decomposition_residual` (change − both effects) and
 * `residual` (total change − the members' changes).
 */
export function productDecompositionSql(
  current: string,
  previous: string,
  keys: string[],
  metric: string,
  base: string,
  ident: Ident,
  totals?: { current: string; previous: string },
): string {
  const m = ident(metric);
  const b = ident(base);
  const c = (x: string) => `cur.${ident(x)}`;
  const p = (x: string) => `prev.${ident(x)}`;
  const sel = keys.map((k) => `coalesce(${c(k)}, ${p(k)}) AS ${ident(k)}`);
  const join = keys.length ? `FULL OUTER JOIN prev ON ${keys.map((k) => `${c(k)} = ${p(k)}`).join(' AND ')}` : 'CROSS JOIN prev';
  const k = keys.map((x) => `e.${ident(x)}, `).join('');
  const t = totals
    ? `t AS (SELECT coalesce(tcur.${m}, 0) - coalesce(tprev.${m}, 0) AS total_change FROM tcur CROSS JOIN tprev)`
    : `t AS (SELECT sum(change) AS total_change FROM e)`;
  return (
    `WITH cur AS (${current}), prev AS (${previous}), ${totals ? `tcur AS (${totals.current}), tprev AS (${totals.previous}), ` : ''}` +
    `j AS (SELECT ${[...sel, `cur.${m} AS current_value`, `prev.${m} AS previous_value`, `cur.${b} AS base_current`, `prev.${b} AS base_previous`].join(', ')} FROM cur ${join}), ` +
    `r AS (SELECT j.*, coalesce(j.current_value, 0) - coalesce(j.previous_value, 0) AS change, j.current_value / nullif(j.base_current, 0) AS rate_current, j.previous_value / nullif(j.base_previous, 0) AS rate_previous FROM j), ` +
    `e AS (SELECT r.*, CASE WHEN r.rate_previous IS NULL THEN r.change ELSE (coalesce(r.base_current, 0) - coalesce(r.base_previous, 0)) * r.rate_previous END AS base_effect, ` +
    `CASE WHEN r.rate_previous IS NULL OR r.rate_current IS NULL THEN 0 ELSE r.base_current * (r.rate_current - r.rate_previous) END AS rate_effect FROM r), ${t} ` +
    `SELECT ${k}e.current_value, e.previous_value, e.change, e.base_current, e.base_previous, e.rate_current, e.rate_previous, e.base_effect, e.rate_effect, ` +
    `e.change / nullif(t.total_change, 0) AS contribution, e.base_effect / nullif(t.total_change, 0) AS base_contribution, e.rate_effect / nullif(t.total_change, 0) AS rate_contribution, ` +
    `e.change - e.base_effect - e.rate_effect AS decomposition_residual, t.total_change, t.total_change - sum(e.change) OVER () AS residual FROM e CROSS JOIN t ORDER BY abs(e.change) DESC`
  );
}

/**
 * A rate/mix decomposition of a ratio metric (numerator / denominator) across one dimension: per
 * member its weight (share of the denominator) and rate in both periods, `rate_effect` (previous
 * weight × Δrate) and `mix_effect` (Δweight × current rate); `total_rate_effect`,
 * `total_mix_effect`, `total_change` (the metric's change, from `totals`) and `residual` (the
 * change minus both effects: closure).
 */
export function ratioDecompositionSql(
  current: string,
  previous: string,
  key: string,
  numerator: string,
  denominator: string,
  metric: string,
  ident: Ident,
  totals: { current: string; previous: string },
): string {
  const n = ident(numerator);
  const d = ident(denominator);
  const k = ident(key);
  return (
    `WITH cur AS (${current}), prev AS (${previous}), tcur AS (${totals.current}), tprev AS (${totals.previous}), ` +
    `j AS (SELECT coalesce(cur.${k}, prev.${k}) AS ${k}, cur.${n} AS nc, cur.${d} AS dc, prev.${n} AS np, prev.${d} AS dp FROM cur FULL OUTER JOIN prev ON cur.${k} = prev.${k}), ` +
    `w AS (SELECT ${k}, coalesce(dc, 0) / nullif(sum(coalesce(dc, 0)) OVER (), 0) AS weight_current, coalesce(dp, 0) / nullif(sum(coalesce(dp, 0)) OVER (), 0) AS weight_previous, nc / nullif(dc, 0) AS rate_current, np / nullif(dp, 0) AS rate_previous FROM j), ` +
    `e AS (SELECT w.*, coalesce(weight_previous, 0) * (coalesce(rate_current, rate_previous, 0) - coalesce(rate_previous, rate_current, 0)) AS rate_effect, ` +
    `coalesce(weight_current, 0) * coalesce(rate_current, 0) - coalesce(weight_previous, 0) * coalesce(rate_current, rate_previous, 0) AS mix_effect FROM w), ` +
    `t AS (SELECT coalesce(tcur.${ident(metric)}, 0) - coalesce(tprev.${ident(metric)}, 0) AS total_change FROM tcur CROSS JOIN tprev) ` +
    `SELECT e.${k}, e.weight_previous, e.weight_current, e.rate_previous, e.rate_current, e.rate_effect, e.mix_effect, sum(e.rate_effect) OVER () AS total_rate_effect, sum(e.mix_effect) OVER () AS total_mix_effect, ` +
    `t.total_change, t.total_change - sum(e.rate_effect + e.mix_effect) OVER () AS residual FROM e CROSS JOIN t ORDER BY abs(e.rate_effect) + abs(e.mix_effect) DESC`
  );
}

/** How a driver's change came about, when one part of a product decomposition explains most of it. */
export interface Mechanism {
  /** `base`: more or less of the base (volume); `rate`: the metric per unit of the base moved. */
  component: 'base' | 'rate';
  /** The base measure of the decomposition. */
  base: string;
  /** The part's change / the total change (a row value). */
  contribution: number;
  /** The decomposition's sub-question. */
  from: string;
}

/**
 * The part of a member's change that explains it (product decomposition by the driver's dimension):
 * the one effect of the member's sign that carries at least SET_CONTRIBUTION of its change; null
 * when both parts matter (then the member's whole change is the statement).
 */
export function mechanismOf(driver: Driver, plan: SubQuestion[], operations: ResearchOperation[]): Mechanism | null {
  if (driver.within) return null;
  for (const s of plan) {
    if (s.angle !== 'decomposition' || s.decompose?.kind !== 'product' || s.dimension !== driver.dimension) continue;
    const op = operations.find((o) => o.id === s.id);
    const row = op?.status === 'done' ? op.rows?.find((r) => String(r[driver.dimension]) === driver.member) : undefined;
    if (!row) continue;
    for (const component of ['rate', 'base'] as const) {
      const c = Number(row[`${component}_contribution`]);
      if (
        Number.isFinite(c) &&
        Math.sign(c) === Math.sign(driver.contribution) &&
        Math.abs(c) >= SET_CONTRIBUTION * Math.abs(driver.contribution)
      ) {
        return { component, base: s.decompose.base, contribution: c, from: s.id };
      }
    }
  }
  return null;
}

/**
 * The spread of a metric across the members of a dimension (what drives X), on a compiled query
 * grouped by it: each member's value, `share` (of the members' sum), `members`, `spread` (the
 * members' coefficient of variation: how much they differ) and `max_to_min`.
 */
export function spreadSql(series: string, metric: string, ident: Ident): string {
  const m = `d.${ident(metric)}`;
  return (
    `WITH d AS (${series}) SELECT d.*, ${m} / nullif(sum(${m}) OVER (), 0) AS share, count(*) OVER () AS members, ` +
    `stddev_pop(${m}) OVER () / nullif(abs(avg(${m}) OVER ()), 0) AS spread, max(${m}) OVER () / nullif(min(${m}) OVER (), 0) AS max_to_min FROM d ORDER BY ${m} DESC`
  );
}

/** What drives X: the spread sub-questions' dimensions, most differing members first. */
export function rankKeyDimensions(
  plan: SubQuestion[],
  operations: ResearchOperation[],
): { dimension: string; spread: number; from: string }[] {
  return plan
    .filter((s) => s.spread && s.dimension)
    .map((s) => {
      const op = operations.find((o) => o.id === s.id);
      const row = op?.status === 'done' ? op.rows?.[0] : undefined;
      return { dimension: s.dimension!, spread: Number(row?.spread), from: s.id };
    })
    .filter((x) => Number.isFinite(x.spread))
    .sort((a, b) => b.spread - a.spread || a.from.localeCompare(b.from));
}

/** |z| at or above this against its own monthly history: unusual. */
export const ANOMALY_Z = 3;

/**
 * An anomaly scan on a compiled query of the metric by `keys` and a month `bucket`: per member and
 * month of the current period (from `currentStart`, every month of it), `current_value`, `history_mean`, `history_spread` (standard
 * deviation) and `history_periods` of the months before, `z_score` and `unusual` (|z| ≥ ANOMALY_Z).
 */
export function anomalySql(
  series: string,
  keys: string[],
  bucket: string,
  metric: string,
  currentStart: string,
  ident: Ident,
  date: (d: string) => string,
): string {
  const m = ident(metric);
  const b = ident(bucket);
  const k = keys.map(ident);
  const group = k.length ? ` GROUP BY ${k.join(', ')}` : '';
  const sel = k.map((x) => `${x}, `).join('');
  const join = k.length ? `JOIN h USING (${k.join(', ')})` : 'CROSS JOIN h';
  return (
    `WITH d AS (${series}), h AS (SELECT ${sel}avg(${m}) AS history_mean, stddev_samp(${m}) AS history_spread, count(*) AS history_periods FROM d WHERE ${b} < ${date(currentStart)}${group}), ` +
    `c AS (SELECT ${sel}${b}, sum(${m}) AS current_value FROM d WHERE ${b} >= ${date(currentStart)} GROUP BY ${[...k, b].join(', ')}), ` +
    `z AS (SELECT ${k.map((x) => `c.${x}, `).join('')}c.${b}, c.current_value, h.history_mean, h.history_spread, h.history_periods, (c.current_value - h.history_mean) / nullif(h.history_spread, 0) AS z_score FROM c ${join}) ` +
    `SELECT z.*, coalesce(abs(z.z_score) >= ${ANOMALY_Z}, false) AS unusual FROM z ORDER BY abs(z.z_score) DESC NULLS LAST`
  );
}

/** The unusual members of the anomaly scans, largest |z| first. */
export function readAnomalies(
  plan: SubQuestion[],
  operations: ResearchOperation[],
): { dimension: string | null; member: string | null; z: number; from: string; month?: string }[] {
  const out: { dimension: string | null; member: string | null; z: number; from: string; month?: string }[] = [];
  for (const s of plan.filter((x) => x.anomaly)) {
    const op = operations.find((o) => o.id === s.id);
    if (op?.status !== 'done') continue;
    for (const r of op.rows ?? []) {
      if (r.unusual === true || r.unusual === 'true')
        out.push({
          dimension: s.dimension ?? null,
          member: s.dimension ? String(r[s.dimension]) : null,
          z: Number(r.z_score),
          from: s.id,
          month: String(r[s.anomaly!.bucket] ?? '').slice(0, 7),
        });
    }
  }
  return out.sort((a, b) => Math.abs(b.z) - Math.abs(a.z));
}

/**
 * A group against everyone (profile): the group's compiled query and everyone's, by `keys` or in
 * total. In total: `group_value`, `all_value`, `group_share` (of everyone's) and, with a size
 * measure, `group_members`, `all_members`, `members_share`. By keys: per member `group_value`,
 * `all_value`, `group_share` and `all_share` (of each side's own total) and `representation`
 * (group share / everyone's share: above 1 over-represented).
 */
export function profileSql(group: string, everyone: string, keys: string[], metric: string, ident: Ident, size?: string): string {
  const m = ident(metric);
  if (!keys.length) {
    const n = size ? ident(size) : null;
    const members = n ? `, g.${n} AS group_members, a.${n} AS all_members, g.${n} * 1.0 / nullif(a.${n}, 0) AS members_share` : '';
    return `WITH g AS (${group}), a AS (${everyone}) SELECT g.${m} AS group_value, a.${m} AS all_value, g.${m} * 1.0 / nullif(a.${m}, 0) AS group_share${members} FROM g CROSS JOIN a`;
  }
  const on = keys.map((k) => `a.${ident(k)} = g.${ident(k)}`).join(' AND ');
  return (
    `WITH g AS (${group}), a AS (${everyone}), j AS (SELECT ${keys.map((k) => `a.${ident(k)}`).join(', ')}, g.${m} AS group_value, a.${m} AS all_value FROM a LEFT JOIN g ON ${on}), ` +
    `s AS (SELECT j.*, j.group_value * 1.0 / nullif(sum(j.group_value) OVER (), 0) AS group_share, j.all_value * 1.0 / nullif(sum(j.all_value) OVER (), 0) AS all_share FROM j) ` +
    `SELECT s.*, s.group_share / nullif(s.all_share, 0) AS representation FROM s ORDER BY coalesce(s.group_value, 0) DESC, s.all_value DESC`
  );
}
