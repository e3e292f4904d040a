/**
 * Checkpoints and resume: a server process (a real child) is killed with SIGKILL in the middle of a
 * research inquiry; a new process on the same data directory takes the inquiry over, resumes the
 * research graph from its last SQLite checkpoint and does not run finished sub-questions again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { REPO_ROOT, TPCH_DIR } from '../helpers/paths.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';

const KEY = 'resume-key-0123456789abcdef0123456789abcdef';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Server {
  child: ChildProcess;
  base: string;
  lines: string[];
}

function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli.ts'), 'serve'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      QUARRY_DATA_DIR: dataDir,
      QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
      QUARRY_PORT: '0',
      QUARRY_BOOTSTRAP_KEY: KEY,
      QUARRY_LOG_LEVEL: 'info',
      QUARRY_RESEARCH_CONCURRENCY: '1',
      QUARRY_RESEARCH_PACE_MS: '300',
      QUARRY_HEARTBEAT_MS: '100',
      QUARRY_STALE_AFTER_MS: '400',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      lines.push(line);
      try {
        const m = JSON.parse(line);
        if (m.msg === 'quarry is serving') resolve({ child, base: `${m.address}/api`, lines });
      } catch {
        /* not a log line */
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function call(server: Server, method: string, path: string, body?: unknown) {
  const r = await fetch(server.base + path, { method, headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return r.json();
}

describe('research resumes after the process is killed (SIGKILL)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });

  it('a new process resumes from the last checkpoint without repeating finished operations', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-resume-'));
    const first = await startServer(dataDir);
    children.push(first.child);
    const { inquiry_id } = await call(first, 'POST', '/research', { question: 'Why did revenue change in 1997 compared with 1996?', budget: { rounds: 1, queries: 8 } });

    // wait until some, not all, sub-questions are finished, then kill the process outright
    let before: ResearchOperation[] = [];
    for (let i = 0; i < 300; i++) {
      const s = await call(first, 'GET', `/inquiry/${inquiry_id}/status`);
      before = (s.operations as ResearchOperation[]).filter((o) => o.kind === 'query');
      if (before.length >= 3) break;
      await sleep(25);
    }
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(8);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const killedAt = Date.now();
    const second = await startServer(dataDir);
    children.push(second.child);

    const result = await call(second, 'GET', `/inquiry/${inquiry_id}/result?timeout=60`);
    expect(result.status.general).toBe('done');
    const after = (result.operations as ResearchOperation[]).filter((o) => o.kind === 'query');
    // every sub-question ran exactly once
    expect(after.map((o) => o.id).sort()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8']);
    // those finished before the kill are the very same operations (not run again) ...
    for (const op of before) {
      const same = after.find((o) => o.id === op.id)!;
      expect(same.started_at).toBe(op.started_at);
      expect(same.finished_at).toBe(op.finished_at);
      expect(Date.parse(same.finished_at)).toBeLessThan(killedAt);
    }
    // ... and only the others ran in the new process
    const rerun = after.filter((o) => Date.parse(o.started_at) > killedAt);
    expect(rerun.length).toBe(8 - before.length);
    expect(second.lines.some((l) => l.includes('resuming research from its last checkpoint'))).toBe(true);
    expect(unmatchedNumbers(result.final_answer, result.operations)).toEqual([]);
    second.child.kill('SIGTERM');
  }, 90_000);
});
