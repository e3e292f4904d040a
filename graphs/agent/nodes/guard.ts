import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { buildTerminalAnswer } from '../../../src/answer/index.js';
import { SqlRefusedError, guardSql } from '../../../src/warehouse/guard.js';
import { ensureConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate } from '../state.js';

/** Only one read-only SELECT passes, whoever wrote it (compiler or model). */
export async function guard(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const { warehouse } = ensureConfiguration(config);
  try {
    return { sql: guardSql(state.sql, warehouse.dialect), steps: 'Checked the SQL is a single read-only SELECT.' };
  } catch (err) {
    if (!(err instanceof SqlRefusedError)) throw err;
    const reason = `The SQL was refused by the read-only guard: ${err.message}`;
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
