/**
 * compose.yaml (README: Deployment) cannot drift from the code: every setting it gives a Quarry
 * service is one the configuration reads, and together they load (as `quarry serve` would load
 * them); every command is `quarry serve --role <a role the code knows>`; the store URL names the
 * Postgres service and its credentials; health checks use the routes each role serves; the README
 * shows the file as it is. And what compose does on first start, API replicas starting at the same
 * moment on an empty database, creates the default account once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema, ENV_NAMES, loadConfig } from '../src/config.js';
import { REPO_ROOT } from './helpers/paths.js';
import { postgresForFile } from './helpers/shared-servers.js';
import { scriptedEngine } from './helpers/scripted-engine.js';
import { TEST_KEY, startTestServer } from './helpers/server.js';

const COMPOSE_FILE = join(REPO_ROOT, 'compose.yaml');
const text = readFileSync(COMPOSE_FILE, 'utf8');

/** Compose's variable interpolation (${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$) with the given environment. */
function interpolate(source: string, env: Record<string, string>): string {
  return source.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^}])*))?\}/g,
    (all, name: string | undefined, colon: string, op: string, arg: string) => {
      if (all === '$$') return '$';
      const value = env[name!];
      const missing = value === undefined || (colon === ':' && value === '');
      if (op === '-') return missing ? arg : value!;
      if (op === '?' && missing) throw new Error(`${name}: ${arg}`);
      return value ?? '';
    },
  );
}

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
}

/** Values are interpolated after parsing, as compose does (`X: ${UNSET:-}` is an empty string, not null). */
const interpolated = (value: unknown, env: Record<string, string>): unknown =>
  typeof value === 'string'
    ? interpolate(value, env)
    : Array.isArray(value)
      ? value.map((v) => interpolated(v, env))
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolated(v, env)]))
        : value;
const load = (env: Record<string, string>) => interpolated(parse(text, { merge: true }), env) as { services: Record<string, Service> };
const env = { QUARRY_BOOTSTRAP_KEY: 'compose-test-key-0123456789abcdef0123' };
const { services } = load(env);
const QUARRY_LAUNCHER = ['npm', 'run', 'quarry', '--'];
const quarryServices = Object.entries(services).filter(
  ([, s]) => s.command?.slice(0, QUARRY_LAUNCHER.length).join(' ') === QUARRY_LAUNCHER.join(' '),
);
const roles = ConfigSchema.shape.role.unwrap().options as readonly string[];

describe('compose.yaml', () => {
  it('has Postgres, API and worker services; every Quarry command is `quarry serve --role <role>`', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'api', 'worker']));
    // `npm run quarry --` is the quarry command line, and its serve command takes --role
    expect(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts.quarry).toMatch(/tsx src\/cli\.ts$/);
    expect(readFileSync(join(REPO_ROOT, 'src/cli.ts'), 'utf8')).toMatch(/\.command\('serve'\)[\s\S]{0,200}\.option\(\s*'--role <role>'/);
    expect(quarryServices.map(([name]) => name).sort()).toEqual(['api', 'worker']);
    for (const [name, s] of quarryServices) {
      const args = s.command!.slice(QUARRY_LAUNCHER.length);
      expect(args.slice(0, 2), name).toEqual(['serve', '--role']);
      expect(args).toHaveLength(3);
      expect(roles, name).toContain(args[2]);
      expect(args[2], 'the service is named after its role').toBe(name);
    }
  });

  it('every setting a Quarry service gets is one the configuration reads, and they load as `quarry serve` loads them', () => {
    const known = new Set(Object.values(ENV_NAMES));
    for (const [name, s] of quarryServices) {
      const vars = Object.keys(s.environment ?? {});
      expect(vars.length, name).toBeGreaterThan(0);
      for (const v of vars) expect(known, `${name}: ${v}`).toContain(v);
      const role = s.command!.at(-1);
      const config = loadConfig({ env: { ...s.environment }, file: '/nonexistent/quarry.yaml', overrides: { role } });
      expect(config.role).toBe(role);
      expect(config.store).toMatch(/^postgres:\/\//);
      expect(config.host).toBe('0.0.0.0');
      expect(config.bootstrapKey).toBe(env.QUARRY_BOOTSTRAP_KEY);
      // a warehouse given by the operator reaches every process
      const withWarehouse = load({ ...env, QUARRY_WAREHOUSE: 'postgres://reader:secret@warehouse:5432/dw' }).services[name]!;
      expect(loadConfig({ env: { ...withWarehouse.environment }, file: '/nonexistent/quarry.yaml', overrides: { role } }).warehouse).toBe(
        'postgres://reader:secret@warehouse:5432/dw',
      );
    }
    expect(() => load({})).toThrow(/QUARRY_BOOTSTRAP_KEY/);
  });

  it('the store URL names the Postgres service with its credentials; ports and health checks match what each role serves', () => {
    const pg = services.postgres!.environment!;
    const password = load({ ...env, POSTGRES_PASSWORD: 'another-secret' });
    for (const [name, s] of quarryServices) {
      const store = new URL(s.environment!.QUARRY_STORE!);
      expect(store.hostname, name).toBe('postgres');
      expect(store.port || '5432').toBe('5432');
      expect(decodeURIComponent(store.username)).toBe(pg.POSTGRES_USER);
      expect(decodeURIComponent(store.password)).toBe(pg.POSTGRES_PASSWORD);
      expect(store.pathname).toBe(`/${pg.POSTGRES_DB}`);
      const changed = password.services[name]!;
      expect(decodeURIComponent(new URL(changed.environment!.QUARRY_STORE!).password)).toBe(
        password.services.postgres!.environment!.POSTGRES_PASSWORD,
      );
      const port = s.environment!.QUARRY_PORT!;
      const health = s.healthcheck!.test.join(' ');
      expect(health).toContain(`http://127.0.0.1:${port}/${name === 'worker' ? 'healthz' : 'api/health'}`);
      for (const mapping of s.ports ?? []) expect(mapping.split(':').at(-1)).toBe(port);
    }
    expect(services.api!.ports!.length).toBeGreaterThan(0);
    expect(services.worker!.ports).toBeUndefined(); // a worker serves no API
  });

  it('the README shows the file as it is', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Deployment'));
    const block = /```yaml\n([\s\S]*?)```/.exec(section);
    expect(block?.[1]).toBe(text);
  });

  it('API replicas starting together on an empty database create the default account once', async () => {
    const pg = await postgresForFile('compose');
    const started = await Promise.allSettled(
      [0, 1, 2].map(() => startTestServer({ engine: scriptedEngine(), overrides: { store: pg.url, role: 'api' } })),
    );
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : s.status))).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const apis = started.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startTestServer>>>).value);
      expect(await apis[0]!.runtime.store.accounts.count()).toBe(1);
      expect(await apis[0]!.runtime.store.users.countWithPassword()).toBe(1);
      for (const api of apis) expect((await api.api('/session/new', { method: 'POST', key: TEST_KEY })).status).toBe(200);
    } finally {
      for (const s of started) if (s.status === 'fulfilled') await s.value.close();
      await pg.stop();
    }
  }, 60_000);
});
