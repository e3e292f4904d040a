/**
 * The tool interface over stdio: `quarry mcp` as a child process (the real CLI, real engine on the
 * TPC-H Parquet warehouse) driven by the SDK's own client, plus the official inspector CLI.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { KeyService } from '../../src/auth/keys.js';
import { openSqliteStore } from '../../src/store/db.js';
import { Store } from '../../src/store/repositories.js';
import { writeCredentials } from '../../src/mcp/auth.js';
import { connectStdio, fails, ok } from '../helpers/mcp.js';
import { REPO_ROOT, TPCH_DIR } from '../helpers/paths.js';
import { quarryArgs } from '../helpers/quarry-cli.js';

const KEY = 'stdio-key-0123456789abcdef0123456789abcdef';
const run = promisify(execFile);

describe('tool interface over stdio (quarry mcp)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-mcp-stdio-'));
  const credentials = join(dataDir, 'home', 'credentials.json');
  const ownCredentials = join(dataDir, 'home', 'keyless-credentials.json');
  let keyless: Awaited<ReturnType<typeof connectStdio>> | undefined;
  const env = {
    QUARRY_DATA_DIR: dataDir,
    QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
    QUARRY_CREDENTIALS_FILE: credentials,
    QUARRY_MCP_RESEARCH_WAIT_MS: '300',
    QUARRY_RESEARCH_PACE_MS: '150',
  };
  let main: Awaited<ReturnType<typeof connectStdio>>;
  const others: Client[] = [];
  const cli = (args: string[], input?: string, extraEnv: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, quarryArgs(...args), {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env, ...extraEnv, QUARRY_LOG_LEVEL: 'warn' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += String(c)));
      child.stderr.on('data', (c) => (stderr += String(c)));
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      child.stdin.end(input ?? '');
    });

  beforeAll(async () => {
    main = await connectStdio({ ...env, QUARRY_BOOTSTRAP_KEY: KEY, QUARRY_API_KEY: KEY });
    await ok(main.client, 'get_account_info'); // the account exists from here on
  });
  afterAll(async () => {
    for (const c of others) await c.close().catch(() => undefined);
    await main?.client.close();
  });

  it('lists the 19 tools', async () => {
    const { tools } = await main.client.listTools();
    expect(tools).toHaveLength(19);
    for (const t of tools) expect(t.outputSchema, t.name).toBeDefined();
  });

  it('simple sequence: contextualize, ask_a_single_question', async () => {
    const ctx = await ok(main.client, 'contextualize');
    expect(ctx.capabilities).toMatch(/Metrics: .*revenue/);
    const r = await ok(main.client, 'ask_a_single_question', { question: 'count of orders per order priority in 1996' });
    expect(r.status).toBe('done');
    expect(r.result.data.data).toHaveLength(5);
  });

  it('complex sequence: data_collection_strategy, ask_questions, wait_for_completion, get_questions_data', async () => {
    await ok(main.client, 'contextualize');
    await ok(main.client, 'data_collection_strategy', { strategy: 'Compare revenue of 1995 and 1996 across market segments.' });
    const batch = await ok(main.client, 'ask_questions', {
      questions: [{ question: 'revenue split by market segment in 1995' }, { question: 'revenue split by market segment in 1996' }],
    });
    const ids = batch.inquiries.map((i: any) => i.inquiry_id);
    const waited = await ok(main.client, 'wait_for_completion', { inquiry_ids: ids });
    expect(waited).toMatchObject({ status: 'done', finished: 2, unsuccessful: 0 });
    const data = await ok(main.client, 'get_questions_data', { inquiry_ids: ids });
    for (const i of data.inquiries) expect(i.data.data).toHaveLength(5);
  });

  it('research sequence with the real research engine: in_progress, then done', async () => {
    await ok(main.client, 'contextualize');
    const sub = await ok(main.client, 'ask_a_research_question', {
      question: 'how did revenue develop across regions and market segments in 1996?',
    });
    expect(sub.status).toBe('submitted');
    const statuses: string[] = [];
    let last: any;
    for (let i = 0; i < 200; i++) {
      last = await ok(main.client, 'wait_for_completion', { inquiry_ids: [sub.inquiry_id], inquiry_type: 'research' });
      statuses.push(last.status);
      if (last.status === 'done') break;
      expect(last.results[0]).toHaveProperty('operations');
    }
    expect(statuses[0]).toBe('in_progress');
    expect(statuses.at(-1)).toBe('done');
    expect(last.results[0].status.general).toBe('done');
    expect(last.results[0].final_answer.length).toBeGreaterThan(20);
  }, 60_000);

  it('discovery sequence and run_sql_query (refusing writes and file reads)', async () => {
    await ok(main.client, 'get_semantic_layer_summary');
    const found = await ok(main.client, 'search_semantic_layer', { query: 'market segment' });
    const { entity } = await ok(main.client, 'get_semantic_layer_entity', { entity_id: found.matching_entities[0].entity_id });
    expect(entity.name).toMatch(/segment/);
    const r = await ok(main.client, 'run_sql_query', { query: 'SELECT count(*) AS n FROM nation' });
    expect(r).toMatchObject({ row_count: 1, truncated: false, rows: [{ n: 25 }] });
    expect(await fails(main.client, 'run_sql_query', { query: 'UPDATE nation SET n_name = 1' })).toMatch(/Query refused/);
    expect(await fails(main.client, 'run_sql_query', { query: "SELECT * FROM read_csv_auto('/etc/passwd')" })).toMatch(/refused/i);
  });

  it("auth: no key, a bad key, `quarry login`, another account's thread", async () => {
    // Another account in the same data directory (processes may share one).
    const store = new Store(await openSqliteStore(join(dataDir, 'quarry.sqlite')));
    const keys = new KeyService(store);
    const otherKey = (await keys.create((await store.accounts.create('other')).id, 'other')).key;
    await keys.close();
    await store.close();
    const [none, other] = await Promise.all([
      connectStdio({ ...env, QUARRY_CREDENTIALS_FILE: ownCredentials }),
      connectStdio({ ...env, QUARRY_API_KEY: otherKey }),
    ]);
    keyless = none;
    others.push(none.client, other.client);
    expect(await fails(none.client, 'contextualize')).toMatch(/no API key[\s\S]*quarry login/);
    writeCredentials(ownCredentials, 'wrong-key-0123456789abcdef0123456789abcdef');
    expect(await fails(none.client, 'create_a_thread')).toMatch(/Invalid API key \(the key from the credentials file\)[\s\S]*quarry login/);
    const [good, wrong] = await Promise.all([
      cli(['login'], KEY + '\n', { QUARRY_CREDENTIALS_FILE: ownCredentials }),
      cli(['login'], 'nope-0123456789abcdef0123456789abcdef\n'),
    ]);
    expect(good.code, good.stderr).toBe(0);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/Invalid API key/);
    await ok(none.client, 'create_a_thread');
    const thread = (await ok(main.client, 'create_a_thread')).session_id;
    expect(await fails(other.client, 'get_thread_data', { session_id: thread })).toMatch(/another account/);
    const logs = main.stderr() + none.stderr() + other.stderr() + good.stderr + wrong.stderr;
    expect(logs).not.toContain(KEY);
    expect(logs).not.toContain(otherKey);
  }, 60_000);

  it('logout: clears the credentials file, and forgets even a key from QUARRY_API_KEY', async () => {
    expect(keyless, 'runs after the auth test').toBeDefined();
    expect(existsSync(ownCredentials)).toBe(true);
    expect((await ok(keyless!.client, 'logout')).status).toBe('logged_out');
    expect(existsSync(ownCredentials)).toBe(false);
    expect(await fails(keyless!.client, 'create_a_thread')).toMatch(/logged out[\s\S]*quarry login/);
    const out = await ok(main.client, 'logout');
    expect(out.message).toMatch(/forgotten/);
    expect(await fails(main.client, 'get_semantic_layer_summary')).toMatch(/Not authenticated: this server was logged out/);
  });

  it('the official inspector CLI lists the 19 tools and calls one', async () => {
    const args = ['@modelcontextprotocol/inspector-cli', '--cli'];
    const target = [
      '-e',
      `QUARRY_DATA_DIR=${dataDir}`,
      '-e',
      `QUARRY_WAREHOUSE=duckdb:${TPCH_DIR}`,
      '-e',
      `QUARRY_API_KEY=${KEY}`,
      '-e',
      'QUARRY_LOG_LEVEL=warn',
      process.execPath,
      ...quarryArgs('mcp'),
    ];
    const opts = { cwd: REPO_ROOT, timeout: 60_000, env: { ...process.env, npm_config_update_notifier: 'false' } };
    const [list, called] = await Promise.all([
      run('npx', [...args, ...target, '--method', 'tools/list'], opts),
      run(
        'npx',
        [...args, ...target, '--method', 'tools/call', '--tool-name', 'search_semantic_layer', '--tool-arg', 'query=ship mode'],
        opts,
      ),
    ]);
    const tools = JSON.parse(list.stdout).tools.map((t: { name: string }) => t.name);
    expect(tools).toHaveLength(19);
    expect(tools).toContain('wait_for_completion');
    const result = JSON.parse(called.stdout);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.matching_entities.map((m: { entity_id: string }) => m.entity_id)).toContain('dimension:ship_mode');
  }, 90_000);
});
