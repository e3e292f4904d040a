/**
 * The one reader of process.env and quarry.yaml. Every setting is validated by zod; a wrong value
 * stops start-up with a message naming the setting. Precedence: environment > quarry.yaml > default.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { WarehouseNameSchema } from './schemas/warehouse.js';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const warehouseUrlSetting = z
  .string()
  .regex(/^(duckdb:.+|postgres(ql)?:\/\/.+|(mysql|mariadb):\/\/.+)$/, 'duckdb:PATH, postgres://... or mysql://...');
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'a real calendar date',
  );

/** One more warehouse of the deployment (QUARRY_WAREHOUSES): where it is, the model that reads it, its "today". */
export const ExtraWarehouseSchema = z.strictObject({
  url: warehouseUrlSetting,
  /** The semantic model file; unset = the bundled TPC-H model. */
  model: z.string().min(1).optional(),
  as_of: calendarDate.optional(),
});
export type ExtraWarehouse = z.infer<typeof ExtraWarehouseSchema>;

/** The environment carries QUARRY_WAREHOUSES as text (JSON or a YAML flow mapping); quarry.yaml as a mapping. */
const mappingText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return parseYaml(v) as unknown;
  } catch {
    return v; // zod then says what is expected
  }
};

/** Setting name (as an environment variable) → schema and yaml path. Defaults live here too. */
export const ConfigSchema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: int(0, 65535).default(8080),
  dataDir: z.string().min(1).default('./data'),
  /** `duckdb:PATH` (a .duckdb file or a folder of Parquet/CSV), `postgres://...` or `mysql://` / `mariadb://...`; unset = the demo DuckDB in the data dir. */
  warehouse: warehouseUrlSetting.optional(),
  /** What accounts, answers and logs call the warehouse of QUARRY_WAREHOUSE / QUARRY_MODEL (accounts naming none use it). */
  warehouseName: WarehouseNameSchema.default('default'),
  /**
   * Further warehouses of this deployment, each with its own model: name → {url, model, as_of}. An
   * account naming one (`quarry accounts create --warehouse NAME`) asks, researches and runs SQL there only.
   */
  warehouses: z
    .preprocess(
      mappingText,
      z.record(z.string(), ExtraWarehouseSchema).superRefine((all, ctx) => {
        // checked here, not as the record's key schema: zod then says only "Invalid key in record"
        for (const name of Object.keys(all)) {
          const bad = WarehouseNameSchema.safeParse(name);
          if (!bad.success) ctx.addIssue({ code: 'custom', path: [name], message: `"${name}" is not ${bad.error.issues[0]!.message}` });
        }
      }),
    )
    .default({}),
  /** The state store: unset = SQLite in the data dir; `postgres://...` = shared by several processes (queue, schedules, wake-ups, rate limits too). */
  store: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+$/, 'postgres://... (unset: SQLite in QUARRY_DATA_DIR)')
    .optional(),
  /** What `quarry serve` runs: `api` (HTTP, enqueues), `worker` (runs inquiries and schedules), `all` (both). */
  role: z.enum(['api', 'worker', 'all']).default('all'),
  /** The semantic model file; unset = the bundled TPC-H model. */
  model: z.string().min(1).optional(),
  /** "Today" for relative periods (YYYY-MM-DD); overrides the model's `as_of`. */
  asOf: calendarDate.optional(),
  bootstrapKey: z.string().min(32, 'at least 32 characters').max(256).optional(),
  /** On first start (no user can sign in yet), the admin's password; unset = a random one, printed once. */
  bootstrapPassword: z.string().min(10, 'at least 10 characters').max(256).optional(),
  /** The sign-in name of the first admin. */
  adminEmail: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address such as admin@localhost')
    .default('admin@localhost'),
  /** Where client commands (`quarry ask`, `quarry research`) find a running server; unset = http://QUARRY_HOST:QUARRY_PORT for ask, in-process for research. */
  url: z.url().optional(),
  /** How long a web-app sign-in lasts. */
  webSessionHours: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  /** The sign-in cookie's Secure flag; unset = set when the request came over HTTPS. */
  cookieSecure: bool.optional(),
  llmBaseUrl: z.url().optional(),
  llmApiKey: z.string().min(1).optional(),
  llmModel: z.string().min(1).optional(),
  llmSendRows: bool.default(true),
  apiKey: z.string().min(1).optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per key per window (429 beyond). */
  rateLimitMax: int(1, 10_000_000).default(600),
  rateLimitWindowMs: int(100, 3_600_000).default(60_000),
  /** Inquiries run at once in this process. */
  concurrency: int(1, 256).default(4),
  /** Inquiries waiting beyond the running ones before submissions get 429. */
  queueDepth: int(1, 100_000).default(200),
  /** Inquiries one account may have processing at once. */
  accountMaxActive: int(1, 100_000).default(50),
  /** Server-side time limit of one regular inquiry. */
  inquiryTimeoutMs: int(100, 3_600_000).default(120_000),
  /** Longest a question may be, in characters. */
  maxQueryLength: int(10, 100_000).default(2000),
  bodyLimitBytes: int(1024, 50_000_000).default(65_536),
  /** A request's headers and body must have arrived within this time (slow senders are cut off with 408). */
  requestTimeoutMs: int(100, 600_000).default(30_000),
  /** A keep-alive connection with no request in flight is closed after this long. */
  idleTimeoutMs: int(100, 600_000).default(5_000),
  /** How often a process renews its lease in the process registry. */
  heartbeatMs: int(50, 600_000).default(1_000),
  /** A process whose lease was not renewed for this long is gone: its processing inquiries are taken over. */
  staleAfterMs: int(200, 3_600_000).default(30_000),
  /**
   * With Postgres: how often the shared report clock ticks, in ms; unset = once a minute (pg-boss
   * cron). Report schedules stay minute-aligned either way; a shorter tick only notices a due
   * time sooner (drills and tests).
   */
  reportTickMs: int(100, 600_000).optional(),
  /** How long graceful shutdown waits for running inquiries before handing them back. */
  shutdownGraceMs: int(0, 600_000).default(10_000),
  /** Warehouse statement limits. */
  queryTimeoutMs: int(100, 3_600_000).default(30_000),
  maxRows: int(1, 10_000_000).default(5000),
  /** Largest result (approximate bytes of its values) kept from one statement; the rest is cut and flagged truncated. */
  maxResultBytes: int(1024, 1_073_741_824).default(16 * 1024 * 1024),
  /** Warehouse connections: statements that run at once in this process. */
  warehouseConnections: int(1, 256).default(4),
  /** Of those, at most this many serve one account at once (default: all but one). */
  warehouseAccountConnections: int(1, 256).optional(),
  /** Longest timeout run_sql_query accepts, in seconds. */
  sqlTimeoutMaxS: int(1, 3600).default(60),
  /** DuckDB memory_limit (e.g. 512MB, 2GB): operators beyond it spill to disk or fail. */
  duckdbMemoryLimit: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'a size such as 512MB or 2GB')
    .default('1GB'),
  /** DuckDB worker threads (shared by all its connections). */
  duckdbThreads: int(1, 1024).default(() => availableParallelism()),
  /** Bearer token that opens GET /metrics; unset = /metrics answers loopback clients only. */
  metricsToken: z.string().min(16, 'at least 16 characters').max(256).optional(),
  /** Demo warehouse scale factor (TPC-H SF). */
  demoScale: z.coerce.number().positive().max(10).default(0.1),
  /** Tool interface over HTTP: Host names (port-agnostic, comma-separated) accepted at /mcp (DNS-rebinding protection); QUARRY_HOST is added. */
  mcpAllowedHosts: z.string().default('localhost,127.0.0.1,[::1]'),
  /** Tool interface over HTTP: browser origins allowed to call /mcp (comma-separated, exact); none by default, never a wildcard. */
  mcpAllowedOrigins: z
    .string()
    .refine((v) => !v.split(',').some((o) => o.trim() === '*'), 'a wildcard origin is not allowed; list exact origins')
    .default(''),
  /** Tool interface: longest one wait_for_completion / ask_a_single_question call waits for regular questions. */
  mcpWaitMs: int(100, 900_000).default(50_000),
  /** Tool interface: the research wait window (§8: 3 minutes per wait call). */
  mcpResearchWaitMs: int(100, 900_000).default(180_000),
  /** Where `quarry login` stores the API key for `quarry mcp` over stdio; default ~/.config/quarry/credentials.json. */
  credentialsFile: z.string().min(1).optional(),
  /** Sub-questions one research inquiry runs at once. */
  researchConcurrency: int(1, 64).default(4),
  /** Pause before each research sub-question (ms): paces the load on a shared warehouse. */
  researchPaceMs: int(0, 600_000).default(0),
  /** Check every JSON reply against its route's declared zod schema; a mismatch answers 500 (tests and staging). */
  validateReplies: bool.default(false),
});
export type Config = z.infer<typeof ConfigSchema>;

/** Environment variable name for each setting; the README's configuration table mirrors this. */
export const ENV_NAMES: Record<keyof Config, string> = {
  host: 'QUARRY_HOST',
  port: 'QUARRY_PORT',
  dataDir: 'QUARRY_DATA_DIR',
  warehouse: 'QUARRY_WAREHOUSE',
  warehouseName: 'QUARRY_WAREHOUSE_NAME',
  warehouses: 'QUARRY_WAREHOUSES',
  store: 'QUARRY_STORE',
  role: 'QUARRY_ROLE',
  model: 'QUARRY_MODEL',
  asOf: 'QUARRY_AS_OF',
  bootstrapKey: 'QUARRY_BOOTSTRAP_KEY',
  bootstrapPassword: 'QUARRY_BOOTSTRAP_PASSWORD',
  adminEmail: 'QUARRY_ADMIN_EMAIL',
  url: 'QUARRY_URL',
  webSessionHours: 'QUARRY_WEB_SESSION_HOURS',
  cookieSecure: 'QUARRY_COOKIE_SECURE',
  llmBaseUrl: 'QUARRY_LLM_BASE_URL',
  llmApiKey: 'QUARRY_LLM_API_KEY',
  llmModel: 'QUARRY_LLM_MODEL',
  llmSendRows: 'QUARRY_LLM_SEND_ROWS',
  apiKey: 'QUARRY_API_KEY',
  logLevel: 'QUARRY_LOG_LEVEL',
  rateLimitMax: 'QUARRY_RATE_LIMIT_MAX',
  rateLimitWindowMs: 'QUARRY_RATE_LIMIT_WINDOW_MS',
  concurrency: 'QUARRY_CONCURRENCY',
  queueDepth: 'QUARRY_QUEUE_DEPTH',
  accountMaxActive: 'QUARRY_ACCOUNT_MAX_ACTIVE',
  inquiryTimeoutMs: 'QUARRY_INQUIRY_TIMEOUT_MS',
  maxQueryLength: 'QUARRY_MAX_QUERY_LENGTH',
  bodyLimitBytes: 'QUARRY_BODY_LIMIT_BYTES',
  requestTimeoutMs: 'QUARRY_REQUEST_TIMEOUT_MS',
  idleTimeoutMs: 'QUARRY_IDLE_TIMEOUT_MS',
  heartbeatMs: 'QUARRY_HEARTBEAT_MS',
  staleAfterMs: 'QUARRY_STALE_AFTER_MS',
  reportTickMs: 'QUARRY_REPORT_TICK_MS',
  shutdownGraceMs: 'QUARRY_SHUTDOWN_GRACE_MS',
  queryTimeoutMs: 'QUARRY_QUERY_TIMEOUT_MS',
  maxRows: 'QUARRY_MAX_ROWS',
  maxResultBytes: 'QUARRY_MAX_RESULT_BYTES',
  warehouseConnections: 'QUARRY_WAREHOUSE_CONNECTIONS',
  warehouseAccountConnections: 'QUARRY_WAREHOUSE_ACCOUNT_CONNECTIONS',
  sqlTimeoutMaxS: 'QUARRY_SQL_TIMEOUT_MAX_S',
  duckdbMemoryLimit: 'QUARRY_DUCKDB_MEMORY_LIMIT',
  duckdbThreads: 'QUARRY_DUCKDB_THREADS',
  metricsToken: 'QUARRY_METRICS_TOKEN',
  demoScale: 'QUARRY_DEMO_SCALE',
  mcpAllowedHosts: 'QUARRY_MCP_ALLOWED_HOSTS',
  mcpAllowedOrigins: 'QUARRY_MCP_ALLOWED_ORIGINS',
  mcpWaitMs: 'QUARRY_MCP_WAIT_MS',
  mcpResearchWaitMs: 'QUARRY_MCP_RESEARCH_WAIT_MS',
  credentialsFile: 'QUARRY_CREDENTIALS_FILE',
  researchConcurrency: 'QUARRY_RESEARCH_CONCURRENCY',
  researchPaceMs: 'QUARRY_RESEARCH_PACE_MS',
  validateReplies: 'QUARRY_VALIDATE_REPLIES',
};

/** quarry.yaml keys are the snake_case of the setting, e.g. `rate_limit_max`. */
const yamlKey = (k: string) => k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * A setting is well-formed but what it names cannot be used at start-up (a model file that is
 * missing or invalid, a warehouse that cannot be opened or reached, a store that cannot be
 * opened): the process stops with this one message instead of serving answers that all fail.
 */
export class StartupError extends Error {
  override name = 'StartupError';
  constructor(what: string, cause: unknown) {
    super(`cannot start: ${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  /** Path of quarry.yaml; default `./quarry.yaml` or `QUARRY_CONFIG`. */
  file?: string;
  /** Values that win over everything (tests). */
  overrides?: Partial<Record<keyof Config, unknown>>;
}

export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const file = options.file ?? env.QUARRY_CONFIG ?? 'quarry.yaml';
  let fromFile: Record<string, unknown> = {};
  if (existsSync(file)) {
    const parsed = parseYaml(readFileSync(file, 'utf8')) as unknown;
    if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) {
      throw new ConfigError(`${file}: expected a mapping of settings`);
    }
    fromFile = (parsed ?? {}) as Record<string, unknown>;
    const known = new Set(Object.keys(ENV_NAMES).map(yamlKey));
    for (const k of Object.keys(fromFile)) {
      if (!known.has(k)) throw new ConfigError(`${file}: unknown setting "${k}" (known: ${[...known].join(', ')})`);
    }
  }
  const raw: Record<string, unknown> = {};
  for (const [key, envName] of Object.entries(ENV_NAMES) as [keyof Config, string][]) {
    const fromEnv = env[envName];
    if (fromEnv !== undefined && fromEnv !== '') raw[key] = fromEnv;
    else if (fromFile[yamlKey(key)] !== undefined) raw[key] = fromFile[yamlKey(key)];
  }
  Object.assign(raw, options.overrides ?? {});
  const result = ConfigSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((i) => {
      const key = String(i.path[0]) as keyof Config;
      const where = ENV_NAMES[key] ?? key;
      const inner = i.path.length > 1 ? ` at ${i.path.slice(1).join('.')}` : '';
      return `${where} (${yamlKey(key)} in quarry.yaml)${inner}: ${i.message}`;
    });
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  const config = result.data;
  config.dataDir = resolve(config.dataDir);
  if (config.llmBaseUrl && !config.llmModel) {
    throw new ConfigError('invalid configuration: QUARRY_LLM_MODEL is required when QUARRY_LLM_BASE_URL is set');
  }
  if (config.staleAfterMs < 2 * config.heartbeatMs) {
    throw new ConfigError(
      `invalid configuration: QUARRY_STALE_AFTER_MS (${config.staleAfterMs}) must be at least twice QUARRY_HEARTBEAT_MS (${config.heartbeatMs}), or live processes would look gone`,
    );
  }
  if (config.role !== 'all' && !sharedPostgresUrl(config)) {
    throw new ConfigError(
      `invalid configuration: QUARRY_ROLE=${config.role} needs a shared store (QUARRY_STORE=postgres://...); with the SQLite store the only allowed role is all (allowed with Postgres: api, worker, all)`,
    );
  }
  if (config.warehouseAccountConnections !== undefined && config.warehouseAccountConnections > config.warehouseConnections) {
    throw new ConfigError(
      `invalid configuration: QUARRY_WAREHOUSE_ACCOUNT_CONNECTIONS (${config.warehouseAccountConnections}) cannot exceed QUARRY_WAREHOUSE_CONNECTIONS (${config.warehouseConnections})`,
    );
  }
  if (config.warehouses[config.warehouseName]) {
    throw new ConfigError(
      `invalid configuration: QUARRY_WAREHOUSES names "${config.warehouseName}", which is already the warehouse of QUARRY_WAREHOUSE (QUARRY_WAREHOUSE_NAME); give it another name`,
    );
  }
  return config;
}

/** One warehouse of the deployment with the model that reads it. */
export interface WarehouseEntry {
  name: string;
  /** `duckdb:PATH`, `postgres://...` or `mysql://...` (holds credentials: never shown or logged unredacted). */
  url: string;
  /** The model file; undefined = the bundled TPC-H model. */
  model?: string;
  asOf?: string;
  /** The setting that configured it, for start-up messages. */
  setting: string;
  /** The demo DuckDB in the data dir (built on first start). */
  demo: boolean;
}

/** Every warehouse of the deployment: QUARRY_WAREHOUSE (named QUARRY_WAREHOUSE_NAME) first, then QUARRY_WAREHOUSES. */
export function warehouseEntries(config: Config): WarehouseEntry[] {
  return [
    {
      name: config.warehouseName,
      url: warehouseUrl(config),
      model: config.model,
      asOf: config.asOf,
      setting: 'QUARRY_WAREHOUSE',
      demo: !config.warehouse,
    },
    ...Object.entries(config.warehouses).map(([name, w]) => ({
      name,
      url: w.url,
      model: w.model,
      asOf: w.as_of ?? config.asOf,
      setting: `QUARRY_WAREHOUSES.${name}`,
      demo: false,
    })),
  ];
}

/**
 * The stored form of an account's warehouse for `name`: null for the default one (so renaming
 * QUARRY_WAREHOUSE_NAME keeps its accounts), the name for another; a ConfigError naming the
 * allowed names when the deployment has no such warehouse.
 */
export function accountWarehouseOf(config: Config, name: string): string | null {
  const names = warehouseEntries(config).map((w) => w.name);
  if (!names.includes(name)) {
    throw new ConfigError(`warehouse: no warehouse named "${name}" in this deployment (allowed: ${names.join(', ')})`);
  }
  return name === config.warehouseName ? null : name;
}

/** Warehouse connections one account may hold at once: configured, or all but one (at least 1). */
export function accountConnections(config: Pick<Config, 'warehouseConnections' | 'warehouseAccountConnections'>): number {
  return config.warehouseAccountConnections ?? Math.max(1, config.warehouseConnections - 1);
}

/** The warehouse URL in effect: configured, or the demo DuckDB file in the data dir. */
export function warehouseUrl(config: Config): string {
  return config.warehouse ?? `duckdb:${resolve(config.dataDir, 'demo.duckdb')}`;
}

/** The Postgres database several processes share (store, queue, schedules, wake-ups), or null with the SQLite store. */
export function sharedPostgresUrl(config: Pick<Config, 'store'>): string | null {
  return config.store && /^postgres(ql)?:\/\//.test(config.store) ? config.store : null;
}
