/** Server-made HTML (answers, reports) is sanitized before it is inserted: formatting and tables only. */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'br',
  'p',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'code',
  'pre',
  'blockquote',
  'span',
  'div',
  'hr',
  'sup',
  'sub',
  'small',
];

export function safeHtml(html: string): { __html: string } {
  return { __html: DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['class', 'align', 'colspan', 'rowspan', 'scope'] }) };
}

export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}
