/**
 * `quarry research "..."`: runs one investigation with a live progress bar on stderr and the
 * report on stdout. With a server configured (--server or QUARRY_URL) it is submitted to that
 * server (POST /api/research) and followed through its status; otherwise it runs in this process
 * against the configured warehouse and data directory.
 */
import pino from 'pino';
import { bootstrapDefaultAccount } from './auth/bootstrap.js';
import { QuarryClient } from './client.js';
import type { Config } from './config.js';
import { createRuntime } from './runtime.js';
import { isTerminal, type Dimensions, type InquiryStatusResponse } from './schemas/inquiry.js';
import { plural, type ResearchBudget, type ResearchBudgetInput, type ResearchOperation } from './schemas/research.js';

export interface ResearchCommandOptions {
  dimensions?: Dimensions;
  budget?: ResearchBudgetInput;
  /** Print the whole status response as JSON instead of the report. */
  json?: boolean;
  /** Where the progress bar goes (default stderr). */
  progress?: NodeJS.WriteStream;
}

export function progressBar(progress: number, width = 30): string {
  const filled = Math.round((Math.max(0, Math.min(100, progress)) / 100) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(progress).padStart(3)}%`;
}

function describeStep(op: ResearchOperation): string {
  if (op.kind === 'query') return `${op.id} ${op.status}: ${op.question ?? ''}`;
  return op.kind === 'plan' ? 'planned' : op.kind === 'reflect' ? 'reflected' : 'report written';
}

/** Where an investigation runs: this process, or a server. */
interface ResearchSource {
  submit(): Promise<{ inquiryId: string; budget: ResearchBudget }>;
  status(inquiryId: string): Promise<InquiryStatusResponse>;
  /** Resolves after a short while, or earlier when the inquiry ends. */
  pause(inquiryId: string): Promise<void>;
  stop(inquiryId: string): Promise<void>;
  close(): Promise<void>;
}

async function follow(source: ResearchSource, options: ResearchCommandOptions): Promise<number> {
  const out = options.progress ?? process.stderr;
  let inquiryId = '';
  const onSigint = () => void (inquiryId ? source.stop(inquiryId).catch(() => undefined) : Promise.resolve());
  process.once('SIGINT', onSigint);
  try {
    const s = await source.submit();
    inquiryId = s.inquiryId;
    out.write(
      `research ${s.inquiryId}: at most ${plural(s.budget.rounds, 'round')}, ${plural(s.budget.queries, 'query', 'queries')}, ${plural(s.budget.minutes, 'minute')}\n`,
    );
    let lastLine = '';
    const seen = new Set<string>();
    const show = (line: string) => {
      if (line === lastLine) return;
      out.write(out.isTTY ? `\r\x1b[2K${line.slice(0, (out.columns ?? 120) - 1)}` : `${line}\n`);
      lastLine = line;
    };
    show(`${progressBar(0)} planning`);
    for (;;) {
      const status = await source.status(s.inquiryId);
      // every step once, in order, even when several finished between two looks
      for (const op of (status.operations ?? []) as ResearchOperation[]) {
        if (seen.has(op.id)) continue;
        seen.add(op.id);
        show(`${progressBar(status.progress ?? 0)} ${describeStep(op)}`);
      }
      if (isTerminal(status.status.general)) {
        show(`${progressBar(100)} ${status.status.general}`);
        if (out.isTTY) out.write('\n');
        if (options.json) process.stdout.write(JSON.stringify(status, null, 2) + '\n');
        else if (status.final_answer) process.stdout.write(status.final_answer);
        if (status.status.general !== 'done')
          out.write(`research ended ${status.status.general}${status.error ? `: ${status.error}` : ''}\n`);
        return status.status.general === 'done' ? 0 : 1;
      }
      await source.pause(s.inquiryId);
    }
  } finally {
    process.off('SIGINT', onSigint);
    await source.close();
  }
}

/** Runs the investigation in this process; resolves with the process exit code (0 when done). */
export async function runResearchCommand(config: Config, question: string, options: ResearchCommandOptions = {}): Promise<number> {
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel }, pino.destination(2));
  const runtime = await createRuntime(config, { logger: log, startLifecycle: false });
  await bootstrapDefaultAccount(runtime.store, runtime.keys, config.dataDir, config.bootstrapKey);
  await runtime.inquiries.start(); // heartbeats: another process sharing the data dir leaves this run alone
  const account = (await runtime.store.accounts.list())[0];
  const principal = { accountId: account.id, apiKeyId: '' };
  return follow(
    {
      async submit() {
        const s = await runtime.research.submit(
          principal,
          { question, dimensions: options.dimensions ?? null, budget: options.budget ?? null },
          'ui',
        );
        return { inquiryId: s.inquiry_id, budget: s.budget };
      },
      async status(id) {
        return runtime.inquiries.toStatusResponse((await runtime.store.inquiries.get(id))!);
      },
      async pause(id) {
        await runtime.inquiries.waitForTerminal(id, 250, 250);
      },
      async stop(id) {
        await runtime.inquiries.stop(principal, id);
      },
      close: () => runtime.close(),
    },
    options,
  );
}

/** Submits the investigation to a running server and follows it there. */
export async function runRemoteResearchCommand(
  client: QuarryClient,
  question: string,
  options: ResearchCommandOptions = {},
): Promise<number> {
  const { resolveBudget } = await import('./schemas/research.js');
  return follow(
    {
      async submit() {
        const s = await client.research(question, { dimensions: options.dimensions ?? null, budget: options.budget ?? null });
        return { inquiryId: s.inquiry_id, budget: resolveBudget(options.budget) };
      },
      status: (id) => client.status(id),
      pause: () => new Promise((resolve) => setTimeout(resolve, 1000)),
      stop: (id) => client.stop(id),
      close: async () => undefined,
    },
    options,
  );
}
