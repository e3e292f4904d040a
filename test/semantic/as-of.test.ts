import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadConfig } from '../../src/config.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { semanticLayerFor } from '../../src/semantic/values.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import { bootstrapModel } from '../../src/semantic/draft/index.js';
import { TPCH_DIR } from '../warehouse/fixtures.js';

const noFile = join(tmpdir(), 'quarry-no-such-config.yaml');

describe('as_of: "today" of relative periods', () => {
  it('QUARRY_AS_OF is a real date, else a clear error naming it', () => {
    expect(loadConfig({ env: { QUARRY_AS_OF: '2023-12-31' }, file: noFile }).asOf).toBe('2023-12-31');
    expect(() => loadConfig({ env: { QUARRY_AS_OF: 'yesterday' }, file: noFile })).toThrow(/QUARRY_AS_OF/);
    expect(() => loadConfig({ env: { QUARRY_AS_OF: '2023-02-30' }, file: noFile })).toThrow(/QUARRY_AS_OF/);
  });

  it('a bootstrapped model takes today from the latest date of its fact table; an override wins', async () => {
    const w = await DuckDbWarehouse.open(TPCH_DIR);
    try {
      const model = SemanticModelSchema.parse(await bootstrapModel(w, { name: 'tpch' }));
      expect(model.as_of).toMatchObject({ latest: expect.any(String) });
      const latest = String((await w.run('SELECT max(l_shipdate) AS d FROM lineitem')).rows[0]?.d);
      expect((await semanticLayerFor(model, w)).asOf).toBe(latest.slice(0, 10));
      expect((await semanticLayerFor(model, w, { asOf: '2020-01-01' })).asOf).toBe('2020-01-01');
    } finally {
      await w.close();
    }
  }, 60_000);
});
