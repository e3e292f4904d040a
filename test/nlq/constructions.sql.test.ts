/**
 * Every construction of the interpreter, asked in our own wording through the agent graph over the
 * real TPC-H warehouse, checked against hand-written SQL: the answer's table (data.data) must hold
 * the hand-written result (same rows; each expected column matched by a result column; numbers to
 * 1e-9 relative). Near misses of each construction must be refused, never answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfiguration } from '../../graphs/agent/configuration.js';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import type { AgentStateType } from '../../graphs/agent/state.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { openTpch, tpchReference } from '../helpers/tpch.js';

import { CASES, NEAR_MISSES } from './construction-cases.js';

function close(a: unknown, b: unknown): boolean {
  const x = typeof a === 'bigint' ? Number(a) : a;
  const y = typeof b === 'bigint' ? Number(b) : b;
  if (typeof x === 'number' && typeof y === 'number') return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  const s = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
  return s(x).toLowerCase() === s(y).toLowerCase();
}

/** Does the result hold the expected table? Each expected column must match a distinct result column. */
export function holds(expected: unknown[][], result: Record<string, unknown>[], ordered: boolean): string | null {
  if (expected.length !== result.length) return `expected ${expected.length} rows, got ${result.length}`;
  const keys = Object.keys(result[0] ?? {});
  const norm = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
  const rows = result.map((r) => keys.map((k) => norm(r[k])));
  const sortKey = (r: unknown[]) => JSON.stringify(r.map((v) => (typeof v === 'number' ? v.toPrecision(8) : String(v))));
  const cols = expected[0]?.length ?? 0;
  // try each assignment of expected columns to result columns (tables here are small)
  const assign = (c: number, used: Set<number>, chosen: number[]): boolean => {
    if (c === cols) {
      const picked = rows.map((r) => chosen.map((i) => r[i]));
      const exp = expected.map((r) => r.map(norm));
      const a = ordered ? picked : [...picked].sort((p, q) => sortKey(p).localeCompare(sortKey(q)));
      const b = ordered ? exp : [...exp].sort((p, q) => sortKey(p).localeCompare(sortKey(q)));
      return a.every((r, i) => r.every((v, j) => close(v, b[i][j])));
    }
    for (let i = 0; i < keys.length; i++) {
      if (used.has(i)) continue;
      used.add(i);
      if (assign(c + 1, used, [...chosen, i])) return true;
      used.delete(i);
    }
    return false;
  };
  return assign(0, new Set(), []) ? null : 'the values do not match';
}

describe('constructions against hand-written SQL on TPC-H', () => {
  let warehouse: Warehouse;
  let deps: AgentConfiguration;
  let reference: (sql: string) => Promise<unknown[][]>;
  const graph = buildAgentGraph(false);
  let thread = 0;

  beforeAll(async () => {
    const tpch = await openTpch();
    warehouse = tpch.warehouse;
    deps = { layer: tpch.layer, warehouse, queryTimeoutMs: 30_000, maxRows: 5000 };
    reference = (await tpchReference()).rows;
  });
  afterAll(() => warehouse.close());

  async function ask(question: string): Promise<AgentStateType> {
    return (await graph.invoke(
      { question, dimensions: null, history: [] },
      { configurable: { thread_id: `c${++thread}`, ...deps } },
    )) as AgentStateType;
  }

  for (const [construction, question, sql, ordered] of CASES) {
    it(`${construction}: "${question}"`, async () => {
      const state = await ask(question);
      expect(state.outcome?.status, state.outcome?.error ?? '').toBe('done');
      const result = state.outcome!.result.data.data as Record<string, unknown>[];
      expect(holds(await reference(sql), result, !!ordered)).toBeNull();
    });
  }

  it('near misses are refused, never answered', async () => {
    for (const question of NEAR_MISSES) {
      const state = await ask(question);
      expect(state.outcome?.status, question).toBe('out_of_scope');
    }
  });
});
