/** Tokens -> spans ("items"): time placeholders, model phrases (longest first), grammar keywords, numbers, grains, value shapes, demonyms, typos. Each item carries `used`, the consumption ledger. */
import { distance } from 'fastest-levenshtein';
import { dimensionOfEntity, longestMatch, type LexEntry, type Lexicon } from './lexicon.js';
import { tokenize, type Token } from './text.js';
import { type TimeHit } from './time.js';
import { BUSINESS_CONCEPTS, GRAIN_WORDS, KEYWORDS, NON_DATA_TASKS, STOPWORDS, type Keyword } from './words.js';
export type Grain = 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface Item {
  kind: 'lex' | 'kw' | 'time' | 'num' | 'grain' | 'word' | 'punct';
  /** Token span [i, j). */
  i: number;
  j: number;
  text: string;
  lower: string;
  entries?: LexEntry[];
  kw?: Keyword;
  hit?: TimeHit;
  num?: number;
  percent?: boolean;
  grain?: Grain;
  fuzzy?: string;
  upper?: boolean;
  plural?: boolean;
  /** Set once the item has been used by a rule (analysis bookkeeping). */
  used?: boolean;
  /**
   * The consumption ledger: set when a construction put this item (a keyword with its arguments
   * attached, a number, a phrase) into the query. Coverage refuses questions with content left over.
   */
  consumed?: boolean;
  /** Set when the item was read but its meaning cannot be honoured (a period for an undated metric). */
  dropped?: boolean;
}

/** Marks items as consumed by a construction (the ledger). */
export function consume(...its: (Item | undefined)[]): void {
  for (const it of its) if (it) it.consumed = true;
}

export interface KwNode {
  next: Map<string, KwNode>;
  kw?: Keyword;
}
export const KW_ROOT: KwNode = { next: new Map() };
for (const [phrase, kw] of KEYWORDS) {
  let n = KW_ROOT;
  for (const w of phrase.split(' ')) {
    let nx = n.next.get(w);
    if (!nx) {
      nx = { next: new Map() };
      n.next.set(w, nx);
    }
    n = nx;
  }
  n.kw = kw;
}

export const SKIP = new Set(['the', 'a', 'an', 'our', 'my', 'your', 'their', 'its', 'all', 'of', 'total', 'overall', 'those', 'these']);
export const CONNECT = new Set(['and', ',', 'then', '&', 'or', 'plus', 'the', 'also', 'as', 'well']);
export const PREPOSITIONS = new Set(['from', 'of', 'for', 'on', 'in', 'with', 'among', 'to', 'at', 'through', 'via', 'across', 'by']);
/** Superlatives that modify a quantity ("the most orders") rather than pick members ("top customers"). */
export const QUANTITY_SUPERLATIVES = new Set([
  'most',
  'the most',
  'least',
  'the least',
  'fewest',
  'highest',
  'lowest',
  'greatest',
  'maximum',
  'minimum',
  'max',
  'min',
]);
export const WITH_WORDS = new Set(['with', 'whose', 'that', 'who', 'having', 'where', 'which']);

export function splitHyphens(tokens: Token[], lex: Lexicon): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    if (!t.lower.includes('-') || t.time !== undefined || lex.vocab.has(t.lemma) || KW_ROOT.next.has(t.lower) || GRAIN_WORDS[t.lower]) {
      out.push(t);
      continue;
    }
    if (/^\d{4}-\d{2}/.test(t.lower)) {
      out.push(t);
      continue;
    }
    let off = t.start;
    for (const part of t.raw.split('-')) {
      if (!part) continue;
      const [p] = tokenize(part);
      if (p) out.push({ ...p, start: off, end: off + part.length });
      off += part.length + 1;
    }
  }
  return out;
}

export function toItems(tokens: Token[], hits: TimeHit[], lex: Lexicon): Item[] {
  const items: Item[] = [];
  const n = tokens.length;
  const fuzzyKeys = new Map<number, string>();
  const keysAt = (j: number): string[] => {
    const t = tokens[j];
    const f = fuzzyKeys.get(j);
    return f ? [f] : [t.lemma, t.lower, t.verb];
  };
  for (let j = 0; j < n; j++) {
    const t = tokens[j];
    if (
      t.time === undefined &&
      !lex.root.next.has(t.lemma) &&
      !lex.root.next.has(t.lower) &&
      !lex.root.next.has(t.verb) &&
      !demonym(t, lex)
    ) {
      const f = fuzzyWord(t, lex);
      if (f) fuzzyKeys.set(j, f);
    }
  }
  let i = 0;
  while (i < n) {
    const t = tokens[i];
    if (t.time !== undefined) {
      items.push({ kind: 'time', i, j: i + 1, text: hits[t.time].range.label, lower: hits[t.time].range.label, hit: hits[t.time] });
      i++;
      continue;
    }
    let lx = longestMatch(lex, n, i, keysAt);
    // (nor a column of years named by the verb's noun: "debuted in 2001", "the singer debuted first" are the
    // verb, of the `debut` / `singer debut` column)
    const yearsByNoun = (e: LexEntry) => e.kind === 'dimension' && lex.dimensions.get(e.target)?.grain === 'year';
    const pastForm = (x: Token) => /ed$/.test(x.lower) && x.verb !== x.lower;
    if (lx && lx.len > 1 && pastForm(tokens[i + lx.len - 1]!) && lx.entries.every(yearsByNoun)) {
      // (found only through the verb of its last word: "year established" said as such stays the column)
      const end = i + lx.len - 1;
      const said = longestMatch(lex, n, i, (j) => (j === end ? [tokens[j]!.lemma, tokens[j]!.lower] : keysAt(j)));
      if (!said || said.len < lx.len) lx = longestMatch(lex, end, i, keysAt);
    }
    const kw = keywordAt(tokens, i);
    if (kw && (!lx || kw.len > lx.len || (kw.len === lx.len && lx.entries.every((e) => e.kind === 'entity' || e.weak)))) {
      items.push(span('kw', tokens, i, i + kw.len, { kw: kw.kw }));
      i += kw.len;
      continue;
    }
    // "authored by": a past form found only through its verb names no thing with a name of its own
    // and no count of those (it may still name a date or column, "shipped" and the ship date, or a
    // table of the relation it states, "cited" and `cite`; and never a thing through a noun of the same
    // meaning, "staffed" and the staff)
    const verbOnly = !!lx && lx.len === 1 && pastForm(t) && !fuzzyKeys.has(i) && !lex.root.next.has(t.lemma) && !lex.root.next.has(t.lower);
    const namedThing = (e: LexEntry) => {
      const entity = e.kind === 'entity' ? e.target : e.kind === 'metric' ? lex.metrics.get(e.target)?.entity : undefined;
      return !!entity && !!dimensionOfEntity(lex, entity);
    };
    const found = verbOnly ? lx!.entries.filter((e) => !namedThing(e) && !e.sameMeaning && !yearsByNoun(e)) : lx?.entries;
    // a number that is also a stored text ("5" of a zone) is that value only right after a word of its
    // column's name ("zone 5"); otherwise it is the number ("top 5 halls", "the 2 largest")
    const numberFirst =
      !!lx &&
      lx.len === 1 &&
      t.num !== undefined &&
      found!.every((e) => e.kind === 'value' && !valueNamedBefore(lex, e.target, tokens[i - 1]));
    if (lx && found!.length && !numberFirst) {
      const it = span('lex', tokens, i, i + lx.len, { entries: found! });
      const f = fuzzyKeys.get(i);
      if (f && lx.len === 1) it.fuzzy = f;
      items.push(it);
      i += lx.len;
      continue;
    }
    if (t.num !== undefined) {
      items.push(span('num', tokens, i, i + 1, { num: t.num, percent: t.percent }));
      i++;
      continue;
    }
    const g = GRAIN_WORDS[t.lower];
    if (g) {
      items.push(span('grain', tokens, i, i + 1, { grain: g }));
      i++;
      continue;
    }
    // value shapes (Customer#000000042) and demonyms (German -> GERMANY)
    const shaped = shapeValue(t, lex) ?? demonym(t, lex);
    if (shaped) {
      items.push(span('lex', tokens, i, i + 1, { entries: shaped }));
      i++;
      continue;
    }
    items.push(span(/^[?,;:!()]$/.test(t.lower) ? 'punct' : 'word', tokens, i, i + 1, {}));
    i++;
  }
  return items;
}

/** Whether the token before a value is a word of its dimension's name or label ("zone" before "5"). */
function valueNamedBefore(lex: Lexicon, dimension: string, before: Token | undefined): boolean {
  if (!before) return false;
  const d = lex.dimensions.get(dimension);
  const words = [dimension, d?.label ?? '', d?.roleOf?.base ?? ''].flatMap((x) => x.toLowerCase().split(/[^a-z0-9]+/));
  return words.includes(before.lemma) || words.includes(before.lower);
}

export function span(kind: Item['kind'], tokens: Token[], i: number, j: number, extra: Partial<Item>): Item {
  const ts = tokens.slice(i, j);
  const last = ts[ts.length - 1];
  return {
    kind,
    i,
    j,
    text: ts.map((t) => t.raw).join(' '),
    lower: ts.map((t) => t.lower).join(' '),
    upper: ts.every((t) => t.upper || !/[a-z]/i.test(t.raw)),
    plural: last ? last.lemma !== last.lower && last.lower.endsWith('s') : false,
    ...extra,
  };
}

export function keywordAt(tokens: Token[], i: number): { len: number; kw: Keyword } | null {
  let node: KwNode | undefined = KW_ROOT;
  let best: { len: number; kw: Keyword } | null = null;
  for (let j = i; j < tokens.length && node; j++) {
    node = node.next.get(tokens[j].lower);
    if (node?.kw) best = { len: j - i + 1, kw: node.kw };
  }
  // "10 or more", "3 or fewer" bound the number before them; "above 10 or below 2", "or fewer than 3" compare again
  const after = best ? tokens[i + best.len] : undefined;
  if (best && tokens[i]!.lower === 'or' && after && (after.lower === 'than' || /^[\d.,%$]+$/.test(after.lower))) return null;
  return best;
}

/** Prefixes that negate a word ("inactive", "unpaid", "nonprofit", "disabled"). */
const NEGATED = ['in', 'un', 'non', 'dis', 'im', 'il', 'ir'];

export function fuzzyWord(t: Token, lex: Lexicon): string | undefined {
  // a misspelt plural keeps its "s" in the lemma ("ordres"): read it without
  const w = t.lemma.length >= 6 && t.lemma.endsWith('s') && !t.lemma.endsWith('ss') ? t.lemma.slice(0, -1) : t.lemma;
  if (w.length < 5 || !/^[a-z]+$/.test(w)) return undefined;
  if (STOPWORDS.has(t.lower) || BUSINESS_CONCEPTS.has(t.lower) || BUSINESS_CONCEPTS.has(w) || NON_DATA_TASKS.has(w)) return undefined;
  if (KW_ROOT.next.has(t.lower) || GRAIN_WORDS[t.lower]) return undefined;
  const max = w.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestD = max + 1;
  let tie = false;
  for (const v of lex.vocabList) {
    if (Math.abs(v.length - w.length) > max) continue;
    // a negating prefix or suffix is no typo: "inactive" is never "active", "unpaid" never "paid"
    if (NEGATED.some((n) => w === `${n}${v}` || v === `${n}${w}`) || w === `${v}less` || v === `${w}less`) continue;
    if (v[0] !== w[0] && max === 1) continue;
    let d = distance(w, v);
    if (d === 2 && max === 1 && isTransposition(w, v)) d = 1;
    if (d < bestD) {
      bestD = d;
      best = v;
      tie = false;
    } else if (d === bestD) tie = true;
  }
  return best && !tie && bestD <= max ? best : undefined;
}

export function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

export function shapeValue(t: Token, lex: Lexicon): LexEntry[] | null {
  for (const s of lex.shapes) {
    if (t.lower.startsWith(s.prefix) && /^\d+$/.test(t.lower.slice(s.prefix.length))) {
      const digits = t.lower.slice(s.prefix.length);
      const stored = lex.valueIndex.get(s.dimension)?.get(t.lower) ?? `${s.storedPrefix}${digits.padStart(s.digits, '0')}`;
      return [{ kind: 'value', target: s.dimension, values: [stored], source: 'value', phrase: t.raw }];
    }
  }
  return null;
}

/** German -> GERMANY, Asian -> ASIA, Chinese -> CHINA: English demonym suffixes on stored values. */
export function demonym(t: Token, lex: Lexicon): LexEntry[] | null {
  const w = t.lower;
  if (!/^[a-z]{4,}$/.test(w) || STOPWORDS.has(w)) return null;
  const found: LexEntry[] = [];
  const tryBase = (base: string, slack: number) => {
    if (base.length < 4) return;
    for (const [v, list] of lex.singleValues) {
      if (v.startsWith(base) && v.length - base.length <= slack) {
        for (const x of list) {
          if (!found.some((f) => f.target === x.dimension && f.values?.[0] === x.value)) {
            found.push({ kind: 'value', target: x.dimension, values: [x.value], source: 'value', phrase: t.raw });
          }
        }
      }
    }
  };
  for (const suf of ['ian', 'an', 'ese', 'n', 'i', 'ish']) {
    if (w.endsWith(suf)) tryBase(w.slice(0, -suf.length), suf === 'ese' || suf === 'an' ? 1 : 0);
    if (found.length) return found;
  }
  if (w.length >= 5) tryBase(w, 1);
  return found.length ? found : null;
}

export function entriesOf(it: Item, kind: LexEntry['kind']): LexEntry[] {
  return (it.entries ?? []).filter((e) => e.kind === kind);
}

export function isSkip(it: Item | undefined): boolean {
  return !!it && it.kind === 'word' && SKIP.has(it.lower);
}
