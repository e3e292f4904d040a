import { describe, expect, it } from 'vitest';
import { mergeOperations, mergeSubQuestions } from '../../graphs/research/state.js';
import type { ResearchOperation } from '../../src/schemas/research.js';

const op = (id: string, status = 'done'): ResearchOperation => ({ id, kind: 'query', status }) as unknown as ResearchOperation;

describe('research state reducers', () => {
  it('operations stay in plan order whatever order parallel sub-questions finish in', () => {
    let ops: ResearchOperation[] = [];
    for (const id of ['q3', 'q1', 'q10', 'q2']) ops = mergeOperations(ops, op(id));
    expect(ops.map((o) => o.id)).toEqual(['q1', 'q2', 'q3', 'q10']);
  });

  it('an operation seen again replaces the earlier one in place; other series keep their first-seen order', () => {
    let ops = mergeOperations([], [op('q2', 'running'), op('m1'), op('q1')]);
    ops = mergeOperations(ops, op('q2', 'done'));
    expect(ops.map((o) => `${o.id}:${(o as unknown as { status: string }).status}`)).toEqual(['q1:done', 'q2:done', 'm1:done']);
  });

  it('a re-planned sub-question replaces its earlier version, never duplicates', () => {
    const a = { id: 'q1', question: 'a' } as never;
    const b = { id: 'q1', question: 'b' } as never;
    expect(mergeSubQuestions([a], [b])).toEqual([b]);
  });
});
