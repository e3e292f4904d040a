/**
 * Dimensions: a thing's key, its naming column, text (indexed when it has few values), booleans,
 * and, from the number step, years, codes and small categories.
 */
import type { DraftContext, TableDraft, ColumnDraft } from './context.js';
import {
  NAME_COLUMN,
  NAME_PART_WORDS,
  US_STATES,
  WEEKDAY,
  isKeyLike,
  nameWords,
  partsOfSpeech,
  readable,
  sentence,
  singular,
} from './vocabulary.js';
import type { TableInfo } from '../../warehouse/types.js';
import type { ColumnProfile } from './profile.js';
import { MAX_INDEXED_VALUES } from '../values.js';
import { tableNames } from './tables.js';
import { thingNames } from './names.js';

/** The thing's own key, so "the customer ID" can be listed and grouped by. */
export function keyDimension(ctx: DraftContext, t: TableDraft): void {
  const { colSql, notes, dimensions, bareWords } = ctx;
  const { namesOwnKey } = tableNames(ctx);
  const { uniqueName, claim, columnWords } = thingNames(ctx);
  const { p, ew } = t;
  // The thing's own key, so "the customer ID" / "per course id" can be listed and grouped by.
  const pkCol = p.pk.length === 1 ? p.cols.get(p.pk[0]!) : undefined;
  if (
    pkCol &&
    (pkCol.kind === 'integer' || pkCol.kind === 'text') &&
    (p.pkWhy.startsWith('declared') || namesOwnKey(p, pkCol.name) || isKeyLike(pkCol.name))
  ) {
    const n = uniqueName(`${ew.join('_')}_id`, p.entity);
    const label = claim('dimension', [sentence([...ew, 'id'])])[0] ?? sentence([...ew, 'id']);
    const own = readable(columnWords(p, pkCol.name)).join(' ');
    dimensions.push({
      name: n,
      entity: p.entity,
      sql: colSql(pkCol.name),
      type: pkCol.kind === 'integer' ? 'number' : 'string',
      label,
      description: `${pkCol.name} of ${p.info.name}, its key (${pkCol.distinct} distinct values)`,
      synonyms: claim('dimension', own.includes(' ') && own !== label.toLowerCase() ? [own] : []),
      index_values: false,
    });
    notes[`dimensions:${n}`] = `the key of ${p.info.name}: lists and groups its rows by id, never summed`;
    (bareWords.get('id') ?? bareWords.set('id', []).get('id')!).push(n);
  }
}

/**
 * A thing with few members and no text at all (a shop's two stores) is named by its key, so
 * "customers per store" groups by store; a thing with many members (orders) stays one to average
 * over ("line items per order").
 */
export function nameByKey(ctx: DraftContext, t: TableDraft): void {
  const { p } = t;
  if (t.named || p.rows === 0 || p.rows > FEW_MEMBERS || ctx.dimensions.some((d) => d.name === p.entity)) return;
  // (nor when a text could name it, unique or not: a person looks at it first)
  if (p.info.columns.some((x) => p.cols.get(x.name)?.kind === 'text' && !t.keys.has(x.name))) return;
  const key = ctx.dimensions.find((d) => d.entity === p.entity && ctx.notes[`dimensions:${d.name}`]?.startsWith('the key of'));
  if (!key) return;
  const old = key.name;
  key.name = p.entity;
  ctx.notes[`dimensions:${p.entity}`] = `${ctx.notes[`dimensions:${old}`]}; no naming column and ${p.rows} rows: its key names it`;
  delete ctx.notes[`dimensions:${old}`];
  for (const names of ctx.bareWords.values()) names.forEach((n, i) => n === old && (names[i] = p.entity));
  t.named = true;
}
const FEW_MEMBERS = 100;

/** What every column step reads of a column, and `dim`, which drafts a dimension over it. */
export function columnDraft(ctx: DraftContext, t: TableDraft, col: TableInfo['columns'][number]): ColumnDraft | undefined {
  const { colSql, notes, dimensions } = ctx;
  const { keyish } = tableNames(ctx);
  const { claim, columnWords } = thingNames(ctx);
  const { p, keys, ew } = t;
  const c = p.cols.get(col.name);
  if (!c || c.kind === 'date' || c.kind === 'other') return;
  const words = columnWords(p, col.name);
  const rw = readable(words);
  const isKey = keys.has(col.name) || keyish(p, col.name);
  const label = sentence(rw);
  const desc = `${col.name} of ${p.info.name}`;
  // The column's words said of its thing: "business name", but "lake name" (never "lake lake name").
  const whose = (w: string[]) =>
    ew.length > 0 && ew.every((x, i) => singular(w[i] ?? '') === singular(x)) ? w.join(' ') : `${ew.join(' ')} ${w.join(' ')}`;
  const dim = (
    name: string,
    type: 'string' | 'number' | 'boolean',
    why: string,
    extra: NonNullable<Parameters<ColumnDraft['dim']>[3]> = {},
  ) => {
    let dLabel = extra.label ?? sentence(readable(nameWords(name)));
    // A phrase another table's column already took ("country" of customers and of employees) is
    // kept as a shared synonym: the interpreter reads it as the one of the thing the question is about.
    const shared: string[] = [];
    if (claim('dimension', [dLabel]).length === 0) {
      shared.push(dLabel.toLowerCase());
      dLabel = sentence([...ew, ...readable(nameWords(name))]);
    }
    claim('dimension', [dLabel]);
    const wanted = extra.synonyms ?? [];
    extra.synonyms = claim('dimension', wanted);
    shared.push(...wanted.filter((x) => !extra.synonyms!.includes(x)));
    extra.synonyms.push(...shared.filter((x) => x !== dLabel.toLowerCase() && x.split(' ').length <= 2));
    dimensions.push({
      name,
      entity: p.entity,
      sql: extra.sql ?? (c.userDefined ? `CAST(${colSql(col.name)} AS TEXT)` : colSql(col.name)),
      type,
      label: dLabel,
      description: `${desc} (${c.distinct} distinct values)`,
      synonyms: [...new Set(extra.synonyms ?? [])],
      index_values: extra.index ?? false,
      ...(extra.valueSynonyms ? { value_synonyms: extra.valueSynonyms } : {}),
      ...(extra.clock ? { clock: extra.clock } : {}),
      ...(extra.grain ? { grain: extra.grain } : {}),
    });
    notes[`dimensions:${name}`] = why;
  };
  return { col, c, words, rw, isKey, label, desc, whose, dim };
}

/**
 * A company that does something, named by its company column, is also "the <doing> company":
 * shippers are shipping companies, publishers publishing companies (the gerund must be a word).
 */
function agentCompany(ew: string[], rw: string[]): string[] {
  const agent = ew.length === 1 ? singular(ew[0]!) : '';
  if (!rw.includes('company') || !/(er|or)$/.test(agent)) return [];
  const gerund = `${agent.slice(0, -2)}ing`;
  return partsOfSpeech[gerund]?.includes('VBG') ? [`${gerund} company`, `${gerund} companies`] : [];
}

/** A text column: the thing's name, or a dimension (opaque text ids are skipped). */
export function textDimension(ctx: DraftContext, t: TableDraft, k: ColumnDraft): void {
  const { indexMax, profiles, bareWords } = ctx;
  const { uniqueName, columnWords, entityWords } = thingNames(ctx);
  const { p, keys, ew } = t;
  const { col, c, words, rw, isKey, whose, dim } = k;
  if (isKey && [nameWords(col.name), words].some((w) => /(^|_)(id|key|uuid)$/.test(w.join('_')))) return; // opaque text ids
  // `supplier_ids`: a list of other rows' keys in one text, neither a category nor a name; its values
  // (`4`, `1;6`) would be read as numbers a question says.
  if (/^(ids|keys|uuids)$/.test(nameWords(col.name).at(-1) ?? '')) {
    ctx.notes[`skipped:${p.entity}.${col.name}`] = 'a list of keys in one text: neither grouped by nor indexed';
    return;
  }
  // Only a unique name may stand for the thing: grouping "by business" on a name two businesses
  // share would add them up as one.
  // (a column NULL in most rows names nothing)
  const filled = (name: string) => (p.cols.get(name)?.nulls ?? 0) * 2 < p.rows;
  const distinctive = c.distinct === p.rows - c.nulls && p.rows > 0 && filled(col.name);
  // (a person is named by first and last name together: then no other "…_name" stands for them)
  // ("firstname" written as one word is a first name too)
  const personNames = p.info.columns.some(
    (x) =>
      filled(x.name) &&
      /^(first|last|given|family|sur)$/.test(readable(columnWords(p, x.name))[0] ?? '') &&
      readable(columnWords(p, x.name)).includes('name'),
  );
  const firstNameCol = personNames
    ? undefined
    : p.info.columns.find(
        (x) =>
          p.cols.get(x.name)?.kind === 'text' &&
          filled(x.name) &&
          columnWords(p, x.name).includes('name') &&
          !/^(first|last|middle|given|family|sur)/.test(columnWords(p, x.name)[0] ?? ''),
      );
  const nameLike =
    !t.named &&
    distinctive &&
    (NAME_COLUMN.test(words.join('_')) ||
      words.join('_') === `${ew.join('_')}_name` ||
      words.join('') === `${ew.join('')}name` ||
      (words.length === 2 && words[1] === 'name' && ew.includes(words[0]!)) ||
      (!p.info.columns.some((x) => NAME_COLUMN.test(columnWords(p, x.name).join('_'))) && firstNameCol?.name === col.name));
  if (nameLike) {
    t.named = true;
    const n = uniqueName(p.entity, p.entity);
    const ent = ew.join(' ');
    dim(n, 'string', `the ${words.join(' ')} of a ${ent}: names the ${ent}`, {
      label: sentence(ew),
      // (its column's own words too: `pet_name` naming an adoption is also "pet name")
      synonyms: [...new Set([whose(rw), ...(rw.length > 1 ? [rw.join(' ')] : []), ...agentCompany(ew, rw)])],
      index: indexable(c, indexMax),
    });
    const bare = rw[rw.length - 1]!;
    if (bare === 'name' || bare === 'title') (bareWords.get(bare) ?? bareWords.set(bare, []).get(bare)!).push(n);
    return;
  }
  // A bare "name" or "title" that does not stand for the thing (not unique) says whose it is:
  // "restaurant name", never "name", which any other noun before it would take over.
  const n = uniqueName(NAME_COLUMN.test(words.join('_')) ? [...ew, ...words].join('_') : words.join('_'), p.entity);
  // `city_name` of a restaurant is its city: "restaurants per city".
  // (Not when a table is that thing: "state" stays the states' own name; nor for a part of a person's
  // name: "first" of `first_name` is an ordinal, "hired first")
  const namedThing =
    words.length === 2 &&
    words[1] === 'name' &&
    !ew.includes(words[0]!) &&
    !NAME_PART_WORDS.has(words[0]!) &&
    !profiles.some((o) => entityWords(o).join(' ') === words[0])
      ? [readable([words[0]!]).join(' ')]
      : [];
  // Values that are all names of weekdays: "by day of the week", "per weekday".
  const weekday =
    c.sample.length > 0 && c.sample.every((v) => WEEKDAY.test(String(v).trim()))
      ? ['day of the week', 'day of week', 'weekday', 'weekdays']
      : [];
  const syn = [...(NAME_COLUMN.test(words.join('_')) ? [] : [rw.join(' ')]), whose(rw), ...namedThing, ...weekday].filter(
    (s) => s !== n.replace(/_/g, ' ') && s.toLowerCase() !== sentence(readable(nameWords(n))).toLowerCase(),
  );
  // Two-letter codes of US states: "California" is CA.
  const sampled = [...new Set(c.sample.map((v) => String(v).trim()))];
  const stateCodes =
    sampled.length > 0 && sampled.every((v) => /^[A-Z]{2}$/.test(v)) && sampled.filter((v) => US_STATES[v]).length >= 0.8 * sampled.length;
  // (only the codes seen: a code is also taken as a stored value, and "IN", "OR", "ME" are words)
  const valueSynonyms = stateCodes
    ? Object.fromEntries(sampled.filter((v) => US_STATES[v]).map((code) => [code, [US_STATES[code]!]]))
    : sexCodes(words, sampled);
  dim(
    n,
    'string',
    `text${indexable(c, indexMax) ? `, ${c.distinct} values: indexed so questions can name them` : ''}${keys.has(col.name) ? '; also a join key' : ''}${stateCodes ? '; codes of US states (their names are value synonyms)' : ''}`,
    { synonyms: syn, index: indexable(c, indexMax), ...(valueSynonyms ? { valueSynonyms } : {}) },
  );
  return;
}

/** The words of the sexes a one-letter code stands for (general English). */
const SEXES: Record<string, string[]> = { m: ['male', 'males', 'man', 'men'], f: ['female', 'females', 'woman', 'women'] };
/**
 * A sex or gender kept as one-letter codes ('M', 'F'): "female patients", "how many men" name them (value
 * synonyms). Only when every value seen is one of the two codes.
 */
function sexCodes(words: string[], sampled: string[]): Record<string, string[]> | undefined {
  if (!['sex', 'gender'].includes(words.at(-1) ?? '') || !sampled.length) return undefined;
  if (!sampled.every((v) => Object.prototype.hasOwnProperty.call(SEXES, v.toLowerCase()))) return undefined;
  return Object.fromEntries(sampled.map((v) => [v, SEXES[v.toLowerCase()]!]));
}

export function booleanDimension(ctx: DraftContext, t: TableDraft, k: ColumnDraft): void {
  const { uniqueName } = thingNames(ctx);
  const { p } = t;
  const { words, rw, dim } = k;
  // (a bare adjective, "discontinued", is also said "is discontinued": the flag's phrase)
  const said = FLAG_START.has(rw[0] ?? '') || rw.length !== 1 ? [] : [`is ${rw[0]}`];
  dim(uniqueName(words.join('_'), p.entity), 'boolean', 'boolean column', { synonyms: [rw.join(' '), ...said] });
  return;
}

/**
 * A time of day: a TIME column, or whole numbers named a time whose values read HHMM (0 to 2359, the last
 * two digits under 60: 930 = 9:30). "before 10 am", "in the evening" compare it (`clock`).
 */
export function clockKind(k: ColumnDraft): 'time' | 'hhmm' | undefined {
  const { c, words, isKey } = k;
  if (c.kind === 'time') return 'time';
  const named =
    words.includes('time') && !words.some((w) => /^(ms|milliseconds|seconds|secs|minutes|mins|hours|hrs|elapsed|duration)$/.test(w));
  if (c.kind !== 'integer' || isKey || !named || c.min === undefined || c.max === undefined) return undefined;
  return c.min >= 0 && c.max <= 2359 && c.max >= 100 && (c.maxLastTwo ?? 60) < 60 ? 'hhmm' : undefined;
}
export function clockDimension(ctx: DraftContext, t: TableDraft, k: ColumnDraft, clock: 'time' | 'hhmm'): void {
  const { uniqueName } = thingNames(ctx);
  k.dim(
    uniqueName(k.words.join('_'), t.p.entity),
    clock === 'time' ? 'string' : 'number',
    `a time of day (${clock === 'time' ? 'TIME' : 'HHMM'})`,
    {
      synonyms: [k.rw.join(' ')],
      clock,
    },
  );
}

/** Words that open a flag's name ("is_active", "has_projector", "can_vote"). */
const FLAG_START = new Set(['is', 'has', 'have', 'was', 'can', 'allows', 'includes', 'needs', 'requires']);
/** Words that close a flag's name: `abandoned_yn`, `member_flag`, `smoker_ind`. */
const FLAG_END = new Set(['yn', 'flag', 'ind', 'indicator', 'bool']);
/** Stored pairs of yes and no, the yes first (compared without case). */
const YES_NO: [string, string][] = [
  ['1', '0'],
  ['y', 'n'],
  ['yes', 'no'],
  ['t', 'f'],
  ['true', 'false'],
];

/**
 * A flag kept as a number or a text: exactly two values that are a yes and a no (0/1, Y/N, T/F, yes/no),
 * under a name that says a property (`is_active`, `has_wifi`, `abandoned_yn`, or one adjective or
 * participle: `discontinued`, `active`; or any name when stored as Y/N, T/F, yes/no). Its stored yes (as a SQL literal) and the words of its name
 * that say the property, or undefined when the column is no flag (`floor` with values 0 and 1 is a
 * count). A text must show both values in the sample (two values, one seen, could be any pair).
 */
export function flagColumn(k: ColumnDraft): { yes: string; words: string[] } | undefined {
  const { c, rw } = k;
  if (c.distinct !== 2 || (c.kind !== 'integer' && c.kind !== 'text')) return undefined;
  let yes: string | undefined;
  /** Stored as the letters of a yes and a no (Y/N, T/F, yes/no): a flag whatever its name, never a count. */
  let lettered = false;
  if (c.kind === 'integer') yes = c.min === 0 && c.max === 1 ? '1' : undefined;
  else {
    const seen = [...new Set(c.sample.map((v) => String(v).trim()))];
    const pair = YES_NO.find(([y, n]) => seen.length === 2 && seen.every((v) => [y, n].includes(v.toLowerCase())));
    const stored = pair && seen.find((v) => v.toLowerCase() === pair[0]);
    yes = stored && `'${stored.replace(/'/g, "''")}'`;
    lettered = !!pair && /^[a-z]/.test(pair[0]);
  }
  if (!yes) return undefined;
  const words = FLAG_END.has(rw.at(-1) ?? '') ? rw.slice(0, -1) : rw;
  const tags = (w: string) => (Object.prototype.hasOwnProperty.call(partsOfSpeech, w) ? partsOfSpeech[w]! : []);
  const property =
    (FLAG_START.has(words[0] ?? '') && words.length > 1) ||
    // (a participle the dictionary lacks: "soundproofed", "deleted")
    (words.length === 1 &&
      (tags(words[0]!).some((x) => x === 'JJ' || x === 'VBN') || (!tags(words[0]!).length && /..ed$/.test(words[0]!)))) ||
    (words.length >= 1 && words.length < rw.length) ||
    (lettered && words.length >= 1);
  return property ? { yes, words } : undefined;
}

/**
 * A flag kept as a number or a text (`flagColumn`) is drafted as the boolean it is, its SQL the
 * comparison with its yes: "discontinued products", "products that are not discontinued" read it as
 * any boolean column.
 */
export function flagDimension(ctx: DraftContext, t: TableDraft, k: ColumnDraft, flag: { yes: string; words: string[] }): void {
  const { uniqueName } = thingNames(ctx);
  const { p } = t;
  const { col, c, dim } = k;
  const said = FLAG_START.has(flag.words[0]!) ? [] : [`is ${flag.words.join(' ')}`];
  dim(uniqueName(flag.words.join('_'), p.entity), 'boolean', `${c.kind === 'integer' ? '0 or 1' : 'yes or no'}: a flag`, {
    synonyms: [flag.words.join(' '), ...said],
    sql: `(${ctx.colSql(col.name)} = ${flag.yes})`,
  });
}

/**
 * Whether a text column's values go into the value index, so that a question can name one ("billed
 * to Paris", "albums by Queen"): every column with few values, and one with up to
 * `MAX_INDEXED_VALUES` when most sampled values are short names (a few words), not free text —
 * a user names a city, a person or a title, never a comment.
 */
export function indexable(c: ColumnProfile, indexMax: number): boolean {
  if (c.distinct <= indexMax) return true;
  if (c.distinct > MAX_INDEXED_VALUES || c.sample.length === 0) return false;
  const short = c.sample.filter((v) => {
    const s = String(v).trim();
    return s.length <= 40 && s.split(/\s+/).length <= 5;
  });
  // (a few long names among them are still names: "Orchestra of the Age of Enlightenment")
  return short.length >= 0.8 * c.sample.length;
}

/**
 * Each end of a trip or match (from_airport, to_airport) gets the referenced thing's own text columns
 * under its role ("from_airport_airport_location", labelled "From airport location"), so a question can
 * say which end a value is at ("from Denver").
 */
export function endDimensions(ctx: DraftContext): void {
  const { roleEntities, dimensions, used, notes, colSql } = ctx;
  const { claim } = thingNames(ctx);
  for (const r of roleEntities) {
    if (!r.end) continue;
    const key = r.of.pk.length === 1 ? colSql(r.of.pk[0]!) : undefined;
    const roleWords = nameWords(r.name);
    for (const d of dimensions.filter((x) => x.entity === r.of.entity && (x.type ?? 'string') === 'string' && x.sql !== key)) {
      const name = `${r.name}_${d.name}`;
      if (used.has(name)) continue;
      used.add(name);
      // "From airport" + "airport location": the thing's word once
      const own = nameWords(d.label ?? d.name);
      const rest = roleWords.slice(1);
      const tail = rest.every((w, i) => own[i] === w) ? own.slice(rest.length) : own;
      dimensions.push({
        name,
        entity: r.name,
        sql: d.sql,
        type: 'string',
        // a label taken (the trip's own "from station" column) says the column's name instead
        label:
          claim('dimension', [sentence(readable([...roleWords, ...tail]))])[0] ??
          sentence(readable([...roleWords, ...nameWords(d.sql.replace(/^\$\{TABLE\}\./, ''))])),
        description: `${d.description ?? d.name}, of the ${readable(roleWords).join(' ')} (${r.column})`,
        synonyms: [],
        index_values: d.index_values ?? false,
      });
      notes[`dimensions:${name}`] = `${d.name} of the ${r.of.entity} at this end (${r.column})`;
    }
  }
}
