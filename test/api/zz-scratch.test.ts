import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { it } from 'vitest';
import { startPostgres } from '../helpers/postgres.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { startQuarryProcess } from '../helpers/quarry-process.js';
const KEY = 'scratch-key-0123456789abcdef0123456789abcdef';
it('scratch', async () => {
  const pgs = await startPostgres();
  const db = new pg.Pool({ connectionString: pgs.url, max: 2 });
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-scratch-'));
  const env = { QUARRY_STORE: pgs.url, QUARRY_DATA_DIR: dataDir, QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`, QUARRY_BOOTSTRAP_KEY: KEY, QUARRY_QUEUE_DEPTH: '1000', QUARRY_ACCOUNT_MAX_ACTIVE: '1000', QUARRY_DUCKDB_THREADS: '1', QUARRY_CONCURRENCY: '4' };
  const [api, w] = await Promise.all([startQuarryProcess(env, ['--role', 'api']), startQuarryProcess(env, ['--role', 'worker'])]);
  const measures = ['revenue', 'number of orders', 'average order value', 'quantity'];
  const breakdowns = ['by region', 'by nation', 'by market segment', 'by order priority', 'by month', ''];
  const qs: string[] = [];
  for (const y of [1992, 1993, 1994]) for (const m of measures) for (const b of breakdowns) qs.push(`${m} ${b} in ${y}`.replace(/\s+/g, ' '));
  const ids: string[] = [];
  let s = '';
  for (const [i, q] of qs.entries()) {
    if (i % 10 === 0) s = (await (await api.api('/session/new', { method: 'POST' })).json()).session_id;
    ids.push((await (await api.api(`/session/${s}/inquiry/agent`, { method: 'POST', json: { query: q } })).json()).inquiry_id);
  }
  const t0 = Date.now();
  for (;;) {
    const rows = (await db.query(`SELECT status, count(*) FROM inquiries GROUP BY 1`)).rows;
    console.log(Date.now() - t0, JSON.stringify(rows));
    if (!rows.some((r) => r.status === 'processing') || Date.now() - t0 > 40_000) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  const stuck = (await db.query(`SELECT id, question, started_at, attempts FROM inquiries WHERE status = 'processing'`)).rows;
  console.log('STUCK', stuck);
  console.log((await (await fetch(w.url + '/metrics')).text()).split('\n').filter((l) => /warehouse|queue|running|slot/.test(l) && !l.startsWith('#')).join('\n'));
  writeFileSync('/tmp/scratch-logs.txt', [api, w].map((p) => p.lines.join('\n')).join('\n=====\n'));
  await w.stop(); await api.stop(); await db.end(); await pgs.stop();
}, 300_000);
