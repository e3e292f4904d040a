/**
 * `quarry semantic refresh` after a schema change, run as a user would (a child process): a model
 * drafted from a bike rental's DuckDB file and then edited by hand (a comment, a label, a synonym);
 * then the warehouse gains a table and a column and loses a table and a column. The refresh lists
 * what it would add and remove and writes nothing; with --write it changes exactly that, keeps the
 * hand edits, and the refreshed model answers questions about the new table and column.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { quarryArgs } from '../helpers/quarry-cli.js';
import { loadModel } from '../../src/semantic/loader.js';
import { semanticLayerFor } from '../../src/semantic/values.js';
import { answerQuestion } from '../../src/eval/answer.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import { bootstrapDraft, writeDraftModel } from '../../src/semantic/draft/index.js';

const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('QUARRY_')));

function quarry(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, quarryArgs(...args), { env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += String(c)));
    child.stderr.on('data', (c) => (stderr += String(c)));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

async function sql(file: string, text: string): Promise<void> {
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(text);
  c.closeSync();
  db.closeSync();
}

describe('quarry semantic refresh', () => {
  let dir: string;
  let db: string;
  let modelPath: string;
  let handEdited: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-refresh-'));
    db = join(dir, 'bikes.duckdb');
    modelPath = join(dir, 'model.yaml');
    await sql(
      db,
      `CREATE TABLE station (station_id INTEGER PRIMARY KEY, station_name VARCHAR, district VARCHAR);
       INSERT INTO station VALUES (1, 'Quay', 'Harbour'), (2, 'Mill', 'Old Town'), (3, 'Park', 'Old Town');
       CREATE TABLE ride (ride_id INTEGER PRIMARY KEY, station_id INTEGER REFERENCES station, started_on DATE, fare DECIMAL(6,2), tip DECIMAL(6,2));
       INSERT INTO ride SELECT i, 1 + i % 3, DATE '2025-01-01' + CAST(i AS INTEGER), 3, 1 FROM range(1, 31) t(i);
       CREATE TABLE bell_test (bell_test_id INTEGER PRIMARY KEY, tested_on DATE, loudness INTEGER);
       INSERT INTO bell_test VALUES (1, DATE '2025-01-01', 80);`,
    );
    const w = await openWarehouse(`duckdb:${db}`);
    const draft = await bootstrapDraft(w, { name: 'bikes' });
    await w.close();
    await writeDraftModel(modelPath, draft.model, draft.notes, draft.undecided);
    // Hand edits: a comment, a label and a synonym of the station's name.
    const text = readFileSync(modelPath, 'utf8').replace(
      /(\n {2}- name: station\n {4}entity: station\n {4}sql: \$\{TABLE\}\.station_name\n {4}type: string\n {4}label: )Station/,
      '\n  # hand edit: docks are what riders call stations$1Dock',
    );
    expect(text).toContain('label: Dock');
    handEdited = text.replace(/(label: Dock\n(?: {4}.*\n)*? {4}synonyms:\n)/, '$1      - dock\n');
    expect(handEdited).toContain('      - dock\n');
    writeFileSync(modelPath, handEdited);
    // The schema changes: a new table and column, a dropped table and column.
    await sql(
      db,
      `CREATE TABLE repair (repair_id INTEGER PRIMARY KEY, station_id INTEGER REFERENCES station, repaired_on DATE, repair_cost DECIMAL(6,2));
       INSERT INTO repair VALUES (1, 1, DATE '2025-02-01', 40), (2, 1, DATE '2025-02-03', 25), (3, 2, DATE '2025-02-05', 15);
       ALTER TABLE ride ADD COLUMN distance_km DECIMAL(6,2);
       UPDATE ride SET distance_km = 2;
       ALTER TABLE ride DROP COLUMN tip;
       DROP TABLE bell_test;`,
    );
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the additions and removals and writes nothing', async () => {
    const r = await quarry(['semantic', 'refresh', modelPath, '--warehouse', `duckdb:${db}`]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\+ entity repair: new table repair$/m);
    expect(r.stdout).toMatch(/^\+ measure \w*distance\w*: new column distance_km of ride$/m);
    expect(r.stdout).toMatch(/^\+ relationship repair -> station: reaches a new table$/m);
    expect(r.stdout).toMatch(/^- entity bell_test: table bell_test is no longer in the warehouse$/m);
    expect(r.stdout).toMatch(/^- measure \w*tip\w*: column tip of ride is gone$/m);
    expect(r.stdout).toMatch(/Nothing written/);
    expect(readFileSync(modelPath, 'utf8')).toBe(handEdited);
  }, 120_000);

  it('--write applies them, keeps hand edits, and the model answers about the new table and column', async () => {
    const r = await quarry(['semantic', 'refresh', modelPath, '--warehouse', `duckdb:${db}`, '--write']);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(modelPath, 'utf8');
    expect(text).toContain('# hand edit: docks are what riders call stations');
    expect(text).toContain('label: Dock');
    expect(text).toContain('      - dock\n');
    expect(text).toContain('# added by quarry semantic refresh: new table repair');
    const refreshed = loadModel(modelPath);
    expect(refreshed.entities.map((e) => e.table).sort()).toEqual(['repair', 'ride', 'station']);
    expect([...refreshed.measures, ...refreshed.dimensions].filter((m) => /\.tip\b/.test(m.sql ?? ''))).toEqual([]);
    expect(text.match(/.*bell_test.*/g)?.every((line) => line.trimStart().startsWith('#'))).not.toBe(false);
    const w = await openWarehouse(`duckdb:${db}`);
    try {
      const layer = await semanticLayerFor(loadModel(modelPath), w);
      const ask = async (q: string) => {
        const a = await answerQuestion(layer, w, q);
        return a.status === 'done' ? a.rows.map((row) => Object.values(row).map(String).join(' ')).sort() : [`${a.status}: ${a.reason}`];
      };
      expect(await ask('number of repairs per dock')).toEqual(['Mill 1', 'Quay 2']);
      expect(await ask('total repair cost')).toEqual(['80']);
      expect(await ask('total distance')).toEqual(['60']);
    } finally {
      await w.close();
    }
    // A second refresh finds nothing left to do.
    const again = await quarry(['semantic', 'refresh', modelPath, '--warehouse', `duckdb:${db}`]);
    expect(again.stdout).toMatch(/nothing to add or remove/);
  }, 120_000);
});
