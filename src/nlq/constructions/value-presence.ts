/**
 * Whether a column holds a value at all: "students who have a minor", "shops with a website",
 * "students who have declared a major" (the verb and the noun together name the dimension: "declare
 * major"), "customers without an email", "customers with no email", "doctors who do not have a
 * specialty", "patients missing an insurance", "patients whose insurance is unknown / missing /
 * empty / null / not set / not recorded", "whose email is known / not null", "orders that have not
 * shipped yet" (the verb names a time dimension of the thing: "ship date") -> an `is_set` / `not_set`
 * filter on that dimension.
 *
 * Only when the noun names exactly one dimension (or time dimension) of the thing the question is
 * about (the entity named before it), the dimension is no flag (`has_x`/`is_x` are values: "with a
 * final exam"), and nothing after the noun makes it something else: a value or a number ("with a
 * balance above 100", "with a status of F"), a comparison, or a word that is not a clause boundary.
 * A noun naming a thing ("customers with orders") is an existence of related rows, never read here.
 * A noun naming dimensions of the thing but not exactly one, or "or" between two conditions, is
 * refused (naming the candidates).
 */
import type { SemanticModel } from '../../semantic/model.js';
import type { SemanticQuery } from '../../semantic/query.js';
import { rowAttributes } from '../../semantic/compiler.js';
import { noteConditionWords, type Analysis } from '../analyse.js';
import type { Lexicon } from '../lexicon.js';
import { longestMatch } from '../lexicon.js';
import { consume, type Item } from '../spans.js';
import { entityNamedBy } from '../members.js';
import { verbOf, type Token } from '../text.js';
import type { Construction } from './types.js';
import { dateWords, verbNamesDate } from './dated-verb.js';
import { countColumns } from './none-counted.js';

type Op = 'is_set' | 'not_set';

const HAVE = new Set(['have', 'has', 'had', 'having']);
const DETERMINERS = new Set(['a', 'an', 'any']);
/** "do not have", "doesn't have": a negation before "have". */
const DO = new Set(['do', 'does', 'did']);
const NOT = new Set(['not', 'never']);
const DO_NOT = new Set(["don't", "doesn't", "didn't", 'dont', 'doesnt', 'didnt']);
const HAVE_NOT = new Set(["haven't", "hasn't", "hadn't", 'havent', 'hasnt', 'hadnt']);
const BE = new Set(['is', 'are', 'was', 'were']);
const BE_NOT = new Set(["isn't", "aren't", "wasn't", "weren't"]);
/** Verbs of giving or stating a value ("have been assigned a locker", "have declared a minor"): the column is then set. */
const GIVEN = new Set([
  'assigned',
  'given',
  'allocated',
  'issued',
  'granted',
  'awarded',
  'declared',
  'provided',
  'entered',
  'registered',
  'chosen',
  'picked',
  'selected',
]);
/** The value is not there: "whose email is missing", "with an unknown insurance". */
const ABSENT = new Set(['missing', 'unknown', 'empty', 'null', 'blank', 'absent', 'unrecorded', 'unspecified', 'unset']);
/** The value is there: "whose email is known", "is not missing" is the same. */
const PRESENT = new Set(['set', 'recorded', 'known', 'present', 'available', 'specified', 'given', 'provided', 'filled', 'listed']);
/** A word after the condition that ends it ("... in each program", "... and their names"). */
const FOLLOW = new Set([
  'and',
  'who',
  'that',
  'which',
  'whose',
  'where',
  'in',
  'for',
  'by',
  'per',
  'ordered',
  'sorted',
  'order',
  'grouped',
  'broken',
  'list',
  'show',
  'give',
  'return',
  'please',
  'only',
  'each',
  'then',
  'yet',
  'so',
  'far',
  'from',
  'across',
  'along',
]);
/** What may follow "not shipped (yet)": the end of a clause, never a preposition. */
const VERB_FOLLOW = new Set([
  'and',
  'who',
  'that',
  'which',
  'whose',
  'ordered',
  'sorted',
  'list',
  'show',
  'give',
  'return',
  'please',
  'yet',
  'so',
  'far',
]);
/** Trailing words that only restate the presence: "with no email recorded", "with a phone on file". */
const TAIL = new Set(['recorded', 'listed', 'specified', 'given', 'provided', 'set', 'yet']);
/** Words before a dimension that the "whose X is missing" form allows. */
const WHOSE = new Set(['whose', 'where', 'when']);
const POSSESSIVE = new Set(['the', 'their', 'its', 'his', 'her']);

interface Found {
  op: Op;
  dimension?: string;
  /** The column is a flag: "rooms with a sea view" holds it true (false for "without"), not merely set. */
  flag?: boolean;
  /** The column counts the noun: "with stops" is above 0, "without stops" is 0. */
  count?: boolean;
  /** Why not (a refusal). */
  unclear?: string;
  words: Item[];
}

interface Ctx {
  items: Item[];
  a: Analysis;
  lex: Lexicon;
  tokens: Token[];
  model: SemanticModel;
}

/** The nearest thing named before item k. */
function thingBefore(c: Ctx, k: number): string | undefined {
  for (let b = k - 1; b >= 0; b--) {
    const e = entityNamedBy(c.lex, c.items[b]);
    if (e) return e;
  }
  return undefined;
}

/** A column of a thing: a dimension or a time dimension. */
interface Column {
  name: string;
  entity: string;
  flag: boolean;
  label: string;
}

function columnsOfEntries(c: Ctx, entries: { kind: string; target: string }[]): Column[] {
  const out: Column[] = [];
  // a number column the draft keeps only as figures ("insured value": its total, its average) is the one
  // column under them, each row's own value
  const measures = entries.map((e) => (e.kind === 'metric' ? c.model.measures.find((m) => m.name === e.target) : undefined));
  const sqls = new Set(measures.map((m) => m?.sql?.trim()));
  const attrs = rowAttributes(c.model);
  const m0 = measures[0];
  if (m0 && sqls.size === 1 && /^\$\{TABLE\}\.\w+$/.test(m0.sql?.trim() ?? '') && measures.every((m) => m && attrs.has(m.name)))
    return [{ name: m0.name, entity: m0.entity, flag: false, label: m0.label ?? m0.name }];
  for (const e of entries) {
    if (e.kind === 'dimension') {
      const d = c.lex.dimensions.get(e.target);
      if (d) out.push({ name: d.name, entity: d.entity, flag: d.type === 'boolean', label: d.label });
    } else if (e.kind === 'time_dimension') {
      const t = c.model.time_dimensions.find((x) => x.name === e.target);
      if (t) out.push({ name: t.name, entity: t.entity, flag: false, label: c.lex.timeDimensions.get(t.name)?.label ?? t.name });
    }
  }
  return out.filter((x, i) => out.findIndex((y) => y.name === x.name) === i);
}

/** The one column of `thing` named by `cols`, or why not; undefined when the noun is nothing of the kind. */
function choose(
  c: Ctx,
  cols: Column[],
  thing: string | undefined,
  text: string,
): { dimension?: string; flag?: boolean; unclear?: string } | undefined {
  if (!cols.length || !thing) return undefined;
  const own = cols.filter((x) => x.entity === thing);
  // a flag named by its noun ("sea view", "parking") is held true or false, never only set
  if (own.length === 1 && own[0]!.flag && cols.length === 1) return { dimension: own[0]!.name, flag: true };
  if (cols.some((x) => x.flag)) return undefined;
  if (own.length === 1) return { dimension: own[0]!.name };
  const label = c.lex.entities.get(thing)?.name ?? thing;
  if (!own.length) return undefined;
  return {
    unclear: `"${text}" names several columns of ${label.replace(/_/g, ' ')}: ${own.map((x) => `"${x.label}"`).join(', ')}. Name the one that should have a value.`,
  };
}

/** The one whole-number column of `thing` counting the noun at k ("medals" of `medals`, "stop" of `stop_count`). */
function countedAt(c: Ctx, k: number, thing: string | undefined): string | undefined {
  const it = c.items[k];
  if (!thing || !it || it.consumed || (it.kind !== 'word' && it.kind !== 'lex') || it.j !== it.i + 1) return undefined;
  const cols = countColumns(c.model, new Set([thing]), c.tokens[it.i]!.lemma);
  return cols.length === 1 ? cols[0]!.name : undefined;
}

/** A noun item whose entries are only columns (no thing, figure or value). */
function columnItem(c: Ctx, it: Item | undefined): Column[] {
  if (!it || it.kind !== 'lex' || it.consumed) return [];
  const entries = it.entries ?? [];
  if (
    !entries.length ||
    (entries.some((e) => e.kind !== 'dimension' && e.kind !== 'time_dimension') && entries.some((e) => e.kind !== 'metric'))
  )
    return [];
  return columnsOfEntries(c, entries);
}

/** "declared a major": the verb and the noun after it together name a column ("declare major"). */
function verbNounColumns(c: Ctx, verb: Item, noun: Item): Column[] {
  if (noun.kind !== 'lex' && noun.kind !== 'word') return [];
  const toks = [c.tokens[verb.i]!, ...c.tokens.slice(noun.i, noun.j)];
  const m = longestMatch(c.lex, toks.length, 0, (j) => [toks[j]!.lower, toks[j]!.lemma, toks[j]!.verb]);
  if (!m || m.len !== toks.length) return [];
  if (m.entries.some((e) => e.kind !== 'dimension' && e.kind !== 'time_dimension')) return [];
  return columnsOfEntries(c, m.entries);
}

/** The condition ends after item k: nothing that would make it a value or comparison follows. */
function endsAt(c: Ctx, k: number, cols: Column[] = [], verb = false): { ok: boolean; tail: Item[] } {
  const tail: Item[] = [];
  let n = k + 1;
  while (c.items[n] && c.items[n]!.kind === 'word' && TAIL.has(c.items[n]!.lower)) tail.push(c.items[n++]!);
  // "on file"
  if (c.items[n]?.lower === 'on' && c.items[n + 1]?.lower === 'file') {
    tail.push(c.items[n]!, c.items[n + 1]!);
    n += 2;
  }
  const next = c.items[n];
  // after a verb, a preposition or a period may say how or when it did not happen ("not shipped by
  // air", "not delivered in 2024"): never read as no value at all
  if (verb && next && (next.kind === 'time' || (next.kind !== 'punct' && !VERB_FOLLOW.has(next.lower)))) return { ok: false, tail };
  if (c.a.cmps.some((x) => x.pos > k && x.pos - k <= 3)) return { ok: false, tail };
  // "with a status of F", "with region EUROPE": a value of the column named (another column's value is its own filter)
  const own = new Set(cols.map((x) => x.name));
  if (
    c.a.values.some(
      (v) =>
        v.pos > k &&
        v.pos - k <= 2 &&
        (!own.size || v.entries.some((e) => own.has(e.target) || own.has(c.lex.dimensions.get(e.target)?.roleOf?.base ?? ''))),
    )
  )
    return { ok: false, tail };
  if (!next || next.kind === 'punct' || next.kind === 'time')
    return { ok: !next || next.lower !== ',' || c.items[n + 1]?.lower !== 'or', tail };
  if (next.kind === 'kw' && (next.kw === 'each' || next.kw === 'group' || next.kw === 'sort' || next.kw === 'list'))
    return { ok: true, tail };
  return { ok: (next.kind === 'word' || next.kind === 'kw') && FOLLOW.has(next.lower), tail };
}

/** "with a X", "have no X", "without any X", "do not have an X", "have declared a X", "missing a X". */
function triggerAt(items: Item[], k: number): { op: Op; words: Item[]; next: number; needsVerb?: boolean } | undefined {
  const w = items[k]!;
  if (w.kind === 'lex') return undefined;
  const at = (o: number) => items[k + o]?.lower ?? '';
  if (w.lower === 'without' || w.lower === 'missing' || w.lower === 'lacking') return { op: 'not_set', words: [w], next: k + 1 };
  if (w.lower === 'with') {
    if (at(1) === 'no') return { op: 'not_set', words: [w, items[k + 1]!], next: k + 2 };
    return { op: 'is_set', words: [w], next: k + 1 };
  }
  if (HAVE.has(w.lower)) {
    // "do not have", "doesn't have" (the negation before "have")
    const b1 = items[k - 1];
    const b2 = items[k - 2];
    if (b1 && DO_NOT.has(b1.lower)) return { op: 'not_set', words: [b1, w], next: k + 1 };
    if (b1 && NOT.has(b1.lower)) return { op: 'not_set', words: [...(b2 && DO.has(b2.lower) ? [b2] : []), b1, w], next: k + 1 };
    if (at(1) === 'no') return { op: 'not_set', words: [w, items[k + 1]!], next: k + 2 };
    // "have not declared a": the negation before a verb
    if (NOT.has(at(1))) return { op: 'not_set', words: [w, items[k + 1]!], next: k + 2, needsVerb: true };
    // "who have a minor", but "whose name has" reads another way: "have" after a noun of the thing is fine
    return { op: 'is_set', words: [w], next: k + 1 };
  }
  if (HAVE_NOT.has(w.lower)) return { op: 'not_set', words: [w], next: k + 1 };
  if (DO.has(w.lower) && NOT.has(at(1)) && HAVE.has(at(2))) return { op: 'not_set', words: items.slice(k, k + 3), next: k + 3 };
  if (DO_NOT.has(w.lower) && HAVE.has(at(1))) return { op: 'not_set', words: items.slice(k, k + 2), next: k + 2 };
  return undefined;
}

/** A past form of a verb: "shipped", "withdrawn", "left", "paid" (never "ships", "shipping"). */
export function isParticiple(lower: string): boolean {
  const verb = verbOf(lower);
  return !!verb && verb !== lower && !/(s|ing)$/.test(lower);
}

/** The verb names the date (or another column: "ship" and a ship mode; "cancel" and a cancellation date). */
function verbNamesDateOf(lex: Lexicon, verb: string, date: string): boolean {
  const words = dateWords(lex, date);
  // ("delivered" of a delivered date: the date says the verb's own participle)
  // ("cancelled" and a cancellation date: the verb's last consonant doubled before the noun's ending)
  return verbNamesDate(verb, words) || verbNamesDate(verb + verb.slice(-1), words) || [...words].some((w) => verbOf(w) === verb);
}

/**
 * The verbs of the participles among the words that name the column ("were shipped": "ship", of a ship date or a ship
 * mode), by its words or as its synonym ("placed" of an order date).
 */
export function participlesNaming(lex: Lexicon, words: readonly string[], column: string): string[] {
  const synonym = (w: string) => !!longestMatch(lex, 1, 0, () => [w])?.entries.some((e) => e.target === column);
  return words.filter((w) => isParticiple(w) && (verbNamesDateOf(lex, verbOf(w)!, column) || synonym(w))).map((w) => verbOf(w)!);
}

const RELATIVE = new Set(['who', 'that', 'which']);
/** Words that ask for the things right after them: "which rowers", "how many parcels". */
const ASKING = new Set(['which', 'what', 'how many']);
/** Words before "shipped orders" that leave the participle an adjective of the things. */
const BEFORE_THING = new Set(['the', 'all', 'list', 'show', 'of', 'are', 'were', 'which', 'what']);

/**
 * The participle at k said of the thing before it (or right before the thing: "shipped orders"), and the one
 * time dimension of that thing its verb names (`verbNamesDate`: "resigned" and a resignation date); the
 * date is set when it happened, empty when negated.
 */
function happenedAt(c: Ctx, k: number): { op: Op; dimension: string; words: Item[]; before?: boolean } | undefined {
  const { items } = c;
  const it = items[k]!;
  const words: Item[] = [it];
  let b = k - 1;
  if (items[b]?.lower === 'been') words.push(items[b--]!);
  if (items[b]?.lower === 'yet') words.push(items[b--]!);
  let negated = false;
  let said = false;
  if (items[b] && NOT.has(items[b]!.lower)) {
    negated = true;
    words.push(items[b--]!);
    if (items[b] && (HAVE.has(items[b]!.lower) || BE.has(items[b]!.lower))) words.push(items[b--]!);
  } else if (items[b] && (HAVE_NOT.has(items[b]!.lower) || BE_NOT.has(items[b]!.lower))) {
    negated = true;
    words.push(items[b--]!);
  } else if (items[b] && (HAVE.has(items[b]!.lower) || BE.has(items[b]!.lower))) {
    said = true;
    words.push(items[b--]!);
  }
  // "rowers who resigned", "remedies that were approved": a relative pronoun right after the thing
  if (items[b] && items[b]!.kind !== 'lex' && RELATIVE.has(items[b]!.lower) && entityNamedBy(c.lex, items[b - 1])) {
    said = true;
    words.push(items[b--]!);
  }
  // "which rowers resigned", "how many parcels shipped": the things asked for are the verb's subject
  if (!negated && !said && b === k - 1 && entityNamedBy(c.lex, items[b]) && ASKING.has(items[b - 1]?.lower ?? '')) said = true;
  const verb = verbOf(it.lower)!;
  let thing: string | undefined;
  let before = false;
  if (negated) thing = thingBefore(c, b + 1);
  else if (said) thing = entityNamedBy(c.lex, items[b]);
  else if (k === 0 || !BEFORE_THING.has(items[k - 1]!.lower) || !entityNamedBy(c.lex, items[k + 1])) return undefined;
  else {
    // "shipped orders", "the approved remedies": the participle right before the things (never beside a period)
    if (items.some((x) => x.kind === 'time')) return undefined;
    thing = entityNamedBy(c.lex, items[k + 1]);
    before = true;
  }
  if (!thing) return undefined;
  const named = c.model.time_dimensions.filter((td) => td.entity === thing && verbNamesDateOf(c.lex, verb, td.name));
  if (named.length !== 1) return undefined;
  return { op: negated ? 'not_set' : 'is_set', dimension: named[0]!.name, words, before };
}

function find(c: Ctx): Found[] {
  const { items } = c;
  const found: Found[] = [];
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.consumed) continue;
    // 1. "<things> with a X", "who have no X", "who have declared a X"
    const t = triggerAt(items, k);
    if (t) {
      let n = t.next;
      const words = [...t.words];
      let op = t.op;
      let verb: Item | undefined;
      const w = items[n];
      // "have declared a major", "have not provided an email"
      // ("have been assigned a locker": the passive of a verb of giving)
      if (HAVE.has(it.lower) && w?.lower === 'been' && GIVEN.has(items[n + 1]?.lower ?? '')) {
        words.push(w);
        verb = items[++n]!;
        n++;
      } else if (HAVE.has(it.lower) && w?.kind === 'word' && /(ed|en)$/.test(w.lower) && verbOf(w.lower)) {
        verb = w;
        n++;
      } else if (t.needsVerb) continue; // "have not" + something else
      const det = items[n];
      // "with medals", "without stops", "have no children", "with a stop": a whole-number column keeping how
      // many of the noun each row has is above 0, or 0
      const hasDet = !!det && DETERMINERS.has(det.lower);
      const counted = verb ? undefined : countedAt(c, hasDet ? n + 1 : n, thingBefore(c, k));
      if (counted) {
        const at = hasDet ? n + 1 : n;
        // (never before a preposition: "with a stop in Leeds" is where, not how many)
        const end = endsAt(c, at, [], true);
        if (end.ok) {
          found.push({ op, dimension: counted, count: true, words: [...words, ...(hasDet ? [det] : []), items[at]!, ...end.tail] });
          k = at + end.tail.length;
          continue;
        }
      }
      if (det && DETERMINERS.has(det.lower) && !(op === 'not_set' && words.some((x) => x.lower === 'no'))) {
        words.push(det);
        n++;
      } else if (it.lower === 'with' && op === 'is_set') continue; // "with X" alone is mostly a value or a thing
      // "with a missing X", "have an unknown X"
      const adj = items[n];
      if (adj?.kind === 'word' && ABSENT.has(adj.lower) && op === 'is_set' && !verb) {
        op = 'not_set';
        words.push(adj);
        n++;
      }
      const noun = items[n];
      if (!noun || noun.consumed) continue;
      // "declared a major" of a `declare_major`; else a verb of giving or stating before the column's own noun
      const verbNoun = verb ? verbNounColumns(c, verb, noun) : [];
      const cols = verb && (verbNoun.length || !GIVEN.has(verb.lower)) ? verbNoun : columnItem(c, noun);
      if (!cols.length) continue;
      const end = endsAt(c, n, cols);
      if (!end.ok) continue;
      const chosen = choose(c, cols, thingBefore(c, k), verb ? `${verb.text} ${noun.text}` : noun.text);
      if (!chosen) continue;
      found.push({ op, ...chosen, words: [...words, ...(verb ? [verb] : []), noun, ...end.tail] });
      k = n + end.tail.length;
      // "with an email and a phone", "without an email and a phone" (neither), "with an email and no phone"
      while (!verb && items[k + 1]?.lower === 'and') {
        const and = items[k + 1]!;
        const d2 = items[k + 2];
        const no = d2?.lower === 'no';
        if (!d2 || (!no && !DETERMINERS.has(d2.lower))) break;
        const noun2 = items[k + 3];
        const cols2 = columnItem(c, noun2);
        if (!cols2.length) break;
        const end2 = endsAt(c, k + 3, cols2);
        if (!end2.ok) break;
        const chosen2 = choose(c, cols2, thingBefore(c, k), noun2!.text);
        if (!chosen2) break;
        found.push({ op: no ? 'not_set' : op, ...chosen2, words: [and, d2, noun2!, ...end2.tail] });
        k = k + 3 + end2.tail.length;
      }
      continue;
    }
    // 2. "whose X is missing", "where the X is not set", "whose X is not null"
    if (it.kind === 'word' && WHOSE.has(it.lower)) {
      let n = k + 1;
      const words = [it];
      while (items[n] && POSSESSIVE.has(items[n]!.lower)) words.push(items[n++]!);
      const noun = items[n];
      const cols = columnItem(c, noun);
      if (!cols.length) continue;
      let m = n + 1;
      const be = items[m];
      let negated = false;
      if (be && BE.has(be.lower)) {
        words.push(be);
        m++;
        if (items[m] && NOT.has(items[m]!.lower)) {
          negated = true;
          words.push(items[m++]!);
        }
      } else if (be && BE_NOT.has(be.lower)) {
        negated = true;
        words.push(be);
        m++;
      } else continue;
      const adj = items[m];
      if (!adj || (adj.kind !== 'word' && adj.kind !== 'kw') || (!ABSENT.has(adj.lower) && !PRESENT.has(adj.lower))) continue;
      words.push(adj);
      const end = endsAt(c, m, cols);
      if (!end.ok) continue;
      const chosen = choose(c, cols, thingBefore(c, k), noun!.text);
      if (!chosen) continue;
      const absent = ABSENT.has(adj.lower) !== negated;
      found.push({ op: absent ? 'not_set' : 'is_set', ...chosen, words: [...words, noun!, ...end.tail] });
      k = m + end.tail.length;
      continue;
    }
    // 3. "orders that have not shipped (yet)", "orders not yet delivered", "rowers who resigned", "remedies that
    // were approved", "shipped orders": the verb names a time dimension of the thing ("ship date"), which is
    // empty when it did not happen and filled when it did
    // (the participle may also be the date's own name, "shipped" of a shipped date, or a keyword)
    const dateWord = it.kind === 'lex' && (it.entries ?? []).every((e) => e.kind === 'time_dimension');
    if ((it.kind === 'word' || it.kind === 'kw' || dateWord) && isParticiple(it.lower)) {
      const happened = happenedAt(c, k);
      if (!happened) continue;
      const end = happened.before ? { ok: true, tail: [] } : endsAt(c, k, [], true);
      if (!end.ok) continue;
      found.push({ op: happened.op, dimension: happened.dimension, words: [...happened.words, ...end.tail] });
      k += end.tail.length;
    }
  }
  return found;
}

/** Takes the items away from the general rules' mentions (they are the condition's words). */
function release(a: Analysis, items: Item[], taken: Set<Item>): void {
  const at = (pos: number) => taken.has(items[pos]!);
  a.metrics = a.metrics.filter((m) => !taken.has(m.item));
  a.dimMentions = a.dimMentions.filter((m) => !taken.has(m.item));
  a.values = a.values.filter((v) => !taken.has(v.item));
  a.groups = a.groups.filter((g) => !at(g.pos));
  a.roles = a.roles.filter((r) => !at(r.pos));
  a.superlatives = a.superlatives.filter((s) => !at(s.pos));
  a.cmps = a.cmps.filter((x) => !at(x.pos));
  a.unknown = a.unknown.filter((u) => !taken.has(u));
  a.fuzzy = a.fuzzy.filter((u) => !taken.has(u));
  a.countUnknown = a.countUnknown.filter((u) => !taken.has(u));
  a.slotUnknown = a.slotUnknown.filter((u) => !taken.has(u));
  if (a.rowsOf) a.rowsOf = a.rowsOf.filter((r) => !taken.has(r.item));
  // "without a delivery date" names no date the question is dated by
  if (a.dating && taken.has(a.dating.item)) a.dating = undefined;
}

export const valuePresence: Construction = {
  name: 'value presence',
  recognise({ items, a, lex, ctx, tokens }) {
    if (!tokens) return null;
    const c: Ctx = { items, a, lex, tokens, model: ctx.model };
    const found = find(c);
    if (!found.length) return null;
    const unclear = found.find((f) => f.unclear);
    const taken = new Set(found.flatMap((f) => f.words));
    release(a, items, taken);
    for (const it of taken) it.used = true;
    // the words are the condition's from now on: no other rule (a listing's columns) reads them
    if (!unclear) for (const f of found) consume(...f.words);
    return {
      construction: 'value presence',
      apply(query, notes) {
        if (unclear) return unclear.unclear!;
        const q: SemanticQuery = { ...query, filters: [...query.filters] };
        for (const f of found) {
          // "with a model year after 2020": the comparison on the column already says it is set
          if (f.op === 'is_set' && q.filters.some((x) => x.dimension === f.dimension && x.op !== 'not_set' && x.values.length)) continue;
          if (q.filters.some((x) => x.dimension === f.dimension))
            return `The question sets a condition on "${f.dimension}" twice; ask with one.`;
          const label = lex.dimensions.get(f.dimension!)?.label ?? lex.timeDimensions.get(f.dimension!)?.label ?? f.dimension;
          if (f.count) {
            const filter = { dimension: f.dimension!, op: f.op === 'is_set' ? ('gt' as const) : ('eq' as const), values: [0] };
            q.filters.push(filter);
            noteConditionWords(a, filter, f.words);
            notes.push(`Filter: ${label} ${f.op === 'is_set' ? 'above 0' : 'is 0'}`);
            continue;
          }
          if (f.flag) {
            const values = [f.op === 'is_set' ? 'true' : 'false'];
            q.filters.push({ dimension: f.dimension!, op: 'eq', values });
            noteConditionWords(a, { dimension: f.dimension!, values }, f.words);
            notes.push(`Filter: ${label} is ${values[0]}`);
            continue;
          }
          q.filters.push({ dimension: f.dimension!, op: f.op, values: [] });
          noteConditionWords(a, { dimension: f.dimension!, values: [] }, f.words);
          notes.push(`Filter: ${label} ${f.op === 'is_set' ? 'has a value' : 'has no value (empty or not recorded)'}`);
        }
        return q;
      },
    };
  },
};
