/**
 * Text patterns on a text dimension: "lakes whose name starts with 'Lake'", "customers whose email
 * ends with .com", "diagnoses containing 'psoriasis'", "products with 'organic' in the name",
 * "names beginning with A", "cities not starting with 'San'", "a title like '%data%'", "whose name
 * has 'x' in it", "contains the word 'organic'" -> a
 * `starts_with` / `ends_with` / `contains` filter (or its `not_` form), which ignores letter case.
 *
 * The text is what the question quotes ('...' or "..."), or the one word right after the phrase;
 * an unquoted text must end the phrase (end of the question, punctuation or a function word), and
 * after "contains" / "includes" / "like" it must be no word of the model (a value or a thing: "orders
 * containing steel parts" relates things, it names no text). "or" adds texts ("starting with 'A' or
 * 'B'": either); "or" before another pattern phrase ("starts with J or ends with 'ez'") starts a pattern
 * of its own on the same dimension, and the "or" is left to the any-of construction. `%` and `*` in a "like" text are wildcards only at its ends ("'%data%'" contains).
 * The dimension is the text dimension named right before ("email ends with"), the one obvious name
 * of the thing named before "name" ("lakes whose name", "customer names") or right before the phrase
 * ("diagnoses containing"), or after "in the" ("with 'organic' in the name"). With no such dimension,
 * or several, it is refused, naming the candidates.
 *
 * "case-insensitively", "case insensitive", "ignoring case", "regardless of case", "match (with
 * wildcards) X case-insensitively": patterns ignore case anyway; a value filter on a text dimension
 * (the one named, or every one) becomes `eq_ci`, and "with wildcards" on a value is `contains`; an
 * exclusion ("non-vegan") becomes `ne_ci`, or with wildcards `not_contains`. With
 * neither a pattern nor such a value, these words are left unconsumed (refused).
 */
import type { DimensionFilter, SemanticQuery, TextPatternOp } from '../../semantic/query.js';
import { noteConditionWords, type Analysis } from '../analyse.js';
import type { Lexicon } from '../lexicon.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { entityNamedBy } from '../members.js';
import { TIME_MARK, type Token } from '../text.js';
import { nameCandidates } from './listing.js';
import type { Construction } from './types.js';

type Kind = 'starts_with' | 'ends_with' | 'contains' | 'like';
/** The phrases, as lower-case token sequences. */
const TRIGGERS: [string[], Kind][] = [
  ...['starts', 'start', 'starting', 'started', 'begins', 'begin', 'beginning', 'began', 'begun'].map((w): [string[], Kind] => [
    [w, 'with'],
    'starts_with',
  ]),
  ...['ends', 'end', 'ending', 'ended'].flatMap((w): [string[], Kind][] => [
    [[w, 'with'], 'ends_with'],
    [[w, 'in'], 'ends_with'],
  ]),
  ...['contains', 'contain', 'containing', 'contained', 'includes', 'include'].map((w): [string[], Kind] => [[w], 'contains']),
  [['like'], 'like'],
];
/** Between the dimension and the phrase: "whose name starts", "have a name that starts", "that contain". */
const LINK = new Set([
  'whose',
  'that',
  'which',
  'who',
  'where',
  'is',
  'are',
  'was',
  'were',
  'does',
  'do',
  'did',
  'has',
  'have',
  'had',
  'a',
  'an',
  'the',
  'its',
  'their',
  'with',
  'whose',
  'should',
  'must',
  'will',
  'would',
  'can',
  'could',
]);
const NEGATIONS = new Set(['not', "doesn't", "don't", "didn't", "isn't", "aren't", 'never']);
const NAME_WORDS = new Set(['name', 'names']);
/** Words an unquoted text may be followed by (it ends the phrase). */
const ENDERS = new Set([
  'and',
  'or',
  'in',
  'from',
  'with',
  'who',
  'that',
  'which',
  'whose',
  'for',
  'by',
  'of',
  'on',
  'at',
  'to',
  'as',
  'but',
  'ordered',
  'sorted',
  'please',
  'only',
  'then',
]);
const QUOTES = new Set(["'", '"']);
/** "the letter A", "the word 'organic'", "the string '-x'": a noun naming the text before it. */
const TEXT_NOUNS = new Set([
  'letter',
  'letters',
  'word',
  'words',
  'text',
  'string',
  'phrase',
  'term',
  'characters',
  'character',
  'prefix',
  'suffix',
  'substring',
]);

export interface PatternInput {
  items: Item[];
  a: Analysis;
  lex: Lexicon;
  tokens: Token[];
  text: string;
}

interface Operand {
  value: string;
  items: Item[];
  /** The item after the operand. */
  next: number;
  quoted: boolean;
}

interface Found {
  op: TextPatternOp;
  dimension?: string;
  /** Why the dimension is not clear (a refusal). */
  unclear?: string;
  values: string[];
  words: Item[];
  /** The words naming the dimension (kept as mentions, marked as the pattern's). */
  dimWords: Item[];
  /** The thing whose name it is ("customers whose name"): consumed, still read by the general rules. */
  owner?: Item;
}

/** The pattern phrase starting at item k ("starts with", "containing"), if any. */
function triggerAt(items: Item[], k: number): { kind: Kind; len: number } | undefined {
  for (const [ws, kind] of TRIGGERS)
    if (ws.every((w, o) => items[k + o]?.kind !== 'lex' && items[k + o]?.lower === w)) return { kind, len: ws.length };
  return undefined;
}

/** The items whose tokens lie in [from, to) of the text, or undefined when an item crosses a bound. */
function itemsIn(p: PatternInput, from: number, to: number): Item[] | undefined {
  const out: Item[] = [];
  for (const it of p.items) {
    const s = p.tokens[it.i]?.start ?? -1;
    const e = p.tokens[it.j - 1]?.end ?? -1;
    if (e <= from || s >= to) continue;
    if (s < from || e > to) return undefined;
    out.push(it);
  }
  return out;
}

/** The text right after item k: a quoted string, or one word. */
function operandAt(p: PatternInput, k: number, kind: Kind): Operand | undefined {
  const first = p.items[k];
  if (!first) return undefined;
  const after = p.tokens[p.items[k - 1]!.j - 1]!.end;
  // "the letter A", "the word 'organic'"
  let letterWords: Item[] = [];
  if (first.lower === 'the' && TEXT_NOUNS.has(p.items[k + 1]?.lower ?? '')) letterWords = [first, p.items[k + 1]!];
  else if (TEXT_NOUNS.has(first.lower)) letterWords = [first];
  const rest = p.text.slice(letterWords.length ? p.tokens[letterWords[letterWords.length - 1]!.j - 1]!.end : after);
  const lead = /^\s*/.exec(rest)![0].length;
  const open = rest[lead];
  if (open && QUOTES.has(open)) {
    const start = (letterWords.length ? p.tokens[letterWords[letterWords.length - 1]!.j - 1]!.end : after) + lead + 1;
    // the closing quote: the same mark not followed by a letter or digit ("'Joe's Diner'" keeps its apostrophe)
    let close = -1;
    for (let c = start; c < p.text.length; c++) {
      if (p.text[c] === open && !/[A-Za-z0-9]/.test(p.text[c + 1] ?? '')) {
        close = c;
        break;
      }
    }
    if (close <= start) return undefined;
    const value = p.text.slice(start, close);
    if (value.includes(TIME_MARK) || !value.trim()) return undefined;
    const inside = itemsIn(p, start, close);
    if (!inside) return undefined;
    const next = p.items.findIndex((it) => (p.tokens[it.i]?.start ?? -1) > close);
    return { value, items: [...letterWords, ...inside], next: next < 0 ? p.items.length : next, quoted: true };
  }
  // one word, up to the next space (".com", "O'Neil", "A"), ending the phrase
  const k2 = k + letterWords.length;
  const word = p.items[k2];
  if (!word || word.j - word.i !== 1 || word.kind === 'time' || word.kind === 'punct') return undefined;
  const tok = p.tokens[word.i]!;
  let s = tok.start;
  while (s > after && !/\s/.test(p.text[s - 1]!)) s--;
  let e = tok.end;
  while (e < p.text.length && !/\s/.test(p.text[e]!)) e++;
  let value = p.text.slice(s, e).replace(/[?!,;:)]+$/, '');
  if (e >= p.text.length - 1) value = value.replace(/\.$/, '');
  if (!value || /["'(]/.test(value) || value.includes(TIME_MARK)) return undefined;
  const inside = itemsIn(p, s, s + value.length);
  if (!inside || inside.length !== 1) return undefined;
  const follow = p.items[k2 + 1];
  if (follow && follow.kind !== 'punct' && !ENDERS.has(follow.lower) && !(follow.kind === 'kw' && follow.kw !== 'count')) return undefined;
  // "containing steel", "like Italian food": a word of the model relates things or names a value
  if ((kind === 'contains' || kind === 'like') && !letterWords.length && (word.kind !== 'word' || word.lower.length < 2)) return undefined;
  return { value, items: [...letterWords, word], next: k2 + 1, quoted: false };
}

/** The one obvious name of an entity, or why not. */
function nameOf(p: PatternInput, entity: string, model: Parameters<typeof nameCandidates>[0]): { dimension?: string; unclear?: string } {
  const names = nameCandidates(model, p.lex, entity).filter((n) => p.lex.dimensions.get(n)?.type === 'string');
  if (names.length === 1) return { dimension: names[0] };
  const label = p.lex.entities.get(entity)?.name ?? entity;
  return names.length
    ? {
        unclear: `Which name of ${label} does the text condition apply to: ${names.map((n) => `"${p.lex.dimensions.get(n)?.label ?? n}"`).join(' or ')}? Name it in the question.`,
      }
    : {
        unclear: `${label} has no one text naming it for the text condition to apply to: name the dimension (e.g. "whose <dimension> starts with ...").`,
      };
}

/** The text dimension an item names, resolved with the thing named before it; undefined when it names none. */
function dimensionOf(p: PatternInput, model: Parameters<typeof nameCandidates>[0], k: number): Resolved | undefined {
  const it = p.items[k]!;
  const entityBefore = (): { entity: string; item: Item } | undefined => {
    for (let b = k - 1; b >= 0; b--) {
      const e = entityNamedBy(p.lex, p.items[b]);
      if (e) return { entity: e, item: p.items[b]! };
    }
    return undefined;
  };
  // "products named 'x'", "a film called like '%love%'": the name of the thing before
  const naming = ['named', 'called', 'titled'].includes(it.lower) && it.kind !== 'lex';
  if (naming || NAME_WORDS.has(it.lower) || (it.kind === 'lex' && it.lower.split(' ').every((w) => NAME_WORDS.has(w)))) {
    const owner = entityBefore();
    if (!owner || (naming && owner.item !== p.items[k - 1])) {
      return naming
        ? undefined
        : {
            unclear: 'Whose name does the text condition apply to? Name the thing (e.g. "customers whose name starts with ...").',
            words: [it],
          };
    }
    return { ...nameOf(p, owner.entity, model), words: [it], owner: owner.item };
  }
  if (it.kind !== 'lex') return undefined;
  const dims = entriesOf(it, 'dimension')
    .map((e) => p.lex.dimensions.get(e.target))
    .filter((d) => !!d);
  const text = dims.filter((d) => d.type === 'string');
  if (!text.length) return undefined;
  if (text.length === 1) return { dimension: text[0]!.name, words: [it] };
  const owner = entityBefore()?.entity;
  const own = text.filter((d) => d.entity === owner);
  if (own.length === 1) return { dimension: own[0]!.name, words: [it] };
  return {
    unclear: `"${it.text}" names several texts: ${text.map((d) => `"${d.label}"`).join(', ')}. Name the one the text condition applies to.`,
    words: [it],
  };
}

interface Resolved {
  dimension?: string;
  unclear?: string;
  words: Item[];
  owner?: Item;
}

/** A "like" text: wildcards at its ends only ('%data%' contains, 'data%' starts with); else undefined. */
function likeKind(value: string): { op: 'starts_with' | 'ends_with' | 'contains'; value: string } | undefined {
  const m = /^([%*]?)(.*?)([%*]?)$/s.exec(value)!;
  const body = m[2]!;
  if (!body || /[%*_]/.test(body)) return undefined;
  if (m[1] && m[3]) return { op: 'contains', value: body };
  if (m[3]) return { op: 'starts_with', value: body };
  if (m[1]) return { op: 'ends_with', value: body };
  return { op: 'contains', value: body };
}

function findPatterns(p: PatternInput, model: Parameters<typeof nameCandidates>[0]): { found: Found[]; taken: Set<Item> } | undefined {
  const { items } = p;
  const found: Found[] = [];
  const taken = new Set<Item>();
  let last: { next: number; dimension?: string; unclear?: string } | undefined;
  for (let k = 0; k < items.length; k++) {
    if (taken.has(items[k]!)) continue;
    // "with 'organic' in the name", "has 'x' in its title"
    const trigger = triggerAt(items, k);
    let dimension: Resolved | undefined;
    let operand: Operand | undefined;
    let words: Item[] = [];
    let negated: Item[] = [];
    let kind: Kind;
    if (trigger) {
      kind = trigger.kind;
      operand = operandAt(p, k + trigger.len, kind);
      if (!operand) continue;
      words = items.slice(k, k + trigger.len);
      let b = k - 1;
      // "does not start with", "doesn't contain"
      if (b >= 0 && NEGATIONS.has(items[b]!.lower)) {
        negated = [items[b]!];
        b--;
        if (b >= 0 && ['does', 'do', 'did', 'is', 'are'].includes(items[b]!.lower)) negated.push(items[b--]!);
      }
      const link: Item[] = [];
      // "starts with 'A' and ends with 'z'": the same dimension as the pattern just before ("or": either,
      // the any-of construction's word, never consumed here)
      const chained = last && b === last.next && ['and', 'but', 'or'].includes(items[b]!.lower) ? items[b] : undefined;
      while (!chained && b >= 0 && items[b]!.kind !== 'lex' && LINK.has(items[b]!.lower)) link.push(items[b--]!);
      if (b < 0) continue;
      dimension = chained ? { dimension: last!.dimension, unclear: last!.unclear, words: [] } : dimensionOf(p, model, b);
      if (chained) {
        if (chained.lower !== 'or') words.push(chained);
      } else if (dimension) {
        words.push(...link);
      } else {
        // "diagnoses containing 'x'", "customers that start with A": the thing's one obvious name
        const entity = entityNamedBy(p.lex, items[b]);
        if (!entity || link.some((l) => !['that', 'which', 'who', 'whose'].includes(l.lower))) continue;
        if (!operand.quoted && kind !== 'starts_with' && kind !== 'ends_with') continue;
        dimension = { ...nameOf(p, entity, model), words: [], owner: items[b] };
        words.push(...link);
      }
    } else {
      const w = items[k]!;
      if (!['with', 'has', 'have', 'having', 'without'].includes(w.lower) || w.kind === 'lex') continue;
      const q = operandAt(p, k + 1, 'contains');
      if (!q?.quoted) continue;
      const inAt = q.next;
      if (items[inAt]?.lower !== 'in') continue;
      let d = inAt + 1;
      const det: Item[] = [];
      while (items[d] && ['the', 'its', 'their', 'his', 'her'].includes(items[d]!.lower)) det.push(items[d++]!);
      if (!items[d]) continue;
      kind = 'contains';
      if (w.lower === 'without') negated = [w];
      if (!det.length && ['it', 'them'].includes(items[d]!.lower) && w.lower !== 'with') {
        // "whose name has 'x' in it", "names that do not have 'x' in them": the dimension before
        let b = k - 1;
        if (b >= 0 && NEGATIONS.has(items[b]!.lower)) {
          negated = [items[b]!];
          b--;
          if (b >= 0 && ['does', 'do', 'did'].includes(items[b]!.lower)) negated.push(items[b--]!);
        }
        const link: Item[] = [];
        while (b >= 0 && items[b]!.kind !== 'lex' && ['that', 'which', 'whose'].includes(items[b]!.lower)) link.push(items[b--]!);
        if (b < 0) continue;
        dimension = dimensionOf(p, model, b);
        det.push(items[d]!, ...link);
      } else dimension = dimensionOf(p, model, d);
      if (!dimension) continue;
      operand = { ...q, next: d + 1 };
      words = [w, items[inAt]!, ...det];
    }
    if (!dimension) continue;
    const values = [operand.value];
    const valueItems = [...operand.items];
    // "starting with 'A' or 'B'"
    let n = operand.next;
    while (items[n]?.lower === 'or') {
      // "starts with 'A' or ends with 'z'", "or does not contain": a pattern of its own
      let t = n + 1;
      while (items[t] && (NEGATIONS.has(items[t]!.lower) || ['does', 'do', 'did', 'is', 'are'].includes(items[t]!.lower))) t++;
      if (triggerAt(items, t)) break;
      const more = operandAt(p, n + 1, kind);
      if (!more || more.quoted !== operand.quoted) break;
      values.push(more.value);
      valueItems.push(items[n]!, ...more.items);
      n = more.next;
    }
    // "starting with A and B": either text, or both? never guessed
    if ((items[n]?.lower === 'and' || items[n]?.lower === ',') && !triggerAt(items, n + 1)) {
      const more = operandAt(p, n + 1, kind);
      if (more && more.quoted === operand.quoted) {
        found.push({
          op: 'contains',
          unclear: `"${values.join('", "')}" and "${more.value}": should the text match either of them or all of them? Ask with "or", or one condition each.`,
          values: [],
          words: [],
          dimWords: [],
        });
        continue;
      }
    }
    let op: string = kind;
    if (kind === 'like') {
      const read = values.map(likeKind);
      if (read.some((r) => !r) || new Set(read.map((r) => r!.op)).size !== 1) {
        found.push({
          op: 'contains',
          unclear: `I can read "like" only with text that has wildcards (% or *) at its ends, such as '%word%' or 'word%'.`,
          values: [],
          words: [],
          dimWords: [],
        });
        continue;
      }
      op = read[0]!.op;
      values.splice(0, values.length, ...read.map((r) => r!.value));
    } else if (values.some((v) => v.includes('%') || v.includes('*'))) {
      // a wildcard in the text: literal, or a pattern? never guessed
      found.push({
        op: 'contains',
        unclear: `The text ${values.map((v) => `"${v}"`).join(', ')} holds a wildcard: say "starts with", "ends with" or "contains" with the plain text.`,
        values: [],
        words: [],
        dimWords: [],
      });
      continue;
    }
    // a keyword inside the text ("%", "per") is a word of the text: no other rule reads it
    for (const it of valueItems)
      if (it.kind === 'kw' && operand.quoted) {
        it.kind = 'word';
        delete it.kw;
      }
    const fullOp = (negated.length ? `not_${op}` : op) as TextPatternOp;
    const all = [...words, ...negated, ...valueItems];
    for (const it of all) taken.add(it);
    found.push({
      op: fullOp,
      dimension: dimension.dimension,
      unclear: dimension.unclear,
      values,
      words: all,
      dimWords: dimension.words,
      owner: dimension.owner,
    });
    last = { next: n, dimension: dimension.dimension, unclear: dimension.unclear };
    k = Math.max(k, n - 1);
  }
  return { found, taken };
}

/** "case-insensitively", "(match with wildcards case insensitively)", "ignoring case", "regardless of case". */
interface CaseWords {
  words: Item[];
  wildcards: boolean;
  /** A dimension named in the phrase ("match food_type case insensitively"). */
  dimension?: string;
}

function findCaseWords(p: PatternInput): CaseWords[] {
  const { items } = p;
  const out: CaseWords[] = [];
  for (let k = 0; k < items.length; k++) {
    const w = items[k]!.lower;
    let end = -1;
    if (w === 'case' && /^insensitive(ly)?$/.test(items[k + 1]?.lower ?? '')) end = k + 2;
    else if (w === 'case' && items[k + 1]?.lower === 'in' && /^sensitive(ly)?$/.test(items[k + 2]?.lower ?? '')) end = k + 3;
    else if ((w === 'ignoring' || w === 'ignore') && items[k + 1]?.lower === 'case') end = k + 2;
    else if (w === 'regardless' && items[k + 1]?.lower === 'of' && items[k + 2]?.lower === 'case') end = k + 3;
    if (end < 0) continue;
    let start = k;
    // "in a case-insensitive way"
    if (items[start - 1]?.lower === 'a' && items[start - 2]?.lower === 'in') start -= 2;
    if (['way', 'manner', 'match', 'matching', 'comparison'].includes(items[end]?.lower ?? '')) end++;
    let dimension: string | undefined;
    let wildcards = false;
    // "match (food_type) (with wildcards)" before it
    let b = start - 1;
    if (items[b]?.lower === 'wildcards' || items[b]?.lower === 'wildcard') {
      if (['with', 'using'].includes(items[b - 1]?.lower ?? '')) {
        wildcards = true;
        b -= 2;
      }
    }
    const dims = items[b] ? entriesOf(items[b]!, 'dimension').filter((e) => p.lex.dimensions.get(e.target)?.type === 'string') : [];
    if (dims.length === 1 && ['match', 'matching', 'compare', 'comparing'].includes(items[b - 1]?.lower ?? '')) {
      dimension = dims[0]!.target;
      b--;
    }
    if (['match', 'matching', 'matched', 'compare', 'comparing', 'compared'].includes(items[b]?.lower ?? '')) b--;
    start = b + 1;
    out.push({ words: items.slice(start, end), wildcards, dimension });
    k = end - 1;
  }
  return out;
}

/** Every filter list of a query (its own, a subset's, a ratio side's), for the case words to edit. */
function mapFilters(q: SemanticQuery, f: (fs: DimensionFilter[]) => DimensionFilter[]): SemanticQuery {
  return {
    ...q,
    filters: f(q.filters),
    ...(q.subset_metrics ? { subset_metrics: q.subset_metrics.map((s) => ({ ...s, filters: f(s.filters) })) } : {}),
    ...(q.ratios
      ? {
          ratios: q.ratios.map((r) => ({
            ...r,
            numerator: r.numerator.filters ? { ...r.numerator, filters: f(r.numerator.filters) } : r.numerator,
            denominator: r.denominator.filters ? { ...r.denominator, filters: f(r.denominator.filters) } : r.denominator,
          })),
        }
      : {}),
  };
}

/** Takes the items away from the general rules' mentions (they are the pattern's text and words). */
function release(a: Analysis, items: Item[], taken: Set<Item>, dimWords: Set<Item>): void {
  const at = (pos: number) => taken.has(items[pos]!);
  a.metrics = a.metrics.filter((m) => !taken.has(m.item) && !dimWords.has(m.item));
  a.dimMentions = a.dimMentions.filter((m) => !taken.has(m.item));
  // the dimension named stays a mention (a signal of the model), never grouped by or left dangling
  for (const m of a.dimMentions) if (dimWords.has(m.item)) (m as { consumed?: boolean }).consumed = true;
  // ...unless a group keyword asks for it too ("by customer name, for names starting with A")
  a.groups = a.groups.filter((g) => !dimWords.has(items[g.pos]!) || !!g.kws?.length);
  a.values = a.values.filter((v) => !taken.has(v.item));
  a.groups = a.groups.filter((g) => !at(g.pos));
  a.roles = a.roles.filter((r) => !at(r.pos));
  a.superlatives = a.superlatives.filter((s) => !at(s.pos));
  a.cmps = a.cmps.filter((c) => !at(c.pos));
  a.whichPos = a.whichPos.filter((pos) => !at(pos));
  const mine = (u: Item) => taken.has(u) || dimWords.has(u);
  a.unknown = a.unknown.filter((u) => !mine(u));
  a.fuzzy = a.fuzzy.filter((u) => !mine(u));
  a.countUnknown = a.countUnknown.filter((u) => !mine(u));
  a.slotUnknown = a.slotUnknown.filter((u) => !mine(u));
  if (a.rowsOf) a.rowsOf = a.rowsOf.filter((r) => !taken.has(r.item));
  // a "%" inside a quoted text asks for no share
  const kwLeft = (kw: string) => items.some((it) => it.kind === 'kw' && it.kw === kw && !taken.has(it));
  if (a.share && !kwLeft('share')) a.share = false;
  if (a.trend && !kwLeft('trend')) a.trend = false;
  if (a.compare && !kwLeft('compare')) a.compare = false;
}

export const textPattern: Construction = {
  name: 'text pattern',
  recognise({ items, a, lex, ctx, tokens, text }) {
    if (!tokens || text === undefined) return null;
    const p: PatternInput = { items, a, lex, tokens, text };
    const patterns = findPatterns(p, ctx.model);
    const cases = findCaseWords(p);
    if (!patterns?.found.length && !cases.length) return null;
    const found = patterns?.found ?? [];
    const taken = patterns?.taken ?? new Set<Item>();
    const unclear = found.find((f) => f.unclear || !f.dimension);
    for (const c of cases) for (const w of c.words) taken.add(w);
    // the words are the pattern's from now on: no other rule reads them (consumed when it applies)
    const dimWords = new Set(found.flatMap((f) => f.dimWords));
    release(a, items, taken, dimWords);
    for (const it of [...taken, ...dimWords]) it.used = true;
    // the texts are the pattern's whatever else happens (a "%" or a model word inside quotes is text)
    if (!found.some((f) => f.unclear)) for (const f of found) consume(...f.words);
    return {
      construction: 'text pattern',
      apply(query, notes) {
        if (unclear) return unclear.unclear ?? 'I could not tell which text the text condition applies to.';
        let q: SemanticQuery = { ...query, filters: [...query.filters] };
        for (const f of found) {
          q.filters.push({ dimension: f.dimension!, op: f.op, values: f.values });
          noteConditionWords(a, { dimension: f.dimension!, values: f.values }, [...f.words, ...f.dimWords]);
          consume(...f.words, ...f.dimWords, f.owner);
          notes.push(
            `Filter: ${lex.dimensions.get(f.dimension!)?.label ?? f.dimension} ${f.op.replace(/_/g, ' ')} ${f.values.map((v) => `"${v}"`).join(' or ')} (ignoring letter case)`,
          );
        }
        for (const c of cases) {
          if (found.length && !c.dimension) {
            consume(...c.words);
            continue;
          }
          // a value on a text dimension: equal ignoring case, or with wildcards, containing it; an
          // exclusion ("non-vegan") the same negated: equal to none in any case, or containing none
          let changed = false;
          const mapped = mapFilters(q, (fs) =>
            fs.map((f) => {
              const d = lex.dimensions.get(f.dimension);
              const excluded = f.op === 'ne' || f.op === 'not_in';
              if (
                !d ||
                d.type !== 'string' ||
                !['eq', 'in', 'ne', 'not_in'].includes(f.op) ||
                (c.dimension && c.dimension !== f.dimension)
              ) {
                if (c.dimension === f.dimension && f.op !== 'eq' && f.op !== 'in' && found.some((x) => x.dimension === f.dimension))
                  changed = true;
                return f;
              }
              changed = true;
              if (excluded) return { ...f, op: c.wildcards ? 'not_contains' : 'ne_ci' };
              return { ...f, op: c.wildcards ? 'contains' : 'eq_ci' };
            }),
          );
          if (!changed) {
            for (const w of c.words) w.used = false;
            continue;
          }
          q = mapped;
          consume(...c.words);
          notes.push(
            c.wildcards
              ? 'Text values are matched as parts of the text, ignoring letter case'
              : 'Text values are matched ignoring letter case',
          );
        }
        return q;
      },
    };
  },
};
