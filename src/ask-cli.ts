/**
 * `quarry ask "question"`: asks a running server (QUARRY_API_KEY; --server or QUARRY_URL, else
 * QUARRY_HOST:QUARRY_PORT) and prints the answer as text and the result table aligned; --json
 * prints the whole status response.
 */
import type { QuarryClient } from './client.js';
import type { Dimensions, InquiryStatusResponse } from './schemas/inquiry.js';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Answer HTML → plain text (the markup is formatting only). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

function cell(value: unknown, symbol?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    const n = new Intl.NumberFormat('en-US', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 }).format(
      Math.abs(value),
    );
    const sign = value < 0 ? '-' : '';
    if (!symbol) return sign + n;
    return symbol.length === 1 ? `${sign}${symbol}${n}` : `${sign}${n} ${symbol}`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Rows as an aligned text table: numbers right-aligned, a rule under the header. */
export function formatTable(rows: Record<string, unknown>[], symbols: Record<string, string> = {}, maxRows = 50): string {
  if (rows.length === 0) return '';
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const shown = rows.slice(0, maxRows);
  const numeric = columns.map((c) => shown.every((r) => r[c] === null || r[c] === undefined || typeof r[c] === 'number'));
  const body = shown.map((r) => columns.map((c) => cell(r[c], symbols[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((v, i) => (numeric[i] ? v.padStart(widths[i]) : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
  if (rows.length > maxRows) out.push(`… ${rows.length - maxRows} more rows (--json has them all)`);
  return out.join('\n');
}

export function formatAnswer(r: InquiryStatusResponse): string {
  const parts = [htmlToText(r.answer || r.error || '')];
  const rows = r.data?.data ?? [];
  if (rows.length > 0) parts.push([r.data?.title, formatTable(rows, r.data?.symbols)].filter(Boolean).join('\n'));
  if (r.time_frame) parts.push(`Time frame: ${r.time_frame}`);
  return parts.filter((p) => p.trim() !== '').join('\n\n') + '\n';
}

export interface AskOptions {
  json?: boolean;
  session?: string;
  dimensions?: Dimensions;
  sql?: boolean;
}

/** Asks, waits, prints; resolves with the exit code (0 done, 1 any other ending). */
export async function runAsk(client: QuarryClient, question: string, options: AskOptions = {}): Promise<number> {
  const session = options.session ?? (await client.newSession());
  const inquiryId = await client.ask(session, question, options.dimensions ?? null);
  const onSigint = () => void client.stop(inquiryId).catch(() => undefined);
  process.once('SIGINT', onSigint);
  try {
    const r = await client.result(inquiryId);
    if (options.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
    else {
      process.stdout.write(formatAnswer(r));
      if (options.sql && r.sql_query) process.stdout.write(`\n${r.sql_query}\n`);
    }
    const state = r.status.general;
    process.stderr.write(
      `${state === 'done' ? '' : `ended ${state}. `}session ${r.session_id} (follow up with --session ${r.session_id})\n`,
    );
    return state === 'done' ? 0 : 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
