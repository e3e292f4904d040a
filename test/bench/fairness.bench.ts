/**
 * One account saturates run_sql_query while another asks questions, against a server process on
 * TPC-H SF 0.1, side by side in one run:
 *  - idle: the second account's questions alone (baseline);
 *  - fair (the default: one account may hold all warehouse connections but one);
 *  - unfair (QUARRY_WAREHOUSE_ACCOUNT_CONNECTIONS = QUARRY_WAREHOUSE_CONNECTIONS, as before issue 11).
 * Prints the second account's medians, the ratio to idle, and how many of its questions ended
 * `timeout`; and whether /api/ready stayed 200.
 *
 *   npm run bench fairness
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { join } from 'node:path';
import { KeyService } from '../../src/auth/keys.js';
import { openSqliteStore } from '../../src/store/db.js';
import { Store } from '../../src/store/repositories.js';
import { KEY, call, questions, startServer } from './burst.bench.js';

const HOGS = 6;
// A statement that runs for many seconds unless interrupted (a near-cartesian self join).
const SLOW = 'SELECT count(*) AS n FROM lineitem a, lineitem b WHERE a.l_orderkey + b.l_orderkey = 7';
const ASKED = questions.slice(0, 8);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1]! : (s[(s.length >> 1) - 1]! + s[s.length >> 1]!) / 2) : NaN;
};

async function run(label: string, env: Record<string, string>, saturate: boolean) {
  const { base, child, dataDir } = await startServer({
    QUARRY_QUERY_TIMEOUT_MS: '8000',
    QUARRY_WAREHOUSE_CONNECTIONS: '4',
    QUARRY_SQL_TIMEOUT_MAX_S: '60',
    ...env,
  });
  // a second account, as `quarry accounts create` / `quarry keys create` make it
  const store = new Store(await openSqliteStore(join(dataDir, 'quarry.sqlite')));
  const keys = new KeyService(store);
  const other = await store.accounts.create('other');
  const otherKey = (await keys.create(other.id, 'bench')).key;
  await keys.close();
  await store.close();

  const mcp = new Client({ name: 'bench', version: '1' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(base.replace(/\/api$/, '/mcp')), { requestInit: { headers: { 'x-api-key': KEY } } }),
  );
  const hogs: Promise<unknown>[] = [];
  try {
    // warm-up of the second account's questions
    for (const q of ASKED) {
      const s = (await call('POST', `${base}/session/new`, undefined, otherKey)).json.session_id;
      const { inquiry_id } = (await call('POST', `${base}/session/${s}/inquiry/agent`, q, otherKey)).json;
      await call('GET', `${base}/inquiry/${inquiry_id}/result?timeout=60`, undefined, otherKey);
    }
    if (saturate) {
      for (let i = 0; i < HOGS; i++)
        hogs.push(
          mcp
            .callTool({ name: 'run_sql_query', arguments: { query: SLOW, timeout: 60 } }, undefined, { timeout: 120_000 })
            .catch(() => null),
        );
      await new Promise((r) => setTimeout(r, 500));
    }
    const ms: number[] = [];
    const statuses = new Map<string, number>();
    let notReady = 0;
    for (const q of ASKED) {
      const t0 = performance.now();
      const s = (await call('POST', `${base}/session/new`, undefined, otherKey)).json.session_id;
      const { inquiry_id } = (await call('POST', `${base}/session/${s}/inquiry/agent`, q, otherKey)).json;
      const r = (await call('GET', `${base}/inquiry/${inquiry_id}/result?timeout=60`, undefined, otherKey)).json;
      ms.push(performance.now() - t0);
      statuses.set(r.status.general, (statuses.get(r.status.general) ?? 0) + 1);
      if ((await call('GET', `${base}/ready`)).status !== 200) notReady++;
    }
    return { label, median: median(ms), timeouts: statuses.get('timeout') ?? 0, statuses, notReady };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([Promise.allSettled(hogs), new Promise((r) => setTimeout(r, 3000))]);
    await mcp.close().catch(() => undefined);
  }
}

const idle = await run('idle', {}, false);
const fair = await run('fair (default: 3 of 4 connections per account)', {}, true);
const unfair = await run('unfair (4 of 4 connections per account)', { QUARRY_WAREHOUSE_ACCOUNT_CONNECTIONS: '4' }, true);
console.log(`another account's ${ASKED.length} questions while one account runs ${HOGS} long run_sql_query calls (statement limit 8 s):`);
for (const r of [idle, fair, unfair]) {
  console.log(
    `  ${r.label.padEnd(48)} median ${r.median.toFixed(0).padStart(6)} ms (${(r.median / idle.median).toFixed(1)}x idle); ` +
      `${[...r.statuses].map(([k, v]) => `${k} ${v}`).join(', ')}; /api/ready not 200: ${r.notReady} of ${ASKED.length}`,
  );
}
process.exit(0);
