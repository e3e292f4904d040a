/**
 * Helpers for tool-interface tests: the SDK's own client over streamable HTTP or stdio, calls that
 * must succeed or must be tool errors, and an engine that answers regular questions with the real
 * agent graph and scripts research inquiries (progress in steps) so waits can be timed.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import type { InquiryEngine, InquiryJob, InquiryOutcome, RunContext } from '../../src/inquiries/engine.js';
import { REPO_ROOT } from './paths.js';
import { quarryArgs } from './quarry-cli.js';

export async function connectHttp(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'quarry-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport };
}

export async function connectStdio(
  env: Record<string, string>,
): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }> {
  const client = new Client({ name: 'quarry-test', version: '1.0.0' });
  const base: Record<string, string> = {};
  for (const k of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[k]) base[k] = process.env[k]!;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: quarryArgs('mcp'),
    cwd: REPO_ROOT,
    env: { ...base, QUARRY_LOG_LEVEL: 'info', ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (c) => (err += String(c)));
  await client.connect(transport);
  return { client, transport, stderr: () => err };
}

export interface CallOptions {
  onprogress?: (p: { progress: number; total?: number; message?: string }) => void;
  timeout?: number;
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, {
    timeout: options.timeout ?? 60_000,
    ...(options.onprogress ? { onprogress: options.onprogress, resetTimeoutOnProgress: true } : {}),
  })) as CallToolResult;
}

/** A call that must succeed: returns its structured content (and checks there is a text rendering). */
export async function ok<T = Record<string, any>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<T> {
  const r = await call(client, name, args, options);
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  expect(r.isError, `${name} failed: ${text}`).toBeFalsy();
  expect(text.length).toBeGreaterThan(0);
  expect(r.structuredContent).toBeDefined();
  return r.structuredContent as T;
}

/** A call that must be a tool error (isError, not a protocol error): returns its text, which must say what to do. */
export async function fails(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const r = await call(client, name, args);
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  expect(r.isError, `${name} should fail: ${text}`).toBe(true);
  expect(text).toMatch(/What to do: \S/);
  return text;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(new Error('aborted'))), { once: true });
  });

/**
 * Regular questions go to `agent`; research questions are scripted: "<n> steps of <ms> ms" (default
 * 4 steps of 200 ms), reporting progress and operations after each step, then a final answer.
 */
export function withScriptedResearch(agent: InquiryEngine): InquiryEngine {
  return {
    validateDimensions: (d, accountId) => agent.validateDimensions(d, accountId),
    readiness: () => agent.readiness(),
    resources: agent.resources ? (accountId) => agent.resources!(accountId) : undefined,
    close: () => agent.close?.() ?? Promise.resolve(),
    async run(job: InquiryJob, ctx: RunContext): Promise<InquiryOutcome> {
      if (job.type !== 'research') return agent.run(job, ctx);
      const m = /(\d+) steps of (\d+) ms/.exec(job.question);
      const steps = m ? Number(m[1]) : 4;
      const ms = m ? Number(m[2]) : 200;
      const operations: Record<string, unknown>[] = [];
      for (let i = 1; i <= steps; i++) {
        await sleep(ms, ctx.signal);
        operations.push({ kind: 'query', question: `step ${i}`, status: 'done' });
        await ctx.reportProgress({ final_answer: '', progress: Math.floor((100 * i) / (steps + 1)), operations });
      }
      return { status: 'done', result: { final_answer: `<b>Report</b> on ${job.question}`, progress: 100, operations } };
    },
  };
}
