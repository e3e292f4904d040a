import { afterEach, describe, expect, it } from 'vitest';
import {
  countRequestTokens,
  countTokens,
  LLM_DEFAULTS,
  LlmClient,
  LlmPlanner,
  placeholders,
  loadPrompt,
  renderTemplate,
  retrieveContext,
  type PromptName,
} from '../../../src/nlq/llm/index.js';
import { readdirSync } from 'node:fs';
import { PROMPTS_DIR } from '../../../src/nlq/llm/prompts.js';
import { generatedModel } from '../../helpers/generated-model.js';
import { LLM_BASE, scriptLlm, type ScriptedLlm } from '../../helpers/llm.js';

const QUESTIONS = [
  'total billing invoices amount by region in 2023',
  'how many support tickets per priority last quarter',
  'fleet shipments cost by channel',
  'which loyalty campaigns had the highest fee',
];

describe('retrieval and prompt size on a generated 200-table model', () => {
  const big = generatedModel(200);
  let llm: ScriptedLlm;
  afterEach(() => llm?.done());

  it('the generated model really is large: the whole catalogue is far beyond the budget', () => {
    expect(big.model.entities).toHaveLength(200);
    const everything = retrieveContext(big.catalogue, 'x', { sendValues: true, budget: 1e9 });
    expect(everything.tokens).toBeLessThan(1e9);
    const all = big.catalogue.items.map((i) => `${i.kind} ${i.name} ${i.description}`).join('\n');
    expect(countTokens(all)).toBeGreaterThan(20_000);
  });

  it('retrieves the items the question names, within the budget', () => {
    const ctx = retrieveContext(big.catalogue, 'total billing invoices fee by channel in 2023', { sendValues: true, budget: 2500 });
    expect(ctx.tokens).toBeLessThanOrEqual(2500);
    expect(ctx.names.has('billing_invoices_fee')).toBe(true);
    expect(ctx.names.has('billing_invoices_channel')).toBe(true);
    expect(ctx.text).toContain('metric billing_invoices_fee');
    expect(ctx.names.has('payroll_visits_count')).toBe(false);
  });

  it.each(QUESTIONS)('a planning request stays within 4k prompt tokens (js-tiktoken): %s', async (question) => {
    llm = scriptLlm();
    llm.push({ tool: 'plan', args: { kind: 'out_of_scope', reason: 'scripted' } });
    const client = new LlmClient({ ...LLM_DEFAULTS, baseUrl: LLM_BASE, model: 'scripted', sendRows: true, backoffMs: 5 });
    const planner = new LlmPlanner({
      client,
      catalogue: big.catalogue,
      dialect: 'duckdb',
      sendValues: true,
      maxRepairs: 1,
      promptBudget: 4000,
    });
    const r = await planner.plan({ question, asOf: '2024-06-30', interpretation: { kind: 'out_of_scope', reason: 'unknown words' } });
    const body = llm.bodies[0] as { messages: { content: string }[]; tools: { function: { parameters: unknown } }[] };
    const counted = countRequestTokens(body.messages, body.tools[0].function.parameters);
    expect(counted).toBeLessThanOrEqual(4000);
    expect(Math.abs(counted - r.promptTokens)).toBeLessThan(300);
    expect(body.messages[1].content.split('\n').length).toBeGreaterThan(10);
  });

  it.each([
    ['mysql', /Quoting: strings in 'single quotes' only .*"double quotes" and `backquotes` both mark names/],
    ['postgres', /Quoting: strings in 'single quotes' .*names in "double quotes"/],
  ] as const)('the system prompt tells the model how %s quotes strings and names', async (dialect, note) => {
    llm = scriptLlm();
    llm.push({ tool: 'plan', args: { kind: 'out_of_scope', reason: 'scripted' } });
    const client = new LlmClient({ ...LLM_DEFAULTS, baseUrl: LLM_BASE, model: 'scripted', sendRows: true, backoffMs: 5 });
    const planner = new LlmPlanner({ client, catalogue: big.catalogue, dialect, sendValues: true, maxRepairs: 1, promptBudget: 4000 });
    await planner.plan({ question: QUESTIONS[0]!, asOf: '2024-06-30', interpretation: { kind: 'out_of_scope', reason: 'unknown words' } });
    const body = llm.bodies[0] as { messages: { content: string }[] };
    expect(body.messages[0]!.content).toMatch(note);
  });

  it('privacy mode leaves stored values out of the context', () => {
    const withValues = retrieveContext(big.catalogue, 'billing invoices by region REGION_3', { sendValues: true, budget: 3000 });
    const without = retrieveContext(big.catalogue, 'billing invoices by region REGION_3', { sendValues: false, budget: 3000 });
    expect(withValues.text).toMatch(/REGION_1\b/);
    expect(without.text).not.toMatch(/REGION_\d/);
  });
});

describe('prompt templates', () => {
  it('one file per step, and every placeholder is filled by its caller', () => {
    const files = readdirSync(PROMPTS_DIR)
      .filter((f) => f.endsWith('.txt'))
      .map((f) => f.replace(/\.txt$/, ''));
    expect(files.sort()).toEqual(
      [
        'narrate-system',
        'narrate-user',
        'plan-system',
        'plan-user',
        'repair',
        'research-plan',
        'research-followups',
        'research-sections',
      ].sort(),
    );
    for (const f of files) {
      const t = loadPrompt(f as PromptName);
      const values = Object.fromEntries(placeholders(t).map((p) => [p, `<${p}>`]));
      expect(renderTemplate(t, values)).not.toMatch(/\{[a-z_]+\}/);
      if (placeholders(t).length) expect(() => renderTemplate(t, {})).toThrow(/has no value/);
    }
  });
});

describe('privacy mode over the richer IR', () => {
  it('a subset’s filter values are redacted like filters, and restored', async () => {
    const { redactQueryValues, restoreQueryValues } = await import('../../../src/nlq/llm/retrieval.js');
    const query = {
      metrics: [],
      group_by: [],
      filters: [{ dimension: 'nation', op: 'eq' as const, values: ['GERMANY'] }],
      metric_filters: [],
      order: [],
      share_of_total: [],
      subset_metrics: [
        {
          name: 'urgent_share',
          metric: 'orders',
          filters: [{ dimension: 'order_priority', op: 'eq' as const, values: ['1-URGENT'] }],
          as: 'share' as const,
          label: '1-URGENT',
        },
      ],
    };
    const red = redactQueryValues(query);
    const text = JSON.stringify(red.query);
    expect(text).not.toContain('GERMANY');
    expect(text).not.toContain('URGENT');
    expect(restoreQueryValues(red.query, red.values).subset_metrics?.[0].filters[0].values).toEqual(['1-URGENT']);
  });
  it('a ratio’s side values and labels are redacted, and the values restored', async () => {
    const { redactQueryValues, restoreQueryValues } = await import('../../../src/nlq/llm/retrieval.js');
    const query = {
      metrics: [],
      group_by: [],
      filters: [],
      metric_filters: [],
      order: [],
      share_of_total: [],
      ratios: [
        {
          name: 'r',
          numerator: {
            metric: 'customers',
            filters: [{ dimension: 'nation', op: 'eq' as const, values: ['FRANCE'] }],
            label: 'customers in FRANCE',
          },
          denominator: { metric: 'customers' },
          label: 'Ratio of customers in FRANCE to customers',
        },
      ],
    };
    const red = redactQueryValues(query);
    expect(JSON.stringify(red.query)).not.toContain('FRANCE');
    const back = restoreQueryValues(red.query, red.values);
    expect(back.ratios?.[0]?.numerator.filters?.[0]?.values).toEqual(['FRANCE']);
    expect(back.ratios?.[0]?.denominator).toEqual({ metric: 'customers' });
  });
});
