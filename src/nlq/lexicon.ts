/**
 * The interpreter's vocabulary, built once per (model, values) pair from the semantic model:
 * metric / dimension / time-dimension / entity names (underscores -> spaces), labels and
 * synonyms, stored dimension values, value synonyms and value groups. Phrases are stored as
 * sequences of lemmas in a trie so a question can be matched longest-phrase-first.
 */
import { valueForms } from './value-forms.js';
import type { SemanticModel } from '../semantic/model.js';
import { joinGraph } from '../semantic/graph.js';
import { participleOfYears, phraseKeys, tokenize, normalise } from './text.js';
import { expandedNames, namesExtent, SAID_WITH_QUALIFIER, sameMeaningReadings } from './linking.js';
import { columnOf, modelColumns, unitlessNames } from './unit-suffixes.js';
import { SENSE_NOUNS, columnsOfSense, sensesOfNoun } from './measure-senses.js';
import { nameWords, ownNumberColumns } from './units.js';
import { GENERIC_WORDS, PEOPLE, STOPWORDS } from './words.js';
import { countedByColumn } from './count-columns.js';
import { plural } from '../semantic/draft/vocabulary.js';

export type LexKind = 'metric' | 'dimension' | 'time_dimension' | 'value' | 'entity';

export interface LexEntry {
  kind: LexKind;
  /** Metric, dimension, time dimension or entity name; for values: the dimension. */
  target: string;
  /** Stored values (for kind 'value'). */
  values?: string[];
  /** Where the phrase comes from. */
  source: 'name' | 'label' | 'synonym' | 'abbreviation' | 'value' | 'value_synonym' | 'value_group' | 'value_part';
  /** The phrase as written in the model. */
  phrase: string;
  /**
   * A value that is also an ordinary word or code (SHIP, F, high): it needs capitals in the
   * question or its dimension named next to it.
   */
  weak?: 'word' | 'code' | 'part';
  /**
   * A word that is part of several stored values of one dimension, always in the same place
   * ("JUMBO" of JUMBO BOX, JUMBO PKG; "brass" of LARGE BRUSHED BRASS): the rows whose value starts,
   * ends or contains that word (source 'value_part', weak 'part').
   */
  pattern?: { op: 'starts_with' | 'ends_with' | 'contains'; text: string };
  /** Found through a noun of the same meaning (`addSameMeanings`): a noun, never a verb's form ("staffed"). */
  sameMeaning?: true;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  entries: LexEntry[];
}

export interface MetricInfo {
  name: string;
  label: string;
  entity?: string;
  agg?: string;
  timeBound: boolean;
  timeDimension?: string;
  alternates: string[];
  percent: boolean;
  /** Counted in units ("how many" can ask for it): a count, or an integer/number sum, not money or a rate. */
  countable: boolean;
}

export interface DimensionInfo {
  name: string;
  label: string;
  entity: string;
  type: string;
  /** Role variants: role prefix -> dimension (region -> {supplier: supplier_region}). */
  roles: Map<string, string>;
  /** For a role variant: its role prefix and the base dimension. */
  roleOf?: { role: string; base: string };
  /** Entities that own this dimension's default role (customer for region). */
  owners: Set<string>;
  /** Its values are years the name need not say (`debut`: `grain: year` in the model). */
  grain?: 'year';
}

export interface ValueShape {
  dimension: string;
  prefix: string; // lower-case, e.g. "customer#"
  storedPrefix: string; // as stored, e.g. "Customer#"
  digits: number; // zero padding of the example
}

export interface Lexicon {
  root: TrieNode;
  /** Every token of every phrase (for typo correction and "known word" checks). */
  vocab: Set<string>;
  vocabList: string[];
  /** Tokens of dimension, time-dimension and entity phrases (to spot values that are also model words, like SHIP). */
  modelWords: Set<string>;
  metrics: Map<string, MetricInfo>;
  dimensions: Map<string, DimensionInfo>;
  timeDimensions: Map<string, { name: string; label: string; grains: string[]; entity: string }>;
  entities: Map<string, { name: string; synonyms: string[] }>;
  /** Stored values per dimension, lower-case -> stored spelling. */
  valueIndex: Map<string, Map<string, string>>;
  /** Single-token values, lower-case -> dimensions (for demonyms: German -> GERMANY). */
  singleValues: Map<string, { dimension: string; value: string }[]>;
  shapes: ValueShape[];
  /** Words of glossary terms (domain vocabulary that is not a metric or dimension). */
  glossaryWords: Set<string>;
  /** Role prefixes (supplier). */
  roles: Set<string>;
}

/** Words that, as a value, must be confirmed (capitals or the dimension next to them). */
const COMMON_VALUE_WORDS = new Set([
  'high',
  'low',
  'medium',
  'top',
  'best',
  'most',
  'least',
  'new',
  'other',
  'all',
  'total',
  'average',
  'in',
  'on',
  'at',
  'by',
  'of',
  'to',
  'for',
  'and',
  'or',
  'not',
  'no',
  'yes',
  'none',
  'a',
  'an',
  'the',
  'is',
  'it',
  'us',
  'me',
  'one',
  'per',
  'each',
]);

/** A flag's name: a verb of having or being, then what it says ("has final exam", "is active"). */
const FLAG_PHRASE = /^(?:has|have|had|is|was|are|were|can|allows?|includes?|needs?|requires?|with)\s+(.+)$/;

/** Nouns that classify a thing ("food type"): also said the other way round ("type of food"). */
const CLASSIFIER_NOUNS = new Set([
  'type',
  'kind',
  'category',
  'class',
  'status',
  'level',
  'grade',
  'size',
  'colour',
  'color',
  'brand',
  'model',
  'mode',
  'method',
]);

const cache = new WeakMap<SemanticModel, WeakMap<Map<string, string[]>, Lexicon>>();

/** The entity's naming dimension: the dimension that bears the entity's own name ("customer"). */
export function dimensionOfEntity(lex: Lexicon, entity: string): string | undefined {
  const d = lex.dimensions.get(entity);
  return d && d.entity === entity ? d.name : undefined;
}

export function getLexicon(model: SemanticModel, values: Map<string, string[]>): Lexicon {
  let byValues = cache.get(model);
  if (!byValues) {
    byValues = new WeakMap();
    cache.set(model, byValues);
  }
  let lex = byValues.get(values);
  if (!lex) {
    lex = buildLexicon(model, values);
    byValues.set(values, lex);
  }
  return lex;
}

function humanName(name: string): string {
  return name.replace(/_/g, ' ');
}

/**
 * "net revenue" when "net sales" is a synonym of revenue: a modifier that opens a two-word synonym of
 * one figure, and is said of no other figure, said before the figure's own one-word name or label.
 * (A modifier another figure also uses, "gross" of gross sales and gross profit, tells them apart
 * and is never moved.)
 */
function modifiedNames(figures: { name: string; label?: string; synonyms: string[] }[]): [string, string][] {
  const phrases = (f: (typeof figures)[number]) =>
    [humanName(f.name), f.label ?? '', ...f.synonyms].map((x) => x.toLowerCase()).filter(Boolean);
  const wordsOf = new Map(figures.map((f) => [f.name, new Set(phrases(f).flatMap((p) => p.split(/\s+/)))]));
  const out: [string, string][] = [];
  for (const f of figures) {
    const own = phrases(f);
    // (its own name only: "net income" may mean profit wherever "income" is a synonym of sales)
    const heads = [humanName(f.name), f.label ?? ''].map((x) => x.toLowerCase()).filter((p) => p && !p.includes(' '));
    for (const modifier of new Set(
      own
        .map((p) => p.split(/\s+/))
        .filter((w) => w.length === 2)
        .map((w) => w[0]!),
    )) {
      if (STOPWORDS.has(modifier) || GENERIC_WORDS.has(modifier)) continue;
      if (figures.some((g) => g !== f && wordsOf.get(g.name)!.has(modifier))) continue;
      for (const head of heads) if (!own.includes(`${modifier} ${head}`)) out.push([`${modifier} ${head}`, f.name]);
    }
  }
  return out;
}

/**
 * "population density" of a thing whose `density` sits beside its population: a column word people say
 * with the name of another column of the same thing before it (`SAID_WITH_QUALIFIER`), only when the
 * thing has that column and nothing is called so already.
 */
function qualifiedNames<T extends { name: string; label?: string; synonyms: string[]; entity: string }>(
  elements: T[],
  model: SemanticModel,
  taken: (phrase: string) => boolean,
): [string, T][] {
  const out: [string, T][] = [];
  for (const x of elements) {
    for (const phrase of new Set([humanName(x.name), x.label ?? '', ...x.synonyms].map((p) => p.toLowerCase()).filter(Boolean))) {
      const words = phrase.split(/\s+/);
      const k = words.findIndex((w) => SAID_WITH_QUALIFIER.has(w));
      if (k < 0) continue;
      const qualifier = SAID_WITH_QUALIFIER.get(words[k]!)!;
      if (words.includes(qualifier)) continue;
      const beside = [...model.measures, ...model.dimensions].some(
        (o) =>
          o.entity === x.entity &&
          o.name !== x.name &&
          `${o.name} ${o.sql ?? ''}`
            .toLowerCase()
            .split(/[^a-z]+/)
            .includes(qualifier),
      );
      const said = [...words.slice(0, k), qualifier, ...words.slice(k)].join(' ');
      if (beside && !taken(said)) out.push([said, x]);
    }
  }
  return out;
}

/**
 * "altitude" of `mountain.mountain_altitude`: a column whose name repeats its table's name is called by the
 * rest of it ("the altitudes of the mountains"), when no other element is called so.
 */
function unprefixedNames<T extends { name: string; label?: string; synonyms: string[]; entity: string; sql?: string }>(
  elements: T[],
  taken: (phrase: string) => boolean,
): [string, T][] {
  // the rest of a column's name after its table's name ("altitude" of `mountain_altitude`)
  const restOf = (x: T) => {
    const column = /\$\{TABLE\}\.(\w+)$/.exec(x.sql ?? '')?.[1]?.toLowerCase();
    const thing = x.entity.toLowerCase();
    return column?.startsWith(`${thing}_`) ? column.slice(thing.length + 1).replace(/_/g, ' ') : undefined;
  };
  // (two tables with such a column of the same rest: the word says neither)
  const tables = new Map<string, Set<string>>();
  for (const x of elements) {
    const rest = restOf(x);
    if (rest) tables.set(rest, new Set([...(tables.get(rest) ?? []), x.entity]));
  }
  const found = new Map<string, T[]>();
  for (const x of elements) {
    const rest = restOf(x);
    if (!rest || tables.get(rest)!.size > 1) continue;
    const full = `${x.entity.toLowerCase().replace(/_/g, ' ')} ${rest}`;
    for (const phrase of new Set([humanName(x.name), x.label ?? '', ...x.synonyms].map((p) => p.toLowerCase()))) {
      if (!phrase.includes(full)) continue;
      const said = phrase.replace(full, rest).trim();
      if (!taken(said)) found.set(said, [...(found.get(said) ?? []), x]);
    }
  }
  return [...found].filter(([, xs]) => xs.length === 1).map(([p, xs]) => [p, xs[0]!]);
}

/**
 * "the size of Texas", "the height of Lhotse": a noun of a measured sense names a thing's one number column of
 * that sense (each sense of the noun the same column: `sensesOfNoun`, so "size" is an area before a population),
 * read as the column's own name reads, when nothing in the model is called so.
 */
function senseNouns(model: SemanticModel, root: TrieNode, taken: (phrase: string) => boolean): [string, Omit<LexEntry, 'phrase'>][] {
  const out: [string, Omit<LexEntry, 'phrase'>][] = [];
  for (const noun of SENSE_NOUNS.filter((n) => !taken(n))) {
    for (const e of model.entities.map((x) => x.name)) {
      const cols = ownNumberColumns(model, e);
      const fits = sensesOfNoun(noun).map((ws) => columnsOfSense(cols, ws));
      const column = fits[0]?.[0];
      if (!column || fits.some((f) => f.length !== 1 || f[0] !== column)) continue;
      const ofColumn = (x: { entity: string; sql?: string; filter?: unknown }) => x.entity === e && !x.filter && columnOf(x.sql) === column;
      const elements = new Set([...model.measures.filter(ofColumn), ...model.dimensions.filter(ofColumn)].map((x) => x.name));
      // (what the column is called alone: its name, or the rest of it after its table's name, "altitude" of
      // `mountain_altitude`, which two tables with such a column never are)
      const said = column.toLowerCase().startsWith(`${e.toLowerCase()}_`) ? column.slice(e.length + 1) : column;
      const entries = phraseEntries(root, nameWords(said).join(' ')).filter((x) => x.kind !== 'value' && elements.has(x.target));
      for (const x of new Map(entries.map((x) => [`${x.kind} ${x.target}`, x])).values())
        out.push([noun, { kind: x.kind, target: x.target, source: 'abbreviation' }]);
    }
  }
  return out;
}

/** A dimension's names as a question may say them: its name, label and synonyms, lower case, once each. */
function namesOf(d: SemanticModel['dimensions'][number]): Set<string> {
  return new Set([humanName(d.name), d.label ?? '', ...d.synonyms].map((x) => x.toLowerCase()).filter(Boolean));
}

/**
 * An element's names written short ("fname", "Dob", "staff_qty"), read out through the abbreviation
 * dictionary (schema linking); only readings no name, label or synonym of it already says.
 */
function abbreviated(x: { name: string; label?: string; synonyms: string[] }): string[] {
  const said = new Set([humanName(x.name), x.label ?? '', ...x.synonyms].map((s) => s.toLowerCase()));
  return [...new Set([x.name, x.label ?? '', ...x.synonyms].flatMap(expandedNames))].filter((p) => !said.has(p));
}

/**
 * Model phrases of two or three words written as one ("shipmode", "orderdate", "lastname"): the
 * joined form reads as the phrase (as an abbreviation would), unless it is a word of the model already.
 */
function addClosedCompounds(
  root: TrieNode,
  vocab: Set<string>,
  add: (phrase: string, entry: Omit<LexEntry, 'phrase'>, keys?: string[]) => void,
): void {
  const found: { keys: string[]; entries: LexEntry[] }[] = [];
  const walk = (node: TrieNode, keys: string[]) => {
    if (keys.length >= 2) {
      const entries = node.entries.filter((e) => e.kind !== 'value');
      if (entries.length && keys.every((k) => /^[a-z]+$/.test(k))) found.push({ keys, entries });
    }
    if (keys.length < 3) for (const [k, next] of node.next) walk(next, [...keys, k]);
  };
  walk(root, []);
  for (const { keys, entries } of found) {
    const joined = keys.join('');
    if (vocab.has(joined)) continue;
    for (const e of entries) add(joined, { kind: e.kind, target: e.target, source: 'abbreviation' }, [joined]);
  }
}

/**
 * "teachers" of an `instructor` table, "class title" of a course's title: a model phrase said with
 * another noun of the same meaning (`sameMeaningReadings`), read as that phrase. Never when the model
 * names something by that noun or that reading (the exact name wins and the other noun links to
 * nothing), nor when two of its phrases naming different things would both be read so. Its words are
 * no words of the model: a misspelt word is never corrected to one ("write" is no "writer").
 */
function addSameMeanings(
  root: TrieNode,
  add: (phrase: string, entry: Omit<LexEntry, 'phrase'>, keys: string[], known: boolean) => void,
): void {
  const entriesAt = (keys: readonly string[]) => {
    let node: TrieNode | undefined = root;
    for (const k of keys) node = node?.next.get(k);
    return node?.entries ?? [];
  };
  const phrases: { keys: string[]; entries: LexEntry[] }[] = [];
  const walk = (node: TrieNode, keys: string[]) => {
    const entries = node.entries.filter((e) => e.kind !== 'value');
    if (entries.length) phrases.push({ keys, entries });
    if (keys.length < 4) for (const [k, next] of node.next) walk(next, [...keys, k]);
  };
  walk(root, []);
  // (each reading with the things each phrase read so names: two phrases that share none name two things)
  const readings = new Map<string, { keys: string[]; entries: LexEntry[]; things: Set<string>[] }>();
  for (const { keys, entries } of phrases) {
    for (const r of sameMeaningReadings(keys)) {
      if (entriesAt(r.word).length || entriesAt(r.keys).length) continue;
      const key = r.keys.join(' ');
      const cur = readings.get(key) ?? { keys: r.keys, entries: [], things: [] };
      cur.entries.push(...entries);
      cur.things.push(new Set(entries.map((e) => `${e.kind}:${e.target}`)));
      readings.set(key, cur);
    }
  }
  for (const { keys, entries, things } of readings.values())
    if (things.every((a) => things.every((b) => [...a].some((t) => b.has(t)))))
      for (const e of entries) add(e.phrase, { kind: e.kind, target: e.target, source: 'synonym', sameMeaning: true }, keys, false);
}

/** The entries of exactly `phrase` in a lexicon trie (none when it is only a prefix of longer phrases). */
export function phraseEntries(root: TrieNode, phrase: string): LexEntry[] {
  let node: TrieNode | undefined = root;
  for (const k of phraseKeys(phrase)) node = node?.next.get(k);
  return node?.entries ?? [];
}

/**
 * Words that make up multi-word stored values ("JUMBO" of JUMBO BOX / JUMBO PKG, "brass" of
 * ... BRUSHED BRASS): a word found, as a whole word, in two or more values of exactly one indexed
 * dimension, always first, always last or always inside, reads as the rows whose value has it there
 * (a category's word: never in a thing's own name or title).
 * Never a model word or a stored value of its own; weak: it needs capitals, or its dimension or its
 * thing named next to it ("brass parts"); a two-letter word (LG of LG BOX) needs capitals.
 */
function addValueParts(
  model: SemanticModel,
  values: Map<string, string[]>,
  modelWords: Set<string>,
  singleValues: Map<string, unknown>,
  add: (phrase: string, entry: Omit<LexEntry, 'phrase'>, keys?: string[]) => void,
): void {
  const seen = new Map<string, { dimension: string; places: Set<'first' | 'last' | 'inside'>; count: number } | null>();
  for (const d of model.dimensions) {
    // categories only: a thing's own name or title ("Peter's Cafe", "John Smith") is not built from
    // category words, and a word shared by some names says nothing about what they are
    if (d.type !== 'string' || d.name === d.entity || /(?:^|_)(?:name|names|title|label)(?:_|$)/.test(d.name)) continue;
    const stored = values.get(d.name) ?? [];
    // (free text — comments, descriptions — is not a category either: short values only)
    if (stored.length > 2000 || stored.some((v) => typeof v === 'string' && (v.length > 40 || v.split(/\s+/).length > 4))) continue;
    const fullValues = new Set(stored.map((v) => String(v).toLowerCase()));
    for (const v of stored) {
      if (typeof v !== 'string') continue;
      const words = v.toLowerCase().split(/\s+/).filter(Boolean);
      if (words.length < 2) continue;
      words.forEach((w, i) => {
        if (!/^[a-z]{2,}$/.test(w) || fullValues.has(w)) return;
        const place = i === 0 ? 'first' : i === words.length - 1 ? 'last' : 'inside';
        const cur = seen.get(w);
        if (cur === null) return;
        if (cur && cur.dimension !== d.name) return void seen.set(w, null); // in two dimensions: not one reading
        const next = cur ?? { dimension: d.name, places: new Set(), count: 0 };
        next.places.add(place);
        next.count++;
        seen.set(w, next);
      });
    }
  }
  for (const [word, found] of seen) {
    if (!found || found.count < 2 || found.places.size !== 1) continue;
    const key = tokenize(word)[0]?.lemma;
    if (!key || modelWords.has(key) || modelWords.has(word) || singleValues.has(word) || STOPWORDS.has(word) || GENERIC_WORDS.has(word))
      continue;
    const place = [...found.places][0];
    const pattern =
      place === 'first'
        ? { op: 'starts_with' as const, text: `${word.toUpperCase()} ` }
        : place === 'last'
          ? { op: 'ends_with' as const, text: ` ${word.toUpperCase()}` }
          : { op: 'contains' as const, text: ` ${word.toUpperCase()} ` };
    add(word, { kind: 'value', target: found.dimension, values: [], source: 'value_part', weak: 'part', pattern }, [key]);
  }
}

export function buildLexicon(model: SemanticModel, values: Map<string, string[]>): Lexicon {
  const root: TrieNode = { next: new Map(), entries: [] };
  const vocab = new Set<string>();
  const modelWords = new Set<string>();

  // (`known` false: a phrase found but no word of the model, so never the correction of a misspelt word)
  const add = (phrase: string, entry: Omit<LexEntry, 'phrase'>, keys = phraseKeys(phrase), known = true) => {
    if (keys.length === 0) return;
    let node = root;
    for (const k of keys) {
      if (known) vocab.add(k);
      if (known && entry.kind !== 'value' && entry.kind !== 'metric') modelWords.add(k);
      let n = node.next.get(k);
      if (!n) {
        n = { next: new Map(), entries: [] };
        node.next.set(k, n);
      }
      node = n;
    }
    const full: LexEntry = { ...entry, phrase };
    const same = node.entries.find((e) => e.kind === full.kind && e.target === full.target && sameValues(e.values, full.values));
    if (!same) node.entries.push(full);
  };

  // measures and derived metrics
  const metrics = new Map<string, MetricInfo>();
  const measureEntity = new Map<string, string>();
  for (const m of model.measures) measureEntity.set(m.name, m.entity);
  const derivedEntity = (expr: string, seen = new Set<string>()): string | undefined => {
    const ents = new Set<string>();
    for (const id of expr.match(/[a-z][a-z0-9_]*/g) ?? []) {
      if (measureEntity.has(id)) ents.add(measureEntity.get(id)!);
      const d = model.metrics.find((x) => x.name === id);
      if (d && !seen.has(id)) {
        seen.add(id);
        const e = derivedEntity(d.expression, seen);
        if (e) ents.add(e);
      }
    }
    return ents.size === 1 ? [...ents][0] : undefined;
  };
  for (const m of model.measures) {
    metrics.set(m.name, {
      name: m.name,
      label: m.label ?? humanName(m.name),
      entity: m.entity,
      agg: m.agg,
      timeBound: m.time_bound,
      timeDimension: m.time_dimension,
      alternates: m.alternate_time_dimensions,
      percent: m.format.kind === 'percent',
      countable: m.format.kind === 'integer' || m.format.kind === 'number',
    });
  }
  for (const m of model.metrics) {
    metrics.set(m.name, {
      name: m.name,
      label: m.label ?? humanName(m.name),
      entity: derivedEntity(m.expression),
      timeBound: m.time_bound,
      timeDimension: m.time_dimension,
      alternates: m.alternate_time_dimensions,
      percent: m.format.kind === 'percent',
      countable: m.format.kind === 'integer' || m.format.kind === 'number',
    });
  }
  for (const m of [...model.measures, ...model.metrics]) {
    add(humanName(m.name), { kind: 'metric', target: m.name, source: 'name' });
    if (m.label) add(m.label, { kind: 'metric', target: m.name, source: 'label' });
    for (const s of m.synonyms) add(s, { kind: 'metric', target: m.name, source: 'synonym' });
    for (const x of abbreviated(m)) add(x, { kind: 'metric', target: m.name, source: 'abbreviation' });
  }
  for (const [phrase, target] of modifiedNames([...model.measures, ...model.metrics]))
    add(phrase, { kind: 'metric', target, source: 'synonym' });
  // "enrolled students", "students enrolled": a count of people kept on each row under a participle (`num_enrolled`)
  // is the people said so, when they are no thing of the model (then their rows are counted)
  for (const m of model.measures) {
    const counted = m.agg === 'sum' && m.sql ? countedByColumn(m.sql) : undefined;
    if (!counted || !('participle' in counted)) continue;
    const p = counted.participle;
    for (const person of PEOPLE) {
      if (model.entities.some((e) => e.name === person || phraseKeys(e.name).join(' ') === phraseKeys(person).join(' '))) continue;
      const people = plural(person);
      for (const phrase of [`${p} ${people}`, `${people} ${p}`, `${people} are ${p}`, `${people} were ${p}`])
        add(phrase, { kind: 'metric', target: m.name, source: 'synonym' });
    }
  }

  // entities
  const entities = new Map<string, { name: string; synonyms: string[] }>();
  for (const e of model.entities) {
    entities.set(e.name, { name: e.name, synonyms: e.synonyms });
    add(humanName(e.name), { kind: 'entity', target: e.name, source: 'name' });
    for (const s of e.synonyms) add(s, { kind: 'entity', target: e.name, source: 'synonym' });
    for (const x of abbreviated(e)) add(x, { kind: 'entity', target: e.name, source: 'abbreviation' });
  }

  // dimensions, with role variants (region / supplier_region)
  const dimensions = new Map<string, DimensionInfo>();
  const reach = reachability(model);
  for (const d of model.dimensions) {
    dimensions.set(d.name, {
      name: d.name,
      label: d.label ?? humanName(d.name),
      entity: d.entity,
      type: d.type,
      roles: new Map(),
      owners: new Set(),
      ...(d.grain ? { grain: d.grain } : {}),
    });
  }
  const roles = new Set<string>();
  for (const d of dimensions.values()) {
    for (const other of dimensions.values()) {
      if (other.name.endsWith(`_${d.name}`)) {
        const role = other.name.slice(0, -d.name.length - 1);
        d.roles.set(role, other.name);
        // the shortest name it ends with is its base (flight_from_airport_airport: airport, not from_airport_airport)
        if (!other.roleOf || other.roleOf.base.length > d.name.length) other.roleOf = { role, base: d.name };
        roles.add(role);
      }
    }
  }
  for (const d of dimensions.values()) {
    if (d.roles.size === 0) continue;
    const roleEntities = [...d.roles.values()].map((r) => dimensions.get(r)!.entity);
    for (const e of model.entities) {
      const reachesBase = e.name === d.entity || reach.get(e.name)?.has(d.entity);
      const reachesRole = roleEntities.some((re) => e.name === re || reach.get(e.name)?.has(re));
      if (reachesBase && !reachesRole) d.owners.add(e.name);
    }
  }
  for (const d of model.dimensions) {
    const alone = (x: string) => x.trim().includes(' ') || !participleOfYears(d, x);
    if (alone(humanName(d.name))) add(humanName(d.name), { kind: 'dimension', target: d.name, source: 'name' });
    if (d.label && alone(d.label)) add(d.label, { kind: 'dimension', target: d.name, source: 'label' });
    // ("stream crosses" of a column of the places streams pass: "streams cross Arden" is the things and their verb)
    const passed = namesExtent(columnOf(d.sql) ?? '');
    for (const s of d.synonyms)
      if (!passed || !thingNamed(model, d.entity, s)) add(s, { kind: 'dimension', target: d.name, source: 'synonym' });
    for (const x of abbreviated(d)) add(x, { kind: 'dimension', target: d.name, source: 'abbreviation' });
    // "food type" is also "type of food", "kind of food"
    for (const phrase of namesOf(d)) {
      const w = phrase.split(/\s+/);
      if (w.length === 2 && CLASSIFIER_NOUNS.has(w[1]!))
        for (const c of w[1] === 'type' ? ['type', 'kind'] : [w[1]!])
          add(`${c} of ${w[0]}`, { kind: 'dimension', target: d.name, source: 'synonym' });
    }
  }

  // time dimensions
  const timeDimensions = new Map<string, { name: string; label: string; grains: string[]; entity: string }>();
  for (const t of model.time_dimensions) {
    timeDimensions.set(t.name, { name: t.name, label: t.label ?? humanName(t.name), grains: t.grains, entity: t.entity });
    add(humanName(t.name), { kind: 'time_dimension', target: t.name, source: 'name' });
    if (t.label) add(t.label, { kind: 'time_dimension', target: t.name, source: 'label' });
    for (const s of t.synonyms) add(s, { kind: 'time_dimension', target: t.name, source: 'synonym' });
    for (const x of abbreviated(t)) add(x, { kind: 'time_dimension', target: t.name, source: 'abbreviation' });
  }

  // "budget" of `budget_amt`, "runtime" of `runtime_mins`: a name without its unit word
  const taken = (phrase: string) => phraseEntries(root, phrase).length > 0;
  const columns = modelColumns([...model.measures, ...model.dimensions]);
  // (a measure's column is shared by its sum and average: only its own names)
  for (const [phrase, m] of unitlessNames(
    [...model.measures, ...model.metrics].map((m) => ({ name: m.name, label: m.label, synonyms: m.synonyms })),
    taken,
    columns,
  ))
    add(phrase, { kind: 'metric', target: m.name, source: 'abbreviation' });
  for (const [phrase, d] of unitlessNames(model.dimensions, taken, columns))
    add(phrase, { kind: 'dimension', target: d.name, source: 'abbreviation' });
  for (const [phrase, m] of qualifiedNames(model.measures, model, taken))
    add(phrase, { kind: 'metric', target: m.name, source: 'abbreviation' });
  for (const [phrase, m] of unprefixedNames(model.measures, taken)) add(phrase, { kind: 'metric', target: m.name, source: 'abbreviation' });
  for (const [phrase, d] of qualifiedNames(model.dimensions, model, taken))
    add(phrase, { kind: 'dimension', target: d.name, source: 'abbreviation' });
  for (const [phrase, entry] of senseNouns(model, root, taken)) add(phrase, entry);
  addClosedCompounds(root, vocab, add);

  // values: stored values, value synonyms, value groups
  const valueIndex = new Map<string, Map<string, string>>();
  const singleValues = new Map<string, { dimension: string; value: string }[]>();
  const addValue = (dim: string, phrase: string, stored: string[], source: LexEntry['source'], flag = false) => {
    const toks = tokenize(normalise(phrase));
    if (toks.length === 0) return;
    const keys = toks.map((t) => t.lemma);
    let weak: LexEntry['weak'];
    if (phrase.replace(/[^A-Za-z0-9]/g, '').length <= 2 && source === 'value') weak = 'code';
    // (a flag's phrase is made of its dimension's own words: they do not make it weak)
    else if (keys.length === 1 && (COMMON_VALUE_WORDS.has(keys[0]) || (modelWords.has(keys[0]) && !flag))) weak = 'word';
    add(phrase, { kind: 'value', target: dim, values: stored, source, ...(weak ? { weak } : {}) }, keys);
  };
  for (const d of model.dimensions) {
    const idx = new Map<string, string>();
    valueIndex.set(d.name, idx);
    const stored = new Set<string>([...(values.get(d.name) ?? []), ...Object.keys(d.value_synonyms)]);
    for (const v of stored) {
      if (typeof v !== 'string' || v.trim() === '') continue;
      idx.set(v.toLowerCase(), v);
      if (stored.size > 2000) continue; // too many to match in free text (names): shapes only
      addValue(d.name, v, [v], 'value');
      const toks = v.toLowerCase().split(/\s+/);
      if (toks.length === 1 && /^[a-z]{4,}$/.test(toks[0])) {
        const list = singleValues.get(toks[0]) ?? [];
        list.push({ dimension: d.name, value: v });
        singleValues.set(toks[0], list);
      }
    }
    for (const [v, syns] of Object.entries(d.value_synonyms)) {
      for (const s of syns) addValue(d.name, s, [v], 'value_synonym');
    }
    // "successful" of `success`, "failed" of `fail`: never a model word or a stored value of its own
    if (stored.size <= 50)
      for (const v of stored)
        for (const form of valueForms(v))
          if (!stored.has(form) && !vocab.has(form) && !idx.has(form)) addValue(d.name, form, [v], 'value_synonym');
    for (const [g, members] of Object.entries(d.value_groups)) addValue(d.name, g, members, 'value_group');
    // A flag says what its rows have or are: "has_final_exam" is true for "courses with a final exam",
    // "is_active" for "active users" (and false for "without", "not").
    if (d.type === 'boolean') {
      for (const name of namesOf(d)) {
        const phrase = FLAG_PHRASE.exec(name)?.[1];
        if (phrase) addValue(d.name, phrase, ['true'], 'value_synonym', true);
      }
    }
  }

  addValueParts(model, values, modelWords, singleValues, add);
  addSameMeanings(root, add);

  // value shapes from description examples ("e.g. Customer#000000001")
  const shapes: ValueShape[] = [];
  for (const d of model.dimensions) {
    const m = /e\.g\.\s*([A-Za-z]+#)(\d+)/.exec(d.description);
    if (m) shapes.push({ dimension: d.name, prefix: m[1].toLowerCase(), storedPrefix: m[1], digits: m[2].length });
  }

  const glossaryWords = new Set<string>();
  for (const term of Object.keys(model.glossary)) for (const k of phraseKeys(term)) glossaryWords.add(k);

  return {
    root,
    vocab,
    vocabList: [...vocab].filter((w) => /^[a-z]{4,}$/.test(w)),
    modelWords,
    metrics,
    dimensions,
    timeDimensions,
    entities,
    valueIndex,
    singleValues,
    shapes,
    glossaryWords,
    roles,
  };
}

function sameValues(a?: string[], b?: string[]): boolean {
  if (!a || !b) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * entity -> the other entities it reaches to-one: the compiler's own rule (JoinGraph), so the
 * interpreter never offers a dimension the compiler would join another way or not at all.
 */
export function reachability(model: SemanticModel): Map<string, Set<string>> {
  const graph = joinGraph(model);
  return new Map(model.entities.map((e) => [e.name, new Set([...graph.pathsFrom(e.name).keys()].filter((x) => x !== e.name))]));
}

/** Longest phrase match starting at token i; `keysAt(j)` gives the candidate keys of token j. */
export function longestMatch(
  lex: Lexicon,
  n: number,
  i: number,
  keysAt: (j: number) => readonly string[],
): { len: number; entries: LexEntry[] } | null {
  let best: { len: number; entries: LexEntry[] } | null = null;
  const walk = (node: TrieNode, j: number) => {
    if (node.entries.length && (!best || j - i > best.len)) best = { len: j - i, entries: node.entries };
    if (j >= n) return;
    const seen = new Set<string>();
    for (const k of keysAt(j)) {
      if (seen.has(k)) continue;
      seen.add(k);
      const nx = node.next.get(k);
      if (nx) walk(nx, j + 1);
    }
  };
  walk(lex.root, i);
  return best;
}

/** A phrase that starts with a name of the entity ("stream crosses" of streams). */
function thingNamed(model: SemanticModel, entity: string, phrase: string): boolean {
  const e = model.entities.find((x) => x.name === entity);
  const first = phrase.toLowerCase().split(/\s+/)[0] ?? '';
  return [entity, ...(e?.synonyms ?? [])].some((n) => [first, `${first}s`].includes(n.toLowerCase()));
}
