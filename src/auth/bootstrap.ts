/**
 * First start with an empty store: create the default account and its first key, so the README's
 * curl walk-through works on a fresh machine. The key is printed once to the console (never to the
 * structured log) and written to `<data dir>/api-key` with mode 0600.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../store/repositories.js';
import type { KeyService } from './keys.js';

export interface BootstrapResult {
  created: boolean;
  keyFile?: string;
  key?: string;
}

export async function bootstrapDefaultAccount(store: Store, keys: KeyService, dataDir: string, bootstrapKey?: string): Promise<BootstrapResult> {
  if ((await store.accounts.count()) > 0) return { created: false };
  const account = await store.accounts.create('default');
  const { key } = await keys.create(account.id, 'bootstrap', { key: bootstrapKey });
  const keyFile = join(dataDir, 'api-key');
  writeFileSync(keyFile, key + '\n', { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  return { created: true, keyFile, key };
}
