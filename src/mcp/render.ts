/** Readable text renderings of inquiry results for the text content of tool results. */
import type { InquiryStatusResponse } from '../schemas/inquiry.js';

export const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const PREVIEW_ROWS = 10;

export function tablePreview(rows: Record<string, unknown>[], max = PREVIEW_ROWS): string {
  if (rows.length === 0) return '(no rows)';
  const cols = Object.keys(rows[0]);
  const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v)).replace(/\|/g, '\\|');
  const lines = [`| ${cols.join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`];
  for (const r of rows.slice(0, max)) lines.push(`| ${cols.map((c) => cell(r[c])).join(' | ')} |`);
  if (rows.length > max) lines.push(`(${rows.length - max} more rows in the structured result)`);
  return lines.join('\n');
}

/** One inquiry: status, answer or final answer, SQL and a preview of the table. */
export function renderInquiry(r: InquiryStatusResponse): string {
  const head = `${r.inquiry_id} (${r.inquiry_type}) "${r.user_input}": ${r.status.general}`;
  const parts = [head];
  if (r.error) parts.push(`Reason: ${r.error}`);
  if (r.inquiry_type === 'research') {
    if (r.final_answer) parts.push(plain(r.final_answer));
    else parts.push(`Progress: ${r.progress ?? 0}%, ${(r.operations ?? []).length} operations so far`);
    return parts.join('\n');
  }
  if (r.answer) parts.push(plain(r.answer));
  if (r.sql_query) parts.push(`SQL: ${r.sql_query}`);
  if (r.data && r.data.data.length > 0) parts.push(tablePreview(r.data.data));
  return parts.join('\n');
}
