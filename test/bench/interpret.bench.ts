/**
 * Rule-based interpreter speed: median / p95 interpret() time over a varied set of questions
 * (totals, breakdowns, periods, top-N, filters, shares, follow-ups, refusals). Goal: median ≤ 5 ms.
 * Run: `npm run bench -- interpret` (or `npx tsx test/bench/interpret.bench.ts`).
 */
import { performance } from 'node:perf_hooks';
import { interpret } from '../../src/nlq/interpret.js';
import { getLexicon } from '../../src/nlq/lexicon.js';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { AS_OF, loadTpch } from '../nlq/fixture.js';

const QUESTIONS = [
  'overall turnover',
  'How much did we sell in 1994?',
  'gross sales per market segment',
  'number of orders split by priority for 1995',
  'best 3 clients by sales during 1996',
  'monthly revenue for 1995',
  'mean order value for each segment',
  'average discount rate per shipping mode',
  'Which nation had the lowest sales in the year before last?',
  'how many buyers did we have this year',
  'sales by country within ASIA',
  'return rate for each ship method',
  'How many urgent orders came in last month?',
  'revenue of the TRUCK ship mode in 1994',
  'quarterly orders in 1995',
  'top five countries by order count',
  'gross profit by region for 1996',
  'How many vendors are in each region?',
  'which 3 vendors brought in the most sales in 1995?',
  'sales of Brand#22 parts per year',
  'average shipping time by priority',
  'sales year to date',
  'how many line items were returned during 1993?',
  'discounts given per segment in 1994',
  'average account balance of suppliers by nation',
  'sales per month for clients in the HOUSEHOLD segment in 1997',
  'what percentage of sales comes from each market segment?',
  'nations with sales over 50 million between 1994 and 1996',
  'sales excluding EUROPE in the last 3 months',
  'units received by week in Q2 1996',
  'What is the capital of Peru?',
  'What was our advertising budget last year?',
  'How many staff work in the Paris branch?',
  'revnue by regoin',
];
const FOLLOW_UPS: [string, string][] = [
  ['sales by region in 1996', 'what about 1997?'],
  ['orders per segment', 'only for 1995'],
  ['revenue in ASIA in 1996', 'break it down by nation'],
  ['top 10 customers by profit', 'top 3 instead'],
];

const { model, values } = await loadTpch();
const ctx = { model, values, asOf: AS_OF };
const t0 = performance.now();
getLexicon(model, values);
const buildMs = performance.now() - t0;

const prev = new Map<string, SemanticQuery>();
for (const [first] of FOLLOW_UPS) {
  const r = interpret(first, ctx);
  if (r.kind === 'query') prev.set(first, r.query);
}
const runOnce = (): number[] => {
  const times: number[] = [];
  for (const question of QUESTIONS) {
    const s = performance.now();
    interpret(question, ctx);
    times.push(performance.now() - s);
  }
  for (const [first, second] of FOLLOW_UPS) {
    const s = performance.now();
    interpret(second, { ...ctx, previous: prev.get(first) });
    times.push(performance.now() - s);
  }
  return times;
};
// warm-up (JIT, lemma cache), then measure
for (let i = 0; i < 5; i++) runOnce();
const all: number[] = [];
for (let i = 0; i < 30; i++) all.push(...runOnce());
all.sort((a, b) => a - b);
const pct = (p: number) => all[Math.min(all.length - 1, Math.floor((p / 100) * all.length))];
const median = pct(50);
console.log(`lexicon build (once per model and value index): ${buildMs.toFixed(1)} ms`);
console.log(`interpret: ${QUESTIONS.length + FOLLOW_UPS.length} questions x 30 runs`);
console.log(`  median ${median.toFixed(3)} ms   p95 ${pct(95).toFixed(3)} ms   max ${all[all.length - 1].toFixed(3)} ms`);
console.log(`  goal: median <= 5 ms -> ${median <= 5 ? 'met' : 'NOT met'}`);
if (median > 5) process.exitCode = 1;
