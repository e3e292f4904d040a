/**
 * `quarry research "..."`: runs one investigation in this process (against the configured
 * warehouse and data directory), with a live progress bar on stderr and the report on stdout.
 */
import pino from 'pino';
import { bootstrapDefaultAccount } from './auth/bootstrap.js';
import type { Config } from './config.js';
import { createRuntime } from './runtime.js';
import { isTerminal, type Dimensions } from './schemas/inquiry.js';
import { plural, type ResearchBudgetInput, type ResearchOperation } from './schemas/research.js';

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

/** Runs the investigation; resolves with the process exit code (0 when done). */
export async function runResearchCommand(config: Config, question: string, options: ResearchCommandOptions = {}): Promise<number> {
  const out = options.progress ?? process.stderr;
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel }, pino.destination(2));
  const runtime = await createRuntime(config, { logger: log, startLifecycle: false });
  await bootstrapDefaultAccount(runtime.store, runtime.keys, config.dataDir, config.bootstrapKey);
  await runtime.inquiries.start(); // heartbeats: another process sharing the data dir leaves this run alone
  const account = (await runtime.store.accounts.list())[0];
  const principal = { accountId: account.id, apiKeyId: '' };
  let inquiryId = '';
  const onSigint = () => void (inquiryId ? runtime.inquiries.stop(principal, inquiryId) : Promise.resolve());
  process.once('SIGINT', onSigint);
  try {
    const s = await runtime.research.submit(principal, { question, dimensions: options.dimensions ?? null, budget: options.budget ?? null }, 'ui');
    inquiryId = s.inquiry_id;
    out.write(`research ${s.inquiry_id}: at most ${plural(s.budget.rounds, 'round')}, ${plural(s.budget.queries, 'query', 'queries')}, ${plural(s.budget.minutes, 'minute')}\n`);
    let lastLine = '';
    const seen = new Set<string>();
    const show = (line: string) => {
      if (line === lastLine) return;
      out.write(out.isTTY ? `\r\x1b[2K${line.slice(0, (out.columns ?? 120) - 1)}` : `${line}\n`);
      lastLine = line;
    };
    show(`${progressBar(0)} planning`);
    for (;;) {
      const record = await runtime.store.inquiries.get(s.inquiry_id);
      const status = runtime.inquiries.toStatusResponse(record!);
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
        if (status.status.general !== 'done') out.write(`research ended ${status.status.general}${status.error ? `: ${status.error}` : ''}\n`);
        return status.status.general === 'done' ? 0 : 1;
      }
      await runtime.inquiries.waitForTerminal(s.inquiry_id, 250, 250);
    }
  } finally {
    process.off('SIGINT', onSigint);
    await runtime.close();
  }
}
