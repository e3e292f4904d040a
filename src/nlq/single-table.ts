/**
 * The single-table reading: a question about the rows of ONE thing, read from its schema links alone.
 * Projection ("the names and cities of the suppliers"), row conditions on the thing's own columns
 * ("with a size between 5 and 15", "whose balance is over 9000", "in FRANCE"), counts ("count the
 * parts", "how many different brands") and aggregates of its columns, several at once ("the lowest
 * and highest price"). Each part of the grammar claims the tokens it reads; the reading stands only
 * when every token is claimed (a linked element, a number, a function word), otherwise there is none
 * and the general interpreter's refusal stands. Tried only after that interpreter refused.
 */
import type { SemanticModel } from '../semantic/model.js';
import type { AggregateFilter, ColumnAggregate, DimensionFilter, GroupBy, SemanticQuery, TimeRange } from '../semantic/query.js';
import { shortestJoinPaths } from '../semantic/graph.js';
import { getLexicon, type LexEntry, type Lexicon } from './lexicon.js';
import { linkQuestion, nameTokens, type LinkCandidate } from './linking.js';
import { columnOf, isDurationUnit, ownNumberColumns, unitSpellings } from './units.js';
import { PEOPLE } from './constructions/people-living.js';
import { LIVING } from './words.js';
import { comparativeSense, measuredSense, POPULATION, columnsOfSense, senseColumns, VERB_SENSES } from './measure-senses.js';
import { dimensionOfEntity, keyDimension, memberDimension, nameCandidates, onlyDateOf } from './members.js';
import { normalise, tokenize, verbOf, type Token } from './text.js';
import { dateWords, verbNamesDate } from './constructions/dated-verb.js';
import { expandShortYears, findTimeExpressions } from './time.js';
import { clocksNamed } from './constructions/clock-column.js';
import { monthOnColumn } from './year-columns.js';
import type { InterpretContext, Interpretation } from './types.js';

type Agg = ColumnAggregate['agg'];
/** Words of an aggregate of a column: "the lowest price", "average salary". */
export const AGG_WORDS: ReadonlyMap<string, Agg> = new Map([
  ['minimum', 'min'],
  ['min', 'min'],
  ['lowest', 'min'],
  ['smallest', 'min'],
  ['maximum', 'max'],
  ['max', 'max'],
  ['highest', 'max'],
  ['largest', 'max'],
  ['biggest', 'max'],
  ['greatest', 'max'],
  ['average', 'avg'],
  ['mean', 'avg'],
  ['avg', 'avg'],
  ['total', 'sum'],
  ['sum', 'sum'],
]);

/** An aggregate word ("average", "total", "lowest"), said of one column or of several rows. */
export const namesAggregate = (t: Token) => AGG_WORDS.has(t.lower) || ['overall', 'combined', 'typical', 'median'].includes(t.lower);

export const AGG_LABELS: Record<Agg, string> = { min: 'Lowest', max: 'Highest', avg: 'Average', sum: 'Total' };
/**
 * Words of the first or last value of a date ("the earliest order date", "the most recent hire date") or,
 * with the aggregate words' min/max, of a text column in its sort order ("the minimum name"): one value.
 */
const FIRST_WORDS = new Set(['earliest', 'first', 'oldest']);
const LAST_WORDS = new Set(['latest', 'last', 'newest']);

/** Words that ask, point or join, and carry nothing a query holds. */
const FUNCTION_WORDS = new Set(
  `what which is are was were be the a an of for all every show list give me find return tell get display
  please there do does their its his her i we you want know would like see can could any each
  that who whose with have has having where whom these those this about`.split(/\s+/),
);
/** Words that begin a listing of the thing's rows ("list the suppliers in FRANCE"). */
const LIST_WORDS = new Set(['list', 'show', 'give', 'find', 'return', 'which', 'what', 'display', 'get']);
/** Row comparisons: the words, the operator, and how many numbers follow. */
const COMPARISONS: { words: string[]; op: DimensionFilter['op'] }[] = [
  { words: ['more', 'than'], op: 'gt' },
  { words: ['greater', 'than'], op: 'gt' },
  { words: ['higher', 'than'], op: 'gt' },
  { words: ['larger', 'than'], op: 'gt' },
  { words: ['bigger', 'than'], op: 'gt' },
  { words: ['above'], op: 'gt' },
  { words: ['over'], op: 'gt' },
  { words: ['exceeding'], op: 'gt' },
  { words: ['at', 'least'], op: 'gte' },
  { words: ['no', 'less', 'than'], op: 'gte' },
  { words: ['less', 'than'], op: 'lt' },
  { words: ['lower', 'than'], op: 'lt' },
  { words: ['smaller', 'than'], op: 'lt' },
  { words: ['fewer', 'than'], op: 'lt' },
  { words: ['below'], op: 'lt' },
  { words: ['under'], op: 'lt' },
  { words: ['at', 'most'], op: 'lte' },
  { words: ['no', 'more', 'than'], op: 'lte' },
  { words: ['equal', 'to'], op: 'eq' },
  { words: ['exactly'], op: 'eq' },
  { words: ['of'], op: 'eq' },
  { words: ['between'], op: 'between' },
  { words: ['from'], op: 'between' },
];

/** One aggregate of a column over the thing's rows (those of `filters`), compared with in place of a value. */
type Than = { aggregate: AggregateFilter['aggregate']; filters?: DimensionFilter[] };
/** A row condition read: a filter, or a column against an aggregate of it (`than`, no values). */
type Filter = DimensionFilter & { than?: Than };
/** A figure a column is compared with, and where the words end. */
type AggregateTarget = { than: Than; end: number };

/** What a stretch of the question reads as, once the thing is chosen. */
type Part =
  | { kind: 'word'; at: number; lower: string }
  | { kind: 'number'; at: number; value: number; percent: boolean; token: Token }
  /** The thing itself (its name, its count's name, its naming column). */
  | { kind: 'entity'; at: number; to: number }
  /** A column of the thing: a dimension, or a row attribute (a measure's per-row value). */
  | { kind: 'column'; at: number; to: number; name: string; number: boolean; dimension: boolean }
  /** A measure of the thing named whole ("average cost", "number of sales"). */
  | { kind: 'metric'; at: number; to: number; name: string }
  | { kind: 'value'; at: number; to: number; dimension: string }
  /** A date of the thing (a time dimension). */
  | { kind: 'date'; at: number; to: number; name: string };

/** A measure whose per-row value is a number column of its own table (the compiler's row attribute). */
export function rowAttribute(model: SemanticModel, name: string): { entity: string } | undefined {
  const m = model.measures.find((x) => x.name === name);
  if (!m || !['sum', 'avg', 'min', 'max'].includes(m.agg) || m.filter || !m.sql?.includes('${TABLE}')) return undefined;
  if ([...m.sql.matchAll(/\$\{(\w+)\}/g)].some((x) => x[1] !== 'TABLE')) return undefined;
  return model.dimensions.some((d) => d.name === name) ? undefined : { entity: m.entity };
}

/**
 * The number column of a thing stored under a name ("age"): one name for it (a number dimension, else
 * a row attribute: the measures over one column compare the same per-row value), one per column.
 */
function columnsNamed(model: SemanticModel, thing: string, column: string, loose = false): string[] {
  // (loose: a word before the name and a unit after it, "mountain_altitude", "length_km")
  const name = loose ? `(?:[a-z]+_)?${column}${UNIT_SUFFIX}` : column;
  const re = new RegExp(`^\\$\\{TABLE\\}\\.["\`]?${name}["\`]?$`, 'i');
  const dims = model.dimensions.filter((d) => d.entity === thing && d.type === 'number' && re.test(d.sql.trim())).map((d) => d.name);
  if (dims.length) return dims;
  const attrs = model.measures.filter((m) => m.entity === thing && !!m.sql && re.test(m.sql.trim()) && rowAttribute(model, m.name));
  // (one per column: a sum and an average of one column are one column)
  const bySql = new Map(attrs.map((m) => [m.sql!.trim().toLowerCase(), m.name]));
  return [...bySql.values()];
}

/**
 * The thing's number columns a sense's words name, as the superlative finds them (a word of the column's
 * name: `length_km`, `mountain_altitude`), its fallback words only when the others name none.
 */
function senseNamed(model: SemanticModel, thing: string, words: readonly string[]): string[] {
  const columns = columnsOfSense(ownNumberColumns(model, thing), words);
  return [...new Set(columns.flatMap((c) => columnsNamed(model, thing, c)))];
}
/**
 * "how long is the Mississippi", "how many people live in Ohio" where the name is also stored elsewhere (a
 * state named Mississippi, rivers listing the states they cross): the one thing that holds the measurement
 * (its one column the words name) and has every value named in its own naming columns; that value then
 * names its member, never rows of other things that mention it.
 */
function measuredOwner(
  model: SemanticModel,
  lex: Lexicon,
  tokens: Token[],
  spans: { cands: LinkCandidate[]; entries: LexEntry[] }[],
): { thing: string; names: string[] } | undefined {
  const k = tokens.findIndex((t) => t.lower === 'how');
  const adjective = tokens[k + 1]?.lower ?? '';
  const columns =
    k >= 0 && measuredSense(adjective) && ['is', 'are', 'was', 'were'].includes(tokens[k + 2]?.lower ?? '')
      ? measuredSense(adjective)!
      : k >= 0 && adjective === 'many' && PEOPLE.has(tokens[k + 2]?.lower ?? '')
        ? POPULATION
        : undefined;
  if (!columns || !spans.some((s) => s.cands.some((c) => c.kind === 'value'))) return undefined;
  // (a sense's fallback words only when no thing named has a column of its other words: "how big is Tokyo"
  // of a state with an area and a city with a population is the state's area)
  const fits = senseColumns(columns, (ws) => {
    const found: { thing: string; names: string[] }[] = [];
    for (const e of model.entities.map((x) => x.name)) {
      if (senseNamed(model, e, ws).length !== 1) continue;
      const names = [...nameCandidates(model, lex, e), keyDimension(model, e)].filter((d): d is string => !!d);
      const ok = spans.every((s) =>
        s.cands.some((c) => c.kind === 'value')
          ? s.cands.some((c) => c.kind === 'value' && names.includes(c.target))
          : s.entries.some((x) => ownerOf(lex, model, x) === e),
      );
      if (ok) found.push({ thing: e, names });
    }
    return found;
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/** A unit written after a column's name ("length_km", "weight_kg", "age_years"). */
const UNIT_SUFFIX = '(?:_(?:km|m|mi|miles|ft|feet|cm|mm|kg|g|lb|lbs|t|years|yrs|sqkm|sqmi|min|mins|minutes|secs|seconds|hrs|hours))?';

/** What "all the ___ about X" says of every column. */
const ALL_COLUMNS = ['information', 'info', 'details', 'detail', 'data', 'columns', 'fields', 'attributes'];

/**
 * Every column of a thing, for "all the information about": its key first, each dimension, each date
 * (by day), and each number kept in a measure (one per column: a sum and an average of one column are
 * one column).
 */
function everyColumn(model: SemanticModel, thing: string): GroupBy[] {
  const key = keyDimension(model, thing);
  const out: GroupBy[] = key ? [{ dimension: key }] : [];
  const sqls = new Set<string>();
  for (const d of model.dimensions.filter((x) => x.entity === thing && x.name !== key)) {
    out.push({ dimension: d.name });
    sqls.add(d.sql);
  }
  for (const t of model.time_dimensions.filter((x) => x.entity === thing)) out.push({ dimension: t.name, grain: 'day' });
  for (const m of model.measures.filter((x) => x.entity === thing && rowAttribute(model, x.name))) {
    if (sqls.has(m.sql!)) continue;
    sqls.add(m.sql!);
    out.push({ dimension: m.name });
  }
  return out;
}

/** Words of a name or label, lower case, each as its noun lemma. */
const labelWords = (s: string) => tokenize(s.replace(/_/g, ' ').toLowerCase()).map((t) => t.lemma);

/** The thing's dimensions and measures whose name or label is the thing's name followed by these words. */
function ownElements(model: SemanticModel, thing: string, span: Token[]): { kind: 'dimension' | 'metric'; target: string }[] {
  const entity = model.entities.find((e) => e.name === thing);
  const prefixes = [thing, ...(entity?.synonyms ?? [])].map((x) => labelWords(x).join(' '));
  const phrase = span.map((t) => t.lemma).join(' ');
  const names = (x: { name: string; label?: string }) => [x.name, x.label ?? ''].map((n) => labelWords(n).join(' '));
  const says = (x: { name: string; label?: string }) => names(x).some((n) => prefixes.some((p) => n === `${p} ${phrase}`));
  return [
    ...model.dimensions.filter((d) => d.entity === thing && says(d)).map((d) => ({ kind: 'dimension' as const, target: d.name })),
    ...model.measures.filter((m) => m.entity === thing && says(m)).map((m) => ({ kind: 'metric' as const, target: m.name })),
  ];
}

/** The entity a linked element belongs to, or undefined when it belongs to none (a metric over several). */
function ownerOf(lex: Lexicon, model: SemanticModel, e: LexEntry): string | undefined {
  if (e.kind === 'entity') return e.target;
  if (e.kind === 'dimension' || e.kind === 'value') return lex.dimensions.get(e.target)?.entity;
  if (e.kind === 'metric') return model.measures.find((m) => m.name === e.target)?.entity;
  if (e.kind === 'time_dimension') return model.time_dimensions.find((t) => t.name === e.target)?.entity;
  return undefined;
}

/** A unit after a condition: the column's own (its name says it: `weight_kg`), another ('other': a conversion), or none. */
function unitSaid(model: SemanticModel, name: string, after: Part | undefined): 'own' | 'other' | undefined {
  const unit = after?.kind === 'word' ? unitSpellings(after.lower) : undefined;
  if (!unit) return undefined;
  const column = columnOf(model.dimensions.find((d) => d.name === name)?.sql ?? model.measures.find((m) => m.name === name)?.sql);
  return column && nameTokens(column).some((w) => unit.includes(w)) ? 'own' : 'other';
}

/** A row attribute whose measures show a fraction as a percent: the draft read its values (all between 0 and 1). */
const isFraction = (model: SemanticModel, name: string) => model.measures.find((m) => m.name === name)?.format.kind === 'percent';

/** A verb's inflected form that is no plural noun ("aged", "priced", "sized"). */
const isVerbForm = (t: Token) => t.lemma === t.lower && t.verb !== t.lower;

/** How many first tokens of a phrase name the thing itself ("teachers" of "teachers aged"), 0 when none do. */
function thingBefore(lex: Lexicon, thing: string, span: Token[]): number {
  for (let n = span.length - 1; n > 0; n--)
    if (linkQuestion(span.slice(0, n), lex).some((c) => c.i === 0 && c.j === n && c.kind === 'entity' && c.target === thing)) return n;
  return 0;
}

/** The one word a part reads (a linked column's too: "milliseconds"), else ''. */
function oneWord(p: Part | undefined, tokens: Token[]): string {
  if (p?.kind === 'word') return p.lower;
  return p && 'to' in p && p.to === p.at + 1 ? tokens[p.at]!.lower : '';
}

/** The thing's one number column (a number dimension or a row attribute) the model calls "<thing> <word>". */
function ownNumberColumn(model: SemanticModel, thing: string, token: Token): string | undefined {
  const found = ownElements(model, thing, [token]).filter((e) =>
    e.kind === 'dimension' ? model.dimensions.find((d) => d.name === e.target)?.type === 'number' : !!rowAttribute(model, e.target),
  );
  const sqls = new Set(
    found.map((e) => (model.dimensions.find((d) => d.name === e.target) ?? model.measures.find((m) => m.name === e.target))?.sql),
  );
  return sqls.size === 1 ? found[0]!.target : undefined;
}

/** The thing's one naming column ("the name of album 5": its title), if it has one. */
function namingColumn(model: SemanticModel, lex: Lexicon, thing: string): string | undefined {
  const names = nameCandidates(model, lex, thing);
  return dimensionOfEntity(lex, thing) ?? (names.length === 1 ? names[0] : undefined);
}

/** The plain count of an entity's rows. */
const countOf = (model: SemanticModel, entity: string) =>
  model.measures.find((m) => m.entity === entity && m.agg === 'count' && !m.filter)?.name;

/**
 * The single-table reading of a question, or undefined when some word is not read by it (then the
 * general interpreter's answer stands).
 */
export function readSingleTable(
  question: string,
  ctx: InterpretContext,
  only?: 'aggregates' | 'measured',
): Extract<Interpretation, { kind: 'query' }> | undefined {
  const { model } = ctx;
  const said = expandShortYears(normalise(question).trim(), ctx.asOf);
  // (the pass before the general rules costs nothing to a question with no aggregate word)
  if (only === 'aggregates' && !tokenize(said).some((t) => AGG_WORDS.has(t.lower))) return undefined;
  const lex = getLexicon(model, ctx.values);
  // "the total attendance of gigs in 2023", "venues opened before 2005": one period, of the thing's one own
  // date (checked once the thing is known); the rest of the words are read without it. Two periods, or
  // days of the week, have their own rules (which date, which calendar): not read here.
  const hits = findTimeExpressions(said.toLowerCase(), ctx.asOf);
  if (hits.length > 1 || hits.some((h) => h.range.days)) return undefined;
  const hit = hits[0];
  const text = hit ? `${said.slice(0, hit.from)} ${said.slice(hit.to)}`.replace(/\s+/g, ' ').trim() : said;
  const tokens = tokenize(text);
  const links = linkQuestion(tokens, lex);

  // the longest link at each token, left to right (a phrase is read whole or not at all)
  const spans: { i: number; j: number; cands: LinkCandidate[]; entries: LexEntry[] }[] = [];
  for (let i = 0; i < tokens.length;) {
    const here = links.filter((c) => c.i === i);
    const t = tokens[i]!;
    // a number is a number (never a stored text "5" in "top 5"), unless its column is named right before it
    if (!here.length || t.num !== undefined) {
      i++;
      continue;
    }
    let j = Math.max(...here.map((c) => c.j));
    let cands = here.filter((c) => c.j === j);
    // "the category of product 2": a phrase ending in "of" a thing whose number follows stops before "of"
    // (the thing and its number are one member, read with the thing below)
    const of = tokens.slice(i, j).findIndex((x) => x.lower === 'of') + i;
    if (tokens[j]?.num !== undefined && of > i) {
      const whole = (from: number, to: number) =>
        linkQuestion(tokens.slice(from, to), lex)
          .filter((c) => c.i === 0 && c.j === to - from)
          .map((c) => ({ ...c, i: c.i + from, j: c.j + from }));
      const head = whole(i, of);
      if (head.length && whole(of + 1, j).some((c) => c.kind === 'entity')) [j, cands] = [of, head];
    }
    spans.push({ i, j, cands, entries: [] });
    i = j;
  }
  // the entries behind each candidate (the lexicon's, to read values and owners)
  for (const s of spans) s.entries = s.cands.map((c) => ({ kind: c.kind, target: c.target, source: c.source, phrase: '' }) as LexEntry);

  // the one thing: the one named, else the one every linked element can belong to
  const named = new Set(spans.flatMap((s) => s.entries.filter((e) => e.kind === 'entity').map((e) => e.target)));
  let things: Set<string> | undefined;
  for (const s of spans) {
    const owners = new Set(s.entries.map((e) => ownerOf(lex, model, e)).filter((x): x is string => !!x));
    things = things ? new Set([...things].filter((x) => owners.has(x))) : owners;
  }
  let thing = named.size === 1 ? [...named][0]! : things?.size === 1 ? [...things][0]! : undefined;
  // "how long is the Mississippi": the member named by its own name, of the one thing holding the measurement
  const byName = !thing && only === 'measured' ? measuredOwner(model, lex, tokens, spans) : undefined;
  if (byName) thing = byName.thing;
  if (!thing) return undefined;
  const ownDates = model.time_dimensions.filter((t) => t.entity === thing);
  if (hit && ownDates.length > 1) return undefined;
  // "fixtures in April": a month without its year is every year's on the thing's column of month names;
  // with no such column, or beside a date of the thing's own, which year is asked (the general rules)
  const month = hit?.yearless ? monthOnColumn(model, lex, thing, hit, ownDates[0]?.name, false) : undefined;
  if (hit?.yearless && (!month || month === 'dated')) return undefined;
  const monthFilter = month && month !== 'dated' ? month : undefined;
  if (hit && !monthFilter && ownDates.length !== 1) return undefined;
  const period: (TimeRange & { dimension: string }) | undefined =
    hit && !monthFilter ? { dimension: ownDates[0]!.name, ...hit.range } : undefined;
  // a phrase the model writes with the thing's name before it ("account balance" of suppliers = the
  // supplier account balance): the thing's own element
  for (const s of spans) {
    if (s.entries.some((e) => ownerOf(lex, model, e) === thing)) continue;
    const own = ownElements(model, thing, tokens.slice(s.i, s.j));
    s.cands = own.map((e) => ({ i: s.i, j: s.j, kind: e.kind, target: e.target, source: 'label', score: 1 }));
    s.entries = s.cands.map((c) => ({ kind: c.kind, target: c.target, source: c.source, phrase: '' }) as LexEntry);
  }

  // each token's part, read with the thing chosen
  const parts: Part[] = [];
  let k = 0;
  for (let i = 0; i < tokens.length;) {
    const s = spans[k]?.i === i ? spans[k++] : undefined;
    const t = tokens[i]!;
    // "contact name and title", "manager name and phone": a modifier said once before coordinated
    // columns is the next word's too, when the thing has that column
    const before = parts.at(-2);
    const modified =
      (!s || s.j === i + 1) && ['and', ','].includes(tokens[i - 1]?.lower ?? '') && before?.kind === 'column' && before.to - before.at === 2
        ? ownElements(model, thing, [tokens[before.at]!, t]).filter((e) => e.kind === 'dimension')
        : [];
    if (modified.length === 1) {
      parts.push({ kind: 'column', at: i, to: i + 1, name: modified[0]!.target, number: false, dimension: true });
      i++;
      continue;
    }
    if (!s) {
      const naming = ['name', 'title'].includes(t.lemma) ? namingColumn(model, lex, thing) : undefined;
      if (t.num !== undefined) parts.push({ kind: 'number', at: i, value: t.num, percent: !!t.percent, token: t });
      else if (naming) parts.push({ kind: 'column', at: i, to: i + 1, name: naming, number: false, dimension: true });
      else parts.push({ kind: 'word', at: i, lower: t.lower });
      i++;
      continue;
    }
    let own = s.cands.filter(
      (c) => ownerOf(lex, model, c as unknown as LexEntry) === thing && (!byName || c.kind !== 'value' || byName.names.includes(c.target)),
    );
    // "the maximum unit price of products" where the model calls another thing's figure "maximum unit price": the
    // aggregate word is the question's, the rest the thing's own column
    if (!own.length && !s.cands.some((c) => c.kind === 'value') && s.j > s.i + 1 && AGG_WORDS.has(tokens[s.i]!.lower)) {
      const rest = links.filter(
        (c) => c.i === s.i + 1 && c.j === s.j && c.kind !== 'value' && ownerOf(lex, model, c as unknown as LexEntry) === thing,
      );
      if (rest.length) {
        parts.push({ kind: 'word', at: s.i, lower: tokens[s.i]!.lower });
        s.i++;
        s.cands = rest;
        own = rest;
      }
    }
    // a value also stored for a related thing competes (airports "in Denver": their own location, or
    // the city they serve?), unless it selects the same rows in each (`sameRows`)
    const phrase = tokens
      .slice(s.i, s.j)
      .map((x) => x.lower)
      .join(' ');
    const others = s.cands.filter((c) => c.kind === 'value' && ownerOf(lex, model, c as unknown as LexEntry) !== thing);
    const related = others.filter((c) => {
      const owner = ownerOf(lex, model, c as unknown as LexEntry);
      return !!owner && shortestJoinPaths(model, thing, owner).count > 0;
    });
    // ("the city of New York": a value of the thing's naming column right after it, in the singular, and "of"
    // names its member, never a related thing's rows)
    const thingRightBefore = links.find((c) => c.j === s.i - 1 && c.kind === 'entity' && c.target === thing);
    const memberNamed =
      tokens[s.i - 1]?.lower === 'of' &&
      !!thingRightBefore &&
      tokens[thingRightBefore.j - 1]!.lower === tokens[thingRightBefore.j - 1]!.lemma &&
      own.some((c) => c.kind === 'value' && nameCandidates(model, lex, thing).includes(c.target));
    if (memberNamed) own = own.filter((c) => c.kind !== 'value' || nameCandidates(model, lex, thing).includes(c.target));
    const dims = [...own.filter((c) => c.kind === 'value'), ...related].map((c) => c.target);
    if (!byName && !memberNamed && related.length && !(ctx.sameRows?.[phrase] ?? []).some((g) => dims.every((d) => g.includes(d))))
      return undefined;
    // "the name of album 5", "the title of the film": the thing's one naming column, though the model gives
    // the bare word to other things' columns
    const bare = s.j === s.i + 1 && ['name', 'title'].includes(tokens[s.i]!.lower) && !own.length;
    const naming = bare ? namingColumn(model, lex, thing) : undefined;
    if (bare) {
      if (!naming) return undefined;
      parts.push({ kind: 'column', at: s.i, to: s.j, name: naming, number: false, dimension: true });
      i = s.j;
      continue;
    }
    // weak values (a word that is also ordinary English) need capitals
    // ("the Po river": a short name written with a capital, right before the thing it names, is that name)
    const nextNamesThing = links.some((c) => c.i === s.j && c.kind === 'entity' && c.target === thing);
    const namedBeforeThing = (c: LinkCandidate) =>
      s.i > 0 && /^[A-Z][a-z]+$/.test(tokens[s.i]!.raw) && nextNamesThing && dimensionOfEntity(lex, thing) === c.target;
    const weak = (c: LinkCandidate) =>
      c.kind === 'value' && c.score < 0.8 && !tokens.slice(s.i, s.j).every((x) => x.upper) && !namedBeforeThing(c);
    // (a weak value and nothing else, "a" of a flag: the ordinary word)
    if (s.cands.every(weak)) {
      for (let x = s.i; x < s.j; x++) parts.push({ kind: 'word', at: x, lower: tokens[x]!.lower });
      i = s.j;
      continue;
    }
    const strong = own.filter((c) => !weak(c));
    const part = readSpan(model, lex, thing, s.i, s.j, strong, tokens.slice(s.i, s.j));
    if (!part) return undefined;
    // "teachers aged over 40": the thing and a verb of its column linked as one phrase ("teacher age") are the
    // thing named, then its column
    const last = tokens[s.j - 1]!;
    const head = (part.kind === 'column' || part.kind === 'date') && isVerbForm(last) ? thingBefore(lex, thing, tokens.slice(s.i, s.j)) : 0;
    if (head) {
      parts.push({ kind: 'entity', at: s.i, to: s.i + head }, { ...part, at: s.i + head });
      i = s.j;
      continue;
    }
    parts.push(part);
    i = s.j;
  }
  // `only: 'aggregates'`: a question that opens on an aggregate of a column ("what is the maximum
  // balance of suppliers"), never on the thing or "which" (then it asks for members)
  if (only === 'aggregates') {
    const first = parts.find(
      (x) =>
        x.kind !== 'word' || !['what', 'is', 'are', 'was', 'the', 'give', 'me', 'show', 'tell', 'find', 'return', 'get'].includes(x.lower),
    );
    if (first?.kind !== 'word' || !AGG_WORDS.has(first.lower)) return undefined;
  }
  // "venues opened before 2005": the date's own word right before the period says which date it is, and is
  // not asked for
  let dateSaid = false;
  if (period && hit) {
    const hitAt = tokenize(said.slice(0, hit.from)).length;
    const k = parts.findIndex((x) => x.kind === 'date' && x.to === hitAt && x.name === period.dimension);
    if (k >= 0) parts.splice(k, 1);
    dateSaid = k >= 0;
  }
  const r = buildReading(model, lex, thing, parts, tokens);
  // ("venues in 2008": opened then, or with gigs then? Unsaid, the date must be the only one about the thing)
  if (period && !dateSaid && onlyDateOf(model, thing) !== period.dimension) return undefined;
  if (only === 'aggregates' && (!(r?.query.column_aggregates?.length || r?.extreme) || r.query.metrics.length)) return undefined;
  // (tried also when no word named the data: a measurement, or a date asked with "when" and a verb)
  if (only === 'measured' && !r?.measured && !r?.when) return undefined;
  if (r && period)
    r.notes.push(`Period: ${period.label ?? `${period.start} to ${period.end}`} (of ${period.dimension.replace(/_/g, ' ')})`);
  return (
    r && {
      kind: r.kind,
      query: period
        ? { ...r.query, time_range: period }
        : monthFilter
          ? { ...r.query, filters: [...r.query.filters, monthFilter] }
          : r.query,
      confidence: r.confidence,
      notes: r.notes,
      followUp: r.followUp,
    }
  );
}

/** What one linked span reads as for the thing, or undefined when it reads as none or as several. */
function readSpan(
  model: SemanticModel,
  lex: Lexicon,
  thing: string,
  i: number,
  j: number,
  cands: LinkCandidate[],
  spanTokens: Token[],
): Part | undefined {
  if (!cands.length) return undefined;
  if (cands.some((c) => c.kind === 'entity')) return { kind: 'entity', at: i, to: j };
  const values = cands.filter((c) => c.kind === 'value');
  if (values.length) {
    const dims = new Set(values.map((c) => c.target));
    if (dims.size !== 1) return undefined;
    return { kind: 'value', at: i, to: j, dimension: values[0]!.target };
  }
  const dims = new Set(cands.filter((c) => c.kind === 'dimension').map((c) => c.target));
  const metrics = new Set(cands.filter((c) => c.kind === 'metric').map((c) => c.target));
  const dates = new Set(cands.filter((c) => c.kind === 'time_dimension').map((c) => c.target));
  if (dates.size === 1 && !dims.size && !metrics.size) return { kind: 'date', at: i, to: j, name: [...dates][0]! };
  if (dates.size) return undefined;
  // the count of the thing's rows written as a count ("number of halls", "count of organisers") is that
  // count; the thing's own name was read above
  const count = countOf(model, thing);
  if (count && metrics.has(count) && !dims.size) return metrics.size === 1 ? { kind: 'metric', at: i, to: j, name: count } : undefined;
  if (dims.size === 1 && !metrics.size) {
    const d = lex.dimensions.get([...dims][0]!)!;
    return { kind: 'column', at: i, to: j, name: d.name, number: d.type === 'number', dimension: true };
  }
  // a measure named with its aggregate ("average age", "total capacity") is that figure, never a column
  // (unless the word is its column's own name: an invoice's `total`)
  const columnWords = (m: string) => nameTokens(columnOf(model.measures.find((x) => x.name === m)?.sql) ?? '');
  const aggregated = spanTokens.some((t) => AGG_WORDS.has(t.lower) && ![...metrics].every((m) => columnWords(m).includes(t.lower)));
  if (metrics.size === 1 && !dims.size) {
    const name = [...metrics][0]!;
    if (rowAttribute(model, name) && !aggregated) return { kind: 'column', at: i, to: j, name, number: true, dimension: false };
    return { kind: 'metric', at: i, to: j, name };
  }
  // a sum and an average of one column both named by it ("cost"): the column
  const attrs = [...metrics].filter((m) => rowAttribute(model, m));
  const sqls = new Set(attrs.map((m) => model.measures.find((x) => x.name === m)!.sql));
  if (!dims.size && attrs.length === metrics.size && sqls.size === 1 && !aggregated) {
    const plain = attrs.find((m) => model.measures.find((x) => x.name === m)!.agg === 'sum') ?? attrs[0]!;
    return { kind: 'column', at: i, to: j, name: plain, number: true, dimension: false };
  }
  return undefined;
}

function buildReading(
  model: SemanticModel,
  lex: Lexicon,
  thing: string,
  parts: Part[],
  tokens: Token[],
): (Extract<Interpretation, { kind: 'query' }> & { measured?: boolean; extreme?: boolean; when?: boolean }) | undefined {
  const claimed = new Set<number>();
  const claim = (...ps: Part[]) => ps.forEach((p) => claimed.add(p.at));
  const metrics: string[] = [];
  const aggregates: ColumnAggregate[] = [];
  const filters: Filter[] = [];
  const columns: GroupBy[] = [];
  /** The columns named one by one (not "all the information"). */
  const asked: string[] = [];
  /** Columns said after a word of a breakdown ("in each genre", "per city"): a figure beside them is by them. */
  const breakdown = new Set<string>();
  const distinct: NonNullable<SemanticQuery['distinct_counts']> = [];
  const notes: string[] = [];
  const word = (p: Part | undefined, ...ws: string[]) => p?.kind === 'word' && ws.includes(p.lower);
  const sqlOf = (name: string) =>
    columnOf(model.dimensions.find((d) => d.name === name)?.sql ?? model.measures.find((m) => m.name === name)?.sql);
  /**
   * "above the average", "than the average price", "than the average book", "than every Poetry book": a number
   * column compared, from part `m`, with one aggregate of the same column over the thing's own rows (those of the
   * values named). "any" (the lowest or the highest?) or another column: refused; no such words: undefined.
   */
  const aggregateTarget = (m: number, col: string, op: DimensionFilter['op']): AggregateTarget | 'refuse' | undefined => {
    let k = word(parts[m], 'the') ? m + 1 : m;
    const first = parts[k];
    const upward = op === 'gt' || op === 'gte';
    let aggregate: 'avg' | 'min' | 'max';
    if (word(first, 'average', 'mean')) aggregate = 'avg';
    else if (word(first, 'every', 'all')) aggregate = upward ? 'max' : 'min';
    else if (word(first, 'any', 'some')) return 'refuse';
    else if (first?.kind === 'metric') {
      // "the average price": the model's average of the same column
      const avg = model.measures.find((x) => x.name === first.name);
      if (avg?.agg !== 'avg' || !rowAttribute(model, avg.name) || sqlOf(avg.name) !== sqlOf(col)) return 'refuse';
      aggregate = 'avg';
    } else return undefined;
    k++;
    const filters: DimensionFilter[] = [];
    let column = first.kind === 'metric';
    let entity = false;
    for (;;) {
      const p = parts[k];
      if (p?.kind === 'column' && !column) {
        if (sqlOf(p.name) !== sqlOf(col)) return 'refuse';
        column = true;
      } else if (p?.kind === 'value') {
        const vals = valuesOf(lex, p.dimension, tokens.slice(p.at, p.to));
        if (!vals.length || lex.dimensions.get(p.dimension)?.entity !== thing) return 'refuse';
        filters.push({ dimension: p.dimension, op: 'in', values: vals });
      } else if (p?.kind === 'entity' && !entity) entity = true;
      else if (!(
        word(p, 'of', 'for', 'all', 'the', 'other') && [parts[k + 1], parts[k + 2]].some((x) => x?.kind === 'entity' || x?.kind === 'value')
      ))
        break;
      k++;
    }
    // ("than every", "than all": of which rows?)
    if (aggregate !== 'avg' && !entity) return 'refuse';
    return { than: { aggregate, ...(filters.length ? { filters } : {}) }, end: k };
  };
  // "the average number of members" of a band's own `members` column: a number column said as a number of
  // things after an aggregate word is that column ("number of" claimed, the column aggregated)
  parts = parts.filter((p, n) => {
    const at = word(p, 'number') ? n : word(p, 'of') && word(parts[n - 1], 'number') ? n - 1 : -1;
    const before = parts[at - 1];
    const column = parts[at + 2];
    const said = at > 0 && before?.kind === 'word' && AGG_WORDS.has(before.lower) && word(parts[at + 1], 'of');
    if (!said || column?.kind !== 'column' || !column.number) return true;
    claim(p);
    return false;
  });
  let entityNamed = false;
  /** "for each crop", "per employee": the thing itself after a word of a breakdown (one figure per member). */
  let eachMember = false;
  let counted = false;
  /** The thing was named in the plural ("cities"). */
  let plural = false;
  /** "the city with the largest population": the member(s) with the highest or lowest value of a column. */
  let ranking: { by: string; direction: 'asc' | 'desc' } | undefined;
  /** "how long is the Danube": a member's measurement asked by its adjective. */
  let measured = false;
  /** "the earliest order date", "the minimum name": the first or last value of a date or text column. */
  let extreme: { by: string; date: boolean; direction: 'asc' | 'desc' } | undefined;
  /** "when ...": the answer must be a date. */
  let asksWhen = false;
  /** A date of the thing is asked for (named, or by the verb after "when"). */
  let whenAnswered = false;

  /** Groups of conditions of which any one holds ("either older than 60 or younger than 18"). */
  const alternatives: Filter[][] = [];
  /** Where each filter was read: from its first part to the part after its last. */
  const spans = new Map<Filter, { from: number; to: number }>();
  let lastN = 0;
  const noteSpans = (n: number) => {
    for (const f of filters) if (!spans.has(f)) spans.set(f, { from: lastN, to: n });
    lastN = n;
  };

  for (let n = 0; n < parts.length; n++) {
    noteSpans(n);
    const p = parts[n]!;
    // "how many [different] X", "(the total) number of [distinct] X", "count (of) the X"
    const countLen =
      word(p, 'how') && word(parts[n + 1], 'many')
        ? 2
        : word(p, 'number') && word(parts[n + 1], 'of')
          ? 2
          : word(p, 'count')
            ? word(parts[n + 1], 'of')
              ? 2
              : 1
            : 0;
    if (countLen) {
      let m = n + countLen;
      while (word(parts[m], 'the', 'all')) m++;
      const isDistinct = word(parts[m], 'different', 'distinct', 'unique');
      if (isDistinct) m++;
      const target = parts[m];
      // (the people may be linked to the population's total, as the draft names it)
      const people =
        word(target, ...PEOPLE) || (target?.kind === 'metric' && target.to === target.at + 1 && PEOPLE.has(tokens[target.at]!.lower));
      if (people && !isDistinct) {
        const cols = senseNamed(model, thing, POPULATION);
        if (cols.length !== 1 || measured) return undefined;
        columns.push({ dimension: cols[0]! });
        asked.push(cols[0]!);
        measured = true;
        if (word(parts[m + 1], ...LIVING)) m++;
        // (the place's preposition: "live on Skye", "in the parish of Ashwell")
        if (word(parts[m + 1], 'in', 'on', 'at')) m++;
        for (let x = n; x <= m; x++) claim(parts[x]!);
        n = m;
        continue;
      }
      if (target?.kind === 'entity' && !isDistinct) {
        const c = countOf(model, thing);
        if (!c) return undefined;
        metrics.push(c);
        entityNamed = counted = true;
      } else if (target?.kind === 'column' && target.dimension && isDistinct) {
        distinct.push({
          name: `${target.name}_count`,
          entity: thing,
          dimension: target.name,
          label: `Number of different ${target.name.replace(/_/g, ' ')}`,
        });
        counted = true;
      } else return undefined;
      for (let x = n; x <= m; x++) claim(parts[x]!);
      n = m;
      continue;
    }
    // "how long is the Danube", "how old is Ann": the one column the adjective measures, of members named
    // by a value ("how long are the rivers" names none: not read)
    const adjective = parts[n + 1]?.kind === 'word' ? (parts[n + 1] as { lower: string }).lower : '';
    const measuredWords = measuredSense(adjective);
    if (word(p, 'how') && measuredWords && word(parts[n + 2], 'is', 'are', 'was', 'were')) {
      const cols = senseNamed(model, thing, measuredWords);
      if (cols.length !== 1 || measured) return undefined;
      columns.push({ dimension: cols[0]! });
      asked.push(cols[0]!);
      measured = true;
      claim(p, parts[n + 1]!);
      n += 1;
      continue;
    }
    // "who was hired most recently", "which shopper joined first": the member with the last or first value of
    // the date its verb names (one row, ties kept)
    if (p.kind === 'date' && isVerbForm(tokens[p.to - 1]!)) {
      const last = (word(parts[n + 1], 'most') && word(parts[n + 2], 'recently')) || word(parts[n + 1], 'last', 'latest');
      const first = word(parts[n + 1], 'first', 'earliest');
      if (last || first) {
        if (ranking) return undefined;
        ranking = { by: p.name, direction: last ? 'desc' : 'asc' };
        const width = word(parts[n + 1], 'most') ? 2 : 1;
        for (let x = n; x <= n + width; x++) claim(parts[x]!);
        n += width;
        continue;
      }
    }
    // "the most recent sale", "the earliest order": the member with the last or first value of the thing's one date
    {
      const recentThing = word(p, 'most') && word(parts[n + 1], 'recent');
      const at = n + (recentThing ? 2 : 1);
      const end = recentThing || word(p, 'latest', 'newest') ? 'desc' : word(p, 'earliest') ? 'asc' : undefined;
      const own = model.time_dimensions.filter((t) => t.entity === thing);
      // (rows with no date of their own, "the earliest train (leaving X)": by their one time of day, or the one a word
      // after names)
      const clocks = own.length ? [] : model.dimensions.filter((d) => d.clock && d.entity === thing);
      const named =
        clocks.length > 1
          ? parts
              .slice(at + 1, at + 7)
              .flatMap((x) => (x.kind === 'word' ? [{ part: x, cols: clocksNamed(x.lower, clocks) }] : []))
              .find((x) => x.cols.length)
          : undefined;
      const by = own.length === 1 ? own[0] : clocks.length === 1 ? clocks[0] : named?.cols.length === 1 ? named.cols[0] : undefined;
      if (end && parts[at]?.kind === 'entity' && by && word(parts[n - 1], 'the')) {
        if (ranking) return undefined;
        ranking = { by: by.name, direction: end };
        for (let x = n; x < at; x++) claim(parts[x]!);
        if (named) claim(named.part);
        n = at - 1;
        continue;
      }
    }
    // "the earliest order date", "the most recent hire date", "the maximum name": one value, the first or
    // last in the column's order (a date's, or a text's); the member holding it ("with the latest date") is not read here
    const recent = word(p, 'most') && word(parts[n + 1], 'recent');
    const width = recent ? 2 : 1;
    const target = parts[n + width];
    const direction =
      recent || (p.kind === 'word' && LAST_WORDS.has(p.lower))
        ? 'desc'
        : p.kind === 'word' && FIRST_WORDS.has(p.lower)
          ? 'asc'
          : p.kind === 'word' && ['min', 'max'].includes(AGG_WORDS.get(p.lower) ?? '')
            ? AGG_WORDS.get(p.lower) === 'min'
              ? 'asc'
              : 'desc'
            : undefined;
    // (of a text only the words of min and max: "the largest city" is a size, never the last name in sort order)
    const textColumn = target?.kind === 'column' && target.dimension && !target.number && word(p, 'minimum', 'min', 'maximum', 'max');
    if (direction && (target?.kind === 'date' || textColumn)) {
      const link = word(parts[n - 1], 'the') ? n - 2 : n - 1;
      if (extreme || word(parts[link], 'with', 'has', 'have', 'having', 'had')) return undefined;
      extreme = { by: (target as { name: string }).name, date: target.kind === 'date', direction };
      for (let x = n; x <= n + width; x++) claim(parts[x]!);
      n += width;
      continue;
    }
    // "invoices with a total over 20": an aggregate word that is the thing's own column's name (its label is the
    // thing's name and the word: "Invoice total"), read as that column only before a condition
    const ownColumn =
      p.kind === 'word' && AGG_WORDS.has(p.lower) && parts[n + 1]?.kind !== 'column'
        ? ownNumberColumn(model, thing, tokens[p.at]!)
        : undefined;
    const ownCondition = ownColumn
      ? readCondition(parts, n + 1, { kind: 'column', at: p.at, to: p.at + 1, name: ownColumn, number: true, dimension: false })
      : undefined;
    if (ownCondition && ownCondition !== 'refuse') {
      filters.push(ownCondition.filter);
      for (let x = n; x < ownCondition.end; x++) claim(parts[x]!);
      n = ownCondition.end - 1;
      continue;
    }
    // "the lowest and highest price", "average and total cost", "the minimum price and maximum weight"
    if (p.kind === 'word' && AGG_WORDS.has(p.lower)) {
      const aggs: Part[] = [p];
      let m = n + 1;
      while (
        word(parts[m], 'and', 'or', ',') &&
        parts[m + 1]?.kind === 'word' &&
        AGG_WORDS.has((parts[m + 1] as { lower: string }).lower)
      ) {
        aggs.push(parts[m + 1]!);
        m += 2;
      }
      // "the sum of (all) the pages", "the average of ages": the column after "of"
      if (word(parts[m], 'of') && parts.slice(m + 1).find((x) => !word(x, 'the', 'all'))?.kind === 'column')
        while (word(parts[m], 'of', 'the', 'all')) m++;
      // ("which invoice has the highest total": the thing's own column called by an aggregate word)
      const ownTotal = parts[m]?.kind === 'word' ? ownNumberColumn(model, thing, tokens[parts[m]!.at]!) : undefined;
      const col: Part | undefined = ownTotal
        ? { kind: 'column', at: parts[m]!.at, to: parts[m]!.at + 1, name: ownTotal, number: true, dimension: false }
        : parts[m];
      if (col?.kind !== 'column' || !col.number) return undefined;
      // (a figure the model only averages, a rating, has no total: "the sum of satisfaction" is not read)
      const ownAgg = col.dimension ? undefined : model.measures.find((x) => x.name === col.name)?.agg;
      if (ownAgg && ownAgg !== 'sum' && aggs.some((a) => AGG_WORDS.get((a as { lower: string }).lower) === 'sum')) return undefined;
      // "the city with the largest population", "which store has the lowest floor area": the member
      // holding the figure is asked for, never the figure alone
      const link = word(parts[n - 1], 'the') ? n - 2 : n - 1;
      if (word(parts[link], 'with', 'has', 'have', 'having', 'had')) {
        const agg = AGG_WORDS.get((p as { lower: string }).lower)!;
        if (aggs.length !== 1 || (agg !== 'max' && agg !== 'min') || ranking) return undefined;
        // ("the smallest population density": a figure right before another modifies it, no column alone)
        if (['column', 'metric'].includes(parts[m + 1]?.kind ?? '')) return undefined;
        ranking = { by: col.name, direction: agg === 'max' ? 'desc' : 'asc' };
        for (let x = link; x <= m; x++) claim(parts[x]!);
        n = m;
        continue;
      }
      for (const a of aggs) {
        const agg = AGG_WORDS.get((a as { lower: string }).lower)!;
        const name = `${col.name}_${agg}`;
        if (aggregates.some((x) => x.name === name)) return undefined;
        const what = (
          model.dimensions.find((d) => d.name === col.name)?.label ??
          model.measures.find((m) => m.name === col.name)?.label ??
          col.name
        )
          .replace(/^(total|average|avg|sum of|min|max)\s+/i, '')
          .toLowerCase();
        aggregates.push({ name, of: col.name, agg, label: `${AGG_LABELS[agg]} ${what}` });
      }
      for (let x = n; x <= m; x++) claim(parts[x]!);
      n = m;
      continue;
    }
    // "tracks that cost 1.99", "crates weighing over 5": a verb of a sense names the thing's one column of it
    const senseVerb = p.kind === 'word' ? VERB_SENSES[p.lower] : undefined;
    if (senseVerb) {
      const found = senseColumns([...senseVerb], (ws) => [...new Set(ws.flatMap((c) => columnsNamed(model, thing, c, true)))]);
      if (found.length !== 1) return undefined;
      const cond = readCondition(
        parts,
        n + 1,
        { kind: 'column', at: p.at, to: p.at + 1, name: found[0]!, number: true, dimension: false },
        true,
        false,
        aggregateTarget,
      );
      if (!cond || cond === 'refuse') return undefined;
      const unit = unitSaid(model, found[0]!, parts[cond.end]);
      if (unit === 'other') return undefined;
      if (unit) cond.end++;
      filters.push(cond.filter);
      for (let x = n; x < cond.end; x++) claim(parts[x]!);
      n = cond.end - 1;
      continue;
    }
    // "bands with 4 members", "how many rooms have 2 beds": a whole number right before a number column
    // of the thing, after a verb of having, is its value (a comparison or a number after it: no reading)
    const held = parts[n + 1];
    if (
      p.kind === 'number' &&
      !p.percent &&
      Number.isInteger(p.value) &&
      word(parts[n - 1], 'with', 'have', 'has', 'having') &&
      held?.kind === 'column' &&
      held.number &&
      tokens[held.to - 1]!.lower.endsWith('s') &&
      parts[n + 2]?.kind !== 'number' &&
      !word(parts[n + 2], 'or') &&
      !COMPARISONS.some((c) => c.words.every((x, k) => word(parts[n + 2 + k], x)))
    ) {
      filters.push({ dimension: held.name, op: 'eq', values: [p.value] });
      claim(p);
      claim(held);
      n++;
      continue;
    }
    // "below age 30", "over the age of 40": the comparison before the column, its number after it
    const before =
      p.kind === 'word'
        ? COMPARISONS.find((c) => c.op !== 'eq' && c.op !== 'between' && c.words.every((x, k) => word(parts[n + k], x)))
        : undefined;
    const col = before && (word(parts[n + before.words.length], 'the') ? n + before.words.length + 1 : n + before.words.length);
    const compared = col !== undefined ? parts[col] : undefined;
    const of = word(parts[col! + 1], 'of') ? col! + 2 : col! + 1;
    const bound = parts[of];
    if (before && compared?.kind === 'column' && compared.number && bound?.kind === 'number' && parts[of + 1]?.kind !== 'column') {
      if (bound.percent) return undefined;
      filters.push({ dimension: compared.name, op: before.op, values: [bound.value] });
      for (let x = n; x <= of; x++) claim(parts[x]!);
      n = of;
      continue;
    }
    // a column with a condition: "a size between 5 and 15", "balance over 9000", "size of 5 or more"
    if (p.kind === 'column') {
      // (a verb of the column, "aged", "priced", or any word of it after "that"/"who": "tracks that cost")
      const verbal = isVerbForm(tokens[p.to - 1]!) || word(parts[n - 1], 'that', 'who', 'which');
      const cond = readCondition(parts, n + 1, p, verbal, isFraction(model, p.name), aggregateTarget);
      // "a price below 7 or above 25": the second comparison is of the same column
      const other =
        cond && cond !== 'refuse' && word(parts[cond.end], 'or')
          ? readCondition(parts, cond.end + 1, p, false, isFraction(model, p.name))
          : undefined;
      if (other === 'refuse') return undefined;
      if (other && cond && cond !== 'refuse') {
        alternatives.push([cond.filter, other.filter]);
        for (let x = n; x < other.end; x++) claim(parts[x]!);
        n = other.end - 1;
        continue;
      }
      if (cond) {
        if (cond === 'refuse') return undefined;
        filters.push(cond.filter);
        // "with a runtime between 90 and 110 minutes": the unit the column's own name says (`runtime_min`)
        const unit = unitSaid(model, p.name, parts[cond.end]);
        if (unit === 'other') return undefined;
        if (unit) cond.end++;
        for (let x = n; x < cond.end; x++) claim(parts[x]!);
        n = cond.end - 1;
        continue;
      }
      // its value named right before or after it ("the BUILDING segment", "with status shipped")
      const prev = parts[n - 1];
      if (prev?.kind === 'value' && prev.dimension === p.name) {
        claim(p);
        continue;
      }
      const next = parts[n + 1];
      if (next?.kind === 'value' && next.dimension === p.name) {
        claim(p);
        continue;
      }
      // "the population of the capital": a column of what another column holds (a lookup), not two columns
      const after = word(parts[n + 2], 'the') ? parts[n + 3] : parts[n + 2];
      if (word(parts[n + 1], 'of') && after?.kind === 'column') return undefined;
      // "in each genre", "for every city", "per city": a breakdown by the column
      const each = word(parts[n - 1], 'each', 'every')
        ? word(parts[n - 2], 'in', 'for', 'of')
          ? 2
          : 1
        : word(parts[n - 1], 'per', 'by')
          ? 1
          : 0;
      if (each && p.dimension) {
        breakdown.add(p.name);
        claim(...parts.slice(n - each, n));
      }
      // a column asked for: a listing's column (a row attribute lists each row's own value)
      if (!columns.some((c) => c.dimension === p.name)) columns.push({ dimension: p.name });
      asked.push(p.name);
      claim(p);
      continue;
    }
    if (p.kind === 'value') {
      // "in Leeds", "from York": the preposition before a value is the value's
      const before = word(parts[n - 1], 'the') ? n - 2 : n - 1;
      if (word(parts[before], 'in', 'from', 'at')) claim(parts[before]!);
      const vals = valuesOf(lex, p.dimension, tokens.slice(p.at, p.to));
      if (!vals.length) return undefined;
      // "X or Y" of one column: any of them
      const same = filters.find((f) => f.dimension === p.dimension && f.op === 'in' && word(parts[n - 1], 'or'));
      if (same) {
        same.values.push(...vals);
        claim(parts[n - 1]!);
      } else if (filters.some((f) => f.dimension === p.dimension)) return undefined;
      else filters.push({ dimension: p.dimension, op: 'in', values: vals });
      claim(p);
      continue;
    }
    // "all (the) information / details about the halls": every column of the thing
    if (word(p, 'all') && (word(parts[n + 1], ...ALL_COLUMNS) || (word(parts[n + 1], 'the') && word(parts[n + 2], ...ALL_COLUMNS)))) {
      const m = word(parts[n + 1], 'the') ? n + 2 : n + 1;
      if (!word(parts[m + 1], 'about', 'on', 'of', 'for')) return undefined;
      for (const c of everyColumn(model, thing)) if (!columns.some((x) => x.dimension === c.dimension)) columns.push(c);
      claim(p, parts[n + 1]!, parts[m]!, parts[m + 1]!);
      n = m + 1;
      continue;
    }
    // "older than 50", "longer than 120 minutes", "heavier than 5 kg": the thing's one column the
    // comparative names by its sense (`comparativeSense`); a unit after the number is the column's own
    // (else no reading)
    const sense = p.kind === 'word' ? comparativeSense(p.lower, oneWord(parts[n + 1], tokens)) : undefined;
    // "older than the average", "dearer than every poetry book": against an aggregate of the column
    const than = sense ? n + sense.width : -1;
    if (sense && word(parts[than], 'than') && parts[than + 1]?.kind !== 'number') {
      const found = senseNamed(model, thing, sense.words);
      const op = sense.dir === 'more' ? 'gt' : 'lt';
      const against = found.length === 1 ? aggregateTarget(than + 1, found[0]!, op) : undefined;
      if (against === 'refuse') return undefined;
      if (against) {
        filters.push({ dimension: found[0]!, op, values: [], than: against.than });
        for (let x = n; x < against.end; x++) claim(parts[x]!);
        n = against.end - 1;
        continue;
      }
    }
    if (sense && sense.width === 1 && word(parts[n + 1], 'than') && parts[n + 2]?.kind === 'number') {
      let found = senseNamed(model, thing, sense.words);
      // "tracks longer than 300000 milliseconds": with no column of the sense, a time unit after the number
      // names the one column kept in it (`milliseconds`, `duration_secs`)
      const after = oneWord(parts[n + 3], tokens);
      if (!found.length && sense.words.includes('duration') && isDurationUnit(after))
        found = [...new Set(unitSpellings(after)!.flatMap((u) => columnsNamed(model, thing, u, true)))];
      const v = parts[n + 2] as Extract<Part, { kind: 'number' }>;
      if (found.length !== 1 || v.percent) return undefined;
      filters.push({ dimension: found[0]!, op: sense.dir === 'more' ? 'gt' : 'lt', values: [v.value] });
      claim(p, parts[n + 1]!, v);
      n += 2;
      const unit = unitSpellings(oneWord(parts[n + 1], tokens));
      if (unit) {
        const column = columnOf(
          model.dimensions.find((d) => d.name === found[0])?.sql ?? model.measures.find((m) => m.name === found[0])?.sql,
        );
        if (!column || !nameTokens(column).some((w) => unit.includes(w))) return undefined;
        claim(parts[n + 1]!);
        n++;
      }
      continue;
    }
    if (p.kind === 'entity') {
      entityNamed = true;
      if (word(parts[n - 1], 'each', 'every', 'per')) eachMember = true;
      const isPlural = tokens.slice(p.at, p.to).some((t) => t.lemma !== t.lower);
      if (isPlural) plural = true;
      claim(p);
      // "order 10250", "album 5": one member by its whole-number key, right after the thing named in the singular
      const id = parts[n + 1];
      const key = keyDimension(model, thing);
      if (!isPlural && id?.kind === 'number' && !id.percent && Number.isInteger(id.value) && id.value >= 0 && key) {
        if (model.dimensions.find((d) => d.name === key)?.type !== 'number' || filters.some((f) => f.dimension === key)) return undefined;
        filters.push({ dimension: key, op: 'eq', values: [id.value] });
        claim(id);
        n++;
      }
      continue;
    }
    // "the hire date of Ann Lee": a date of the thing asked for, by day
    if (p.kind === 'date') {
      if (!columns.some((c) => c.dimension === p.name)) columns.push({ dimension: p.name, grain: 'day' });
      asked.push(p.name);
      whenAnswered = true;
      claim(p);
      continue;
    }
    // "when was Ann Lee hired", "when did order 7 ship": the verb names one date of the thing (its lemma a word
    // of the date, or the date's noun: "born" and a birth date), or its one year column ("founded" and `founded_year`)
    const verb = asksWhen && p.kind === 'word' ? verbOf(p.lower) : undefined;
    let dates: SemanticModel['time_dimensions'] | undefined;
    let years: SemanticModel['dimensions'] | undefined;
    if (verb) {
      // ("founded" and `founded_year`: the name says the verb's own participle)
      const names = (ws: Set<string>) => verbNamesDate(verb, ws) || [...ws].some((w) => verbOf(w) === verb);
      dates = model.time_dimensions.filter((t) => t.entity === thing && names(dateWords(lex, t.name)));
      years = model.dimensions.filter(
        (d) =>
          d.entity === thing &&
          d.type === 'number' &&
          (/(year|yr)$/.test(columnOf(d.sql) ?? '') || d.grain === 'year') &&
          names(new Set(nameTokens(columnOf(d.sql) ?? '').slice(0, 1))),
      );
      if (dates.length + years.length > 1 || (dates.length + years.length === 1 && whenAnswered)) return undefined;
    }
    if (verb && (dates?.length ?? 0) + (years?.length ?? 0) === 1) {
      columns.push(dates!.length ? { dimension: dates![0]!.name, grain: 'day' } : { dimension: years![0]!.name });
      asked.push((dates![0] ?? years![0])!.name);
      whenAnswered = true;
      claim(p);
      continue;
    }
    if (p.kind === 'metric') {
      const m = model.measures.find((x) => x.name === p.name);
      if (!m || metrics.includes(p.name)) return undefined;
      metrics.push(p.name);
      claim(p);
      continue;
    }
    // ("when was the earliest sign-up date": a date is asked for; read when the answer is one)
    if (word(p, 'when') && n === parts.findIndex((x) => x.kind !== 'word' || !['?', '.'].includes(x.lower))) {
      asksWhen = true;
      claim(p);
    } else if (asksWhen && word(p, 'did')) claim(p);
    else if (p.kind === 'word' && (FUNCTION_WORDS.has(p.lower) || ['?', '.', ',', '!', ':', ';'].includes(p.lower))) claim(p);
    // "and" joins two asked-for parts; anything else is not read
    else if (word(p, 'and') && n > 0 && n < parts.length - 1) claim(p);
  }
  noteSpans(parts.length);
  // "either older than 60 or younger than 18": two conditions read right on each side of an "or" are
  // alternatives (any_of); beside another condition, which binds first is not said: no reading
  for (let o = 1; o < parts.length - 1; o++) {
    if (!word(parts[o], 'or') || claimed.has(parts[o]!.at)) continue;
    const side = (at: (x: { from: number; to: number }) => boolean) => filters.filter((f) => at(spans.get(f)!));
    const [a, b] = [side((x) => x.to === o), side((x) => x.from === o + 1)];
    if (a.length !== 1 || b.length !== 1) continue;
    const either = parts[spans.get(a[0]!)!.from - 1];
    if (word(either, 'either')) claim(either!);
    claim(parts[o]!);
    alternatives.push([a[0]!, b[0]!]);
    filters.splice(filters.indexOf(a[0]!), 1);
    filters.splice(filters.indexOf(b[0]!), 1);
  }
  if (alternatives.length && (alternatives.length > 1 || filters.length || alternatives.flat().some((f) => f.than))) return undefined;
  // every token read
  for (const p of parts) if (!claimed.has(p.at)) return undefined;
  for (const f of filters) {
    if (f.op === 'in' && f.values.length === 1) f.op = 'eq';
    for (const g of f.than?.filters ?? []) if (g.op === 'in' && g.values.length === 1) g.op = 'eq';
  }
  // ("Leeds books dearer than the average": the average of every book, or of Leeds books?)
  if (filters.some((f) => f.than) && filters.length > 1) return undefined;

  const figures = metrics.length + aggregates.length + distinct.length;
  // ("the total yield for each crop" is a figure per member, never one over all of them)
  if (figures && eachMember) return undefined;
  if (asksWhen && !extreme?.date && !whenAnswered) return undefined;
  if ((alternatives.length || filters.some((f) => f.than)) && (extreme || ranking)) return undefined;
  if (extreme) {
    if (figures || ranking || counted || measured || columns.length) return undefined;
    notes.push(
      `Read as one table: the ${extreme.direction === 'asc' ? (extreme.date ? 'earliest' : 'first') : extreme.date ? 'latest' : 'last'} ${extreme.by.replace(/_/g, ' ')} of ${thing.replace(/_/g, ' ')}${extreme.date ? '' : ' in sort order'}${filters.length ? ' among the rows that meet every condition named' : ''}.`,
    );
    const query: SemanticQuery = {
      metrics: [],
      group_by: [{ dimension: extreme.by, ...(extreme.date ? { grain: 'day' as const } : {}) }],
      filters: [...filters, { dimension: extreme.by, op: 'is_set', values: [] }],
      metric_filters: [],
      order: [{ by: extreme.by, direction: extreme.direction }],
      share_of_total: [],
      limit: 1,
    };
    return { kind: 'query', query, confidence: 0.8, notes, followUp: false, extreme: true };
  }
  if (ranking) {
    const who = word(
      parts.find((x) => !word(x, '?', '.')),
      'who',
    );
    return rankedMember(model, lex, thing, ranking, { figures, filters, asked, entityNamed, plural, counted, notes, who });
  }
  let group_by = columns;
  // a figure beside a column asks for a breakdown: read only when a word of one says so ("the average
  // members of bands in each genre"), of aggregates of the thing's own columns
  const byColumns = columns.length > 0 && columns.every((c) => breakdown.has(c.dimension)) && !distinct.length && !counted && !measured;
  if (figures && columns.length && !byColumns) return undefined;
  if (!figures && breakdown.size) return undefined;
  if (!figures) {
    // a listing: the columns asked for, or the thing's members when it alone is named after a listing word
    if (!columns.length) {
      // (named first, "organisers older than 50", or after a listing word)
      const first = parts.find((x) => x.kind !== 'word' || !['?', '.', 'the', 'all'].includes(x.lower));
      if (!entityNamed || !first || (first.kind !== 'entity' && !(first.kind === 'word' && LIST_WORDS.has(first.lower)))) return undefined;
      // (a thing with no name, an invoice, is listed by its key)
      const key = keyDimension(model, thing);
      const member = memberDimension(lex, model, thing) ?? key;
      if (!member) return undefined;
      const names = member === key ? nameCandidates(model, lex, thing) : [];
      group_by = [...new Set([member, ...names])].map((d) => ({ dimension: d }));
    }
    if (!filters.length && !entityNamed && columns.length < 1) return undefined;
  }
  if (!figures && !group_by.length) return undefined;
  // a column listed and held to one value lists that value back: the question asks for something else
  if (asked.some((g) => filters.some((f) => f.dimension === g && (f.op === 'eq' || f.op === 'in')))) return undefined;
  if (counted && !figures) return undefined;
  if (measured && (figures || columns.length !== 1 || !filters.some((f) => f.op === 'eq' || f.op === 'in'))) return undefined;
  notes.push(`Read as one table: the rows of ${thing}${filters.length ? ' that meet every condition named' : ''}.`);
  const query: SemanticQuery = {
    metrics,
    group_by,
    filters: filters.filter((f) => !f.than),
    metric_filters: [],
    order: [],
    share_of_total: [],
    ...(filters.some((f) => f.than)
      ? {
          aggregate_filters: filters.flatMap((f) =>
            f.than ? [{ dimension: f.dimension, op: f.op as AggregateFilter['op'], ...f.than }] : [],
          ),
        }
      : {}),
    ...(aggregates.length ? { column_aggregates: aggregates } : {}),
    ...(distinct.length ? { distinct_counts: distinct } : {}),
    ...(alternatives.length ? { any_of: alternatives.map((fs) => ({ filters: fs })) } : {}),
  };
  return { kind: 'query', query, confidence: 0.8, notes, followUp: false, measured, when: asksWhen && whenAnswered };
}

/**
 * The one member of the thing with the highest (or lowest) value of one of its columns: its key (one row
 * per member), the columns asked for (else its names) and the value, every member tied for it kept.
 * Only for one member of a thing named ("the city with", "which store has"): a plural says no count.
 */
function rankedMember(
  model: SemanticModel,
  lex: Lexicon,
  thing: string,
  ranking: { by: string; direction: 'asc' | 'desc' },
  r: {
    figures: number;
    filters: DimensionFilter[];
    asked: string[];
    entityNamed: boolean;
    plural: boolean;
    counted: boolean;
    notes: string[];
    who?: boolean;
  },
): Extract<Interpretation, { kind: 'query' }> | undefined {
  // ("who was hired most recently": a person asked for by "who", of the one thing the verb's date is of)
  if (r.figures || r.counted || !(r.entityNamed || r.who) || r.plural) return undefined;
  const key = keyDimension(model, thing);
  const member = memberDimension(lex, model, thing);
  if (!key && !member) return undefined;
  const shown = r.asked.length ? r.asked : [member, ...(member === key ? nameCandidates(model, lex, thing) : [])];
  const group_by: GroupBy[] = [];
  for (const d of [key, ...shown, ranking.by])
    if (d && !group_by.some((g) => g.dimension === d))
      group_by.push(model.time_dimensions.some((t) => t.name === d) ? { dimension: d, grain: 'day' } : { dimension: d });
  r.notes.push(
    `Read as one table: the ${thing.replace(/_/g, ' ')} with the ${ranking.direction === 'desc' ? 'highest' : 'lowest'} ${ranking.by.replace(/_/g, ' ')}${r.filters.length ? ' among the rows that meet every condition named' : ''} (every one tied for it).`,
  );
  const query: SemanticQuery = {
    metrics: [],
    group_by,
    filters: r.filters,
    metric_filters: [],
    order: [{ by: ranking.by, direction: ranking.direction }],
    share_of_total: [],
    limit: 1,
    with_ties: true,
  };
  return { kind: 'query', query, confidence: 0.8, notes: r.notes, followUp: false };
}

/** Stored spellings of the value a span names in a dimension. */
function valuesOf(lex: Lexicon, dimension: string, tokens: Token[]): string[] {
  const index = lex.valueIndex.get(dimension);
  if (!index) return [];
  const phrase = tokens.map((t) => t.lower).join(' ');
  const stored = index.get(phrase);
  return stored ? [stored] : [];
}

/**
 * A comparison after a column, from `at`: "between 5 and 15", "from 5 to 15", "over 9000", "of 5 or
 * more", "5 to 15", "at least 3". The filter and where it ends, 'refuse' when it is one but cannot be
 * read (a percent, a text column), undefined when none starts here.
 */
function readCondition(
  parts: Part[],
  at: number,
  col: Extract<Part, { kind: 'column' }>,
  verbal = false,
  fraction = false,
  aggregateTarget?: (m: number, col: string, op: DimensionFilter['op']) => AggregateTarget | 'refuse' | undefined,
): { filter: Filter; end: number } | 'refuse' | undefined {
  let n = at;
  // a percent compares with a column kept as a fraction (its values read by the draft: 10% is 0.1), never another
  const fractionOf = (p: Extract<Part, { kind: 'number' }>) => (p.percent ? p.value / 100 : p.value);
  if (fraction) {
    const rest = parts.slice(at).filter((p): p is Extract<Part, { kind: 'number' }> => p.kind === 'number');
    parts = parts.map((p) => (p.kind === 'number' && rest.includes(p) ? { ...p, value: fractionOf(p), percent: false } : p));
  }
  const w = (p: Part | undefined) => (p?.kind === 'word' ? p.lower : undefined);
  // "is", "are", "was", "of a", "with a" between the column and the comparison
  while (['is', 'are', 'was', 'were'].includes(w(parts[n]) ?? '')) n++;
  const num = (p: Part | undefined) => (p?.kind === 'number' ? p : undefined);
  // "aged 34 or 45", "whose age is either 34 or 45": any of the numbers
  const either = w(parts[n]) === 'either' ? n + 1 : n;
  const separator = (p: Part | undefined) => ['or', ','].includes(w(p) ?? '');
  if ((n > at || verbal) && num(parts[either]) && separator(parts[either + 1])) {
    const values: number[] = [];
    let m = either;
    let said = '';
    for (; num(parts[m]); m += 2) {
      values.push(num(parts[m])!.value);
      if (!separator(parts[m + 1])) break;
      said = w(parts[m + 1])!;
      // ("34, 39, or 45")
      if (said === ',' && w(parts[m + 2]) === 'or') {
        m++;
        said = 'or';
      }
    }
    // ("34, 39 and the city": a list that is not one of numbers)
    if (said !== 'or' || !num(parts[m])) return undefined;
    if (!col.number || values.length !== new Set(values).size) return 'refuse';
    for (let x = either; x <= m; x++) if (num(parts[x])?.percent) return 'refuse';
    return { filter: { dimension: col.name, op: 'in', values }, end: m + 1 };
  }
  // ("tracks that cost 1.99", "teachers aged 40": a verb of the column says the number is its value)
  if (verbal && n === at && num(parts[n]) && !['to', 'and'].includes(w(parts[n + 1]) ?? '')) {
    if (!col.number || num(parts[n])!.percent) return 'refuse';
    return { filter: { dimension: col.name, op: 'eq', values: [num(parts[n])!.value] }, end: n + 1 };
  }
  // "with a weight of more than 5", "a rating of at least 7": the comparison after "of"
  if (w(parts[n]) === 'of' && !num(parts[n + 1]) && COMPARISONS.some((c) => c.words[0] === w(parts[n + 1]) && c.words[0] !== 'of')) n++;
  // "whose size is 5"
  if (n > at && num(parts[n]) && w(parts[n + 1]) !== 'to') {
    if (!col.number || num(parts[n])!.percent) return 'refuse';
    return { filter: { dimension: col.name, op: 'eq', values: [num(parts[n])!.value] }, end: n + 1 };
  }
  for (const c of COMPARISONS) {
    if (!c.words.every((x, k) => w(parts[n + k]) === x)) continue;
    let m = n + c.words.length;
    const a = num(parts[m]);
    const target = !a && !['eq', 'between'].includes(c.op) ? aggregateTarget?.(m, col.name, c.op) : undefined;
    if (target === 'refuse' || (target && !col.number)) return 'refuse';
    if (target) return { filter: { dimension: col.name, op: c.op, values: [], than: target.than }, end: target.end };
    if (!a) continue;
    if (!col.number || a.percent) return 'refuse';
    if (c.op === 'between') {
      const sep = w(parts[m + 1]);
      const b = num(parts[m + 2]);
      if (!b || (c.words[0] === 'between' ? sep !== 'and' : sep !== 'to')) return 'refuse';
      if (b.percent) return 'refuse';
      return { filter: { dimension: col.name, op: 'between', values: [a.value, b.value] }, end: m + 3 };
    }
    m++;
    let op = c.op;
    // "of 5 or more", "5 or less"
    if (w(parts[m]) === 'or' && ['more', 'greater', 'higher', 'above'].includes(w(parts[m + 1]) ?? '') && op === 'eq') {
      op = 'gte';
      m += 2;
    } else if (w(parts[m]) === 'or' && ['less', 'fewer', 'lower', 'below'].includes(w(parts[m + 1]) ?? '') && op === 'eq') {
      op = 'lte';
      m += 2;
    }
    return { filter: { dimension: col.name, op, values: [a.value] }, end: m };
  }
  // "5 to 15" right after the column ("sized 5 to 15")
  const a = num(parts[n]);
  if (a && w(parts[n + 1]) === 'to' && num(parts[n + 2])) {
    if (!col.number || a.percent || num(parts[n + 2])!.percent) return 'refuse';
    return { filter: { dimension: col.name, op: 'between', values: [a.value, num(parts[n + 2])!.value] }, end: n + 3 };
  }
  return undefined;
}
