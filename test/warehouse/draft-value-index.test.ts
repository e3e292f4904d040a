/**
 * Which text columns the draft puts into the value index: every column with few values, and short
 * name-like text (towns, people) up to the loader's cap, so that a question can name one of hundreds
 * of towns; never free text (remarks) nor a column over the cap. Two vocabularies of our own (a
 * ferry line's sailings and a library's loans), as DuckDB files, asked through the unedited draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { openWarehouse } from '../../src/warehouse/index.js';
import { bootstrapDraft, draftYaml } from '../../src/semantic/draft/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import type { SemanticModel } from '../../src/semantic/model.js';
import { MAX_INDEXED_VALUES, semanticLayerFor } from '../../src/semantic/values.js';
import { answerQuestion } from '../../src/eval/answer.js';

const SYLLABLES = ['ash', 'brook', 'car', 'dun', 'el', 'fen', 'gar', 'hol', 'ken', 'lin', 'mor', 'nor', 'pen', 'ross', 'stan', 'wick'];
/** A made-up place or person name for n (distinct for n < 16^3), capitalised. */
const nameOf = (n: number) => {
  const s = `${SYLLABLES[n % 16]}${SYLLABLES[Math.floor(n / 16) % 16]}${SYLLABLES[Math.floor(n / 256) % 16]}`;
  return s[0]!.toUpperCase() + s.slice(1);
};

let dir: string;
const models: Record<string, SemanticModel> = {};
const urls: Record<string, string> = {};

async function build(name: string, statements: string[]) {
  const path = join(dir, `${name}.duckdb`);
  const instance = await DuckDBInstance.create(path);
  const c = await instance.connect();
  for (const s of statements) await c.run(s);
  c.closeSync();
  instance.closeSync();
  urls[name] = `duckdb:${path}`;
  const w = await openWarehouse(urls[name]);
  try {
    const draft = await bootstrapDraft(w, { name });
    models[name] = parseModel(draftYaml(draft.model, draft.notes, draft.undecided));
  } finally {
    await w.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-value-index-'));
  // 300 ports (short names), one remark each (free text), 1500 skippers (over the cap: a name too many)
  await build('ferries', [
    `CREATE TABLE sailing (sailing_id INTEGER PRIMARY KEY, port VARCHAR, remark VARCHAR, skipper VARCHAR, fare DOUBLE)`,
    `INSERT INTO sailing SELECT i, 'Port ' || i % 300, 'The crossing number ' || i || ' was calm until the weather turned near the outer harbour wall', 'Skipper ' || i, 10 + i % 7 FROM range(3000) t(i)`,
  ]);
  await build('library', [
    `CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, borrower VARCHAR, branch VARCHAR, days INTEGER)`,
    `INSERT INTO loan VALUES ${Array.from({ length: 900 }, (_, i) => `(${i}, '${nameOf(i % 400)} ${nameOf((i % 400) % 7)}', '${nameOf(i % 9)}', ${1 + (i % 30)})`).join(', ')}`,
  ]);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const indexed = (model: SemanticModel, column: string) => model.dimensions.find((d) => d.sql === `\${TABLE}.${column}`)?.index_values;

describe('the value index of a draft', () => {
  it('takes short names up to the cap, never free text or a column over the cap', () => {
    expect(MAX_INDEXED_VALUES).toBeLessThan(1500);
    expect(indexed(models.ferries!, 'port')).toBe(true); // 300 short names
    expect(indexed(models.ferries!, 'remark')).toBe(false); // 3000 sentences
    expect(indexed(models.ferries!, 'skipper')).toBe(false); // 3000 names: over the cap
    expect(indexed(models.library!, 'borrower')).toBe(true); // 400 people
    expect(indexed(models.library!, 'branch')).toBe(true); // 9 values, as before
  });

  it('answers a question naming one of hundreds of values', async () => {
    const ask = async (db: string, question: string) => {
      const w = await openWarehouse(urls[db]!);
      try {
        return await answerQuestion(await semanticLayerFor(models[db]!, w), w, question);
      } finally {
        await w.close();
      }
    };
    const ferry = await ask('ferries', 'how many sailings called at Port 217');
    expect(ferry.status, ferry.reason).toBe('done');
    expect(Object.values(ferry.rows[0]!).map(Number)).toEqual([10]);
    const person = nameOf(123) + ' ' + nameOf(123 % 7);
    const loans = await ask('library', `how many loans did ${person} have`);
    expect(loans.status, loans.reason).toBe('done');
    expect(Object.values(loans.rows[0]!).map(Number)).toEqual([
      Array.from({ length: 900 }, (_, i) => i).filter((i) => i % 400 === 123).length,
    ]);
  });
});
