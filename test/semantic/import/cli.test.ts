import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, TPCH_DIR } from '../../helpers/paths.js';
import { FIXTURES } from './roundtrip.js';
import { quarryArgs } from '../../helpers/quarry-cli.js';

const run = promisify(execFile);
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-import-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function quarry(args: string[]) {
  return run(process.execPath, quarryArgs(...args), {
    cwd: REPO_ROOT,
    env: { ...process.env, QUARRY_DATA_DIR: dir, QUARRY_MODEL: '', QUARRY_WAREHOUSE: '' },
  });
}

describe('quarry semantic import (the command)', () => {
  it.each([
    [
      'dbt',
      join(FIXTURES, 'dbt/tpch_shop'),
      /wrote .*dbt\.yaml: 6 entities, 5 relationships, 11 dimensions, 3 time dimensions, 14 measures, 4 derived metrics\.\nnot imported/,
    ],
    [
      'cube',
      join(FIXTURES, 'cube/tpch_cube'),
      /wrote .*cube\.yaml: 6 entities, 5 relationships, 8 dimensions, 2 time dimensions, 8 measures, 3 derived metrics\.\nnot imported/,
    ],
    [
      'cortex',
      join(FIXTURES, 'cortex/tpch_sales.yaml'),
      /wrote .*cortex\.yaml: 5 entities, 4 relationships, 8 dimensions, 2 time dimensions, 9 measures, 3 derived metrics, 3 verified queries\.\nnot imported/,
    ],
  ])(
    '%s: writes a model that `quarry semantic validate` accepts',
    async (format, path, summary) => {
      const out = join(dir, `${format}.yaml`);
      const r = await quarry(['semantic', 'import', format, path, '--out', out]);
      expect(r.stderr).toMatch(summary);
      expect(r.stderr).toMatch(/run `quarry semantic validate .*`, then set QUARRY_MODEL=/);
      expect((await quarry(['semantic', 'validate', out])).stdout).toMatch(/: ok \(\d+ entities, \d+ metrics, \d+ dimensions\)/);
    },
    60_000,
  );

  it("the imported Cortex model's verified queries run as an eval suite: `quarry eval --verified`", async () => {
    const out = join(dir, 'cortex-eval.yaml');
    await quarry(['semantic', 'import', 'cortex', join(FIXTURES, 'cortex/tpch_sales.yaml'), '--out', out]);
    const r = await quarry(['eval', '--verified', '--model', out, '--warehouse', `duckdb:${TPCH_DIR}`]);
    expect(r.stdout).toContain('PASS  What is the revenue by region?');
    expect(r.stdout).toContain('PASS  How many orders by order priority?');
    expect(r.stdout).toMatch(/accuracy 100\.0% \(3\/3\); answered but wrong 0\.0% \(0\)/);
  }, 90_000);

  it('`quarry eval --verified` on a model with no verified queries says so instead of scoring 0 of 0', async () => {
    const out = join(dir, 'dbt-eval.yaml');
    await quarry(['semantic', 'import', 'dbt', join(FIXTURES, 'dbt/tpch_shop'), '--out', out]);
    const r = await quarry(['eval', '--verified', '--model', out, '--warehouse', `duckdb:${TPCH_DIR}`]);
    expect(r.stdout).toMatch(/has no verified queries \(verified_queries\): nothing to check/);
    expect(r.stdout).not.toMatch(/accuracy/);
  }, 90_000);

  it('bad input: exit status 1, the file, the path and the allowed values on stderr, nothing written', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      readFileSync(join(FIXTURES, 'cortex/tpch_sales.yaml'), 'utf8').replace('default_aggregation: sum', 'default_aggregation: total'),
    );
    const out = join(dir, 'never.yaml');
    const failed = await quarry(['semantic', 'import', 'cortex', bad, '--out', out]).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(
      /bad\.yaml: tables\[0\]\.facts\[0\]\.default_aggregation: 'total' is not allowed; allowed: sum, avg, median, min, max, count, count_distinct/,
    );
    expect(existsSync(out)).toBe(false);
    const unknown = await quarry(['semantic', 'import', 'lookml', bad, '--out', out]).catch((e: { code: number; stderr: string }) => e);
    expect((unknown as { stderr: string }).stderr).toMatch(/unknown format 'lookml'; allowed: dbt, cube, cortex/);
    const strict = await quarry(['semantic', 'import', 'dbt', join(FIXTURES, 'dbt/tpch_shop'), '--out', out, '--strict']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((strict as { stderr: string }).stderr).toMatch(/metric cumulative_revenue .*: not imported \(--strict\)/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
