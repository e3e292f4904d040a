import { afterEach, describe, expect, it } from 'vitest';
import {
  allowedNumbers,
  LLM_DEFAULTS,
  LlmClient,
  matchVerified,
  questionSimilarity,
  ResearchPlanner,
  route,
  verifiedEntries,
  verifyNarration,
} from '../../../src/nlq/llm/index.js';
import { DEFAULT_MODEL_PATH, loadModel } from '../../../src/semantic/loader.js';
import { generatedModel } from '../../helpers/generated-model.js';
import { LLM_BASE, scriptLlm, type ScriptedLlm } from '../../helpers/llm.js';

describe('narration checks', () => {
  const allowed = allowedNumbers({
    rows: [
      { region: 'ASIA', revenue: 1234567.89, share: 0.0523 },
      { region: 'EUROPE', revenue: 987654.3, share: 0.04 },
    ],
    question: 'revenue in 1997',
    timeFrame: '1997-01-01 to 1997-12-31',
    draft: '',
  });

  it('keeps sentences whose numbers are in the result, as rounded, scaled or as a percentage', () => {
    const r = verifyNarration('Asia had $1.23 million in 1997. Europe had 987,654.3. Asia took 5.2% of the total.', allowed);
    expect(r.dropped).toEqual([]);
  });

  it('drops a sentence with a number the result does not hold', () => {
    const r = verifyNarration('Asia had $1.23 million in 1997. That was 17% more than in 1996.', allowed);
    expect(r.text).toBe('Asia had $1.23 million in 1997.');
    expect(r.dropped).toEqual(['That was 17% more than in 1996.']);
  });

  it('a wrong rounding is not accepted', () => {
    expect(verifyNarration('Asia had $1.3 million.', allowed).dropped).toHaveLength(1);
  });
});

describe('verified-query matching', () => {
  it('matches the same words up to order, case, punctuation and plurals; never different numbers', () => {
    expect(
      questionSimilarity('Which shipping methods moved the most units in 1995?', 'which shipping method moved most units in 1995'),
    ).toBeGreaterThan(0.9);
    expect(questionSimilarity('units moved per shipping method in 1995', 'units moved per shipping method in 1996')).toBe(0);
    expect(
      matchVerified('revenue by nation', [
        {
          question: 'revenue by region',
          query: {
            metrics: ['revenue'],
            group_by: [{ dimension: 'region' }],
            filters: [],
            metric_filters: [],
            order: [],
            share_of_total: [],
          },
        },
      ]),
    ).toBeUndefined();
  });
  it('a verified query naming what the model lacks is reported with the field, and not used', () => {
    const model = loadModel(DEFAULT_MODEL_PATH);
    const ratio = (den: string) => ({
      question: `orders to ${den}`,
      query: { ratios: [{ name: 'r', numerator: { metric: 'orders' }, denominator: { metric: den } }] },
    });
    const { entries, issues } = verifiedEntries({ ...model, verified_queries: [ratio('customers'), ratio('shoppers')] });
    expect(entries.map((e) => e.question)).toEqual(['orders to customers']);
    expect(issues).toEqual([
      expect.stringMatching(
        /verified_queries\[1\] \("orders to shoppers"\): ratios\[0\]\.denominator\.metric \('r'\): unknown metric 'shoppers'/,
      ),
    ]);
  });
});

describe('routing', () => {
  it('confident readings stay with the interpreter; out_of_domain and firm refusals are never sent', () => {
    const q = { metrics: ['x'], group_by: [], filters: [], metric_filters: [], order: [], share_of_total: [] };
    expect(route({ kind: 'query', query: q, confidence: 0.95, notes: [], followUp: false }, 0.7)).toBe('interpreter');
    expect(route({ kind: 'query', query: q, confidence: 0.5, notes: [], followUp: false }, 0.7)).toBe('planner');
    expect(route({ kind: 'out_of_domain', reason: 'a poem' }, 0.7)).toBe('refuse');
    expect(route({ kind: 'out_of_scope', reason: 'A forecast is not something the data model computes: ...' }, 0.7)).toBe('refuse');
    expect(route({ kind: 'out_of_scope', reason: 'The data model has no metric or dimension for "takings".' }, 0.7)).toBe('planner');
  });
});

describe('research planner API: plan against a scripted model', () => {
  let llm: ScriptedLlm;
  afterEach(() => llm.done());
  const { catalogue } = generatedModel(40);
  const client = () => new LlmClient({ ...LLM_DEFAULTS, baseUrl: LLM_BASE, model: 'scripted', sendRows: true, backoffMs: 5 });

  it('plans regular questions from the retrieved part of the model', async () => {
    llm = scriptLlm();
    llm.push({
      tool: 'research_plan',
      args: {
        questions: [
          { question: 'billing invoices fee by channel in 2023', why: 'where fees come from' },
          { question: 'billing invoices count by month in 2023' },
        ],
      },
    });
    const rp = new ResearchPlanner(client(), catalogue, { sendValues: true, maxQuestions: 4 });
    const plan = await rp.plan('Where do billing fees come from?', '2024-06-30');
    expect(plan.plan?.questions.map((q) => q.question)).toEqual([
      'billing invoices fee by channel in 2023',
      'billing invoices count by month in 2023',
    ]);
    expect(JSON.stringify(llm.bodies[0])).toContain('billing_invoices_fee');
  });
});
