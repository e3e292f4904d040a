/**
 * The catalogue: what the semantic layer offers, for discovery tools and the interpreter.
 * Summary, entity detail and ranked search (MiniSearch: fuzzy, prefix, names and synonyms
 * boosted) over entities, metrics, dimensions, glossary terms and dimension values.
 * No I/O: dimension values come in as plain data (see values.ts).
 */
import MiniSearch, { type SearchResult as MsResult } from 'minisearch';
import type { SemanticModel } from './model.js';
import { joinGraph } from './graph.js';

/** Distinct stored values of `index_values` dimensions, by dimension name. */
export type ValueIndex = Record<string, string[]>;

export type CatalogueKind = 'entity' | 'metric' | 'dimension' | 'time_dimension' | 'glossary' | 'value';

export interface CatalogueItem {
  /** Stable id, e.g. `metric:revenue`, `value:order_priority:1-URGENT`. */
  id: string;
  kind: CatalogueKind;
  name: string;
  label?: string;
  description: string;
  synonyms: string[];
  /** value: the dimension it belongs to; dimension/metric: its entity. */
  dimension?: string;
  entity?: string;
  /** value: the stored value(s) it stands for (a value group names several). */
  values?: string[];
}

export interface SummaryEntity {
  name: string;
  /** entity | metric | dimension | time_dimension */
  type: string;
  description: string;
}
export interface SemanticSummary {
  entities: SummaryEntity[];
  total_entities: number;
}

export interface EntityDetail {
  name: string;
  /** entity_id of this node, e.g. `entity:orders`. */
  entity_id: string;
  type: string;
  description: string;
  attributes: string[];
  dimensions: string[];
  relationships: string[];
}

export interface SearchHit {
  name: string;
  entity_id: string;
  relevance_score: number;
  kind: CatalogueKind;
  description: string;
  dimension?: string;
  values?: string[];
}
export interface SearchResultSet {
  search_term: string;
  matching_entities: SearchHit[];
  total_matches: number;
}

/** Kinds a question is most often after rank a little higher on equal text match. */
const KIND_WEIGHT: Record<CatalogueKind, number> = {
  metric: 1.3,
  dimension: 1.15,
  time_dimension: 1.1,
  value: 1.1,
  entity: 1.0,
  glossary: 0.8,
};

/** Lowercase, and a light plural folding so "orders" meets "order" and "sales" meets "sale". */
function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (!t) return null;
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us')) return t.slice(0, -1);
  return t;
}

const words = (s: string) => s.replace(/_/g, ' ');
const norm = (s: string) => words(s).trim().toLowerCase().replace(/\s+/g, ' ');

export class Catalogue {
  readonly items: CatalogueItem[];
  private readonly byId = new Map<string, CatalogueItem>();
  private readonly index: MiniSearch<CatalogueItem & { text_name: string; text_synonyms: string; text_values: string }>;

  constructor(
    readonly model: SemanticModel,
    readonly values: ValueIndex = {},
  ) {
    this.items = buildItems(model, values);
    for (const it of this.items) this.byId.set(it.id, it);
    this.index = new MiniSearch({
      idField: 'id',
      fields: ['text_name', 'label', 'text_synonyms', 'description', 'text_values'],
      storeFields: ['id'],
      processTerm,
      searchOptions: {
        boost: { text_name: 4, label: 3, text_synonyms: 3, text_values: 2, description: 0.5 },
        fuzzy: (term) => (term.length > 4 ? 0.2 : term.length > 3 ? 1 : 0),
        prefix: (term) => term.length > 2,
        combineWith: 'OR',
      },
    });
    this.index.addAll(
      this.items.map((it) => ({
        ...it,
        label: it.label ?? '',
        text_name: words(it.name),
        text_synonyms: it.synonyms.join(' ; '),
        text_values: (it.values ?? []).join(' ; '),
      })),
    );
  }

  summary(): SemanticSummary {
    const entities = this.items
      .filter((i) => i.kind !== 'value' && i.kind !== 'glossary')
      .map((i) => ({ name: i.name, type: i.kind, description: i.description }));
    return { entities, total_entities: entities.length };
  }

  /** Looks up by id (`metric:revenue`) or bare name (entities first, then metrics, dimensions ...). */
  find(idOrName: string): CatalogueItem | undefined {
    const direct = this.byId.get(idOrName);
    if (direct) return direct;
    const n = idOrName.trim().toLowerCase();
    for (const kind of ['entity', 'metric', 'dimension', 'time_dimension', 'glossary'] as const) {
      const hit = this.byId.get(`${kind}:${n}`) ?? this.byId.get(`${kind}:${n.replace(/\s+/g, '_')}`);
      if (hit) return hit;
    }
    return undefined;
  }

  entity(idOrName: string): EntityDetail | undefined {
    const it = this.find(idOrName);
    if (!it) return undefined;
    const m = this.model;
    const g = joinGraph(m);
    const base = { name: it.name, entity_id: it.id, type: it.kind, description: it.description };
    const reachableDims = (entity: string) => {
      const reach = g.pathsFrom(entity);
      return [...m.dimensions, ...m.time_dimensions].filter((d) => reach.has(d.entity)).map((d) => d.name);
    };
    switch (it.kind) {
      case 'entity': {
        const attrs = [
          ...m.dimensions.filter((d) => d.entity === it.name).map((d) => d.name),
          ...m.time_dimensions.filter((d) => d.entity === it.name).map((d) => d.name),
          ...m.measures.filter((x) => x.entity === it.name).map((x) => x.name),
        ];
        const rels = m.relationships
          .filter((r) => r.from === it.name || r.to === it.name)
          .map((r) => `${r.from} -> ${r.to} (${r.cardinality}: ${r.on.map(([a, b]) => `${a} = ${b}`).join(' and ')})`);
        return { ...base, attributes: attrs, dimensions: reachableDims(it.name), relationships: rels };
      }
      case 'metric': {
        const ms = m.measures.find((x) => x.name === it.name);
        const dm = m.metrics.find((x) => x.name === it.name);
        const def = ms ? `${ms.agg}(${ms.sql ?? '*'})${ms.filter ? ` where ${ms.filter}` : ''}` : `= ${dm!.expression}`;
        const attrs = [`definition: ${def}`, ...(it.synonyms.length ? [`also called: ${it.synonyms.join(', ')}`] : [])];
        const meta = ms ?? dm!;
        attrs.push(
          meta.time_bound
            ? `dated by: ${[meta.time_dimension ?? m.defaults.time_dimension, ...meta.alternate_time_dimensions].filter(Boolean).join(', ')}`
            : 'not dated',
        );
        const dims = ms ? reachableDims(ms.entity) : [];
        return { ...base, attributes: attrs, dimensions: dims, relationships: ms ? [`measured on ${ms.entity}`] : [] };
      }
      case 'dimension':
      case 'time_dimension': {
        const vals = this.values[it.name] ?? [];
        const attrs = [
          ...(it.synonyms.length ? [`also called: ${it.synonyms.join(', ')}`] : []),
          ...vals.slice(0, 50).map((v) => `value: ${v}`),
        ];
        return { ...base, attributes: attrs, dimensions: [it.name], relationships: it.entity ? [`on ${it.entity}`] : [] };
      }
      default:
        return { ...base, attributes: it.values ?? [], dimensions: it.dimension ? [it.dimension] : [], relationships: [] };
    }
  }

  search(term: string, options: { limit?: number; kinds?: CatalogueKind[] } = {}): SearchResultSet {
    const q = term.trim();
    if (!q) return { search_term: term, matching_entities: [], total_matches: 0 };
    const raw = this.index.search(q);
    const nq = norm(q);
    const scored = raw.map((r: MsResult) => {
      const it = this.byId.get(r.id as string)!;
      // An exact name, label or synonym match is what the user meant: it ranks above partial ones.
      const exact = [it.name, it.label ?? '', ...it.synonyms].some((s) => norm(s) === nq);
      return { it, score: r.score * KIND_WEIGHT[it.kind], exact };
    });
    const top = scored.reduce((mx, h) => Math.max(mx, h.score), 0);
    const hits = scored
      .map((h) => ({ it: h.it, score: h.exact ? h.score + 2 * top : h.score }))
      .filter((h) => !options.kinds || options.kinds.includes(h.it.kind))
      .sort((a, b) => b.score - a.score || a.it.id.localeCompare(b.it.id));
    const limited = hits.slice(0, options.limit ?? 20);
    return {
      search_term: term,
      matching_entities: limited.map(({ it, score }) => ({
        name: it.name,
        entity_id: it.id,
        relevance_score: Math.round(score * 1000) / 1000,
        kind: it.kind,
        description: it.description,
        ...(it.dimension ? { dimension: it.dimension } : {}),
        ...(it.values ? { values: it.values } : {}),
      })),
      total_matches: hits.length,
    };
  }
}

function buildItems(m: SemanticModel, values: ValueIndex): CatalogueItem[] {
  const items: CatalogueItem[] = [];
  for (const e of m.entities)
    items.push({ id: `entity:${e.name}`, kind: 'entity', name: e.name, description: e.description, synonyms: e.synonyms });
  for (const x of m.measures)
    items.push({
      id: `metric:${x.name}`,
      kind: 'metric',
      name: x.name,
      label: x.label,
      description: x.description,
      synonyms: x.synonyms,
      entity: x.entity,
    });
  for (const x of m.metrics)
    items.push({ id: `metric:${x.name}`, kind: 'metric', name: x.name, label: x.label, description: x.description, synonyms: x.synonyms });
  for (const d of m.dimensions)
    items.push({
      id: `dimension:${d.name}`,
      kind: 'dimension',
      name: d.name,
      label: d.label,
      description: d.description,
      synonyms: d.synonyms,
      entity: d.entity,
    });
  for (const d of m.time_dimensions)
    items.push({
      id: `time_dimension:${d.name}`,
      kind: 'time_dimension',
      name: d.name,
      label: d.label,
      description: d.description,
      synonyms: d.synonyms,
      entity: d.entity,
    });
  for (const [term, def] of Object.entries(m.glossary))
    items.push({ id: `glossary:${term}`, kind: 'glossary', name: term, description: def, synonyms: [] });
  for (const d of m.dimensions) {
    const stored = new Set([...(values[d.name] ?? []), ...Object.keys(d.value_synonyms)]);
    for (const v of stored)
      items.push({
        id: `value:${d.name}:${v}`,
        kind: 'value',
        name: v,
        description: `${d.label ?? words(d.name)} = ${v}`,
        synonyms: d.value_synonyms[v] ?? [],
        dimension: d.name,
        values: [v],
      });
    for (const [group, vals] of Object.entries(d.value_groups))
      items.push({
        id: `value:${d.name}:${group}`,
        kind: 'value',
        name: group,
        description: `${d.label ?? words(d.name)} in ${vals.join(', ')}`,
        synonyms: [],
        dimension: d.name,
        values: vals,
      });
  }
  return items;
}

export function buildCatalogue(model: SemanticModel, values: ValueIndex = {}): Catalogue {
  return new Catalogue(model, values);
}
