/**
 * Checkpoints and resume: a server process (a real child) is killed with SIGKILL in the middle of a
 * research inquiry; a new process on the same data directory takes the inquiry over, resumes the
 * research graph from its last SQLite checkpoint and does not run finished sub-questions again.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { postgresForFile, type FileDatabases } from '../helpers/shared-servers.js';
import { killStartedQuarryProcesses, startQuarryProcess, type QuarryProcess } from '../helpers/quarry-process.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';

const KEY = 'resume-key-0123456789abcdef0123456789abcdef';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const startServer = (dataDir: string, store?: string) =>
  startQuarryProcess({
    ...(store ? { QUARRY_STORE: store } : {}),
    QUARRY_DATA_DIR: dataDir,
    QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
    QUARRY_BOOTSTRAP_KEY: KEY,
    QUARRY_RESEARCH_CONCURRENCY: '1',
    QUARRY_RESEARCH_PACE_MS: '300',
    QUARRY_HEARTBEAT_MS: '100',
    QUARRY_STALE_AFTER_MS: '400',
  });

async function call(server: QuarryProcess, method: string, path: string, body?: unknown) {
  return (await server.api(path, { method, ...(body === undefined ? {} : { json: body }) })).json();
}

describe.each(['sqlite', 'postgres'] as const)('research resumes after the process is killed (SIGKILL), state on %s', (kind) => {
  let postgres: FileDatabases | undefined;
  afterAll(async () => {
    await killStartedQuarryProcesses();
    await postgres?.stop();
  });

  it('a new process resumes from the last checkpoint without repeating finished operations', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-resume-'));
    if (kind === 'postgres') postgres = await postgresForFile('resume');
    const first = await startServer(dataDir, postgres?.url);
    const { inquiry_id } = await call(first, 'POST', '/research', {
      question: 'Why did revenue change in 1997 compared with 1996?',
      budget: { rounds: 1, queries: 8 },
    });

    // wait until some, not all, sub-questions are finished, then kill the process outright
    let before: ResearchOperation[] = [];
    for (const end = Date.now() + 60_000; Date.now() < end;) {
      const s = await call(first, 'GET', `/inquiry/${inquiry_id}/status`);
      before = (s.operations as ResearchOperation[]).filter((o) => o.kind === 'query');
      if (before.length >= 3) break;
      await sleep(25);
    }
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(8);
    await first.kill();
    const killedAt = Date.now();
    const second = await startServer(dataDir, postgres?.url);

    const result = await call(second, 'GET', `/inquiry/${inquiry_id}/result?timeout=60`);
    expect(result.status.general, result.error).toBe('done');
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
    expect(second.logged('resuming research from its last checkpoint').length > 0).toBe(true);
    expect(unmatchedNumbers(result.final_answer, result.operations)).toEqual([]);
    await second.stop();
  }, 90_000);
});
