/**
 * API keys: 32 random bytes, shown once; the store keeps only their SHA-256 and a short prefix.
 * Every request reads its key's record from the store (one indexed lookup, no cache), so a key
 * revoked by any process sharing the store (`quarry keys revoke`) stops working at once. "Last
 * used" times are written in batches, so a request costs a hash and a read, not a write.
 */
import { createHash, randomBytes } from 'node:crypto';
import { newId } from '../store/ids.js';
import type { ApiKeyRecord, Store } from '../store/repositories.js';

export const KEY_PREFIX = 'qk_';
/** Keys are printable ASCII without spaces, 32 to 256 characters (bootstrap keys may be any such string). */
const WELL_FORMED = /^[\x21-\x7e]{32,256}$/;

export function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key a request presents: X-API-Key, or Authorization: Bearer <key> (the tool interface accepts both). */
export function presentedKey(headers: { 'x-api-key'?: string | string[]; authorization?: string }): string | undefined {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  const m = typeof headers.authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization) : null;
  return m?.[1];
}

export function displayPrefix(key: string): string {
  return key.slice(0, 10);
}

export type AuthFailure = 'missing' | 'malformed' | 'unknown' | 'expired' | 'revoked';

export class AuthError extends Error {
  constructor(readonly reason: AuthFailure) {
    super(
      {
        missing: 'No authentication provided: send your API key in the X-API-Key header',
        malformed: 'Invalid API key: the X-API-Key value is malformed',
        unknown: 'Invalid API key',
        expired: 'Invalid API key: the key has expired',
        revoked: 'Invalid API key: the key has been revoked',
      }[reason],
    );
  }
  /** §5: no key → 403; malformed, expired, revoked or unknown → 401. */
  get statusCode(): number {
    return this.reason === 'missing' ? 403 : 401;
  }
}

export interface Principal {
  accountId: string;
  /** The key that authenticated the request; '' for a signed-in web user or an in-process command. */
  apiKeyId: string;
  /** The signed-in web user (cookie session); absent for API keys. */
  userId?: string;
}

export interface KeyServiceOptions {
  /** How often batched last-used times are written. */
  flushEveryMs?: number;
}

export class KeyService {
  private readonly lastUsed = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly store: Store,
    options: KeyServiceOptions = {},
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), options.flushEveryMs ?? 10_000);
    this.timer.unref();
  }

  async create(
    accountId: string,
    name: string,
    options: { key?: string; expiresAt?: number | null } = {},
  ): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = options.key ?? generateKey();
    if (!WELL_FORMED.test(key)) throw new Error('an API key must be 32 to 256 printable characters without spaces');
    const record = await this.store.apiKeys.insert({
      id: newId('key'),
      account_id: accountId,
      name,
      key_hash: hashKey(key),
      prefix: displayPrefix(key),
      created_at: Date.now(),
      expires_at: options.expiresAt ?? null,
    });
    return { key, record };
  }

  revoke(idOrPrefix: string): Promise<ApiKeyRecord[]> {
    return this.store.apiKeys.revoke(idOrPrefix);
  }

  async authenticate(raw: string | string[] | undefined, now = Date.now()): Promise<Principal> {
    if (raw === undefined || raw === '') throw new AuthError('missing');
    if (Array.isArray(raw) || !WELL_FORMED.test(raw)) throw new AuthError('malformed');
    const record = await this.store.apiKeys.findByHash(hashKey(raw));
    if (!record) throw new AuthError('unknown');
    if (record.revoked_at !== null) throw new AuthError('revoked');
    if (record.expires_at !== null && record.expires_at <= now) throw new AuthError('expired');
    this.lastUsed.set(record.id, now);
    return { accountId: record.account_id, apiKeyId: record.id };
  }

  /** Writes the batched last-used times. */
  async flush(): Promise<void> {
    if (this.lastUsed.size === 0) return;
    const batch = new Map(this.lastUsed);
    this.lastUsed.clear();
    await this.store.apiKeys.touchMany(batch);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
