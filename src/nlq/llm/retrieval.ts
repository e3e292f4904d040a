/**
 * Retrieval for the planner: only the entities, metrics, dimensions, values, glossary terms and
 * verified queries relevant to the question (catalogue search), as compact text lines, ranked and
 * cut to a token budget. In privacy mode (`sendValues: false`) no stored dimension value is
 * included, and filter values of earlier queries are replaced by placeholders.
 */
import type { Catalogue, CatalogueItem } from '../../semantic/catalogue.js';
import type { SemanticModel } from '../../semantic/model.js';
import type { RatioSide, SemanticQuery } from '../../semantic/query.js';
import { countTokens } from './tokens.js';
import { nearestVerified, type VerifiedEntry } from './verified.js';

export interface RetrievalOptions {
  /** false = privacy mode: no dimension values. */
  sendValues: boolean;
  /** Token budget of the context text. */
  budget: number;
  verified?: VerifiedEntry[];
  /** Names of a previous query (follow-ups): always described. */
  alwaysInclude?: string[];
}

export interface RetrievedContext {
  /** The context block of the prompt. */
  text: string;
  /** Model names described (metrics, dimensions, time dimensions, entities): the planner's evidence. */
  names: Set<string>;
  tokens: number;
}

const STOP =
  /^(what|which|who|how|many|much|the|a|an|of|in|on|by|for|per|to|and|or|is|are|was|were|did|do|does|our|we|me|show|give|list|top|with|from|each|all|last|this|year|month|quarter|week|day|than|more|less|most)$/i;

/** Catalogue hits for the question and each content word, best first, without duplicates. */
export function relevantItems(catalogue: Catalogue, question: string, sendValues: boolean): CatalogueItem[] {
  const scores = new Map<string, number>();
  const add = (term: string, weight: number) => {
    for (const h of catalogue.search(term, { limit: 25 }).matching_entities) {
      scores.set(h.entity_id, (scores.get(h.entity_id) ?? 0) + h.relevance_score * weight);
    }
  };
  add(question, 1);
  const words = question.split(/[^\p{L}\p{N}#_-]+/u).filter((w) => w.length > 2 && !STOP.test(w) && !/^\d+$/.test(w));
  for (const w of words) add(w, 0.5);
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => catalogue.find(id)!)
    .filter((it) => it && (sendValues || it.kind !== 'value'));
}

function describe(model: SemanticModel, it: CatalogueItem, catalogue: Catalogue, sendValues: boolean): string[] {
  const syn = it.synonyms.length ? `; also: ${it.synonyms.slice(0, 6).join(', ')}` : '';
  const desc = it.description ? ` — ${it.description.slice(0, 160)}` : '';
  switch (it.kind) {
    case 'metric': {
      const ms = model.measures.find((m) => m.name === it.name);
      const dm = model.metrics.find((m) => m.name === it.name);
      const meta = ms ?? dm!;
      const def = ms ? `${ms.agg}(${ms.sql ?? '*'}) on ${ms.entity}${ms.filter ? ` where ${ms.filter}` : ''}` : `= ${dm!.expression}`;
      const dated = meta.time_bound
        ? `dated by ${[meta.time_dimension ?? model.defaults.time_dimension, ...meta.alternate_time_dimensions].filter(Boolean).join('|')}`
        : 'not dated';
      return [`metric ${it.name}: ${def}; ${dated}${desc}${syn}`];
    }
    case 'dimension': {
      const d = model.dimensions.find((x) => x.name === it.name)!;
      const vals = sendValues ? (catalogue.values[it.name] ?? []) : [];
      const shown = vals.length ? `; values: ${vals.slice(0, 12).join(', ')}${vals.length > 12 ? ', …' : ''}` : '';
      return [`dimension ${it.name} (${d.type}) = ${d.sql} on ${d.entity}${desc}${syn}${shown}`];
    }
    case 'time_dimension': {
      const d = model.time_dimensions.find((x) => x.name === it.name)!;
      return [`time dimension ${it.name} = ${d.sql} on ${d.entity}; grains ${d.grains.join('|')}${desc}${syn}`];
    }
    case 'entity': {
      const e = model.entities.find((x) => x.name === it.name)!;
      return [`entity ${it.name}: ${e.table ? `table ${e.table}` : `(${e.sql})`}, key ${[e.primary_key].flat().join(', ')}${desc}${syn}`];
    }
    case 'glossary':
      return [`glossary "${it.name}": ${it.description}`];
    case 'value':
      return [
        `value "${it.name}" of dimension ${it.dimension}${it.values && it.values.join() !== it.name ? ` (stored: ${it.values.join(', ')})` : ''}${syn}`,
      ];
  }
}

/** The retrieved context text for one question, within `budget` tokens. */
export function retrieveContext(catalogue: Catalogue, question: string, options: RetrievalOptions): RetrievedContext {
  const model = catalogue.model;
  const names = new Set<string>();
  const lines: string[] = [];
  let tokens = 0;
  const push = (line: string): boolean => {
    const t = countTokens(line) + 1;
    if (tokens + t > options.budget) return false;
    lines.push(line);
    tokens += t;
    return true;
  };
  const seen = new Set<string>();
  const take = (it: CatalogueItem | undefined): boolean => {
    if (!it || seen.has(it.id)) return true;
    seen.add(it.id);
    for (const line of describe(model, it, catalogue, options.sendValues)) if (!push(line)) return false;
    if (it.kind !== 'glossary' && it.kind !== 'value') names.add(it.name);
    if (it.kind === 'value' && it.dimension) names.add(it.dimension);
    return true;
  };
  const forced = (options.alwaysInclude ?? []).map((n) => catalogue.find(n)).filter(Boolean) as CatalogueItem[];
  const ranked = relevantItems(catalogue, question, options.sendValues);
  // The default time dimension and the dating of retrieved metrics come along.
  const related = (it: CatalogueItem): CatalogueItem[] => {
    if (it.kind === 'metric') {
      const meta = model.measures.find((m) => m.name === it.name) ?? model.metrics.find((m) => m.name === it.name);
      const td = meta?.time_dimension ?? model.defaults.time_dimension;
      return td ? [catalogue.find(`time_dimension:${td}`)!].filter(Boolean) : [];
    }
    if (it.kind === 'value' && it.dimension) return [catalogue.find(`dimension:${it.dimension}`)!].filter(Boolean);
    if ((it.kind === 'dimension' || it.kind === 'time_dimension') && it.entity)
      return [catalogue.find(`entity:${it.entity}`)!].filter(Boolean);
    return [];
  };
  let full = false;
  for (const it of [...forced, ...ranked.slice(0, 40)]) {
    if (!take(it)) {
      full = true;
      break;
    }
    for (const r of related(it)) if (!take(r)) full = true;
    if (full) break;
  }
  // Entities of what was retrieved (for SQL) and the relationships among them.
  const entities = new Set(
    [...names]
      .map((n) => catalogue.find(n)?.entity ?? (model.entities.some((e) => e.name === n) ? n : undefined))
      .filter(Boolean) as string[],
  );
  for (const e of entities) if (!full && !take(catalogue.find(`entity:${e}`))) full = true;
  for (const r of model.relationships) {
    if (full) break;
    if (entities.has(r.from) && entities.has(r.to)) {
      if (!push(`join ${r.from} -> ${r.to} on ${r.on.map(([a, b]) => `${r.from}.${a} = ${r.to}.${b}`).join(' and ')}`)) full = true;
    }
  }
  for (const v of nearestVerified(question, options.verified ?? [], 3)) {
    if (full) break;
    const answer = v.query ? JSON.stringify(options.sendValues ? v.query : redactQueryValues(v.query).query) : `SQL: ${v.sql}`;
    if (!push(`example: "${v.question}" -> ${answer}`)) full = true;
  }
  return { text: lines.join('\n'), names, tokens };
}

/** Filter values replaced by placeholders `<v1>`, `<v2>` ... (privacy mode), and the way back. */
export function redactQueryValues(query: SemanticQuery): { query: SemanticQuery; values: Map<string, string | number | boolean> } {
  const values = new Map<string, string | number | boolean>();
  const redact = (fs: SemanticQuery['filters']) =>
    fs.map((f) => ({
      ...f,
      values: f.values.map((v) => {
        const key = `<v${values.size + 1}>`;
        values.set(key, v);
        return key;
      }),
    }));
  const filters = redact(query.filters);
  // a subset's filters hold dimension values too (privacy mode sends none of them)
  const subset_metrics = query.subset_metrics?.map((s) => ({
    ...s,
    filters: redact(s.filters),
    ...(s.label ? { label: '<subset>' } : {}),
  }));
  // so do a ratio's sides, and its labels (the question's words)
  const side = (x: RatioSide): RatioSide => ({
    ...x,
    ...(x.filters ? { filters: redact(x.filters) } : {}),
    ...(x.label ? { label: '<side>' } : {}),
  });
  const ratios = query.ratios?.map((r) => ({
    ...r,
    numerator: side(r.numerator),
    denominator: side(r.denominator),
    ...(r.label ? { label: '<ratio>' } : {}),
  }));
  // and the alternatives of an any-of group
  const any_of = query.any_of?.map((g) => ({ ...g, filters: redact(g.filters), ...(g.label ? { label: '<alternatives>' } : {}) }));
  return {
    query: {
      ...query,
      filters,
      ...(subset_metrics ? { subset_metrics } : {}),
      ...(ratios ? { ratios } : {}),
      ...(any_of ? { any_of } : {}),
    },
    values,
  };
}

function restoreSide(x: RatioSide, restore: (fs: SemanticQuery['filters']) => SemanticQuery['filters']): RatioSide {
  return x.filters ? { ...x, filters: restore(x.filters) } : x;
}

export function restoreQueryValues(query: SemanticQuery, values: Map<string, string | number | boolean>): SemanticQuery {
  if (!values.size) return query;
  const restore = (fs: SemanticQuery['filters']) =>
    fs.map((f) => ({ ...f, values: f.values.map((v) => (typeof v === 'string' && values.has(v) ? values.get(v)! : v)) }));
  return {
    ...query,
    filters: restore(query.filters),
    ...(query.subset_metrics ? { subset_metrics: query.subset_metrics.map((s) => ({ ...s, filters: restore(s.filters) })) } : {}),
    ...(query.any_of ? { any_of: query.any_of.map((g) => ({ ...g, filters: restore(g.filters) })) } : {}),
    ...(query.ratios
      ? {
          ratios: query.ratios.map((r) => ({
            ...r,
            numerator: restoreSide(r.numerator, restore),
            denominator: restoreSide(r.denominator, restore),
          })),
        }
      : {}),
  };
}
