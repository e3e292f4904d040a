/**
 * `quarry semantic refresh`: the warehouse's schema changed since the model was written. Compares
 * the warehouse (its tables and columns, and a fresh draft of it) with the model and proposes:
 *   - removals: entities whose table is gone, and dimensions, time dimensions, measures and
 *     relationships that read a column that is gone (with what depends on them: derived metrics,
 *     relationships and items of a removed entity);
 *   - additions: a new table as the draft would model it (entity, its dimensions, time dimensions,
 *     measures, and the draft's relationships that reach it), and on a known table the draft's items
 *     over columns the model reads nowhere.
 * Everything else of the model is kept as written: the change is made on the YAML document, so
 * comments, names, labels, synonyms and overrides stay; each addition carries a comment saying why.
 * The result is validated before anything is written.
 */
import { rename, writeFile } from 'node:fs/promises';
import { isMap, isSeq, parseDocument, type Document, type YAMLMap, type YAMLSeq } from 'yaml';
import type { Warehouse } from '../warehouse/types.js';
import type { SemanticModel, SemanticModelInput } from './model.js';
import { parseModel } from './loader.js';
import { bootstrapDraft } from './draft/index.js';

type Section = 'entities' | 'relationships' | 'dimensions' | 'time_dimensions' | 'measures' | 'metrics';

/** One proposed change: a section's item added or removed, and why. */
export interface RefreshChange {
  change: 'add' | 'remove';
  section: Section;
  /** The item's name (a relationship: `from -> to`). */
  name: string;
  why: string;
}

export interface RefreshPlan {
  changes: RefreshChange[];
  /** The model file with the changes made (comments and hand edits kept). */
  text: string;
}

/** The columns a SQL fragment reads of its own entity (`${TABLE}.col`, quoted or not). */
export function ownColumns(sql: string): string[] {
  return [...sql.matchAll(/\$\{TABLE\}\.(?:"((?:[^"]|"")+)"|`((?:[^`]|``)+)`|([A-Za-z_][A-Za-z0-9_$]*))/g)].map(
    (m) => m[1]?.replace(/""/g, '"') ?? m[2]?.replace(/``/g, '`') ?? m[3]!,
  );
}

const ITEM_SECTIONS = ['dimensions', 'time_dimensions', 'measures'] as const;
type ItemSection = (typeof ITEM_SECTIONS)[number];
type Item = { name: string; entity: string; sql?: string; time_dimension?: string; alternate_time_dimensions?: string[] };

/** Plans the refresh of `text` (the model file) against the warehouse; writes nothing. */
export async function planRefresh(text: string, file: string, warehouse: Warehouse): Promise<RefreshPlan> {
  const model = parseModel(text, file);
  const tables = new Map((await warehouse.introspect()).map((t) => [t.name.toLowerCase(), t]));
  const columnsOf = (table: string) => {
    const t = tables.get(table.toLowerCase());
    return t ? new Set(t.columns.map((c) => c.name.toLowerCase())) : undefined;
  };
  const changes: RefreshChange[] = [];
  const removed = { entities: new Set<string>(), items: new Set<string>(), relationships: new Set<number>(), metrics: new Set<string>() };

  // Removals: what reads a table or column that is gone.
  // (an entity defined by its own SELECT is the model's business: never removed, its columns unknown)
  const entityTable = new Map(model.entities.filter((e) => e.table).map((e) => [e.name, e.table!]));
  for (const e of model.entities)
    if (e.table && !columnsOf(e.table)) {
      removed.entities.add(e.name);
      changes.push({ change: 'remove', section: 'entities', name: e.name, why: `table ${e.table} is no longer in the warehouse` });
    }
  for (const section of ITEM_SECTIONS)
    for (const item of model[section] as Item[]) {
      if (removed.entities.has(item.entity)) {
        removed.items.add(item.name);
        changes.push({ change: 'remove', section, name: item.name, why: `its entity ${item.entity} is removed` });
        continue;
      }
      const cols = columnsOf(entityTable.get(item.entity) ?? '');
      const gone = ownColumns(item.sql ?? '').filter((c) => cols && !cols.has(c.toLowerCase()));
      if (gone.length) {
        removed.items.add(item.name);
        changes.push({
          change: 'remove',
          section,
          name: item.name,
          why: `column ${gone.join(', ')} of ${entityTable.get(item.entity)} is gone`,
        });
      }
    }
  model.relationships.forEach((r, i) => {
    const gone = removed.entities.has(r.from) || removed.entities.has(r.to);
    const fromCols = columnsOf(entityTable.get(r.from) ?? '');
    const toCols = columnsOf(entityTable.get(r.to) ?? '');
    const lost = r.on.filter(([a, b]) => (fromCols && !fromCols.has(a.toLowerCase())) || (toCols && !toCols.has(b.toLowerCase())));
    if (gone || lost.length) {
      removed.relationships.add(i);
      changes.push({
        change: 'remove',
        section: 'relationships',
        name: `${r.from} -> ${r.to}`,
        why: gone ? 'one of its entities is removed' : `its columns ${lost.map(([a, b]) => `${a} = ${b}`).join(', ')} are gone`,
      });
    }
  });
  // A derived metric over a removed measure goes with it (its expression names the measure).
  for (const m of model.metrics) {
    const lost = [...removed.items].filter((n) => new RegExp(`\\b${n}\\b`).test(m.expression));
    if (lost.length) {
      removed.metrics.add(m.name);
      changes.push({ change: 'remove', section: 'metrics', name: m.name, why: `it uses ${lost.join(', ')}, removed` });
    }
  }

  // Additions: the draft's view of what the model does not cover.
  const draft = (await bootstrapDraft(warehouse, { name: model.name })).model;
  const additions = planAdditions(model, draft, removed.entities, changes);

  return { changes, text: applyChanges(text, removed, additions, changes) };
}

interface Additions {
  entities: NonNullable<SemanticModelInput['entities']>;
  relationships: NonNullable<SemanticModelInput['relationships']>;
  items: Record<ItemSection, Item[]>;
  /** Why each added item is there, by `<section>:<name>`. */
  why: Map<string, string>;
}

function planAdditions(model: SemanticModel, draft: SemanticModelInput, removedEntities: Set<string>, changes: RefreshChange[]): Additions {
  const kept = model.entities.filter((e) => !removedEntities.has(e.name));
  const modelEntityOfTable = new Map(kept.filter((e) => e.table).map((e) => [e.table!.toLowerCase(), e.name]));
  // (entity names are one namespace; dimension, time dimension, measure and metric names another)
  const takenEntities = new Set(model.entities.map((e) => e.name));
  const taken = new Set<string>([
    ...ITEM_SECTIONS.flatMap((s) => (model[s] as Item[]).map((i) => i.name)),
    ...model.metrics.map((m) => m.name),
  ]);
  const uniqueIn = (names: Set<string>, name: string, entity: string) => {
    let n = names.has(name) ? `${entity}_${name}` : name;
    for (let k = 2; names.has(n); k++) n = `${name}_${k}`;
    names.add(n);
    return n;
  };
  const unique = (name: string, entity: string) => uniqueIn(taken, name, entity);
  const out: Additions = { entities: [], relationships: [], items: { dimensions: [], time_dimensions: [], measures: [] }, why: new Map() };
  // Draft entity -> model entity: the model's own for a known table; a new one for a new table.
  const entityOf = new Map<string, string>();
  const newEntities = new Set<string>();
  for (const e of draft.entities ?? []) {
    if (!e.table) continue;
    const known = modelEntityOfTable.get(e.table.toLowerCase());
    if (known) {
      // (a role entity of the draft over a known table is the model's business)
      if (!entityOf.has(e.name) && ![...entityOf.values()].includes(known)) entityOf.set(e.name, known);
      continue;
    }
    if ([...newEntities].some((n) => draft.entities!.find((x) => x.name === n)?.table === e.table)) continue;
    const name = uniqueIn(takenEntities, e.name, e.name);
    entityOf.set(e.name, name);
    newEntities.add(name);
    out.entities.push({ ...e, name });
    out.why.set(`entities:${name}`, `new table ${e.table}`);
    changes.push({ change: 'add', section: 'entities', name, why: `new table ${e.table}` });
  }
  // Columns the model reads, per table.
  const readByModel = new Map<string, Set<string>>();
  for (const s of ITEM_SECTIONS)
    for (const i of model[s] as Item[]) {
      const table = model.entities.find((e) => e.name === i.entity)?.table?.toLowerCase() ?? '';
      const set = readByModel.get(table) ?? readByModel.set(table, new Set()).get(table)!;
      for (const c of ownColumns(i.sql ?? '')) set.add(c.toLowerCase());
    }
  for (const r of model.relationships) {
    const table = model.entities.find((e) => e.name === r.from)?.table?.toLowerCase() ?? '';
    const set = readByModel.get(table) ?? readByModel.set(table, new Set()).get(table)!;
    for (const [a] of r.on) set.add(a.toLowerCase());
  }
  const draftTable = new Map((draft.entities ?? []).map((e) => [e.name, e.table?.toLowerCase() ?? '']));
  const timeName = new Map<string, string>();
  // Time dimensions first: measures added below are dated by them (or by the model's own).
  for (const section of ['time_dimensions', 'dimensions', 'measures'] as const) {
    for (const item of (draft[section] ?? []) as Item[]) {
      const entity = entityOf.get(item.entity);
      if (!entity) continue;
      const isNew = newEntities.has(entity);
      const cols = ownColumns(item.sql ?? '');
      const read = readByModel.get(draftTable.get(item.entity) ?? '') ?? new Set();
      if (!isNew && (cols.length === 0 || cols.some((c) => read.has(c.toLowerCase())))) {
        if (section === 'time_dimensions') {
          // the model's own dating over the same column stands for the draft's
          const same = model.time_dimensions.find((t) => t.entity === entity && ownColumns(t.sql).join() === cols.join());
          if (same) timeName.set(item.name, same.name);
        }
        continue;
      }
      const name = unique(item.name, entity);
      if (section === 'time_dimensions') timeName.set(item.name, name);
      const added: Item = { ...item, name, entity };
      if (section === 'measures') {
        const dating = added.time_dimension ? timeName.get(added.time_dimension) : undefined;
        const alternates = (added.alternate_time_dimensions ?? []).map((t) => timeName.get(t)).filter((t): t is string => !!t);
        delete added.alternate_time_dimensions;
        if (dating) added.time_dimension = dating;
        else if (added.time_dimension) {
          delete added.time_dimension;
          (added as { time_bound?: boolean }).time_bound = false;
        }
        if (alternates.length) added.alternate_time_dimensions = alternates;
      }
      out.items[section].push(added);
      const why = isNew ? `on new table ${draftTable.get(item.entity)}` : `new column ${cols.join(', ')} of ${draftTable.get(item.entity)}`;
      out.why.set(`${section}:${name}`, why);
      changes.push({ change: 'add', section, name, why });
    }
  }
  for (const r of draft.relationships ?? []) {
    const from = entityOf.get(r.from);
    const to = entityOf.get(r.to);
    if (!from || !to || (!newEntities.has(from) && !newEntities.has(to))) continue;
    out.relationships.push({ ...r, from, to });
    out.why.set(`relationships:${from}->${to}`, 'reaches a new table');
    changes.push({ change: 'add', section: 'relationships', name: `${from} -> ${to}`, why: 'reaches a new table' });
  }
  return out;
}

function applyChanges(
  text: string,
  removed: { entities: Set<string>; items: Set<string>; relationships: Set<number>; metrics: Set<string> },
  add: Additions,
  changes: RefreshChange[],
): string {
  if (changes.length === 0) return text;
  const doc = parseDocument(text);
  const root = doc.contents as YAMLMap;
  const seq = (section: Section): YAMLSeq => {
    const s = root.get(section, true);
    if (isSeq(s)) return s;
    const made = doc.createNode([]) as YAMLSeq;
    root.set(section, made);
    return made;
  };
  const drop = (section: Section, gone: (item: YAMLMap, index: number) => boolean) => {
    const s = seq(section);
    s.items = s.items.filter((item, i) => !(isMap(item) && gone(item, i)));
  };
  drop('entities', (m) => removed.entities.has(String(m.get('name'))));
  for (const section of ITEM_SECTIONS) drop(section, (m) => removed.items.has(String(m.get('name'))));
  drop('relationships', (_m, i) => removed.relationships.has(i));
  drop('metrics', (m) => removed.metrics.has(String(m.get('name'))));
  const append = (doc: Document, section: Section, items: object[], key: (x: Record<string, unknown>) => string) => {
    for (const item of items) {
      const node = doc.createNode(item) as YAMLMap;
      node.commentBefore = ` added by quarry semantic refresh: ${add.why.get(`${section}:${key(item as Record<string, unknown>)}`) ?? ''}`;
      seq(section).items.push(node);
    }
  };
  append(doc, 'entities', add.entities, (x) => String(x.name));
  append(doc, 'relationships', add.relationships, (x) => `${String(x.from)}->${String(x.to)}`);
  for (const section of ITEM_SECTIONS) append(doc, section, add.items[section], (x) => String(x.name));
  return doc.toString({ lineWidth: 120 });
}

/** Writes the refreshed model (temp file + rename), after validating it. */
export async function writeRefreshed(path: string, plan: RefreshPlan): Promise<void> {
  parseModel(plan.text, path);
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, plan.text, 'utf8');
  await rename(tmp, path);
}

const SINGULAR: Record<Section, string> = {
  entities: 'entity',
  relationships: 'relationship',
  dimensions: 'dimension',
  time_dimensions: 'time dimension',
  measures: 'measure',
  metrics: 'metric',
};

/** The plan for a person: one line per change. */
export function formatRefresh(plan: RefreshPlan): string {
  if (plan.changes.length === 0) return 'the model covers the warehouse: nothing to add or remove';
  return plan.changes.map((c) => `${c.change === 'add' ? '+' : '-'} ${SINGULAR[c.section]} ${c.name}: ${c.why}`).join('\n');
}
