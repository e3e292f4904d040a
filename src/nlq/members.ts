/** The columns that stand for an entity's members, read off the model (no lexicon, no analysis). */
import { ABBREVIATIONS } from './linking.js';
import { joinGraph } from '../semantic/graph.js';
import type { SemanticModel } from '../semantic/model.js';
import { dimensionOfEntity, type Lexicon } from './lexicon.js';
import { entriesOf, type Item } from './spans.js';
import { lemmas } from './text.js';
import { PEOPLE } from './words.js';

/** The dimension whose SQL is the entity's (single-column) primary key: its id. */
export function keyDimension(model: SemanticModel, entity: string): string | undefined {
  const e = model.entities.find((x) => x.name === entity);
  if (!e || Array.isArray(e.primary_key)) return undefined;
  const pk = String(e.primary_key).toLowerCase();
  const column = (sql: string) => sql.replace(/["`\s]/g, '').toLowerCase();
  return model.dimensions.find((d) => d.entity === entity && column(d.sql) === `\${table}.${pk}`)?.name;
}

export { dimensionOfEntity } from './lexicon.js';

/** Words that make a name part of a person's name ("first name"), not the name of another thing ("city name"). */
export const NAME_PARTS = new Set([
  'first',
  'last',
  'middle',
  'full',
  'given',
  'family',
  'sur',
  'display',
  'nick',
  'short',
  'long',
  'official',
  'legal',
  'common',
]);
/** Parts that ask for the whole name ("full name"), when no column holds that part of it. */
export const WHOLE_NAME = new Set(['full', 'complete', 'whole']);
/** The two halves of a person's name: "first" and "given" say the same half, "last", "family" and "sur" the other. */
const FIRST_PARTS = new Set(['first', 'given']);
const LAST_PARTS = new Set(['last', 'family', 'sur']);
export const samePart = (a: string, b: string) =>
  a === b || (FIRST_PARTS.has(a) && FIRST_PARTS.has(b)) || (LAST_PARTS.has(a) && LAST_PARTS.has(b));

/** Words of a column's name, a compound name part split ("firstname" = first name, "surname" = sur name). */
function nameWords(s: string, entityWords: Set<string>): string[] {
  // (a one-letter table prefix, "n_name", says nothing)
  const ws = s
    .replace(/\$\{TABLE\}\./g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !entityWords.has(w));
  // ("fname" = first name: a name part written short, read through the abbreviation dictionary)
  return ws.flatMap((w) =>
    w.length > 4 && w.endsWith('name') && NAME_PARTS.has(w.slice(0, -4))
      ? [w.slice(0, -4), 'name']
      : /name$/.test(ABBREVIATIONS.get(w)?.[0] ?? '')
        ? ABBREVIATIONS.get(w)![0]!.split(' ')
        : [w],
  );
}

/** The part of a person's name a dimension holds ("first" of first_name, firstname or "First name"), if it is one. */
export function namePart(model: SemanticModel, lex: Lexicon, dim: string): string | undefined {
  const d = model.dimensions.find((x) => x.name === dim);
  if (!d) return undefined;
  const entityWords = new Set(
    [d.entity, ...(lex.entities.get(d.entity)?.synonyms ?? [])].flatMap((x) => x.toLowerCase().split(/[^a-z0-9]+/)),
  );
  const parts = new Set(
    [d.name, d.label ?? '', d.sql]
      .map((s) => nameWords(s, entityWords))
      .filter((ws) => ws.length === 2 && ws[1] === 'name' && NAME_PARTS.has(ws[0]!))
      .map((ws) => ws[0]!),
  );
  return parts.size === 1 ? [...parts][0] : undefined;
}

/**
 * "name" of a person whose name is held in two columns, a first and a last name (and no other name):
 * both, first then last. Undefined otherwise.
 */
export function personName(model: SemanticModel, lex: Lexicon, names: string[]): string[] | undefined {
  if (names.length !== 2) return undefined;
  const first = names.find((n) => FIRST_PARTS.has(namePart(model, lex, n) ?? ''));
  const last = names.find((n) => LAST_PARTS.has(namePart(model, lex, n) ?? ''));
  return first && last ? [first, last] : undefined;
}

/**
 * A member's name: the entity's one name column, or a person's first and last name (`persons`); none when
 * "name" is not one thing of it.
 */
export function memberNames(model: SemanticModel, lex: Lexicon, entity: string, persons = true): string[] {
  const names = nameCandidates(model, lex, entity);
  if (names.length === 1) return names;
  return (persons ? personName(model, lex, names) : undefined) ?? [];
}

/**
 * The entity's dimensions a "name" could mean: its naming dimension, and any it calls its name or
 * title ("name", "title", "shop name", "first name", "firstname"); never the name of another thing ("city name").
 */
export function nameCandidates(model: SemanticModel, lex: Lexicon, entity: string): string[] {
  const own = dimensionOfEntity(lex, entity);
  const entityWords = new Set([entity, ...(lex.entities.get(entity)?.synonyms ?? [])].flatMap((x) => x.toLowerCase().split(/[^a-z0-9]+/)));
  const isName = (s: string) => {
    const ws = nameWords(s, entityWords);
    const last = ws[ws.length - 1];
    return (last === 'name' || last === 'title') && (ws.length === 1 || (ws.length === 2 && NAME_PARTS.has(ws[0]!)));
  };
  const found = model.dimensions
    .filter((d) => d.entity === entity && (d.name === own || [d.name, d.label ?? '', d.sql].some(isName)))
    .map((d) => d.name);
  // a person named by a first and a last name holds a job title, not a name ("title" of employees)
  const parts = found.map((n) => namePart(model, lex, n));
  if (parts.some((p) => FIRST_PARTS.has(p ?? '')) && parts.some((p) => LAST_PARTS.has(p ?? '')))
    return found.filter((n, i) => parts[i] || n === own);
  if (found.length) return found;
  // a thing with one attribute besides its key is named by it (a nation by its name)
  const key = keyDimension(model, entity);
  const others = model.dimensions.filter((d) => d.entity === entity && d.name !== key && (d.type ?? 'string') === 'string');
  return others.length === 1 && model.dimensions.filter((d) => d.entity === entity && d.name !== key).length === 1 ? [others[0]!.name] : [];
}

/** Column names of what a row with no name says: a review's text, a comment's body. */
const CONTENT_COLUMNS = new Set(['text', 'body', 'content', 'contents', 'comment', 'message']);

/** The one text dimension holding what a member with no name says (`review.text`): shown when it is listed. */
export function contentColumn(model: SemanticModel, entity: string): string | undefined {
  const found = model.dimensions.filter(
    (d) =>
      d.entity === entity &&
      (d.type ?? 'string') === 'string' &&
      CONTENT_COLUMNS.has(
        d.sql
          .replace(/^\$\{TABLE\}\./, '')
          .replace(/["`]/g, '')
          .toLowerCase(),
      ),
  );
  return found.length === 1 ? found[0]!.name : undefined;
}

/**
 * The dimension that stands for an entity's members in a breakdown ("top 5 salespersons"): its
 * naming dimension, else its key when the entity has names to show beside it (a person with first
 * and last names); a thing with neither has no member column to break down by.
 */
export function memberDimension(lex: Lexicon, model: SemanticModel, entity: string): string | undefined {
  return dimensionOfEntity(lex, entity) ?? (nameCandidates(model, lex, entity).length ? keyDimension(model, entity) : undefined);
}

/** The entity an item names: the thing itself, or the count of its rows ("orders"). */
export function entityNamedBy(lex: Lexicon, it: Item | undefined): string | undefined {
  if (!it || it.kind !== 'lex') return undefined;
  const ent = entriesOf(it, 'entity')[0]?.target;
  if (ent) return ent;
  return entriesOf(it, 'metric')
    .map((e) => lex.metrics.get(e.target))
    .find((x) => x?.agg === 'count' && !!x.entity)?.entity;
}

/** The one entity whose rows a phrase names (an entity, its count, the dimension naming it), if exactly one. */
export function rowsNamed(lex: Lexicon, it: Item): string | undefined {
  const named = new Set<string | undefined>();
  for (const e of it.entries ?? []) {
    if (e.kind === 'entity') named.add(e.target);
    else if (e.kind === 'metric') {
      const m = lex.metrics.get(e.target);
      named.add(m?.agg === 'count' ? m.entity : undefined);
    } else if (e.kind === 'dimension') {
      const d = lex.dimensions.get(e.target);
      named.add(d && dimensionOfEntity(lex, d.entity) === d.name ? d.entity : undefined);
    } else named.add(undefined);
  }
  return named.size === 1 ? [...named][0] : undefined;
}

/**
 * The one date of a thing's members ("papers after 2000": when each was published): its only own
 * time dimension, when no rows about it (rows that reach it) have dates of their own; else undefined
 * (customers with orders: "customers in 2023" may mean when they joined or when they ordered).
 */
export function onlyDateOf(model: SemanticModel, entity: string): string | undefined {
  const graph = joinGraph(model);
  const own = model.time_dimensions.filter((t) => t.entity === entity);
  const related = model.time_dimensions.filter((t) => t.entity !== entity && !!graph.path(t.entity, entity));
  return own.length === 1 && related.length === 0 ? own[0]!.name : undefined;
}

/** Titles said before a person's name (general English), written short or in full. */
const TITLE_WORDS = 'Dr|Prof|Mr|Mrs|Ms|Mx|Miss|Professor|Doctor';
const ANY_TITLE = new RegExp(`\\b(?:${TITLE_WORDS})\\b`);
/** A title, its dot, and the capitalised words after it (a name). */
const TITLES = new RegExp(`(?<![A-Z][a-z]*\\.?\\s)\\b(${TITLE_WORDS})(\\.?)\\s+([A-Z][\\w'-]*(?:\\s+[A-Z][\\w'-]*){0,2})`, 'g');

/**
 * "Dr. Ann Lee", "Prof. Hale", "Mr Smith": a title before a person's name says who, and is no word of
 * the model. The title is dropped when the name after it is a stored name of some thing (its whole
 * name, or a first or last name kept apart); a surname alone is the one stored full name that ends
 * with it, when exactly one does, and several are a question of which (`ambiguous`, each named). A
 * short title ("Dr.", "Prof") is dropped in any case; a title in full ("Professor", "Doctor") only
 * before a name found, as it may be a thing of the model.
 */
export function titledNames(
  text: string,
  lex: Lexicon,
  model: SemanticModel,
): { text: string; ambiguous?: { said: string; names: string[] } } {
  if (!ANY_TITLE.test(text)) return { text };
  const namings = model.entities.flatMap((e) => nameCandidates(model, lex, e.name));
  const stored = (phrase: string) => namings.some((d) => lex.valueIndex.get(d)?.has(phrase.toLowerCase()));
  let ambiguous: { said: string; names: string[] } | undefined;
  const out = text.replace(TITLES, (said: string, title: string, dot: string, name: string) => {
    const words = name.split(/\s+/);
    // (the longest run of the words after the title that is a stored name: "Ann Lee" of "Dr. Ann Lee Monday")
    for (let n = words.length; n > 0; n--) if (stored(words.slice(0, n).join(' '))) return name;
    if (words.length === 1) {
      const ending = ` ${name.toLowerCase()}`;
      const names = [
        ...new Set(
          namings.flatMap((d) => [...(lex.valueIndex.get(d)?.entries() ?? [])].filter(([v]) => v.endsWith(ending)).map(([, v]) => v)),
        ),
      ];
      if (names.length === 1) return names[0]!;
      if (names.length > 1) ambiguous ??= { said: `${title}${dot} ${name}`, names: names.sort() };
    }
    return title.length > 4 && !dot ? said : name;
  });
  return ambiguous ? { text: out, ambiguous } : { text: out };
}

/** Whether a thing's members are people: a noun for people in its name, or a first and a last name. */
export function isPeople(lex: Lexicon, model: SemanticModel, entity: string): boolean {
  const words = [entity, ...(lex.entities.get(entity)?.synonyms ?? [])].flatMap((x) => x.toLowerCase().split(/[^a-z]+/));
  if (words.some((w) => PEOPLE.has(w) || PEOPLE.has(lemmas(w)[0]))) return true;
  return !!personName(model, lex, nameCandidates(model, lex, entity));
}
