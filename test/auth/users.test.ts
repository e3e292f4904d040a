/** Passwords (scrypt) and the sign-in rules: same answer for unknown e-mails, growing lock-out, logins. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.js';
import { UserService } from '../../src/auth/users.js';
import { openSqliteStore } from '../../src/store/db.js';
import { Store } from '../../src/store/repositories.js';

describe('passwords', () => {
  it('scrypt with a salt per password; verification needs the exact password and an intact hash', async () => {
    const a = await hashPassword('a long enough password');
    const b = await hashPassword('a long enough password');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('a long enough password', a)).toBe(true);
    expect(await verifyPassword('a long enough passwor', a)).toBe(false);
    // one character in the middle of the stored hash changed (the last one may carry only padding bits)
    const i = a.length - 20;
    expect(await verifyPassword('a long enough password', a.slice(0, i) + (a[i] === 'A' ? 'B' : 'A') + a.slice(i + 1))).toBe(false);
    expect(await verifyPassword('a long enough password', 'sha256$abc')).toBe(false);
    expect(await verifyPassword('a long enough password', a.replace('$15$', '$30$'))).toBe(false);
  });
});

describe('UserService', () => {
  let store: Store;
  let users: UserService;
  let accountId: string;
  beforeAll(async () => {
    store = new Store(await openSqliteStore(':memory:'));
    users = new UserService(store, { lockoutThreshold: 3, lockoutBaseMs: 1000, lockoutMaxMs: 4000, sessionMs: 60_000 });
    accountId = (await store.accounts.create('acme')).id;
  });
  afterAll(() => store.close());

  it('creates users with normalised, unique e-mails and refuses weak passwords', async () => {
    const { user, password } = await users.create(accountId, ' Eve@Example.COM ');
    expect(user.email).toBe('eve@example.com');
    expect(password).toHaveLength(24);
    expect(user.password_hash).not.toContain(password);
    await expect(users.create(accountId, 'eve@example.com')).rejects.toMatchObject({ statusCode: 409 });
    await expect(users.create(accountId, 'short@example.com', { password: 'short' })).rejects.toMatchObject({ statusCode: 422 });
    await expect(users.create(accountId, 'not-an-email')).rejects.toMatchObject({ statusCode: 422 });
  });

  it('locks out after the threshold for a doubling time, capped; a success resets the count', async () => {
    const { password } = await users.create(accountId, 'mallory@example.com', { password: 'mallory-password' });
    const t0 = 1_000_000_000_000;
    const fail = (now: number) => users.signIn('mallory@example.com', 'wrong-password!', now);
    await expect(fail(t0)).rejects.toMatchObject({ statusCode: 401 });
    await expect(fail(t0)).rejects.toMatchObject({ statusCode: 401 });
    await expect(fail(t0)).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 1 });
    await expect(users.signIn('mallory@example.com', password, t0 + 500)).rejects.toMatchObject({ statusCode: 429 });
    await expect(fail(t0 + 1001)).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 2 });
    await expect(fail(t0 + 3002)).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 4 });
    await expect(fail(t0 + 7003)).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 4 }); // capped
    const ok = await users.signIn('mallory@example.com', password, t0 + 11_004);
    expect(ok.user.failed_logins).toBe(0);
    await expect(fail(t0 + 11_005)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('an e-mail with no user is locked out exactly like a real one (the answers never tell which e-mails exist)', async () => {
    await users.create(accountId, 'walter@example.com', { password: 'walter-password' });
    const t0 = 2_000_000_000_000;
    const answers = async (email: string) => {
      const out: unknown[] = [];
      for (const [dt, password] of [
        [0, 'wrong-password!'],
        [0, 'wrong-password!'],
        [0, 'wrong-password!'],
        [500, 'wrong-password!'],
        [1001, 'wrong-password!'],
        [3002, 'wrong-password!'],
      ] as const) {
        const error = await users.signIn(email, password, t0 + dt).then(
          () => null,
          (e: { statusCode: number; message: string; retryAfterSeconds?: number }) => e,
        );
        out.push(error && { statusCode: error.statusCode, message: error.message, retryAfterSeconds: error.retryAfterSeconds });
      }
      return out;
    };
    const real = await answers('walter@example.com');
    const unknown = await answers('nobody-here@example.com');
    expect(real.map((a) => (a as { statusCode: number }).statusCode)).toEqual([401, 401, 429, 429, 429, 429]);
    expect(unknown).toEqual(real);
  });

  it('a login is found by its cookie token only, ends at its expiry and at sign-out', async () => {
    const { password } = await users.create(accountId, 'trent@example.com');
    const now = Date.now();
    const signed = await users.signIn('trent@example.com', password, now);
    expect(signed.login.id).not.toContain(signed.token);
    expect((await users.loginOf(signed.token, now + 1000))?.user.email).toBe('trent@example.com');
    expect(await users.loginOf(signed.token + 'x', now)).toBeNull();
    expect(await users.loginOf(signed.token, now + 60_001)).toBeNull();
    const again = await users.signIn('trent@example.com', password);
    await users.signOut(again.token);
    expect(await users.loginOf(again.token)).toBeNull();
  });

  it('a new password ends every sign-in of the user', async () => {
    const { user, password } = await users.create(accountId, 'peggy@example.com');
    const signed = await users.signIn('peggy@example.com', password);
    await users.setPassword(user.id, user.email!, 'a brand new password');
    expect(await users.loginOf(signed.token)).toBeNull();
    await expect(users.signIn('peggy@example.com', password)).rejects.toMatchObject({ statusCode: 401 });
    expect((await users.signIn('peggy@example.com', 'a brand new password')).user.id).toBe(user.id);
  });
});
