/**
 * The research graph's LLM reflect and write steps against a scripted model (nock, no network):
 * the model chooses follow-up drill-downs among the rule-based candidates (each choice validated,
 * invalid ones dropped); it writes the report's headline and section summaries, every number
 * checked against the result rows (a sentence with an invented number is dropped); an unreachable
 * model leaves the rule-based report exactly; privacy mode sends no rows or dimension values.
 */
import { MemorySaver } from '@langchain/langgraph';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import { researchUsage } from '../../graphs/research/engine.js';
import { buildResearchGraph } from '../../graphs/research/graph.js';
import { moverCandidates } from '../../graphs/research/llm-reflect.js';
import { formatNumber } from '../../graphs/research/report.js';
import type { ResearchStateType } from '../../graphs/research/state.js';
import { LLM_DEFAULTS, LlmClient, ResearchPlanner } from '../../src/nlq/llm/index.js';
import { DEFAULT_RESEARCH_BUDGET, type ResearchBudget } from '../../src/schemas/research.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { LLM_BASE, scriptLlm, type ScriptedLlm } from '../helpers/llm.js';
import { openTpch, researchConfigurable } from '../helpers/tpch.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';

const QUESTION = 'What made revenue drop in 1998 versus 1997?';
/** A plan reply that names no usable breakdown: the rule-based plan stands (one call). */
const PLAN = { tool: 'research_plan', args: { questions: [{ question: 'revenue in 1998 and 1997' }], breakdown_dimensions: [] } };
const DOWN = { networkError: 'connect ECONNREFUSED' };

// Each test runs one or two whole investigations on TPC-H (the first also warms the engine): up to
// 19 s on a loaded 2-core CI host, too near vitest's 30 s default.
describe('research graph with LLM reflect and write (scripted model)', { timeout: 90_000 }, () => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  let llm: ScriptedLlm | undefined;
  const agentGraph = buildAgentGraph(false);
  const graph = buildResearchGraph(new MemorySaver());
  let thread = 0;
  const rule: Record<number, ResearchStateType> = {};

  beforeAll(async () => {
    ({ warehouse, layer } = await openTpch());
  });
  afterAll(() => warehouse.close());
  afterEach(() => {
    llm?.done();
    llm = undefined;
  });

  async function investigate(planner: 'none' | 'rows' | 'private', budget: Partial<ResearchBudget>) {
    const sendRows = planner !== 'private';
    const client = new LlmClient({ ...LLM_DEFAULTS, baseUrl: LLM_BASE, model: 'scripted', sendRows, backoffMs: 5 });
    const configurable = researchConfigurable(
      `rlw${++thread}`,
      { layer, warehouse, agentGraph },
      planner === 'none' ? {} : { researchPlanner: new ResearchPlanner(client, layer.catalogue, { sendValues: sendRows }) },
    );
    await graph.invoke(
      { question: QUESTION, dimensions: null, budget: { ...DEFAULT_RESEARCH_BUDGET, ...budget }, startedAt: Date.now() },
      { configurable },
    );
    return (await graph.getState({ configurable })).values as ResearchStateType;
  }
  /** The same investigation with the model unreachable: the rule-based choices (cached per number of rounds). */
  async function ruleBased(rounds: number) {
    if (!rule[rounds]) {
      llm = scriptLlm();
      llm.push(...Array(rounds === 1 ? 6 : 9).fill(DOWN));
      rule[rounds] = await investigate('rows', { rounds });
      llm.done();
      llm = undefined;
    }
    return rule[rounds];
  }
  const op = (s: ResearchStateType, id: string) => s.operations.find((o) => o.id === id)!;
  const sub = (s: ResearchStateType, angle: string, dimension?: string) =>
    s.subQuestions.find((q) => q.angle === angle && (!dimension || q.dimension === dimension))!;

  it('reflect: the model chooses the drill-down among the candidates; invalid choices are dropped', async () => {
    const base = await ruleBased(2);
    // the candidates the LLM run's reflect will offer: its first round is the rule-based one
    const movers = moverCandidates(
      base.focus!,
      layer,
      base.subQuestions.filter((q) => q.round === 1),
      base.operations,
      [],
      2,
    );
    const regionMover = movers.find((m) => m.dimension === 'region')!;
    const segmentMover = movers.find((m) => m.dimension === 'market_segment')!;
    expect(regionMover.by).toContain('nation');
    expect(segmentMover.by).not.toContain('nation');
    const ruleDrill = base.subQuestions.filter((q) => q.round === 2);
    expect(ruleDrill.some((q) => q.query.filters.some((f) => f.dimension === 'region'))).toBe(false);

    llm = scriptLlm();
    llm.push(
      PLAN,
      {
        tool: 'research_followups',
        args: {
          done: false,
          follow_ups: [
            { mover: regionMover.id, by: 'nation', why: 'where inside the region' },
            { mover: regionMover.id, by: 'no_such_dimension' },
            { mover: 'm9', by: 'nation' },
            { mover: segmentMover.id, by: 'nation' },
            { mover: regionMover.id, by: 'nation' },
          ],
        },
      },
      { tool: 'research_sections', args: { headline: '', sections: [] } },
    );
    const state = await investigate('rows', { rounds: 2 });
    expect(llm.bodies).toHaveLength(3);
    // the reflect request offered the movers with their values (rows may be sent)
    expect(JSON.stringify(llm.bodies[1])).toContain(regionMover.member);
    const round2 = state.subQuestions.filter((q) => q.round === 2);
    expect(round2).toHaveLength(1);
    expect(round2[0]).toMatchObject({ angle: 'drilldown', dimension: 'nation', compare: expect.any(Object) });
    expect(round2[0].query.filters).toContainEqual({ dimension: 'region', op: 'eq', values: [regionMover.member] });
    expect(op(state, round2[0].id).status).toBe('done');
    const reflect = op(state, 'reflect1');
    expect(reflect.detail).toMatch(/language model chose the follow-ups/);
    expect(reflect.detail).toMatch(/no_such_dimension: not a breakdown offered/);
    expect(reflect.detail).toMatch(/m9 by nation: no such mover/);
    expect(reflect.detail).toMatch(new RegExp(`${segmentMover.id} by nation: not a breakdown offered`));
    expect(reflect.detail).toMatch(/chosen twice/);
    expect(reflect).toMatchObject({ llm: { calls: 1, prompt_tokens: 100, completion_tokens: 20 } });
    expect(state.outcome?.status).toBe('done');
    expect(state.finalAnswer).toContain(`## Drill-down: Region ${regionMover.member} by nation`);
  });

  it('reflect: nothing usable from the model → the rule-based follow-ups', async () => {
    const base = await ruleBased(2);
    llm = scriptLlm();
    llm.push(
      PLAN,
      { tool: 'research_followups', args: { done: false, follow_ups: [{ mover: 'm1', by: 'no_such_dimension' }] } },
      { tool: 'research_sections', args: { headline: '', sections: [] } },
    );
    const state = await investigate('rows', { rounds: 2 });
    expect(state.subQuestions.map((q) => [q.id, q.question])).toEqual(base.subQuestions.map((q) => [q.id, q.question]));
    expect(op(state, 'reflect1').detail).toMatch(/chose no usable follow-up.*rule-based follow-ups are used/);
    expect(state.finalAnswer).toBe(base.finalAnswer);
  });

  it('write: the model writes the headline and section summaries; a sentence with an invented number is dropped', async () => {
    const base = await ruleBased(1);
    const h = op(base, sub(base, 'headline').id).rows![0];
    const fmt =
      layer.model.metrics.find((m) => m.name === 'revenue')?.format ?? layer.model.measures.find((m) => m.name === 'revenue')?.format;
    const regionSub = sub(base, 'breakdown', 'region');
    const top = op(base, regionSub.id).rows![0];
    const headline = `Revenue fell to ${formatNumber(h.current_value, fmt)} in 1998 from ${formatNumber(h.previous_value, fmt)} in 1997, a change of ${formatNumber(h.change_pct, { kind: 'percent', decimals: 2 }, true)}.`;
    const regionText = `${String(top.region)} lost the most, ${formatNumber(top.change, fmt, true)}.`;
    llm = scriptLlm();
    llm.push(PLAN, {
      tool: 'research_sections',
      args: {
        headline: `${headline} Online orders collapsed by 93.17% [q1].`,
        sections: [
          { id: regionSub.id, summary: `${regionText} Every region recovered 12.34% by spring.` },
          { id: 'q99', summary: 'A section that does not exist.' },
        ],
      },
    });
    const state = await investigate('rows', { rounds: 1 });
    expect(llm.bodies).toHaveLength(2);
    // the writer saw the rows of the sections
    expect(JSON.stringify(llm.bodies[1])).toContain(String(top.region));
    const report = state.finalAnswer;
    expect(report).toContain(`## Headline\n\n${headline} [q1]\n`);
    expect(report).toContain(`${regionText} [${regionSub.id}]`);
    expect(report).not.toMatch(/93\.17|12\.34|collapsed|recovered|does not exist/);
    // the rule-built figures, tables and references are all still there
    for (const line of base.finalAnswer.split('\n').filter((l) => l.startsWith('|') || l.startsWith('- ['))) expect(report).toContain(line);
    expect(report).toMatch(/written by a language model; every number in them was checked/);
    expect(unmatchedNumbers(report, state.operations)).toEqual([]);
    const write = op(state, 'write');
    expect(write.detail).toMatch(/wrote the headline and 1 section summary\. 2 sentences with a number no query returned were dropped/);
    expect(write).toMatchObject({ llm: { calls: 1 } });
    // the inquiry's model use (logged and added to /metrics by the research runner): plan + write
    expect(researchUsage(state.operations)).toMatchObject({ calls: 2, prompt_tokens: 200, completion_tokens: 40, retries: 0 });
    expect(researchUsage(base.operations)).toMatchObject({ prompt_tokens: 0, completion_tokens: 0 });
  });

  it('an unreachable model: the rule-based follow-ups and report, exactly', async () => {
    const base = await ruleBased(2);
    llm = scriptLlm();
    llm.push(...Array(9).fill(DOWN));
    const state = await investigate('rows', { rounds: 2 });
    expect(llm.bodies).toHaveLength(9);
    expect(state.subQuestions).toEqual(base.subQuestions);
    expect(state.finalAnswer).toBe(base.finalAnswer);
    expect(op(state, 'reflect1').detail).toMatch(/could not be used after 3 attempts.*rule-based follow-ups are used/);
    expect(op(state, 'write').detail).toMatch(/could not be used after 3 attempts.*written from templates/);
    expect(state.outcome?.status).toBe('done');
  });

  it('privacy mode: no rows or dimension values are sent; reflect chooses by mover id; no writer call', async () => {
    const base = await ruleBased(2);
    const movers = moverCandidates(
      base.focus!,
      layer,
      base.subQuestions.filter((q) => q.round === 1),
      base.operations,
      [],
      2,
    );
    const second = movers[1];
    llm = scriptLlm();
    llm.push(PLAN, { tool: 'research_followups', args: { follow_ups: [{ mover: second.id, by: second.by[0] }] } });
    const state = await investigate('private', { rounds: 2 });
    // plan and reflect only: the report is written from templates
    expect(llm.bodies).toHaveLength(2);
    expect(op(state, 'write').detail).toMatch(/Privacy mode: .*written from templates/);
    expect(state.finalAnswer).not.toMatch(/written by a language model/);
    // the choice was resolved locally: the drill-down filters on the member the model never saw
    const round2 = state.subQuestions.filter((q) => q.round === 2);
    expect(round2).toHaveLength(1);
    expect(round2[0].query.filters).toContainEqual({ dimension: second.dimension, op: 'eq', values: [second.member] });
    const sent = JSON.stringify(llm.bodies);
    expect(sent).toContain('value withheld');
    const modelText = readFileSync(DEFAULT_MODEL_PATH, 'utf8');
    const leaked: string[] = [];
    for (const o of state.operations) {
      for (const row of o.rows ?? []) {
        for (const v of Object.values(row)) {
          // a value the model file itself spells out (a description's example) is not from the rows
          if (typeof v === 'string' && !/^\d{4}-\d{2}/.test(v) && !modelText.includes(v) && sent.includes(v)) leaked.push(v);
          // (a small integer such as a closure residual of 0 is not a leak: it is everywhere in the JSON)
          if (typeof v === 'number' && !(Number.isInteger(v) && Math.abs(v) < 10) && sent.includes(String(v))) leaked.push(String(v));
        }
      }
    }
    expect(leaked).toEqual([]);
    expect(sent).not.toContain(second.member);
  });
});
