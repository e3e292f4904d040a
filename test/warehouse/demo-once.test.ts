/**
 * The demo warehouse is built once per data dir, under a lock, however many processes start on it
 * at once (real processes, as `quarry serve` replicas on one volume): the others wait and use that
 * build; a builder killed outright (SIGKILL) leaves no half-built database in use, and the next
 * process takes its lock over and builds a whole one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/cluster.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { demoBuilderArgs } from '../helpers/quarry-cli.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';

interface Outcome {
  pid: number;
  built: boolean;
  waitedMs: number;
  ino: number;
}

const children: ChildProcess[] = [];

function builder(path: string, scale: number): { child: ChildProcess; outcome: Promise<Outcome> } {
  const child = spawn(process.execPath, [...demoBuilderArgs(), path, String(scale)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (err += String(d)));
  const outcome = new Promise<Outcome>((resolve, reject) =>
    child.once('exit', (code, signal) =>
      code === 0 ? resolve(JSON.parse(out) as Outcome) : reject(new Error(`builder ended ${code ?? signal}: ${err.slice(-2000)}`)),
    ),
  );
  return { child, outcome };
}

describe('the demo warehouse, built once per data dir', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'quarry-demo-once-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('three processes starting at once: one builds, the others wait and use that build', async () => {
    const dir = dataDir();
    const path = join(dir, 'demo.duckdb');
    const outcomes = await Promise.all([0, 1, 2].map(() => builder(path, 0.01).outcome));
    expect(outcomes.filter((o) => o.built)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.ino)).size).toBe(1);
    expect(readdirSync(dir)).toEqual(['demo.duckdb']); // no lock, no half-built file left
    // and a later start finds it without building
    expect((await builder(path, 0.01).outcome).built).toBe(false);
  }, 120_000);

  it('a builder killed outright leaves nothing half-built in use; the next process takes over its lock', async () => {
    const dir = dataDir();
    const path = join(dir, 'demo.duckdb');
    const first = builder(path, 0.1);
    const failed = first.outcome.catch(() => 'killed');
    // killed in the middle of writing the database
    await until('the first build to be under way', () => readdirSync(dir).some((f) => f.startsWith('demo.duckdb.building-')), 60_000);
    first.child.kill('SIGKILL');
    expect(await failed).toBe('killed');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(expect.arrayContaining(['demo.duckdb.lock']));

    const second = await builder(path, 0.01).outcome;
    expect(second.built).toBe(true);
    expect(readdirSync(dir)).toEqual(['demo.duckdb']);
    const w = await DuckDbWarehouse.open(path);
    try {
      expect((await w.run('SELECT count(*) AS n FROM orders')).rows[0]).toEqual({ n: 15000 });
    } finally {
      await w.close();
    }
  }, 120_000);
});
