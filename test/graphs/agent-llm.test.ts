/**
 * The agent graph with the LLM planner against a scripted model (nock): hybrid routing, structured
 * output, raw-SQL fallback through the guard, repair, retries, unreachable model, privacy mode,
 * narration checks, verified queries and accounting. Asserted through the graph's state and the
 * recorded request bodies.
 */
import { MemorySaver } from '@langchain/langgraph';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfiguration } from '../../graphs/agent/configuration.js';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import type { AgentStateType } from '../../graphs/agent/state.js';
import { createQuestionPlanner, LLM_DEFAULTS, type LlmSettings } from '../../src/nlq/llm/index.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { LLM_BASE, scriptLlm, type ScriptedLlm } from '../helpers/llm.js';
import { openTpch } from '../helpers/tpch.js';

const UNSURE = 'Takings per market segment during 1996'; // the interpreter reads it with low confidence
const CONFIDENT = 'sales revenue for each region in 1997';
// the interpreter cannot attach "repeat buyers": coverage is incomplete, so the planner reads it
const CHANGE = 'Revenue by region from repeat buyers in 1996';

const segmentQuery = {
  metrics: ['revenue'],
  group_by: [{ dimension: 'market_segment' }],
  time_range: { start: '1996-01-01', end: '1997-01-01', label: '1996' },
};

describe('agent graph with the LLM planner (scripted model)', () => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  let llm: ScriptedLlm;
  const graph = buildAgentGraph(new MemorySaver());
  let thread = 0;

  beforeAll(async () => {
    ({ warehouse, layer } = await openTpch());
  });
  afterAll(() => warehouse.close());
  afterEach(() => llm?.done());

  function deps(overrides: Partial<LlmSettings> = {}, l: SemanticLayer = layer): AgentConfiguration {
    const settings: LlmSettings = {
      ...LLM_DEFAULTS,
      baseUrl: LLM_BASE,
      apiKey: 'sk-test',
      model: 'scripted',
      sendRows: true,
      backoffMs: 5,
      timeoutMs: 3000,
      ...overrides,
    };
    return { layer: l, warehouse, queryTimeoutMs: 30_000, maxRows: 5000, planner: createQuestionPlanner(settings, l, warehouse) };
  }

  async function ask(question: string, configuration: AgentConfiguration, extra: Partial<AgentStateType> = {}) {
    const config = { configurable: { thread_id: `llm${++thread}`, ...configuration } };
    const nodes: string[] = [];
    const stream = await graph.stream({ question, dimensions: null, history: [], ...extra }, { ...config, streamMode: 'updates' as const });
    for await (const update of stream) nodes.push(...Object.keys(update));
    const state = (await graph.getState(config)).values as AgentStateType;
    return { nodes, state };
  }

  it('a confident interpreter answer makes no planning call; narration is the one call', async () => {
    llm = scriptLlm();
    llm.push({ text: "Each region's revenue for 1997 is in the table." });
    const { state } = await ask(CONFIDENT, deps());
    expect(state.source).toBe('interpreter');
    expect(llm.bodies).toHaveLength(1);
    expect(JSON.stringify(llm.bodies[0])).not.toContain('"tools"');
    expect(state.outcome?.status).toBe('done');
    expect(state.outcome!.result.answer).toBe('Each region&#39;s revenue for 1997 is in the table.');
    expect(state.llmUsage?.calls).toBe(1);
  });

  it('a low-confidence question is planned with one structured-output call parsed into a SemanticQuery', async () => {
    llm = scriptLlm();
    llm.push(
      { tool: 'plan', args: { kind: 'query', query: segmentQuery }, usage: { prompt_tokens: 900, completion_tokens: 40 } },
      { text: 'See the table.', usage: { prompt_tokens: 300, completion_tokens: 10 } },
    );
    const { nodes, state } = await ask(UNSURE, deps());

    expect(nodes).toEqual(['contextualize', 'interpret', 'compile', 'guard', 'execute', 'answer']);
    expect(state.source).toBe('llm');
    expect(state.query).toMatchObject({
      metrics: ['revenue'],
      group_by: [{ dimension: 'market_segment' }],
      filters: [],
      time_range: { start: '1996-01-01' },
    });
    expect(state.outcome?.status).toBe('done');
    expect(state.outcome!.result.data.data).toHaveLength(5);
    expect(llm.bodies).toHaveLength(2);
    const plan = llm.bodies[0] as { tools: { function: { name: string } }[]; messages: { content: string }[] };
    expect(plan.tools[0].function.name).toBe('plan');
    expect(plan.messages[1].content).toContain(UNSURE);
    expect(plan.messages[1].content).toContain('market_segment');
    // accounting in thinking
    expect(state.llmUsage).toMatchObject({ calls: 2, promptTokens: 1200, completionTokens: 50 });
    expect(state.outcome!.result.thinking.messages.at(-1)).toMatch(/^Language model: 2 calls, 1200 prompt \+ 50 completion tokens/);
  });

  it('repairs a plan that does not compile, sending the error text back', async () => {
    llm = scriptLlm();
    llm.push(
      { tool: 'plan', args: { kind: 'query', query: { ...segmentQuery, metrics: ['takings'] } } },
      { tool: 'plan', args: { kind: 'query', query: segmentQuery } },
      { text: 'See the table.' },
    );
    const { state } = await ask(UNSURE, deps());
    expect(state.outcome?.status).toBe('done');
    expect(llm.bodies).toHaveLength(3);
    const repair = (llm.bodies[1] as { messages: { role: string; content: string }[] }).messages;
    expect(repair.at(-1)!.content).toMatch(/takings/);
    expect(repair.at(-1)!.content).toMatch(/could not be used/);
    expect(state.steps.some((s) => s.includes('repair'))).toBe(true);
  });

  it('gives up as failed after the repairs, with the reason', async () => {
    llm = scriptLlm();
    const bad = { tool: 'plan', args: { kind: 'query', query: { ...segmentQuery, metrics: ['takings'] } } };
    llm.push(bad, bad, bad);
    const { nodes, state } = await ask(UNSURE, deps());

    expect(nodes).toEqual(['contextualize', 'interpret']);
    expect(state.outcome?.status).toBe('failed');
    expect(state.outcome?.error).toMatch(/after 3 attempts.*takings/);
    expect(llm.bodies).toHaveLength(3);
  });

  it('raw SQL only when the semantic layer cannot express it: guarded, executed, answered', async () => {
    llm = scriptLlm();
    const sql = `SELECT r_name AS region, sum(CASE WHEN year(o_orderdate) = 1997 THEN o_totalprice END) - sum(CASE WHEN year(o_orderdate) = 1996 THEN o_totalprice END) AS change
      FROM orders JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey GROUP BY 1 ORDER BY 1`;
    llm.push(
      { tool: 'plan', args: { kind: 'sql', sql, reason: 'a change between two years' } },
      { text: 'The change by region is in the table.' },
    );
    const { nodes, state } = await ask(CHANGE, deps());
    expect(nodes).toEqual(['contextualize', 'interpret', 'guard', 'execute', 'answer']);
    expect(state.source).toBe('llm_sql');
    expect(state.outcome?.status).toBe('done');
    expect(state.outcome!.result.data.data).toHaveLength(5);
    expect(state.outcome!.result.sql_query).toContain('r_name');
    expect(state.outcome?.resolved).toBeUndefined();
  });

  it('incomplete coverage goes to the planner with the unattached words named; without a model it is refused', async () => {
    llm = scriptLlm();
    llm.push({ tool: 'plan', args: { kind: 'out_of_scope', reason: 'Repeat buyers are not modelled.' } });
    const { state } = await ask(CHANGE, deps());
    const prompt = JSON.stringify(llm.bodies[0]);
    expect(prompt).toContain('could not attach');
    expect(prompt).toMatch(/\\"repeat\\"/);
    expect(state.outcome?.status).toBe('out_of_scope');
    const { planner: _none, ...noModel } = deps();
    const without = await ask(CHANGE, noModel);
    expect(without.state.outcome?.status).toBe('out_of_scope');
    expect(without.state.outcome?.error).toMatch(/"repeat"/);
  });

  it('a model answer containing DELETE is refused by the guard: failed, no repair, nothing run', async () => {
    llm = scriptLlm();
    llm.push(
      { tool: 'plan', args: { kind: 'sql', sql: 'DELETE FROM orders WHERE 1=1' } },
      { tool: 'plan', args: { kind: 'sql', sql: 'SELECT 1' } },
    );
    const { nodes, state } = await ask(CHANGE, deps());
    expect(nodes).toEqual(['contextualize', 'interpret']);
    expect(state.outcome?.status).toBe('failed');
    expect(state.outcome?.error).toMatch(/refused by the read-only guard/);
    expect(state.executed ?? null).toBeNull();
    expect(llm.bodies).toHaveLength(1);
    const count = await warehouse.run('SELECT count(*) AS n FROM orders');
    expect(Number(count.rows[0].n)).toBeGreaterThan(0);
  });

  it('SQL that fails goes back to the model with the error text', async () => {
    llm = scriptLlm();
    llm.push(
      { tool: 'plan', args: { kind: 'sql', sql: 'SELECT no_such_column FROM orders' } },
      { tool: 'plan', args: { kind: 'sql', sql: 'SELECT count(*) AS orders FROM orders' } },
      { text: 'There are orders.' },
    );
    const { state } = await ask(CHANGE, deps());
    expect(state.outcome?.status).toBe('done');
    const second = JSON.stringify(llm.bodies[1]);
    expect(second).toMatch(/no_such_column/);
  });

  it('429 then success: the inquiry is answered and the retry is counted', async () => {
    llm = scriptLlm();
    llm.push({ status: 429 }, { tool: 'plan', args: { kind: 'query', query: segmentQuery } }, { text: 'See the table.' });
    const { state } = await ask(UNSURE, deps());
    expect(state.outcome?.status).toBe('done');
    expect(state.llmUsage?.retries).toBe(1);
  });

  it('an unreachable model ends the inquiry failed with a clear reason', async () => {
    llm = scriptLlm();
    llm.push({ networkError: 'connect ECONNREFUSED' }, { networkError: 'connect ECONNREFUSED' }, { networkError: 'connect ECONNREFUSED' });
    const { state } = await ask(UNSURE, deps());
    expect(state.outcome?.status).toBe('failed');
    expect(state.outcome?.error).toMatch(
      /language model \(scripted at http:\/\/llm\.quarry\.test\/v1\) could not be used after 3 attempts/,
    );
    expect(state.outcome?.error).not.toContain('sk-test');
  });

  it('out_of_domain stays refused without a call; the model can refuse out_of_scope in the same call', async () => {
    llm = scriptLlm();
    const { state } = await ask('Write a poem about ducks', deps());
    expect(state.outcome?.status).toBe('out_of_domain');
    expect(llm.bodies).toHaveLength(0);
    llm.push({ tool: 'plan', args: { kind: 'out_of_scope', reason: 'Forecasts are not in the data.' } });
    const r = await ask('Forecast revenue for next year', deps());
    expect(r.state.outcome?.status).toBe('out_of_scope');
    expect(r.state.outcome?.error).toBe('Forecasts are not in the data.');
    expect(llm.bodies).toHaveLength(1);
  });

  it('never turns a refusal into a guess without evidence: names not matched by the question are sent back', async () => {
    llm = scriptLlm();
    llm.push(
      { tool: 'plan', args: { kind: 'query', query: { metrics: ['supplier_account_balance'] } } },
      { tool: 'plan', args: { kind: 'out_of_scope', reason: 'No forecasts.' } },
    );
    const { state } = await ask('Forecast revenue for next year', deps());
    expect(state.outcome?.status).toBe('out_of_scope');
    expect(JSON.stringify(llm.bodies[1])).toMatch(/supplier_account_balance was not among the model items relevant/);
  });

  it('privacy mode: no rows and no dimension values leave the process; no narration call', async () => {
    llm = scriptLlm();
    const previous = {
      metrics: ['revenue'],
      group_by: [],
      filters: [{ dimension: 'region', op: 'eq', values: ['EUROPE'] }],
      metric_filters: [],
      order: [],
      share_of_total: [],
    };
    llm.push({
      tool: 'plan',
      args: { kind: 'query', query: { ...segmentQuery, filters: [{ dimension: 'region', op: 'eq', values: ['<v1>'] }] } },
    });
    const history = [{ question: 'earlier', status: 'done', resolved: previous }];
    // a follow-up read with 0.79 confidence: below this threshold, so the planner is asked
    const { state } = await ask(UNSURE, deps({ sendRows: false, confidenceThreshold: 0.9 }), { history });
    expect(state.outcome?.status).toBe('done');
    expect(llm.bodies).toHaveLength(1);
    // the placeholder came back as the real value, locally
    expect(state.query?.filters).toEqual([{ dimension: 'region', op: 'eq', values: ['EUROPE'] }]);
    const sent = JSON.stringify(llm.bodies);
    expect(sent).toContain('<v1>');
    const stored = Object.values(layer.values)
      .flat()
      .filter((v) => v.length > 3);
    for (const v of stored) expect(sent, `value ${v} was sent`).not.toContain(v);
    for (const row of state.outcome!.result.data.data) for (const v of Object.values(row)) expect(sent).not.toContain(String(v));
    // the template answer stands, and accounting says one call
    expect(state.llmUsage?.calls).toBe(1);
  });

  it('narration: a sentence with a number not in the result is dropped', async () => {
    llm = scriptLlm();
    const { state: plain } = await ask(CONFIDENT, { ...deps(), planner: undefined });
    const top = (plain.outcome!.result.data.data as { region: string; revenue: number }[])[0];
    const millions = (top.revenue / 1e6).toFixed(1);
    llm.push({ text: `${top.region} brought in $${millions} million in 1997. Revenue grew 12.3% on the year before.` });
    const { state } = await ask(CONFIDENT, deps());
    expect(state.outcome!.result.answer).toBe(`${top.region} brought in $${millions} million in 1997.`);
    expect(state.steps.some((s) => /1 sentence with unsupported numbers dropped/.test(s))).toBe(true);
  });

  it('a verified query answers a close match with zero model calls, marked verified', async () => {
    llm = scriptLlm();
    const model = {
      ...layer.model,
      verified_queries: [
        {
          question: 'Which shipping methods moved the most units in 1995?',
          query: {
            metrics: ['units_sold'],
            group_by: [{ dimension: 'ship_mode' }],
            time_range: { start: '1995-01-01', end: '1996-01-01', label: '1995' },
            order: [{ by: 'units_sold', direction: 'desc' }],
          },
        },
      ],
    };
    const verifiedLayer = { ...layer, model };
    const { state } = await ask('which shipping method moved the most units in 1995', deps({}, verifiedLayer));
    expect(state.source).toBe('verified');
    expect(state.outcome?.status).toBe('done');
    expect(state.outcome!.result.explanation).toMatch(/^Verified answer/);
    expect(state.outcome!.result.data.data.length).toBe(7);
    // narration would be a call: only the plan matters here, so narration is off
    expect(llm.bodies.filter((b) => JSON.stringify(b).includes('"tools"'))).toHaveLength(0);
    const other = await ask('which shipping method moved the most units in 1996', { ...deps({ narrate: false }, verifiedLayer) });
    expect(other.state.source).not.toBe('verified');
  });

  it('a verified query hit with narration off makes no call at all', async () => {
    llm = scriptLlm();
    const model = {
      ...layer.model,
      verified_queries: [
        { question: 'How many orders did we book in 1994?', sql: 'SELECT count(*) AS orders FROM orders WHERE year(o_orderdate) = 1994' },
      ],
    };
    const { nodes, state } = await ask('how many orders did we book in 1994', deps({ narrate: false }, { ...layer, model }));
    expect(nodes).toEqual(['contextualize', 'interpret', 'guard', 'execute', 'answer']);
    expect(state.outcome?.status).toBe('done');
    expect(llm.bodies).toHaveLength(0);
  });
});
