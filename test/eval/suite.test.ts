import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer, type SemanticLayer } from '../../src/semantic/values.js';
import { EvalFileError, formatEvalSummary, loadEvalSuite, runEvalSuite } from '../../src/eval/suite.js';
import { TPCH_DIR } from '../warehouse/fixtures.js';

let w: DuckDbWarehouse;
let layer: SemanticLayer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-eval-'));
  w = await DuckDbWarehouse.open(TPCH_DIR);
  layer = await loadSemanticLayer(DEFAULT_MODEL_PATH, w);
}, 60_000);
afterAll(async () => {
  await w?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quarry eval', () => {
  it('passes right answers and names why the others fail; counts answered-but-wrong', async () => {
    const file = join(dir, 'q.yaml');
    writeFileSync(
      file,
      [
        'questions:',
        '  - question: how many orders',
        '    expected_sql: SELECT count(*) FROM orders',
        '  - question: number of customers by market segment',
        '    expected_sql: SELECT c_mktsegment, count(*) FROM customer GROUP BY 1',
        '  - question: how many orders',
        '    expected: [[1]]',
        '  - question: number of customers by market segment',
        "    expected_sql: SELECT c_mktsegment, count(*) FROM customer WHERE c_mktsegment <> 'BUILDING' GROUP BY 1",
        '  - question: how many unicorns were sold',
        '    expected: [[0]]',
      ].join('\n'),
    );
    const s = await runEvalSuite(layer, w, loadEvalSuite(file));
    expect(s.results.map((r) => r.verdict)).toEqual(['pass', 'pass', 'wrong_values', 'extra_rows', 'refused']);
    expect(s).toMatchObject({ total: 5, passed: 2, answeredWrong: 2, refused: 1 });
    const text = formatEvalSummary(s);
    expect(text).toMatch(/FAIL {2}how many orders {2}\[wrong_values\]/);
    expect(text).toMatch(/accuracy 40\.0% \(2\/5\); answered but wrong 40\.0% \(2\)/);
  }, 60_000);

  it('a bad file is a clear error naming the field', () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'questions:\n  - question: how many orders\n');
    expect(() => loadEvalSuite(file)).toThrow(EvalFileError);
    expect(() => loadEvalSuite(file)).toThrow(/questions\.0: needs exactly one of `expected_sql` or `expected`/);
    writeFileSync(file, 'questions: []\n');
    expect(() => loadEvalSuite(file)).toThrow(/questions/);
  });
});
