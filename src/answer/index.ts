/**
 * The answer stage: from the resolved query and the result rows, every answer field of the
 * inquiry status response (spec/service-api.md §2). Pure functions, no I/O.
 *
 * data.data holds the warehouse rows untouched: keys are the compiled column names (the model's
 * names, e.g. `region`, `revenue`, `revenue_share`), values raw (unrounded numbers, codes as
 * stored, ISO dates). Labels, units and formatting live in `answer`, `symbols`,
 * `semantic_types` and the chart.
 */
import type { AnswerFields, AnswerInput, AnswerResult, ClosestReadingExplanation } from './types.js';
import { makeContext, resultTitle, semanticTypesOf, symbolsOf, timeFrameText } from './context.js';
import { answerText, noDataText } from './text.js';
import { buildChart } from './chart.js';
import { answerExplanation, explanationText, thinkingOf } from './explain.js';
import { emptyAnswerFields } from './empty.js';
import { escapeHtml } from './format.js';
import { incompletePeriods } from './partial.js';

export * from './types.js';
export { emptyAnswerFields } from './empty.js';
export * from './format.js';
export { chooseChartType, VEGA_LITE_SCHEMA, MAX_BAR_CATEGORIES, MAX_SERIES } from './chart.js';
export { analyzeShape, columnLabel, columnFormat } from './shape.js';

/** Every answer field for a query that ran (no rows: the no-data answer). */
export function buildAnswer(input: AnswerInput): AnswerResult {
  const ctx = makeContext(input);
  if (ctx.rows.length === 0) return { ...buildNoDataAnswer(input), status: { answer: 'ready', chart: 'ready' } };
  const title = resultTitle(ctx);
  const symbols = symbolsOf(ctx);
  const rows = ctx.rows.map((r) => ({ ...r }));
  const chart = buildChart(input.model, ctx.shape, rows, title, symbols);
  const incomplete = incompletePeriods(ctx);
  const cut = input.truncated
    ? {
        title: `${title} (first ${rows.length.toLocaleString('en-US')}${input.summary ? ` of ${input.summary.rowCount.toLocaleString('en-US')}` : ''} rows)`,
        truncated: true,
        ...(input.summary ? { total_rows: input.summary.rowCount } : {}),
      }
    : { title };
  return {
    answer: `${answerText(ctx)}${incomplete.map((s) => ` ${escapeHtml(s)}`).join('')}`,
    sql_query: input.sql ?? '',
    data: { ...cut, data: rows, symbols, semantic_types: semanticTypesOf(ctx) },
    chart,
    explanation: explanationText(ctx),
    time_frame: timeFrameText(ctx),
    answer_explanation: { ...answerExplanation(ctx), incomplete_periods: incomplete },
    thinking: thinkingOf(
      ctx,
      `The query returned ${ctx.rows.length} row${ctx.rows.length === 1 ? '' : 's'}${input.truncated ? ' (truncated)' : ''}; answered with a ${chart.chart_type} chart.`,
    ),
    status: { answer: 'ready', chart: 'ready' },
  };
}

/** The answer fields of a `no_data` inquiry: what was asked and for which period; empty table and chart. */
export function buildNoDataAnswer(input: AnswerInput): AnswerFields {
  const ctx = makeContext({ ...input, rows: [] });
  return {
    ...emptyAnswerFields(),
    answer: noDataText(ctx),
    sql_query: input.sql ?? '',
    data: { title: resultTitle(ctx), data: [], symbols: symbolsOf(ctx), semantic_types: semanticTypesOf(ctx) },
    explanation: explanationText(ctx),
    time_frame: timeFrameText(ctx),
    answer_explanation: answerExplanation(ctx),
    thinking: thinkingOf(ctx, 'The query ran and returned no rows.'),
  };
}

export type TerminalKind = 'out_of_scope' | 'out_of_domain' | 'failed' | 'timeout' | 'stopped';

const DEFAULT_REASONS: Record<TerminalKind, string> = {
  out_of_scope: 'This question cannot be answered with the available data.',
  out_of_domain: 'This question is outside the data domain of this service.',
  failed: 'The question could not be answered because processing failed.',
  timeout: 'The question could not be answered in time.',
  stopped: 'The question was stopped before it was answered.',
};

export interface TerminalAnswerInput {
  question?: string;
  /** Why (from the interpreter, planner or runner); shown as given, escaped in `answer`. */
  reason?: string;
  /** Things that can be asked instead (metric names, example questions). */
  suggestions?: string[];
  /** SQL that ran, if any (e.g. a timeout). */
  sql?: string;
  /** The resolved period, if any, for `time_frame`. */
  timeFrame?: string;
  thinking?: string[];
  /** What the data model offers (one sentence), shown once: in `explanation`. */
  catalogue?: string;
  /** The nearest complete reading of a refused question (a runnable suggestion), in `answer_explanation.closest_reading`. */
  closestReading?: ClosestReadingExplanation;
}

/**
 * The answer fields of the other terminal states (out_of_scope, out_of_domain, failed, timeout,
 * stopped): the reason passed through (HTML-escaped in `answer`, plain in `explanation`), empty
 * table and chart.
 */
export function buildTerminalAnswer(kind: TerminalKind, input: TerminalAnswerInput = {}): AnswerFields {
  const reason = input.reason?.trim() || DEFAULT_REASONS[kind];
  const suggestions = (input.suggestions ?? []).filter((s) => s.trim() !== '');
  const plainSuggestions = suggestions.length ? ` You can ask about: ${suggestions.join(', ')}.` : '';
  const htmlSuggestions = suggestions.length ? ` You can ask about: ${suggestions.map(escapeHtml).join(', ')}.` : '';
  const messages = [...(input.thinking ?? [])];
  messages.push(`Ended as ${kind}: ${reason}`);
  return {
    ...emptyAnswerFields(),
    answer: `${escapeHtml(reason)}${htmlSuggestions}`,
    sql_query: input.sql ?? '',
    explanation: `${reason}${plainSuggestions}${input.catalogue ? ` ${input.catalogue}` : ''}`,
    time_frame: input.timeFrame ?? '',
    thinking: { title: 'How this answer was found', messages },
    ...(input.closestReading ? { answer_explanation: { closest_reading: input.closestReading } } : {}),
  };
}
