import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, warehouseUrl } from '../src/config.js';

const noFile = join(tmpdir(), 'definitely-missing-quarry.yaml');

describe('configuration', () => {
  it('defaults match the operator interface', () => {
    const c = loadConfig({ env: {}, file: noFile });
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(8080);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(warehouseUrl(c)).toMatch(/^duckdb:.*demo\.duckdb$/);
    expect(c.llmSendRows).toBe(true);
    expect(c.store).toBeUndefined();
  });

  it('reads QUARRY_* variables', () => {
    const c = loadConfig({ env: { QUARRY_PORT: '9090', QUARRY_WAREHOUSE: 'duckdb:/x/y', QUARRY_LLM_SEND_ROWS: 'false' }, file: noFile });
    expect(c.port).toBe(9090);
    expect(c.warehouse).toBe('duckdb:/x/y');
    expect(c.llmSendRows).toBe(false);
    expect(loadConfig({ env: { QUARRY_STORE: 'postgresql://q@db:5432/quarry' }, file: noFile }).store).toBe(
      'postgresql://q@db:5432/quarry',
    );
  });

  it('serve roles: all by default; api and worker only with a shared Postgres store, naming the allowed values otherwise', () => {
    expect(loadConfig({ env: {}, file: noFile }).role).toBe('all');
    const pgStore = 'postgres://quarry@db:5432/quarry';
    expect(loadConfig({ env: { QUARRY_STORE: pgStore, QUARRY_ROLE: 'worker' }, file: noFile }).role).toBe('worker');
    expect(loadConfig({ env: { QUARRY_STORE: pgStore }, file: noFile, overrides: { role: 'api' } }).role).toBe('api');
    expect(() => loadConfig({ env: { QUARRY_ROLE: 'api' }, file: noFile })).toThrow(
      /QUARRY_ROLE=api needs .*QUARRY_STORE=postgres.*only allowed role is all/,
    );
    expect(() => loadConfig({ env: { QUARRY_STORE: pgStore, QUARRY_ROLE: 'scheduler' }, file: noFile })).toThrow(
      /QUARRY_ROLE.*"api".*"worker".*"all"/,
    );
    expect(() => loadConfig({ env: { QUARRY_STORE: 'mysql://x' }, file: noFile })).toThrow(/QUARRY_STORE.*postgres:\/\//);
  });

  it('a wrong value stops start-up with a message naming it', () => {
    expect(() => loadConfig({ env: { QUARRY_PORT: 'eighty' }, file: noFile })).toThrow(/QUARRY_PORT/);
    expect(() => loadConfig({ env: { QUARRY_BOOTSTRAP_KEY: 'short' }, file: noFile })).toThrow(/QUARRY_BOOTSTRAP_KEY.*at least 32/);
    expect(() => loadConfig({ env: { QUARRY_WAREHOUSE: 'sqlserver://x' }, file: noFile })).toThrow(/QUARRY_WAREHOUSE.*mysql:\/\//);
    for (const url of ['mysql://ro:pw@db:3306/shop', 'mariadb://ro@db/shop'])
      expect(loadConfig({ env: { QUARRY_WAREHOUSE: url }, file: noFile }).warehouse).toBe(url);
    expect(() => loadConfig({ env: { QUARRY_STORE: 'mysql://x' }, file: noFile })).toThrow(
      /QUARRY_STORE \(store in quarry.yaml\): postgres:\/\/\.\.\. \(unset: SQLite in QUARRY_DATA_DIR\)/,
    );
    expect(() => loadConfig({ env: { QUARRY_LLM_BASE_URL: 'http://localhost:1/v1' }, file: noFile })).toThrow(/QUARRY_LLM_MODEL/);
  });

  it('quarry.yaml is read, the environment wins, unknown keys are refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-config-'));
    const file = join(dir, 'quarry.yaml');
    writeFileSync(file, 'port: 7000\nrate_limit_max: 5\n');
    expect(loadConfig({ env: {}, file }).rateLimitMax).toBe(5);
    expect(loadConfig({ env: {}, file }).port).toBe(7000);
    expect(loadConfig({ env: { QUARRY_PORT: '7001' }, file }).port).toBe(7001);
    writeFileSync(file, 'prot: 7000\n');
    expect(() => loadConfig({ env: {}, file })).toThrow(ConfigError);
    expect(() => loadConfig({ env: {}, file })).toThrow(/unknown setting "prot"/);
  });
});
