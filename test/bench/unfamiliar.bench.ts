/**
 * Accuracy on unfamiliar databases: the public defog-ai databases (defog-data, Apache-2.0) and their
 * questions with gold SQL (sql-eval, Apache-2.0), read from local git checkouts, never copied here.
 * For each database: load its dump into a throwaway PostgreSQL 15, bootstrap the model unedited, ask
 * every question through the rule-based interpreter (no LLM), run the gold SQL, compare the way
 * sql-eval does (every gold column among the answer's columns, rows as sets; any of the gold
 * variants), and classify: correct / refused / answered-but-wrong / error.
 *
 * "Today" is the gold server's CURRENT_DATE for both sides (the gold SQL's own reading of "the past
 * 30 days"), given to Quarry as the `asOf` override; the drafted model's own `as_of` is not used.
 *
 * Questions are split by a hash of their text into a dev half (read the failures of this half
 * only) and a held-out half (only ever counted). Goal: answered-but-wrong ≤ 2 %, correct ≥ 20 %.
 * sql-eval's `instruct_advanced` (harder, multi-step questions on four of the databases) is split
 * the same way (advanced dev read, advanced held-out only counted). `idk` (questions the data
 * cannot answer: the right outcome is a refusal, an answer of any kind counts as wrong) is scored
 * whole and only ever counted.
 *
 *   QUARRY_DEFOG_DATA=/path/to/defog-data QUARRY_SQL_EVAL=/path/to/sql-eval npm run bench unfamiliar
 *
 * Each path is a git checkout or a bare git directory (read at HEAD). Optional:
 * QUARRY_UNFAMILIAR_DBS=academic,yelp (a subset), QUARRY_UNFAMILIAR_OUT=file.json (every case, for
 * reading the dev failures), QUARRY_UNFAMILIAR_SHOW=dev (print the dev half's wrong answers),
 * QUARRY_UNFAMILIAR_MODELS=folder (keep the drafted models).
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { answerQuestion } from '../../src/eval/answer.js';
import { containsExpected } from '../../src/eval/compare.js';
import { loadModel } from '../../src/semantic/loader.js';
import { semanticLayerFor } from '../../src/semantic/values.js';
import { bootstrapDraft, writeDraftModel } from '../../src/warehouse/introspect.js';
import { PostgresWarehouse } from '../../src/warehouse/postgres.js';
import { PG_BIN, startPostgres } from '../helpers/postgres.js';

const run = promisify(execFile);
const DATA = process.env.QUARRY_DEFOG_DATA;
const EVAL = process.env.QUARRY_SQL_EVAL;
if (!DATA || !EVAL) {
  console.log(
    'skipped: set QUARRY_DEFOG_DATA (a checkout of github.com/defog-ai/defog-data) and QUARRY_SQL_EVAL (github.com/defog-ai/sql-eval)',
  );
  process.exit(0);
}

/** Reads a file at HEAD of a checkout or bare git directory. */
function gitFile(repo: string, path: string): string {
  const gitDir = existsSync(join(repo, '.git')) ? join(repo, '.git') : repo;
  return execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${path}`], { maxBuffer: 256 << 20 }).toString('utf8');
}

/** RFC 4180 CSV (quoted fields with doubled quotes and newlines) as records keyed by the header. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.filter((r) => r.some((f) => f !== '')).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/**
 * sql-eval's gold variants: statements split on `;`, and `{a, b}` in the select list expanded to
 * every non-empty subset (with `GROUP BY {}` following it).
 */
function goldVariants(query: string): string[] {
  const out: string[] = [];
  for (const raw of query.split(';')) {
    const q = raw.trim();
    if (!q) continue;
    const start = q.indexOf('{');
    const end = start < 0 ? -1 : q.indexOf('}', start + 1);
    if (start < 0 || end < 0) {
      out.push(q);
      continue;
    }
    const options = q.slice(start + 1, end).split(',');
    for (let mask = 1; mask < 1 << options.length; mask++) {
      const cols = options.filter((_, i) => mask & (1 << i)).join(', ');
      out.push(q.slice(0, start) + cols + q.slice(end + 1).replace('GROUP BY {}', `GROUP BY ${cols}`));
    }
  }
  return out;
}

/** Rows as a set (sql-eval drops duplicate rows: a gold join without DISTINCT repeats them). */
const distinctRows = (rows: Record<string, unknown>[]) =>
  rows.filter((r, i) => rows.findIndex((o) => JSON.stringify(Object.values(o)) === JSON.stringify(Object.values(r))) === i);
const half = (question: string): 'dev' | 'held-out' => (createHash('sha256').update(question).digest()[0]! % 2 === 0 ? 'dev' : 'held-out');

type Verdict = 'correct' | 'refused' | 'wrong' | 'error';
/** dev / held-out: the split main sets; advanced-*: instruct_advanced split the same way; idk: counted only. */
type Half = 'dev' | 'held-out' | 'advanced-dev' | 'advanced-held-out' | 'idk' | 'text2sql-dev' | 'text2sql-held-out';
interface Case {
  db: string;
  half: Half;
  question: string;
  verdict: Verdict;
  status: string;
  reason?: string;
  query?: unknown;
  sql?: string;
  gold: string;
  /** Every gold variant returned no rows (the question's values are not in this copy of the data). */
  goldEmpty?: boolean;
  got?: unknown[];
  expected?: unknown[];
}

type Tagged = Record<string, string> & { set: Half };
/** The text2sql-data questions' templates, by question. */
const text2sql = new Map<Tagged, Text2Sql>();
const tagged = (file: string, set?: (question: string) => Half): Tagged[] =>
  parseCsv(gitFile(EVAL, `data/${file}`)).map((q): Tagged => ({ ...q, set: (set ?? half)(q.question!) }));
const questions = [
  ...tagged('questions_gen_postgres.csv'),
  ...tagged('instruct_basic_postgres.csv'),
  ...tagged('instruct_advanced_postgres.csv', (question) => `advanced-${half(question)}` as const),
  ...tagged('idk.csv', () => 'idk'),
  ...text2sqlQuestions(),
].filter((q, i, all) => all.findIndex((o) => o.question === q.question && o.db_name === q.db_name) === i);
/**
 * text2sql-data (Finegan-Dollak et al. 2018: the original academic, geography, restaurants,
 * scholar, yelp, advising and ATIS question sets that defog-data's databases come from), when
 * QUARRY_TEXT2SQL_DATA points at a checkout: every sentence, at most 300 per database taken in hash
 * order, split dev / held-out the same way. Its variables are filled in with the sentence's own
 * values; a name compared in the gold SQL that this copy of the data does not hold is swapped for
 * one it does (the same one in the question and the gold SQL), so that the gold answer is not empty
 * by construction. Read from the local checkout, never copied here.
 */
interface Text2Sql {
  template: string;
  sql: string[];
  values: Record<string, string>;
}
function text2sqlQuestions(): Tagged[] {
  const repo = process.env.QUARRY_TEXT2SQL_DATA;
  if (!repo) return [];
  const out: Tagged[] = [];
  for (const db of ['academic', 'geography', 'restaurants', 'scholar', 'yelp', 'advising', 'atis']) {
    const entries = JSON.parse(gitFile(repo, `data/${db}.json`)) as {
      sql: string[];
      sentences: { text: string; variables: Record<string, string> }[];
      variables: { name: string; example: string }[];
    }[];
    const seen = new Set<string>();
    const mine: Tagged[] = [];
    for (const e of entries) {
      for (const s of e.sentences) {
        const values: Record<string, string> = Object.fromEntries(e.variables.map((v) => [v.name, v.example]));
        Object.assign(values, s.variables);
        const question = fillVariables(s.text, values, false);
        if (seen.has(question)) continue;
        seen.add(question);
        const q: Tagged = { db_name: db, question, query: '', set: `text2sql-${half(question)}` as const };
        text2sql.set(q, { template: s.text, sql: e.sql, values });
        mine.push(q);
      }
    }
    const order = (q: string) => createHash('sha256').update(`order:${q}`).digest().readUInt32BE(0);
    out.push(...mine.sort((a, b) => order(a.question!) - order(b.question!)).slice(0, 300));
  }
  return out;
}
/** The variables of a text2sql-data sentence or SQL filled in (longest names first: city_name10 before city_name1). */
function fillVariables(text: string, values: Record<string, string>, sql: boolean): string {
  let t = text;
  for (const n of Object.keys(values).sort((a, b) => b.length - a.length)) {
    const v = values[n]!;
    if (sql) t = t.replaceAll(`"${n}"`, `'${v.replaceAll("'", "''")}'`);
    t = t.replace(new RegExp(`\\b${n}\\b`, 'g'), v);
  }
  return t;
}
/** A text2sql-data question on this database: names it does not hold swapped for ones it does; gold SQL for Postgres. */
async function instantiate(db: string, q: Tagged, gold: pg.Client): Promise<{ question: string; query: string }> {
  const t = text2sql.get(q)!;
  const values = { ...t.values };
  for (const [n, v] of Object.entries(values)) {
    const at = t.sql.join(' ').match(new RegExp(`\\b([A-Z_]+)alias\\d+\\.([A-Z_]+) = "${n}"`));
    if (!at || !t.template.includes(n)) continue;
    const table =
      db === 'yelp' && at[1] === 'USER' ? 'users' : db === 'yelp' && at[1] === 'NEIGHBORHOOD' ? 'neighbourhood' : at[1]!.toLowerCase();
    let held: string[];
    try {
      held = (
        await gold.query(
          `SELECT DISTINCT ${at[2]!.toLowerCase()}::text AS v FROM ${table} WHERE ${at[2]!.toLowerCase()} IS NOT NULL ORDER BY 1`,
        )
      ).rows.map((r) => String(r.v));
    } catch {
      continue;
    }
    if (held.length === 0 || held.some((h) => h.toLowerCase() === v.toLowerCase())) continue;
    values[n] = held[createHash('sha256').update(`${q.question}:${n}`).digest().readUInt32BE(0) % held.length]!;
  }
  // MySQL-style double-quoted strings to SQL's single quotes; string equality without case;
  // defog-data's renamed tables.
  const query = t.sql
    .map((x) => fillVariables(x, values, true).replace(/"([^"]*)"/g, (_, v: string) => `'${v.replaceAll("'", "''")}'`))
    .map((x) => x.replace(/\b(\w+alias\d+\.\w+) (=|LIKE) '((?:[^']|'')*)'/g, "LOWER($1) $2 LOWER('$3')"))
    .map((x) => (db === 'yelp' ? x.replace(/\bUSER AS\b/g, 'USERS AS').replace(/\bNEIGHBORHOOD AS\b/g, 'NEIGHBOURHOOD AS') : x))
    .join(' ; ');
  return { question: fillVariables(t.template, values, false), query };
}
const only = process.env.QUARRY_UNFAMILIAR_DBS?.split(',').filter(Boolean);
const dbs = [...new Set(questions.map((q) => q.db_name!))].filter((d) => !only || only.includes(d)).sort();

const pgServer = await startPostgres();
const dir = mkdtempSync(join(tmpdir(), 'quarry-unfamiliar-'));
const cases: Case[] = [];
const skipped: string[] = [];
const started = Date.now();
try {
  for (const db of dbs) {
    await run(join(PG_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(pgServer.port), '-U', 'postgres', db]);
    const dump = join(dir, `${db}.sql`);
    writeFileSync(dump, gitFile(DATA, `defog_data/${db}/${db}.sql`));
    await run(
      join(PG_BIN, 'psql'),
      ['-q', '-v', 'ON_ERROR_STOP=0', '-h', '127.0.0.1', '-p', String(pgServer.port), '-U', 'postgres', '-d', db, '-f', dump],
      { maxBuffer: 64 << 20 },
    );
    const url = pgServer.urlFor(db);
    const gold = new pg.Client({ connectionString: url });
    await gold.connect();
    await gold.query('ANALYZE');
    const w = await PostgresWarehouse.open(url);
    try {
      const draft = await bootstrapDraft(w, { name: db });
      const path = join(dir, `${db}.yaml`);
      await writeDraftModel(path, draft.model, draft.notes, draft.undecided);
      if (process.env.QUARRY_UNFAMILIAR_MODELS) writeFileSync(join(process.env.QUARRY_UNFAMILIAR_MODELS, `${db}.yaml`), readFileSync(path));
      // The gold SQL reads "today" as the server's CURRENT_DATE: Quarry gets the same today (the
      // override QUARRY_AS_OF gives a user), so relative periods are compared like for like.
      const today = String((await gold.query('SELECT CURRENT_DATE::text AS d')).rows[0]!.d);
      const layer = await semanticLayerFor(loadModel(path), w, { asOf: today });
      for (const q0 of questions.filter((x) => x.db_name === db)) {
        const q = text2sql.has(q0) ? { ...q0, ...(await instantiate(db, q0, gold)) } : q0;
        const question = q.question!;
        if (q.set === 'idk') {
          // The data cannot answer it: only a refusal is right.
          const got = await answerQuestion(layer, w, question, { timeoutMs: 30_000 });
          const verdict: Verdict = got.status === 'refused' ? 'correct' : got.status === 'error' ? 'error' : 'wrong';
          cases.push({ db, half: 'idk', question, status: got.status, verdict, gold: q.query! });
          continue;
        }
        const goldResults: Record<string, unknown>[][] = [];
        for (const v of goldVariants(q.query!)) {
          try {
            goldResults.push((await gold.query(v)).rows);
          } catch {
            /* a variant that does not run on this server is not a reading of the question */
          }
        }
        if (goldResults.length === 0) {
          skipped.push(`${db}: ${question}`);
          continue;
        }
        const got = await answerQuestion(layer, w, question, { timeoutMs: 30_000 });
        const base = {
          db,
          half: q.set,
          goldEmpty: goldResults.every((g) => g.length === 0),
          question,
          status: got.status,
          reason: got.reason,
          query: got.query,
          sql: got.sql,
          gold: q.query!,
        };
        let verdict: Verdict;
        if (got.status === 'refused') verdict = 'refused';
        else if (got.status === 'error') verdict = 'error';
        else verdict = goldResults.some((g) => containsExpected(distinctRows(got.rows), distinctRows(g)).ok) ? 'correct' : 'wrong';
        cases.push({
          ...base,
          verdict,
          ...(verdict === 'wrong' ? { got: got.rows.slice(0, 5), expected: goldResults[0]!.slice(0, 5) } : {}),
        });
      }
    } finally {
      await w.close();
      await gold.end();
    }
  }
} finally {
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-').padStart(6);
const line = (label: string, cs: Case[]) => {
  const n = (v: Verdict) => cs.filter((c) => c.verdict === v).length;
  return `${label.padEnd(16)} ${String(cs.length).padStart(4)}  ${pct(n('correct'), cs.length)}  ${pct(n('refused'), cs.length)}  ${pct(n('wrong'), cs.length)}  ${pct(n('error'), cs.length)}`;
};
for (const h of ['dev', 'held-out'] as const) {
  console.log(`\n${h}: ${'database'.padEnd(7)}      N  correct refused  wrong   error`);
  for (const db of dbs)
    console.log(
      line(
        db,
        cases.filter((c) => c.db === db && c.half === h),
      ),
    );
  console.log(
    line(
      'overall',
      cases.filter((c) => c.half === h),
    ),
  );
}
const main = cases.filter((c) => c.half === 'dev' || c.half === 'held-out');
console.log(`\n${line('all questions', main)}`);
console.log(`\nother public sets                   N  correct refused  wrong   error`);
console.log(
  line(
    'advanced dev',
    cases.filter((c) => c.half === 'advanced-dev'),
  ),
);
console.log(
  line(
    'advanced held',
    cases.filter((c) => c.half === 'advanced-held-out'),
  ),
);
console.log(
  line(
    'advanced',
    cases.filter((c) => c.half.startsWith('advanced')),
  ),
);
if (cases.some((c) => c.half.startsWith('text2sql'))) {
  console.log(
    line(
      'text2sql dev',
      cases.filter((c) => c.half === 'text2sql-dev'),
    ),
  );
  console.log(
    line(
      'text2sql held',
      cases.filter((c) => c.half === 'text2sql-held-out'),
    ),
  );
  for (const db of dbs) {
    const cs = cases.filter((c) => c.db === db && c.half.startsWith('text2sql'));
    if (cs.length) console.log(`${line(`  ${db}`, cs)}   gold empty ${cs.filter((c) => c.goldEmpty).length}`);
  }
}
console.log(
  `${line(
    'idk',
    cases.filter((c) => c.half === 'idk'),
  )}   (correct = refused: the data cannot answer)`,
);
console.log(`gold SQL that did not run (not counted): ${skipped.length}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (process.env.QUARRY_UNFAMILIAR_SHOW === 'dev') {
  for (const c of cases.filter(
    (x) => (x.half === 'dev' || x.half === 'advanced-dev' || x.half === 'text2sql-dev') && (x.verdict === 'wrong' || x.verdict === 'error'),
  )) {
    console.log(
      `\n[${c.verdict}] ${c.db}: ${c.question}\n  query: ${JSON.stringify(c.query)}\n  reason: ${c.reason ?? ''}\n  got: ${JSON.stringify(c.got)}\n  expected: ${JSON.stringify(c.expected)}`,
    );
  }
}
if (process.env.QUARRY_UNFAMILIAR_OUT) writeFileSync(process.env.QUARRY_UNFAMILIAR_OUT, JSON.stringify(cases, null, 1));
