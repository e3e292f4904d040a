/**
 * SemanticQuery: the plain, serialisable middle of Quarry (like Malloy's IR). The rule-based
 * interpreter and the LLM planner produce it; only the compiler turns it into SQL. Names refer to
 * the semantic model (metrics = measures and derived metrics; dimensions = dimensions and time
 * dimensions).
 */
import { z } from 'zod';
import { TimeGrain } from './model.js';

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

export const GroupBySchema = z.object({
  /** A dimension or time dimension name, or a row attribute (each row's own value: see `ColumnAggregateSchema`). */
  dimension: z.string().min(1),
  /** Required for a time dimension: the bucket (day..year). */
  grain: TimeGrain.optional(),
});
export type GroupBy = z.infer<typeof GroupBySchema>;

/**
 * Text-pattern operators on a text dimension, all case-insensitive: `starts_with` "Lake" keeps
 * "Lake Erie" and "lakeside"; `ends_with` ".com"; `contains` "psoriasis" keeps "Nail Psoriasis".
 * The `not_` forms keep the rows that do not match (rows with no value are not kept, as with `ne`).
 * With several values a row matches when any value matches. A value is literal text, never a
 * pattern: `%`, `_` and `\` in it match only themselves. `eq_ci` is equality ignoring letter case
 * ("match food type case-insensitively": `vegan` keeps "Vegan" and "VEGAN"); `ne_ci` keeps the rows
 * equal to none of the values in any letter case (rows with no value are not kept, as with `ne`).
 */
export const TEXT_PATTERN_OPS = ['starts_with', 'ends_with', 'contains', 'not_starts_with', 'not_ends_with', 'not_contains'] as const;
export type TextPatternOp = (typeof TEXT_PATTERN_OPS)[number];
/** Operators that apply only to text dimensions (the patterns, `eq_ci` and `ne_ci`). */
export const TEXT_ONLY_OPS = [...TEXT_PATTERN_OPS, 'eq_ci', 'ne_ci'] as const;
/**
 * Whether a row has a value at all, with no `values` (empty or omitted): `is_set` keeps the rows
 * whose dimension holds a value ("students who have declared a major", "orders with a ship date"),
 * `not_set` the rows that hold none ("customers with no email", "orders not shipped yet"). On a
 * text dimension an empty text '' counts as not set (a blank left in a form is no value); NULL is
 * not set in every type. Any dimension or time dimension, flags included.
 */
export const PRESENCE_OPS = ['is_set', 'not_set'] as const;
export type PresenceOp = (typeof PRESENCE_OPS)[number];
export function isPresenceOp(op: string): op is PresenceOp {
  return (PRESENCE_OPS as readonly string[]).includes(op);
}
export const DIMENSION_FILTER_OPS = [
  'eq',
  'ne',
  'in',
  'not_in',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  ...TEXT_ONLY_OPS,
  ...PRESENCE_OPS,
] as const;
export function isTextPatternOp(op: string): op is TextPatternOp {
  return (TEXT_PATTERN_OPS as readonly string[]).includes(op);
}

/** A filter's values in a few words, for column labels: `not MAIL`, `AIR/RAIL`, `starting with "Lake"`, `email missing`. */
export function filterValueWords(f: { dimension?: string; op: string; values?: unknown[] }): string {
  if (isPresenceOp(f.op)) return `${(f.dimension ?? 'value').replace(/_/g, ' ')} ${f.op === 'is_set' ? 'present' : 'missing'}`;
  const vals = (f.values ?? []).map(String);
  if (isTextPatternOp(f.op)) {
    const verb = f.op
      .replace(/^not_/, '')
      .replace('starts_with', 'starting with')
      .replace('ends_with', 'ending with')
      .replace('contains', 'containing');
    return `${f.op.startsWith('not_') ? 'not ' : ''}${verb} ${vals.map((v) => `"${v}"`).join(' or ')}`;
  }
  return `${f.op === 'ne' || f.op === 'not_in' || f.op === 'ne_ci' ? 'not ' : ''}${vals.join('/')}`;
}

export const DimensionFilterSchema = z
  .object({
    /**
     * A dimension or time dimension; for the comparisons (eq..between) also a row attribute: a measure
     * that adds up one value per row of its own table (see `ColumnAggregateSchema`), compared row by row
     * ("customers with an account balance over 9000" keeps each customer whose own balance is over 9000).
     * For is_set / not_set also a row class: a count measure with a filter over its own table's columns,
     * whose filter says which rows it counts ("the discount of returned items": the rows
     * `returned_line_items` counts are_set; not_set keeps the others).
     */
    dimension: z.string().min(1),
    op: z.enum(DIMENSION_FILTER_OPS),
    /**
     * One value for eq/ne/gt..lte, one or more for in/not_in, two (inclusive) for between; one or
     * more texts for the patterns and eq_ci/ne_ci (any one matching); none (empty or omitted) for
     * is_set/not_set.
     */
    values: z.array(Scalar).default([]),
  })
  .superRefine((f, ctx) => {
    if (isPresenceOp(f.op) ? f.values.length > 0 : f.values.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: isPresenceOp(f.op) ? `'${f.op}' takes no values (omit values or give [])` : `'${f.op}' needs at least one value`,
      });
  });
export type DimensionFilter = z.infer<typeof DimensionFilterSchema>;
/** A filter as given (values may be omitted for is_set/not_set). */
export type DimensionFilterInput = z.input<typeof DimensionFilterSchema>;

/**
 * Alternatives: a row is kept when at least one of the filters holds ("doctors whose first name starts
 * with 'J' or whose last name contains 'son'" = {filters: [first_name starts_with J, last_name contains
 * son]}). Each member is a dimension filter with any operator (values, comparisons, text patterns,
 * presence); all of them are dimensions of one entity (the rows the alternatives are about). Each group
 * is AND-ed with the query's other filters and groups; values of one dimension ("in Leeds or York") are
 * an `in` filter, never a group.
 */
export const AnyOfSchema = z.object({
  filters: z.array(DimensionFilterSchema).min(2),
  /** How the question said it (for labels and answer text). */
  label: z.string().optional(),
});
export type AnyOf = z.infer<typeof AnyOfSchema>;

/** The member filters of every any-of group of a query (to read which dimensions it uses). */
export function anyOfFilters(q: { any_of?: { filters: DimensionFilterInput[] }[] }): DimensionFilter[] {
  return (q.any_of ?? []).flatMap((g) => g.filters.map((f) => ({ ...f, values: f.values ?? [] })));
}

/**
 * A number column against one aggregate of it over its own table's rows (those that pass `filters`,
 * AND-ed; omitted = every row): "books whose price is above the average" = {dimension: price, op: gt,
 * aggregate: avg}; "books dearer than every poetry book" = {op: gt, aggregate: max, filters: [genre =
 * Poetry]}. The query's other filters do not decide which rows are aggregated. The rule-based reader's
 * only (kept out of the planner's schema and its prompt budget).
 */
export const AggregateFilterSchema = z.object({
  dimension: z.string().min(1),
  op: z.enum(['gt', 'gte', 'lt', 'lte']),
  aggregate: z.enum(['avg', 'min', 'max']),
  filters: z.array(DimensionFilterSchema).optional(),
});
export type AggregateFilter = z.infer<typeof AggregateFilterSchema>;
export type AggregateFilterInput = z.input<typeof AggregateFilterSchema>;

export const MetricFilterSchema = z.object({
  metric: z.string().min(1),
  op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq', 'ne']),
  value: z.number(),
});
export type MetricFilter = z.infer<typeof MetricFilterSchema>;

/**
 * Rows whose time dimension falls in the same calendar period (`grain`) as another time dimension:
 * "transactions in the same month as their customer joined" = {dimension: date_time, as: join_date,
 * grain: month}. `as` belongs to the same entity or to one reached from it by a to-one path (the
 * row's own customer); a row with either date missing is not kept.
 */
export const SamePeriodSchema = z.object({
  dimension: z.string().min(1),
  as: z.string().min(1),
  grain: TimeGrain,
});
export type SamePeriod = z.infer<typeof SamePeriodSchema>;

export const TimeRangeSchema = z.object({
  /** The dating time dimension; omitted = each metric's own `time_dimension`. */
  dimension: z.string().min(1).optional(),
  /** Inclusive start, YYYY-MM-DD. */
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Exclusive end, YYYY-MM-DD. */
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** How the question named it, e.g. "1997", "last quarter" (for answer text). */
  label: z.string().optional(),
  /**
   * Only some days of the week within the range: `weekend` = Saturday and Sunday, `weekday` =
   * Monday to Friday, or the ISO numbers of named days (1 = Monday .. 7 = Sunday: "on Mondays and
   * Fridays" = [1, 5]), of the dating date itself, in the warehouse's calendar. Also applies to a
   * comparison's previous period.
   */
  days: z.union([z.enum(['weekend', 'weekday']), z.array(z.number().int().min(1).max(7)).min(1)]).optional(),
  /**
   * Only some times of day ('HH:MM', 24-hour) of the dating time dimension, which must hold times
   * (`type: timestamp`): `from` inclusive, `to` exclusive, either omitted; `from` after `to` runs over
   * midnight ("at night" = {from: '21:00', to: '05:00'}).
   */
  clock: z
    .object({
      from: z
        .string()
        .regex(/^\d{2}:\d{2}$/)
        .optional(),
      to: z
        .string()
        .regex(/^\d{2}:\d{2}$/)
        .optional(),
    })
    .optional(),
});
export type TimeRange = z.infer<typeof TimeRangeSchema>;

export const OrderSchema = z.object({
  /** A metric or group-by dimension name. */
  by: z.string().min(1),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /**
   * An expression of `by` ordered on in place of its value: `length` = the number of characters of a
   * text dimension of the breakdown ("ordered by the length of the name, shortest first"; equal lengths
   * then by the text).
   */
  expr: z.enum(['length']).optional(),
});
export type Order = z.infer<typeof OrderSchema>;

const ComparisonOp = z.enum(['gt', 'gte', 'lt', 'lte', 'eq', 'ne']);

/**
 * A metric over a subset of its rows, as its own column: "urgent orders" next to "orders", or,
 * with `as: 'share'`, the subset's fraction of the whole ("share of orders that are urgent").
 * Computed per group like any metric; the subset's filters apply to this column only.
 */
export const SubsetMetricSchema = z.object({
  /** Output column name (unique in the query), e.g. `orders_urgent` or `orders_urgent_share`. */
  name: z.string().min(1),
  /** The metric computed over the subset. */
  metric: z.string().min(1),
  /** What makes a row part of the subset (dimension filters, AND-ed). */
  filters: z.array(DimensionFilterSchema).min(1),
  /** `value`: the metric over the subset; `share`: subset / whole, a fraction 0..1. */
  as: z.enum(['value', 'share']).default('value'),
  /** How the question named the subset (for labels and answer text), e.g. "urgent". */
  label: z.string().optional(),
});
export type SubsetMetric = z.infer<typeof SubsetMetricSchema>;

/**
 * Keeps only the members of an entity whose own aggregated metric meets a condition:
 * "customers with more than 30 orders" = {entity: customer, metric: orders, op: gt, value: 30};
 * "customers who never ordered" = {entity: customer, metric: orders, op: eq, value: 0} (members
 * with no rows count 0); "suppliers with a negative balance" = {entity: supplier, metric:
 * supplier_account_balance, op: lt, value: 0}. Restricts every metric of the query to rows that
 * belong to a kept member.
 */
const EntityConditionBase = z.object({
  /** The entity whose members are kept or dropped. */
  entity: z.string().min(1),
  /** Aggregated per member of `entity`. */
  metric: z.string().min(1),
  op: ComparisonOp,
  value: z.number(),
  /** The period the condition's metric is counted over; omitted = all time. */
  time_range: TimeRangeSchema.optional(),
  /**
   * Only the metric's rows that pass these filters count (AND-ed): "authors with papers in domain
   * A" = {metric: writes, op: gte, value: 1, filters: [domain = A]}; two such conditions ask for
   * both ("in both A and B"). Omitted = every row.
   */
  filters: z.array(DimensionFilterSchema).optional(),
});
export type EntityCondition = z.infer<typeof EntityConditionBase> & {
  /**
   * Conditions on members of other entities that the metric's rows must belong to (AND-ed), like
   * the query's own `entity_conditions` restrict its rows: "authors who wrote papers in domain A" =
   * {entity: author, metric: writes, op: gt, value: 0, conditions: [{entity: paper, metric:
   * paper_domains, op: gt, value: 0, filters: [domain = A]}]} (a paper reaches its domains only
   * through a linking table). Each condition's entity must be reached from the metric's rows.
   */
  conditions?: EntityCondition[];
};
/** The conditions nested in entity conditions (their `conditions`, at any depth), outermost first. */
export function nestedConditions(cs: readonly EntityCondition[] | undefined): EntityCondition[] {
  return (cs ?? []).flatMap((c) => [...(c.conditions ?? []), ...nestedConditions(c.conditions)]);
}
export type EntityConditionInput = z.input<typeof EntityConditionBase> & { conditions?: EntityConditionInput[] };
export const EntityConditionSchema: z.ZodType<EntityCondition, EntityConditionInput> = EntityConditionBase.extend({
  conditions: z.lazy(() => z.array(EntityConditionSchema)).optional(),
});

/**
 * The average per member of an entity: "line items per order" = {metric: line_items, entity:
 * orders}: the metric aggregated per member, averaged over the members that have rows in the
 * query's scope (= metric total / number of distinct members).
 */
export const PerEntityAverageSchema = z.object({
  /** Output column name, e.g. `line_items_per_orders`. */
  name: z.string().min(1),
  metric: z.string().min(1),
  entity: z.string().min(1),
  label: z.string().optional(),
});
export type PerEntityAverage = z.infer<typeof PerEntityAverageSchema>;

/**
 * The number of distinct members of an entity among the rows in scope: "how many different parts
 * were sold in 1997" = {entity: part, through: lineitem}. `through` is the entity whose rows
 * define presence (default: the one the compiler finds that reaches `entity` and every filter).
 */
export const DistinctCountSchema = z.object({
  /** Output column name, e.g. `part_distinct`. */
  name: z.string().min(1),
  entity: z.string().min(1),
  through: z.string().min(1).optional(),
  /** Count the distinct values of this dimension of `entity` instead of its members ("how many different cities"). */
  dimension: z.string().min(1).optional(),
  label: z.string().optional(),
});
export type DistinctCount = z.infer<typeof DistinctCountSchema>;

/**
 * The number of time buckets that have rows: "how many months in 2021 had reviews" = {metric:
 * reviews, grain: month}; "on how many days were there sales" = {metric: sales, grain: day}. Counts
 * the distinct buckets (of `grain`) of the dating time dimension among the metric's rows in scope
 * (the query's filters and period apply; the metric's own filter decides which rows count).
 */
export const PeriodCountSchema = z.object({
  /** Output column name, e.g. `reviews_months`. */
  name: z.string().min(1),
  /** A measure whose rows make a bucket count (a derived metric has no rows of its own). */
  metric: z.string().min(1),
  grain: TimeGrain,
  /** The time dimension whose buckets are counted; omitted = the one that dates the metric. */
  dimension: z.string().min(1).optional(),
  label: z.string().optional(),
});
export type PeriodCount = z.infer<typeof PeriodCountSchema>;

/** Units a duration is counted in. */
export const DURATION_UNITS = ['day', 'hour', 'minute', 'second'] as const;

/**
 * The time from one date to another of the same rows, aggregated: "average number of days between
 * order date and ship date" = {from: order_date, to: ship_date, unit: day, agg: avg}. `from` and
 * `to` are time dimensions of one entity, or of one and an entity its rows reach to-one (then per row
 * of the first, the other's date joined); per row the duration is `to - from` (negative when `to`
 * is earlier), in whole calendar days for `day` (the dates' days, times of day ignored), in seconds
 * for `second`, and in seconds / 60 or / 3600 (fractional) for `minute` and `hour`. Rows with
 * either date NULL do not count (they are left out of the average, lowest, highest and total).
 * Computed per group like any metric; the query's filters and period apply (the period dates the
 * rows by `from` unless the query names another time dimension).
 */
export const DurationSchema = z.object({
  /** Output column name (unique in the query), e.g. `days_order_date_to_ship_date_avg`. */
  name: z.string().min(1),
  /** The time dimension the duration starts at. */
  from: z.string().min(1),
  /** The time dimension the duration ends at (same entity as `from`, or one related to-one). */
  to: z.string().min(1),
  unit: z.enum(DURATION_UNITS).default('day'),
  agg: z.enum(['avg', 'min', 'max', 'sum']).default('avg'),
  /** How the question named it (for labels and answer text). */
  label: z.string().optional(),
});
export type Duration = z.infer<typeof DurationSchema>;

/**
 * Each row's time from one date to another of its own, as a number column of those rows named `name`
 * ("stays that lasted more than 5 days": the stays whose own span from check-in to check-out is over 5).
 * Filters compare it row by row and `column_aggregates` may aggregate it, as a row attribute; a row with
 * either date missing has no span (NULL: no comparison keeps it).
 */
export const SpanSchema = z.object({
  /** The column's name (unique in the query), e.g. `days_check_in_to_check_out`. */
  name: z.string().min(1),
  /** The time dimension the span starts at. */
  from: z.string().min(1),
  /** The time dimension it ends at (of the same entity as `from`). */
  to: z.string().min(1),
  unit: z.enum(DURATION_UNITS).default('day'),
  /** How the question named it (for labels and answer text). */
  label: z.string().optional(),
});
export type Span = z.infer<typeof SpanSchema>;
export type SpanInput = z.input<typeof SpanSchema>;

/**
 * An aggregate of one value per row, as its own column: "the lowest and highest retail price of parts" =
 * {of: retail_price, agg: min} and {of: retail_price, agg: max}. `of` is a number dimension or a row
 * attribute (a measure that adds up one value per row of its own table: a sum, average, lowest or
 * highest of that table's columns with no filter of its own), whose per-row value is aggregated anew:
 * "the largest account balance" is the highest single balance, never the total. Computed per group
 * like any metric; the query's filters and period apply (dated like the entity's rows).
 */
export const ColumnAggregateSchema = z.object({
  /** Output column name (unique in the query), e.g. `retail_price_max`. */
  name: z.string().min(1),
  /** A number dimension, a time dimension (min/max only: its earliest, latest) or a row attribute (see above). */
  of: z.string().min(1),
  agg: z.enum(['avg', 'min', 'max', 'sum']),
  /**
   * Each row's `of` divided by its own value of this (a number dimension or row attribute of the same
   * entity; NULL where it is 0 or missing), aggregated: "the average ratio of weight to length".
   */
  per: z.string().min(1).optional(),
  /** How the question named it (for labels and answer text). */
  label: z.string().optional(),
});
export type ColumnAggregate = z.infer<typeof ColumnAggregateSchema>;

/** One side of a ratio: a metric, over all of its rows or over a subset of them. */
export const RatioSideSchema = z.object({
  metric: z.string().min(1),
  /** What makes a row part of this side (dimension filters, AND-ed); omitted = every row in scope. */
  filters: z.array(DimensionFilterSchema).optional(),
  /**
   * Members of an entity kept on this side only, by their own aggregated metric (AND-ed with the
   * filters): "restaurants with a rating above 4" = {entity: restaurant, metric: average_rating,
   * op: gt, value: 4}; "customers with more than 3 orders". Same meaning as `entity_conditions`
   * (not nested).
   */
  conditions: z.array(EntityConditionBase).optional(),
  /** How the question named this side (for labels and answer text), e.g. "shipped orders". */
  label: z.string().optional(),
});
export type RatioSide = z.infer<typeof RatioSideSchema>;

/**
 * A ratio of two metrics, or of one metric over two subsets, as its own column: "ratio of orders
 * to customers" = {numerator: {metric: orders}, denominator: {metric: customers}}; "shipped to
 * returned orders" = the orders metric with `status = shipped` over it with `status = returned`.
 * Computed per group like any metric (each side's filters apply to that side only, on top of the
 * query's own filters and period); a decimal (never integer division), NULL when the denominator
 * is 0 or missing.
 */
export const RatioSchema = z.object({
  /** Output column name (unique in the query), e.g. `orders_to_customers`. */
  name: z.string().min(1),
  numerator: RatioSideSchema,
  denominator: RatioSideSchema,
  /** How the question named the ratio (for labels and answer text). */
  label: z.string().optional(),
  /** `share`: the numerator is a part of the denominator ("proportion of restaurants with a rating above 4"), shown as a percentage of the fraction. */
  as: z.enum(['ratio', 'share']).optional(),
});
export type Ratio = z.infer<typeof RatioSchema>;

/**
 * Period-over-period comparison: each metric is computed for `time_range` (current) and for
 * `previous`, with columns `<metric>` (current), `<metric>_previous`, `<metric>_change`
 * (current - previous) and `<metric>_change_pct` (change / previous, a fraction; NULL when the
 * previous is 0). Requires `time_range`.
 */
export const PeriodComparisonSchema = z.object({
  /** The earlier period, same shape as a time range (inclusive start, exclusive end). */
  previous: TimeRangeSchema,
});
export type PeriodComparison = z.infer<typeof PeriodComparisonSchema>;

export const SemanticQuerySchema = z.object({
  metrics: z.array(z.string().min(1)).default([]),
  group_by: z.array(GroupBySchema).default([]),
  filters: z.array(DimensionFilterSchema).default([]),
  /**
   * The role the thing a filter's dimension belongs to holds for the query's rows, when they reach its table in two
   * roles and the filter only through a linking table (a table relating a thing to itself: "citations of Ann" = the
   * citation rows whose cited paper, a role entity of the paper table, is one Ann wrote): the entity of that role
   * (the table's own or a role entity of it). Without it such a filter is no reading. Not offered to the planner.
   */
  filter_roles: z.array(z.object({ dimension: z.string().min(1), role: z.string().min(1) })).optional(),
  /** Groups of alternative filters: a row is kept when any filter of a group holds (each group AND-ed with the rest). */
  any_of: z.array(AnyOfSchema).optional(),
  /** Number columns compared with an aggregate of themselves (AND-ed with the filters). */
  aggregate_filters: z.array(AggregateFilterSchema).optional(),
  /** Conditions on aggregated metrics (HAVING). */
  metric_filters: z.array(MetricFilterSchema).default([]),
  time_range: TimeRangeSchema.optional(),
  order: z.array(OrderSchema).default([]),
  limit: z.number().int().positive().optional(),
  /** The limit keeps every row tied with the last one kept on the order (the state with the most people, when three have as many). */
  with_ties: z.boolean().optional(),
  /** Metrics for which a `<metric>_share` column (fraction of the total over all groups) is added. */
  share_of_total: z.array(z.string().min(1)).default([]),
  /** Rows skipped before `limit` applies: the second largest = order desc, offset 1, limit 1. */
  offset: z.number().int().nonnegative().optional(),
  /** Metrics over a subset of rows, or a subset's share of the whole (one column each). */
  subset_metrics: z.array(SubsetMetricSchema).optional(),
  /** Conditions on members of an entity by their own aggregated metric (AND-ed). */
  entity_conditions: z.array(EntityConditionSchema).optional(),
  /** Averages per member of an entity ("line items per order"). */
  per_entity_averages: z.array(PerEntityAverageSchema).optional(),
  /** Distinct counts of an entity's members among the rows in scope. */
  distinct_counts: z.array(DistinctCountSchema).optional(),
  /** Numbers of time buckets (days, months ...) in which a metric has rows. */
  period_counts: z.array(PeriodCountSchema).optional(),
  /** Ratios of two metrics or of two subsets of one metric (one column each). */
  ratios: z.array(RatioSchema).optional(),
  /** Durations between two time dimensions of one entity, aggregated (one column each). */
  durations: z.array(DurationSchema).optional(),
  /** Each row's own time from one date to another, as number columns the filters may compare (see `SpanSchema`). */
  spans: z.array(SpanSchema).optional(),
  /**
   * Breakdowns within which `limit` (and `offset`, `with_ties`) rank, each the same as one of
   * `group_by` ("the lowest day in each month": group by day and month, rank within the month).
   */
  rank_within: z.array(GroupBySchema).optional(),
  /**
   * Metrics also shown as running totals ("cumulative cost by day"): `<metric>_running_total`, the
   * metric summed over the time breakdown's buckets up to each (within the other breakdowns).
   */
  running_totals: z.array(z.string().min(1)).optional(),
  /** Aggregates of one value per row: a number dimension or a row attribute (one column each). */
  column_aggregates: z.array(ColumnAggregateSchema).optional(),
  /** Period-over-period comparison of every metric (current = `time_range`). */
  comparison: PeriodComparisonSchema.optional(),
  /** Rows dated in the same period as another date of theirs (AND-ed with the filters). */
  same_periods: z.array(SamePeriodSchema).optional(),
  /**
   * Include members with no rows: every member of the breakdown's entity is a row, also those with
   * no rows in scope ("which customer has the fewest orders" can name one with none). The breakdown
   * must be by dimensions of one entity E (its key, its name, other attributes of E); the members are
   * the distinct values of those dimensions over E's own table, kept by the query's filters, period
   * and entity conditions that lie on E (or on what E reaches through to-one relationships). Filters
   * on the rows counted (the order's priority, the review's year) only decide what counts, so a member
   * none of whose rows pass them stays, with: counts and sums 0 (no rows, nothing added up), every
   * other aggregate (average, lowest, highest) NULL. Omitted or false = only the members with rows.
   */
  include_empty_members: z.boolean().optional(),
});

/**
 * The query the LLM planner is offered: entity conditions not nested (the rule-based reader's shape),
 * so that the plan tool's JSON schema carries no recursive definition.
 */
/**
 * What the LLM planner may fill in: the query without the forms only the rule-based reading
 * produces (running totals, ranking within a coarser breakdown, per-row column aggregates), whose
 * schema would push a planning request past its 4k-token budget; plus entity conditions.
 */
/** The planner's periods: weekends or weekdays, never named days or times of day (the rule-based reader's, kept out of the budget). */
const PlannerTimeRangeSchema = TimeRangeSchema.omit({ clock: true }).extend({ days: z.enum(['weekend', 'weekday']).optional() });
const PlannerConditionSchema = EntityConditionBase.extend({ time_range: PlannerTimeRangeSchema.optional() });
const PlannerRatioSide = RatioSideSchema.extend({ conditions: z.array(PlannerConditionSchema).optional() });
export const PlannerQuerySchema = SemanticQuerySchema.omit({
  rank_within: true,
  running_totals: true,
  column_aggregates: true,
  filter_roles: true,
  aggregate_filters: true,
  spans: true,
}).extend({
  time_range: PlannerTimeRangeSchema.optional(),
  comparison: z.object({ previous: PlannerTimeRangeSchema }).optional(),
  entity_conditions: z.array(PlannerConditionSchema).optional(),
  ratios: z.array(RatioSchema.extend({ numerator: PlannerRatioSide, denominator: PlannerRatioSide })).optional(),
  // (an order by a text's length is the rules' own: the plan's prompt budget has no room for it)
  order: z.array(OrderSchema.omit({ expr: true })).default([]),
});
export type SemanticQuery = z.infer<typeof SemanticQuerySchema>;
export type SemanticQueryInput = z.input<typeof SemanticQuerySchema>;
