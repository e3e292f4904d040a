/**
 * The I/O boundary of the semantic layer: reads the model file and, from the warehouse, the
 * distinct values of `index_values` dimensions and the as-of date. Everything after this is
 * plain data handed to the compiler and the catalogue.
 */
import { guardLayerModel, type CheckFinding } from './check.js';
import type { SemanticModel } from './model.js';
import type { Warehouse } from '../warehouse/types.js';
import { compile, compileDistinctValues, compileLatest } from './compiler.js';
import { SemanticQuerySchema } from './query.js';
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
  /** Values that select the same rows in several dimensions (see `loadSameRows`). */
  sameRows?: SameRows;
  /** What the start-up data check found wrong (keys, fan-out): those joins are left out of `model`. */
  problems?: CheckFinding[];
}

/**
 * A value named in several dimensions that selects the same rows in each ("Los Angeles" as a city
 * and as the county of only that city; a city key and the column that refers to it; "New York" as
 * a city and as the state NY when every business of the state is in that city): the phrase (lower
 * case: a stored value or a value synonym) -> groups of dimensions. Two such readings give one answer, so neither has to be chosen.
 */
export type SameRows = Record<string, string[][]>;

/** Distinct pairs read per pair of dimensions; more, and the pair is not checked. */
const SAME_ROWS_PAIRS = 5000;

/**
 * Runs once when the layer loads (start-up, never per question): one DISTINCT query per pair of
 * indexed dimensions that share a value and belong to one entity or to two entities related directly.
 * A shared value selects the same rows when every distinct pair of the two columns has it on both
 * sides or on neither.
 */
export async function loadSameRows(
  model: SemanticModel,
  warehouse: Warehouse,
  values: ValueIndex,
  options: { timeoutMs?: number } = {},
): Promise<SameRows> {
  const dialect = dialectFor(warehouse.dialect);
  const entityOf = new Map(model.dimensions.map((d) => [d.name, d.entity]));
  const related = (a: string, b: string) =>
    a === b || model.relationships.some((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
  // per dimension: each phrase a question may use (a stored value, a value synonym) -> the stored value
  const synonymsOf = new Map(model.dimensions.map((d) => [d.name, d.value_synonyms]));
  const lower = new Map(
    Object.entries(values).map(([d, vs]) => {
      const phrases = new Map<string, string>();
      for (const v of vs) phrases.set(v.toLowerCase(), v.toLowerCase());
      for (const [v, syns] of Object.entries(synonymsOf.get(d) ?? {}))
        if (phrases.has(v.toLowerCase())) for (const x of syns) phrases.set(x.toLowerCase(), v.toLowerCase());
      return [d, phrases];
    }),
  );
  const dims = [...lower.keys()].filter((d) => entityOf.has(d));
  const union = new Map<string, Map<string, string>>(); // value -> dimension -> representative
  const parentsOf = (v: string) => union.get(v) ?? union.set(v, new Map()).get(v)!;
  const find = (v: string, d: string): string => {
    const m = parentsOf(v);
    let r = d;
    while (m.has(r) && m.get(r) !== r) r = m.get(r)!;
    m.set(d, r);
    return r;
  };
  for (let i = 0; i < dims.length; i++) {
    for (let j = i + 1; j < dims.length; j++) {
      const [a, b] = [dims[i]!, dims[j]!];
      if (!related(entityOf.get(a)!, entityOf.get(b)!)) continue;
      const shared = [...lower.get(a)!.keys()].filter((v) => lower.get(b)!.has(v));
      if (!shared.length) continue;
      let rows: Record<string, unknown>[];
      try {
        const query = SemanticQuerySchema.parse({ group_by: [{ dimension: a }, { dimension: b }] });
        const sql = compile(model, query, dialect, { maxRows: SAME_ROWS_PAIRS + 1 }).sql;
        rows = (await warehouse.run(sql, { timeoutMs: options.timeoutMs ?? 10_000, maxRows: SAME_ROWS_PAIRS + 1 })).rows;
      } catch {
        continue; // no single way to relate them: not checked
      }
      if (rows.length > SAME_ROWS_PAIRS) continue;
      const pairs = rows.map((r) =>
        Object.values(r)
          .slice(0, 2)
          .map((x) => String(x ?? '').toLowerCase()),
      );
      for (const v of shared) {
        const [va, vb] = [lower.get(a)!.get(v)!, lower.get(b)!.get(v)!];
        if (pairs.some(([x]) => x === va) && pairs.every(([x, y]) => (x === va) === (y === vb))) parentsOf(v).set(find(v, a), find(v, b));
      }
    }
  }
  const out: SameRows = {};
  for (const [v, m] of union) {
    const groups = new Map<string, string[]>();
    for (const d of m.keys()) {
      const r = find(v, d);
      (groups.get(r) ?? groups.set(r, []).get(r)!).push(d);
    }
    out[v] = [...groups.values()].filter((g) => g.length > 1);
  }
  return out;
}

/**
 * Relationships some of whose rows have no key to join on (a transaction's coupon, set only when one was
 * used): found once when the layer loads, one `... WHERE key IS NULL` probe per relationship, stopping at
 * the first such row. The interpreter never reaches a thing through such a link unless the question names
 * what the link passes through (`src/nlq/optional-links.ts`).
 */
export async function markOptionalLinks(
  model: SemanticModel,
  warehouse: Warehouse,
  options: { timeoutMs?: number } = {},
): Promise<SemanticModel> {
  const dialect = dialectFor(warehouse.dialect);
  const entities = new Map(model.entities.map((e) => [e.name, e]));
  const relationships = [];
  for (const r of model.relationships) {
    const from = entities.get(r.from);
    if (!from || r.cardinality === 'one_to_many') {
      relationships.push(r);
      continue;
    }
    const source = from.table !== undefined ? from.table : `(${from.sql})`;
    const empty = r.on.map(([c]) => `t0.${c} IS NULL`).join(' OR ');
    try {
      const { rows } = await warehouse.run(`SELECT 1 AS found FROM ${source} AS t0 WHERE ${empty}\n${dialect.limit(1)}`, {
        timeoutMs: options.timeoutMs ?? 5_000,
        maxRows: 1,
      });
      relationships.push(rows.length ? { ...r, optional: true } : r);
    } catch {
      relationships.push(r); // not checked: read as before
    }
  }
  return { ...model, relationships };
}

export interface SemanticLayerOptions {
  /** "Today" (YYYY-MM-DD), overriding the model's `as_of` (QUARRY_AS_OF). */
  asOf?: string;
}

export async function loadSemanticLayer(
  modelPath: string,
  warehouse: Warehouse,
  options: SemanticLayerOptions = {},
): Promise<SemanticLayer> {
  const model = loadModel(modelPath);
  return semanticLayerFor(model, warehouse, options);
}

export async function semanticLayerFor(
  declared: SemanticModel,
  warehouse: Warehouse,
  options: SemanticLayerOptions = {},
): Promise<SemanticLayer> {
  // The quick data check: a missing table refuses the model; a join that would multiply rows is left out.
  const guarded = await guardLayerModel(declared, warehouse);
  const failed = guarded.failed;
  const model = await markOptionalLinks(guarded.model, warehouse);
  const values = await loadValueIndex(model, warehouse);
  const asOf = options.asOf ?? (await resolveAsOf(model, warehouse));
  const sameRows = await loadSameRows(model, warehouse, values);
  return { model, values, asOf, catalogue: buildCatalogue(model, values), sameRows, ...(failed.length ? { problems: failed } : {}) };
}
