/**
 * First start with an empty store: create the default account and its first key, so the README's
 * curl walk-through works on a fresh machine. The key is printed once to the console (never to the
 * structured log) and written to `<data dir>/api-key` with mode 0600.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../store/repositories.js';
import type { KeyService } from './keys.js';
import { generatePassword } from './passwords.js';
import { normalizeEmail, type UserService } from './users.js';

export interface BootstrapResult {
  created: boolean;
  keyFile?: string;
  key?: string;
}

export async function bootstrapDefaultAccount(
  store: Store,
  keys: KeyService,
  dataDir: string,
  bootstrapKey?: string,
): Promise<BootstrapResult> {
  if ((await store.accounts.count()) > 0) return { created: false };
  const account = await store.accounts.create('default');
  const { key } = await keys.create(account.id, 'bootstrap', { key: bootstrapKey });
  const keyFile = join(dataDir, 'api-key');
  writeFileSync(keyFile, key + '\n', { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  return { created: true, keyFile, key };
}

export interface AdminBootstrapResult {
  created: boolean;
  email?: string;
  password?: string;
  passwordFile?: string;
}

/**
 * When no user can sign in yet (first start, or a data directory from before the web app), the
 * first account gets an admin with a password: the given one or a random one. Like the first key,
 * it is printed once by the caller (never logged) and written to `<data dir>/admin-password` (0600).
 */
export async function bootstrapAdmin(
  store: Store,
  users: UserService,
  dataDir: string,
  options: { email: string; password?: string },
): Promise<AdminBootstrapResult> {
  if ((await store.users.countWithPassword()) > 0) return { created: false };
  const account = (await store.accounts.list())[0] ?? (await store.accounts.create('default'));
  const email = normalizeEmail(options.email);
  const password = options.password ?? generatePassword();
  // The account's placeholder user (made with the account) becomes the admin; else a new one.
  const placeholder = (await store.users.list(account.id)).find((u) => u.email === null || u.email === email);
  if (placeholder) await users.setPassword(placeholder.id, email, password);
  else await users.create(account.id, email, { name: 'admin', password });
  const passwordFile = join(dataDir, 'admin-password');
  writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
  chmodSync(passwordFile, 0o600);
  return { created: true, email, password, passwordFile };
}
