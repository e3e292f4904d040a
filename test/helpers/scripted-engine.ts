/**
 * A scripted engine for lifecycle tests: the question says what happens, e.g.
 * `sleep 200 then done`, `sleep 5000 then done`, `end no_data`, `throw`, `hang`.
 * It honours the abort signal as a real engine must.
 */
import type { InquiryEngine, InquiryJob, InquiryOutcome, RunContext } from '../../src/inquiries/engine.js';
import { RequestValidationError } from '../../src/inquiries/engine.js';

export interface ScriptedEngine extends InquiryEngine {
  started: string[];
  aborted: string[];
  jobs: InquiryJob[];
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });

export function scriptedEngine(): ScriptedEngine {
  const engine: ScriptedEngine = {
    started: [],
    aborted: [],
    jobs: [],
    validateDimensions(dimensions) {
      const unknown = Object.keys(dimensions).filter((k) => !['region', 'market_segment'].includes(k));
      if (unknown.length)
        throw new RequestValidationError(`dimensions.${unknown[0]}: unknown dimension; valid names: market_segment, region`);
      if ('market_segment' in dimensions && typeof dimensions.market_segment === 'number')
        throw new Error('internal detail that must not leak');
    },
    async run(job: InquiryJob, ctx: RunContext): Promise<InquiryOutcome> {
      engine.started.push(job.id);
      engine.jobs.push(job);
      ctx.signal.addEventListener('abort', () => engine.aborted.push(job.id), { once: true });
      const q = job.question;
      if (/report progress/.test(q))
        await ctx.reportProgress({ final_answer: '', progress: 40, operations: [{ kind: 'plan', status: 'done' }] });
      const wait = /sleep (\d+)/.exec(q);
      if (wait) await sleep(Number(wait[1]), ctx.signal);
      if (/hang/.test(q)) await sleep(3_600_000, ctx.signal);
      if (/throw/.test(q)) throw new Error('secret internal failure /etc/something');
      const end = /end (\w+)/.exec(q);
      const status = (end?.[1] ?? 'done') as InquiryOutcome['status'];
      if (status !== 'done') return { status, result: {}, error: `scripted ${status}` };
      return {
        status: 'done',
        result: {
          answer: `Answer to <b>${job.question}</b>`,
          sql_query: 'SELECT 42 AS answer',
          data: { title: 'Answer', data: [{ answer: 42 }], symbols: {}, semantic_types: {} },
          chart: { chart_type: 'kpi', chart_metadata: {}, chart_data: [{ answer: 42 }] },
          explanation: 'scripted',
          time_frame: 'all data',
          answer_explanation: {},
          thinking: { title: 'scripted', messages: [] },
        },
        resolved: { question: job.question },
      };
    },
    async readiness() {
      return [{ name: 'engine', ok: true }];
    },
  };
  return engine;
}
