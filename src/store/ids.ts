import { randomBytes } from 'node:crypto';

/** Random bytes drawn from the system a few kilobytes at a time: a call per id was a hot spot when submissions come in bursts. */
const POOL_BYTES = 4096;
const ID_BYTES = 12;
let pool = Buffer.alloc(0);
let used = 0;

/** Opaque, URL-safe identifiers with a readable type prefix (`ses_…`, `inq_…`). */
export function newId(prefix: 'acc' | 'usr' | 'key' | 'ses' | 'inq' | 'rep' | 'dsh' | 'til'): string {
  if (used + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += ID_BYTES;
  return `${prefix}_${pool.toString('base64url', used - ID_BYTES, used)}`;
}
