/**
 * A real `quarry serve` child process (`src/cli.ts serve`, the run's prebuilt CLI: test/helpers/quarry-cli.ts), configured as an operator
 * would (QUARRY_* variables), for tests that kill processes outright or run several of them.
 * Resolves once the process logs that it serves (API or worker), with its address and log lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './paths.js';
import { quarryArgs, scriptedServerArgs } from './quarry-cli.js';

export interface QuarryProcess {
  /** The launched process: the server itself, or `npm` when launched `via: 'npm'`. */
  child: ChildProcess;
  /** The server's own process id (from its log; npm and its shell stand between when launched via npm). */
  pid: number;
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
  /** Sends `signal` to the whole process group (launched `via: 'npm'`: npm, its shell and the server), as Ctrl-C and most supervisors do. */
  signalGroup(signal: NodeJS.Signals): void;
  /** Resolves once the server process (pid) no longer exists; rejects after `ms`. */
  gone(ms: number): Promise<void>;
  /** Every stderr chunk so far. */
  stderr: string[];
}

export interface LaunchOptions {
  /**
   * `node` (default): `node <prebuilt cli.js> serve` (quarryArgs), a child of the test. `npm`: `npm run
   * quarry -- serve` in a process group of its own, as an operator starts it.
   */
  via?: 'node' | 'npm';
  /**
   * Another entry point than `src/cli.ts serve` (with `via: 'node'`): `scripted-server`, the server
   * whose engine follows scripts (test/helpers/scripted-server.ts; role from QUARRY_ROLE), prebuilt
   * like the CLI, so a test restarting it many times does not compile TypeScript each time.
   */
  script?: 'scripted-server';
}

/** The node process running src/cli.ts in process group `pgid` (npm and its shell are in it too). */
function serverInGroup(pgid: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // field 5 of stat is the process group; the command name (field 2) may hold spaces, so count from its ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (pgrp === pgid && /node$/.test(argv[0] ?? '') && argv.some((a) => a.endsWith('src/cli.ts'))) return Number(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error(`no server process in process group ${pgid}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every child started and not yet exited: a set-up that times out still has them ended (see killStartedQuarryProcesses). */
const live = new Set<ChildProcess>();
/** Those of `live` that lead a process group of their own (launched via npm). */
const groups = new Set<ChildProcess>();

/** SIGKILLs every `quarry serve` child this test file started that is still running (for afterAll). */
export async function killStartedQuarryProcesses(): Promise<void> {
  await Promise.all(
    [...live].map((child) => {
      if (groups.has(child)) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // the group is gone already
        }
      } else child.kill('SIGKILL');
      return exited(child);
    }),
  );
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

export function startQuarryProcess(env: Record<string, string>, args: string[] = [], options: LaunchOptions = {}): Promise<QuarryProcess> {
  const viaNpm = options.via === 'npm';
  const [command, argv] = viaNpm
    ? ['npm', ['run', '--silent', 'quarry', '--', 'serve', ...args]]
    : options.script
      ? [process.execPath, [...scriptedServerArgs(), ...args]]
      : [process.execPath, quarryArgs('serve', ...args)];
  const child = spawn(command, argv, {
    cwd: REPO_ROOT,
    env: { ...process.env, QUARRY_PORT: '0', QUARRY_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: viaNpm,
  });
  live.add(child);
  if (viaNpm) groups.add(child);
  child.once('exit', () => live.delete(child));
  const lines: string[] = [];
  const stderr: string[] = [];
  child.stderr!.on('data', (d) => stderr.push(String(d)));
  const key = env.QUARRY_BOOTSTRAP_KEY ?? '';
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      lines.push(line);
      let m: { msg?: string; address?: string; pid?: number };
      try {
        m = JSON.parse(line);
      } catch {
        return; // not a log line
      }
      if (m.msg !== 'quarry is serving' && m.msg !== 'quarry worker is running') return;
      const url = m.address!;
      const pid = viaNpm ? serverInGroup(child.pid!) : child.pid!;
      const signalGroup = (signal: NodeJS.Signals) => process.kill(-child.pid!, signal);
      const gone = async (ms: number) => {
        const end = Date.now() + ms;
        while (alive(pid)) {
          if (Date.now() > end) throw new Error(`process ${pid} still running after ${ms} ms; stderr: ${stderr.join('').slice(-2000)}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      resolve({
        child,
        pid,
        url,
        lines,
        stderr,
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
          process.kill(pid, 'SIGKILL');
          await gone(10_000);
          if (viaNpm) signalGroup('SIGKILL');
          await exited(child);
        },
        signalGroup,
        gone,
        async stop(graceMs = 10_000) {
          if (!alive(pid)) return;
          process.kill(pid, 'SIGTERM');
          await gone(graceMs).catch(() => process.kill(pid, 'SIGKILL'));
          await gone(10_000);
          if (viaNpm && alive(child.pid!)) signalGroup('SIGKILL');
          await exited(child);
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`quarry serve exited with ${code} before serving: ${stderr.join('').slice(-2000)}`)));
  });
}
