/**
 * The I/O boundary of the semantic layer: reads the model file and, from the warehouse, the
 * distinct values of `index_values` dimensions and the as-of date. Everything after this is
 * plain data handed to the compiler and the catalogue.
 */
import type { SemanticModel } from './model.js';
import type { Warehouse } from '../warehouse/types.js';
import { compileDistinctValues, compileLatest } from './compiler.js';
import { dialectFor } from './dialects/index.js';
import { buildCatalogue, type Catalogue, type ValueIndex } from './catalogue.js';
import { loadModel } from './loader.js';

export type { ValueIndex } from './catalogue.js';

/** Values per dimension are capped: a dimension with more is not "low cardinality". */
export const MAX_INDEXED_VALUES = 1000;

export async function loadValueIndex(
  model: SemanticModel,
  warehouse: Warehouse,
  options: { maxValues?: number; timeoutMs?: number } = {},
): Promise<ValueIndex> {
  const dialect = dialectFor(warehouse.dialect);
  const max = options.maxValues ?? MAX_INDEXED_VALUES;
  const out: ValueIndex = {};
  // One statement at a time: embedded engines serialise anyway and a pool may be small.
  for (const d of model.dimensions.filter((x) => x.index_values)) {
    const sql = compileDistinctValues(model, d.name, dialect, max);
    const res = await warehouse.run(sql, { timeoutMs: options.timeoutMs ?? 30_000, maxRows: max });
    out[d.name] = res.rows.map((r) => String(r.value));
  }
  return out;
}

/** The date relative periods are anchored on, YYYY-MM-DD. */
export async function resolveAsOf(model: SemanticModel, warehouse: Warehouse, now: Date = new Date()): Promise<string> {
  const a = model.as_of;
  if (a === 'today') return now.toISOString().slice(0, 10);
  if (typeof a === 'string') return a;
  const res = await warehouse.run(compileLatest(model, a.latest, dialectFor(warehouse.dialect)), { maxRows: 1 });
  const v = res.rows[0]?.latest;
  if (v === null || v === undefined) throw new Error(`as_of: '${a.latest}' has no dates in the warehouse`);
  const s = v instanceof Date ? v.toISOString() : String(v);
  const m = /^\d{4}-\d{2}-\d{2}/.exec(s);
  if (!m) throw new Error(`as_of: unexpected latest '${a.latest}' value ${s}`);
  return m[0];
}

/** Everything the rest of Quarry needs of the semantic layer, loaded once. */
export interface SemanticLayer {
  model: SemanticModel;
  values: ValueIndex;
  /** YYYY-MM-DD anchoring "today", "last year", ... */
  asOf: string;
  catalogue: Catalogue;
}

export interface SemanticLayerOptions {
  /** "Today" (YYYY-MM-DD), overriding the model's `as_of` (QUARRY_AS_OF). */
  asOf?: string;
}

export async function loadSemanticLayer(modelPath: string, warehouse: Warehouse, options: SemanticLayerOptions = {}): Promise<SemanticLayer> {
  const model = loadModel(modelPath);
  return semanticLayerFor(model, warehouse, options);
}

export async function semanticLayerFor(model: SemanticModel, warehouse: Warehouse, options: SemanticLayerOptions = {}): Promise<SemanticLayer> {
  const values = await loadValueIndex(model, warehouse);
  const asOf = options.asOf ?? (await resolveAsOf(model, warehouse));
  return { model, values, asOf, catalogue: buildCatalogue(model, values) };
}
