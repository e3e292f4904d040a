/**
 * The semantic model: the governed vocabulary of one warehouse (entities, dimensions, time
 * dimensions, measures, metrics, relationships, glossary, defaults, as_of).
 *
 * Written once as zod schemas; the YAML loader validates against them, the compiler, catalogue,
 * interpreter and tools read the inferred types. Plain data only: no I/O here.
 *
 * SQL fragments (`sql`, `filter`) use `${TABLE}` for the alias of the entity they belong to,
 * as in LookML, so that the same table can play several roles (customer nation vs supplier nation).
 * `${other_entity}` names another entity reached from the fragment's own entity through
 * many_to_one relationships (the compiler adds the joins), e.g. `${partsupp}.ps_supplycost`.
 * `@days_between(a, b)` is the number of days from date a to date b, written by each dialect.
 */
import { z } from 'zod';

export const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
const Name = z.string().regex(IDENTIFIER, 'a lower_snake_case name');
const Synonyms = z.array(z.string().min(1)).default([]);

export const TIME_GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export const TimeGrain = z.enum(TIME_GRAINS);
export type TimeGrain = z.infer<typeof TimeGrain>;

export const EntitySchema = z
  .object({
    name: Name,
    /** A warehouse table or view name; exactly one of `table` and `sql`. */
    table: z.string().min(1).optional(),
    /** A SELECT defining the entity (a SQL view inside the model). */
    sql: z.string().min(1).optional(),
    primary_key: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    description: z.string().default(''),
    synonyms: Synonyms,
  })
  .refine((e) => (e.table === undefined) !== (e.sql === undefined), {
    message: 'an entity needs exactly one of `table` or `sql`',
  });
export type Entity = z.infer<typeof EntitySchema>;

export const RelationshipSchema = z.object({
  /** The entity holding the foreign key (the "many" side for many_to_one). */
  from: Name,
  to: Name,
  /** Column pairs: [from_column, to_column]. */
  on: z.array(z.tuple([z.string().min(1), z.string().min(1)])).min(1),
  cardinality: z.enum(['many_to_one', 'one_to_one', 'one_to_many']).default('many_to_one'),
  /** Some rows of `from` have no key to join on (found in the data when the layer loads: `markOptionalLinks`). */
  optional: z.boolean().optional(),
});
export type Relationship = z.infer<typeof RelationshipSchema>;

export const DimensionType = z.enum(['string', 'number', 'boolean', 'date']);

export const DimensionSchema = z.object({
  name: Name,
  entity: Name,
  /** SQL expression over the entity, e.g. `${TABLE}.c_mktsegment`. */
  sql: z.string().min(1),
  type: DimensionType.default('string'),
  label: z.string().optional(),
  description: z.string().default(''),
  synonyms: Synonyms,
  /** Distinct values are read from the warehouse at load so questions can name them. */
  index_values: z.boolean().default(false),
  /**
   * Business names of stored values, e.g. `{ "1-URGENT": ["urgent"], "F": ["fulfilled"] }`.
   * A synonym may name several stored values through `value_groups`.
   */
  value_synonyms: z.record(z.string(), z.array(z.string())).default({}),
  /** Named sets of stored values, e.g. `high priority: [1-URGENT, 2-HIGH]`. */
  value_groups: z.record(z.string(), z.array(z.string()).min(1)).default({}),
  /**
   * The values are times of day: `time` a TIME column, `hhmm` whole numbers written HHMM (930 =
   * 9:30, 1745 = 17:45). "before 1pm", "in the morning" compare them; omitted: they are no clock.
   */
  clock: z.enum(['time', 'hhmm']).optional(),
  /**
   * `year`: the values are years (1766, '2015') though the name may not say so (`opened`, `founded`): a
   * period of whole years compares them and "the oldest", "opened first" order by them; never summed.
   */
  grain: z.enum(['year']).optional(),
});
export type Dimension = z.infer<typeof DimensionSchema>;

export const TimeDimensionSchema = z.object({
  name: Name,
  entity: Name,
  sql: z.string().min(1),
  grains: z.array(TimeGrain).default([...TIME_GRAINS]),
  /** `timestamp`: the values carry a time of day ("before 1pm" applies); `date` or omitted: they may not. */
  type: z.enum(['date', 'timestamp']).optional(),
  label: z.string().optional(),
  description: z.string().default(''),
  /** Words that select this dating, e.g. shipped, shipments. */
  synonyms: Synonyms,
});
export type TimeDimension = z.infer<typeof TimeDimensionSchema>;

export const Aggregation = z.enum(['sum', 'count', 'count_distinct', 'avg', 'min', 'max']);
export type Aggregation = z.infer<typeof Aggregation>;

export const FormatSchema = z.object({
  /** number | integer | currency | percent (a fraction: 0.05 shows as 5%) | days */
  kind: z.enum(['number', 'integer', 'currency', 'percent', 'duration']).default('number'),
  /** Unit or currency symbol shown with values, e.g. `$`, `days`. */
  unit: z.string().optional(),
  decimals: z.number().int().min(0).max(6).optional(),
});
export type Format = z.infer<typeof FormatSchema>;

const MetricCommon = {
  name: Name,
  label: z.string().optional(),
  description: z.string().default(''),
  synonyms: Synonyms,
  format: FormatSchema.default({ kind: 'number' }),
  /** The time dimension that dates this metric unless a question asks for another. */
  time_dimension: Name.optional(),
  /** Time dimensions this metric may also be dated by (e.g. ship_date, receipt_date). */
  alternate_time_dimensions: z.array(Name).default([]),
  /** false for stock-like metrics (customers, account balance) that no period filters. */
  time_bound: z.boolean().default(true),
};

/** An aggregation over one entity's rows, optionally filtered (`late deliveries`). */
export const MeasureSchema = z.object({
  ...MetricCommon,
  entity: Name,
  agg: Aggregation,
  /** SQL expression aggregated; omitted for count(*). */
  sql: z.string().min(1).optional(),
  /** SQL condition over the entity restricting the rows aggregated. */
  filter: z.string().min(1).optional(),
});
export type Measure = z.infer<typeof MeasureSchema>;

/** An expression over measures by name, e.g. `profit / revenue` or `revenue - supply_cost`. */
export const DerivedMetricSchema = z.object({
  ...MetricCommon,
  expression: z.string().min(1),
});
export type DerivedMetric = z.infer<typeof DerivedMetricSchema>;

export const AsOfSchema = z.union([
  z.literal('today'),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD'),
  z.object({ latest: Name }),
]);
export type AsOf = z.infer<typeof AsOfSchema>;

/**
 * A question the modeller has answered once and for all: a SemanticQuery (checked against
 * SemanticQuerySchema when the planner loads it; kept loose here to avoid an import cycle with
 * query.ts) or, for what the semantic layer cannot express, one read-only SELECT. A close match
 * of a new question is answered from it without a model call and marked verified.
 */
export const VerifiedQuerySchema = z
  .object({
    question: z.string().min(1),
    query: z.record(z.string(), z.unknown()).optional(),
    sql: z.string().min(1).optional(),
  })
  .refine((v) => (v.query === undefined) !== (v.sql === undefined), { message: 'a verified query needs exactly one of `query` or `sql`' });
export type VerifiedQuery = z.infer<typeof VerifiedQuerySchema>;

export const SemanticModelSchema = z.object({
  name: z.string().min(1),
  description: z.string().default(''),
  /** Anchors relative periods: `today`, a fixed date, or `{latest: <time dimension>}`. */
  as_of: AsOfSchema.default('today'),
  /** Company facts shown by get_account_info/contextualize. */
  company: z.record(z.string(), z.unknown()).default({}),
  entities: z.array(EntitySchema).min(1),
  relationships: z.array(RelationshipSchema).default([]),
  dimensions: z.array(DimensionSchema).default([]),
  time_dimensions: z.array(TimeDimensionSchema).default([]),
  measures: z.array(MeasureSchema).default([]),
  metrics: z.array(DerivedMetricSchema).default([]),
  glossary: z.record(z.string(), z.string()).default({}),
  /** Curated question → query pairs (see VerifiedQuerySchema). */
  verified_queries: z.array(VerifiedQuerySchema).default([]),
  defaults: z
    .object({
      time_dimension: Name.optional(),
      ranking_metric: Name.optional(),
    })
    .default({}),
});
export type SemanticModel = z.infer<typeof SemanticModelSchema>;
export type SemanticModelInput = z.input<typeof SemanticModelSchema>;
