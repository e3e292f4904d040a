import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { buildTerminalAnswer } from '../../../src/answer/index.js';
import { CompileError, compile as compileQuery } from '../../../src/semantic/compiler.js';
import { dialectFor } from '../../../src/semantic/dialects/index.js';
import { ensureConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate } from '../state.js';

/** SemanticQuery → SQL of the warehouse's dialect. A query the model cannot express ends out_of_scope. */
export async function compile(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const { layer, warehouse, maxRows } = ensureConfiguration(config);
  try {
    const compiled = compileQuery(layer.model, state.query!, dialectFor(warehouse.dialect), { maxRows });
    return { sql: compiled.sql, columns: compiled.columns, steps: `Compiled the query to ${warehouse.dialect} SQL.` };
  } catch (err) {
    if (!(err instanceof CompileError)) throw err;
    const reason = `The semantic model cannot express this question: ${err.message}`;
    return {
      steps: reason,
      outcome: {
        status: 'out_of_scope',
        error: reason,
        result: buildTerminalAnswer('out_of_scope', { question: state.question, reason, thinking: [...state.steps, reason] }),
      },
    };
  }
}
