import { randomBytes } from 'node:crypto';

/** Opaque, URL-safe identifiers with a readable type prefix (`ses_…`, `inq_…`). */
export function newId(prefix: 'acc' | 'usr' | 'key' | 'ses' | 'inq' | 'rep' | 'dsh' | 'til'): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
