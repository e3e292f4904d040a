/**
 * The research graph on a real PostgreSQL 15 warehouse (a slice of TPC-H): the period comparisons
 * (one statement joining both periods' compiled queries) pass the Postgres guard and run there, and
 * the report's numbers equal the same investigation's on DuckDB over the same rows.
 */
import { MemorySaver } from '@langchain/langgraph';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import { buildResearchGraph } from '../../graphs/research/graph.js';
import type { ResearchStateType } from '../../graphs/research/state.js';
import { DEFAULT_RESEARCH_BUDGET } from '../../src/schemas/research.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer } from '../../src/semantic/values.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { tpchPostgresForFile, type FileTpch } from '../helpers/shared-servers.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';

describe('research graph on PostgreSQL', () => {
  let server: FileTpch;
  let warehouse: Warehouse;
  beforeAll(async () => {
    server = await tpchPostgresForFile();
    warehouse = await openWarehouse(server.readOnlyUrl);
  }, 120_000);
  afterAll(async () => {
    await warehouse?.close();
    await server?.stop();
  });

  async function investigate(w: Warehouse, thread: string): Promise<ResearchStateType> {
    const layer = await loadSemanticLayer(DEFAULT_MODEL_PATH, w);
    const graph = buildResearchGraph(new MemorySaver());
    const configurable = {
      thread_id: thread,
      layer,
      warehouse: w,
      queryTimeoutMs: 30_000,
      maxRows: 5000,
      agentGraph: buildAgentGraph(false),
      limit: pLimit(4),
      paceMs: 0,
    };
    await graph.invoke(
      {
        question: 'Why did revenue change in 1997 compared with 1996?',
        dimensions: null,
        budget: DEFAULT_RESEARCH_BUDGET,
        startedAt: Date.now(),
      },
      { configurable },
    );
    return (await graph.getState({ configurable })).values as ResearchStateType;
  }

  it('runs every sub-question on Postgres and reports the same figures as DuckDB', async () => {
    const state = await investigate(warehouse, 'pg');
    expect(state.outcome?.status).toBe('done');
    const queries = state.operations.filter((o) => o.kind === 'query');
    expect(queries.length).toBeGreaterThanOrEqual(8);
    expect(queries.filter((q) => q.status !== 'done').map((q) => `${q.id}: ${q.error}`)).toEqual([]);
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);

    const duck = await openWarehouse(`duckdb:${(await import('../helpers/paths.js')).TPCH_DIR}`);
    try {
      const reference = await investigate(duck, 'duck');
      const headline = (s: ResearchStateType) => s.operations.find((o) => o.angle === 'headline')!.rows![0];
      expect(Number(headline(state).current_value)).toBeCloseTo(Number(headline(reference).current_value), 2);
      expect(Number(headline(state).change_pct)).toBeCloseTo(Number(headline(reference).change_pct), 8);
      const section = (s: ResearchStateType) => s.finalAnswer.split('## Dimensions scanned')[0].split('## Drivers')[1];
      expect(section(state)).toBe(section(reference));
      // the one-statement scan of every dimension: the same members, changes and surprise on both engines
      const scan = (s: ResearchStateType) => s.operations.find((o) => o.angle === 'scan')!.rows!;
      const [pg, dk] = [scan(state), scan(reference)];
      expect(pg.length).toBe(dk.length);
      for (const r of dk.filter((x) => x.dimension === 'ship_mode' || x.dimension === 'nation')) {
        const p = pg.find((x) => x.dimension === r.dimension && x.member === r.member)!;
        expect(Number(p.change)).toBeCloseTo(Number(r.change), 2);
        expect(Number(p.surprise)).toBeCloseTo(Number(r.surprise), 9);
      }
    } finally {
      await duck.close();
    }
  }, 60_000);
});
