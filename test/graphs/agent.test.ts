import { MemorySaver } from '@langchain/langgraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import { compile } from '../../graphs/agent/nodes/compile.js';
import type { AgentConfiguration } from '../../graphs/agent/configuration.js';
import type { AgentStateType } from '../../graphs/agent/state.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer } from '../../src/semantic/values.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { tpchReference } from '../helpers/tpch.js';

describe('agent graph over the TPC-H warehouse (checkpointed, asserted through getState)', () => {
  let warehouse: Warehouse;
  let deps: AgentConfiguration;
  let reference: (sql: string) => Promise<Record<string, unknown>[]>;
  const checkpointer = new MemorySaver();
  const graph = buildAgentGraph(checkpointer);
  let thread = 0;

  beforeAll(async () => {
    warehouse = await openWarehouse(`duckdb:${TPCH_DIR}`);
    deps = { layer: await loadSemanticLayer(DEFAULT_MODEL_PATH, warehouse), warehouse, queryTimeoutMs: 30_000, maxRows: 5000 };
    reference = (await tpchReference()).objects;
  });
  afterAll(() => warehouse.close());

  async function ask(question: string, extra: Partial<AgentStateType> = {}, signal?: AbortSignal) {
    const config = { configurable: { thread_id: `t${++thread}`, ...deps }, signal };
    const nodes: string[] = [];
    const stream = await graph.stream({ question, dimensions: null, history: [], ...extra }, { ...config, streamMode: 'updates' as const });
    for await (const update of stream) nodes.push(...Object.keys(update));
    const snapshot = await graph.getState(config);
    return { nodes, state: snapshot.values as AgentStateType, snapshot };
  }

  it('a query cancelled at a sub-second limit says that limit, never "0 s"', async () => {
    const config = { configurable: { thread_id: `t${++thread}`, ...deps, queryTimeoutMs: 1 } };
    await graph.invoke({ question: 'Revenue by customer and month', dimensions: null, history: [] }, config);
    const state = (await graph.getState(config)).values as AgentStateType;
    expect(state.outcome?.status).toBe('timeout');
    expect(state.outcome?.error).toBe('The query took longer than 0.001 s and was cancelled.');
  });

  it('runs every node in order and answers with numbers equal to hand-written SQL', async () => {
    const { nodes, state, snapshot } = await ask('What were net sales per customer region in 1997?');
    expect(nodes).toEqual(['contextualize', 'interpret', 'compile', 'guard', 'execute', 'answer']);
    expect(snapshot.next).toEqual([]);
    expect(state.asOf).toBe('1998-08-02');
    expect(state.outcome?.status).toBe('done');
    expect(state.query?.metrics).toEqual(['revenue']);
    const rows = state.outcome!.result.data.data as { region: string; revenue: number }[];
    const expected = await reference(`
      SELECT r_name AS region, sum(l_extendedprice * (1 - l_discount)) AS revenue
      FROM lineitem, orders, customer, nation, region
      WHERE l_orderkey = o_orderkey AND o_custkey = c_custkey AND c_nationkey = n_nationkey AND n_regionkey = r_regionkey
        AND year(o_orderdate) = 1997
      GROUP BY 1 ORDER BY 1`);
    expect(rows.length).toBe(5);
    for (const e of expected) {
      const got = rows.find((r) => r.region === e.region)!;
      expect(got.revenue).toBeCloseTo(Number(e.revenue), 2);
    }
    expect(state.outcome!.result.chart.chart_type).toBe('bar');
    expect(state.outcome!.result.time_frame).toContain('1997-01-01');
    expect(state.steps.length).toBeGreaterThan(4);
  });

  it('a question outside the data domain ends after interpret, with no SQL', async () => {
    const { nodes, state } = await ask('Compose a limerick about autumn leaves');
    expect(nodes).toEqual(['contextualize', 'interpret']);
    expect(state.outcome?.status).toBe('out_of_domain');
    expect(state.sql ?? '').toBe('');
    expect(state.outcome!.result.sql_query).toBe('');
  });

  it('a business question the model cannot express ends out_of_scope naming what is missing', async () => {
    const { state } = await ask('How much did we pay in salaries to the sales staff last year?');
    expect(state.outcome?.status).toBe('out_of_scope');
    expect(state.outcome?.error?.length).toBeGreaterThan(10);
  });

  it('a query that returns nothing ends no_data', async () => {
    const { nodes, state } = await ask('Total net sales in 2011');
    expect(nodes.at(-1)).toBe('answer');
    expect(state.outcome?.status).toBe('no_data');
  });

  it('request dimensions scope the query as mandatory filters', async () => {
    const { state } = await ask('net sales by year', { dimensions: { region: 'europe' } });
    expect(state.requestFilters).toEqual([{ dimension: 'region', op: 'eq', values: ['EUROPE'] }]);
    expect(state.query?.filters).toContainEqual({ dimension: 'region', op: 'eq', values: ['EUROPE'] });
    expect(state.outcome?.status).toBe('done');
    expect(state.sql).toContain("'EUROPE'");
  });

  it('a follow-up is read against the session’s last resolved query', async () => {
    const first = await ask('number of orders per market segment');
    const history = [{ question: 'number of orders per market segment', status: 'done', resolved: first.state.outcome!.resolved }];
    const { state } = await ask('and in 1994?', { history });
    expect(state.previousQuery?.metrics).toEqual(first.state.query?.metrics);
    expect(state.query?.group_by).toEqual(first.state.query?.group_by);
    expect(state.query?.time_range?.start).toBe('1994-01-01');
    expect(state.outcome?.status).toBe('done');
  });

  it('a compile refusal ends out_of_scope (compile node alone)', async () => {
    const update = await compile(
      {
        question: 'x',
        steps: [],
        query: { metrics: ['no_such_metric'], group_by: [], filters: [], metric_filters: [], order: [], share_of_total: [] },
      } as unknown as AgentStateType,
      { configurable: deps },
    );
    expect(update.outcome?.status).toBe('out_of_scope');
    expect(update.outcome?.error).toMatch(/no_such_metric/);
  });

  it('a stop (abort) ends the run between nodes; the checkpoint keeps the steps done so far', async () => {
    const controller = new AbortController();
    const config = { configurable: { thread_id: `stop${++thread}`, ...deps }, signal: controller.signal };
    const seen: string[] = [];
    const run = (async () => {
      const stream = await graph.stream(
        { question: 'net sales by region', dimensions: null, history: [] },
        { ...config, streamMode: 'updates' as const },
      );
      for await (const update of stream) {
        seen.push(...Object.keys(update));
        if (seen.includes('compile')) controller.abort();
      }
    })();
    await expect(run).rejects.toThrow();
    const snapshot = await graph.getState({ configurable: config.configurable });
    expect(seen).toEqual(['contextualize', 'interpret', 'compile']);
    expect(snapshot.next).toEqual(['guard']);
    const values = snapshot.values as AgentStateType;
    expect(values.sql).toMatch(/SELECT/);
    expect(values.outcome).toBeFalsy();
    expect(values.executed).toBeFalsy();
  });

  it('a stop while the query runs cancels the running statement', async () => {
    let seenSignal: AbortSignal | undefined;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const slowWarehouse: Warehouse = {
      ...warehouse,
      dialect: warehouse.dialect,
      run: (_sql, options) =>
        new Promise((_resolve, reject) => {
          seenSignal = options?.signal;
          started();
          options?.signal?.addEventListener('abort', () => reject(new Error('cancelled by the stop')), { once: true });
        }),
    };
    const controller = new AbortController();
    const config = { configurable: { thread_id: `cancel${++thread}`, ...deps, warehouse: slowWarehouse }, signal: controller.signal };
    const run = graph.invoke({ question: 'net sales by region', dimensions: null, history: [] }, config);
    await running;
    controller.abort();
    await expect(run).rejects.toThrow();
    expect(seenSignal?.aborted).toBe(true);
    const snapshot = await graph.getState({ configurable: config.configurable });
    expect(snapshot.next).toEqual(['execute']);
  });
});
