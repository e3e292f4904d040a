/**
 * The pure parts of `quarry init`: the candidate sample questions made from a model, the
 * quarry.yaml it writes (paths as the server will read them), and the refusals before any work.
 * The command end to end is in test/cli-init.test.ts.
 */
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadModel, DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { lastFullYear, sampleQuestionCandidates } from '../../src/semantic/sample-questions.js';
import { checkTargets, quarryConfigYaml, writeInit, type InitDraft } from '../../src/warehouse/init.js';
import { loadConfig } from '../../src/config.js';

describe('sample question candidates', () => {
  const model = loadModel(DEFAULT_MODEL_PATH);
  const values = {
    region: ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'],
    market_segment: ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'HOUSEHOLD', 'MACHINERY'],
  };

  it('one of each kind before a second of any, named in the model’s words', () => {
    const c = sampleQuestionCandidates(model, values, '1998-08-02');
    const kinds = c.slice(0, 7).map((x) => x.kind);
    expect(new Set(kinds).size).toBe(7);
    const ranking = [...model.measures, ...model.metrics].find((m) => m.name === model.defaults.ranking_metric)!;
    const label = (ranking.label ?? ranking.name).toLowerCase();
    expect(c[0]!.question.toLowerCase()).toContain(label);
    expect(c.map((x) => x.question)).toContain(`${label.charAt(0).toUpperCase()}${label.slice(1)} in 1997`);
    expect(c.some((x) => x.kind === 'filtered' && /for (AFRICA|AUTOMOBILE)$/.test(x.question))).toBe(true);
    expect(new Set(c.map((x) => x.question.toLowerCase())).size).toBe(c.length);
  });

  it('only dimensions whose values were read are broken down or filtered on', () => {
    const c = sampleQuestionCandidates(model, {}, '1998-08-02');
    expect(c.filter((x) => x.kind === 'by_dimension' || x.kind === 'filtered')).toEqual([]);
    expect(c.length).toBeGreaterThan(3);
  });

  it('the year named is the last full year before "today"', () => {
    expect(lastFullYear('1998-08-02')).toBe(1997);
    expect(lastFullYear('1998-12-31')).toBe(1998);
  });
});

describe('quarry.yaml', () => {
  it('keeps relative paths relative when it sits in the current folder, else makes them absolute', () => {
    const here = parseYaml(quarryConfigYaml('duckdb:data/shop.duckdb', 'model.yaml', 'quarry.yaml', '/srv/app')) as Record<string, string>;
    expect(here).toEqual({ warehouse: 'duckdb:data/shop.duckdb', model: 'model.yaml' });
    const elsewhere = parseYaml(quarryConfigYaml('data/files', 'conf/model.yaml', 'conf/quarry.yaml', '/srv/app')) as Record<
      string,
      string
    >;
    expect(elsewhere).toEqual({ warehouse: '/srv/app/data/files', model: '/srv/app/conf/model.yaml' });
    const outside = parseYaml(quarryConfigYaml('duckdb:../shared/x.duckdb', '/etc/quarry/model.yaml', 'quarry.yaml', '/srv/app')) as Record<
      string,
      string
    >;
    expect(outside).toEqual({ warehouse: 'duckdb:/srv/shared/x.duckdb', model: '/etc/quarry/model.yaml' });
    const server = parseYaml(
      quarryConfigYaml('postgres://reader:p%40ss@db:5432/sales?sslmode=require', 'model.yaml', 'quarry.yaml', '/srv/app'),
    ) as Record<string, string>;
    expect(server.warehouse).toBe('postgres://reader:p%40ss@db:5432/sales?sslmode=require');
  });

  it('is what the configuration reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-init-unit-'));
    writeFileSync(join(dir, 'quarry.yaml'), quarryConfigYaml('postgres://reader@db/sales', 'model.yaml', 'quarry.yaml', dir));
    const cfg = loadConfig({ env: {}, file: join(dir, 'quarry.yaml') });
    expect(cfg.warehouse).toBe('postgres://reader@db/sales');
    expect(cfg.model).toBe('model.yaml');
  });

  it('holding a password, only its owner can read it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-init-unit-'));
    const options = {
      warehouseUrl: 'postgres://reader:secret@db/sales',
      configPath: join(dir, 'quarry.yaml'),
      modelPath: join(dir, 'model.yaml'),
    };
    const draft = {
      modelYaml: 'name: x\n',
      configYaml: quarryConfigYaml(options.warehouseUrl, options.modelPath, options.configPath, dir),
    } as InitDraft;
    await writeInit(draft, options);
    expect(statSync(options.configPath).mode & 0o777).toBe(0o600);
    expect(statSync(options.modelPath).mode & 0o777).toBe(0o644);
  });
});

describe('before any work', () => {
  it('refuses an existing file without force, a missing folder, and one file for both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-init-unit-'));
    writeFileSync(join(dir, 'quarry.yaml'), 'port: 9000\n');
    const at = (f: string) => join(dir, f);
    expect(() => checkTargets({ configPath: at('quarry.yaml'), modelPath: at('model.yaml') })).toThrow(
      /--out: .*quarry\.yaml already exists; nothing was written \(use --force/,
    );
    expect(() => checkTargets({ configPath: at('quarry.yaml'), modelPath: at('model.yaml'), force: true })).not.toThrow();
    expect(() => checkTargets({ configPath: at('q.yaml'), modelPath: at('no/such/model.yaml') })).toThrow(
      /--model: no folder .*no\/such to write model\.yaml in/,
    );
    expect(() => checkTargets({ configPath: at('same.yaml'), modelPath: at('same.yaml') })).toThrow(/--out and --model name the same file/);
  });
});
