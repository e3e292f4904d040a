/**
 * The answer fields of an agent inquiry's status response (spec/service-api.md §2), written once:
 * REST and MCP declare them through InquiryStatusResponseSchema (src/schemas/inquiry.ts), the
 * answer stage (src/answer/types.ts), the agent graph's state and the web client take their types
 * from here.
 */
import { z } from 'zod';
import { FormatSchema, TimeGrain } from '../semantic/model.js';
import { DIMENSION_FILTER_OPS, type SemanticQuery } from '../semantic/query.js';

/** An empty object: what the answer fields hold while an inquiry is processing or has no chart. */
const Empty = z.record(z.string(), z.never());

export const CHART_TYPES = ['kpi', 'line', 'bar', 'grouped_bar', 'multi_line', 'table'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const AnswerDataSchema = z.object({
  title: z.string(),
  data: z.array(z.record(z.string(), z.unknown())),
  symbols: z.record(z.string(), z.string()),
  semantic_types: z.record(z.string(), z.string()),
  truncated: z.boolean().optional().describe('true when data holds only the first rows of the result'),
  total_rows: z.number().int().optional().describe('rows of the whole result, when data was cut'),
});
export type AnswerData = z.infer<typeof AnswerDataSchema>;

export const AxisMetaSchema = z.object({
  field: z.string(),
  title: z.string(),
  type: z.enum(['temporal', 'ordinal', 'nominal', 'quantitative']),
  unit: z.string().optional(),
  format: FormatSchema.optional(),
  vega_format: z.string().optional().describe('d3-format / d3-time-format string used on the axis'),
});
export type AxisMeta = z.infer<typeof AxisMetaSchema>;

export const ChartMetadataSchema = z.object({
  title: z.string(),
  x_axis: AxisMetaSchema.optional(),
  y_axis: AxisMetaSchema.optional(),
  series: z.object({ field: z.string(), title: z.string() }).optional(),
  value: AxisMetaSchema.optional().describe('The value column of a KPI'),
  columns: z
    .array(z.object({ field: z.string(), title: z.string(), type: z.string() }))
    .optional()
    .describe('Columns of a table chart, in order'),
  units: z.record(z.string(), z.string()).describe('Column name -> unit or currency symbol'),
  vega_lite: z.record(z.string(), z.unknown()).describe('A complete Vega-Lite v5 specification (data inlined)'),
});
export type ChartMetadata = z.infer<typeof ChartMetadataSchema>;

export const AnswerChartSchema = z.object({
  chart_type: z.union([z.enum(CHART_TYPES), z.literal('')]),
  chart_metadata: z.union([ChartMetadataSchema, Empty]),
  chart_data: z.array(z.record(z.string(), z.unknown())),
});
export type AnswerChart = z.infer<typeof AnswerChartSchema>;

export const AnswerThinkingSchema = z.object({
  title: z.string(),
  messages: z.array(z.string()),
});
export type AnswerThinking = z.infer<typeof AnswerThinkingSchema>;

/**
 * A structured query as the answer shows it: checked as an object here, typed as the query it is
 * (it was parsed with SemanticQuerySchema before it ran).
 */
const ShownQuery = z.record(z.string(), z.unknown()) as unknown as z.ZodType<SemanticQuery>;

const FilterValues = z.array(z.union([z.string(), z.number(), z.boolean()]));

export const AnswerExplanationSchema = z.object({
  closest_reading: z
    .object({ question: z.string(), semantic_query: ShownQuery })
    .optional()
    .describe('On a refusal only: the nearest complete reading, offered (never run unasked)'),
  metrics: z.array(z.object({ name: z.string(), label: z.string(), definition: z.string(), format: FormatSchema.optional() })).optional(),
  dimensions: z
    .array(
      z.object({
        name: z.string(),
        label: z.string(),
        kind: z.enum(['dimension', 'time']),
        grain: TimeGrain.optional(),
        definition: z.string(),
      }),
    )
    .optional(),
  filters: z
    .array(
      z.object({
        dimension: z.string(),
        label: z.string(),
        op: z.enum(DIMENSION_FILTER_OPS),
        values: FilterValues,
        source: z.enum(['question', 'request']),
      }),
    )
    .optional(),
  any_of: z
    .array(
      z.object({
        filters: z.array(z.object({ dimension: z.string(), label: z.string(), op: z.enum(DIMENSION_FILTER_OPS), values: FilterValues })),
      }),
    )
    .optional()
    .describe('Groups of alternative filters from the question: a row is kept when any filter of a group holds'),
  metric_filters: z.array(z.object({ metric: z.string(), op: z.string(), value: z.number() })).optional(),
  period: z
    .object({
      start: z.string().nullable().describe('Inclusive start; null when all data and the data range is unknown'),
      end: z.string().nullable().describe('Inclusive end (the last day covered)'),
      end_exclusive: z.string().nullable().optional().describe('Exclusive end, as the query used it'),
      label: z.string(),
      dated_by: z.array(z.string()).optional().describe('The dating time dimension(s)'),
    })
    .optional(),
  order: z.array(z.object({ by: z.string(), direction: z.enum(['asc', 'desc']) })).optional(),
  limit: z.number().optional(),
  share_of_total: z.array(z.string()).optional(),
  source_entities: z.array(z.string()).optional(),
  sql_dialect: z.string().optional(),
  row_count: z.number().optional(),
  truncated: z.boolean().optional(),
  incomplete_periods: z
    .array(z.string())
    .optional()
    .describe('Periods the data does not cover to their end (the current year, a partial last bucket), as sentences'),
  truncated_by: z
    .enum(['rows', 'bytes'])
    .optional()
    .describe('When truncated: what cut the result (rows: the row limit, bytes: the result size limit)'),
  total_row_count: z.number().optional().describe('When truncated: rows of the whole result, counted by the warehouse'),
  figures_cover_all_rows: z
    .boolean()
    .optional()
    .describe('When truncated: whether counts, totals, highest and lowest in the answer cover every row (computed by the warehouse)'),
});
export type AnswerExplanation = z.infer<typeof AnswerExplanationSchema>;
export type ClosestReadingExplanation = NonNullable<AnswerExplanation['closest_reading']>;

/** Answer fields of a regular (agent) inquiry; empty values while processing. */
export const AnswerFieldsSchema = z.object({
  answer: z.string(),
  sql_query: z.string(),
  data: AnswerDataSchema,
  chart: AnswerChartSchema,
  explanation: z.string(),
  time_frame: z.string(),
  answer_explanation: z.union([AnswerExplanationSchema, Empty]),
  thinking: AnswerThinkingSchema,
});
export type AnswerFields = z.infer<typeof AnswerFieldsSchema>;
