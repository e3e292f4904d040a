/**
 * Checks that every number a research report states is a value of some query result row: the
 * report's figures, rounded as shown, must match a row value (or a number inside a row's text).
 */
import type { ResearchOperation } from '../../src/schemas/research.js';

/** Numbers stated in the report, with dates, years, quarter names and [qN] references removed; `scale` is 1e3, 1e6 or 1e9 for an abbreviated figure ($1.94B). */
export function numbersIn(markdown: string): { text: string; value: number; decimals: number; percent: boolean; scale: number }[] {
  const cleaned = markdown
    .replace(/\[q\d+\]/g, ' ')
    .replace(/\bq\d+\b/gi, ' ')
    .replace(/\b\d{4}-\d{2}(-\d{2})?\b/g, ' ')
    .replace(/\b(19|20)\d{2}\b/g, ' ');
  const out = [];
  for (const m of cleaned.matchAll(/[-+]?\$?\d[\d,]*(\.\d+)?(?:([KMB])(?![A-Za-z0-9]))?%?/g)) {
    const text = m[0];
    const scale = m[2] === 'K' ? 1e3 : m[2] === 'M' ? 1e6 : m[2] === 'B' ? 1e9 : 1;
    const digits = text.replace(/[$,%+KMB]/g, '');
    out.push({ text, value: Number(digits) * scale, decimals: m[1] ? m[1].length - 1 : 0, percent: text.endsWith('%'), scale });
  }
  return out;
}

export function unmatchedNumbers(markdown: string, operations: ResearchOperation[]): string[] {
  const values: number[] = [];
  const texts: string[] = [];
  for (const op of operations) {
    for (const row of op.rows ?? []) {
      for (const v of Object.values(row)) {
        if (typeof v === 'number') values.push(v);
        else if (typeof v === 'string') texts.push(v);
      }
    }
  }
  return numbersIn(markdown)
    .filter(({ text, value, decimals, percent, scale }) => {
      const tolerance = 0.5 * 10 ** -decimals * scale + 1e-9 * Math.max(1, Math.abs(value)); // a half-way value (…535 shown as …54) is still the row's
      const hit = values.some((v) => (percent ? Math.abs(v * 100 - value) <= tolerance : Math.abs(v - value) <= tolerance));
      const inText = texts.some((t) => t.includes(text.replace(/^[-+]/, '')));
      return !hit && !inText;
    })
    .map((n) => n.text);
}
