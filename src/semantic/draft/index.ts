/**
 * Drafts a semantic model from a warehouse's own shape (`quarry semantic bootstrap`, `quarry init`),
 * the way a careful analyst would, and says why for every guess (comments in the YAML). One file per
 * step; `CONTEXT.md` lists them and the rules.
 */
import { basename, extname } from 'node:path';
import type { SemanticModelInput } from '../model.js';
import type { Warehouse } from '../../warehouse/types.js';
import { createContext, type BootstrapOptions, type BootstrapResult, type DraftContext, type TableDraft } from './context.js';
import { profileTables } from './profile.js';
import { draftPrimaryKeys } from './keys.js';
import { draftRelationships, findJoins } from './joins.js';
import { draftEntity, shareBareWords, thingNames } from './names.js';
import { datingHelpers, draftTimeDimensions } from './time.js';
import {
  booleanDimension,
  clockDimension,
  clockKind,
  columnDraft,
  endDimensions,
  flagColumn,
  flagDimension,
  keyDimension,
  nameByKey,
  textDimension,
} from './dimensions.js';
import { numberColumn, revenueSynonyms, tableMeasures } from './measures.js';
import { chooseFact } from './fact.js';
import { IDENT, snake } from './vocabulary.js';
import { writeDraftModel } from './yaml.js';

export type { BootstrapOptions, BootstrapResult, FoundJoin } from './context.js';
export { draftYaml, writeDraftModel } from './yaml.js';
export { isParticiple, nameWords, phrasal, pluralPhrase, splitGlued } from './vocabulary.js';

export async function bootstrapModel(warehouse: Warehouse, options: BootstrapOptions = {}): Promise<SemanticModelInput> {
  return (await bootstrapDraft(warehouse, options)).model;
}

/** Introspects and profiles the warehouse, then returns a draft model with the reasons for each guess. */
export async function bootstrapDraft(warehouse: Warehouse, options: BootstrapOptions = {}): Promise<BootstrapResult> {
  const ctx = createContext(warehouse, options);
  ctx.tables = (await warehouse.introspect()).filter((t) => t.columns.length > 0);
  if (ctx.tables.length === 0) throw new Error('The warehouse has no tables to describe');
  await foldPartitions(ctx, warehouse);
  leaveOutViews(ctx);
  await profileTables(ctx);
  await draftPrimaryKeys(ctx);
  await findJoins(ctx);
  draftRelationships(ctx);
  draftTimeDimensions(ctx);
  const { datingOf } = datingHelpers(ctx);
  const { entityWords } = thingNames(ctx);
  for (const p of ctx.profiles) {
    const dating = datingOf(p.entity);
    const t: TableDraft = {
      p,
      keys: new Set([...p.pk, ...(ctx.fkCols.get(p) ?? [])]),
      dating,
      dated: dating ? { time_dimension: dating } : { time_bound: false },
      ew: entityWords(p),
      named: false,
    };
    keyDimension(ctx, t);
    for (const col of p.info.columns) {
      const k = columnDraft(ctx, t, col);
      if (!k) continue;
      const flag = k.isKey ? undefined : flagColumn(k);
      const clock = clockKind(k);
      if (clock) clockDimension(ctx, t, k, clock);
      else if (flag) flagDimension(ctx, t, k, flag);
      else if (k.c.kind === 'text') textDimension(ctx, t, k);
      else if (k.c.kind === 'boolean') booleanDimension(ctx, t, k);
      else numberColumn(ctx, t, k);
    }
    nameByKey(ctx, t);
    tableMeasures(ctx, t);
    draftEntity(ctx, t);
  }
  endDimensions(ctx);
  revenueSynonyms(ctx);
  shareBareWords(ctx);
  const { fact, defaults, asOf } = chooseFact(ctx);
  const name = IDENT.test(options.name ?? '') ? options.name! : snake(options.name ?? 'warehouse');
  const model: SemanticModelInput = {
    name,
    description: `Draft generated from the warehouse's tables on ${new Date().toISOString().slice(0, 10)}. Review names, synonyms, relationships and metrics before use.`,
    as_of: asOf,
    entities: ctx.entities,
    relationships: ctx.relationships,
    dimensions: ctx.dimensions,
    time_dimensions: ctx.timeDimensions,
    measures: ctx.measures,
    defaults,
  };
  return { model, notes: ctx.notes, joins: ctx.joins, undecided: ctx.undecided, ...(fact ? { fact: fact.entity } : {}) };
}

/**
 * Where a schema holds tables, its views are queries over them (`sales_by_store`, `customer_list`):
 * drafting them would answer the same words from two places, one without keys or joins. They are
 * left out and listed in the draft's header. A warehouse of views only (a folder of files, a dbt
 * schema) is drafted from its views.
 */
function leaveOutViews(ctx: DraftContext): void {
  const views = ctx.tables.filter((t) => t.view);
  if (views.length === 0 || views.length === ctx.tables.length) return;
  ctx.tables = ctx.tables.filter((t) => !t.view);
  ctx.undecided.push(
    `views left out (queries over the tables drafted here; add one as an entity if it holds rows the tables do not): ${views.map((t) => t.name).join(', ')}`,
  );
}

/**
 * PostgreSQL partitions and inheriting tables are read through their parent (a SELECT of the parent
 * includes them): they are folded into it, never drafted as tables of their own.
 */
async function foldPartitions(ctx: DraftContext, warehouse: Warehouse): Promise<void> {
  if ((warehouse.dialect as string) !== 'postgres') return;
  const rows = await ctx
    .run(
      `SELECT cn.nspname AS child_schema, c.relname AS child, pn.nspname AS parent_schema, p.relname AS parent, current_schema() AS current
       FROM pg_catalog.pg_inherits i
       JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid JOIN pg_catalog.pg_namespace cn ON cn.oid = c.relnamespace
       JOIN pg_catalog.pg_class p ON p.oid = i.inhparent JOIN pg_catalog.pg_namespace pn ON pn.oid = p.relnamespace`,
    )
    .catch(() => []);
  const nameOf = (schema: unknown, table: unknown, current: unknown) =>
    schema === current ? String(table) : `${String(schema)}.${String(table)}`;
  const names = new Set(ctx.tables.map((t) => t.name));
  const childOf = new Map(rows.map((r) => [nameOf(r.child_schema, r.child, r.current), nameOf(r.parent_schema, r.parent, r.current)]));
  // (a partition of a partition belongs to the top parent)
  const top = (t: string): string => (childOf.has(t) && childOf.get(t) !== t ? top(childOf.get(t)!) : t);
  for (const child of childOf.keys()) {
    const parent = top(child);
    if (!names.has(child) || !names.has(parent)) continue;
    (ctx.folded.get(parent) ?? ctx.folded.set(parent, []).get(parent)!).push(child);
  }
  const folded = new Set([...ctx.folded.values()].flat());
  ctx.tables = ctx.tables.filter((t) => !folded.has(t.name));
}

/** Opens the warehouse at `warehouseUrl`, drafts its model and writes it to `outPath`. */
export async function bootstrapToFile(warehouseUrl: string, outPath: string, options: BootstrapOptions = {}): Promise<SemanticModelInput> {
  return (await bootstrapUrlToFile(warehouseUrl, outPath, options)).model;
}

export async function bootstrapUrlToFile(warehouseUrl: string, outPath: string, options: BootstrapOptions = {}): Promise<BootstrapResult> {
  const { openWarehouse } = await import('../../warehouse/index.js');
  const warehouse = await openWarehouse(warehouseUrl);
  try {
    const fallback = basename(warehouseUrl.replace(/^duckdb:/, '').replace(/[/\\]+$/, ''), extname(warehouseUrl));
    const server = /^(postgres|mysql|mariadb)/i.test(warehouseUrl);
    const result = await bootstrapDraft(warehouse, { name: options.name ?? (server ? 'warehouse' : fallback), ...options });
    await writeDraftModel(outPath, result.model, result.notes, result.undecided);
    return result;
  } finally {
    await warehouse.close();
  }
}
