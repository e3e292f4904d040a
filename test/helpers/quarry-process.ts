/**
 * A real `quarry serve` child process (`src/cli.ts serve` through tsx), configured as an operator
 * would (QUARRY_* variables), for tests that kill processes outright or run several of them.
 * Resolves once the process logs that it serves (API or worker), with its address and log lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './paths.js';
import { quarryArgs } from './quarry-cli.js';

export interface QuarryProcess {
  child: ChildProcess;
  /** The process's own address (http://127.0.0.1:port); the REST API is under /api. */
  url: string;
  /** Every stdout line so far (pino JSON at QUARRY_LOG_LEVEL). */
  lines: string[];
  /** fetch against /api with the key. */
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** Parsed log lines with this message. */
  logged(msg: string): Record<string, unknown>[];
  /** SIGKILL, resolved once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful stop), resolved once it has exited; SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Every child started and not yet exited: a set-up that times out still has them ended (see killStartedQuarryProcesses). */
const live = new Set<ChildProcess>();

/** SIGKILLs every `quarry serve` child this test file started that is still running (for afterAll). */
export async function killStartedQuarryProcesses(): Promise<void> {
  await Promise.all(
    [...live].map((child) => {
      child.kill('SIGKILL');
      return exited(child);
    }),
  );
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

export function startQuarryProcess(env: Record<string, string>, args: string[] = []): Promise<QuarryProcess> {
  const child = spawn(process.execPath, quarryArgs('serve', ...args), {
    cwd: REPO_ROOT,
    env: { ...process.env, QUARRY_PORT: '0', QUARRY_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const lines: string[] = [];
  const stderr: string[] = [];
  child.stderr!.on('data', (d) => stderr.push(String(d)));
  const key = env.QUARRY_BOOTSTRAP_KEY ?? '';
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      lines.push(line);
      let m: { msg?: string; address?: string };
      try {
        m = JSON.parse(line);
      } catch {
        return; // not a log line
      }
      if (m.msg !== 'quarry is serving' && m.msg !== 'quarry worker is running') return;
      const url = m.address!;
      resolve({
        child,
        url,
        lines,
        api(path, init = {}) {
          const headers = new Headers(init.headers);
          if (!headers.has('x-api-key')) headers.set('x-api-key', key);
          let body = init.body;
          if (init.json !== undefined) {
            body = JSON.stringify(init.json);
            headers.set('content-type', 'application/json');
          }
          return fetch(`${url}/api${path}`, { ...init, headers, body });
        },
        logged: (msg) =>
          lines.flatMap((l) => {
            try {
              const m = JSON.parse(l);
              return m.msg === msg ? [m] : [];
            } catch {
              return [];
            }
          }),
        async kill() {
          child.kill('SIGKILL');
          await exited(child);
        },
        async stop(graceMs = 10_000) {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exited(child);
          clearTimeout(t);
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`quarry serve exited with ${code} before serving: ${stderr.join('').slice(-2000)}`)));
  });
}
