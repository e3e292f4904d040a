/**
 * `quarry init` as a user runs it: a real child process in a fresh folder, against the TPC-H
 * Parquet folder, a DuckDB file and the Chinook sample in a real PostgreSQL (through a read-only
 * login); with flags and answered through stdin. The ten printed questions must then answer `done`
 * with the files it wrote: through a real `quarry serve` started in that folder, and through the
 * interpreter and the warehouse. Refusals (an existing file, a bad or unreachable warehouse, an
 * empty folder or database) exit 1 and write nothing.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './helpers/net.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TPCH_DIR } from './helpers/paths.js';
import { createReadOnlyRole } from './helpers/postgres.js';
import { postgresForFile, type FileDatabases } from './helpers/shared-servers.js';
import { loadSample } from './helpers/samples.js';
import { loadConfig } from '../src/config.js';
import { loadSemanticLayer } from '../src/semantic/values.js';
import { openWarehouse } from '../src/warehouse/index.js';
import { answerQuestion } from '../src/eval/answer.js';
import { buildDemoWarehouse } from '../src/warehouse/demo.js';
import { draftInit } from '../src/warehouse/init.js';
import { quarryArgs } from './helpers/quarry-cli.js';

// The child must not see this process's warehouse, model or settings file.
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('QUARRY_')));

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `quarry <args>` in `cwd` (the CLI found from the repository, wherever cwd is), feeding `input`. */
function quarry(args: string[], cwd: string, input = ''): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, quarryArgs(...args), { cwd, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += String(c)));
    child.stderr.on('data', (c) => (stderr += String(c)));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The numbered sample questions of the summary. */
const printedQuestions = (stdout: string) => [...stdout.matchAll(/^\s+\d+\. (.+)$/gm)].map((m) => m[1]!);

/** Asks each question with the written quarry.yaml (its model and warehouse), as `quarry eval` would. */
async function askWithWrittenConfig(dir: string, questions: string[]): Promise<string[]> {
  const cfg = loadConfig({ env: {}, file: join(dir, 'quarry.yaml') });
  const warehouse = await openWarehouse(cfg.warehouse!.replace(/^duckdb:(?!\/)/, `duckdb:${dir}/`));
  try {
    const layer = await loadSemanticLayer(resolve(dir, cfg.model!), warehouse);
    const out: string[] = [];
    for (const q of questions) out.push(`${(await answerQuestion(layer, warehouse, q)).status} ${q}`);
    return out;
  } finally {
    await warehouse.close();
  }
}

const freshDir = () => mkdtempSync(join(tmpdir(), 'quarry-init-'));

describe('quarry init', () => {
  let pg: FileDatabases;
  let chinookReadOnly: string;
  beforeAll(async () => {
    pg = await postgresForFile();
    const admin = await loadSample(pg, 'chinook', 'chinook');
    chinookReadOnly = await createReadOnlyRole(admin);
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('with flags on a Parquet folder: a summary, ten questions that answer, quarry.yaml and the model', async () => {
    const dir = freshDir();
    const r = await quarry(['init', '--warehouse', `duckdb:${TPCH_DIR}`, '--yes'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Entities \(8\): .*customer.*lineitem/m);
    expect(r.stdout).toMatch(/^Joins \(\d+; 0 declared, \d+ inferred/m);
    expect(r.stdout).toMatch(/^Time dimensions \(\d+\): .*; default \w+/m);
    expect(r.stdout).toMatch(/^"Today" \(as_of\): the latest \w+ in the data \(\d{4}-\d{2}-\d{2}\)/m);
    const questions = printedQuestions(r.stdout);
    expect(questions).toHaveLength(10);
    expect(new Set(questions).size).toBe(10);
    expect(readdirSync(dir).sort()).toEqual(['model.yaml', 'quarry.yaml']);
    const written = readFileSync(join(dir, 'quarry.yaml'), 'utf8');
    expect(written).toContain(`warehouse: "duckdb:${TPCH_DIR}"`);
    expect(written).toContain('model: "model.yaml"');
    expect((await quarry(['semantic', 'validate', 'model.yaml'], dir)).stdout).toMatch(/model\.yaml: ok \(8 entities/);
    expect(await askWithWrittenConfig(dir, questions)).toEqual(questions.map((q) => `done ${q}`));
  }, 300_000);

  it('answered through stdin: the URL, the file names and the confirmation', async () => {
    const dir = freshDir();
    const r = await quarry(['init'], dir, `duckdb:${TPCH_DIR}\nmodels.yaml\nsettings.yaml\ny\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Warehouse URL .*: /);
    expect(r.stderr).toMatch(/Model file to write \[model\.yaml\]: /);
    expect(r.stderr).toMatch(/Write settings\.yaml and models\.yaml\? \(y\/n\) \[y\]: /);
    expect(readdirSync(dir).sort()).toEqual(['models.yaml', 'settings.yaml']);
    expect(readFileSync(join(dir, 'settings.yaml'), 'utf8')).toContain('model: "models.yaml"');
    expect(printedQuestions(r.stdout)).toHaveLength(10);

    // Declining the write at the end writes nothing; defaults are taken from empty answers.
    const other = freshDir();
    const no = await quarry(['init'], other, `duckdb:${TPCH_DIR}\n\n\nn\n`);
    expect(no.code, no.stderr).toBe(0);
    expect(no.stderr).toMatch(/Write quarry\.yaml and model\.yaml\?.*nothing written/s);
    expect(readdirSync(other)).toEqual([]);
  }, 300_000);

  it('on a DuckDB file; the written folder serves the ten questions through `quarry serve`', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'data'));
    await buildDemoWarehouse(join(dir, 'data', 'shop.duckdb'), { scale: 0.01 });
    const r = await quarry(['init', '--warehouse', 'duckdb:data/shop.duckdb', '--yes'], dir);
    expect(r.code, r.stderr).toBe(0);
    const questions = printedQuestions(r.stdout);
    expect(questions).toHaveLength(10);
    // Relative paths stay relative to the folder quarry.yaml is in.
    expect(readFileSync(join(dir, 'quarry.yaml'), 'utf8')).toContain('warehouse: "duckdb:data/shop.duckdb"');

    const port = await freePort();
    const key = 'init-test-key-0123456789abcdef0123456789';
    const server = spawn(process.execPath, quarryArgs('serve'), {
      cwd: dir,
      env: {
        ...cleanEnv(),
        QUARRY_PORT: String(port),
        QUARRY_HOST: '127.0.0.1',
        QUARRY_DATA_DIR: join(dir, 'state'),
        QUARRY_BOOTSTRAP_KEY: key,
        QUARRY_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    server.stderr!.on('data', (c) => (log += String(c)));
    try {
      const base = `http://127.0.0.1:${port}/api`;
      const call = async (path: string, body?: unknown) => {
        const res = await fetch(`${base}${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return (await res.json()) as Record<string, unknown>;
      };
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/health`)).status < 500) break;
        } catch {
          /* not listening yet */
        }
        if (i > 240 || server.exitCode !== null) throw new Error(`quarry serve did not start: ${log}`);
        await new Promise((ok) => setTimeout(ok, 250));
      }
      const statuses: string[] = [];
      for (const q of questions) {
        const { session_id } = await call('/session/new', {});
        const { inquiry_id } = await call(`/session/${String(session_id)}/inquiry/agent`, { query: q });
        const result = await call(`/inquiry/${String(inquiry_id)}/result?timeout=60`);
        statuses.push(`${(result.status as { general: string }).general} ${q}`);
      }
      expect(statuses).toEqual(questions.map((q) => `done ${q}`));
    } finally {
      server.kill('SIGTERM');
      await new Promise((ok) => (server.exitCode !== null ? ok(null) : server.once('exit', ok)));
    }
  }, 300_000);

  it('on PostgreSQL (Chinook, a read-only login): declared joins, ten questions that answer', async () => {
    const dir = freshDir();
    const r = await quarry(['init', '--warehouse', chinookReadOnly, '--yes', '--name', 'chinook'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Joins \(\d+; 11 declared/m);
    expect(r.stdout).toMatch(/^Entities \(\d+\): .*invoice/m);
    const questions = printedQuestions(r.stdout);
    expect(questions).toHaveLength(10);
    expect(readFileSync(join(dir, 'quarry.yaml'), 'utf8')).toContain(`warehouse: "${chinookReadOnly}"`);
    expect(await askWithWrittenConfig(dir, questions)).toEqual(questions.map((q) => `done ${q}`));
  }, 300_000);

  it('refuses to overwrite an existing file without --force, writing nothing', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'quarry.yaml'), 'port: 9000\n');
    const r = await quarry(['init', '--warehouse', `duckdb:${TPCH_DIR}`, '--yes'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--out: quarry\.yaml already exists; nothing was written \(use --force/);
    expect(readdirSync(dir)).toEqual(['quarry.yaml']);
    expect(readFileSync(join(dir, 'quarry.yaml'), 'utf8')).toBe('port: 9000\n');

    writeFileSync(join(dir, 'model.yaml'), 'mine\n');
    const withModel = await quarry(['init', '--warehouse', `duckdb:${TPCH_DIR}`, '--yes', '--out', 'other.yaml'], dir);
    expect(withModel.code).toBe(1);
    expect(withModel.stderr).toMatch(/--model: model\.yaml already exists/);
    expect(readdirSync(dir).sort()).toEqual(['model.yaml', 'quarry.yaml']);

    const forced = await quarry(['init', '--warehouse', `duckdb:${TPCH_DIR}`, '--yes', '--force'], dir);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(dir, 'quarry.yaml'), 'utf8')).toContain('warehouse:');
    expect(readFileSync(join(dir, 'model.yaml'), 'utf8')).toContain('entities:');
  }, 300_000);

  it('a bad URL, an unreachable server, a missing file or an empty warehouse: exit 1, nothing written', async () => {
    const empty = freshDir();
    const emptyDb = await pg.createDatabase('empty_db');
    // Through the command: exit status 1 and the message.
    const commandCases: Array<[string, RegExp]> = [
      [
        'ftp://example.com/data',
        /Unsupported warehouse URL "ftp:\/\/example\.com\/data": use duckdb:PATH, postgres:\/\/\.\.\. or mysql:\/\/\.\.\./,
      ],
      [emptyDb, /cannot draft a model from .*: The warehouse has no tables/],
    ];
    for (const [url, message] of commandCases) {
      const dir = freshDir();
      const r = await quarry(['init', '--warehouse', url, '--yes'], dir);
      expect(r.code, url).toBe(1);
      expect(r.stderr, url).toMatch(message);
      expect(readdirSync(dir), url).toEqual([]);
    }
    // The same steps in this process (a child each is slow on a busy machine): the error, no file.
    const inProcess: Array<[string, RegExp]> = [
      [`postgres://nobody@127.0.0.1:${pg.port + 1}/db`, /Cannot connect to the Postgres warehouse/],
      ['duckdb:/no/such/file.duckdb', /No DuckDB database or data folder at \/no\/such\/file\.duckdb/],
      [`duckdb:${empty}`, /No \.parquet, \.csv or \.tsv files/],
    ];
    for (const [url, message] of inProcess) {
      const dir = freshDir();
      await expect(
        draftInit({ warehouseUrl: url, configPath: join(dir, 'quarry.yaml'), modelPath: join(dir, 'model.yaml') }),
        url,
      ).rejects.toThrow(message);
      expect(readdirSync(dir), url).toEqual([]);
    }
    const dir = freshDir();
    const none = await quarry(['init', '--yes'], dir);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/--warehouse: give the warehouse URL/);
    const stdinEnded = await quarry(['init'], dir, '');
    expect(stdinEnded.code).toBe(1);
    expect(stdinEnded.stderr).toMatch(/stdin ended/);
    expect(readdirSync(dir)).toEqual([]);
    rmSync(empty, { recursive: true, force: true });
  }, 300_000);
});
