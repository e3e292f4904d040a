import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { analyzeShape, buildTerminalAnswer, type ResultSummary } from '../../../src/answer/index.js';
import { compile as compileQuery } from '../../../src/semantic/compiler.js';
import { dialectFor } from '../../../src/semantic/dialects/index.js';
import { compileResultSummary, readResultSummary } from '../../../src/semantic/summary.js';
import { guardSql } from '../../../src/warehouse/guard.js';
import { WarehouseCancelledError, WarehouseError, WarehouseTimeoutError, queryTimeoutText } from '../../../src/warehouse/errors.js';
import { ensureConfiguration, type AgentConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate } from '../state.js';
import { describeRawResult } from './answer.js';

/** Runs the guarded SQL with the time limit and row cap; a stop cancels the running statement. */
export async function execute(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const configuration = ensureConfiguration(config);
  const { warehouse, queryTimeoutMs, maxRows, account } = configuration;
  try {
    const r = await warehouse.run(state.sql, { timeoutMs: queryTimeoutMs, maxRows, signal: config.signal, account });
    const cut = r.truncatedBy === 'bytes' ? 'cut at the result size limit' : `cut to ${maxRows}`;
    const steps = [
      `Ran the query: ${r.rowCount} row${r.rowCount === 1 ? '' : 's'} in ${Math.round(r.elapsedMs)} ms${r.truncated ? ` (${cut})` : ''}.`,
    ];
    let summary: ResultSummary | undefined;
    if (r.truncated && r.rows.length > 0) {
      const s = await summarize(state, configuration, r.rows, config.signal);
      summary = s.summary;
      steps.push(s.step);
    }
    return {
      executed: {
        rows: r.rows,
        rowCount: r.rowCount,
        truncated: r.truncated,
        ...(r.truncatedBy ? { truncatedBy: r.truncatedBy } : {}),
        ...(summary ? { summary } : {}),
        elapsedMs: r.elapsedMs,
      },
      steps,
    };
  } catch (err) {
    if (err instanceof WarehouseCancelledError) throw err; // a stop: the lifecycle records it
    if (err instanceof WarehouseTimeoutError) {
      const reason = queryTimeoutText(queryTimeoutMs);
      return {
        steps: reason,
        outcome: {
          status: 'timeout',
          error: reason,
          result: buildTerminalAnswer('timeout', { question: state.question, reason, sql: state.sql }),
        },
      };
    }
    if (!(err instanceof WarehouseError)) throw err;
    const reason = `The warehouse could not run the query: ${err.message}`;
    return {
      steps: reason,
      outcome: {
        status: 'failed',
        error: reason,
        result: buildTerminalAnswer('failed', { question: state.question, reason, sql: state.sql }),
      },
    };
  }
}

/**
 * A cut result: the warehouse counts the whole result, sums each metric over it and finds its
 * highest and lowest rows, so the answer never states figures of an arbitrary part as if they
 * were the whole. Without it (it failed or timed out) the answer says its figures cover the
 * listed rows only.
 */
async function summarize(
  state: AgentStateType,
  { layer, warehouse, queryTimeoutMs, account }: AgentConfiguration,
  rows: Record<string, unknown>[],
  signal: AbortSignal | undefined,
): Promise<{ summary?: ResultSummary; step: string }> {
  try {
    const dialect = dialectFor(warehouse.dialect);
    // The compiled query without the row cap; SQL from a verified query or the planner as it is.
    const whole = state.query ? compileQuery(layer.model, state.query, dialect).sql : state.sql;
    const described = state.query ? undefined : describeRawResult(rows);
    const columns = described?.columns ?? state.columns;
    const metrics = columns.filter((c) => c.kind === 'metric').map((c) => c.name);
    const primary = analyzeShape(described?.query ?? state.query!, columns, rows).primary;
    const spec = { metrics, rankBy: primary?.kind === 'metric' ? primary.name : undefined };
    const sql = guardSql(compileResultSummary(whole, spec, dialect), warehouse.dialect);
    const r = await warehouse.run(sql, { timeoutMs: queryTimeoutMs, maxRows: 3, signal, account });
    const summary = readResultSummary(
      r.rows,
      spec,
      columns.map((c) => c.name),
    );
    return {
      summary,
      step: `The result has ${summary.rowCount} rows in all; the warehouse computed its count, totals, highest and lowest over every row.`,
    };
  } catch (err) {
    if (err instanceof WarehouseCancelledError) throw err;
    return { step: `Could not summarise the whole result (${(err as Error).message}); the answer describes the listed rows only.` };
  }
}
