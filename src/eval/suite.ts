/**
 * `quarry eval FILE`: a team's own questions, with expected SQL or expected rows, run against
 * their model and warehouse without an LLM. Each question passes or fails with a reason (refused,
 * empty result, missing rows, wrong values, ...); the summary gives accuracy and answered-but-wrong
 * (an answer given that is not right: the number that must stay near zero).
 *
 * File (YAML):
 *   questions:
 *     - question: revenue by genre
 *       expected_sql: SELECT g.name, sum(...) FROM ... GROUP BY 1
 *     - question: how many invoices
 *       expected: [[412]]          # rows, each a list of values (column names do not matter)
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { SemanticLayer } from '../semantic/values.js';
import { compile } from '../semantic/compiler.js';
import { dialectFor } from '../semantic/dialects/index.js';
import { runGuarded, type Warehouse } from '../warehouse/index.js';
import { answerQuestion } from './answer.js';
import { compareRows } from './compare.js';

const CaseSchema = z
  .object({
    question: z.string().min(1),
    expected_sql: z.string().min(1).optional(),
    expected: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))).optional(),
  })
  .refine((c) => (c.expected_sql === undefined) !== (c.expected === undefined), {
    message: 'needs exactly one of `expected_sql` or `expected`',
  });
export const EvalSuiteSchema = z.object({ questions: z.array(CaseSchema).min(1) });
export type EvalCase = z.infer<typeof CaseSchema>;

export class EvalFileError extends Error {}

export function loadEvalSuite(path: string): EvalCase[] {
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new EvalFileError(`${path}: cannot read YAML: ${(err as Error).message}`);
  }
  const r = EvalSuiteSchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new EvalFileError(`${path}: ${i.path.join('.') || '(top level)'}: ${i.message}`);
  }
  return r.data.questions;
}

export type Verdict = 'pass' | 'refused' | 'no_answer' | 'empty' | 'missing_rows' | 'extra_rows' | 'wrong_values' | 'shape' | 'error';

export interface EvalResult {
  question: string;
  verdict: Verdict;
  reason?: string;
  sql?: string;
}

export interface EvalSummary {
  results: EvalResult[];
  total: number;
  passed: number;
  /** Answered (done) but not right. */
  answeredWrong: number;
  refused: number;
  accuracy: number;
}

/** The model's verified queries as a suite: each question must give the rows of its own query or SQL. */
export function verifiedSuite(layer: SemanticLayer, dialect: Warehouse['dialect']): EvalCase[] {
  return layer.model.verified_queries.map((v) => ({
    question: v.question,
    expected_sql: v.sql ?? compile(layer.model, v.query as never, dialectFor(dialect)).sql,
  }));
}

export async function runEvalSuite(layer: SemanticLayer, warehouse: Warehouse, cases: EvalCase[]): Promise<EvalSummary> {
  const results: EvalResult[] = [];
  for (const c of cases) {
    const got = await answerQuestion(layer, warehouse, c.question);
    let expected: Record<string, unknown>[];
    if (c.expected_sql) {
      try {
        expected = (await runGuarded(warehouse, c.expected_sql, { timeoutMs: 60_000, maxRows: 10_000 })).rows;
      } catch (err) {
        results.push({ question: c.question, verdict: 'error', reason: `expected_sql failed: ${(err as Error).message}` });
        continue;
      }
    } else expected = c.expected!.map((row) => Object.fromEntries(row.map((v, i) => [`c${i}`, v])));
    if (got.status === 'refused') results.push({ question: c.question, verdict: 'refused', reason: got.reason ?? 'refused' });
    else if (got.status === 'error')
      results.push({ question: c.question, verdict: 'error', reason: got.reason ?? 'error', ...(got.sql ? { sql: got.sql } : {}) });
    else {
      const cmp = compareRows(got.rows, expected);
      results.push({
        question: c.question,
        verdict: cmp.ok ? 'pass' : (cmp.kind ?? 'wrong_values'),
        ...(cmp.reason ? { reason: cmp.reason } : {}),
        ...(got.sql ? { sql: got.sql } : {}),
      });
    }
  }
  const passed = results.filter((r) => r.verdict === 'pass').length;
  const refused = results.filter((r) => r.verdict === 'refused').length;
  const answeredWrong = results.filter((r) => !['pass', 'refused', 'error'].includes(r.verdict)).length;
  return { results, total: results.length, passed, answeredWrong, refused, accuracy: results.length ? passed / results.length : 0 };
}

export function formatEvalSummary(s: EvalSummary): string {
  const lines = s.results.map(
    (r) => `${r.verdict === 'pass' ? 'PASS' : 'FAIL'}  ${r.question}${r.verdict === 'pass' ? '' : `  [${r.verdict}] ${r.reason ?? ''}`}`,
  );
  const pct = (n: number) => `${((n / Math.max(1, s.total)) * 100).toFixed(1)}%`;
  lines.push(
    '',
    `accuracy ${pct(s.passed)} (${s.passed}/${s.total}); answered but wrong ${pct(s.answeredWrong)} (${s.answeredWrong}); refused ${s.refused}`,
  );
  return lines.join('\n');
}
