import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { buildAnswer, buildNoDataAnswer, escapeHtml, type AnswerFields, type AnswerInput } from '../../../src/answer/index.js';
import { addUsage, usageText, type LlmUsage } from '../../../src/nlq/llm/usage.js';
import type { CompiledColumn } from '../../../src/semantic/compiler.js';
import type { SemanticQuery } from '../../../src/semantic/query.js';
import { ensureConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate } from '../state.js';

/** True when the query ran but found nothing: no rows, or only empty aggregates. */
export function isNoData(rows: Record<string, unknown>[], metricColumns: string[]): boolean {
  if (rows.length === 0) return true;
  return metricColumns.length > 0 && rows.every((r) => metricColumns.every((c) => r[c] === null || r[c] === undefined));
}

/**
 * SQL that did not come from the compiler (a verified SQL query, the planner's fallback): the
 * columns are described from the rows (numbers are values, the rest labels) so the answer stage
 * can present them; the query records them for the explanation.
 */
export function describeRawResult(rows: Record<string, unknown>[]): { columns: CompiledColumn[]; query: SemanticQuery } {
  const names = Object.keys(rows[0] ?? {});
  const numeric = (n: string) => rows.some((r) => typeof r[n] === 'number') && rows.every((r) => r[n] === null || typeof r[n] === 'number');
  const columns: CompiledColumn[] = names.map((n) => ({
    name: n,
    kind: numeric(n) ? 'metric' : 'dimension',
    ref: n,
    label: n.replace(/_/g, ' '),
  }));
  const query: SemanticQuery = {
    metrics: columns.filter((c) => c.kind === 'metric').map((c) => c.name),
    group_by: columns.filter((c) => c.kind !== 'metric').map((c) => ({ dimension: c.name })),
    filters: [],
    metric_filters: [],
    order: [],
    share_of_total: [],
  };
  return { columns, query };
}

function withUsage(fields: AnswerFields, usage: LlmUsage | null): AnswerFields {
  if (!usage) return fields;
  return { ...fields, thinking: { ...fields.thinking, messages: [...fields.thinking.messages, usageText(usage)] } };
}

/** Rows → answer text, table, chart, explanation, time frame; ends done or no_data. */
export async function answer(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const { layer, warehouse, planner } = ensureConfiguration(config);
  const executed = state.executed!;
  const raw = !state.query;
  const described = raw ? describeRawResult(executed.rows) : undefined;
  const query = described?.query ?? state.query!;
  const columns = described?.columns ?? state.columns;
  const resolved = raw ? undefined : state.interpretation?.kind === 'query' ? state.interpretation.query : state.query!;
  const input: AnswerInput = {
    question: state.question,
    query,
    model: layer.model,
    columns,
    rows: executed.rows,
    truncated: executed.truncated,
    ...(executed.truncatedBy ? { truncatedBy: executed.truncatedBy } : {}),
    ...(executed.summary ? { summary: executed.summary } : {}),
    sql: state.sql,
    filtersFromRequest: state.requestFilters,
    asOf: state.asOf,
    dialect: warehouse.dialect,
    thinking: state.steps,
  };
  const metricColumns = columns.filter((c) => c.kind === 'metric').map((c) => c.name);
  // a period that starts after the last day of data (by the date "today" is read from) has no data,
  // even when a count over it comes back as a row of zeros
  const asOfDimension =
    typeof layer.model.as_of === 'object' && layer.model.as_of && 'latest' in layer.model.as_of ? layer.model.as_of.latest : undefined;
  const range = query.time_range;
  const afterData = !!range && !!state.asOf && range.start > state.asOf && (!range.dimension || range.dimension === asOfDimension);
  if (afterData || isNoData(executed.rows, metricColumns)) {
    return {
      steps: 'The query returned no data.',
      outcome: {
        status: 'no_data',
        resolved,
        error: 'The query ran and returned no data.',
        result: withUsage(buildNoDataAnswer(input), state.llmUsage),
      },
    };
  }
  const { status: _readiness, ...fields } = buildAnswer(input);
  void _readiness;
  const steps: string[] = [];
  const usage = state.llmUsage;
  let result: AnswerFields = fields;
  if (state.source === 'verified')
    result = { ...result, explanation: `Verified answer: this question matches a verified query of the model. ${result.explanation}` };
  const narration = planner?.narrate({
    question: state.question,
    timeFrame: result.time_frame,
    columns: columns.map((c) => ({ name: c.name, label: c.label, unit: c.format?.unit })),
    rows: executed.rows,
    truncated: executed.truncated,
    draft: htmlToText(fields.answer),
    signal: config.signal,
  });
  if (narration) {
    const n = await narration;
    const total = addUsage(usage, n.usage);
    if (n.text) {
      steps.push(
        `The language model wrote the answer text; every number in it was checked against the result${n.dropped.length ? ` (${n.dropped.length} sentence${n.dropped.length > 1 ? 's' : ''} with unsupported numbers dropped)` : ''}.`,
      );
      result = { ...result, answer: escapeHtml(n.text) };
    } else {
      steps.push(
        n.error
          ? `Narration by the language model failed (${n.error}); the template answer stands.`
          : 'The narration had numbers not in the result; the template answer stands.',
      );
    }
    result = { ...result, thinking: { ...result.thinking, messages: [...result.thinking.messages, ...steps] } };
    return {
      steps: ['Wrote the answer.', ...steps],
      llmUsage: n.usage,
      outcome: { status: 'done', resolved, result: withUsage(result, total) },
    };
  }
  return { steps: 'Wrote the answer.', outcome: { status: 'done', resolved, result: withUsage(result, usage) } };
}

function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
