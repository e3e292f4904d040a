/**
 * Types of the answer stage: what it takes (the resolved query, the compiled columns and the
 * warehouse rows) and the answer fields of the inquiry status response it produces
 * (spec/service-api.md §2).
 */
import type { SemanticModel } from '../semantic/model.js';
import type { AnswerFields } from '../schemas/answer.js';
import type { DimensionFilter, SemanticQuery } from '../semantic/query.js';
import type { CompiledColumn } from '../semantic/compiler.js';

/**
 * One column of the compiled SQL's result, as the compiler describes it: `name` (the row key),
 * `kind` (dimension | time | metric | share), `ref` (the model name), `grain` for time columns,
 * and optionally `label` and `format`.
 */
export type { CompiledColumn };

/** A period: start inclusive, end exclusive (both YYYY-MM-DD). */
export interface TimeFrame {
  start: string;
  end: string;
  /** How the question named it, e.g. "last year". */
  label?: string;
  /** The dating time dimension, when not each metric's own. */
  dimension?: string;
}

export interface AnswerInput {
  /** The question as submitted (user text: escaped wherever it lands in HTML). */
  question: string;
  query: SemanticQuery;
  model: SemanticModel;
  columns: CompiledColumn[];
  /** Warehouse rows, JSON-ready; passed through untouched into data.data. */
  rows: Record<string, unknown>[];
  /** More rows existed than were kept (`rows` is the first part of the result). */
  truncated?: boolean;
  /** What cut them: the row cap or the byte cap. */
  truncatedBy?: 'rows' | 'bytes';
  /** Figures of the whole result, computed by the warehouse over all rows, when `rows` was cut. */
  summary?: ResultSummary;
  sql: string;
  /** The resolved period; defaults to `query.time_range`. */
  timeFrame?: TimeFrame;
  /** Filters that came from the request's `dimensions` object (reported as such). */
  filtersFromRequest?: DimensionFilter[];
  /** The as-of date (YYYY-MM-DD): "today" of the model; the data end when no dataRange. */
  asOf: string;
  /** First and last date with data (both inclusive), for "all data (start to end)". */
  dataRange?: { start: string; end: string };
  /** SQL dialect the query ran in, e.g. duckdb. */
  dialect?: string;
  /** Steps reported by earlier stages (interpretation, planning), shown first in `thinking`. */
  thinking?: string[];
}

/** Counted, summed and ranked by the warehouse over every row of a result that was cut. */
export interface ResultSummary {
  /** Rows the whole result has. */
  rowCount: number;
  /** Each metric column's sum over all rows (stated only for metrics that add up). */
  totals: Record<string, number | null>;
  /** The rows with the highest and lowest value of the leading metric. */
  highest?: Record<string, unknown>;
  lowest?: Record<string, unknown>;
}

/** The answer fields it produces: their zod schemas (src/schemas/answer.ts) are the one definition. */
export type {
  AnswerChart,
  AnswerData,
  AnswerExplanation,
  AnswerFields,
  AnswerThinking,
  AxisMeta,
  ChartMetadata,
  ChartType,
  ClosestReadingExplanation,
} from '../schemas/answer.js';

export interface AnswerStatus {
  answer: 'ready';
  chart: 'ready';
}

export type AnswerResult = AnswerFields & { status: AnswerStatus };
