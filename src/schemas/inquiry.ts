/**
 * The inquiry's public shapes, defined once and shared by REST (validation + OpenAPI), the tool
 * interface and the graphs.
 */
import { z } from 'zod';
import { AnswerFieldsSchema } from './answer.js';
import { WarehouseInfoSchema } from './warehouse.js';

export const TERMINAL_STATES = ['done', 'failed', 'timeout', 'stopped', 'out_of_domain', 'out_of_scope', 'no_data'] as const;
export const INQUIRY_STATES = ['processing', ...TERMINAL_STATES] as const;
export type TerminalState = (typeof TERMINAL_STATES)[number];
export type InquiryState = (typeof INQUIRY_STATES)[number];
export const isTerminal = (s: string): s is TerminalState => (TERMINAL_STATES as readonly string[]).includes(s);

export const INQUIRY_TYPES = ['agent', 'research'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/** Readiness of the answer and chart: `pending` while processing, `ready` once terminal. */
export const READINESS = ['pending', 'ready'] as const;

const PatternText = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
/** The text patterns a request may scope a text dimension by (any one text of a list matching; letter case ignored). */
export const DIMENSION_PATTERN_KEYS = ['starts_with', 'ends_with', 'contains', 'not_starts_with', 'not_ends_with', 'not_contains'] as const;

/** A request's dimension filter value: one value, a list, an inclusive range, or a text pattern. */
export const DimensionValueSchema = z.union(
  [
    z.string(),
    z.number(),
    z.boolean(),
    z.array(z.union([z.string(), z.number(), z.boolean()])).min(1),
    z
      .object({ from: z.union([z.string(), z.number()]).optional(), to: z.union([z.string(), z.number()]).optional() })
      .strict()
      .refine((r) => r.from !== undefined || r.to !== undefined, 'a range needs from and/or to'),
    z
      .object(
        Object.fromEntries(DIMENSION_PATTERN_KEYS.map((k) => [k, PatternText.optional()])) as Record<
          (typeof DIMENSION_PATTERN_KEYS)[number],
          z.ZodOptional<typeof PatternText>
        >,
      )
      .strict()
      .refine((r) => Object.values(r).some((v) => v !== undefined), `a text pattern needs one of ${DIMENSION_PATTERN_KEYS.join(', ')}`),
    /** Whether the dimension has a value at all: {set: true} keeps the rows with one, {set: false} those with none (NULL, or '' on text). */
    z.object({ set: z.boolean() }).strict(),
  ],
  {
    error: `expected a value, a non-empty list of values, a {from, to} range, a text pattern {${DIMENSION_PATTERN_KEYS.join('|')}: non-empty text or list of texts} or {set: true|false}`,
  },
);
/**
 * `__proto__` is no dimension, but a record parser silently drops that key, which would scope the
 * question less than asked: it is refused by name instead.
 */
const noProtoKey = (input: unknown, ctx: z.RefinementCtx<unknown>) => {
  if (input !== null && typeof input === 'object' && Object.prototype.hasOwnProperty.call(input, '__proto__')) {
    ctx.addIssue({
      code: 'custom',
      path: ['__proto__'],
      message:
        'dimensions.__proto__: "__proto__" is not a dimension name; use the model\'s dimension names (e.g. region, nation, market_segment; an unknown name is answered with the full list)',
    });
  }
};

const DimensionsRecord = z.record(z.string(), DimensionValueSchema, {
  error: `dimensions must be an object mapping dimension names to a value, a list of values, a {from, to} range, a text pattern {${DIMENSION_PATTERN_KEYS.join('|')}: text} or {set: true|false}`,
});
/** The record's JSON schema, for documents that describe the input (OpenAPI, tool schemas): the check before it has none. */
const { $schema: _unused, ...dimensionsJsonSchema } = z.toJSONSchema(DimensionsRecord, { io: 'input' }) as Record<string, unknown>;
void _unused;

export const DimensionsSchema = z
  .unknown()
  .superRefine(noProtoKey)
  .pipe(DimensionsRecord)
  .meta({
    ...dimensionsJsonSchema,
    description:
      'Dimension filters that scope every query of the inquiry, e.g. {"region": "EUROPE"} or {"market_segment": ["BUILDING", "MACHINERY"]}; a text dimension also takes a pattern, letter case ignored: {"customer": {"starts_with": "Customer#00001"}} (starts_with, ends_with, contains, not_starts_with, not_ends_with, not_contains)',
  });
export type Dimensions = z.infer<typeof DimensionsSchema>;

// The answer fields are written once, in ./answer.ts.
export { AnswerFieldsSchema, type AnswerFields } from './answer.js';

/** Chart types a client may show an answer as (`selected_view`); which fit depends on the result's shape. */
export const CHART_VIEWS = ['bar', 'line', 'area', 'table', 'number'] as const;
export type ChartView = (typeof CHART_VIEWS)[number];

/** How an agent inquiry was read and is shown: fields for clients that let people edit and keep answers. */
export const ReadingFieldsSchema = z.object({
  warehouse: WarehouseInfoSchema.optional().describe(
    "The warehouse that answered (the account's own; a deployment may have several), once terminal",
  ),
  semantic_query: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .describe(
      'The reading: the structured query that ran (metrics, group_by, filters, time_range, order, limit …), once terminal and when one ran. Edit it and send it to POST /session/{session_id}/inquiry/structured to ask again',
    ),
  selected_view: z
    .enum(CHART_VIEWS)
    .nullable()
    .optional()
    .describe('The chart type chosen for this answer in the web app (null: the default chart_type)'),
  overview: z
    .object({
      period: z.string().describe('The latest complete period, e.g. "1998-Q2"'),
      previous: z.string().describe('The period before it'),
      metrics: z
        .array(
          z.object({
            name: z.string(),
            label: z.string(),
            drill_in: z.record(z.string(), z.unknown()).describe('A structured query: the metric by month over both periods'),
          }),
        )
        .describe('The headline metrics, each with its drill-in'),
    })
    .optional()
    .describe('Set when a vague question ("how are we doing?") was answered with an overview of the headline metrics'),
});

/** One chart of a research report: a Vega-Lite v5 spec drawing the rows of the sub-question it cites. */
export const ReportChartSchema = z.object({
  from: z.string().describe('The sub-question (operation id, q1..) whose rows the chart draws'),
  title: z.string(),
  spec: z.record(z.string(), z.unknown()).describe('Vega-Lite v5 spec; data.values are row values as returned, usermeta.from the citation'),
});
export type ReportChart = z.infer<typeof ReportChartSchema>;

/** Fields of a research inquiry, in place of answer, sql_query and data. */
export const ResearchFieldsSchema = z.object({
  final_answer: z.string().describe("The report in Markdown; every number in it is a value of some operation's rows"),
  /** The report rendered as HTML (safe to insert: only the report's own structure is markup). */
  final_answer_html: z.string().optional(),
  progress: z.number().int().min(0).max(100).describe('0-100 from finished vs planned steps; never goes back; 100 once terminal'),
  charts: z
    .array(ReportChartSchema)
    .optional()
    .describe("The report's charts (Vega-Lite v5), each citing the sub-question it draws; empty while running"),
  operations: z
    .array(z.record(z.string(), z.unknown()))
    .describe(
      'One record per step, in order: plan (detail: the sub-questions and their purpose), each query (id q1.., round, angle, question, purpose, status, sql, row_count, rows (at most 100; a scan of every dimension at most 600), columns, started_at, finished_at, elapsed_ms, error), reflect (detail: what it decided), write',
    ),
});

export const InquiryStatusResponseSchema = z
  .object({
    inquiry_id: z.string(),
    status: z.object({
      general: z.enum(INQUIRY_STATES),
      answer: z.enum(READINESS),
      chart: z.enum(READINESS),
    }),
    inquiry_type: z.enum(INQUIRY_TYPES),
    user_input: z.string(),
    session_id: z.string(),
    created_at: z.string().describe('ISO 8601'),
    completed_at: z.string().nullable().describe('ISO 8601, null while processing'),
    error: z.string().nullable().describe('Why a failed, timeout, out_of_scope or out_of_domain inquiry ended so'),
    dimensions: z.record(z.string(), z.unknown()).nullable(),
  })
  .extend(AnswerFieldsSchema.partial().shape)
  .extend(ReadingFieldsSchema.shape)
  .extend(ResearchFieldsSchema.partial().shape)
  .describe(
    'The inquiry status response (§2): agent inquiries carry the answer fields, research inquiries final_answer, progress and operations.',
  );
export type InquiryStatusResponse = z.infer<typeof InquiryStatusResponseSchema>;
