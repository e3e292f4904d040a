/**
 * Public shapes of research (the job API, batches, scheduled reports), defined once and shared by
 * REST (validation + OpenAPI), the tool interface and the research graph.
 */
import { z } from 'zod';
import { DimensionsSchema } from './inquiry.js';
import { questionField } from './question.js';

/** Limits of one investigation; what is not given takes the default. */
export const ResearchBudgetSchema = z
  .object({
    rounds: z
      .number()
      .int()
      .min(1)
      .max(5)
      .optional()
      .describe('Rounds of questions: the plan, then follow-ups from what was found (1-5, default 2)'),
    queries: z.number().int().min(1).max(100).optional().describe('Sub-questions run in all (1-100, default 20)'),
    minutes: z
      .number()
      .min(0.05)
      .max(60)
      .optional()
      .describe('Wall-clock minutes before the report is written with what was found (default 10)'),
  })
  .strict()
  .describe('Research budget; defaults apply to what is left out');
export type ResearchBudgetInput = z.infer<typeof ResearchBudgetSchema>;
export type ResearchBudget = Required<ResearchBudgetInput>;

export const DEFAULT_RESEARCH_BUDGET: ResearchBudget = { rounds: 2, queries: 20, minutes: 10 };

export function resolveBudget(b: ResearchBudgetInput | null | undefined): ResearchBudget {
  return { ...DEFAULT_RESEARCH_BUDGET, ...Object.fromEntries(Object.entries(b ?? {}).filter(([, v]) => v !== undefined)) };
}

/** "1 round", "2 rounds". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Seconds of grace after the budget's minutes before the lifecycle ends a research inquiry `timeout`. */
export const RESEARCH_GRACE_MS = 60_000;

export const RESEARCH_OPERATION_KINDS = ['plan', 'query', 'reflect', 'write'] as const;

/** One step of an investigation, as shown in `operations`. */
export const ResearchOperationSchema = z
  .object({
    id: z.string().describe('plan, q1, q2 ..., reflect1, write'),
    kind: z.enum(RESEARCH_OPERATION_KINDS),
    round: z.number().int(),
    status: z.string().describe('done | no_data | failed | timeout | out_of_scope | skipped'),
    question: z.string().optional().describe('The sub-question in words (query operations)'),
    purpose: z.string().optional().describe('Why the sub-question is asked'),
    angle: z.string().optional().describe('headline | trend | breakdown | share | top | bottom | drilldown'),
    sql: z.string().optional(),
    row_count: z.number().int().optional(),
    rows: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .describe('Result rows (at most 100), the source of every number in final_answer'),
    columns: z.array(z.record(z.string(), z.unknown())).optional(),
    started_at: z.string().describe('ISO 8601'),
    finished_at: z.string().describe('ISO 8601'),
    elapsed_ms: z.number(),
    error: z.string().optional(),
    detail: z.string().optional().describe('What the step decided (plan, reflect, write)'),
  })
  .passthrough();
export type ResearchOperation = z.infer<typeof ResearchOperationSchema>;

export function researchRequestSchema(maxQueryLength: number) {
  return z.object(
    {
      question: questionField('question', maxQueryLength, 'the research question'),
      dimensions: DimensionsSchema.nullable().optional(),
      budget: ResearchBudgetSchema.nullable().optional(),
    },
    { error: 'the request body must be a JSON object: {"question": "...", "dimensions": {...}, "budget": {...}}' },
  );
}

export const ResearchSubmittedSchema = z.object({
  session_id: z.string(),
  inquiry_id: z.string(),
  status: z.literal('submitted'),
  message: z.string(),
});
export type ResearchSubmitted = z.infer<typeof ResearchSubmittedSchema>;

/** Most questions in one batch (`POST /api/inquiries/batch`, the tool `ask_questions`). */
export const MAX_BATCH_QUESTIONS = 20;

export function batchRequestSchema(maxQueryLength: number) {
  return z.object(
    {
      questions: z
        .array(
          z.object({
            question: questionField('question', maxQueryLength),
            dimensions: DimensionsSchema.nullable().optional(),
          }),
          { error: 'questions must be an array of {question, dimensions?}' },
        )
        .min(1, { error: 'questions must hold at least one question' })
        .max(MAX_BATCH_QUESTIONS, { error: `questions must hold at most ${MAX_BATCH_QUESTIONS} questions` })
        .describe(`1 to ${MAX_BATCH_QUESTIONS} questions; each runs in its own new session, in parallel`),
    },
    { error: 'the request body must be a JSON object: {"questions": [{"question": "...", "dimensions": {...}}]}' },
  );
}

/** §2 batch submission result. */
export const BatchSubmittedSchema = z.object({
  inquiries: z.array(z.object({ inquiry_id: z.string(), session_id: z.string(), question: z.string(), status: z.string() })),
  total_inquiries: z.number().int(),
});
export type BatchSubmitted = z.infer<typeof BatchSubmittedSchema>;

// ---- scheduled reports ----------------------------------------------------------------------

/** A new scheduled report; its question has the same limit as every other question. */
export const reportCreateSchema = (maxQueryLength: number) =>
  z.object(
    {
      name: z
        .string({ error: 'name is required' })
        .trim()
        .min(1, { error: 'name must not be empty' })
        .max(200, { error: 'name must be at most 200 characters' }),
      question: questionField('question', maxQueryLength, 'the research question'),
      schedule: z
        .string({ error: 'schedule is required: a cron expression, e.g. "0 8 * * 1"' })
        .trim()
        .min(1)
        .describe('Cron expression (5 or 6 fields, croner syntax), e.g. "0 8 * * 1" = Mondays 08:00'),
      timezone: z.string().trim().min(1).default('UTC').describe('IANA time zone of the schedule, e.g. Europe/Berlin (default UTC)'),
      dimensions: DimensionsSchema.nullable().optional(),
      budget: ResearchBudgetSchema.nullable().optional(),
    },
    { error: 'the request body must be a JSON object: {"name", "question", "schedule", "timezone"}' },
  );
export type ReportCreate = z.infer<ReturnType<typeof reportCreateSchema>>;

export const ReportSchema = z.object({
  id: z.string(),
  name: z.string(),
  question: z.string(),
  schedule: z.string(),
  timezone: z.string(),
  dimensions: z.record(z.string(), z.unknown()).nullable(),
  budget: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  last_run_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportRunSchema = z.object({
  inquiry_id: z.string(),
  session_id: z.string(),
  scheduled_for: z.string().describe('ISO 8601: the time the run was due'),
  created_at: z.string(),
  status: z.string().describe("status.general of the run's research inquiry"),
  final_answer: z.string(),
  progress: z.number().int(),
});
export const ReportRunsSchema = z.object({ report_id: z.string(), runs: z.array(ReportRunSchema) });
