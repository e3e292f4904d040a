/**
 * SemanticQuery -> SQL for one dialect. Pure: no I/O, no global state besides per-model caches.
 *
 * Shape of the SQL (see CONTEXT.md for the rules):
 *   g<i>   one CTE per group of measures sharing an entity and a dating time dimension,
 *          aggregated at the grain of that entity with to-one joins only (never fan-out);
 *          a dimension on the "many" side goes through a DISTINCT bridge (semi-join) instead
 *   group_keys  union of the group keys when several groups are joined (full-outer by union + left joins)
 *   result derived metrics computed after aggregation, output names = model names
 *   final  share of total (window over all groups), metric filters, order, limit
 */
import type { Dimension, Format, Measure, DerivedMetric, SemanticModel, TimeDimension, TimeGrain } from './model.js';
import {
  type AggregateFilterInput,
  type DimensionFilterInput,
  type EntityConditionInput,
  isPresenceOp,
  type Duration,
  type SamePeriod,
  type SpanInput,
  type SemanticQuery,
  type SemanticQueryInput,
  type TimeRange,
  filterValueWords,
  TEXT_ONLY_OPS,
} from './query.js';
import { type Expr, parseExpr, renderSql } from './expr.js';
import { type Hop, joinGraph } from './graph.js';
import { LiteralError, SqlDialect } from './dialects/dialect.js';

export class CompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompileError';
  }
}

export type ColumnKind = 'dimension' | 'time' | 'metric' | 'share';

export interface CompiledColumn {
  /** Output column name: dimension name, `<time_dimension>_<grain>`, metric name or `<metric>_share`. */
  name: string;
  kind: ColumnKind;
  /** The model name it comes from (dimension, time dimension or metric). */
  ref: string;
  label?: string;
  format?: Format;
  /** Time columns: the bucket grain. */
  grain?: TimeGrain;
}

export interface CompiledQuery {
  sql: string;
  columns: CompiledColumn[];
  /** For each metric computed: the time dimension that dated it (null when not dated). */
  dating: Record<string, string | null>;
}

// ---------------------------------------------------------------------------------------------
// Model index (cached per model object)

interface ModelIndex {
  model: SemanticModel;
  entities: Map<string, SemanticModel['entities'][number]>;
  dims: Map<string, Dimension>;
  timeDims: Map<string, TimeDimension>;
  measures: Map<string, Measure>;
  metrics: Map<string, DerivedMetric>;
  exprs: Map<string, Expr>;
  /** Row attributes: measures of one value per row of their own table, read as number columns (see `ColumnAggregateSchema`). */
  rowAttrs: Map<string, Dimension>;
  /** Row classes: count measures whose filter over their own table says which rows they count (see `rowClasses`). */
  rowClasses: Map<string, Measure>;
}

/**
 * A count measure's filter as a class of rows ("late deliveries": the line items received after their
 * commit date), usable as a row condition (`is_set` / `not_set`) under any metric of rows that reach it.
 */
export function rowClasses(model: SemanticModel): Map<string, Measure> {
  // (kept with the model's index: the interpreter and the answer text ask for every question)
  return indexOf(model).rowClasses;
}

function findRowClasses(model: SemanticModel): Map<string, Measure> {
  const out = new Map<string, Measure>();
  const names = new Set([...model.dimensions, ...model.time_dimensions].map((d) => d.name));
  for (const m of model.measures) {
    if (m.agg !== 'count' || !m.filter || m.sql || names.has(m.name)) continue;
    if ([...m.filter.matchAll(/\$\{(\w+)\}/g)].some((x) => x[1] !== 'TABLE')) continue;
    out.set(m.name, m);
  }
  return out;
}

/** A measure's per-row value as a number column: a sum/avg/min/max of its own table's columns with no filter. */
export function rowAttributes(model: SemanticModel): Map<string, Dimension> {
  const out = new Map<string, Dimension>();
  const dims = new Set(model.dimensions.map((d) => d.name));
  for (const m of model.measures) {
    if (!['sum', 'avg', 'min', 'max'].includes(m.agg) || m.filter || !m.sql || dims.has(m.name)) continue;
    // only its own table's columns: a value reached through another table is no attribute of the row
    if ([...m.sql.matchAll(/\$\{(\w+)\}/g)].some((x) => x[1] !== 'TABLE') || !m.sql.includes('${TABLE}')) continue;
    out.set(m.name, {
      name: m.name,
      entity: m.entity,
      sql: m.sql,
      type: 'number',
      label: m.label,
      description: m.description,
      synonyms: [],
      index_values: false,
      value_synonyms: {},
      value_groups: {},
    });
  }
  return out;
}

/** The time from date `a` to date `b` in `unit`, written by the dialect (whole days; seconds, minutes and hours from the seconds). */
function spanSql(d: SqlDialect, unit: Duration['unit'], a: string, b: string): string {
  if (unit === 'day') return d.daysBetween(a, b);
  const secs = d.secondsBetween(a, b);
  return unit === 'second' ? secs : `${secs} / ${unit === 'minute' ? '60.0' : '3600.0'}`;
}

/** The index with the query's spans added as row attributes: each row's own time from one of its dates to another. */
function withSpans(ix: ModelIndex, spans: SpanInput[], d: SqlDialect): ModelIndex {
  if (!spans.length) return ix;
  const rowAttrs = new Map(ix.rowAttrs);
  for (const sp of spans) {
    const [from, to] = [sp.from, sp.to].map((n) => {
      const td = ix.timeDims.get(n);
      if (!td) throw unknown('time dimension', n, [...ix.timeDims.keys()]);
      return td;
    }) as [TimeDimension, TimeDimension];
    if (from.entity !== to.entity)
      throw new CompileError(
        `span '${sp.name}': '${from.name}' dates ${from.entity} and '${to.name}' dates ${to.entity}, so no row has both`,
      );
    if (ix.dims.has(sp.name) || rowAttrs.has(sp.name) || ix.timeDims.has(sp.name))
      throw new CompileError(`span '${sp.name}' has the name of a column of the model`);
    rowAttrs.set(sp.name, {
      name: sp.name,
      entity: from.entity,
      sql: spanSql(d, sp.unit ?? 'day', from.sql, to.sql),
      type: 'number',
      label: sp.label ?? sp.name,
      description: '',
      synonyms: [],
      index_values: false,
      value_synonyms: {},
      value_groups: {},
    });
  }
  return { ...ix, rowAttrs };
}

const indexes = new WeakMap<SemanticModel, ModelIndex>();
/** The days-of-week part of a period's condition: " AND <iso weekday> IN (6, 7)" for weekends. */
function weekdays(d: SqlDialect, x: string, range: Pick<TimeRange, 'days' | 'clock'> | undefined, td: TimeDimension): string {
  return weekdayPart(d, x, range?.days) + clockPart(d, x, range?.clock, td);
}
/** The times-of-day part: " AND <time of x> >= TIME '21:00:00'" (from after to: over midnight, either side). */
function clockPart(d: SqlDialect, x: string, clock: TimeRange['clock'], td: TimeDimension): string {
  if (!clock || (!clock.from && !clock.to)) return '';
  if (td.type !== 'timestamp') throw new CompileError(`'${td.name}' holds dates with no time of day: a time of day cannot apply to it`);
  const t = d.timeOfDay(x);
  const from = clock.from ? `${t} >= ${d.clockTime(clock.from)}` : '';
  const to = clock.to ? `${t} < ${d.clockTime(clock.to)}` : '';
  if (from && to) return clock.from! > clock.to! ? ` AND (${from} OR ${to})` : ` AND ${from} AND ${to}`;
  return ` AND ${from || to}`;
}
function weekdayPart(d: SqlDialect, x: string, days: TimeRange['days']): string {
  if (!days) return '';
  if (Array.isArray(days)) return ` AND ${d.isoWeekday(x)} IN (${[...new Set(days)].map((n) => d.number(n)).join(', ')})`;
  return days === 'weekend' ? ` AND ${d.isoWeekday(x)} IN (6, 7)` : ` AND ${d.isoWeekday(x)} BETWEEN 1 AND 5`;
}

function indexOf(model: SemanticModel): ModelIndex {
  let ix = indexes.get(model);
  if (!ix) {
    ix = {
      model,
      entities: new Map(model.entities.map((e) => [e.name, e])),
      dims: new Map(model.dimensions.map((d) => [d.name, d])),
      timeDims: new Map(model.time_dimensions.map((d) => [d.name, d])),
      measures: new Map(model.measures.map((d) => [d.name, d])),
      metrics: new Map(model.metrics.map((d) => [d.name, d])),
      exprs: new Map(model.metrics.map((d) => [d.name, parseExpr(d.expression)])),
      rowAttrs: rowAttributes(model),
      rowClasses: findRowClasses(model),
    };
    indexes.set(model, ix);
  }
  return ix;
}

// ---------------------------------------------------------------------------------------------
// Joins: a tree of to-one joins from one root entity; nodes keyed by route so that an entity
// reached by two different routes gets two aliases.

interface JoinNode {
  key: string;
  entity: string;
  alias: string;
  parent?: string;
  hop?: Hop;
}

class JoinPlan {
  readonly nodes = new Map<string, JoinNode>();
  private readonly order: string[] = [];

  constructor(
    private readonly model: SemanticModel,
    private readonly ix: ModelIndex,
    private readonly d: SqlDialect,
    readonly root: string,
  ) {
    this.nodes.set(root, { key: root, entity: root, alias: 't0' });
  }

  /** Adds the joins of a to-one path starting at node `from`; returns the key of its end. */
  extend(from: string, hops: Hop[]): string {
    let key = from;
    for (const h of hops) {
      const next = `${key}>${h.to}`;
      if (!this.nodes.has(next)) {
        this.nodes.set(next, { key: next, entity: h.to, alias: `t${this.nodes.size}`, parent: key, hop: h });
        this.order.push(next);
      }
      key = next;
    }
    return key;
  }

  /** The node of `entity` reached from node `from` by the shortest to-one path. */
  reach(from: string, entity: string): string {
    const fromEntity = this.nodes.get(from)!.entity;
    const path = joinGraph(this.model).path(fromEntity, entity);
    if (!path) throw new CompileError(`'${entity}' cannot be reached from '${fromEntity}'`);
    return this.extend(from, path);
  }

  alias(key: string): string {
    return this.nodes.get(key)!.alias;
  }

  /**
   * Renders a model SQL fragment owned by the entity at node `key`. A column the join to that node matches on
   * is read from the row that refers to it ("what state is X in": the city's own `state_name`, also when that
   * state has no row of its own, where the joined column would be empty).
   */
  render(key: string, sql: string): string {
    const node = this.nodes.get(key)!;
    const joined = /^\$\{TABLE\}\.(\w+)$/.exec(sql.trim())?.[1];
    const referring = joined && node.parent ? node.hop!.on.find(([, b]) => b === joined)?.[0] : undefined;
    if (referring) return `${this.alias(node.parent!)}.${referring}`;
    try {
      return renderSql(
        sql,
        this.alias(key),
        (entity) => this.alias(this.reach(key, entity)),
        (name, args) => this.d.macro(name, args),
      );
    } catch (e) {
      if (e instanceof LiteralError) throw new CompileError(e.message);
      throw e;
    }
  }

  source(entity: string): string {
    const e = this.ix.entities.get(entity)!;
    return e.table !== undefined ? e.table : `(${e.sql})`;
  }

  rootFrom(): string {
    return `${this.source(this.root)} AS t0`;
  }

  joins(): string[] {
    return this.order.map((k) => {
      const n = this.nodes.get(k)!;
      const p = this.alias(n.parent!);
      const on = n.hop!.on.map(([a, b]) => `${p}.${a} = ${n.alias}.${b}`).join(' AND ');
      return `LEFT JOIN ${this.source(n.entity)} AS ${n.alias} ON ${on}`;
    });
  }
}

// ---------------------------------------------------------------------------------------------

interface GroupCol {
  /** Output name. */
  name: string;
  kind: 'dimension' | 'time';
  ref: string;
  entity: string;
  sql: string;
  grain?: TimeGrain;
  label?: string;
}

interface Condition {
  entity: string;
  /** It keeps rows by what they lack ("not", "no"): never read through a link (a member with no linked row). */
  negated?: boolean;
  /** The role entity the rows reach the condition's thing as, when they reach its table in two roles (`SemanticQuery.filter_roles`). */
  role?: string;
  /** Builds the condition for the entity's node in a plan. */
  build: (plan: JoinPlan, key: string) => string;
}

interface MeasureGroup {
  entity: string;
  dating: string | null;
  measures: Measure[];
  /** '' for the query's own rows; a suffix (`__s0`, `__prev`) for a subset or the previous period. */
  variant: string;
  /** Conditions of the variant only (a subset's filters). */
  extra: Condition[];
  /** The variant's own period (the previous one of a comparison). */
  range?: { start: string; end: string };
}

/** A second computation of some measures: over a subset of rows, or over the previous period. */
interface Variant {
  suffix: string;
  extra: Condition[];
  range?: { start: string; end: string };
  measures: Measure[];
}

export interface CompileOptions {
  /** Rows the caller keeps: a LIMIT of maxRows + 1 when the query has no limit or a larger one. */
  maxRows?: number;
  /** Rows in any order (a statement that only aggregates them further): no ORDER BY, unless a limit needs one. */
  unordered?: boolean;
}

export function compile(
  model: SemanticModel,
  input: SemanticQuery | SemanticQueryInput,
  dialect: SqlDialect,
  options: CompileOptions = {},
): CompiledQuery {
  const ix = withSpans(indexOf(model), input.spans ?? [], dialect);
  const d = dialect;
  const q = {
    metrics: input.metrics ?? [],
    group_by: input.group_by ?? [],
    filters: input.filters ?? [],
    filter_roles: input.filter_roles ?? [],
    any_of: input.any_of ?? [],
    aggregate_filters: input.aggregate_filters ?? [],
    metric_filters: input.metric_filters ?? [],
    time_range: input.time_range,
    order: input.order ?? [],
    limit: input.limit,
    with_ties: input.with_ties,
    share_of_total: input.share_of_total ?? [],
    running_totals: input.running_totals ?? [],
    rank_within: input.rank_within ?? [],
    offset: input.offset,
    subset_metrics: (input.subset_metrics ?? []).map((s) => ({ ...s, as: s.as ?? 'value' })),
    entity_conditions: input.entity_conditions ?? [],
    per_entity_averages: input.per_entity_averages ?? [],
    distinct_counts: input.distinct_counts ?? [],
    period_counts: input.period_counts ?? [],
    durations: (input.durations ?? []).map((x) => ({ ...x, unit: x.unit ?? 'day', agg: x.agg ?? 'avg' })),
    column_aggregates: input.column_aggregates ?? [],
    ratios: (input.ratios ?? []).map((r) => ({
      ...r,
      numerator: { ...r.numerator, filters: r.numerator.filters ?? [], conditions: r.numerator.conditions ?? [] },
      denominator: { ...r.denominator, filters: r.denominator.filters ?? [], conditions: r.denominator.conditions ?? [] },
    })),
    comparison: input.comparison,
    same_periods: input.same_periods ?? [],
    include_empty_members: input.include_empty_members ?? false,
  };
  const constructed =
    q.subset_metrics.length +
    q.per_entity_averages.length +
    q.distinct_counts.length +
    q.period_counts.length +
    q.ratios.length +
    q.durations.length +
    q.column_aggregates.length;
  if (q.metrics.length === 0 && q.group_by.length === 0 && constructed === 0)
    throw new CompileError('the query names no metric and no dimension');

  // --- group-by columns
  const groups: GroupCol[] = q.group_by.map((g) => {
    // (a row attribute lists each row's own value, like a number dimension)
    const dim = ix.dims.get(g.dimension) ?? ix.rowAttrs.get(g.dimension);
    if (dim) return { name: dim.name, kind: 'dimension', ref: dim.name, entity: dim.entity, sql: dim.sql, label: dim.label };
    const td = ix.timeDims.get(g.dimension);
    if (!td) throw unknown('dimension', g.dimension, [...ix.dims.keys(), ...ix.timeDims.keys()]);
    const grain = g.grain ?? 'month';
    if (!td.grains.includes(grain)) throw new CompileError(`'${td.name}' cannot be grouped by ${grain} (allowed: ${td.grains.join(', ')})`);
    return { name: `${td.name}_${grain}`, kind: 'time', ref: td.name, entity: td.entity, sql: td.sql, grain, label: td.label };
  });
  // members with no rows: the breakdown's dimensions must all be of one entity, whose table lists the members
  let memberEntity: string | undefined;
  if (q.include_empty_members) {
    const owners = unique(groups.map((g) => g.entity));
    if (!groups.length || groups.some((g) => g.kind === 'time'))
      throw new CompileError(
        'members with no rows are listed only for a breakdown by the dimensions of one entity (a time breakdown has no table of members)',
      );
    if (owners.length !== 1)
      throw new CompileError(
        `members with no rows are listed only for a breakdown by the dimensions of one entity (${describe(groups.map((g) => g.ref))} belong to ${describe(owners)})`,
      );
    memberEntity = owners[0];
  }
  const outNames = new Set<string>();
  for (const g of groups) {
    if (outNames.has(g.name)) throw new CompileError(`'${g.name}' is grouped by twice`);
    outNames.add(g.name);
  }

  // --- metrics: requested, plus those only ordered, filtered or shared by
  const requested = unique(q.metrics);
  for (const m of requested) if (outNames.has(m)) throw new CompileError(`'${m}' is both a dimension and a metric`);
  const orderNames = q.order.map((o) => o.by);
  const needed = unique([
    ...requested,
    ...q.share_of_total,
    ...q.running_totals,
    ...q.metric_filters.map((f) => f.metric),
    // (a row attribute the query groups by orders by its per-row value, never also by its total)
    // (nor a distinct count named like a measure of the model: "customer_count")
    ...orderNames.filter(
      (n) => (ix.measures.has(n) || ix.metrics.has(n)) && !outNames.has(n) && !q.distinct_counts.some((dc) => dc.name === n),
    ),
    ...q.subset_metrics.filter((s) => s.as === 'share').map((s) => s.metric),
    ...q.per_entity_averages.map((p) => p.metric),
    // a side of a ratio over every row in scope is the metric itself
    ...q.ratios.flatMap((r) => [r.numerator, r.denominator].filter((x) => !x.filters.length && !x.conditions.length).map((x) => x.metric)),
  ]);
  q.ratios.forEach((r, i) => {
    for (const side of ['numerator', 'denominator'] as const) {
      const m = r[side].metric;
      if (!ix.measures.has(m) && !ix.metrics.has(m)) {
        const e = unknown('metric', m, [...ix.measures.keys(), ...ix.metrics.keys()]);
        throw new CompileError(`ratios[${i}].${side}.metric ('${r.name}'): ${e.message}`);
      }
    }
  });
  if (q.ratios.length && q.comparison) throw new CompileError('a ratio cannot be compared between periods: ask for it in each period');
  for (const s of q.subset_metrics)
    if (!ix.measures.has(s.metric) && !ix.metrics.has(s.metric))
      throw unknown('metric', s.metric, [...ix.measures.keys(), ...ix.metrics.keys()]);
  for (const m of needed)
    if (!ix.measures.has(m) && !ix.metrics.has(m)) throw unknown('metric', m, [...ix.measures.keys(), ...ix.metrics.keys()]);
  const baseMeasures = new Map<string, Measure>();
  const collect = (name: string, seen: Set<string>) => {
    const ms = ix.measures.get(name);
    if (ms) return void baseMeasures.set(name, ms);
    if (seen.has(name)) throw new CompileError(`metric '${name}' is defined by itself`);
    seen.add(name);
    const e = ix.exprs.get(name);
    if (!e) throw unknown('metric', name, []);
    walkRefs(e, (r) => collect(r, seen));
    seen.delete(name);
  };
  for (const m of needed) collect(m, new Set());
  /** The measures a metric is computed from. */
  const basesOf = (name: string): Measure[] => basesOfCondition(ix, name);

  // --- time range dimension
  const tr = q.time_range;
  if (tr) {
    literalFor(d, 'date', tr.start, 'time range start');
    literalFor(d, 'date', tr.end, 'time range end');
    if (tr.dimension && !ix.timeDims.has(tr.dimension)) throw unknown('time dimension', tr.dimension, [...ix.timeDims.keys()]);
  }
  const prev = q.comparison?.previous;
  if (q.comparison) {
    if (!tr) throw new CompileError('a comparison of periods needs the current period (time_range)');
    if (!prev) throw new CompileError('a comparison of periods needs the previous period (comparison.previous)');
    literalFor(d, 'date', prev.start, 'previous period start');
    literalFor(d, 'date', prev.end, 'previous period end');
    if (q.group_by.some((g) => ix.timeDims.has(g.dimension)))
      throw new CompileError('a comparison of periods cannot also be broken down by time');
  }
  const graph = joinGraph(model);
  const groupedTime = groups.filter((g) => g.kind === 'time').map((g) => g.ref);

  // Which time dimension dates a measure: the range's, else a grouped one the measure allows,
  // else its own, else the model default.
  const dating = (m: Measure): string | null => {
    if (!m.time_bound) return null;
    if (tr?.dimension) return tr.dimension;
    const allowed = [m.time_dimension, ...m.alternate_time_dimensions].filter((x): x is string => !!x);
    const grouped = groupedTime.find((t) => allowed.includes(t));
    return grouped ?? m.time_dimension ?? model.defaults.time_dimension ?? null;
  };

  // --- dimension filters -> conditions (values resolved through value synonyms/groups);
  // entity conditions keep the members of an entity whose own aggregated metric qualifies
  const roleOf = (f: DimensionFilterInput) => q.filter_roles.find((r) => r.dimension === f.dimension)?.role;
  const conditions: Condition[] = q.filters.map((f) => filterCondition(ix, d, f, roleOf(f)));
  for (const g of q.any_of) conditions.push(anyOfCondition(ix, d, g.filters));
  for (const f of q.aggregate_filters) conditions.push(aggregateComparison(ix, d, f));
  for (const sp of q.same_periods) conditions.push(samePeriodCondition(model, ix, d, sp));
  for (const c of q.entity_conditions) conditions.push(entityCondition(model, ix, d, c, basesOf(c.metric)));

  // --- constructed columns computed as measures: members per entity (for per-entity averages) and distinct counts
  const pkOf = (entity: string, what: string): string => {
    const e = ix.entities.get(entity);
    if (!e) throw unknown('entity', entity, [...ix.entities.keys()]);
    const pk = Array.isArray(e.primary_key) ? e.primary_key : [e.primary_key];
    if (pk.length !== 1) throw new CompileError(`${what}: '${entity}' has a composite key, so its members cannot be counted`);
    return pk[0]!;
  };
  const memberSql = (from: string, entity: string, pk: string) => (from === entity ? `\${TABLE}.${pk}` : `\${${entity}}.${pk}`);
  const synthetic: { column: string; measure: string }[] = [];
  for (const p of q.per_entity_averages) {
    const first = basesOf(p.metric)[0]!;
    if (first.entity !== p.entity && !graph.path(first.entity, p.entity))
      throw new CompileError(`'${p.metric}' cannot be averaged per '${p.entity}': its rows do not belong to one ${p.entity}`);
    const name = `${p.name}__members`;
    // per row of the metric's own entity ("quantity per line item"): the rows themselves are the members
    const own = first.entity === p.entity;
    baseMeasures.set(
      name,
      own
        ? { ...first, name, agg: 'count', sql: undefined, filter: first.filter, format: { kind: 'integer' } }
        : {
            ...first,
            name,
            agg: 'count_distinct',
            sql: memberSql(first.entity, p.entity, pkOf(p.entity, `'${p.name}'`)),
            filter: first.filter,
            format: { kind: 'integer' },
          },
    );
    synthetic.push({ column: p.name, measure: name });
  }
  for (const dc of q.distinct_counts) {
    if (!ix.entities.has(dc.entity)) throw unknown('entity', dc.entity, [...ix.entities.keys()]);
    const dim = dc.dimension ? ix.dims.get(dc.dimension) : undefined;
    if (dc.dimension && (!dim || dim.entity !== dc.entity))
      throw unknown(
        'dimension',
        dc.dimension,
        [...ix.dims.values()].filter((x) => x.entity === dc.entity).map((x) => x.name),
      );
    // (the values of a dimension: its own expression, on the entity's table wherever the rows are counted)
    const counted = dim
      ? (through0: string) => (through0 === dc.entity ? dim.sql : dim.sql.replaceAll('${TABLE}', `\${${dc.entity}}`))
      : (through0: string) => memberSql(through0, dc.entity, pkOf(dc.entity, `'${dc.name}'`));
    const defaultTd = tr?.dimension ?? model.defaults.time_dimension;
    const tdEntity = tr && defaultTd ? ix.timeDims.get(defaultTd)?.entity : undefined;
    const through =
      dc.through ??
      findRoot(
        model,
        [dc.entity, ...conditions.map((c) => c.entity), ...groups.map((g) => g.entity), ...(tdEntity ? [tdEntity] : [])],
        undefined,
      );
    if (!through || !ix.entities.has(through))
      throw new CompileError(`no entity relates '${dc.entity}' to the query's filters and period, so its members cannot be counted`);
    if (through !== dc.entity && !graph.path(through, dc.entity))
      throw new CompileError(`'${dc.entity}' cannot be counted through '${through}'`);
    const dated = !!tdEntity && (through === tdEntity || !!graph.path(through, tdEntity));
    const name = `${dc.name}__distinct`;
    baseMeasures.set(name, {
      name,
      entity: through,
      agg: 'count_distinct',
      sql: counted(through),
      description: '',
      synonyms: [],
      format: { kind: 'integer' },
      time_bound: dated,
      ...(dated ? { time_dimension: defaultTd } : {}),
      alternate_time_dimensions: [],
    });
    synthetic.push({ column: dc.name, measure: name });
  }

  // periods with rows: the distinct time buckets of the dating time dimension among the metric's rows
  for (const pc of q.period_counts) {
    const base = ix.measures.get(pc.metric);
    if (!base) {
      if (ix.metrics.has(pc.metric))
        throw new CompileError(
          `'${pc.name}': '${pc.metric}' is computed from other metrics, so it has no rows whose ${pc.grain}s could be counted`,
        );
      throw unknown('metric', pc.metric, [...ix.measures.keys(), ...ix.metrics.keys()]);
    }
    const tdName = pc.dimension ?? dating(base);
    if (!tdName) throw new CompileError(`'${pc.metric}' is not dated, so its ${pc.grain}s cannot be counted`);
    const td = ix.timeDims.get(tdName);
    if (!td) throw unknown('time dimension', tdName, [...ix.timeDims.keys()]);
    if (!td.grains.includes(pc.grain))
      throw new CompileError(`'${td.name}' has no ${pc.grain}s to count (its grains: ${td.grains.join(', ')})`);
    if (td.entity !== base.entity && !graph.path(base.entity, td.entity))
      throw new CompileError(`'${pc.metric}' cannot be dated by '${td.name}'`);
    const col = td.entity === base.entity ? td.sql : td.sql.replace(/\$\{TABLE\}/g, `\${${td.entity}}`);
    const name = `${pc.name}__periods`;
    baseMeasures.set(name, {
      ...base,
      name,
      agg: 'count_distinct',
      sql: d.timeBucket(col, pc.grain),
      format: { kind: 'integer' },
      time_bound: true,
      time_dimension: td.name,
      alternate_time_dimensions: [],
    });
    synthetic.push({ column: pc.name, measure: name });
  }

  // durations: per row the time from one time dimension to another of the same entity, aggregated
  for (const du of q.durations) {
    const [from, to] = [du.from, du.to].map((n) => {
      const td = ix.timeDims.get(n);
      if (!td) throw unknown('time dimension', n, [...ix.timeDims.keys()]);
      return td;
    }) as [TimeDimension, TimeDimension];
    // the rows are those of the entity that has both dates: its own, or one the other's rows belong to (to-one)
    const rows =
      from.entity === to.entity || graph.path(from.entity, to.entity)
        ? from.entity
        : graph.path(to.entity, from.entity)
          ? to.entity
          : undefined;
    if (!rows)
      throw new CompileError(`'${du.name}': '${from.name}' dates ${from.entity} and '${to.name}' dates ${to.entity}, so no row has both`);
    const onRows = (td: TimeDimension) => (td.entity === rows ? td.sql : td.sql.replace(/\$\{TABLE\}/g, `\${${td.entity}}`));
    const per = spanSql(d, du.unit, onRows(from), onRows(to));
    const name = `${du.name}__duration`;
    baseMeasures.set(name, {
      name,
      entity: rows,
      agg: du.agg,
      sql: per,
      description: '',
      synonyms: [],
      format: { kind: 'number' },
      time_bound: true,
      time_dimension: from.name,
      alternate_time_dimensions: [to.name],
    });
    synthetic.push({ column: du.name, measure: name });
  }

  // column aggregates: one value per row (a number dimension or a row attribute), aggregated anew
  for (const ca of q.column_aggregates) {
    // (a date's earliest or latest: its lowest or highest value)
    const date = ca.agg === 'min' || ca.agg === 'max' ? ix.timeDims.get(ca.of) : undefined;
    const col = ix.dims.get(ca.of) ?? ix.rowAttrs.get(ca.of) ?? (date ? { ...date, type: 'number' as const } : undefined);
    if (!col || col.type !== 'number')
      throw unknown('number dimension, date (lowest or highest) or row attribute', ca.of, [
        ...[...ix.dims.values()].filter((x) => x.type === 'number').map((x) => x.name),
        ...ix.rowAttrs.keys(),
      ]);
    if (outNames.has(ca.name) || q.column_aggregates.filter((x) => x.name === ca.name).length > 1)
      throw new CompileError(`'${ca.name}' names two columns of the answer`);
    const per = ca.per ? (ix.dims.get(ca.per) ?? ix.rowAttrs.get(ca.per)) : undefined;
    if (ca.per && (!per || per.type !== 'number' || per.entity !== col.entity))
      throw new CompileError(`'${ca.name}': per '${ca.per}' is no number column of ${col.entity}`);
    // dated like the entity's own rows (its plain count), so a period applies to them
    const rows = model.measures.find((m) => m.entity === col.entity && m.agg === 'count' && !m.filter);
    const name = `${ca.name}__column`;
    baseMeasures.set(name, {
      name,
      entity: col.entity,
      agg: ca.agg,
      sql: per ? d.divide(col.sql!, per.sql!) : col.sql,
      description: '',
      synonyms: [],
      format: { kind: 'number' },
      time_bound: !!rows?.time_bound,
      ...(rows?.time_dimension ? { time_dimension: rows.time_dimension } : {}),
      alternate_time_dimensions: rows?.alternate_time_dimensions ?? [],
    });
    synthetic.push({ column: ca.name, measure: name });
  }

  // --- measure groups
  const measureGroups: MeasureGroup[] = [];
  const datingOut: Record<string, string | null> = {};
  for (const m of baseMeasures.values()) {
    const dt = dating(m);
    datingOut[m.name] = dt;
    if (!m.time_bound && groupedTime.length)
      throw new CompileError(`'${m.name}' is not dated, so it cannot be broken down by ${groupedTime.join(', ')}`);
    let g = measureGroups.find((x) => x.entity === m.entity && x.dating === dt && x.variant === '');
    if (!g) measureGroups.push((g = { entity: m.entity, dating: dt, measures: [], variant: '', extra: [] }));
    g.measures.push(m);
  }
  // --- variants: subsets of rows and the previous period, computed by measures renamed with a suffix
  const variants: Variant[] = q.subset_metrics.map((s, i) => ({
    suffix: `__s${i}`,
    extra: s.filters.map((f) => filterCondition(ix, d, f)),
    measures: basesOf(s.metric),
  }));
  // a side of a ratio over a subset: the same, once per side (`__r<i>n`, `__r<i>d`)
  q.ratios.forEach((r, i) => {
    for (const [side, tag] of [
      ['numerator', 'n'],
      ['denominator', 'd'],
    ] as const) {
      const x = r[side];
      if (!x.filters.length && !x.conditions.length) continue;
      const extra = [
        ...x.filters.map((f) => filterCondition(ix, d, f)),
        ...x.conditions.map((c) => entityCondition(model, ix, d, c, basesOf(c.metric))),
      ];
      variants.push({ suffix: `__r${i}${tag}`, extra, measures: basesOf(x.metric) });
    }
  });
  if (q.comparison && prev)
    variants.push({ suffix: '__prev', extra: [], range: prev, measures: [...baseMeasures.values()].filter((m) => !m.name.includes('__')) });
  for (const v of variants) {
    for (const base of v.measures) {
      const m = { ...base, name: `${base.name}${v.suffix}` };
      const dt = dating(base);
      datingOut[m.name] = dt;
      let g = measureGroups.find((x) => x.entity === m.entity && x.dating === dt && x.variant === v.suffix);
      if (!g)
        measureGroups.push(
          (g = { entity: m.entity, dating: dt, measures: [], variant: v.suffix, extra: v.extra, ...(v.range ? { range: v.range } : {}) }),
        );
      if (!g.measures.some((x) => x.name === m.name)) g.measures.push(m);
    }
  }
  for (const name of needed) if (!(name in datingOut)) datingOut[name] = derivedDating(ix, name, datingOut);

  const ctes: string[] = [];
  const dimCols = groups.map((_, i) => `d${i}`);

  const timeCondition = (dim: string, range: { start: string; end: string } = tr!): Condition => {
    const td = ix.timeDims.get(dim)!;
    return {
      entity: td.entity,
      build: (plan, key) => {
        const x = plan.render(key, td.sql);
        return `${x} >= ${d.date(range.start)} AND ${x} < ${d.date(range.end)}${weekdays(d, x, tr, td)}`;
      },
    };
  };

  // the aggregated rows are `base`, or `counted` when the members with no rows join them (below)
  const baseCte = memberEntity ? 'counted' : 'base';
  if (memberEntity && measureGroups.length === 0)
    throw new CompileError('members with no rows are listed only next to a metric (a list of members shows only those with rows)');

  if (measureGroups.length === 0) {
    // Only dimensions: their distinct combinations.
    const conds = [...conditions];
    if (tr) {
      const dim = tr.dimension ?? model.defaults.time_dimension;
      if (dim) conds.push(timeCondition(dim));
    }
    const targets = [...groups.map((g) => g.entity), ...conds.map((c) => c.entity)];
    // (a condition held to a role is read through its linking table, never along whichever path reaches the table)
    let root = conds.some((c) => c.role) ? undefined : findRoot(model, targets, undefined);
    if (!root) {
      // "the papers of Ada with keyword K": each condition the breakdown's rows do not reach is a condition on them
      const own = groups.length
        ? findRoot(
            model,
            groups.map((g) => g.entity),
            undefined,
          )
        : undefined;
      const kept = own ? semiJoined(model, ix, d, own, conds, true) : undefined;
      if (!own) throw new CompileError(`${describe(groups.map((g) => g.ref))} cannot be combined: no entity relates them`);
      // (the columns are one thing's: what it cannot reach is a condition with no one table linking them)
      if (!kept)
        throw new CompileError(
          `${describe(groups.map((g) => g.ref))} cannot be filtered by ` +
            `${describe(conds.filter((c) => !graph.path(own, c.entity)).map((c) => `a filter on ${c.entity}`))}: no one linking table relates them`,
        );
      root = own;
      conds.splice(0, conds.length, ...kept);
    }
    const plan = new JoinPlan(model, ix, d, root);
    const sel = groups.map((g, i) => `${groupExpr(plan, g, d)} AS ${dimCols[i]}`);
    const where = conds.map((c) => c.build(plan, plan.reach(root, c.entity)));
    ctes.push(
      `base AS (\n  SELECT DISTINCT ${sel.join(', ')}\n  FROM ${plan.rootFrom()}${plan
        .joins()
        .map((j) => '\n  ' + j)
        .join('')}` +
        (where.length ? `\n  WHERE ${where.join(' AND ')}` : '') +
        '\n)',
    );
  } else {
    measureGroups.forEach((mg, gi) => {
      const conds = [...conditions, ...mg.extra];
      const range = mg.range ?? tr;
      if (range && mg.dating) {
        if (!graph.path(mg.entity, ix.timeDims.get(mg.dating)!.entity) && !findRoot(model, [ix.timeDims.get(mg.dating)!.entity], mg.entity))
          throw new CompileError(`${describe(mg.measures.map((m) => m.name))} cannot be dated by '${mg.dating}'`);
        conds.push(timeCondition(mg.dating, range));
      }
      ctes.push(`g${gi} AS (\n${groupSql(model, ix, d, mg, groups, conds)}\n)`);
    });
    if (measureGroups.length === 1) {
      ctes.push(`${baseCte} AS (SELECT * FROM g0)`);
    } else if (groups.length === 0) {
      const cols = measureGroups.flatMap((mg, gi) => mg.measures.map((m) => measureOut(d, m, `g${gi}`, true)));
      ctes.push(`${baseCte} AS (\n  SELECT ${cols.join(', ')}\n  FROM ${measureGroups.map((_, gi) => `g${gi}`).join(' CROSS JOIN ')}\n)`);
    } else {
      ctes.push(`group_keys AS (\n  ${measureGroups.map((_, gi) => `SELECT ${dimCols.join(', ')} FROM g${gi}`).join('\n  UNION\n  ')}\n)`);
      const cols = [
        ...dimCols.map((c) => `group_keys.${c}`),
        ...measureGroups.flatMap((mg, gi) => mg.measures.map((m) => measureOut(d, m, `g${gi}`, true))),
      ];
      const joins = measureGroups.map(
        (_, gi) => `LEFT JOIN g${gi} ON ${dimCols.map((c) => d.nullSafeEquals(`group_keys.${c}`, `g${gi}.${c}`)).join(' AND ')}`,
      );
      ctes.push(`${baseCte} AS (\n  SELECT ${cols.join(', ')}\n  FROM group_keys\n  ${joins.join('\n  ')}\n)`);
    }
    if (memberEntity)
      ctes.push(
        ...emptyMembersSql(
          model,
          ix,
          d,
          memberEntity,
          groups,
          measureGroups,
          conditions,
          tr ? (dim) => timeCondition(dim) : undefined,
          tr?.dimension,
        ),
      );
  }

  // --- result: output names, derived metrics
  const metricSql = (name: string): string => {
    if (baseMeasures.has(name)) return `base.${d.ident(name)}`;
    return renderExpr(ix.exprs.get(name)!, d, (r) => (baseMeasures.has(r) ? `base.${d.ident(r)}` : `(${metricSql(r)})`));
  };
  /** A metric over a variant's renamed measures (a subset, the previous period). */
  const variantSql = (name: string, suffix: string): string => {
    if (ix.measures.has(name)) return `base.${d.ident(name + suffix)}`;
    return renderExpr(ix.exprs.get(name)!, d, (r) => `(${variantSql(r, suffix)})`);
  };
  const label = (name: string) => (ix.measures.get(name) ?? ix.metrics.get(name))?.label ?? name.replace(/_/g, ' ');
  const formatOf = (name: string): Format => (ix.measures.get(name) ?? ix.metrics.get(name))?.format ?? { kind: 'number' };
  /** Constructed output columns: SQL over `base`, and how the answer shows them. */
  const extraCols: { column: CompiledColumn; sql: string }[] = [];
  for (const s of synthetic.filter((x) => q.distinct_counts.some((dc) => dc.name === x.column))) {
    const dc = q.distinct_counts.find((x) => x.name === s.column)!;
    extraCols.push({
      column: { name: dc.name, kind: 'metric', ref: dc.name, label: dc.label ?? `Number of ${dc.entity}`, format: { kind: 'integer' } },
      sql: `base.${d.ident(s.measure)}`,
    });
  }
  for (const pc of q.period_counts) {
    const measure = synthetic.find((x) => x.column === pc.name)!.measure;
    extraCols.push({
      column: {
        name: pc.name,
        kind: 'metric',
        ref: pc.name,
        label: pc.label ?? `Number of ${pc.grain}s with ${label(pc.metric).toLowerCase()}`,
        format: { kind: 'integer' },
      },
      sql: `base.${d.ident(measure)}`,
    });
  }
  for (const du of q.durations) {
    const measure = synthetic.find((x) => x.column === du.name)!.measure;
    const whole = du.agg !== 'avg' && (du.unit === 'day' || du.unit === 'second');
    const aggWord = { avg: 'Average', min: 'Shortest', max: 'Longest', sum: 'Total' }[du.agg];
    const tdLabel = (n: string) => (ix.timeDims.get(n)!.label ?? n.replace(/_/g, ' ')).toLowerCase();
    extraCols.push({
      column: {
        name: du.name,
        kind: 'metric',
        ref: du.name,
        label: du.label ?? `${aggWord} ${du.unit}s from ${tdLabel(du.from)} to ${tdLabel(du.to)}`,
        format: whole ? { kind: 'integer' } : { kind: 'number', decimals: 2 },
      },
      sql: `base.${d.ident(measure)}`,
    });
  }
  for (const ca of q.column_aggregates) {
    const measure = synthetic.find((x) => x.column === ca.name)!.measure;
    const date = !ix.dims.has(ca.of) && !ix.rowAttrs.has(ca.of);
    const col = (ix.dims.get(ca.of) ?? ix.rowAttrs.get(ca.of) ?? ix.timeDims.get(ca.of))!;
    const source = ix.measures.get(ca.of)?.format;
    const aggWord = { avg: 'Average', min: 'Lowest', max: 'Highest', sum: 'Total' }[ca.agg];
    extraCols.push({
      column: {
        name: ca.name,
        kind: 'metric',
        ref: ca.name,
        label: ca.label ?? `${aggWord} ${(col.label ?? col.name.replace(/_/g, ' ')).toLowerCase()}`,
        ...(date
          ? {}
          : {
              format:
                ca.agg === 'avg'
                  ? { kind: 'number' as const, decimals: 2, ...(source && source.kind !== 'integer' ? source : {}) }
                  : (source ?? { kind: 'number' as const }),
            }),
      },
      sql: `base.${d.ident(measure)}`,
    });
  }
  for (const p of q.per_entity_averages) {
    const members = synthetic.find((x) => x.column === p.name)!.measure;
    const f = formatOf(p.metric);
    const format: Format = f.kind === 'integer' ? { kind: 'number', decimals: 2 } : f;
    extraCols.push({
      column: { name: p.name, kind: 'metric', ref: p.name, label: p.label ?? `${label(p.metric)} per ${p.entity}`, format },
      sql: d.divide(metricSql(p.metric), `base.${d.ident(members)}`),
    });
  }
  q.subset_metrics.forEach((s, i) => {
    const part = variantSql(s.metric, `__s${i}`);
    const what = s.label ?? s.filters.map((f) => (isPresenceOp(f.op) ? filterValueWords(f) : (f.values ?? []).join('/'))).join(', ');
    extraCols.push(
      s.as === 'share'
        ? {
            column: {
              name: s.name,
              kind: 'metric',
              ref: s.name,
              label: `Share of ${label(s.metric).toLowerCase()}: ${what}`,
              format: { kind: 'percent', decimals: 1 },
            },
            sql: d.divide(part, metricSql(s.metric)),
          }
        : {
            column: { name: s.name, kind: 'metric', ref: s.name, label: `${label(s.metric)}: ${what}`, format: formatOf(s.metric) },
            sql: part,
          },
    );
  });
  q.ratios.forEach((r, i) => {
    const sideSql = (side: 'numerator' | 'denominator', tag: string) => {
      const x = r[side];
      return x.filters.length || x.conditions.length ? variantSql(x.metric, `__r${i}${tag}`) : metricSql(x.metric);
    };
    // a sum or a count with no rows in a group is 0 there (the ratio is then 0, not unknown)
    const num = ix.measures.get(r.numerator.metric);
    const additive = !!num && (num.agg === 'sum' || num.agg === 'count' || num.agg === 'count_distinct');
    const top = additive ? `COALESCE(${sideSql('numerator', 'n')}, 0)` : sideSql('numerator', 'n');
    const sideLabel = (x: (typeof r)['numerator']) =>
      x.label ??
      `${label(x.metric).toLowerCase()}${x.filters.length || x.conditions.length ? ` (${[...x.filters.map(filterValueWords), ...x.conditions.map((c) => `${label(c.metric).toLowerCase()} ${FILTER_OPS[c.op]} ${c.value}`)].join(', ')})` : ''}`;
    extraCols.push({
      column: {
        name: r.name,
        kind: 'metric',
        ref: r.name,
        label: r.label ?? `Ratio of ${sideLabel(r.numerator)} to ${sideLabel(r.denominator)}`,
        format: r.as === 'share' ? { kind: 'percent', decimals: 1 } : { kind: 'number', decimals: 2 },
      },
      sql: d.divide(top, sideSql('denominator', 'd')),
    });
  });
  if (q.comparison && prev) {
    const prevLabel = prev.label ?? `${prev.start} to ${prev.end}`;
    for (const m of requested) {
      if (basesOf(m).every((b) => !b.time_bound)) throw new CompileError(`'${m}' is not dated, so it cannot be compared between periods`);
      // a group with no rows in one period counts 0 for a sum or count (its change is then defined)
      const ms = ix.measures.get(m);
      const additive = !!ms && (ms.agg === 'sum' || ms.agg === 'count' || ms.agg === 'count_distinct');
      const cur = additive ? `COALESCE(${metricSql(m)}, 0)` : metricSql(m);
      const before = additive ? `COALESCE(${variantSql(m, '__prev')}, 0)` : variantSql(m, '__prev');
      extraCols.push(
        {
          column: { name: `${m}_previous`, kind: 'metric', ref: `${m}_previous`, label: `${label(m)} (${prevLabel})`, format: formatOf(m) },
          sql: before,
        },
        {
          column: {
            name: `${m}_change`,
            kind: 'metric',
            ref: `${m}_change`,
            label: `Change in ${label(m).toLowerCase()}`,
            format: formatOf(m),
          },
          sql: `(${cur}) - (${before})`,
        },
        // divided by |previous|: a negative previous (a loss) does not flip the sign of the change
        {
          column: {
            name: `${m}_change_pct`,
            kind: 'metric',
            ref: `${m}_change_pct`,
            label: `Change in ${label(m).toLowerCase()} (%)`,
            format: { kind: 'percent', decimals: 1 },
          },
          sql: d.divide(`(${cur}) - (${before})`, `ABS(${before})`),
        },
      );
    }
  }
  const resultCols = [
    ...groups.map((g, i) => `base.${dimCols[i]} AS ${d.ident(g.name)}`),
    ...needed.map((m) => `${metricSql(m)} AS ${d.ident(m)}`),
    ...extraCols.map((c) => `${c.sql} AS ${d.ident(c.column.name)}`),
  ];
  ctes.push(`result AS (\n  SELECT ${resultCols.join(',\n    ')}\n  FROM base\n)`);

  // --- output columns
  const columns: CompiledColumn[] = groups.map((g) => ({
    name: g.name,
    kind: g.kind,
    ref: g.ref,
    ...(g.label ? { label: g.label } : {}),
    ...(g.grain ? { grain: g.grain } : {}),
  }));
  const metricCol = (name: string): CompiledColumn => {
    const def = ix.measures.get(name) ?? ix.metrics.get(name)!;
    return { name, kind: 'metric', ref: name, format: def.format, ...(def.label ? { label: def.label } : {}) };
  };
  for (const m of requested) columns.push(metricCol(m));
  for (const c of extraCols) {
    if (columns.some((x) => x.name === c.column.name) || needed.includes(c.column.name))
      throw new CompileError(`'${c.column.name}' clashes with another column`);
    columns.push(c.column);
  }
  for (const m of unique(q.share_of_total)) {
    if (!requested.includes(m)) columns.push(metricCol(m));
    const name = `${m}_share`;
    if (columns.some((c) => c.name === name)) throw new CompileError(`'${name}' clashes with another column`);
    columns.push({ name, kind: 'share', ref: m, format: { kind: 'percent', decimals: 1 } });
  }
  for (const m of q.running_totals) {
    const agg = ix.measures.get(m)?.agg;
    if (agg !== 'sum' && agg !== 'count')
      throw new CompileError(`running_totals: '${m}' does not add up over periods (a running total needs a sum or a count)`);
  }
  const running = runningTotalColumns(q.running_totals, groups, metricCol);
  // (a running total of a metric not asked for itself is shown alone: "cumulative cost by day")
  for (const c of running.columns) {
    if (columns.some((x) => x.name === c.name)) throw new CompileError(`'${c.name}' clashes with another column`);
    columns.push(c);
  }
  const outCols = new Set(columns.map((c) => c.name));

  // --- final select. Shares and running totals are windows over all groups, so they are computed
  // before metric filters and the limit cut rows.
  let src = 'result';
  const shares = columns.filter((c) => c.kind === 'share');
  const windows = [
    ...shares.map((c) => `${d.divide(`result.${d.ident(c.ref)}`, `SUM(result.${d.ident(c.ref)}) OVER ()`)} AS ${d.ident(c.name)}`),
    ...running.columns.map((c) => `${running.window(d, c.ref)} AS ${d.ident(c.name)}`),
  ];
  if (windows.length) {
    ctes.push(`shared AS (\n  SELECT result.*, ${windows.join(', ')}\n  FROM result\n)`);
    src = 'shared';
  }
  const ops = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '=', ne: '<>' } as const;
  const having = q.metric_filters.map((f) => {
    if (!(f.op in ops)) throw new CompileError(`unknown comparison '${f.op}'`);
    return `${src}.${d.ident(f.metric)} ${ops[f.op]} ${lit(d, f.value)}`;
  });

  const orderItems: string[] = [];
  const orderCol = (by: string): string => {
    if (outCols.has(by) || needed.includes(by)) return by;
    const g = groups.find((x) => x.ref === by);
    if (g) return g.name;
    throw new CompileError(`cannot order by '${by}': it is neither a grouped dimension nor a metric of the query`);
  };
  const ordered = new Set<string>();
  for (const o of q.order) {
    const c = orderCol(o.by);
    const dir = (o.direction ?? 'desc') === 'asc' ? 'ASC' : 'DESC';
    if (o.expr === 'length') {
      // (the text itself still breaks ties among equal lengths: it is not marked ordered)
      const g = groups.find((x) => x.name === c);
      if (!g || g.kind !== 'dimension' || ix.dims.get(g.ref)?.type !== 'string')
        throw new CompileError(`cannot order by the length of '${o.by}': it is not a text dimension of the breakdown`);
      orderItems.push(d.orderItem(d.textLength(`${src}.${d.ident(c)}`), dir));
      continue;
    }
    if (ordered.has(c)) continue;
    ordered.add(c);
    orderItems.push(d.orderItem(`${src}.${d.ident(c)}`, dir));
  }
  // (a cut that keeps ties ranks on the order's own columns, before group keys break ties)
  const rankItems = [...orderItems];
  // a ranking within breakdowns ("the lowest day in each month") lists each one's rows together
  const within = q.rank_within.map((w, i) => {
    const g = groups.find((x) => x.ref === w.dimension && (x.grain ?? undefined) === (w.grain ?? undefined));
    if (!g)
      throw new CompileError(
        `rank_within[${i}]: '${w.dimension}${w.grain ? ` (${w.grain})` : ''}' is not a breakdown of the query (group_by)`,
      );
    return g;
  });
  if (within.length && q.limit === undefined) throw new CompileError('rank_within needs a limit (how many rows of each)');
  orderItems.unshift(...within.map((g) => d.orderItem(`${src}.${d.ident(g.name)}`, 'ASC')));
  for (const g of within) ordered.add(g.name);
  // A limit without an order ranks by the first metric; group keys break ties so results are stable.
  if (q.order.length === 0 && q.limit !== undefined && requested.length && groups.length) {
    orderItems.push(d.orderItem(`${src}.${d.ident(requested[0]!)}`, 'DESC'));
  }
  for (const g of groups) if (!ordered.has(g.name)) orderItems.push(d.orderItem(`${src}.${d.ident(g.name)}`, 'ASC'));

  // maxRows is a fetch cap: one row more is asked for, so the warehouse can tell a cut result
  // (truncated) from one that has exactly maxRows rows.
  let limit = q.limit;
  if (options.maxRows !== undefined && (limit === undefined || limit > options.maxRows)) limit = options.maxRows + 1;

  // Ties kept: RANK() over the order, and every row ranked within offset + limit (the CTE is read
  // back under the name the select list uses).
  const tied = (q.with_ties || within.length > 0) && q.limit !== undefined && rankItems.length > 0;
  let where = having;
  if (tied) {
    const partition = within.length ? `PARTITION BY ${within.map((g) => `${src}.${d.ident(g.name)}`).join(', ')} ` : '';
    // without ties kept, a ranking within breakdowns numbers the rows (group keys break ties)
    const rank = q.with_ties ? 'RANK()' : 'ROW_NUMBER()';
    const tieBreak = q.with_ties
      ? []
      : groups.filter((g) => !within.includes(g)).map((g) => d.orderItem(`${src}.${d.ident(g.name)}`, 'ASC'));
    ctes.push(
      `tied AS (\n  SELECT ${src}.*, ${rank} OVER (${partition}ORDER BY ${[...rankItems, ...tieBreak].join(', ')}) AS tie_rank\n  FROM ${src}${having.length ? `\n  WHERE ${having.join(' AND ')}` : ''}\n)`,
    );
    const from = q.offset ?? 0;
    where = [`${src}.tie_rank > ${from}`, `${src}.tie_rank <= ${from + q.limit!}`];
  }
  let sql =
    `WITH ${ctes.join(',\n')}\nSELECT ${columns.map((c) => `${src}.${d.ident(c.name)}`).join(', ')}\nFROM ${tied ? `tied AS ${src}` : src}\n` +
    (where.length ? `WHERE ${where.join(' AND ')}\n` : '');
  if (orderItems.length && !(options.unordered && limit === undefined)) sql += `ORDER BY ${orderItems.join(', ')}\n`;
  sql += tied ? d.limitOffset(options.maxRows === undefined ? undefined : options.maxRows + 1, undefined) : d.limitOffset(limit, q.offset);
  return { sql: sql.trimEnd(), columns, dating: datingOut };
}

// ---------------------------------------------------------------------------------------------

/**
 * Members with no rows (`include_empty_members`): `members` lists the breakdown's values over the
 * member entity E's own table, kept by the conditions that lie on E or on what E reaches (a filter
 * on the member, its period, an entity condition on it); `base` is every member, or every key of
 * the aggregated rows (`counted`: a NULL key, a member the member conditions do not reach), left
 * joined to those rows: counts and sums 0 where a member has none, other aggregates NULL. The
 * conditions on the rows counted stay inside `counted` (its groups' WHERE), never removing a member.
 */
function emptyMembersSql(
  model: SemanticModel,
  ix: ModelIndex,
  d: SqlDialect,
  E: string,
  groups: GroupCol[],
  measureGroups: MeasureGroup[],
  conditions: Condition[],
  period: ((dim: string) => Condition) | undefined,
  periodDim: string | undefined,
): string[] {
  const graph = joinGraph(model);
  const onMember = (entity: string) => !!graph.path(E, entity);
  const own = conditions.filter((c) => onMember(c.entity));
  // the period dates a member when its time dimension is the member's (or reached from it):
  // "the order with the fewest line items in 1997" ranks the orders of 1997 only
  if (period) {
    const dated = unique(periodDim ? [periodDim] : measureGroups.filter((mg) => mg.variant === '' && mg.dating).map((mg) => mg.dating!));
    for (const t of dated) if (onMember(ix.timeDims.get(t)!.entity)) own.push(period(t));
  }
  // a member's condition must mean the same for the rows counted: their path to it passes through E
  const via = (hops: Hop[]) => hops.map((h) => `${h.from}>${h.to}:${h.on.flat().join(',')}`).join('|');
  for (const c of own)
    for (const mg of measureGroups) {
      const direct = graph.path(mg.entity, c.entity);
      if (!direct || mg.entity === E) continue;
      const toMember = graph.path(mg.entity, E);
      if (!toMember || via(direct) !== via([...toMember, ...graph.path(E, c.entity)!]))
        throw new CompileError(
          `members with no rows cannot be listed: a condition on '${c.entity}' is reached from '${mg.entity}' other than through its '${E}'`,
        );
    }
  const plan = new JoinPlan(model, ix, d, E);
  const cols = groups.map((_, i) => `d${i}`);
  const exprs = groups.map((g) => renderGroup(plan, E, g, d));
  const where = [`(${exprs.map((x) => `${x} IS NOT NULL`).join(' OR ')})`, ...own.map((c) => c.build(plan, plan.reach(E, c.entity)))];
  const members =
    `members AS (\n  SELECT DISTINCT ${exprs.map((x, i) => `${x} AS ${cols[i]}`).join(', ')}\n  FROM ${plan.rootFrom()}` +
    plan
      .joins()
      .map((j) => '\n  ' + j)
      .join('') +
    `\n  WHERE ${where.join(' AND ')}\n)`;
  const measures = measureGroups.flatMap((mg) => mg.measures);
  const value = (m: Measure) => {
    const col = `counted.${d.ident(m.name)}`;
    const additive = m.agg === 'count' || m.agg === 'count_distinct' || m.agg === 'sum';
    return `${additive ? `COALESCE(${col}, 0)` : col} AS ${d.ident(m.name)}`;
  };
  const keys = `SELECT ${cols.join(', ')} FROM members UNION SELECT ${cols.join(', ')} FROM counted`;
  const base =
    `base AS (\n  SELECT ${[...cols.map((c) => `member_keys.${c}`), ...measures.map(value)].join(', ')}\n` +
    `  FROM (${keys}) AS member_keys\n` +
    `  LEFT JOIN counted ON ${cols.map((c) => d.nullSafeEquals(`member_keys.${c}`, `counted.${c}`)).join(' AND ')}\n)`;
  return [members, base];
}

/** The SQL of one measure group: aggregated at its entity's grain, to-one joins only. */
function groupSql(model: SemanticModel, ix: ModelIndex, d: SqlDialect, mg: MeasureGroup, groups: GroupCol[], conds: Condition[]): string {
  const graph = joinGraph(model);
  const E = mg.entity;
  if (conds.some((c) => c.role)) {
    // (a condition held to a role is read through its linking table, never along whichever path reaches the table)
    const kept = semiJoined(model, ix, d, E, conds);
    if (!kept || kept.some((c) => c.role))
      throw new CompileError(
        `${describe(mg.measures.map((m) => m.name))} cannot be filtered by ${describe(conds.filter((c) => c.role).map((c) => `a filter on ${c.entity} as ${c.role}`))}`,
      );
    return groupSql(model, ix, d, mg, groups, kept);
  }
  const targets = [...groups.map((g) => g.entity), ...conds.map((c) => c.entity)];
  const direct = targets.every((t) => graph.path(E, t));
  const dimCols = groups.map((_, i) => `d${i}`);

  if (direct) {
    const plan = new JoinPlan(model, ix, d, E);
    const sel = groups.map((g, i) => `${groupExpr(plan, g, d)} AS ${dimCols[i]}`);
    const aggs = mg.measures.map((m) => `${aggregate(plan, m, d)} AS ${d.ident(m.name)}`);
    const where = conds.map((c) => c.build(plan, plan.reach(E, c.entity)));
    return (
      `  SELECT ${[...sel, ...aggs].join(', ')}\n  FROM ${plan.rootFrom()}` +
      plan
        .joins()
        .map((j) => '\n  ' + j)
        .join('') +
      (where.length ? `\n  WHERE ${where.join(' AND ')}` : '') +
      (sel.length ? `\n  GROUP BY ${dimCols.map((_, i) => i + 1).join(', ')}` : '')
    );
  }

  // Fan-out: some dimension or filter lies on the "many" side of E. Bridge through an entity F
  // that reaches E and every target; keep each (row of E, group key) once, then aggregate E.
  const F = findRoot(model, targets, E);
  // (conditions made on E's own rows, or things it reaches: a breakdown E does not reach is bridged below)
  const kept = F ? undefined : semiJoined(model, ix, d, E, conds);
  if (kept) return groupSql(model, ix, d, mg, groups, kept);
  if (!F)
    throw new CompileError(
      `${describe(mg.measures.map((m) => m.name))} cannot be broken down or filtered by ` +
        describe(unreachableNames(model, ix, E, groups, conds)),
    );
  const bridge = new JoinPlan(model, ix, d, F);
  const eKey = bridge.reach(F, E);
  const entity = ix.entities.get(E)!;
  const pk = Array.isArray(entity.primary_key) ? entity.primary_key : [entity.primary_key];
  // Targets E itself reaches are joined through E (same meaning as the direct case).
  const keyFor = (t: string) => (graph.path(E, t) ? bridge.reach(eKey, t) : bridge.reach(F, t));
  const bsel = [
    ...pk.map((c, i) => `${bridge.alias(eKey)}.${c} AS k${i}`),
    ...groups.map((g, i) => `${renderGroup(bridge, keyFor(g.entity), g, d)} AS ${dimCols[i]}`),
  ];
  const bwhere = conds.map((c) => c.build(bridge, keyFor(c.entity)));
  const bridgeSql =
    `SELECT DISTINCT ${bsel.join(', ')}\n    FROM ${bridge.rootFrom()}` +
    bridge
      .joins()
      .map((j) => '\n    ' + j)
      .join('') +
    (bwhere.length ? `\n    WHERE ${bwhere.join(' AND ')}` : '');

  const plan = new JoinPlan(model, ix, d, E);
  const aggs = mg.measures.map((m) => `${aggregate(plan, m, d)} AS ${d.ident(m.name)}`);
  const sel = dimCols.map((c) => `b.${c} AS ${c}`);
  return (
    `  SELECT ${[...sel, ...aggs].join(', ')}\n  FROM (\n    ${bridgeSql}\n  ) AS b\n` +
    `  JOIN ${plan.rootFrom()} ON ${pk.map((c, i) => `t0.${c} = b.k${i}`).join(' AND ')}` +
    plan
      .joins()
      .map((j) => '\n  ' + j)
      .join('') +
    (sel.length ? `\n  GROUP BY ${dimCols.map((_, i) => i + 1).join(', ')}` : '')
  );
}

/**
 * The conditions with each one `entity` cannot reach to-one made a condition on its own rows: those a row of one
 * table links to a row that meets it ("papers by Ada" of papers: `paperid IN (SELECT paperid FROM writes ... WHERE
 * author = 'Ada')`), each on its own ("papers by Ada with keyword K": a paper with both, by any of its rows). The
 * link may also meet a thing the rows reach to-one ("checkins of cafes": the checkin's business among those a
 * category row of 'Cafe' names). The one linking table and thing with the fewest joins is the reading; two that tie
 * (or a thing whose table the rows reach in two roles, or a key of several columns) give undefined, and so does a
 * negated condition (a member with no linked row at all would be left out).
 */
function semiJoined(
  model: SemanticModel,
  ix: ModelIndex,
  d: SqlDialect,
  entity: string,
  conds: Condition[],
  chained = false,
): Condition[] | undefined {
  const graph = joinGraph(model);
  const out: Condition[] = [];
  for (const c of conds) {
    if (graph.path(entity, c.entity) && !c.role) {
      out.push(c);
      continue;
    }
    if (c.negated) return undefined;
    let linked = linkedCondition(model, ix, d, entity, c);
    // none: in a listing, through a thing of its own linked to both ("datasets of papers with keyphrase K": a
    // dataset's papers, and their keyphrases), again the one with the fewest joins (never under a figure: two
    // totals side by side would each read it)
    if (linked === undefined && chained) {
      const chains = model.entities.flatMap((x) => {
        const first = x.name === entity ? undefined : linkedCondition(model, ix, d, x.name, c);
        const second = first && first !== 'tie' ? linkedCondition(model, ix, d, entity, first.cond) : undefined;
        return first && first !== 'tie' && second ? [{ second, cost: first.cost + (second === 'tie' ? 0 : second.cost) }] : [];
      });
      const least = Math.min(...chains.map((x) => x.cost));
      const best = chains.filter((x) => x.cost === least);
      linked = best.length === 1 ? best[0]!.second : 'tie';
    }
    if (!linked || linked === 'tie') return undefined;
    out.push(linked.cond);
  }
  return out.length === conds.length && out.some((c, i) => c !== conds[i]) ? out : undefined;
}

/** A condition on `entity`'s rows (or a thing they reach) through the one linking table with the fewest joins; 'tie' when two are as near. */
function linkedCondition(
  model: SemanticModel,
  ix: ModelIndex,
  d: SqlDialect,
  entity: string,
  c: Condition,
): { cond: Condition; cost: number } | 'tie' | undefined {
  const graph = joinGraph(model);
  const reached = [...graph.pathsFrom(entity)];
  // held to a role: the rows reach the thing as that role, the linking table as any entity of the same table and key
  const keyOf = (e: string) => JSON.stringify([ix.entities.get(e)!.table, ix.entities.get(e)!.primary_key]);
  const peers = (thing: string) =>
    !c.role ? [thing] : thing !== c.role ? [] : model.entities.filter((e) => keyOf(e.name) === keyOf(thing)).map((e) => e.name);
  const costs = reached.flatMap(([thing, toThing]) =>
    peers(thing).flatMap((peer) =>
      model.entities
        .map((b) => ({ b: b.name, thing, peer, to: graph.path(b.name, peer), via: graph.path(b.name, c.entity) }))
        .filter((x) => x.to && x.via)
        .map((x) => ({ ...x, cost: toThing.length + x.to!.length + x.via!.length })),
    ),
  );
  if (!costs.length) return undefined;
  const least = Math.min(...costs.map((x) => x.cost));
  const linking = costs.filter((x) => x.cost === least);
  if (linking.length !== 1) return 'tie';
  const { b, thing, peer } = linking[0]!;
  const own = ix.entities.get(thing)!;
  if (Array.isArray(own.primary_key) && own.primary_key.length !== 1) return 'tie';
  if (!c.role && reached.some(([other]) => other !== thing && ix.entities.get(other)!.table === own.table)) return 'tie';
  const pk = Array.isArray(own.primary_key) ? own.primary_key[0]! : own.primary_key;
  const plan = new JoinPlan(model, ix, d, b);
  const target = plan.reach(plan.root, peer);
  const where = c.build(plan, plan.reach(plan.root, c.entity));
  const sub = `SELECT ${plan.alias(target)}.${pk} FROM ${plan.rootFrom()}${plan
    .joins()
    .map((j) => ' ' + j)
    .join('')} WHERE ${where}`;
  return { cond: { entity: thing, build: (p, key) => `${p.alias(key)}.${pk} IN (${sub})` }, cost: least };
}

function unreachableNames(model: SemanticModel, ix: ModelIndex, E: string, groups: GroupCol[], conds: Condition[]): string[] {
  const graph = joinGraph(model);
  const names = groups.filter((g) => !graph.path(E, g.entity)).map((g) => g.ref);
  for (const c of conds) if (!graph.path(E, c.entity)) names.push(`a filter on ${c.entity}`);
  return names.length ? names : [...ix.entities.keys()].filter(() => false);
}

/** An entity that reaches every target (and `must`, when given) through to-one paths; shortest total first. */
function findRoot(model: SemanticModel, targets: string[], must: string | undefined): string | undefined {
  const graph = joinGraph(model);
  let best: string | undefined;
  let bestCost = Infinity;
  for (const e of model.entities) {
    const paths = graph.pathsFrom(e.name);
    const all = must ? [must, ...targets] : targets;
    if (!all.every((t) => paths.has(t))) continue;
    const cost = all.reduce((s, t) => s + paths.get(t)!.length, 0);
    if (cost < bestCost) [best, bestCost] = [e.name, cost];
  }
  return best;
}

function groupExpr(plan: JoinPlan, g: GroupCol, d: SqlDialect): string {
  return renderGroup(plan, plan.reach(plan.root, g.entity), g, d);
}

function renderGroup(plan: JoinPlan, key: string, g: GroupCol, d: SqlDialect): string {
  const x = plan.render(key, g.sql);
  return g.kind === 'time' ? d.timeBucket(x, g.grain!) : x;
}

function aggregate(plan: JoinPlan, m: Measure, _d: SqlDialect): string {
  const expr = m.sql !== undefined ? plan.render(plan.root, m.sql) : undefined;
  const filter = m.filter !== undefined ? plan.render(plan.root, m.filter) : undefined;
  const guarded = (x: string) => (filter ? `CASE WHEN ${filter} THEN ${x} END` : x);
  switch (m.agg) {
    case 'count':
      if (expr === undefined) return filter ? `COUNT(CASE WHEN ${filter} THEN 1 END)` : 'COUNT(*)';
      return `COUNT(${guarded(expr)})`;
    case 'count_distinct':
      return `COUNT(DISTINCT ${guarded(expr!)})`;
    case 'sum':
      return `SUM(${guarded(expr!)})`;
    case 'avg':
      return `AVG(${guarded(expr!)})`;
    case 'min':
      return `MIN(${guarded(expr!)})`;
    case 'max':
      return `MAX(${guarded(expr!)})`;
  }
}

/** A measure column of a group CTE in the combined base; counts of missing groups are 0, not NULL. */
function measureOut(d: SqlDialect, m: Measure, cte: string, combined: boolean): string {
  const col = `${cte}.${d.ident(m.name)}`;
  const isCount = m.agg === 'count' || m.agg === 'count_distinct';
  return `${combined && isCount ? `COALESCE(${col}, 0)` : col} AS ${d.ident(m.name)}`;
}

function renderExpr(e: Expr, d: SqlDialect, ref: (name: string) => string): string {
  switch (e.kind) {
    case 'num':
      return d.number(e.value);
    case 'ref':
      return ref(e.name);
    case 'neg':
      return `-(${renderExpr(e.arg, d, ref)})`;
    case 'bin': {
      const l = renderExpr(e.left, d, ref);
      const r = renderExpr(e.right, d, ref);
      if (e.op === '/') return `(${d.divide(l, r)})`;
      return `(${l} ${e.op} ${r})`;
    }
  }
}

function walkRefs(e: Expr, f: (name: string) => void): void {
  if (e.kind === 'ref') f(e.name);
  else if (e.kind === 'neg') walkRefs(e.arg, f);
  else if (e.kind === 'bin') {
    walkRefs(e.left, f);
    walkRefs(e.right, f);
  }
}

/** A derived metric is dated like its measures when they agree. */
function derivedDating(ix: ModelIndex, name: string, known: Record<string, string | null>): string | null {
  const ds = new Set<string | null>();
  const visit = (n: string) => {
    if (ix.measures.has(n)) ds.add(known[n] ?? null);
    else walkRefs(ix.exprs.get(n)!, visit);
  };
  visit(name);
  const vals = [...ds].filter((x) => x !== null);
  return vals.length === 1 ? vals[0]! : null;
}

// ---------------------------------------------------------------------------------------------
// Filters

const FILTER_OPS = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Two dates of a row (the second of a thing it belongs to) in the same calendar bucket. */
function samePeriodCondition(model: SemanticModel, ix: ModelIndex, d: SqlDialect, sp: SamePeriod): Condition {
  const a = ix.timeDims.get(sp.dimension);
  const b = ix.timeDims.get(sp.as);
  if (!a) throw unknown('time dimension', sp.dimension, [...ix.timeDims.keys()]);
  if (!b) throw unknown('time dimension', sp.as, [...ix.timeDims.keys()]);
  if (sp.dimension === sp.as) throw new CompileError(`'${sp.dimension}' is always in the same ${sp.grain} as itself`);
  if (a.entity !== b.entity && !joinGraph(model).path(a.entity, b.entity))
    throw new CompileError(`'${sp.as}' cannot be reached from '${sp.dimension}' (one ${b.entity} per ${a.entity} is needed)`);
  return {
    entity: a.entity,
    build: (plan, key) => {
      const x = plan.render(key, a.sql);
      const y = plan.render(a.entity === b.entity ? key : plan.reach(key, b.entity), b.sql);
      return `${d.timeBucket(x, sp.grain)} = ${d.timeBucket(y, sp.grain)}`;
    },
  };
}

function filterCondition(ix: ModelIndex, d: SqlDialect, input: DimensionFilterInput, role?: string): Condition {
  const c = { ...rowCondition(ix, d, input), ...(role ? { role } : {}) };
  return input.op === 'ne' || input.op.startsWith('not_') ? { ...c, negated: true } : c;
}

function rowCondition(ix: ModelIndex, d: SqlDialect, input: DimensionFilterInput): Condition {
  const f = { ...input, values: input.values ?? [] };
  const rowClass = ix.dims.has(f.dimension) || ix.timeDims.has(f.dimension) ? undefined : ix.rowClasses.get(f.dimension);
  if (rowClass) {
    if (!isPresenceOp(f.op) || f.values.length)
      throw new CompileError(`'${f.dimension}' is a class of rows (the rows it counts): it takes only is_set or not_set, not '${f.op}'`);
    const keep = f.op === 'is_set';
    // (a row the filter cannot decide, NULL, is not counted by the measure: it is not in the class)
    return {
      entity: rowClass.entity,
      build: (plan, key) => {
        const x = plan.render(key, rowClass.filter!);
        return keep ? `(${x})` : `(NOT COALESCE(${x}, FALSE))`;
      },
    };
  }
  const attr = ix.dims.has(f.dimension) ? undefined : ix.rowAttrs.get(f.dimension);
  const dim = ix.dims.get(f.dimension) ?? attr;
  const td = dim ? undefined : ix.timeDims.get(f.dimension);
  if (!dim && !td) throw unknown('dimension', f.dimension, [...ix.dims.keys(), ...ix.timeDims.keys()]);
  // (a row attribute that is one column, "insured value", has a value or not like that column)
  const bareColumn = !!attr && /^\$\{TABLE\}\.\w+$/.test(attr.sql.trim());
  if (attr && ((isPresenceOp(f.op) && !bareColumn) || (TEXT_ONLY_OPS as readonly string[]).includes(f.op)))
    throw new CompileError(`'${f.dimension}' is a row attribute (a number per row): it takes only comparisons, not '${f.op}'`);
  const type = dim ? dim.type : 'date';
  const name = f.dimension;
  if (isPresenceOp(f.op)) {
    if (f.values.length) throw new CompileError(`the filter '${f.op}' on '${name}' takes no values`);
    // NULL is no value; on a text dimension neither is '' (see PRESENCE_OPS)
    const text = dim?.type === 'string';
    const set = f.op === 'is_set';
    const build = (x: string): string =>
      text ? (set ? `${x} IS NOT NULL AND ${x} <> ''` : `${x} IS NULL OR ${x} = ''`) : `${x} IS ${set ? 'NOT ' : ''}NULL`;
    const col = (dim ?? td)!;
    return { entity: col.entity, build: (plan, key) => `(${build(plan.render(key, col.sql))})` };
  }
  if (f.values.length === 0) throw new CompileError(`the filter on '${name}' has no value`);
  if ((TEXT_ONLY_OPS as readonly string[]).includes(f.op)) return textCondition(d, f, dim, td);
  let values: (string | number | boolean)[] = [...f.values];
  if (dim && dim.type === 'string')
    values = values.flatMap((v): (string | number | boolean)[] => (typeof v === 'string' ? resolveValue(dim, v) : [v]));
  const lits = values.map((v) => literalFor(d, type, v, name));
  let op = f.op;
  if (op === 'eq' && lits.length > 1) op = 'in';
  if (op === 'ne' && lits.length > 1) op = 'not_in';
  const one = () => {
    if (lits.length !== 1) throw new CompileError(`the filter '${op}' on '${name}' takes one value`);
    return lits[0]!;
  };
  const build = (x: string): string => {
    switch (op) {
      case 'in':
        return `${x} IN (${unique(lits).join(', ')})`;
      case 'not_in':
        return `${x} NOT IN (${unique(lits).join(', ')})`;
      case 'between':
        if (lits.length !== 2) throw new CompileError(`'between' on '${name}' takes two values`);
        // either order: "between 20 and 10" is the same range
        if (type === 'number' && Number(values[0]) > Number(values[1])) return `${x} BETWEEN ${lits[1]} AND ${lits[0]}`;
        return `${x} BETWEEN ${lits[0]} AND ${lits[1]}`;
      case 'eq':
      case 'ne':
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        return `${x} ${FILTER_OPS[op]} ${one()}`;
      default:
        throw new CompileError(`unknown filter operator '${String(op)}'`);
    }
  };
  build('x'); // validate arity now, not per group
  const sql = (dim ?? td)!.sql;
  return { entity: (dim ?? td)!.entity, build: (plan, key) => `(${build(plan.render(key, sql))})` };
}

/**
 * Alternatives: the member filters OR-ed, each in its own parentheses, the whole in parentheses (so it
 * stays one condition beside the AND-ed others). The members are dimensions of one entity: the rows
 * the alternatives are about (a row of another entity would need its own join for each side).
 */
function anyOfCondition(ix: ModelIndex, d: SqlDialect, filters: DimensionFilterInput[]): Condition {
  if (filters.length < 2) throw new CompileError('an any_of group needs at least two filters');
  const members = filters.map((f) => filterCondition(ix, d, f));
  const entities = unique(members.map((m) => m.entity));
  if (entities.length !== 1)
    throw new CompileError(
      `the filters of an any_of group must be dimensions of one entity (${filters.map((f) => `'${f.dimension}'`).join(', ')} belong to ${entities.map((e) => `'${e}'`).join(', ')})`,
    );
  return { entity: entities[0]!, build: (plan, key) => `(${members.map((m) => m.build(plan, key)).join(' OR ')})` };
}

/**
 * A text pattern or a case-insensitive equality on a text dimension. The value is escaped for LIKE
 * (`%`, `_` and the escape character match only themselves) and stays a quoted literal: a value
 * never widens the pattern. Several values: any of them matches (none, for the `not_` forms).
 */
function textCondition(
  d: SqlDialect,
  f: { dimension: string; op: string; values: (string | number | boolean)[] },
  dim: Dimension | undefined,
  td: unknown,
): Condition {
  const name = f.dimension;
  if (!dim || td || dim.type !== 'string')
    throw new CompileError(
      `the filter '${f.op}' on '${name}' applies only to text dimensions ('${name}' is ${dim ? `a ${dim.type}` : 'a time'} dimension; use eq, in, gt..lte or between)`,
    );
  const texts = f.values.map((v) => {
    if (typeof v === 'boolean') throw new CompileError(`the filter '${f.op}' on '${name}' takes text, not ${v}`);
    const t = String(v);
    if (f.op !== 'eq_ci' && f.op !== 'ne_ci' && t === '')
      throw new CompileError(`the filter '${f.op}' on '${name}' takes a non-empty text`);
    return t;
  });
  const op = f.op;
  const equality = op === 'eq_ci' || op === 'ne_ci';
  const lits = unique(equality ? texts.flatMap((t) => resolveValue(dim, t)) : texts).map((t) => {
    if (equality) return literalFor(d, 'string', t, name);
    const body = d.escapeLike(t);
    const pattern = op.endsWith('starts_with') ? `${body}%` : op.endsWith('ends_with') ? `%${body}` : `%${body}%`;
    return literalFor(d, 'string', pattern, name);
  });
  const build = (x: string): string => {
    if (equality) {
      const not = op === 'ne_ci';
      return lits.length === 1
        ? `${d.lower(x)} ${not ? '<>' : '='} ${d.lower(lits[0]!)}`
        : `${d.lower(x)} ${not ? 'NOT IN' : 'IN'} (${lits.map((l) => d.lower(l)).join(', ')})`;
    }
    const negated = op.startsWith('not_');
    const each = lits.map((l) => d.likeInsensitive(x, l, negated));
    return each.length === 1 ? each[0]! : each.map((e) => `(${e})`).join(negated ? ' AND ' : ' OR ');
  };
  return { entity: dim.entity, build: (plan, key) => `(${build(plan.render(key, dim.sql))})` };
}

/**
 * A number column against one aggregate of it over its own table (`SemanticQuery.aggregate_filters`): an
 * uncorrelated scalar subquery, so the outer query's filters never change the figure compared with.
 */
function aggregateComparison(ix: ModelIndex, d: SqlDialect, f: AggregateFilterInput): Condition {
  const ops = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
  const col = ix.dims.get(f.dimension) ?? ix.rowAttrs.get(f.dimension);
  if (!col) throw unknown('dimension', f.dimension, [...ix.dims.keys()]);
  if (col.type !== 'number') throw new CompileError(`'${f.dimension}' is no number column to compare with its ${f.aggregate}`);
  const own = (f.filters ?? []).map((x) => filterCondition(ix, d, x));
  for (const x of own)
    if (x.entity !== col.entity) throw new CompileError(`the ${f.aggregate} of '${f.dimension}' is taken over its own table's rows only`);
  const sub = new JoinPlan(ix.model, ix, d, col.entity);
  const value = sub.render(col.entity, col.sql);
  const where = own.map((x) => x.build(sub, col.entity));
  const figure = `(SELECT ${f.aggregate.toUpperCase()}(${value}) FROM ${sub.rootFrom()}${where.length ? ` WHERE ${where.join(' AND ')}` : ''})`;
  return { entity: col.entity, build: (plan, key) => `(${plan.render(key, col.sql)} ${ops[f.op]} ${figure})` };
}

/** The measures a metric is computed from. */
function basesOfCondition(ix: ModelIndex, name: string): Measure[] {
  const out = new Map<string, Measure>();
  const visit = (n: string, seen: Set<string>) => {
    const ms = ix.measures.get(n);
    if (ms) return void out.set(n, ms);
    if (seen.has(n)) throw new CompileError(`metric '${n}' is defined by itself`);
    const e = ix.exprs.get(n);
    if (!e) throw unknown('metric', n, [...ix.measures.keys(), ...ix.metrics.keys()]);
    walkRefs(e, (r) => visit(r, new Set([...seen, n])));
  };
  visit(name, new Set());
  return [...out.values()];
}

/**
 * Keeps the members of an entity whose own aggregated metric meets the condition: the entity's
 * key IN (members LEFT JOIN their aggregate, where the value qualifies). Members with no rows count
 * 0 for counts and sums, so "never ordered" (= 0) keeps them.
 */
function entityCondition(model: SemanticModel, ix: ModelIndex, d: SqlDialect, c: EntityConditionInput, bases: Measure[]): Condition {
  const entity = ix.entities.get(c.entity);
  if (!entity) throw unknown('entity', c.entity, [...ix.entities.keys()]);
  const pk = Array.isArray(entity.primary_key) ? entity.primary_key : [entity.primary_key];
  if (pk.length !== 1) throw new CompileError(`a condition on '${c.entity}' needs a single-column key`);
  const F = bases[0]?.entity;
  if (!F || bases.some((b) => b.entity !== F))
    throw new CompileError(`a condition on '${c.entity}' needs a metric of one entity ('${c.metric}' is not)`);
  const graph = joinGraph(model);
  // rows the members have many of, and that have many members ("books with more than 2 tags"): each
  // (member, row) pair once, taken from the one table that links the two
  const link = F === c.entity || graph.path(F, c.entity) ? undefined : linkOf(model, F, c.entity);
  if (F !== c.entity && !graph.path(F, c.entity) && !link) throw new CompileError(`'${c.metric}' cannot be counted per '${c.entity}'`);
  const ops = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '=', ne: '<>' } as const;
  const key = pk[0]!;
  const member = new JoinPlan(model, ix, d, c.entity);
  // the condition's own filters apply to the rows its metric counts
  const own = (c.filters ?? []).map((f) => filterCondition(ix, d, f));
  // conditions on other members the rows belong to ("papers in domain A" of "authors who wrote papers in domain A")
  own.push(...(c.conditions ?? []).map((n) => entityCondition(model, ix, d, n, basesOfCondition(ix, n.metric))));
  for (const f of own)
    if (f.entity !== F && !graph.path(F, f.entity))
      throw new CompileError(`'${c.metric}' cannot be filtered by '${f.entity}' in a condition on '${c.entity}'`);
  return {
    entity: c.entity,
    build: (plan, at) => {
      const sub = new JoinPlan(model, ix, d, F);
      const eKey = F === c.entity || link ? F : sub.reach(F, c.entity);
      const aggs = bases.map((b) => `${aggregate(sub, b, d)} AS ${d.ident(b.name)}`);
      const where: string[] = [];
      const dated = bases[0]!;
      const tdName = c.time_range?.dimension ?? dated.time_dimension ?? model.defaults.time_dimension;
      if (c.time_range && dated.time_bound && tdName) {
        const td = ix.timeDims.get(tdName);
        if (!td) throw unknown('time dimension', tdName, [...ix.timeDims.keys()]);
        const x = sub.render(sub.reach(F, td.entity), td.sql);
        where.push(`${x} >= ${d.date(c.time_range.start)} AND ${x} < ${d.date(c.time_range.end)}${weekdays(d, x, c.time_range, td)}`);
      }
      for (const f of own) where.push(f.build(sub, f.entity === F ? F : sub.reach(F, f.entity)));
      const memberKey = link ? 'b.k' : `${sub.alias(eKey)}.${key}`;
      const inner =
        `SELECT ${memberKey} AS k, ${aggs.join(', ')} FROM ${link ? `${linkPairs(model, ix, d, link, F, c.entity, key)} ` : ''}${sub.rootFrom()}` +
        (link
          ? ` ON ${keyColumns(ix, F)
              .map((col, i) => `t0.${col} = b.r${i}`)
              .join(' AND ')}`
          : '') +
        sub
          .joins()
          .map((j) => ` ${j}`)
          .join('') +
        (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
        ' GROUP BY 1';
      const valueOf = (b: string) => {
        const m = bases.find((x) => x.name === b)!;
        const col = `a.${d.ident(b)}`;
        return m.agg === 'count' || m.agg === 'count_distinct' || m.agg === 'sum' ? `COALESCE(${col}, 0)` : col;
      };
      const value = ix.measures.has(c.metric) ? valueOf(c.metric) : renderExpr(ix.exprs.get(c.metric)!, d, (r) => valueOf(r));
      const members = `SELECT t0.${key} FROM ${member.rootFrom()} LEFT JOIN (${inner}) AS a ON t0.${key} = a.k WHERE ${value} ${ops[c.op]} ${lit(d, c.value)}`;
      return `${plan.alias(at)}.${key} IN (${members})`;
    },
  };
}

function keyColumns(ix: ModelIndex, entity: string): string[] {
  const pk = ix.entities.get(entity)!.primary_key;
  return Array.isArray(pk) ? pk : [pk];
}

/**
 * The one entity other than `rows` and `members` whose rows reach both to-one by the fewest joins (a
 * paper's datasets: the paper-dataset table), when neither reaches the other; none when two tie.
 */
export function linkOf(model: SemanticModel, rows: string, members: string): string | undefined {
  const graph = joinGraph(model);
  if (graph.path(members, rows)) return undefined;
  const costs = model.entities
    .filter((e) => e.name !== rows && e.name !== members)
    .map((e) => ({ name: e.name, a: graph.path(e.name, rows), b: graph.path(e.name, members) }))
    .filter((x) => x.a && x.b)
    .map((x) => ({ name: x.name, cost: x.a!.length + x.b!.length }));
  const least = Math.min(...costs.map((x) => x.cost));
  const best = costs.filter((x) => x.cost === least);
  return best.length === 1 ? best[0]!.name : undefined;
}

/** `(SELECT DISTINCT member key AS k, row key AS r0.. FROM link ...) AS b JOIN`: each pair the link table holds, once. */
function linkPairs(model: SemanticModel, ix: ModelIndex, d: SqlDialect, link: string, rows: string, members: string, key: string): string {
  const plan = new JoinPlan(model, ix, d, link);
  const m = plan.reach(link, members);
  const r = plan.reach(link, rows);
  const cols = [`${plan.alias(m)}.${key} AS k`, ...keyColumns(ix, rows).map((col, i) => `${plan.alias(r)}.${col} AS r${i}`)];
  return `(SELECT DISTINCT ${cols.join(', ')} FROM ${plan.rootFrom()}${plan
    .joins()
    .map((j) => ` ${j}`)
    .join('')}) AS b JOIN`;
}

/** A business word for a stored value (value_synonyms) or a named set (value_groups) -> stored values. */
export function resolveValue(dim: Dimension, value: string): string[] {
  if (Object.hasOwn(dim.value_synonyms, value)) return [value];
  const lower = value.trim().toLowerCase();
  for (const [group, vals] of Object.entries(dim.value_groups)) if (group.toLowerCase() === lower) return vals;
  for (const [stored, words] of Object.entries(dim.value_synonyms)) {
    if (stored.toLowerCase() === lower) return [stored];
    if (words.some((w) => w.toLowerCase() === lower)) return [stored];
  }
  return [value];
}

function literalFor(d: SqlDialect, type: string, v: string | number | boolean, name: string): string {
  try {
    if (type === 'number') {
      const n = typeof v === 'number' ? v : Number(v);
      if (typeof v === 'boolean' || (typeof v === 'string' && v.trim() === '') || !Number.isFinite(n))
        throw new LiteralError(`'${String(v)}' is not a number`);
      return d.number(n);
    }
    if (type === 'date') {
      if (typeof v !== 'string') throw new LiteralError(`'${String(v)}' is not a date YYYY-MM-DD`);
      return d.date(v);
    }
    if (type === 'boolean') {
      if (typeof v === 'boolean') return d.boolean(v);
      if (v === 'true' || v === 'false') return d.boolean(v === 'true');
      throw new LiteralError(`'${String(v)}' is not true or false`);
    }
    return d.string(String(v));
  } catch (e) {
    if (e instanceof LiteralError) throw new CompileError(`${name.includes(' ') ? name : `filter on '${name}'`}: ${e.message}`);
    throw e;
  }
}

function lit(d: SqlDialect, v: number): string {
  try {
    return d.number(v);
  } catch (e) {
    throw new CompileError((e as Error).message);
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers for the value index and as-of (SQL only; values.ts runs it).

/** SQL listing the distinct non-null values of a dimension (at most `limit`). */
export function compileDistinctValues(model: SemanticModel, dimension: string, dialect: SqlDialect, limit = 1000): string {
  const ix = indexOf(model);
  const dim = ix.dims.get(dimension);
  if (!dim) throw unknown('dimension', dimension, [...ix.dims.keys()]);
  const plan = new JoinPlan(model, ix, dialect, dim.entity);
  const x = plan.render(dim.entity, dim.sql);
  return (
    `SELECT DISTINCT ${x} AS value FROM ${plan.rootFrom()}${plan
      .joins()
      .map((j) => ' ' + j)
      .join('')} ` + `WHERE ${x} IS NOT NULL ORDER BY 1 ${dialect.limit(limit)}`
  );
}

/** SQL giving the latest date of a time dimension (column `latest`). */
export function compileLatest(model: SemanticModel, timeDimension: string, dialect: SqlDialect): string {
  const ix = indexOf(model);
  const td = ix.timeDims.get(timeDimension);
  if (!td) throw unknown('time dimension', timeDimension, [...ix.timeDims.keys()]);
  const plan = new JoinPlan(model, ix, dialect, td.entity);
  const x = plan.render(td.entity, td.sql);
  return `SELECT CAST(MAX(${x}) AS DATE) AS latest FROM ${plan.rootFrom()}${plan
    .joins()
    .map((j) => ' ' + j)
    .join('')}`;
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

function describe(names: string[]): string {
  return names.map((n) => `'${n}'`).join(', ');
}

function unknown(kind: string, name: string, candidates: string[]): CompileError {
  const close = candidates.filter((c) => c.includes(name) || name.includes(c)).slice(0, 3);
  return new CompileError(`unknown ${kind} '${name}'` + (close.length ? ` (did you mean ${describe(close)}?)` : ''));
}

/**
 * Running totals: `<metric>_running_total`, the metric summed over the time breakdown's buckets up
 * to each one (within each member of the other breakdowns), over the rows in scope (the period and
 * filters apply first, so "in December" runs from December 1). Needs exactly one time breakdown and
 * a metric that adds up (a sum or a count, not an average, a lowest or a ratio).
 */
function runningTotalColumns(
  metrics: readonly string[],
  groups: readonly GroupCol[],
  metricCol: (name: string) => CompiledColumn,
): { columns: CompiledColumn[]; window(d: SqlDialect, metric: string): string } {
  const names = unique([...metrics]);
  const times = groups.filter((g) => g.kind === 'time');
  if (names.length && times.length !== 1) {
    throw new CompileError(`running_totals needs exactly one time breakdown (group_by a time dimension with a grain), got ${times.length}`);
  }
  const columns = names.map((m) => {
    const base = metricCol(m);
    return {
      name: `${m}_running_total`,
      kind: 'metric' as const,
      ref: m,
      label: `Running total of ${base.label ?? m}`,
      format: base.format,
    };
  });
  const time = times[0];
  const others = groups.filter((g) => g !== time);
  return {
    columns,
    window: (d, metric) => {
      const partition = others.length ? `PARTITION BY ${others.map((g) => `result.${d.ident(g.name)}`).join(', ')} ` : '';
      return `SUM(result.${d.ident(metric)}) OVER (${partition}ORDER BY result.${d.ident(time!.name)} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;
    },
  };
}
