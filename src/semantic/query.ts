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
  /** A dimension or time dimension name. */
  dimension: z.string().min(1),
  /** Required for a time dimension: the bucket (day..year). */
  grain: TimeGrain.optional(),
});
export type GroupBy = z.infer<typeof GroupBySchema>;

export const DimensionFilterSchema = z.object({
  dimension: z.string().min(1),
  op: z.enum(['eq', 'ne', 'in', 'not_in', 'gt', 'gte', 'lt', 'lte', 'between']),
  /** One value for eq/ne/gt..lte, one or more for in/not_in, two (inclusive) for between. */
  values: z.array(Scalar).min(1),
});
export type DimensionFilter = z.infer<typeof DimensionFilterSchema>;

export const MetricFilterSchema = z.object({
  metric: z.string().min(1),
  op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq', 'ne']),
  value: z.number(),
});
export type MetricFilter = z.infer<typeof MetricFilterSchema>;

export const TimeRangeSchema = z.object({
  /** The dating time dimension; omitted = each metric's own `time_dimension`. */
  dimension: z.string().min(1).optional(),
  /** Inclusive start, YYYY-MM-DD. */
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Exclusive end, YYYY-MM-DD. */
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** How the question named it, e.g. "1997", "last quarter" (for answer text). */
  label: z.string().optional(),
});
export type TimeRange = z.infer<typeof TimeRangeSchema>;

export const OrderSchema = z.object({
  /** A metric or group-by dimension name. */
  by: z.string().min(1),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type Order = z.infer<typeof OrderSchema>;

export const SemanticQuerySchema = z.object({
  metrics: z.array(z.string().min(1)).default([]),
  group_by: z.array(GroupBySchema).default([]),
  filters: z.array(DimensionFilterSchema).default([]),
  /** Conditions on aggregated metrics (HAVING). */
  metric_filters: z.array(MetricFilterSchema).default([]),
  time_range: TimeRangeSchema.optional(),
  order: z.array(OrderSchema).default([]),
  limit: z.number().int().positive().optional(),
  /** Metrics for which a `<metric>_share` column (fraction of the total over all groups) is added. */
  share_of_total: z.array(z.string().min(1)).default([]),
});
export type SemanticQuery = z.infer<typeof SemanticQuerySchema>;
export type SemanticQueryInput = z.input<typeof SemanticQuerySchema>;
