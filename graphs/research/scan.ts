/**
 * Research that looks everywhere: one statement compares the metric over two periods by every
 * dimension reachable from the metric's fact (the fact grouped once per period by every dimension,
 * then summed per dimension and UNION ALL'ed; high-cardinality dimensions cut to their top members
 * plus "all others"), and the readers below
 * choose the drivers across all of them by explanatory power and surprise (Adtributor), the
 * deepest explaining level of a roll-up, members of several dimensions and of opposite sign, and
 * pairwise combinations (HotSpot / iDice) when single members do not explain the change. For a
 * ratio metric, one statement decomposes its change into rate and mix across every candidate
 * dimension. The warehouse computes every figure; these readers only choose and order rows.
 */
import { joinGraph } from '../../src/semantic/graph.js';
import type { SemanticModel } from '../../src/semantic/model.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { MIN_MEMBER_CONTRIBUTION, type Driver } from './analysis.js';
import type { SubQuestion } from './state.js';

/** Members kept per dimension of a scan (by the size of their change); the rest are summed as ALL_OTHERS. */
export const SCAN_TOP = 10;
/** The member that stands for the members of a dimension past its top SCAN_TOP. */
export const ALL_OTHERS = '(all others)';
/** A set of members explains the change when their contributions add up to 100 % within this. */
export const EXPLAINED_WITHIN = 0.33;
/** Once the change is explained, a further member joins the drivers only with at least this share of it (and bringing the sum closer to 100 %). */
export const LARGE_PART = 0.25;
/** Most drivers in an explaining set. */
export const MAX_DRIVERS = 4;
/** A child member that carries this much of its parent's change (same sign) replaces the parent: the deeper level explains it. */
export const DEEPER_SHARE = 0.8;
/** A roll-up parent's mix share at least this fraction of its child's: the parent is named (the simpler explanation). */
export const MIX_PARENT_SHARE = 0.9;
/** Dimensions with at most this many values take part in a rate/mix scan (mix across customers says nothing). */
export const MIX_MAX_MEMBERS = 50;

type Ident = (s: string) => string;

/** The entity a metric aggregates (a derived metric: its first measure's). */
export function metricEntity(model: SemanticModel, metric: string, seen = new Set<string>()): string | null {
  const ms = model.measures.find((m) => m.name === metric);
  if (ms) return ms.entity;
  const d = model.metrics.find((m) => m.name === metric);
  if (!d || seen.has(metric)) return null;
  seen.add(metric);
  for (const word of d.expression.match(/[a-z][a-z0-9_]*/g) ?? []) {
    const e = metricEntity(model, word, seen);
    if (e) return e;
  }
  return null;
}

/**
 * Dimensions a metric can be broken down by: those whose entity the metric's entity reaches
 * through to-one joins, by the one rule the compiler uses (JoinGraph: many_to_one forward,
 * one_to_many backward, one_to_one both ways). Model order.
 */
export function reachableDimensions(model: SemanticModel, metric: string): string[] {
  const entity = metricEntity(model, metric);
  if (!entity) return model.dimensions.map((d) => d.name);
  const paths = joinGraph(model).pathsFrom(entity);
  return model.dimensions.filter((d) => paths.has(d.entity)).map((d) => d.name);
}

/** A dimension that names its entity's rows one by one (its entity's only dimension, or named after it): nation, customer, supplier. */
function identifies(model: SemanticModel, dimension: string): boolean {
  const d = model.dimensions.find((x) => x.name === dimension);
  if (!d) return false;
  return d.name === d.entity || model.dimensions.filter((x) => x.entity === d.entity).length === 1;
}

/**
 * `child` rolls up into `parent` (each member of the child lies in one member of the parent):
 * the child names its entity's rows and the parent's entity is reached from it through to-one
 * joins (nation → region, customer → nation, customer → market segment).
 */
export function rollsUpTo(model: SemanticModel, child: string, parent: string): boolean {
  if (child === parent || !identifies(model, child)) return false;
  const c = model.dimensions.find((x) => x.name === child)!;
  const p = model.dimensions.find((x) => x.name === parent);
  if (!p) return false;
  return joinGraph(model).path(c.entity, p.entity) !== undefined;
}

/** The nearest parent among `candidates` a dimension rolls up into (shortest join path), shown as context; null when none. */
export function contextDimension(model: SemanticModel, dimension: string, candidates: string[]): string | null {
  const c = model.dimensions.find((x) => x.name === dimension);
  if (!c) return null;
  let best: { name: string; hops: number } | null = null;
  for (const p of candidates) {
    if (!rollsUpTo(model, dimension, p)) continue;
    const pd = model.dimensions.find((x) => x.name === p)!;
    const hops = joinGraph(model).path(c.entity, pd.entity)!.length;
    // a parent on the same entity (customer → segment) is context only when no joined parent is
    if (!best || (hops > 0 && (best.hops === 0 || hops < best.hops))) best = { name: p, hops };
  }
  return best?.name ?? null;
}

/** Two dimensions of one roll-up (either way): a member of one must not be credited next to a member of the other. */
export function related(model: SemanticModel, a: string, b: string): boolean {
  return a === b ? false : rollsUpTo(model, a, b) || rollsUpTo(model, b, a);
}

/** The dimensions a change scan covers: every dimension reachable from the metric's fact, minus those filtered to one value. */
export function scanDimensions(layer: SemanticLayer, metric: string, filtered: Set<string>): string[] {
  return reachableDimensions(layer.model, metric).filter((d) => !filtered.has(d));
}

/**
 * The fact grouped once per period by every scanned dimension (`base_current`, `base_previous`):
 * each part then sums its own keys from these (one pass over the fact per period instead of one
 * per dimension; exact for additive metrics, the only ones scanned). Materialized where the
 * engine takes the keyword (DuckDB, Postgres), since every part reads them.
 */
export interface ScanBases {
  current: string;
  previous: string;
  materialized: boolean;
}
const basesSql = (b?: ScanBases) =>
  b
    ? `base_current AS ${b.materialized ? 'MATERIALIZED ' : ''}(${b.current}), base_previous AS ${b.materialized ? 'MATERIALIZED ' : ''}(${b.previous}), `
    : '';

/** One part of a scan over the bases: the sums of `metrics` by `keys` (where `where`), from one period's base. */
export function partFromBase(
  base: 'base_current' | 'base_previous',
  keys: string[],
  metrics: string[],
  ident: Ident,
  where?: string,
): string {
  const k = keys.map(ident).join(', ');
  return `SELECT ${k}, ${metrics.map((m) => `sum(${ident(m)}) AS ${ident(m)}`).join(', ')} FROM ${base}${where ? ` WHERE ${where}` : ''} GROUP BY ${k}`;
}

/** One per-dimension part of a scan: the query of the metric by `keys` in each period (from the bases, or compiled on its own). */
export interface ScanPart {
  dimension: string;
  /** A second dimension (a pairwise combination), if any. */
  second?: string;
  /** The roll-up parent carried as context (its member beside each member), if any. */
  context?: string;
  current: string;
  previous: string;
}

/**
 * What every scan statement is built from besides its parts: the metric's total in each period
 * (`totals`), the dialect's quoting of names (`ident`) and strings (`lit`) and its cast to text
 * (`text`), and the per-period bases the parts sum from, if any.
 */
export interface ScanStatement {
  totals: { current: string; previous: string };
  ident: Ident;
  lit: (s: string) => string;
  text: (e: string) => string;
  bases?: ScanBases;
}

/** The opening of a scan statement: the bases, both periods' totals (`tcur`, `tprev`) and `ctes`. */
const scanWith = (st: ScanStatement, ctes: string[]) =>
  `WITH ${basesSql(st.bases)}tcur AS (${st.totals.current}), tprev AS (${st.totals.previous}), ${ctes.join(', ')}, `;

/** The total change of the metric `m` (quoted) between the periods, as the CTE `t`. */
const totalChange = (m: string) =>
  `t AS (SELECT coalesce(tcur.${m}, 0) - coalesce(tprev.${m}, 0) AS total_change FROM tcur CROSS JOIN tprev), `;

/**
 * The change scan in one statement: (with bases) the fact grouped once per period by every
 * dimension; per part, the members' values in both periods summed from those (FULL OUTER JOIN),
 * all parts UNION ALL'ed; per dimension the `top` members with the largest change kept and the
 * rest summed as ALL_OTHERS; then per row `change`, `change_pct`, `contribution` (its change /
 * the total change: Adtributor's explanatory power with the previous period as the forecast, what
 * the report credits to a driver), `previous_share`/`current_share` (within its dimension),
 * `surprise` (Jensen-Shannon divergence of the shares, Adtributor), `total_change`, `residual`
 * (the total change minus the dimension's members' changes: closure), `members` (how many members
 * the row stands for) and `dimension_members`.
 */
export function scanSql(parts: ScanPart[], metric: string, st: ScanStatement, top = SCAN_TOP): string {
  const { ident, lit, text } = st;
  const m = ident(metric);
  const ctes: string[] = [];
  const branches: string[] = [];
  const textOrNull = (e: string | null) => (e ? text(e) : text('NULL'));
  parts.forEach((p, i) => {
    ctes.push(`c${i} AS (${p.current})`, `p${i} AS (${p.previous})`);
    const k = (col: string) => `coalesce(c${i}.${ident(col)}, p${i}.${ident(col)})`;
    // every key joins (a name need not be unique: two parts of one name under two brands stay two rows)
    const on = [p.dimension, ...(p.second ? [p.second] : []), ...(p.context ? [p.context] : [])]
      .map((x) => `c${i}.${ident(x)} = p${i}.${ident(x)}`)
      .join(' AND ');
    branches.push(
      `SELECT ${lit(p.dimension)} AS dimension, ${text(k(p.dimension))} AS member, ${p.second ? lit(p.second) : text('NULL')} AS second_dimension, ${textOrNull(p.second ? k(p.second) : null)} AS second_member, ` +
        `${p.context ? lit(p.context) : text('NULL')} AS context_dimension, ${textOrNull(p.context ? k(p.context) : null)} AS context_member, c${i}.${m} AS current_value, p${i}.${m} AS previous_value ` +
        `FROM c${i} FULL OUTER JOIN p${i} ON ${on}`,
    );
  });
  const part = 'PARTITION BY dimension, second_dimension';
  const kept = `rank_in_dimension <= ${top}`;
  const ps = `greatest(coalesce(g.previous_value, 0), 0) * 1.0 / nullif(sum(greatest(coalesce(g.previous_value, 0), 0)) OVER (${part}), 0)`;
  const cs = `greatest(coalesce(g.current_value, 0), 0) * 1.0 / nullif(sum(greatest(coalesce(g.current_value, 0), 0)) OVER (${part}), 0)`;
  const change = 'coalesce(g.current_value, 0) - coalesce(g.previous_value, 0)';
  const js = (a: string, b: string) => `CASE WHEN ${a} > 0 THEN ${a} * ln(2 * ${a} / (${a} + ${b})) ELSE 0 END`;
  return (
    scanWith(st, ctes) +
    totalChange(m) +
    `j AS (${branches.join(' UNION ALL ')}), ` +
    `r AS (SELECT j.*, row_number() OVER (${part} ORDER BY abs(coalesce(j.current_value, 0) - coalesce(j.previous_value, 0)) DESC, j.member, j.second_member) AS rank_in_dimension, count(*) OVER (${part}) AS dimension_members FROM j), ` +
    `k AS (SELECT r.dimension, r.second_dimension, CASE WHEN ${kept} THEN r.member ELSE ${lit(ALL_OTHERS)} END AS member, CASE WHEN ${kept} THEN r.second_member END AS second_member, ` +
    `CASE WHEN ${kept} THEN r.context_dimension END AS context_dimension, CASE WHEN ${kept} THEN r.context_member END AS context_member, r.current_value, r.previous_value, r.dimension_members FROM r), ` +
    `g AS (SELECT dimension, second_dimension, member, second_member, context_dimension, context_member, sum(current_value) AS current_value, sum(previous_value) AS previous_value, count(*) AS members, max(dimension_members) AS dimension_members ` +
    `FROM k GROUP BY dimension, second_dimension, member, second_member, context_dimension, context_member), ` +
    `s AS (SELECT g.*, ${change} AS change, (${change}) * 1.0 / nullif(g.previous_value, 0) AS change_pct, (${change}) * 1.0 / nullif(t.total_change, 0) AS contribution, ` +
    `coalesce(${ps}, 0) AS previous_share, coalesce(${cs}, 0) AS current_share, t.total_change, t.total_change - sum(${change}) OVER (${part}) AS residual FROM g CROSS JOIN t) ` +
    `SELECT s.*, 0.5 * (${js('s.previous_share', 's.current_share')} + ${js('s.current_share', 's.previous_share')}) AS surprise FROM s ` +
    `ORDER BY s.dimension, s.second_dimension, CASE WHEN s.member = ${lit(ALL_OTHERS)} THEN 1 ELSE 0 END, abs(s.change) DESC, s.member`
  );
}

/**
 * The rate/mix scan of a ratio metric (numerator / denominator) in one statement: per dimension
 * and member its weight (share of the denominator) and rate in both periods, `rate_effect`
 * (previous weight × Δrate) and `mix_effect` (Δweight × current rate); per dimension
 * `total_rate_effect`, `total_mix_effect`, `mix_share` (the mix effect / the metric's change) and
 * `residual` (the change minus both effects: closure); `total_change` from the statement's totals.
 */
export function mixScanSql(
  parts: ScanPart[],
  ratio: { numerator: string; denominator: string; metric: string },
  st: ScanStatement,
): string {
  const { ident, lit, text } = st;
  const n = ident(ratio.numerator);
  const d = ident(ratio.denominator);
  const ctes: string[] = [];
  const branches: string[] = [];
  parts.forEach((p, i) => {
    const k = ident(p.dimension);
    ctes.push(`c${i} AS (${p.current})`, `p${i} AS (${p.previous})`);
    branches.push(
      `SELECT ${lit(p.dimension)} AS dimension, ${text(`coalesce(c${i}.${k}, p${i}.${k})`)} AS member, c${i}.${n} AS nc, c${i}.${d} AS dc, p${i}.${n} AS np, p${i}.${d} AS dp FROM c${i} FULL OUTER JOIN p${i} ON c${i}.${k} = p${i}.${k}`,
    );
  });
  const part = 'PARTITION BY dimension';
  return (
    scanWith(st, ctes) +
    totalChange(ident(ratio.metric)) +
    `j AS (${branches.join(' UNION ALL ')}), ` +
    `w AS (SELECT dimension, member, coalesce(dc, 0) * 1.0 / nullif(sum(coalesce(dc, 0)) OVER (${part}), 0) AS weight_current, coalesce(dp, 0) * 1.0 / nullif(sum(coalesce(dp, 0)) OVER (${part}), 0) AS weight_previous, ` +
    `nc * 1.0 / nullif(dc, 0) AS rate_current, np * 1.0 / nullif(dp, 0) AS rate_previous FROM j), ` +
    `e AS (SELECT w.*, coalesce(weight_previous, 0) * (coalesce(rate_current, rate_previous, 0) - coalesce(rate_previous, rate_current, 0)) AS rate_effect, ` +
    `coalesce(weight_current, 0) * coalesce(rate_current, 0) - coalesce(weight_previous, 0) * coalesce(rate_current, rate_previous, 0) AS mix_effect FROM w), ` +
    `x AS (SELECT e.*, sum(e.rate_effect) OVER (${part}) AS total_rate_effect, sum(e.mix_effect) OVER (${part}) AS total_mix_effect, coalesce(weight_current, 0) - coalesce(weight_previous, 0) AS weight_change FROM e) ` +
    `SELECT x.*, x.total_mix_effect / nullif(t.total_change, 0) AS mix_share, x.total_rate_effect / nullif(t.total_change, 0) AS rate_share, t.total_change, t.total_change - x.total_rate_effect - x.total_mix_effect AS residual ` +
    `FROM x CROSS JOIN t ORDER BY x.dimension, abs(x.rate_effect) + abs(x.mix_effect) DESC, x.member`
  );
}

type Row = Record<string, unknown>;
const rowsOf = (op: ResearchOperation | undefined): Row[] => (op?.status === 'done' ? (op.rows ?? []) : []);

/** A scan row as a driver candidate (null for ALL_OTHERS, a NULL member or a row without a contribution). */
function candidateOf(r: Row, from: string): Driver | null {
  const contribution = Number(r.contribution);
  if (
    r.member === null ||
    r.member === undefined ||
    r.member === ALL_OTHERS ||
    r.second_member === ALL_OTHERS ||
    !Number.isFinite(contribution)
  )
    return null;
  const d: Driver = { dimension: String(r.dimension), member: String(r.member), contribution, surprise: Number(r.surprise) || 0, from };
  const previousShare = Number(r.previous_share);
  if (Number.isFinite(previousShare)) d.previousShare = previousShare;
  if (r.second_dimension !== null && r.second_dimension !== undefined)
    d.and = { dimension: String(r.second_dimension), member: String(r.second_member) };
  if (r.context_dimension !== null && r.context_dimension !== undefined && r.context_member !== null && r.context_member !== undefined)
    d.context = { dimension: String(r.context_dimension), member: String(r.context_member) };
  return d;
}

const dimsOf = (d: Driver) => [d.dimension, ...(d.and ? [d.and.dimension] : [])];

/** The contribution of the intersection of two members (a row of a pair scan), undefined when no row holds it. */
export type SharedChange = (a: Driver, b: Driver) => number | undefined;

/** The explaining set across every scanned dimension (and pair), with how far its sum is from the whole change. */
export interface ScanExplanation {
  drivers: Driver[];
  /** The sum of the drivers' contributions is within EXPLAINED_WITHIN of 100 %. */
  explained: boolean;
}

/**
 * Adtributor across dimensions: candidates (|contribution| ≥ MIN_MEMBER_CONTRIBUTION) in order of
 * surprise; one is taken when it brings the sum of contributions closer to 100 % (so members of
 * opposite sign can both be taken) and its dimension is not of a roll-up with a dimension already
 * taken (a region is not credited next to its nation); until the sum is within EXPLAINED_WITHIN
 * of 100 % (after that only members with LARGE_PART of the change that bring the sum closer still
 * — counted outside the drivers already taken: their intersections from a pair scan (`shared`),
 * else the part of each driver's change proportional to the member's previous share, since every
 * member of an unrelated dimension carries its slice of a driver's change and is not a second
 * cause for that) or MAX_DRIVERS are taken. A taken member whose child (a member of a dimension rolling
 * up into it) carries DEEPER_SHARE of its change is replaced by the child, with the parent as
 * context: the deepest explaining level.
 */
export function explainAcross(model: SemanticModel, candidates: Driver[], shared: SharedChange = () => undefined): ScanExplanation {
  const ranked = candidates
    .filter((c) => Math.abs(c.contribution) >= MIN_MEMBER_CONTRIBUTION)
    .sort((a, b) => b.surprise - a.surprise || Math.abs(b.contribution) - Math.abs(a.contribution));
  const taken: Driver[] = [];
  let sum = 0;
  for (const c of ranked) {
    if (taken.length >= MAX_DRIVERS) break;
    // once explained, only a member carrying a large part of the change still joins (a fall beside a larger rise)
    // where no pair scan holds the intersection, as if independent: the taken driver's change in proportion to c's previous share
    const inside = (t: Driver) =>
      t.dimension === c.dimension ? 0 : (shared(c, t) ?? (t.and || c.and ? 0 : t.contribution * (c.previousShare ?? 0)));
    const outside = c.contribution - taken.reduce((a, t) => a + inside(t), 0);
    if (Math.abs(1 - sum) <= EXPLAINED_WITHIN && (Math.abs(c.contribution) < LARGE_PART || Math.abs(outside) < LARGE_PART)) continue;
    if (Math.abs(1 - (sum + c.contribution)) >= Math.abs(1 - sum)) continue;
    if (taken.some((t) => dimsOf(t).some((a) => dimsOf(c).some((b) => related(model, a, b))))) continue;
    if (taken.some((t) => t.dimension === c.dimension && t.member === c.member && t.and?.member === c.and?.member)) continue;
    taken.push(c);
    sum += c.contribution;
  }
  const deepest = taken.map((t) => deeper(model, t, candidates) ?? t);
  return { drivers: deepest, explained: taken.length > 0 && Math.abs(1 - sum) <= EXPLAINED_WITHIN };
}

/** The member of a child dimension that carries most of `parent`'s change (DEEPER_SHARE, same sign), deepest first; null when none does. */
function deeper(model: SemanticModel, parent: Driver, candidates: Driver[]): Driver | null {
  if (parent.and) return null;
  const inside = candidates.filter(
    (c) =>
      !c.and &&
      c.context?.member === parent.member &&
      rollsUpTo(model, c.dimension, parent.dimension) &&
      c.context.dimension === parent.dimension &&
      Math.sign(c.contribution) === Math.sign(parent.contribution) &&
      Math.abs(c.contribution) >= DEEPER_SHARE * Math.abs(parent.contribution),
  );
  if (!inside.length) return null;
  const best = inside.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))[0];
  return deeper(model, best, candidates) ?? best;
}

/** The scan sub-questions (single dimensions, then pairs) and their rows. */
export function scanRows(plan: SubQuestion[], operations: ResearchOperation[], pairs: boolean): { sub: SubQuestion; rows: Row[] }[] {
  return plan
    .filter((s) => s.scan && !!s.scan.pairs === pairs)
    .map((sub) => ({ sub, rows: rowsOf(operations.find((o) => o.id === sub.id)) }));
}

/** The drivers of a change scan: single members first; members of pairs join the candidates when single members do not explain the change. */
export function scanExplanation(model: SemanticModel, plan: SubQuestion[], operations: ResearchOperation[]): ScanExplanation | null {
  const singles = scanRows(plan, operations, false).filter((x) => x.rows.length);
  if (!singles.length) return null;
  const candidates = singles.flatMap(({ sub, rows }) => rows.map((r) => candidateOf(r, sub.id)).filter((c): c is Driver => !!c));
  const single = explainAcross(model, candidates, sharedChanges(plan, operations));
  if (single.explained) return single;
  const pairRows = scanRows(plan, operations, true).flatMap(({ sub, rows }) =>
    rows.map((r) => candidateOf(r, sub.id)).filter((c): c is Driver => !!c),
  );
  if (!pairRows.length) return single;
  const both = explainAcross(model, [...candidates, ...pairRows], sharedChanges(plan, operations));
  return both.explained ? both : single;
}

/** The pair scan row of the intersection of members `a` and `b` (either order) and its sub-question, if a pair scan holds it. */
function intersectionRow(
  plan: SubQuestion[],
  operations: ResearchOperation[],
  a: Driver,
  b: Driver,
): { sub: SubQuestion; row: Row } | null {
  if (a.and || b.and || a.dimension === b.dimension) return null;
  for (const { sub, rows } of scanRows(plan, operations, true)) {
    const row = rows.find(
      (r) =>
        (r.dimension === a.dimension && r.member === a.member && r.second_dimension === b.dimension && r.second_member === b.member) ||
        (r.dimension === b.dimension && r.member === b.member && r.second_dimension === a.dimension && r.second_member === a.member),
    );
    if (row) return { sub, row };
  }
  return null;
}

/** The intersections the pair scans hold (round 2), as a SharedChange. */
const sharedChanges =
  (plan: SubQuestion[], operations: ResearchOperation[]): SharedChange =>
  (a, b) => {
    const c = Number(intersectionRow(plan, operations, a, b)?.row.contribution);
    return Number.isFinite(c) ? c : undefined;
  };

/** Where two drivers of different dimensions overlap: the change of the members' intersection, from a pair scan's row. */
export interface Overlap {
  a: { dimension: string; member: string };
  b: { dimension: string; member: string };
  change: number;
  contribution: number;
  from: string;
}

/** Overlaps between the drivers of different dimensions, read from the pair scans (none when no pair scan covers them). */
export function overlapsOf(drivers: Driver[], plan: SubQuestion[], operations: ResearchOperation[]): Overlap[] {
  const out: Overlap[] = [];
  for (let i = 0; i < drivers.length; i++) {
    for (let j = i + 1; j < drivers.length; j++) {
      const [x, y] = [drivers[i], drivers[j]];
      const found = intersectionRow(plan, operations, x, y);
      if (found)
        out.push({
          a: { dimension: x.dimension, member: x.member },
          b: { dimension: y.dimension, member: y.member },
          change: Number(found.row.change),
          contribution: Number(found.row.contribution),
          from: found.sub.id,
        });
    }
  }
  return out;
}

/**
 * The dimensions to combine in pairs (HotSpot / iDice): those of the strongest candidates by
 * surprise, one per dimension, not of a roll-up with one already chosen; at most `count`.
 */
export function pairDimensions(model: SemanticModel, plan: SubQuestion[], operations: ResearchOperation[], count = 3): string[] {
  const candidates = scanRows(plan, operations, false)
    .flatMap(({ sub, rows }) => rows.map((r) => candidateOf(r, sub.id)))
    .filter((c): c is Driver => !!c && Math.abs(c.contribution) >= MIN_MEMBER_CONTRIBUTION)
    .sort((a, b) => b.surprise - a.surprise);
  const out: string[] = [];
  for (const c of candidates) {
    if (out.length >= count) break;
    if (out.includes(c.dimension) || out.some((d) => related(model, d, c.dimension))) continue;
    out.push(c.dimension);
  }
  return out;
}

/** What the mix scan found: the dimension where mix explains most of a ratio's change, with its words' figures' rows. */
export interface MixFinding {
  dimension: string;
  from: string;
  /** mix effect / the change (a row value). */
  mixShare: number;
  rateShare: number;
  /** The member whose weight fell most and the one whose weight rose most (their rows hold the figures). */
  shrank: string | null;
  grew: string | null;
}

/** The dimension of the rate/mix scan whose mix effect explains most of the change (largest mix share of the change's sign). */
export function readMix(model: SemanticModel, plan: SubQuestion[], operations: ResearchOperation[]): MixFinding | null {
  const sub = plan.find((s) => s.scan?.mix);
  if (!sub) return null;
  const rows = rowsOf(operations.find((o) => o.id === sub.id));
  let best: MixFinding | null = null;
  const found: MixFinding[] = [];
  for (const dim of [...new Set(rows.map((r) => String(r.dimension)))]) {
    const own = rows.filter((r) => String(r.dimension) === dim && r.member !== null && r.member !== undefined);
    const share = Number(own[0]?.mix_share);
    if (!Number.isFinite(share)) continue;
    const byWeight = [...own].sort((a, b) => Number(a.weight_change) - Number(b.weight_change));
    const finding: MixFinding = {
      dimension: dim,
      from: sub.id,
      mixShare: share,
      rateShare: Number(own[0]?.rate_share),
      shrank: byWeight.length && Number(byWeight[0].weight_change) < 0 ? String(byWeight[0].member) : null,
      grew: byWeight.length && Number(byWeight.at(-1)!.weight_change) > 0 ? String(byWeight.at(-1)!.member) : null,
    };
    found.push(finding);
    if (!best || share > best.mixShare) best = finding;
  }
  // a child's mix contains its parent's (nations moving between regions): the parent is named when it explains nearly as much
  const parent =
    best &&
    found.find(
      (f) =>
        rollsUpTo(model, best!.dimension, f.dimension) &&
        Math.sign(f.mixShare) === Math.sign(best!.mixShare) &&
        Math.abs(f.mixShare) >= MIX_PARENT_SHARE * Math.abs(best!.mixShare),
    );
  return parent ?? best;
}
