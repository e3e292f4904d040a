/**
 * The LLM planner with a scripted model (nock, fixed delays; no network): model calls per regular
 * question (goal ≤ 2 without repair: at most one planning call and one narration call) and prompt
 * tokens of a planning request for a generated 200-table model (goal ≤ 4k, js-tiktoken o200k).
 * Also: the same for the TPC-H model, privacy mode, and end-to-end latency with the model delay.
 */
import { MemorySaver } from '@langchain/langgraph';
import nock from 'nock';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import type { AgentStateType } from '../../graphs/agent/state.js';
import {
  countRequestTokens,
  createQuestionPlanner,
  LLM_DEFAULTS,
  LlmClient,
  LlmPlanner,
  type LlmSettings,
} from '../../src/nlq/llm/index.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer } from '../../src/semantic/values.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import { generatedModel } from '../helpers/generated-model.js';
import { TPCH_DIR } from '../helpers/paths.js';

const BASE = 'http://llm.bench.test/v1';
const DELAY_MS = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const max = (xs: number[]) => Math.max(0, ...xs);

nock.disableNetConnect();
const bodies: { tools?: { function: { parameters: unknown } }[]; messages: { content: string }[] }[] = [];
nock(new URL(BASE).origin)
  .persist()
  .post('/v1/chat/completions')
  .delay(DELAY_MS)
  .reply(200, (_uri, body) => {
    const b = body as (typeof bodies)[number];
    bodies.push(b);
    const usage = {
      prompt_tokens: countRequestTokens(b.messages, b.tools?.[0]?.function.parameters),
      completion_tokens: 30,
      total_tokens: 0,
    };
    const message = b.tools
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'c',
              type: 'function',
              function: {
                name: 'plan',
                arguments: JSON.stringify({ kind: 'query', query: { metrics: ['revenue'], group_by: [{ dimension: 'region' }] } }),
              },
            },
          ],
        }
      : { role: 'assistant', content: 'The result is in the table.' };
    return {
      id: 'x',
      object: 'chat.completion',
      created: 1,
      model: 'bench',
      choices: [{ index: 0, finish_reason: b.tools ? 'tool_calls' : 'stop', message }],
      usage,
    };
  });

const settings = (o: Partial<LlmSettings> = {}): LlmSettings => ({
  ...LLM_DEFAULTS,
  baseUrl: BASE,
  model: 'bench',
  sendRows: true,
  backoffMs: 5,
  ...o,
});

// Regular questions in our own words: some the interpreter reads confidently, some it does not.
const QUESTIONS = [
  'sales revenue for each region in 1997',
  'count of orders for every priority level in 1995',
  'top 5 nations by revenue in 1996',
  'mean discount for each shipping method',
  'yearly profit margin',
  'Takings per market segment during 1996',
  'gross receipts by ship mode for 1995',
  'Which regions bring in the most money?',
  'How did revenue change from 1996 to 1997 by region?',
  'late deliveries by supplier region last year',
];

const warehouse = await openWarehouse(`duckdb:${TPCH_DIR}`);
const layer = await loadSemanticLayer(DEFAULT_MODEL_PATH, warehouse);
const graph = buildAgentGraph(new MemorySaver());
let thread = 0;

async function run(sendRows: boolean) {
  const planner = createQuestionPlanner(settings({ sendRows }), layer, warehouse);
  const calls: number[] = [];
  const planTokens: number[] = [];
  const ms: number[] = [];
  const routes: Record<string, number> = {};
  for (const question of QUESTIONS) {
    const before = bodies.length;
    const started = performance.now();
    const state = (await graph.invoke(
      { question, dimensions: null, history: [] },
      { configurable: { thread_id: `b${++thread}`, layer, warehouse, queryTimeoutMs: 30_000, maxRows: 5000, planner } },
    )) as AgentStateType;
    ms.push(performance.now() - started);
    calls.push(state.llmUsage?.calls ?? 0);
    routes[state.source ?? state.outcome?.status ?? '?'] = (routes[state.source ?? state.outcome?.status ?? '?'] ?? 0) + 1;
    for (const b of bodies.slice(before)) if (b.tools) planTokens.push(countRequestTokens(b.messages, b.tools[0].function.parameters));
  }
  return { calls, planTokens, ms, routes };
}

const normal = await run(true);
const privacy = await run(false);
console.log(`model delay ${DELAY_MS} ms per call; ${QUESTIONS.length} regular questions on TPC-H`);
console.log(
  `model calls per question: mean ${(normal.calls.reduce((a, b) => a + b, 0) / QUESTIONS.length).toFixed(2)}, max ${max(normal.calls)} (goal ≤ 2)   [${normal.calls.join(' ')}]   routes ${JSON.stringify(normal.routes)}`,
);
console.log(
  `privacy mode (no narration): mean ${(privacy.calls.reduce((a, b) => a + b, 0) / QUESTIONS.length).toFixed(2)}, max ${max(privacy.calls)}`,
);
console.log(
  `TPC-H planning prompt tokens: median ${median(normal.planTokens)}, max ${max(normal.planTokens)} (${normal.planTokens.length} planning calls)`,
);
console.log(
  `end-to-end per question: median ${median(normal.ms).toFixed(0)} ms, max ${max(normal.ms).toFixed(0)} ms (privacy: median ${median(privacy.ms).toFixed(0)} ms)`,
);

// Generated 200-table model: prompt tokens of one planning request.
const big = generatedModel(200);
const bigPlanner = new LlmPlanner({
  client: new LlmClient(settings()),
  catalogue: big.catalogue,
  dialect: 'duckdb',
  sendValues: true,
  maxRepairs: 0,
  promptBudget: 4000,
});
const bigQuestions = [
  'total billing invoices fee by channel in 2023',
  'how many support tickets per priority last quarter',
  'fleet shipments cost by channel',
  'which loyalty campaigns had the highest fee',
  'payroll contracts duration by tier and status',
  'compare clinic visits count across regions',
];
const bigTokens: number[] = [];
for (const question of bigQuestions) {
  const before = bodies.length;
  await bigPlanner.plan({ question, asOf: '2024-06-30', interpretation: { kind: 'out_of_scope', reason: 'unknown words' } });
  const b = bodies[before];
  bigTokens.push(countRequestTokens(b.messages, b.tools![0].function.parameters));
}
const wholeModel = big.catalogue.items.filter((i) => i.kind !== 'value').length;
console.log(
  `200-table model (${wholeModel} catalogue items): planning prompt tokens median ${median(bigTokens)}, max ${max(bigTokens)} (goal ≤ 4000)   [${bigTokens.join(' ')}]`,
);

await warehouse.close();
nock.cleanAll();
const ok = max(normal.calls) <= 2 && max(bigTokens) <= 4000;
console.log(ok ? 'goals met' : 'GOALS MISSED');
process.exit(ok ? 0 : 1);
