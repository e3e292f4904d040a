/**
 * People who sign in to the web app: users belong to accounts, sign in with e-mail and password
 * (scrypt), and get a login (a random cookie token; the store keeps its SHA-256 and the login's
 * CSRF token). Repeated failures lock the user out for a growing time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ServiceError } from '../inquiries/errors.js';
import type { Store, UserRecord, WebLoginRecord } from '../store/repositories.js';
import { decoyHash, generatePassword, hashPassword, passwordProblem, verifyPassword } from './passwords.js';

export interface UserServiceOptions {
  /** How long a login lasts (absolute). */
  sessionMs?: number;
  /** Failures in a row before the first lock-out. */
  lockoutThreshold?: number;
  /** First lock-out; doubles with each further failure. */
  lockoutBaseMs?: number;
  lockoutMaxMs?: number;
}

export interface SignedIn {
  /** The cookie value (shown to the browser only; never stored or logged). */
  token: string;
  login: WebLoginRecord;
  user: UserRecord;
}

const EMAIL = /^[^\s@]{1,128}@[^\s@]{1,200}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem(email: string): string | null {
  return EMAIL.test(normalizeEmail(email)) ? null : 'an e-mail address looks like name@example.com';
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export class UserService {
  readonly sessionMs: number;
  private readonly threshold: number;
  private readonly baseMs: number;
  private readonly maxMs: number;
  /** Logins whose last_seen_at was written recently (the write is throttled). */
  private readonly touched = new Map<string, number>();
  /**
   * Failures against e-mails that have no user, counted like a user's: without this only real
   * users would ever answer 429, which tells an attacker which e-mails exist. Bounded; kept in
   * memory (a process restart forgets it, as it forgets nothing a user could rely on).
   */
  private readonly unknownFailures = new Map<string, { failures: number; lockedUntil: number | null }>();

  constructor(
    private readonly store: Store,
    options: UserServiceOptions = {},
  ) {
    this.sessionMs = options.sessionMs ?? 12 * 3_600_000;
    this.threshold = options.lockoutThreshold ?? 5;
    this.baseMs = options.lockoutBaseMs ?? 30_000;
    this.maxMs = options.lockoutMaxMs ?? 15 * 60_000;
  }

  /** Creates a user of an account; without a password one is generated (and returned, to show once). */
  async create(
    accountId: string,
    email: string,
    options: { name?: string; password?: string } = {},
  ): Promise<{ user: UserRecord; password: string }> {
    const problem = emailProblem(email);
    if (problem) throw new ServiceError(422, `email: ${problem}`);
    if (!(await this.store.accounts.get(accountId))) throw new ServiceError(404, `Account not found: ${accountId}`);
    const normalized = normalizeEmail(email);
    if (await this.store.users.findByEmail(normalized)) throw new ServiceError(409, `A user with the e-mail ${normalized} exists already`);
    const password = options.password ?? generatePassword();
    const weak = passwordProblem(password);
    if (weak) throw new ServiceError(422, `password: ${weak}`);
    const user = await this.store.users.create({
      accountId,
      email: normalized,
      name: options.name ?? normalized.split('@')[0],
      passwordHash: await hashPassword(password),
    });
    return { user, password };
  }

  /** Sets a new password (and e-mail); signs the user out everywhere. */
  async setPassword(userId: string, email: string, password: string): Promise<void> {
    const weak = passwordProblem(password);
    if (weak) throw new ServiceError(422, `password: ${weak}`);
    await this.store.users.setCredentials(userId, normalizeEmail(email), await hashPassword(password));
    await this.store.webLogins.deleteForUser(userId);
  }

  /**
   * Checks e-mail and password. A wrong pair → 401 (the same answer whether or not the e-mail
   * exists, after the same work); a locked-out user → 429 with the seconds to wait.
   */
  async signIn(email: string, password: string, now = Date.now()): Promise<SignedIn> {
    const normalized = normalizeEmail(email);
    const user = await this.store.users.findByEmail(normalized);
    if (!user || !user.password_hash) {
      // The same work and the same answers as for a real user: a hash, then 401 or the lock-out.
      await verifyPassword(password, await decoyHash());
      const seen = this.unknownFailures.get(normalized) ?? { failures: 0, lockedUntil: null };
      if (seen.lockedUntil !== null && seen.lockedUntil > now) throw this.lockedError(seen.lockedUntil - now);
      const failures = seen.failures + 1;
      const lockMs = this.lockMsAfter(failures);
      if (this.unknownFailures.size >= 10_000) this.unknownFailures.delete(this.unknownFailures.keys().next().value!);
      this.unknownFailures.set(normalized, { failures, lockedUntil: lockMs ? now + lockMs : null });
      if (lockMs) throw this.lockedError(lockMs, true);
      throw new ServiceError(401, 'Wrong e-mail or password');
    }
    // A locked user's answer costs the same hash as any other, so its timing says nothing either.
    const passwordMatches = await verifyPassword(password, user.password_hash);
    if (user.locked_until !== null && user.locked_until > now) throw this.lockedError(user.locked_until - now);
    if (!passwordMatches) {
      const failures = user.failed_logins + 1;
      const lockMs = this.lockMsAfter(failures);
      await this.store.users.recordFailure(user.id, failures, lockMs ? now + lockMs : null);
      if (lockMs) throw this.lockedError(lockMs, true);
      throw new ServiceError(401, 'Wrong e-mail or password');
    }
    await this.store.users.recordSuccess(user.id, now);
    const token = randomBytes(32).toString('base64url');
    const login: WebLoginRecord = {
      id: tokenHash(token),
      user_id: user.id,
      account_id: user.account_id,
      csrf_token: randomBytes(32).toString('base64url'),
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.sessionMs,
    };
    await this.store.webLogins.insert(login);
    if (Math.random() < 0.05) await this.store.webLogins.purgeExpired(now);
    return { token, login, user: { ...user, failed_logins: 0, locked_until: null, last_login_at: now } };
  }

  /** The lock-out after this many failures in a row: none below the threshold, then doubling up to the cap. */
  private lockMsAfter(failures: number): number {
    return failures >= this.threshold ? Math.min(this.maxMs, this.baseMs * 2 ** (failures - this.threshold)) : 0;
  }

  private lockedError(waitMs: number, justLocked = false): ServiceError {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const lead = justLocked ? 'Wrong e-mail or password. Too many failed sign-ins' : 'Too many failed sign-ins';
    return new ServiceError(429, `${lead}: this user is locked for ${seconds} s`, seconds);
  }

  /** The login a cookie token stands for, or null (unknown, expired, user gone). */
  async loginOf(token: string | undefined, now = Date.now()): Promise<{ login: WebLoginRecord; user: UserRecord } | null> {
    if (!token || token.length > 200) return null;
    const login = await this.store.webLogins.get(tokenHash(token));
    if (!login) return null;
    if (login.expires_at <= now) {
      await this.store.webLogins.delete(login.id);
      return null;
    }
    const user = await this.store.users.get(login.user_id);
    if (!user || !user.password_hash) return null;
    if ((this.touched.get(login.id) ?? 0) < now - 60_000) {
      if (this.touched.size > 10_000) this.touched.clear();
      this.touched.set(login.id, now);
      await this.store.webLogins.touch(login.id, now);
    }
    return { login, user };
  }

  async signOut(token: string | undefined): Promise<void> {
    if (!token) return;
    const id = tokenHash(token);
    this.touched.delete(id);
    await this.store.webLogins.delete(id);
  }
}
