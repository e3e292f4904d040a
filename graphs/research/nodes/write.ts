import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { SemanticModel } from '../../../src/semantic/model.js';
import { ensureResearchConfiguration } from '../configuration.js';
import { usageRecord } from '../llm-plan.js';
import { llmNarrative } from '../llm-write.js';
import { explainingSets, mechanismOf, rankDrivers, rankKeyDimensions, readAnomalies, readSignificance } from '../analysis.js';
import { overlapsOf, readMix, scanExplanation } from '../scan.js';
import { reportCharts, writeReport } from '../report.js';
import type { ResearchFindings, ResearchOutcome, ResearchStateType, ResearchUpdate } from '../state.js';

/**
 * The findings of a change: with a scan, the explaining set across every dimension (scan.ts) with
 * each driver's mechanism, the overlaps of drivers of different dimensions and, for a ratio, where
 * mix explains most; else the explaining set of the breakdowns (analysis.ts). No driver when the
 * change is not significant (or untested).
 */
function changeFindings(state: ResearchStateType, model: SemanticModel, sig: ReturnType<typeof readSignificance>): ResearchFindings {
  const base = { significant: sig ? sig.significant : null, significanceFrom: sig?.from ?? null };
  const mix = readMix(model, state.subQuestions, state.operations);
  const scanned = scanExplanation(model, state.subQuestions, state.operations);
  if (!scanned)
    return { ...base, drivers: sig?.significant ? rankDrivers(state.subQuestions, state.operations) : [], ...(mix ? { mix } : {}) };
  if (!sig?.significant) return { ...base, drivers: [], ...(mix ? { mix } : {}) };
  const drivers = scanned.drivers.map((d) => {
    const through = d.and ? null : mechanismOf(d, state.subQuestions, state.operations);
    return through ? { ...d, through } : d;
  });
  return {
    ...base,
    drivers,
    explained: scanned.explained,
    overlaps: overlapsOf(drivers, state.subQuestions, state.operations),
    ...(mix ? { mix } : {}),
  };
}

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
  const llm =
    researchPlanner && done > 0 && (state.focus?.kind ?? 'change') === 'change'
      ? await llmNarrative(
          researchPlanner,
          { question: state.question, focus: state.focus!, plan: state.subQuestions, operations: state.operations },
          config.signal,
        )
      : undefined;
  const sig = readSignificance(state.subQuestions, state.operations);
  const kind = state.focus?.kind ?? 'change';
  const findings: ResearchFindings =
    kind === 'compare'
      ? { significant: null, significanceFrom: null, drivers: explainingSets(state.subQuestions, state.operations)[0]?.members ?? [] }
      : kind === 'anomalies'
        ? { significant: null, significanceFrom: null, drivers: [], anomalies: readAnomalies(state.subQuestions, state.operations) }
        : kind === 'drivers'
          ? {
              significant: null,
              significanceFrom: null,
              drivers: [],
              keyDimensions: rankKeyDimensions(state.subQuestions, state.operations),
            }
          : changeFindings(state, layer.model, sig);
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
  if (done === 0 && queries.length > 0 && queries.every((o) => o.status === 'no_data'))
    outcome = { status: 'no_data', error: 'Every sub-question ran and returned no data.' };
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
