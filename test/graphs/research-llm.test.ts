/**
 * A research run with an LLM plan: the scripted model (nock) names the breakdown dimensions; the
 * research graph breaks the headline metric down by exactly those, and falls back to its
 * rule-based plan when the model is unreachable or names nothing usable.
 */
import { MemorySaver } from '@langchain/langgraph';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import { buildResearchGraph } from '../../graphs/research/graph.js';
import type { ResearchStateType } from '../../graphs/research/state.js';
import { LLM_DEFAULTS, LlmClient, ResearchPlanner } from '../../src/nlq/llm/index.js';
import { DEFAULT_RESEARCH_BUDGET } from '../../src/schemas/research.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { LLM_BASE, scriptLlm, type ScriptedLlm } from '../helpers/llm.js';
import { openTpch, researchConfigurable } from '../helpers/tpch.js';

const QUESTION = 'Why did revenue fall in 1998 compared with 1997?';

// Each test runs whole investigations on TPC-H SF 0.1 (7-15 s on a busy CI host; 30 s was exceeded at load 17).
describe('research graph with an LLM plan (scripted model)', { timeout: 90_000 }, () => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  let llm: ScriptedLlm;
  const agentGraph = buildAgentGraph(false);
  const graph = buildResearchGraph(new MemorySaver());
  let thread = 0;

  beforeAll(async () => {
    ({ warehouse, layer } = await openTpch());
  });
  afterAll(() => warehouse.close());
  afterEach(() => llm.done());

  async function investigate(withPlanner: boolean) {
    const client = new LlmClient({ ...LLM_DEFAULTS, baseUrl: LLM_BASE, model: 'scripted', sendRows: true, backoffMs: 5 });
    const configurable = researchConfigurable(
      `rl${++thread}`,
      { layer, warehouse, agentGraph },
      withPlanner ? { researchPlanner: new ResearchPlanner(client, layer.catalogue, { sendValues: true }) } : {},
    );
    await graph.invoke(
      { question: QUESTION, dimensions: null, budget: { ...DEFAULT_RESEARCH_BUDGET, rounds: 1 }, startedAt: Date.now() },
      { configurable },
    );
    return (await graph.getState({ configurable })).values as ResearchStateType;
  }

  const breakdowns = (s: ResearchStateType) => s.subQuestions.filter((q) => q.angle === 'breakdown').map((q) => q.dimension);

  it('breaks the metric down by the dimensions the model planned, and says so', async () => {
    llm = scriptLlm();
    const rule = await investigate(false);
    const ruleDims = breakdowns(rule);
    const planned = ['ship_mode', 'market_segment'].filter((d) => !ruleDims.includes(d));
    expect(planned.length).toBeGreaterThan(0);
    llm.push(
      {
        tool: 'research_plan',
        args: {
          questions: [{ question: 'revenue by ship mode in 1998 and 1997' }],
          breakdown_dimensions: [...planned, 'no_such_dimension'],
        },
      },
      // the writer (one call) writes nothing usable: the templates stand
      { tool: 'research_sections', args: { headline: '', sections: [] } },
    );
    const state = await investigate(true);
    expect(llm.bodies).toHaveLength(2);
    expect(JSON.stringify(llm.bodies[1])).toContain('research_sections');
    expect(JSON.stringify(llm.bodies[0])).toContain(QUESTION.replace(/'/g, "\\'"));
    expect(breakdowns(state)).toEqual(planned);
    expect(state.focus?.keyDimensions).toEqual(planned);
    const plan = state.operations.find((o) => o.kind === 'plan')!;
    expect(plan.detail).toMatch(/language model planned the breakdowns/);
    expect(plan.detail).toMatch(/no_such_dimension/);
    expect(state.outcome?.status).toBe('done');
    for (const d of planned)
      expect(state.finalAnswer.toLowerCase()).toContain(layer.model.dimensions.find((x) => x.name === d)!.label!.toLowerCase());
  });

  it('an unreachable model leaves the rule-based plan in place', async () => {
    llm = scriptLlm();
    const rule = await investigate(false);
    llm.push({ networkError: 'connect ECONNREFUSED' }, { networkError: 'connect ECONNREFUSED' }, { networkError: 'connect ECONNREFUSED' });
    const state = await investigate(true);
    // the rule-based key dimensions (with a model configured they are broken down beside the scan, for its reflect to choose among)
    expect(breakdowns(state)).toEqual(rule.focus!.keyDimensions);
    expect(state.subQuestions.filter((q) => q.angle === 'scan').map((q) => q.scan!.dimensions)).toEqual(
      rule.subQuestions.filter((q) => q.angle === 'scan').map((q) => q.scan!.dimensions),
    );
    expect(state.operations.find((o) => o.kind === 'plan')!.detail).toMatch(/could not be used after 3 attempts.*rule-based plan is used/);
    expect(state.outcome?.status).toBe('done');
  });
});
