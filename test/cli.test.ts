import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, TPCH_DIR } from './helpers/paths.js';
import { quarryArgs } from './helpers/quarry-cli.js';

const run = promisify(execFile);

function quarry(args: string[], dataDir: string) {
  return run(process.execPath, quarryArgs(...args), {
    cwd: REPO_ROOT,
    env: { ...process.env, QUARRY_DATA_DIR: dataDir },
  });
}

describe('quarry CLI', () => {
  it('serve --role: api and worker need the Postgres store; an unknown role names the allowed ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-cli-role-'));
    await expect(quarry(['serve', '--role', 'worker'], dataDir)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/QUARRY_ROLE=worker needs .*QUARRY_STORE=postgres.*only allowed role is all/),
    });
    await expect(quarry(['serve', '--role', 'scheduler'], dataDir)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/QUARRY_ROLE.*"api".*"worker".*"all"/),
    });
    expect(readdirSync(dataDir)).toEqual([]); // nothing was started or written
  }, 120_000);

  it('accounts create, keys create / list / revoke', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-cli-'));
    const account = (await quarry(['accounts', 'create', '--name', 'acme'], dataDir)).stdout.trim();
    expect(account).toMatch(/^acc_/);
    const created = await quarry(['keys', 'create', '--name', 'ci-bot', '--account', account], dataDir);
    const key = created.stdout.trim();
    expect(key).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toMatch(/shown only once/);
    const list = (await quarry(['keys', 'list'], dataDir)).stdout;
    expect(list).toContain('ci-bot');
    expect(list).toContain(key.slice(0, 10));
    expect(list).not.toContain(key); // only the prefix is ever shown
    const id = /^(key_\S+)/m.exec(list)![1];
    expect((await quarry(['keys', 'revoke', id], dataDir)).stdout).toContain(`revoked ${id}`);
    const after = (await quarry(['keys', 'list'], dataDir)).stdout.split('\n').find((l) => l.startsWith(id))!;
    expect(after.split('\t')[7]).toMatch(/^\d{4}-/); // revoked time set
  }, 60_000);

  it('semantic bootstrap writes a draft model that validates; validate reports problems', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-cli-'));
    const out = join(dir, 'draft.yaml');
    await quarry(['semantic', 'bootstrap', '--warehouse', `duckdb:${TPCH_DIR}`, '--out', out], dir);
    expect((await quarry(['semantic', 'validate', out], dir)).stdout).toMatch(/ok \(8 entities/);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'name: broken\nentities: []\n');
    await expect(quarry(['semantic', 'validate', bad], dir)).rejects.toMatchObject({ stderr: expect.stringMatching(/entities/) });
  }, 60_000);

  it('a wrong setting stops start-up naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-cli-'));
    const failed = run(process.execPath, quarryArgs('serve'), {
      cwd: REPO_ROOT,
      env: { ...process.env, QUARRY_DATA_DIR: dir, QUARRY_PORT: 'not-a-port' },
    });
    await expect(failed).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/QUARRY_PORT/) });
  }, 30_000);
});
