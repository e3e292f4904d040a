/**
 * Issue 11, item 9: a server whose model, warehouse or store cannot be used does not start (one
 * clear message naming the setting, non-zero exit), instead of serving answers that all fail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { freePort } from '../helpers/net.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, TPCH_DIR } from '../helpers/paths.js';
import { TEST_KEY, startTestServer } from '../helpers/server.js';
import { quarryArgs } from '../helpers/quarry-cli.js';

/** `quarry serve` as an operator runs it; resolves with its exit code and output, or `serving` if it started. */
function serve(env: Record<string, string>): Promise<{ code: number | null; stderr: string; serving: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-startup-'));
  const child = spawn(process.execPath, quarryArgs('serve'), {
    cwd: REPO_ROOT,
    env: { ...process.env, QUARRY_DATA_DIR: dataDir, QUARRY_PORT: '0', QUARRY_BOOTSTRAP_KEY: TEST_KEY, QUARRY_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, stderr, serving: stdout.includes('quarry is serving') });
    }, 30_000);
    child.stdout!.on('data', (c) => {
      stdout += String(c);
      if (stdout.includes('quarry is serving')) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve({ code: null, stderr, serving: true });
      }
    });
    child.stderr!.on('data', (c) => (stderr += String(c)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, serving: false });
    });
  });
}

describe('start-up fails fast on a broken model, warehouse or store', () => {
  it('a missing QUARRY_MODEL file: `quarry serve` exits with one message naming it', async () => {
    const r = await serve({ QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`, QUARRY_MODEL: '/nonexistent/model.yaml' });
    expect(r.serving).toBe(false);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(
      /^quarry: cannot start: the semantic model \(QUARRY_MODEL=\/nonexistent\/model\.yaml\) cannot be used: [\s\S]*cannot read the file/m,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 60_000);

  it('a warehouse path that does not exist', async () => {
    const err = await startTestServer({ overrides: { warehouse: 'duckdb:/nonexistent/warehouse.duckdb' } }).then(
      async (s) => {
        await s.close();
        return null;
      },
      (e: Error) => e,
    );
    expect(err?.message).toMatch(
      /^cannot start: the warehouse \(QUARRY_WAREHOUSE=duckdb:\/nonexistent\/warehouse\.duckdb\) cannot be opened: No DuckDB database or data folder/,
    );
  });

  it('a Postgres warehouse that cannot be reached', async () => {
    const port = await freePort();
    const err = await startTestServer({ overrides: { warehouse: `postgres://reader:secret@127.0.0.1:${port}/tpch` } }).then(
      async (s) => {
        await s.close();
        return null;
      },
      (e: Error) => e,
    );
    expect(err?.message).toMatch(
      /^cannot start: the warehouse \(QUARRY_WAREHOUSE=postgres:\/\/reader:\*\*\*@127\.0\.0\.1:\d+\/tpch\) cannot be opened: Cannot connect/,
    );
    expect(err?.message).not.toContain('secret');
  });

  it('a model that does not fit the warehouse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-model-'));
    const file = join(dir, 'model.yaml');
    writeFileSync(file, 'name: broken\nentities: nope\n');
    const err = await startTestServer({ overrides: { warehouse: `duckdb:${TPCH_DIR}`, model: file } }).then(
      async (s) => {
        await s.close();
        return null;
      },
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/^cannot start: the semantic model \(QUARRY_MODEL=.*model\.yaml\) cannot be used: invalid semantic model/);
  });

  it('a store that cannot be opened', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'quarry-store-')), 'not-a-folder');
    writeFileSync(file, 'x');
    const err = await startTestServer({ dataDir: file, overrides: { warehouse: `duckdb:${TPCH_DIR}` } }).then(
      async (s) => {
        await s.close();
        return null;
      },
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/^cannot start: the state store in QUARRY_DATA_DIR=.*not-a-folder cannot be opened/);
  });
});
