/**
 * A test file's own small database, drafted by the bootstrap and asked as a new user would: a DuckDB
 * file made from `ddl` before the file's tests, bootstrapped unedited (through the YAML a user would
 * review), and closed after them. `ask` gives a done answer's rows as sorted "value value" strings,
 * anything else as "<status>: <reason>".
 */
import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { answerQuestion } from '../../src/eval/answer.js';
import type { SemanticModelInput } from '../../src/semantic/model.js';
import { parseModel } from '../../src/semantic/loader.js';
import { semanticLayerFor, type SemanticLayer } from '../../src/semantic/values.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import { bootstrapDraft, draftYaml } from '../../src/semantic/draft/index.js';

export interface BootstrappedDuckdb {
  /** The drafted model (set once the file's tests start). */
  readonly model: SemanticModelInput;
  answer(question: string): ReturnType<typeof answerQuestion>;
  ask(question: string): Promise<string[]>;
}

export function bootstrappedDuckdb(name: string, ddl: string): BootstrappedDuckdb {
  let dir: string;
  let w: DuckDbWarehouse | undefined;
  let layer: SemanticLayer;
  let model: SemanticModelInput;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `quarry-boot-${name}-`));
    const file = join(dir, `${name}.duckdb`);
    const db = await DuckDBInstance.create(file);
    const c = await db.connect();
    await c.run(ddl);
    c.closeSync();
    db.closeSync();
    w = await DuckDbWarehouse.open(file);
    const d = await bootstrapDraft(w, { name });
    model = d.model;
    layer = await semanticLayerFor(parseModel(draftYaml(d.model, d.notes, d.undecided)), w);
  });
  afterAll(async () => {
    await w?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const answer = (question: string) => answerQuestion(layer, w!, question);
  return {
    get model() {
      return model;
    },
    answer,
    async ask(question: string) {
      const r = await answer(question);
      return r.status === 'done' ? r.rows.map((row) => Object.values(row).map(String).join(' ')).sort() : [`${r.status}: ${r.reason}`];
    },
  };
}
