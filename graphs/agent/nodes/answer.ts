import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { buildAnswer, buildNoDataAnswer, type AnswerInput } from '../../../src/answer/index.js';
import { ensureConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate } from '../state.js';

/** True when the query ran but found nothing: no rows, or only empty aggregates. */
export function isNoData(rows: Record<string, unknown>[], metricColumns: string[]): boolean {
  if (rows.length === 0) return true;
  return metricColumns.length > 0 && rows.every((r) => metricColumns.every((c) => r[c] === null || r[c] === undefined));
}

/** Rows → answer text, table, chart, explanation, time frame; ends done or no_data. */
export async function answer(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const { layer, warehouse } = ensureConfiguration(config);
  const executed = state.executed!;
  const resolved = state.interpretation?.kind === 'query' ? state.interpretation.query : state.query!;
  const input: AnswerInput = {
    question: state.question,
    query: state.query!,
    model: layer.model,
    columns: state.columns,
    rows: executed.rows,
    truncated: executed.truncated,
    sql: state.sql,
    filtersFromRequest: state.requestFilters,
    asOf: state.asOf,
    dialect: warehouse.dialect,
    thinking: state.steps,
  };
  const metricColumns = state.columns.filter((c) => c.kind === 'metric').map((c) => c.name);
  if (isNoData(executed.rows, metricColumns)) {
    return { steps: 'The query returned no data.', outcome: { status: 'no_data', resolved, error: 'The query ran and returned no data.', result: buildNoDataAnswer(input) } };
  }
  const { status: _readiness, ...fields } = buildAnswer(input);
  void _readiness;
  return { steps: 'Wrote the answer.', outcome: { status: 'done', resolved, result: fields } };
}
