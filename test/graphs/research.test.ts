import { MemorySaver } from '@langchain/langgraph';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import { buildResearchGraph } from '../../graphs/research/graph.js';
import type { ResearchStateType } from '../../graphs/research/state.js';
import { DEFAULT_RESEARCH_BUDGET, type ResearchBudget } from '../../src/schemas/research.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import { WarehouseQueryError, WarehouseTimeoutError } from '../../src/warehouse/errors.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { openTpch, researchConfigurable } from '../helpers/tpch.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';

/** The real warehouse, slowed down or failing for chosen statements (a stand-in for a busy engine). */
function wrapped(inner: Warehouse, opts: { delayMs?: number; failWhen?: RegExp; timeoutWhen?: RegExp }): Warehouse & { calls: string[] } {
  const calls: string[] = [];
  return {
    dialect: inner.dialect,
    calls,
    introspect: () => inner.introspect(),
    ping: () => inner.ping(),
    close: async () => {},
    async run(sql, options) {
      calls.push(sql);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (opts.failWhen?.test(sql)) throw new WarehouseQueryError('simulated failure: the warehouse lost its connection');
      if (opts.timeoutWhen?.test(sql)) throw new WarehouseTimeoutError(options?.timeoutMs ?? 30_000);
      return inner.run(sql, options);
    },
  };
}

describe('research graph over the TPC-H warehouse (checkpointed, asserted through getState)', () => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  const agentGraph = buildAgentGraph(false);
  const graph = buildResearchGraph(new MemorySaver());
  let thread = 0;

  beforeAll(async () => {
    ({ warehouse, layer } = await openTpch());
  });
  afterAll(() => warehouse.close());

  async function investigate(
    question: string,
    options: { budget?: Partial<ResearchBudget>; warehouse?: Warehouse; concurrency?: number; dimensions?: Record<string, unknown> } = {},
  ) {
    const configurable = researchConfigurable(
      `r${++thread}`,
      { layer, warehouse: options.warehouse ?? warehouse, agentGraph },
      { limit: pLimit(options.concurrency ?? 4) },
    );
    const nodes: string[] = [];
    const started = performance.now();
    const stream = await graph.stream(
      {
        question,
        dimensions: (options.dimensions ?? null) as never,
        budget: { ...DEFAULT_RESEARCH_BUDGET, ...options.budget },
        startedAt: Date.now(),
      },
      { configurable, streamMode: 'updates' as const },
    );
    for await (const update of stream) nodes.push(...Object.keys(update));
    const wallMs = performance.now() - started;
    const snapshot = await graph.getState({ configurable });
    return { nodes, wallMs, state: snapshot.values as ResearchStateType, snapshot };
  }

  it('answers the demo question with a report whose every number is a value of a query result', async () => {
    const { nodes, state, snapshot } = await investigate('Why did revenue change in 1997 compared with 1996?');
    expect(snapshot.next).toEqual([]);
    expect(state.outcome?.status).toBe('done');
    expect(nodes.slice(0, 2)).toEqual(['contextualize', 'plan']);
    expect(nodes.at(-1)).toBe('write');
    // the change of this demo year is within the day-to-day variation: nothing to explain further, one reflect
    expect(nodes.filter((n) => n === 'reflect').length).toBe(1);
    expect(state.focus).toMatchObject({
      metric: 'revenue',
      current: { start: '1997-01-01', end: '1998-01-01' },
      previous: { start: '1996-01-01', end: '1997-01-01' },
    });

    const kinds = state.operations.map((o) => o.kind);
    expect(kinds[0]).toBe('plan');
    expect(kinds.at(-1)).toBe('write');
    expect(kinds).toContain('reflect');
    const queries = state.operations.filter((o) => o.kind === 'query');
    expect(queries.length).toBe(state.subQuestions.length);
    expect(new Set(state.subQuestions.map((s) => s.angle))).toEqual(
      new Set(['headline', 'significance', 'trend', 'scan', 'share', 'top', 'bottom', 'decomposition']),
    );
    for (const q of queries) {
      expect(q.status).toBe('done');
      expect(q.sql).toMatch(/^\s*(WITH|SELECT)/i);
      expect(q.row_count).toBeGreaterThan(0);
      expect(q.question && q.purpose).toBeTruthy();
    }
    expect(state.findings).toMatchObject({ significant: false, drivers: [] });
    expect(state.operations.find((o) => o.kind === 'reflect')!.detail).toMatch(/not significant/);
    // the scan's strongest mover is shown with its dimension's table
    const scan = queries.find((q) => q.angle === 'scan')!;
    const strongest = [...scan.rows!].filter((r) => r.member !== '(all others)').sort((a, b) => Number(b.surprise) - Number(a.surprise))[0];
    const biggest = String(strongest.member);
    // the headline numbers are the warehouse's, and the report quotes nothing else
    const report = state.finalAnswer;
    const headline = queries.find((q) => q.angle === 'headline')!.rows![0];
    const reference = await warehouse.run(
      `SELECT sum(l_extendedprice * (1 - l_discount)) AS r FROM lineitem JOIN orders ON l_orderkey = o_orderkey WHERE o_orderdate >= DATE '1997-01-01' AND o_orderdate < DATE '1998-01-01'`,
    );
    expect(headline.current_value as number).toBeCloseTo(Number(reference.rows[0].r), 2);
    expect(report).toMatch(/^# Revenue: 1997 compared with 1996/);
    expect(report).toContain('## Headline');
    expect(report).toContain('## Caveats');
    expect(report).toContain('[q1]');
    expect(report).toContain(biggest);
    const stated = report.match(/\d[\d,]*\.\d\d/g) ?? [];
    expect(stated.length).toBeGreaterThan(20);
    expect(unmatchedNumbers(report, state.operations)).toEqual([]);
  });

  it('one statement scans every dimension reachable from the line items: rows equal hand-written SQL; many members keep the top ones plus all others', async () => {
    const counted = wrapped(warehouse, {});
    const { state } = await investigate('Why did revenue change in 1997 compared with 1996?', {
      warehouse: counted,
      budget: { rounds: 1 },
    });
    const scan = state.subQuestions.find((s) => s.angle === 'scan')!;
    // line, order, customer, supplier and part attributes, of any cardinality
    expect(scan.scan!.dimensions).toEqual(
      expect.arrayContaining([
        'ship_mode',
        'order_priority',
        'market_segment',
        'nation',
        'supplier_nation',
        'supplier_region',
        'brand',
        'part_type',
        'customer',
        'supplier',
        'part',
      ]),
    );
    expect(counted.calls.filter((c) => c.includes('UNION ALL')).length).toBe(1);
    const rows = state.operations.find((o) => o.id === scan.id)!.rows!;
    const hand = await warehouse.run(
      `SELECT l_shipmode AS k, sum(CASE WHEN o_orderdate >= DATE '1997-01-01' THEN l_extendedprice * (1 - l_discount) END) AS cur, sum(CASE WHEN o_orderdate < DATE '1997-01-01' THEN l_extendedprice * (1 - l_discount) END) AS prev
       FROM lineitem JOIN orders ON l_orderkey = o_orderkey WHERE o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1998-01-01' GROUP BY 1`,
    );
    expect(rows.filter((r) => r.dimension === 'ship_mode').length).toBe(hand.rows.length);
    for (const h of hand.rows) {
      const row = rows.find((r) => r.dimension === 'ship_mode' && r.member === h.k)!;
      expect(Number(row.current_value)).toBeCloseTo(Number(h.cur), 2);
      expect(Number(row.previous_value)).toBeCloseTo(Number(h.prev), 2);
    }
    // customers: the ten largest movers and all others, together the whole change
    const customers = rows.filter((r) => r.dimension === 'customer');
    expect(customers.length).toBe(11);
    const others = customers.find((r) => r.member === '(all others)')!;
    expect(Number(others.members)).toBe(Number(others.dimension_members) - 10);
    expect(customers.reduce((a, r) => a + Number(r.change), 0)).toBeCloseTo(Number(customers[0].total_change), 0);
    // a nation carries its region beside it (roll-up context)
    expect(rows.find((r) => r.dimension === 'nation')).toMatchObject({ context_dimension: 'region' });
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  });

  it('the number check catches a number no query returned', async () => {
    const { state } = await investigate('How did revenue develop in 1997?', { budget: { rounds: 1, queries: 2 } });
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
    expect(unmatchedNumbers(state.finalAnswer + '\nAn invented figure: $123,456.78.', state.operations)).toEqual(['$123,456.78']);
  });

  it('fans out: N slow sub-questions take about the slowest one, not the sum', async () => {
    const slow = wrapped(warehouse, { delayMs: 400 });
    const { state, wallMs } = await investigate('Why did revenue change in 1997 compared with 1996?', {
      warehouse: slow,
      concurrency: 8,
      budget: { rounds: 1, queries: 8 },
    });
    const queries = state.operations.filter((o) => o.kind === 'query');
    expect(queries.length).toBe(8);
    expect(queries.every((q) => q.status === 'done')).toBe(true);
    const sum = queries.reduce((a, q) => a + q.elapsed_ms, 0);
    const max = Math.max(...queries.map((q) => q.elapsed_ms));
    expect(sum).toBeGreaterThan(8 * 400);
    // the scan is one long statement among short ones: the fan-out still takes far less than the sum
    expect(wallMs).toBeLessThan(sum / 2);
    // and about as long as the slowest (with room for a loaded host's scheduling)
    expect(wallMs).toBeLessThan(max * 1.5 + 1000);
    // the runs overlapped in time
    const starts = queries.map((q) => Date.parse(q.started_at));
    const ends = queries.map((q) => Date.parse(q.finished_at));
    expect(Math.max(...starts)).toBeLessThan(Math.min(...ends));
  });

  it('the concurrency limit holds: with a limit of 2, no more than 2 sub-questions run at once', async () => {
    const slow = wrapped(warehouse, { delayMs: 150 });
    const { state } = await investigate('How did revenue develop in 1997?', {
      warehouse: slow,
      concurrency: 2,
      budget: { rounds: 1, queries: 6 },
    });
    const queries = state.operations.filter((o) => o.kind === 'query');
    const events = queries.flatMap((q) => [
      { t: Date.parse(q.started_at), d: 1 },
      { t: Date.parse(q.finished_at), d: -1 },
    ]);
    events.sort((a, b) => a.t - b.t || a.d - b.d);
    let running = 0;
    let peak = 0;
    for (const e of events) peak = Math.max(peak, (running += e.d));
    expect(peak).toBeLessThanOrEqual(2);
    expect(peak).toBe(2);
  });

  it('one failing sub-question: partial results, a caveat, and the investigation carries on', async () => {
    const flaky = wrapped(warehouse, { failWhen: /UNION ALL/ });
    const { state } = await investigate('Why did revenue change in 1997 compared with 1996?', { warehouse: flaky, budget: { rounds: 1 } });
    expect(state.outcome?.status).toBe('done');
    const queries = state.operations.filter((o) => o.kind === 'query');
    const failed = queries.filter((q) => q.status === 'failed');
    expect(failed.map((q) => q.angle)).toEqual(['scan']);
    expect(failed[0].error).toContain('lost its connection');
    expect(queries.filter((q) => q.status === 'done').length).toBe(queries.length - 1);
    const caveats = state.finalAnswer.split('## Caveats')[1];
    expect(caveats).toContain(`ended failed: The warehouse could not run the query`);
    expect(caveats).toContain(`[${failed[0].id}]`);
    expect(state.finalAnswer).not.toContain('## Dimensions scanned');
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  });

  it('a timed-out sub-question (run through the agent graph) is recorded timeout and the rest carries on', async () => {
    const slow = wrapped(warehouse, { timeoutWhen: /c_name/ });
    const { state } = await investigate('Why did revenue change in 1997 compared with 1996?', { warehouse: slow, budget: { rounds: 1 } });
    expect(state.outcome?.status).toBe('done');
    const queries = state.operations.filter((o) => o.kind === 'query');
    // the scan (customers are among its dimensions) and the top and bottom customers
    expect(queries.filter((q) => q.status === 'timeout').map((q) => q.angle)).toEqual(['scan', 'top', 'bottom']);
    expect(queries.filter((q) => q.status === 'done').length).toBe(queries.length - 3);
    expect(state.finalAnswer.split('## Caveats')[1]).toMatch(/Top customers by revenue in 1997 ended timeout/);
    expect(state.finalAnswer).not.toContain('## Contributors');
  });

  it('the time budget: sub-questions still waiting when the minutes are used are skipped, and the report says so', async () => {
    const slow = wrapped(warehouse, { delayMs: 1000 });
    const { state, wallMs } = await investigate('Why did revenue change in 1997 compared with 1996?', {
      warehouse: slow,
      concurrency: 1,
      budget: { rounds: 2, queries: 5, minutes: 0.05 },
    });
    const queries = state.operations.filter((o) => o.kind === 'query');
    expect(queries.length).toBe(5);
    const skipped = queries.filter((q) => q.status === 'skipped');
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    expect(queries.filter((q) => q.status === 'done').length).toBeGreaterThanOrEqual(2);
    expect(wallMs).toBeLessThan(6000);
    expect(state.operations.find((o) => o.kind === 'reflect')?.detail).toMatch(/budget of 0.05 minutes is used/);
    expect(state.finalAnswer).toMatch(/ended skipped: The time budget of 0.05 minutes was used up/);
    expect(state.outcome?.status).toBe('done');
  });

  it('refuses honestly: outside the data domain, or about what the model does not hold; a vague change question uses the ranking metric', async () => {
    const poem = await investigate('Compose a limerick about autumn leaves');
    expect(poem.nodes).toEqual(['contextualize']);
    expect(poem.state.outcome?.status).toBe('out_of_domain');
    expect(poem.state.operations).toEqual([]);
    expect(poem.state.finalAnswer).toMatch(/^# No investigation/);
    const salaries = await investigate('Why did our salaries rise last year?');
    expect(salaries.state.outcome).toMatchObject({ status: 'out_of_scope', error: expect.stringMatching(/salaries/) });
    const vague = await investigate('What changed in 1997?', { budget: { rounds: 1, queries: 1 } });
    expect(vague.state.outcome?.status).toBe('done');
    expect(vague.state.focus).toMatchObject({ metric: 'revenue', current: { start: '1997-01-01' } });
  });

  it('a period after the data ends honestly, never with an exception', async () => {
    for (const question of ['Why did revenue drop in 2099?', 'Why did revenue change since 2050?']) {
      const { state } = await investigate(question, { budget: { rounds: 1, queries: 2 } });
      expect(state.outcome, question).not.toBeNull();
      expect(['done', 'no_data', 'out_of_scope'], question).toContain(state.outcome?.status);
      if (state.focus) expect(state.focus.current.start <= state.focus.current.end, question).toBe(true);
    }
  });

  it('the budget bounds rounds and queries; request dimensions scope every sub-question', async () => {
    const { state } = await investigate('Why did revenue change in 1997 compared with 1996?', {
      budget: { rounds: 1, queries: 3 },
      dimensions: { region: 'EUROPE' },
    });
    const queries = state.operations.filter((o) => o.kind === 'query');
    expect(queries.map((q) => q.id)).toEqual(['q1', 'q2', 'q3']);
    expect(state.operations.find((o) => o.kind === 'reflect')?.detail).toMatch(/budget allows 1 round/);
    for (const s of state.subQuestions) expect(s.query.filters).toContainEqual({ dimension: 'region', op: 'eq', values: ['EUROPE'] });
    expect(queries.every((q) => /EUROPE/.test(q.sql ?? ''))).toBe(true);
    // region is filtered, so it is not a breakdown
    expect(state.focus?.keyDimensions).not.toContain('region');
  });
});
