/**
 * Verified queries of the model: curated question → SemanticQuery (or SQL). A new question that
 * is a close match (same words up to order, punctuation, plurals, a typo; the same numbers) is
 * answered from the entry without any model call.
 */
import { distance } from 'fastest-levenshtein';
import type { SemanticModel } from '../../semantic/model.js';
import { CompileError, compile } from '../../semantic/compiler.js';
import { dialectFor } from '../../semantic/dialects/index.js';
import { SemanticQuerySchema, type SemanticQuery } from '../../semantic/query.js';

export interface VerifiedEntry {
  question: string;
  query?: SemanticQuery;
  sql?: string;
}

export interface VerifiedMatch {
  entry: VerifiedEntry;
  /** 0..1, 1 = the same words. */
  score: number;
}

const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'in',
  'on',
  'by',
  'per',
  'to',
  'what',
  'was',
  'were',
  'is',
  'are',
  'our',
  'we',
  'did',
  'do',
  'does',
  'me',
  'show',
  'give',
  'please',
  'tell',
  'how',
  'much',
  'list',
]);

function terms(q: string): string[] {
  return q
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#\-\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !STOP.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

const numbers = (ts: string[]) =>
  ts
    .filter((t) => /\d/.test(t))
    .sort()
    .join(' ');

/** 0..1 similarity of two questions; 0 when they name different numbers (years, top-N ...). */
export function questionSimilarity(a: string, b: string): number {
  const ta = terms(a);
  const tb = terms(b);
  if (!ta.length || !tb.length) return 0;
  if (numbers(ta) !== numbers(tb)) return 0;
  const sa = [...ta].sort().join(' ');
  const sb = [...tb].sort().join(' ');
  return 1 - distance(sa, sb) / Math.max(sa.length, sb.length);
}

export const VERIFIED_THRESHOLD = 0.9;

/** Parses the model's verified queries; entries whose query does not parse or names what the model lacks are reported, not used. */
export function verifiedEntries(model: SemanticModel): { entries: VerifiedEntry[]; issues: string[] } {
  const entries: VerifiedEntry[] = [];
  const issues: string[] = [];
  for (const [i, v] of (model.verified_queries ?? []).entries()) {
    if (v.sql) {
      entries.push({ question: v.question, sql: v.sql });
      continue;
    }
    const parsed = SemanticQuerySchema.safeParse(v.query);
    if (parsed.success) {
      // names are checked against the model too (a ratio's side metric, a filter's dimension): the compiler names the field
      const problem = compileProblem(model, parsed.data);
      if (problem) issues.push(`verified_queries[${i}] ("${v.question}"): ${problem}`);
      else entries.push({ question: v.question, query: parsed.data });
    } else
      issues.push(
        `verified_queries[${i}] ("${v.question}"): ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`,
      );
  }
  return { entries, issues };
}

function compileProblem(model: SemanticModel, query: SemanticQuery): string | undefined {
  try {
    compile(model, query, dialectFor('duckdb'));
    return undefined;
  } catch (err) {
    if (err instanceof CompileError) return err.message;
    throw err;
  }
}

export function matchVerified(question: string, entries: VerifiedEntry[], threshold = VERIFIED_THRESHOLD): VerifiedMatch | undefined {
  let best: VerifiedMatch | undefined;
  for (const entry of entries) {
    const score = questionSimilarity(question, entry.question);
    if (score >= threshold && (!best || score > best.score)) best = { entry, score };
  }
  return best;
}

/** The entries most like a question (few-shot examples for the planner). */
export function nearestVerified(question: string, entries: VerifiedEntry[], k: number): VerifiedEntry[] {
  const q = new Set(terms(question));
  return entries
    .map((e) => ({ e, overlap: terms(e.question).filter((t) => q.has(t)).length }))
    .filter((x) => x.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap)
    .slice(0, k)
    .map((x) => x.e);
}
