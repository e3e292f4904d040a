import type { SemanticQuery } from '../../src/semantic/query.js';
import { interpret } from '../../src/nlq/interpret.js';
import type { Interpretation } from '../../src/nlq/types.js';
import { AS_OF, loadTpch } from './fixture.js';

export const tpch = await loadTpch();

export function ask(question: string, previous?: SemanticQuery): Interpretation {
  return interpret(question, { model: tpch.model, values: tpch.values, asOf: AS_OF, previous });
}

/** The query of an answered question (fails the test on a refusal). */
export function q(question: string, previous?: SemanticQuery): SemanticQuery {
  const r = ask(question, previous);
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
}

/** A session: each question follows the previous one's query. */
export function session(...questions: string[]): SemanticQuery {
  let prev: SemanticQuery | undefined;
  for (const question of questions) prev = q(question, prev);
  return prev!;
}
