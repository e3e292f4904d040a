/**
 * Types of the answer stage: what it takes (the resolved query, the compiled columns and the
 * warehouse rows) and the answer fields of the inquiry status response it produces
 * (spec/service-api.md §2).
 */
import type { SemanticModel, TimeGrain, Format } from '../semantic/model.js';
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

export type ChartType = 'kpi' | 'line' | 'bar' | 'grouped_bar' | 'multi_line' | 'table';

export interface AnswerData {
  title: string;
  data: Record<string, unknown>[];
  symbols: Record<string, string>;
  semantic_types: Record<string, string>;
  /** true when `data` holds only the first rows of the result. */
  truncated?: boolean;
  /** Rows of the whole result when `data` was cut (when the warehouse could count them). */
  total_rows?: number;
}

export interface AxisMeta {
  field: string;
  title: string;
  type: 'temporal' | 'ordinal' | 'nominal' | 'quantitative';
  unit?: string;
  format?: Format;
  /** d3-format / d3-time-format string used on the axis. */
  vega_format?: string;
}

export interface ChartMetadata {
  title: string;
  x_axis?: AxisMeta;
  y_axis?: AxisMeta;
  series?: { field: string; title: string };
  /** The value column of a KPI. */
  value?: AxisMeta;
  /** Columns of a table chart, in order. */
  columns?: { field: string; title: string; type: string }[];
  /** Column name -> unit or currency symbol. */
  units: Record<string, string>;
  /** A complete Vega-Lite v5 specification (data inlined). */
  vega_lite: Record<string, unknown>;
}

export interface AnswerChart {
  chart_type: ChartType | '';
  chart_metadata: ChartMetadata | Record<string, never>;
  chart_data: Record<string, unknown>[];
}

/** A question Quarry answers as written, nearest to a refused one, and its query: a one-click suggestion. */
export interface ClosestReadingExplanation {
  question: string;
  semantic_query: SemanticQuery;
}

export interface AnswerExplanation {
  /** On a refusal only: the nearest complete reading, offered (never run unasked). */
  closest_reading?: ClosestReadingExplanation;
  metrics?: { name: string; label: string; definition: string; format?: Format }[];
  dimensions?: { name: string; label: string; kind: 'dimension' | 'time'; grain?: TimeGrain; definition: string }[];
  filters?: {
    dimension: string;
    label: string;
    op: DimensionFilter['op'];
    values: (string | number | boolean)[];
    source: 'question' | 'request';
  }[];
  /** Groups of alternative filters from the question: a row is kept when any filter of a group holds. */
  any_of?: { filters: { dimension: string; label: string; op: DimensionFilter['op']; values: (string | number | boolean)[] }[] }[];
  metric_filters?: { metric: string; op: string; value: number }[];
  period?: {
    /** Inclusive start; null when all data and the data range is unknown. */
    start: string | null;
    /** Inclusive end (the last day covered). */
    end: string | null;
    /** Exclusive end, as the query used it. */
    end_exclusive?: string | null;
    label: string;
    /** The dating time dimension(s). */
    dated_by?: string[];
  };
  order?: { by: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  share_of_total?: string[];
  source_entities?: string[];
  sql_dialect?: string;
  row_count?: number;
  truncated?: boolean;
  /** Periods the data does not cover to their end (the current year, a partial last bucket), as sentences. */
  incomplete_periods?: string[];
  /** When truncated: what cut the result (`rows`: the row limit, `bytes`: the result size limit). */
  truncated_by?: 'rows' | 'bytes';
  /** When truncated: rows of the whole result, counted by the warehouse. */
  total_row_count?: number;
  /** When truncated: whether counts, totals, highest and lowest in the answer cover every row (computed by the warehouse). */
  figures_cover_all_rows?: boolean;
}

export interface AnswerThinking {
  title: string;
  messages: string[];
}

/** Every answer field of the inquiry status response (status.general is set elsewhere). */
export interface AnswerFields {
  answer: string;
  sql_query: string;
  data: AnswerData;
  chart: AnswerChart;
  explanation: string;
  time_frame: string;
  answer_explanation: AnswerExplanation | Record<string, never>;
  thinking: AnswerThinking;
}

export interface AnswerStatus {
  answer: 'ready';
  chart: 'ready';
}

export type AnswerResult = AnswerFields & { status: AnswerStatus };
