/**
 * quarry serve | init | accounts | users | keys | semantic (bootstrap, import, validate, check, refresh) | eval | ask | research | mcp
 * Run with `npm run quarry -- <command>` (or `npx tsx src/cli.ts <command>`).
 */
import { Command } from 'commander';
import { resolve } from 'node:path';
import { ConfigError, accountWarehouseOf, loadConfig, warehouseUrl, type Config } from './config.js';
import { loadModel, parseModel as loadModelText } from './semantic/loader.js';
import { bootstrapUrlToFile } from './semantic/draft/index.js';
import { KeyService } from './auth/keys.js';
import { UserService } from './auth/users.js';
import type { Store } from './store/repositories.js';
import { credentialsPath, removeCredentials, writeCredentials } from './mcp/auth.js';

function config(overrides?: Partial<Record<keyof Config, unknown>>): Config {
  try {
    return loadConfig({ overrides });
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
  // Imported when used, as the server and the tool interface are: a command that needs none of them
  // (init, semantic …) starts without loading the service's whole module graph.
  const { openConfiguredStore } = await import('./store/repositories.js');
  const store = await openConfiguredStore(cfg);
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
  .option(
    '--role <role>',
    'api (HTTP, enqueues), worker (runs inquiries and schedules; /healthz and /metrics only) or all; api and worker need QUARRY_STORE=postgres://... (default: QUARRY_ROLE or all)',
  )
  .action(async (opts: { role?: string }) => {
    const { closeOnSignals, serve } = await import('./server.js');
    const server = await serve(config(opts.role === undefined ? undefined : { role: opts.role }));
    closeOnSignals(server.close);
  });

const accounts = program.command('accounts').description('manage accounts');
/** The stored warehouse of `--warehouse NAME`, or exit 2 naming the configured warehouses. */
function accountWarehouse(name: string | undefined): string | null {
  if (name === undefined) return null;
  try {
    return accountWarehouseOf(config(), name);
  } catch (err) {
    process.stderr.write(`quarry: ${(err as Error).message}\n`);
    process.exit(2);
  }
}
accounts
  .command('create')
  .option('--name <name>', 'account name', 'account')
  .option('--warehouse <name>', 'the warehouse it asks (QUARRY_WAREHOUSE_NAME or a key of QUARRY_WAREHOUSES; default: the first)')
  .description('create an account and print its id')
  .action((opts: { name: string; warehouse?: string }) => {
    const warehouse = accountWarehouse(opts.warehouse);
    return withStore(async (store) => {
      const a = await store.accounts.create(opts.name, Date.now(), warehouse);
      console.log(a.id);
    });
  });
accounts
  .command('set-warehouse')
  .argument('<account>', 'account id')
  .argument('<warehouse>', 'a configured warehouse name')
  .description('point an account at another warehouse (its questions, research and SQL run there from then on)')
  .action((account: string, name: string) => {
    const warehouse = accountWarehouse(name);
    return withStore(async (store) => {
      if (!(await store.accounts.setWarehouse(account, warehouse))) throw new Error(`no account ${account}`);
      process.stderr.write(`account ${account} now asks warehouse ${name}\n`);
    });
  });
accounts
  .command('list')
  .description('list accounts: id, name, created, warehouse')
  .action(() =>
    withStore(async (store) => {
      const fallback = config().warehouseName;
      for (const a of await store.accounts.list()) console.log(`${a.id}\t${a.name}\t${iso(a.created_at)}\t${a.warehouse ?? fallback}`);
    }),
  );

async function readSecretFromStdin(prompt: string): Promise<string> {
  if (process.stdin.isTTY) {
    const { createInterface } = await import('node:readline/promises');
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    try {
      return (await rl.question(prompt)).trim();
    } finally {
      rl.close();
    }
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

const users = program.command('users').description('manage the people who sign in to the web app');
users
  .command('create')
  .requiredOption('--email <email>', 'the sign-in e-mail')
  .option('--account <id>', 'account id (default: the first account)')
  .option('--name <name>', 'display name (default: the part before @)')
  .option('--password-stdin', 'read the password from stdin instead of generating one')
  .description('create a user; a generated password is printed once')
  .action((opts: { email: string; account?: string; name?: string; passwordStdin?: boolean }) =>
    withStore(async (store) => {
      const accountId = opts.account ?? (await store.accounts.list())[0]?.id ?? (await store.accounts.create('default')).id;
      const password = opts.passwordStdin ? await readSecretFromStdin('Password: ') : undefined;
      const { user, password: shown } = await new UserService(store).create(accountId, opts.email, { name: opts.name, password });
      process.stderr.write(
        `created user ${user.id} (${user.email}) in account ${accountId}${password ? '' : '; the password is shown only once:'}\n`,
      );
      if (!password) console.log(shown);
    }),
  );
users
  .command('list')
  .option('--account <id>', 'only this account')
  .description('list users (never their passwords)')
  .action((opts: { account?: string }) =>
    withStore(async (store) => {
      console.log(['id', 'email', 'name', 'account', 'created', 'last_sign_in', 'locked_until'].join('\t'));
      for (const u of await store.users.list(opts.account)) {
        if (!u.email) continue;
        console.log([u.id, u.email, u.name, u.account_id, iso(u.created_at), iso(u.last_login_at), iso(u.locked_until)].join('\t'));
      }
    }),
  );
users
  .command('set-password')
  .requiredOption('--email <email>', 'the user')
  .option('--password-stdin', 'read the new password from stdin instead of generating one')
  .description('set a new password (printed once when generated), lift a lock-out and sign the user out everywhere')
  .action((opts: { email: string; passwordStdin?: boolean }) =>
    withStore(async (store) => {
      const { normalizeEmail } = await import('./auth/users.js');
      const { generatePassword } = await import('./auth/passwords.js');
      const user = await store.users.findByEmail(normalizeEmail(opts.email));
      if (!user) throw new Error(`no user ${opts.email}`);
      const password = opts.passwordStdin ? await readSecretFromStdin('New password: ') : generatePassword();
      await new UserService(store).setPassword(user.id, user.email!, password);
      process.stderr.write(`password of ${user.email} set; every sign-in of this user ended\n`);
      if (!opts.passwordStdin) console.log(password);
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
      const { key, record } = await keyService.create(accountId, opts.name, {
        expiresAt: days === null ? null : Date.now() + days * 86_400_000,
      });
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
        console.log(
          [k.id, k.prefix + '…', k.name, k.account_id, iso(k.created_at), iso(k.last_used_at), iso(k.expires_at), iso(k.revoked_at)].join(
            '\t',
          ),
        );
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

program
  .command('init')
  .description('connect a warehouse: draft and check a model, print 10 sample questions that answer, write quarry.yaml and the model')
  .option('--warehouse <url>', 'duckdb:PATH (a .duckdb file or a folder of Parquet/CSV files) or postgres://... (asked when not given)')
  .option('--out <file>', 'the settings file to write', 'quarry.yaml')
  .option('--model <file>', 'the model file to write', 'model.yaml')
  .option('--name <name>', 'model name')
  .option('--yes', 'ask nothing: take the flags and their defaults, and write')
  .option('--force', 'overwrite existing files')
  .action(async (opts: { warehouse?: string; out: string; model: string; name?: string; yes?: boolean; force?: boolean }) => {
    const { draftInit, writeInit, formatInitSummary, checkTargets } = await import('./warehouse/init.js');
    const ask = opts.yes ? undefined : await linePrompter();
    try {
      let url = opts.warehouse ?? process.env.QUARRY_WAREHOUSE ?? '';
      let out = opts.out;
      let model = opts.model;
      if (ask) {
        url = await ask('Warehouse URL (duckdb:PATH, a folder of Parquet/CSV files, postgres://user@host/db)', url);
        model = await ask('Model file to write', model);
        out = await ask('Settings file to write', out);
      }
      if (!url) throw new Error('--warehouse: give the warehouse URL (duckdb:PATH, a folder of Parquet/CSV files, postgres://...)');
      const options = {
        warehouseUrl: url,
        configPath: out,
        modelPath: model,
        force: opts.force,
        name: opts.name,
        asOf: process.env.QUARRY_AS_OF || undefined,
      };
      checkTargets(options);
      const draft = await draftInit(options, (line) => process.stderr.write(`… ${line}\n`));
      console.log(formatInitSummary(draft));
      if (ask && !/^y(es)?$/i.test(await ask(`Write ${out} and ${model}? (y/n)`, 'y'))) {
        process.stderr.write('nothing written\n');
        return;
      }
      await writeInit(draft, options);
      process.stderr.write(
        `wrote ${model} and ${out}. Review ${model} (every guess has its reason as a comment), then serve it from this folder (\`npm start\`), or elsewhere with QUARRY_CONFIG=${resolve(out)}.\n`,
      );
    } finally {
      ask?.close();
    }
  });

/**
 * Questions on stderr, answers line by line from stdin (a terminal or a pipe: lines that arrive
 * before their question are kept). An empty answer takes the default shown in brackets.
 */
async function linePrompter(): Promise<((question: string, fallback: string) => Promise<string>) & { close(): void }> {
  const { createInterface } = await import('node:readline/promises');
  // Lines are read through the iterator, not rl.question(): piped answers that arrive before their
  // question (all of them at once) are kept instead of dropped.
  const rl = createInterface({ input: process.stdin, output: process.stdin.isTTY ? process.stderr : undefined, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (question: string, fallback: string) => {
    process.stderr.write(`${question}${fallback ? ` [${fallback}]` : ''}: `);
    const next = await lines.next();
    if (!process.stdin.isTTY) process.stderr.write('\n');
    if (next.done) throw new Error(`no answer to "${question}" (stdin ended); use --yes and flags to run without questions`);
    return next.value.trim() || fallback;
  };
  return Object.assign(ask, { close: () => rl.close() });
}

const semantic = program.command('semantic').description('the semantic model');
semantic
  .command('bootstrap')
  .description('introspect a warehouse and write a draft semantic model to edit')
  .option('--warehouse <url>', 'duckdb:PATH, postgres://... or mysql://... (default: QUARRY_WAREHOUSE)')
  .requiredOption('--out <file>', 'where to write the draft model (YAML)')
  .option('--name <name>', 'model name')
  .argument('[url]', 'the warehouse URL (instead of --warehouse)')
  .action(async (urlArg: string | undefined, opts: { warehouse?: string; out: string; name?: string }) => {
    const url = urlArg ?? opts.warehouse ?? warehouseUrl(config());
    const r = await bootstrapUrlToFile(url, opts.out, opts.name ? { name: opts.name } : {});
    const model = r.model;
    const declared = r.joins.filter((j) => j.source === 'declared').length;
    process.stderr.write(
      `wrote ${opts.out}: ${model.entities.length} entities, ${model.relationships?.length ?? 0} relationships (${declared} declared, ${r.joins.length - declared} inferred and checked on the data), ` +
        `${model.dimensions?.length ?? 0} dimensions, ${model.time_dimensions?.length ?? 0} time dimensions, ${model.measures?.length ?? 0} measures` +
        `${r.fact ? `; main fact table ${r.fact}` : ''}.\n` +
        (r.undecided.length ? `could not decide (see the file's header):\n${r.undecided.map((u) => `  - ${u}`).join('\n')}\n` : '') +
        `Review it, then set QUARRY_MODEL=${opts.out}\n`,
    );
  });
semantic
  .command('import')
  .description('import a semantic model you already have (dbt MetricFlow, Cube, Snowflake Cortex Analyst) as a Quarry model')
  .argument('<format>', 'dbt | cube | cortex')
  .argument(
    '<path>',
    'dbt: a dbt project, a folder of YAML or a file; cube: a Cube project, its model folder or a file; cortex: the semantic model file',
  )
  .requiredOption('--out <file>', 'where to write the Quarry model (YAML)')
  .option('--name <name>', 'model name')
  .option('--schema <schema>', "dbt: the schema the models' relations are in (table names become schema.table)")
  .option('--qualified', "cortex: keep the base tables' schema (SCHEMA.TABLE)")
  .option('--strict', 'write nothing when anything cannot be imported')
  .action(
    async (format: string, path: string, opts: { out: string; name?: string; schema?: string; qualified?: boolean; strict?: boolean }) => {
      const { importToFile } = await import('./semantic/import/index.js');
      const r = await importToFile(format, path, opts.out, opts);
      const m = r.model;
      const n = (x: unknown[] | undefined) => x?.length ?? 0;
      process.stderr.write(
        `wrote ${opts.out}: ${m.entities.length} entities, ${n(m.relationships)} relationships, ${n(m.dimensions)} dimensions, ${n(m.time_dimensions)} time dimensions, ` +
          `${n(m.measures)} measures, ${n(m.metrics)} derived metrics${n(m.verified_queries) ? `, ${n(m.verified_queries)} verified queries` : ''}.\n` +
          (r.skipped.length
            ? `not imported (also listed in the file's header):\n${r.skipped.map((s) => `  - ${s.what}: ${s.why}`).join('\n')}\n`
            : '') +
          `Review the guesses (comments), run \`quarry semantic validate ${opts.out}\`, then set QUARRY_MODEL=${opts.out}\n`,
      );
    },
  );
semantic
  .command('validate')
  .description('check a semantic model file and report every problem')
  .argument('<file>', 'model file (YAML)')
  .action((file: string) => {
    const model = loadModel(file);
    console.log(
      `${file}: ok (${model.entities.length} entities, ${model.measures.length + model.metrics.length} metrics, ${model.dimensions.length} dimensions)`,
    );
  });

semantic
  .command('check')
  .description(
    'check a semantic model against the data: tables and columns exist, keys unique, joins fan out as declared, time dimensions hold dates; exit 1 when any fails',
  )
  .argument('<file>', 'model file (YAML)')
  .option('--warehouse <url>', 'warehouse URL (default: QUARRY_WAREHOUSE)')
  .action(async (file: string, opts: { warehouse?: string }) => {
    const { checkModel, formatCheckReport } = await import('./semantic/check.js');
    const { openWarehouse } = await import('./warehouse/index.js');
    const model = loadModel(file);
    const warehouse = await openWarehouse(opts.warehouse ?? warehouseUrl(config()));
    try {
      const report = await checkModel(model, warehouse);
      console.log(`${file}: ${formatCheckReport(report)}`);
      if (report.failed.length) process.exitCode = 1;
    } finally {
      await warehouse.close();
    }
  });

semantic
  .command('refresh')
  .description(
    'compare a semantic model with the warehouse after a schema change: propose entities, dimensions and measures for new tables and columns and the removal of what reads a dropped one; --write applies them, keeping comments and hand edits',
  )
  .argument('<file>', 'model file (YAML)')
  .option('--warehouse <url>', 'warehouse URL (default: QUARRY_WAREHOUSE)')
  .option('--write', 'write the changes into the file (default: only print them)')
  .action(async (file: string, opts: { warehouse?: string; write?: boolean }) => {
    const { planRefresh, formatRefresh, writeRefreshed } = await import('./semantic/refresh.js');
    const { openWarehouse } = await import('./warehouse/index.js');
    const { readFileSync } = await import('node:fs');
    const warehouse = await openWarehouse(opts.warehouse ?? warehouseUrl(config()));
    try {
      const plan = await planRefresh(readFileSync(file, 'utf8'), file, warehouse);
      console.log(formatRefresh(plan));
      if (plan.changes.length === 0) return;
      if (opts.write) {
        await writeRefreshed(file, plan);
        console.log(`${file}: ${plan.changes.length} changes written (review the comments "added by quarry semantic refresh")`);
      } else {
        loadModelText(plan.text, file);
        console.log(`Nothing written: run again with --write to apply these ${plan.changes.length} changes.`);
      }
    } finally {
      await warehouse.close();
    }
  });

program
  .command('eval')
  .description('run your own questions (YAML: question + expected_sql or expected rows) against a model; exit 1 when any fails')
  .argument('[file]', 'questions file (YAML)')
  .option('--model <file>', 'semantic model file (default: QUARRY_MODEL or the bundled model)')
  .option('--warehouse <url>', 'warehouse URL (default: QUARRY_WAREHOUSE)')
  .option('--verified', "run the model's verified_queries as the suite")
  .option('--min-accuracy <fraction>', 'pass when at least this fraction is right and nothing is answered wrong (default 1)')
  .action(async (file: string | undefined, opts: { model?: string; warehouse?: string; verified?: boolean; minAccuracy?: string }) => {
    const { loadConfig, warehouseUrl } = await import('./config.js');
    const { DEFAULT_MODEL_PATH } = await import('./semantic/loader.js');
    const { loadSemanticLayer } = await import('./semantic/values.js');
    const { openWarehouse } = await import('./warehouse/index.js');
    const { loadEvalSuite, runEvalSuite, formatEvalSummary, verifiedSuite } = await import('./eval/suite.js');
    if (!file && !opts.verified) throw new Error('give a questions FILE or --verified');
    const config = loadConfig();
    const min = opts.minAccuracy === undefined ? 1 : Number(opts.minAccuracy);
    if (!(min >= 0 && min <= 1)) throw new Error('--min-accuracy: a fraction between 0 and 1');
    const cases = file ? loadEvalSuite(file) : [];
    const warehouse = await openWarehouse(opts.warehouse ?? warehouseUrl(config));
    try {
      const layer = await loadSemanticLayer(
        opts.model ?? config.model ?? DEFAULT_MODEL_PATH,
        warehouse,
        config.asOf ? { asOf: config.asOf } : {},
      );
      const modelFile = opts.model ?? config.model ?? DEFAULT_MODEL_PATH;
      if (opts.verified && layer.model.verified_queries.length === 0) {
        // Nothing to score is no score of 0 %: say why, and what to do.
        console.log(
          `${modelFile} has no verified queries (verified_queries): nothing to check. Add questions with their SQL under verified_queries, or give a questions FILE.`,
        );
        if (cases.length === 0) return;
      }
      const summary = await runEvalSuite(layer, warehouse, [...cases, ...(opts.verified ? verifiedSuite(layer, warehouse.dialect) : [])]);
      console.log(formatEvalSummary(summary));
      if (summary.accuracy < min || (min === 1 && summary.passed < summary.total) || (summary.answeredWrong > 0 && min === 1))
        process.exitCode = 1;
    } finally {
      await warehouse.close();
    }
  });

program
  .command('ask')
  .description('ask a running Quarry server a question; prints the answer and the table (QUARRY_API_KEY; --server or QUARRY_URL)')
  .argument('<question>', 'the question, e.g. "Top 5 customers by revenue in 1997"')
  .option('--json', 'print the whole status response as JSON')
  .option('--session <id>', 'ask in this session (a follow-up); default: a new session')
  .option('--dimensions <json>', 'dimension filters as JSON, e.g. \'{"region": "EUROPE"}\'')
  .option('--sql', 'print the SQL after the answer')
  .option('--server <url>', 'the server (default: QUARRY_URL, else http://QUARRY_HOST:QUARRY_PORT)')
  .action(async (question: string, opts: { json?: boolean; session?: string; dimensions?: string; sql?: boolean; server?: string }) => {
    const cfg = config();
    const { QuarryClient, clientKey, serverUrl } = await import('./client.js');
    const { runAsk } = await import('./ask-cli.js');
    const dimensions = opts.dimensions ? (JSON.parse(opts.dimensions) as Record<string, never>) : undefined;
    process.exitCode = await runAsk(new QuarryClient(serverUrl(cfg, opts.server), clientKey(cfg)), question, {
      json: opts.json,
      session: opts.session,
      dimensions,
      sql: opts.sql,
    });
  });

program
  .command('research')
  .description(
    'run a research investigation with a live progress bar and print the report (Markdown): on the server given by --server or QUARRY_URL, else in this process',
  )
  .argument('<question>', 'the research question, e.g. "Why did revenue change in 1997 compared with 1996?"')
  .option('--dimensions <json>', 'dimension filters scoping every query, as JSON, e.g. \'{"region": "EUROPE"}\'')
  .option('--rounds <n>', 'rounds of questions (default 2)')
  .option('--queries <n>', 'sub-questions in all (default 20)')
  .option('--minutes <n>', 'time budget in minutes (default 10)')
  .option('--json', 'print the whole status response (final_answer, progress, operations) as JSON')
  .option('--server <url>', 'submit to this running server (default: QUARRY_URL when set)')
  .action(
    async (
      question: string,
      opts: { dimensions?: string; rounds?: string; queries?: string; minutes?: string; json?: boolean; server?: string },
    ) => {
      const { runRemoteResearchCommand, runResearchCommand } = await import('./research-cli.js');
      const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
      const budget = { rounds: num(opts.rounds), queries: num(opts.queries), minutes: num(opts.minutes) };
      const { ResearchBudgetSchema } = await import('./schemas/research.js');
      const parsed = ResearchBudgetSchema.safeParse(Object.fromEntries(Object.entries(budget).filter(([, v]) => v !== undefined)));
      if (!parsed.success) throw new Error(`budget: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      const dimensions = opts.dimensions ? (JSON.parse(opts.dimensions) as Record<string, never>) : undefined;
      const cfg = config();
      if (opts.server || cfg.url) {
        const { QuarryClient, clientKey, serverUrl } = await import('./client.js');
        const client = new QuarryClient(serverUrl(cfg, opts.server), clientKey(cfg));
        process.exitCode = await runRemoteResearchCommand(client, question, { budget: parsed.data, dimensions, json: opts.json });
      } else {
        process.exitCode = await runResearchCommand(cfg, question, { budget: parsed.data, dimensions, json: opts.json });
      }
    },
  );

program
  .command('mcp')
  .description('serve the tool interface (MCP) over stdio; the API key comes from QUARRY_API_KEY or `quarry login`')
  .action(async () => {
    const [{ runStdio }, { closeOnSignals }] = await Promise.all([import('./mcp/stdio.js'), import('./server.js')]);
    const { close } = await runStdio(config());
    const exit = () =>
      void close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    process.stdin.once('end', exit);
    closeOnSignals(close);
  });

program
  .command('login')
  .description(
    'store an API key for `quarry mcp` over stdio (read from stdin, or --key); checked against this data directory unless --no-verify',
  )
  .option('--key <key>', 'the API key (default: read from stdin, so it stays out of the process list)')
  .option('--no-verify', 'store the key without checking it')
  .action(async (opts: { key?: string; verify: boolean }) => {
    const cfg = config();
    const key = opts.key ?? (await readSecretFromStdin('API key: ')).trim();
    if (!key) throw new Error('no API key given');
    if (opts.verify) await withStore((_store, keyService) => keyService.authenticate(key));
    const file = credentialsPath(cfg);
    writeCredentials(file, key);
    process.stderr.write(`logged in: the key was stored in ${file} (mode 0600)\n`);
  });

program
  .command('logout')
  .description('remove the stored API key of `quarry login`')
  .action(() => {
    const file = credentialsPath(config());
    process.stderr.write(removeCredentials(file) ? `logged out: removed ${file}\n` : `no stored credentials at ${file}\n`);
  });

program.parseAsync(process.argv).catch((err: Error) => {
  process.stderr.write(`quarry: ${err.message}\n`);
  process.exit(1);
});
