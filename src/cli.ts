/**
 * quarry serve | accounts | keys | semantic | ask | research | mcp
 * Run with `npm run quarry -- <command>` (or `npx tsx src/cli.ts <command>`).
 */
import { Command } from 'commander';
import { join } from 'node:path';
import { ConfigError, loadConfig, warehouseUrl, type Config } from './config.js';
import { loadModel } from './semantic/loader.js';
import { bootstrapToFile } from './warehouse/introspect.js';
import { KeyService } from './auth/keys.js';
import { openSqliteStore } from './store/db.js';
import { Store } from './store/repositories.js';
import { closeOnSignals, serve } from './server.js';

function config(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`quarry: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

async function withStore<T>(fn: (store: Store, keys: KeyService) => Promise<T>): Promise<T> {
  const cfg = config();
  const store = new Store(await openSqliteStore(join(cfg.dataDir, 'quarry.sqlite')));
  const keys = new KeyService(store);
  try {
    return await fn(store, keys);
  } finally {
    await keys.close();
    await store.close();
  }
}

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

const program = new Command('quarry').description('Answers business questions in plain language from your data warehouse');

program
  .command('serve')
  .description('serve the REST API (and the tool interface) on QUARRY_HOST:QUARRY_PORT')
  .action(async () => {
    const server = await serve(config());
    closeOnSignals(server.close);
  });

const accounts = program.command('accounts').description('manage accounts');
accounts
  .command('create')
  .option('--name <name>', 'account name', 'account')
  .description('create an account and print its id')
  .action((opts: { name: string }) =>
    withStore(async (store) => {
      const a = await store.accounts.create(opts.name);
      console.log(a.id);
    }),
  );
accounts
  .command('list')
  .description('list accounts')
  .action(() =>
    withStore(async (store) => {
      for (const a of await store.accounts.list()) console.log(`${a.id}\t${a.name}\t${iso(a.created_at)}`);
    }),
  );

const keys = program.command('keys').description('manage API keys');
keys
  .command('create')
  .requiredOption('--name <name>', 'a name to recognise the key by')
  .option('--account <id>', 'account id (default: the first account)')
  .option('--expires-in-days <n>', 'expiry in days (default: never)')
  .description('create an API key; the key is printed once')
  .action((opts: { name: string; account?: string; expiresInDays?: string }) =>
    withStore(async (store, keyService) => {
      const accountId = opts.account ?? (await store.accounts.list())[0]?.id ?? (await store.accounts.create('default')).id;
      if (!(await store.accounts.get(accountId))) throw new Error(`no account ${accountId}`);
      const days = opts.expiresInDays === undefined ? null : Number(opts.expiresInDays);
      if (days !== null && !(days > 0)) throw new Error('--expires-in-days must be a positive number');
      const { key, record } = await keyService.create(accountId, opts.name, { expiresAt: days === null ? null : Date.now() + days * 86_400_000 });
      process.stderr.write(`created key ${record.id} (${record.prefix}…) for account ${accountId}; it is shown only once:\n`);
      console.log(key);
    }),
  );
keys
  .command('list')
  .option('--account <id>', 'only this account')
  .description('list API keys (never the keys themselves)')
  .action((opts: { account?: string }) =>
    withStore(async (store) => {
      console.log(['id', 'prefix', 'name', 'account', 'created', 'last_used', 'expires', 'revoked'].join('\t'));
      for (const k of await store.apiKeys.list(opts.account)) {
        console.log([k.id, k.prefix + '…', k.name, k.account_id, iso(k.created_at), iso(k.last_used_at), iso(k.expires_at), iso(k.revoked_at)].join('\t'));
      }
    }),
  );
keys
  .command('revoke')
  .argument('<id-or-prefix>', 'key id or its display prefix')
  .description('revoke an API key')
  .action((idOrPrefix: string) =>
    withStore(async (_store, keyService) => {
      const revoked = await keyService.revoke(idOrPrefix);
      if (revoked.length === 0) throw new Error(`no key matches ${idOrPrefix}`);
      console.log(`revoked ${revoked[0].id}`);
    }),
  );

const semantic = program.command('semantic').description('the semantic model');
semantic
  .command('bootstrap')
  .description('introspect a warehouse and write a draft semantic model to edit')
  .option('--warehouse <url>', 'duckdb:PATH or postgres://... (default: QUARRY_WAREHOUSE)')
  .requiredOption('--out <file>', 'where to write the draft model (YAML)')
  .option('--name <name>', 'model name')
  .action(async (opts: { warehouse?: string; out: string; name?: string }) => {
    const url = opts.warehouse ?? warehouseUrl(config());
    const model = await bootstrapToFile(url, opts.out, opts.name ? { name: opts.name } : {});
    process.stderr.write(
      `wrote ${opts.out}: ${model.entities.length} entities, ${model.relationships?.length ?? 0} relationships, ` +
        `${model.dimensions?.length ?? 0} dimensions, ${model.measures?.length ?? 0} measures. Edit it, then set QUARRY_MODEL=${opts.out}\n`,
    );
  });
semantic
  .command('validate')
  .description('check a semantic model file and report every problem')
  .argument('<file>', 'model file (YAML)')
  .action((file: string) => {
    const model = loadModel(file);
    console.log(`${file}: ok (${model.entities.length} entities, ${model.measures.length + model.metrics.length} metrics, ${model.dimensions.length} dimensions)`);
  });

program.parseAsync(process.argv).catch((err: Error) => {
  process.stderr.write(`quarry: ${err.message}\n`);
  process.exit(1);
});
