import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { buildTerminalAnswer } from '../../../src/answer/index.js';
import { WarehouseCancelledError, WarehouseError, WarehouseTimeoutError } from '../../../src/warehouse/errors.js';
import { ensureConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate } from '../state.js';

/** Runs the guarded SQL with the time limit and row cap; a stop cancels the running statement. */
export async function execute(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const { warehouse, queryTimeoutMs, maxRows } = ensureConfiguration(config);
  try {
    const r = await warehouse.run(state.sql, { timeoutMs: queryTimeoutMs, maxRows, signal: config.signal });
    const step = `Ran the query: ${r.rowCount} row${r.rowCount === 1 ? '' : 's'} in ${Math.round(r.elapsedMs)} ms${r.truncated ? ` (cut to ${maxRows})` : ''}.`;
    return { executed: { rows: r.rows, rowCount: r.rowCount, truncated: r.truncated, elapsedMs: r.elapsedMs }, steps: step };
  } catch (err) {
    if (err instanceof WarehouseCancelledError) throw err; // a stop: the lifecycle records it
    if (err instanceof WarehouseTimeoutError) {
      const reason = `The query took longer than ${Math.round(queryTimeoutMs / 1000)} s and was cancelled.`;
      return { steps: reason, outcome: { status: 'timeout', error: reason, result: buildTerminalAnswer('timeout', { question: state.question, reason, sql: state.sql }) } };
    }
    if (!(err instanceof WarehouseError)) throw err;
    const reason = `The warehouse could not run the query: ${err.message}`;
    return { steps: reason, outcome: { status: 'failed', error: reason, result: buildTerminalAnswer('failed', { question: state.question, reason, sql: state.sql }) } };
  }
}
