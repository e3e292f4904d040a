/**
 * Narration: the answer text written by the model from the result, with every number checked
 * against the result after generation. A sentence with a number that the result (or the question,
 * or the template answer built from the result) does not contain is dropped; when nothing is left
 * the template answer stands. Never called in privacy mode (no rows leave the process).
 */
import { LlmUnavailableError, type LlmClient } from './client.js';
import { renderPrompt } from './prompts.js';
import { emptyUsage, type LlmUsage } from './usage.js';

export interface NarrationInput {
  question: string;
  timeFrame: string;
  columns: { name: string; label?: string; unit?: string }[];
  rows: Record<string, unknown>[];
  truncated: boolean;
  /** The template answer (plain text): also a source of allowed numbers. */
  draft: string;
  signal?: AbortSignal;
}

export interface Narration {
  /** The verified text, or null when the template answer should stand. */
  text: string | null;
  dropped: string[];
  usage: LlmUsage;
  error?: string;
}

/** Rows shown to the model at most. */
export const NARRATE_MAX_ROWS = 30;

const NUMBER =
  /(?<![\p{L}#_\d.])[-−]?\$?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent|k|m|b|bn|mn|thousand|million|billion|trillion)\b|%)?(?![\p{L}#_\d])/giu;

interface NumberMention {
  value: number;
  /** Decimal places written. */
  decimals: number;
  scale: number;
  percent: boolean;
  raw: string;
}

export function numbersIn(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const raw = m[0].trim();
    const digits = raw
      .replace(/[−]/g, '-')
      .match(/-?\$?[\d,]+(?:\.\d+)?/)![0]
      .replace(/[$,]/g, '');
    const value = Number(digits);
    if (!Number.isFinite(value)) continue;
    const suffix = raw
      .slice(raw.search(/[\d.,]+(?!.*\d)/) + (raw.match(/[\d.,]+(?!.*\d)/)?.[0].length ?? 0))
      .trim()
      .toLowerCase();
    const scale = /^(k|thousand)$/.test(suffix)
      ? 1e3
      : /^(m|mn|million)$/.test(suffix)
        ? 1e6
        : /^(b|bn|billion)$/.test(suffix)
          ? 1e9
          : /^trillion$/.test(suffix)
            ? 1e12
            : 1;
    out.push({
      value,
      decimals: digits.includes('.') ? digits.split('.')[1].length : 0,
      scale,
      percent: suffix === '%' || suffix === 'percent',
      raw,
    });
  }
  return out;
}

/** Numbers a narration may use: every number of the result rows, question, period and draft. */
export function allowedNumbers(input: Pick<NarrationInput, 'rows' | 'question' | 'timeFrame' | 'draft'>): number[] {
  const out: number[] = [input.rows.length];
  for (const r of input.rows) {
    for (const v of Object.values(r)) {
      if (typeof v === 'number') out.push(v);
      else if (typeof v === 'string') {
        for (const n of numbersIn(v)) out.push(n.value * n.scale);
        if (/^-?\d+(\.\d+)?$/.test(v)) out.push(Number(v));
      } else if (typeof v === 'bigint') out.push(Number(v));
    }
  }
  for (const t of [input.question, input.timeFrame, input.draft]) for (const n of numbersIn(t)) out.push(n.value * n.scale, n.value);
  return out;
}

/** True when a written number is one of the allowed values as it could be rounded or scaled. */
export function supported(n: NumberMention, allowed: number[]): boolean {
  const written = n.value * n.scale;
  const tolerance = 0.5 * 10 ** -n.decimals * n.scale;
  return allowed.some((a) => {
    const candidates = n.percent ? [a * 100, a] : [a];
    return candidates.some((c) => Math.abs(Math.abs(c) - Math.abs(written)) <= tolerance + 1e-9 * Math.abs(c));
  });
}

/** Keeps the sentences whose numbers are all supported by the result. */
export function verifyNarration(text: string, allowed: number[]): { text: string; dropped: string[] } {
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/);
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const s of sentences) {
    if (!s.trim()) continue;
    if (numbersIn(s).every((n) => supported(n, allowed))) kept.push(s.trim());
    else dropped.push(s.trim());
  }
  return { text: kept.join(' '), dropped };
}

export async function narrate(client: LlmClient, input: NarrationInput): Promise<Narration> {
  const rows = input.rows.slice(0, NARRATE_MAX_ROWS);
  const messages = [
    { role: 'system' as const, content: renderPrompt('narrate-system', {}) },
    {
      role: 'user' as const,
      content: renderPrompt('narrate-user', {
        question: input.question,
        time_frame: input.timeFrame || 'all data',
        columns: input.columns.map((c) => `${c.name}${c.label ? ` (${c.label}${c.unit ? `, ${c.unit}` : ''})` : ''}`).join('; '),
        row_count: input.rows.length,
        truncated: input.truncated || input.rows.length > rows.length ? `, first ${rows.length} shown` : '',
        rows: rows.map((r) => JSON.stringify(r)).join('\n'),
        draft: input.draft,
      }),
    },
  ];
  try {
    const { text, usage } = await client.text(messages, { signal: input.signal });
    const checked = verifyNarration(text, allowedNumbers(input));
    return { text: checked.text || null, dropped: checked.dropped, usage };
  } catch (err) {
    if (!(err instanceof LlmUnavailableError)) throw err;
    return { text: null, dropped: [], usage: err.usage ?? emptyUsage(), error: err.message };
  }
}
