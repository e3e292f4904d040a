/**
 * One question, end to end without an LLM: the rule-based interpreter, the compiler in the
 * warehouse's dialect, the guard, the warehouse. Used by `quarry eval` and `quarry init` to check
 * which questions a model really answers.
 */
import { interpret } from '../nlq/interpret.js';
import { compile } from '../semantic/compiler.js';
import { dialectFor } from '../semantic/dialects/index.js';
import type { SemanticLayer } from '../semantic/values.js';
import type { SemanticQuery } from '../semantic/query.js';
import { runGuarded, type Warehouse } from '../warehouse/index.js';

export type AnswerStatus = 'done' | 'no_data' | 'refused' | 'error';

export interface AnsweredQuestion {
  status: AnswerStatus;
  /** Why it was refused or failed. */
  reason?: string;
  query?: SemanticQuery;
  sql?: string;
  rows: Record<string, unknown>[];
}

export async function answerQuestion(
  layer: SemanticLayer,
  warehouse: Warehouse,
  question: string,
  options: { timeoutMs?: number; maxRows?: number } = {},
): Promise<AnsweredQuestion> {
  const values = new Map(Object.entries(layer.values));
  const it = interpret(question, { model: layer.model, values, asOf: layer.asOf, sameRows: layer.sameRows });
  if (it.kind !== 'query') return { status: 'refused', reason: it.reason, rows: [] };
  let sql: string;
  try {
    sql = compile(layer.model, it.query, dialectFor(warehouse.dialect), { maxRows: options.maxRows ?? 10_000 }).sql;
  } catch (err) {
    return { status: 'error', reason: `compile: ${(err as Error).message}`, query: it.query, rows: [] };
  }
  try {
    const r = await runGuarded(warehouse, sql, { timeoutMs: options.timeoutMs ?? 60_000, maxRows: options.maxRows ?? 10_000 });
    const rows = r.rows;
    const empty = rows.length === 0 || rows.every((row) => Object.values(row).every((v) => v === null || v === 0));
    return { status: empty ? 'no_data' : 'done', query: it.query, sql, rows };
  } catch (err) {
    return { status: 'error', reason: (err as Error).message, query: it.query, sql, rows: [] };
  }
}
