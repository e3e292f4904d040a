import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { ensureResearchConfiguration } from '../configuration.js';
import { usageRecord } from '../llm-plan.js';
import { llmNarrative } from '../llm-write.js';
import { explainingSets, rankDrivers, rankKeyDimensions, readAnomalies, readSignificance } from '../analysis.js';
import { reportCharts, writeReport } from '../report.js';
import type { ResearchFindings, ResearchOutcome, ResearchStateType, ResearchUpdate } from '../state.js';

/**
 * Writes `final_answer` from the query results; ends done (or failed / no_data when nothing was
 * found). With an LLM research planner (rows may be sent) the model writes the headline sentence
 * and section summaries, number-checked; tables, figures and references stay rule-built.
 */
export async function write(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const { layer, researchPlanner } = ensureResearchConfiguration(config);
  const started = new Date();
  const queries = state.operations.filter((o) => o.kind === 'query');
  const done = queries.filter((o) => o.status === 'done').length;
  const llm = researchPlanner && done > 0 && (state.focus?.kind ?? 'change') === 'change' ? await llmNarrative(researchPlanner, { question: state.question, focus: state.focus!, plan: state.subQuestions, operations: state.operations }, config.signal) : undefined;
  const sig = readSignificance(state.subQuestions, state.operations);
  const kind = state.focus?.kind ?? 'change';
  const findings: ResearchFindings =
    kind === 'compare'
      ? { significant: null, significanceFrom: null, drivers: explainingSets(state.subQuestions, state.operations)[0]?.members ?? [] }
      : kind === 'anomalies'
        ? { significant: null, significanceFrom: null, drivers: [], anomalies: readAnomalies(state.subQuestions, state.operations) }
      : kind === 'drivers'
        ? { significant: null, significanceFrom: null, drivers: [], keyDimensions: rankKeyDimensions(state.subQuestions, state.operations) }
        : { significant: sig ? sig.significant : null, significanceFrom: sig?.from ?? null, drivers: rankDrivers(state.subQuestions, state.operations) };
  const finalAnswer = writeReport({
    findings,
    question: state.question,
    model: layer.model,
    focus: state.focus!,
    plan: state.subQuestions,
    operations: state.operations,
    asOf: state.asOf,
    ...(llm?.narrative ? { narrative: llm.narrative } : {}),
  });
  let outcome: ResearchOutcome = { status: 'done' };
  if (done === 0 && queries.length > 0 && queries.every((o) => o.status === 'no_data')) outcome = { status: 'no_data', error: 'Every sub-question ran and returned no data.' };
  else if (done === 0) outcome = { status: 'failed', error: 'No sub-question could be answered; see operations for each error.' };
  const notes = llm?.notes.length ? `\n${llm.notes.join(' ')}` : '';
  const usage = usageRecord(llm?.usage);
  return {
    findings,
    finalAnswer,
    charts: reportCharts(layer.model, state.focus!, state.subQuestions, state.operations),
    outcome,
    operations: {
      id: 'write',
      kind: 'write',
      round: state.round,
      status: 'done',
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      elapsed_ms: Date.now() - started.getTime(),
      detail: `Wrote the report from ${done} of ${queries.length} sub-questions.${notes}`,
      ...(usage ? { llm: usage } : {}),
    },
    steps: 'Wrote the report.',
  };
}
