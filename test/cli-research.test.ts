import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, TPCH_DIR } from './helpers/paths.js';
import { quarryArgs } from './helpers/quarry-cli.js';
import { unmatchedNumbers } from './helpers/report-numbers.js';

const run = promisify(execFile);

describe('quarry research (CLI)', () => {
  it('shows progress on stderr and prints the report; --json gives the status response', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-cli-research-'));
    const env = { ...process.env, QUARRY_DATA_DIR: dataDir, QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}` };
    const research = quarryArgs('research');
    const args = [...research, 'Why did revenue change in 1997 compared with 1996?', '--rounds', '1', '--queries', '3'];
    const text = await run(process.execPath, args, { cwd: REPO_ROOT, env });
    expect(text.stderr).toMatch(/at most 1 round, 3 queries/);
    expect(text.stderr).toMatch(/\[#{30}\] 100%/);
    expect(text.stderr).toMatch(/\] +\d+% q\d done/);
    expect(text.stdout).toMatch(/^# Revenue: 1997 compared with 1996/);

    const json = JSON.parse((await run(process.execPath, [...args, '--json'], { cwd: REPO_ROOT, env })).stdout);
    expect(json).toMatchObject({ inquiry_type: 'research', status: { general: 'done' }, progress: 100 });
    expect(unmatchedNumbers(json.final_answer, json.operations)).toEqual([]);

    const bad = await run(process.execPath, [...research, 'x', '--rounds', '0'], { cwd: REPO_ROOT, env }).catch((e) => e);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/budget: rounds/);
  }, 60_000);
});
