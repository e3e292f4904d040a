/**
 * The rule-based interpreter: question -> SemanticQuery, or an honest refusal.
 *
 * Pipeline: normalise -> find time expressions (masked) -> tokenise/lemmatise -> match phrases
 * longest-first against the model's vocabulary and the grammar keywords -> resolve each match
 * by its grammatical context (count / group / top-N / filter / role) -> build the query ->
 * merge into the previous query when the question is a follow-up fragment.
 * See CONTEXT.md for the invariants.
 */
import { distance } from 'fastest-levenshtein';
import type { SemanticModel } from '../semantic/model.js';
import type { DimensionFilter, GroupBy, MetricFilter, SemanticQuery, TimeRange } from '../semantic/query.js';
import { getLexicon, longestMatch, type LexEntry, type Lexicon } from './lexicon.js';
import { normalise, tokenize, TIME_MARK, type Token } from './text.js';
import { findTimeExpressions, naturalGrain, OPEN_START, type TimeHit, type TimeUnit } from './time.js';
import type { InterpretContext, Interpretation } from './types.js';
import {
  ADD_CUES,
  BUSINESS_CONCEPTS,
  CHANGE_WORDS,
  FOLLOW_UP_CUES,
  UNSUPPORTED_ANALYSES,
  GRAIN_ADVERBS,
  GRAIN_WORDS,
  KEYWORDS,
  NON_DATA_TASKS,
  REPLACE_CUES,
  STOPWORDS,
  type Keyword,
} from './words.js';

type Grain = 'day' | 'week' | 'month' | 'quarter' | 'year';

interface Item {
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
  /** Set once the item has been used by a rule. */
  used?: boolean;
}

interface KwNode {
  next: Map<string, KwNode>;
  kw?: Keyword;
}
const KW_ROOT: KwNode = { next: new Map() };
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

const SKIP = new Set(['the', 'a', 'an', 'our', 'my', 'your', 'their', 'its', 'all', 'of', 'total', 'overall', 'those', 'these']);
const CONNECT = new Set(['and', ',', 'then', '&', 'or', 'plus', 'the', 'also', 'as', 'well']);
const PREPOSITIONS = new Set(['from', 'of', 'for', 'on', 'in', 'with', 'among', 'to', 'at', 'through', 'via', 'across', 'by']);
/** Superlatives that modify a quantity ("the most orders") rather than pick members ("top customers"). */
const QUANTITY_SUPERLATIVES = new Set(['most', 'the most', 'least', 'the least', 'fewest', 'highest', 'lowest', 'greatest', 'maximum', 'minimum', 'max', 'min']);
const WITH_WORDS = new Set(['with', 'whose', 'that', 'who', 'having', 'where', 'which']);

// ------------------------------------------------------------------------------------------

export function interpret(question: string, ctx: InterpretContext): Interpretation {
  const lex = getLexicon(ctx.model, ctx.values);
  const text = normalise(question).trim();
  const lowerText = text.toLowerCase();

  // 1. time expressions, masked out of the text
  const hits = findTimeExpressions(lowerText, ctx.asOf);
  let masked = '';
  let last = 0;
  hits.forEach((h, k) => {
    masked += `${text.slice(last, h.from)} ${TIME_MARK}${k} `;
    last = h.to;
  });
  masked += text.slice(last);

  // 2. tokens -> items
  const tokens = splitHyphens(tokenize(masked), lex);
  const items = toItems(tokens, hits, lex);

  // 3. creative / general-knowledge tasks are never data questions
  const task = items.find((it) => it.kind === 'word' && NON_DATA_TASKS.has(it.lower));
  if (task) {
    return {
      kind: 'out_of_domain',
      reason: `"${question.trim()}" is not a question about ${modelTopic(ctx.model)} ("${task.text}" is outside it). I answer questions about the data: ${sampleMetrics(lex)}.`,
    };
  }

  const a = analyse(items, lex, ctx);
  return decide(a, items, lex, ctx, question);
}

function modelTopic(model: SemanticModel): string {
  const c = model.company as Record<string, unknown>;
  return typeof c.name === 'string' ? `${c.name}'s data` : `the ${model.name} data`;
}
function sampleMetrics(lex: Lexicon, n = 8): string {
  return `metrics such as ${[...lex.metrics.values()].slice(0, n).map((m) => m.label.toLowerCase()).join(', ')}`;
}
function sampleDimensions(lex: Lexicon, n = 10): string {
  return [...lex.dimensions.values()].slice(0, n).map((d) => d.label.toLowerCase()).join(', ');
}

/** "non-urgent" -> non urgent; "best-selling" stays a keyword; "1-URGENT" stays a value. */
function splitHyphens(tokens: Token[], lex: Lexicon): Token[] {
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

function toItems(tokens: Token[], hits: TimeHit[], lex: Lexicon): Item[] {
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
    if (t.time === undefined && !lex.root.next.has(t.lemma) && !lex.root.next.has(t.lower) && !lex.root.next.has(t.verb) && !demonym(t, lex)) {
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
    const lx = longestMatch(lex, n, i, keysAt);
    const kw = keywordAt(tokens, i);
    if (kw && (!lx || kw.len > lx.len || (kw.len === lx.len && lx.entries.every((e) => e.kind === 'entity' || e.weak)))) {
      items.push(span('kw', tokens, i, i + kw.len, { kw: kw.kw }));
      i += kw.len;
      continue;
    }
    if (lx) {
      const it = span('lex', tokens, i, i + lx.len, { entries: lx.entries });
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

function span(kind: Item['kind'], tokens: Token[], i: number, j: number, extra: Partial<Item>): Item {
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

function keywordAt(tokens: Token[], i: number): { len: number; kw: Keyword } | null {
  let node: KwNode | undefined = KW_ROOT;
  let best: { len: number; kw: Keyword } | null = null;
  for (let j = i; j < tokens.length && node; j++) {
    node = node.next.get(tokens[j].lower);
    if (node?.kw) best = { len: j - i + 1, kw: node.kw };
  }
  return best;
}

function fuzzyWord(t: Token, lex: Lexicon): string | undefined {
  const w = t.lemma;
  if (w.length < 5 || !/^[a-z]+$/.test(w)) return undefined;
  if (STOPWORDS.has(t.lower) || BUSINESS_CONCEPTS.has(t.lower) || BUSINESS_CONCEPTS.has(w) || NON_DATA_TASKS.has(w)) return undefined;
  if (KW_ROOT.next.has(t.lower) || GRAIN_WORDS[t.lower]) return undefined;
  const max = w.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestD = max + 1;
  let tie = false;
  for (const v of lex.vocabList) {
    if (Math.abs(v.length - w.length) > max) continue;
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

function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

function shapeValue(t: Token, lex: Lexicon): LexEntry[] | null {
  for (const s of lex.shapes) {
    if (t.lower.startsWith(s.prefix) && /^\d+$/.test(t.lower.slice(s.prefix.length))) {
      const digits = t.lower.slice(s.prefix.length);
      const stored =
        lex.valueIndex.get(s.dimension)?.get(t.lower) ?? `${s.storedPrefix}${digits.padStart(s.digits, '0')}`;
      return [{ kind: 'value', target: s.dimension, values: [stored], source: 'value', phrase: t.raw }];
    }
  }
  return null;
}

/** German -> GERMANY, Asian -> ASIA, Chinese -> CHINA: English demonym suffixes on stored values. */
function demonym(t: Token, lex: Lexicon): LexEntry[] | null {
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

// ------------------------------------------------------------------------------------------

interface MetricMention {
  name: string;
  pos: number;
  /** Could also be an entity/dimension mention ("customers", "orders"). */
  ambiguous: boolean;
  item: Item;
  via?: string;
}
interface GroupMention {
  dimension: string; // base dimension (role resolved later)
  pos: number;
  grain?: Grain;
  time?: boolean;
  plural?: boolean;
}
interface ValueMention {
  entries: LexEntry[];
  pos: number;
  negated: boolean;
  item: Item;
}
interface RoleMention {
  entities: Set<string>;
  roles: Set<string>;
  pos: number;
}
interface Superlative {
  dir: 'asc' | 'desc';
  pos: number;
  n?: number;
  metric?: string;
}
interface PendingCmp {
  op: MetricFilter['op'];
  value: number;
  percent: boolean;
  pos: number;
  metric?: string;
  dimension?: string;
}

interface Analysis {
  metrics: MetricMention[];
  rankingMetric?: string;
  groups: GroupMention[];
  dimMentions: { dimension: string; pos: number; plural: boolean; item: Item }[];
  values: ValueMention[];
  roles: RoleMention[];
  superlatives: Superlative[];
  whichPos: number[];
  whichN?: number;
  cmps: PendingCmp[];
  times: TimeHit[];
  dating?: { dimension: string; item: Item };
  grainGroups: { grain: Grain; pos: number }[];
  trend: boolean;
  share: boolean;
  compare: boolean;
  sortDir?: 'asc' | 'desc';
  sortBy: boolean;
  allTime: boolean;
  money: boolean;
  list: boolean;
  countUnknown: Item[];
  slotUnknown: Item[];
  /** Time hits preceded by a negation ("excluding 1998"). */
  negTimes: TimeHit[];
  /** "revenue per order": a ratio of two metrics. */
  ratio?: { num?: string; den: Item };
  unknown: Item[];
  fuzzy: Item[];
  notes: string[];
}

function entriesOf(it: Item, kind: LexEntry['kind']): LexEntry[] {
  return (it.entries ?? []).filter((e) => e.kind === kind);
}

function isSkip(it: Item | undefined): boolean {
  return !!it && it.kind === 'word' && SKIP.has(it.lower);
}

function analyse(items: Item[], lex: Lexicon, ctx: InterpretContext): Analysis {
  const a: Analysis = {
    metrics: [],
    groups: [],
    dimMentions: [],
    values: [],
    roles: [],
    superlatives: [],
    whichPos: [],
    cmps: [],
    times: [],
    grainGroups: [],
    trend: false,
    share: false,
    compare: false,
    sortBy: false,
    allTime: false,
    money: false,
    list: false,
    countUnknown: [],
    slotUnknown: [],
    negTimes: [],
    unknown: [],
    fuzzy: [],
    notes: [],
  };
  const prevSig = (k: number, skip = SKIP): number => {
    let p = k - 1;
    while (p >= 0 && items[p].kind === 'word' && skip.has(items[p].lower)) p--;
    return p;
  };
  const nextSig = (k: number, skip = SKIP): number => {
    let p = k + 1;
    while (p < items.length && items[p].kind === 'word' && skip.has(items[p].lower)) p++;
    return p;
  };

  // ---- keywords, numbers, top-N, comparisons
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    if (it.kind === 'time') {
      const before = items[prevSig(k)];
      if (before?.kind === 'kw' && before.kw === 'neg') {
        a.negTimes.push(it.hit!);
        continue;
      }
      a.times.push(it.hit!);
      // "for each of the last 6 months": one row per month of the period
      let p = k - 1;
      while (p >= 0 && (items[p].lower === 'of' || items[p].lower === 'the')) p--;
      const g = /\b(day|week|month|quarter|year)s\b/.exec(it.hit!.range.label)?.[1] as Grain | undefined;
      if (items[p]?.kind === 'kw' && (items[p].kw === 'each' || items[p].kw === 'group') && g) {
        a.grainGroups.push({ grain: g, pos: k });
      }
      continue;
    }
    if (it.kind !== 'kw') continue;
    switch (it.kw) {
      case 'share':
        a.share = true;
        break;
      case 'trend':
        a.trend = true;
        break;
      case 'compare':
        a.compare = true;
        break;
      case 'alltime':
        a.allTime = true;
        break;
      case 'money':
        a.money = true;
        break;
      case 'list':
        a.list = true;
        break;
      case 'sort':
        a.sortBy = true;
        break;
      case 'asc_word':
        a.sortDir = 'asc';
        break;
      case 'desc_word':
        a.sortDir = 'desc';
        break;
      case 'which': {
        const nx = items[k + 1];
        if (it.lower === 'what' && nx && nx.kind === 'word' && !SKIP.has(nx.lower) && nx.lower !== 'are' && nx.lower !== 'were') break;
        a.whichPos.push(k);
        if (nx?.kind === 'num' && !nx.used) {
          a.whichN = nx.num;
          nx.used = true;
        }
        break;
      }
      case 'desc':
      case 'asc': {
        const s: Superlative = { dir: it.kw, pos: k };
        const nx = items[nextSig(k, new Set(['the']))];
        const pv = items[prevSig(k, new Set(['the']))];
        if (nx?.kind === 'num' && !nx.used && Number.isInteger(nx.num) && nx.num! > 0 && nx.num! < 10_000) {
          s.n = nx.num;
          nx.used = true;
        } else if (pv?.kind === 'num' && !pv.used && Number.isInteger(pv.num) && pv.num! > 0 && pv.num! < 10_000) {
          s.n = pv.num;
          pv.used = true;
        }
        // "most" / "least" before a count comparison ("at most" is a comparison keyword)
        a.superlatives.push(s);
        break;
      }
      default:
        if (it.kw?.startsWith('cmp_')) {
          let p = k + 1;
          if (items[p]?.lower === 'of') p++;
          const nx = items[p];
          const after = items[p + 1];
          if (nx?.kind === 'num' && !nx.used) {
            nx.used = true;
            const op: MetricFilter['op'] =
              it.kw === 'cmp_gt' ? 'gt' : it.kw === 'cmp_gte' ? 'gte' : it.kw === 'cmp_lt' ? 'lt' : it.kw === 'cmp_lte' ? 'lte' : 'eq';
            const cmp: PendingCmp = { op, value: nx.num!, percent: !!nx.percent, pos: k };
            // "or more": the number comes first ("20 orders or more")
            if (after?.kind === 'kw' && after.kw === 'cmp_eq') after.used = true;
            a.cmps.push(cmp);
          } else if ((it.kw === 'cmp_gte' || it.kw === 'cmp_lte') && /^or /.test(it.lower)) {
            // "20 orders or more" / "20 or more orders"
            let q = k - 1;
            if (items[q]?.kind === 'lex') q--;
            const pn = items[q];
            if (pn?.kind === 'num' && !pn.used) {
              pn.used = true;
              a.cmps.push({ op: it.kw === 'cmp_gte' ? 'gte' : 'lte', value: pn.num!, percent: !!pn.percent, pos: q });
            }
          }
        }
    }
  }

  // ---- lexical items, by grammatical context
  let groupRun = false;
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    if (it.kind === 'kw' && it.kw === 'group') {
      groupRun = true;
      continue;
    }
    if (groupRun && it.kind === 'word' && (CONNECT.has(it.lower) || SKIP.has(it.lower))) continue;
    if (groupRun && it.kind === 'kw' && it.kw === 'each') continue;
    if (groupRun && it.kind === 'punct' && it.lower === ',') continue;
    const inGroup = groupRun;
    if (it.kind !== 'lex' && it.kind !== 'grain') groupRun = false;

    if (it.kind === 'grain') {
      const pk = prevSig(k);
      const prev = items[pk];
      const ctxGroup =
        inGroup ||
        GRAIN_ADVERBS.has(it.lower) ||
        (prev?.kind === 'kw' && (prev.kw === 'each' || prev.kw === 'which' || prev.kw === 'group' || prev.kw === 'desc' || prev.kw === 'asc'));
      if (ctxGroup) {
        a.grainGroups.push({ grain: it.grain!, pos: k });
        it.used = true;
        if (prev?.kind === 'kw' && prev.kw === 'which') a.whichPos.push(pk);
      } else if (it.lower === 'date' || it.lower === 'dates') {
        it.used = true;
      }
      if (!inGroup) groupRun = false;
      continue;
    }
    if (it.kind !== 'lex') continue;

    let values = entriesOf(it, 'value');
    const metrics = entriesOf(it, 'metric');
    const dims = entriesOf(it, 'dimension');
    const tds = entriesOf(it, 'time_dimension');
    const ents = entriesOf(it, 'entity');
    if (it.fuzzy) a.fuzzy.push(it);

    // role mentions: what entities / roles this phrase speaks of
    const rm: RoleMention = { entities: new Set(), roles: new Set(), pos: k };
    for (const e of metrics) {
      const ent = lex.metrics.get(e.target)?.entity;
      if (ent) rm.entities.add(ent);
    }
    for (const e of dims) {
      const d = lex.dimensions.get(e.target);
      if (!d) continue;
      if (d.roleOf) rm.roles.add(d.roleOf.role);
      if (lex.roles.has(d.name)) rm.roles.add(d.name);
      rm.entities.add(d.entity);
    }
    for (const e of ents) {
      rm.entities.add(e.target);
      if (lex.roles.has(e.target)) rm.roles.add(e.target);
    }
    for (const e of metrics) {
      const ent = lex.metrics.get(e.target)?.entity;
      if (ent && lex.roles.has(ent)) rm.roles.add(ent);
    }
    if (rm.entities.size || rm.roles.size) a.roles.push(rm);

    // weak values need capitals or their dimension next to them
    if (values.length) {
      values = values.filter((v) => {
        if (!v.weak) return true;
        const near = [items[k - 1], items[k + 1], items[k - 2], items[k + 2]].some(
          (o) => o?.kind === 'lex' && entriesOf(o, 'dimension').some((d) => sameFamily(lex, d.target, v.target)),
        );
        if (v.weak === 'code') return near && (it.upper || /["']/.test(it.text));
        return it.upper || near;
      });
    }

    // a shaped name given by its number: "brand 13" -> Brand#13, "customer 42" -> Customer#000000042
    const shaped = dims.map((d) => lex.shapes.find((x) => x.dimension === d.target)).find((x) => x);
    const nxNum = items[k + 1];
    if (shaped && nxNum?.kind === 'num' && !nxNum.used && Number.isInteger(nxNum.num) && !nxNum.percent) {
      nxNum.used = true;
      const digits = String(nxNum.num);
      const stored =
        lex.valueIndex.get(shaped.dimension)?.get(`${shaped.prefix}${digits}`) ?? `${shaped.storedPrefix}${digits.padStart(shaped.digits, '0')}`;
      const entry: LexEntry = { kind: 'value', target: shaped.dimension, values: [stored], source: 'value', phrase: `${it.text} ${nxNum.text}` };
      a.values.push({ entries: [entry], pos: k, negated: false, item: { ...it, text: `${it.text} ${nxNum.text}` } });
      it.used = true;
      continue;
    }

    const pk = prevSig(k);
    const prev = items[pk];
    const prevKw = prev?.kind === 'kw' ? prev.kw : undefined;
    // count context: "how many (urgent) orders", "number of suppliers"
    let countCtx = false;
    for (let p = k - 1; p >= 0; p--) {
      const o = items[p];
      if (o.kind === 'kw' && o.kw === 'count') {
        countCtx = true;
        break;
      }
      if (isSkip(o) || (o.kind === 'lex' && entriesOf(o, 'value').length && !entriesOf(o, 'metric').length)) continue;
      break;
    }
    const topCtx =
      prevKw === 'desc' || prevKw === 'asc' || (prev?.kind === 'num' && prev.used && a.superlatives.some((s) => items[nextSig(s.pos, new Set(['the']))] === prev || items[prevSig(s.pos, new Set(['the']))] === prev)) ||
      (prev?.kind === 'num' && prev.used && a.whichN !== undefined);
    const whichCtx = prevKw === 'which' || (prev?.kind === 'num' && items[pk - 1]?.kw === 'which');
    const eachCtx = prevKw === 'each' || (prevKw === 'list' && prev.lower === 'list' && !!it.plural && !a.metrics.length);
    const allCtx = items[k - 1]?.lower === 'all' && it.plural;
    const nk = nextSig(k, new Set(['the']));
    const withAfter = items[nk]?.kind === 'word' && WITH_WORDS.has(items[nk].lower) && !!items[nk + 1];
    const superBefore = (prevKw === 'desc' || prevKw === 'asc') && QUANTITY_SUPERLATIVES.has(prev.lower) && !items[k - 1]?.used;

    if (values.length && !(inGroup && dims.length && !values.some((v) => !v.weak))) {
      // a value: becomes a filter (role and negation resolved later)
      let negated = false;
      for (let p = k - 1; p >= 0 && p >= k - 6; p--) {
        const o = items[p];
        if (o.kind === 'kw' && o.kw === 'neg') {
          negated = true;
          break;
        }
        if (o.kind === 'kw' && o.kw === 'group') continue;
        if (isSkip(o) || (o.kind === 'word' && (CONNECT.has(o.lower) || PREPOSITIONS.has(o.lower) || o.lower === 'in')) || o.kind === 'punct') continue;
        if (o.kind === 'lex' && (entriesOf(o, 'value').length || entriesOf(o, 'dimension').length || entriesOf(o, 'time_dimension').length)) continue;
        break;
      }
      a.values.push({ entries: values, pos: k, negated, item: it });
      it.used = true;
      continue;
    }

    if (countCtx) {
      const countMetric = metrics.length ? pickCountMetric(lex, metrics.map((m) => m.target)) : undefined;
      if (countMetric) {
        a.metrics.push({ name: countMetric, pos: k, ambiguous: false, item: it, via: it.text });
      } else {
        const entitiesHere = [...dims.map((d) => lex.dimensions.get(d.target)!.entity), ...ents.map((e) => e.target)];
        const m = countMetricOfEntities(lex, entitiesHere);
        if (m) {
          a.metrics.push({ name: m, pos: k, ambiguous: false, item: it, via: it.text });
          a.notes.push(`"how many ${it.text}" counts ${lex.metrics.get(m)!.label.toLowerCase()}`);
        } else if (metrics.length) {
          a.metrics.push({ name: metrics[0].target, pos: k, ambiguous: false, item: it, via: it.text });
        } else {
          a.countUnknown.push(it);
        }
      }
      it.used = true;
      continue;
    }

    const dimHere = dims.length > 0 || ents.some((e) => dimensionOfEntity(lex, e.target));
    const withCond =
      withAfter &&
      (items[nk + 1]?.kw?.startsWith('cmp_') || (items[nk + 1]?.kind === 'lex' && entriesOf(items[nk + 1], 'metric').length > 0) || !metrics.length);
    if ((inGroup || eachCtx || whichCtx || topCtx || allCtx || withCond) && dimHere) {
      if (metrics.length && superBefore) {
        // "the most orders": a metric after a superlative
        a.metrics.push({ name: metrics[0].target, pos: k, ambiguous: false, item: it, via: it.text });
        it.used = true;
        continue;
      }
      const dim = dims[0]?.target ?? dimensionOfEntity(lex, ents[0].target)!;
      a.groups.push({ dimension: dim, pos: k, plural: it.plural });
      if (whichCtx && !a.whichPos.includes(pk)) a.whichPos.push(pk);
      it.used = true;
      continue;
    }
    if (inGroup && tds.length && !metrics.length) {
      a.groups.push({ dimension: tds[0].target, pos: k, time: true });
      it.used = true;
      continue;
    }
    if (metrics.length && inGroup && !dims.length && items.slice(0, k).reverse().find((o) => o.kind === 'kw' && o.kw === 'group')?.lower === 'per') {
      a.ratio = { num: a.metrics[a.metrics.length - 1]?.name, den: it };
      it.used = true;
      continue;
    }
    if (metrics.length) {
      const name = metrics[0].target;
      const ambiguous = dims.length > 0 || ents.length > 0 || tds.length > 0;
      a.metrics.push({ name, pos: k, ambiguous, item: it, via: it.text });
      if (inGroup || (prevKw === 'sort')) a.rankingMetric = name;
      it.used = true;
      continue;
    }
    if (dims.length) {
      a.dimMentions.push({ dimension: dims[0].target, pos: k, plural: !!it.plural, item: it });
      it.used = true;
      continue;
    }
    if (tds.length) {
      if (!a.dating) a.dating = { dimension: tds[0].target, item: it };
      it.used = true;
      continue;
    }
    if (ents.length) {
      it.used = true;
      continue;
    }
  }

  // ---- unknown words
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    if (it.kind !== 'word') continue;
    if (STOPWORDS.has(it.lower) || /^\d/.test(it.lower) || it.lower.length <= 1) continue;
    if (lex.glossaryWords.has(it.lower)) continue;
    const pk = prevSig(k);
    const prev = items[pk];
    if (prev?.kind === 'kw' && prev.kw === 'count') a.countUnknown.push(it);
    else if (prev?.kind === 'kw' && (prev.kw === 'group' || prev.kw === 'each')) a.slotUnknown.push(it);
    a.unknown.push(it);
  }
  return a;
}

function sameFamily(lex: Lexicon, dimA: string, dimB: string): boolean {
  if (dimA === dimB) return true;
  const a = lex.dimensions.get(dimA);
  const b = lex.dimensions.get(dimB);
  return !!a && !!b && (a.roleOf?.base === dimB || b.roleOf?.base === dimA || (!!a.roleOf && a.roleOf.base === b.roleOf?.base));
}

function pickCountMetric(lex: Lexicon, names: string[]): string | undefined {
  const counts = names.filter((n) => {
    const m = lex.metrics.get(n);
    return m?.agg === 'count' || m?.agg === 'count_distinct';
  });
  return counts[0] ?? (names.length === 1 ? names[0] : undefined);
}

/** The count metric of an entity ("how many suppliers" -> suppliers). */
function countMetricOfEntities(lex: Lexicon, entities: string[]): string | undefined {
  for (const ent of entities) {
    const ms = [...lex.metrics.values()].filter((m) => m.entity === ent && m.agg === 'count');
    if (ms.length) return ms[0].name;
  }
  for (const ent of entities) {
    const ms = [...lex.metrics.values()].filter((m) => m.entity === ent && m.agg === 'count_distinct');
    if (ms.length) return ms[0].name;
  }
  return undefined;
}

/** The dimension that names an entity's rows (entity customer -> dimension customer). */
function dimensionOfEntity(lex: Lexicon, entity: string): string | undefined {
  const d = lex.dimensions.get(entity);
  return d && d.entity === entity ? d.name : undefined;
}

// ------------------------------------------------------------------------------------------

interface Built {
  query: SemanticQuery;
  notes: string[];
  confidence: number;
  usedDefaultMetric: boolean;
  hasOwnMetric: boolean;
}

function decide(a: Analysis, items: Item[], lex: Lexicon, ctx: InterpretContext, question: string): Interpretation {
  // demote ambiguous metric mentions ("revenue from customers in Germany": customers is a role)
  const firm = a.metrics.filter((m) => !m.ambiguous);
  for (const m of [...a.metrics]) {
    if (!m.ambiguous) continue;
    const before = items[m.item.i > 0 ? indexOfItem(items, m.item) - 1 : -1];
    const afterPrep = !!before && before.kind === 'word' && PREPOSITIONS.has(before.lower);
    const afterValue = !!before && before.kind === 'lex' && entriesOf(before, 'value').length > 0;
    if (firm.length && (afterPrep || afterValue || firm.some((f) => f.pos < m.pos))) {
      a.metrics.splice(a.metrics.indexOf(m), 1);
      const ent = lex.metrics.get(m.name)?.entity;
      const d = ent ? dimensionOfEntity(lex, ent) : undefined;
      if (d) a.dimMentions.push({ dimension: d, pos: m.pos, plural: !!m.item.plural, item: m.item });
    }
  }

  const domainSignals =
    a.metrics.length + a.groups.length + a.dimMentions.length + (a.dating ? 1 : 0) +
    a.roles.length + a.grainGroups.length;
  const businessUnknown = a.unknown.filter((u) => BUSINESS_CONCEPTS.has(u.lower) || BUSINESS_CONCEPTS.has(singular(u.lower)));
  const properUnknown = a.unknown.filter((u, k) => /^[A-Z][a-z]/.test(u.text) && u.i > 0 && !STOPWORDS.has(u.lower) && k >= 0);
  const isFollowUpCandidate = !!ctx.previous;

  // ---- refusals
  const metricWords = a.metrics.length > 0;
  if (!metricWords && !domainSignals && !businessUnknown.length && !a.money) {
    const onlyValuesOrTime =
      a.values.length + a.times.length + a.negTimes.length + a.grainGroups.length + a.superlatives.length + a.cmps.length + (a.allTime ? 1 : 0) > 0;
    const contentUnknown = a.unknown.filter((u) => !STOPWORDS.has(u.lower));
    if (!onlyValuesOrTime || contentUnknown.length) {
      if (!(isFollowUpCandidate && onlyValuesOrTime && contentUnknown.length === 0)) {
        return {
          kind: 'out_of_domain',
          reason: `"${question.trim()}" does not ask about ${modelTopic(ctx.model)}${contentUnknown.length ? ` (${quoteList(contentUnknown.map((u) => u.text))} ${contentUnknown.length > 1 ? 'are' : 'is'} not in the data model)` : ''}. I can answer questions about ${sampleMetrics(lex)}, by ${sampleDimensions(lex, 6)} and time.`,
        };
      }
    }
  }
  if (!businessUnknown.length && !domainSignals && !a.values.length && (a.countUnknown.length || a.slotUnknown.length)) {
    const words = uniq([...a.countUnknown, ...a.slotUnknown].map((u) => u.text));
    return {
      kind: 'out_of_domain',
      reason: `"${question.trim()}" does not ask about ${modelTopic(ctx.model)} (${quoteList(words)} ${words.length > 1 ? 'are' : 'is'} not in the data model). I can answer questions about ${sampleMetrics(lex)}.`,
    };
  }
  const countable = a.countUnknown.filter((u) => u.kind === 'lex');
  if (countable.length && !businessUnknown.length && !a.slotUnknown.length) {
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `No metric counts ${quoteList(countable.map((u) => u.text))}: the data model has no count of them.`,
    );
  }
  if (businessUnknown.length || a.countUnknown.length || a.slotUnknown.length) {
    const missing = uniq([...a.countUnknown, ...a.slotUnknown, ...businessUnknown].map((u) => u.text.toLowerCase()));
    const phrase = missingPhrase(items, [...a.countUnknown, ...a.slotUnknown, ...businessUnknown]);
    return outOfScope(lex, missing, phrase, a.slotUnknown.length > 0 && !a.countUnknown.length && !businessUnknown.length);
  }
  if (properUnknown.length && (metricWords || domainSignals)) {
    const names = properUnknown.map((u) => u.text);
    return {
      kind: 'out_of_scope',
      reason: `${quoteList(names)} ${names.length > 1 ? 'are' : 'is'} not a known value of any dimension in the data model (no city, office or person data is modelled). Dimensions that can filter include: ${sampleDimensions(lex)}.`,
    };
  }
  if (!metricWords && !domainSignals && !a.money && !ctx.previous && a.values.length === 0) {
    return {
      kind: 'out_of_domain',
      reason: `"${question.trim()}" does not name anything in the data model. I can answer questions about ${sampleMetrics(lex)}.`,
    };
  }

  const analysis = a.unknown.find((u) => UNSUPPORTED_ANALYSES.has(u.lower));
  if (analysis && (metricWords || domainSignals)) {
    return outOfScope(lex, [], undefined, false, `A ${analysis.lower} is not something the data model computes: it sums, counts, averages and ranks its metrics by period and dimension.`);
  }
  const change = a.unknown.find((u) => CHANGE_WORDS.has(u.lower));
  if (change && (metricWords || domainSignals) && !a.trend && !a.grainGroups.length && !a.compare && a.times.length < 2 && !a.groups.some((g) => g.time)) {
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `The ${change.lower} of a metric is not computed directly. Ask for the metric by period (e.g. by year or by month) to compare periods.`,
    );
  }
  if (a.ratio) {
    const num = a.ratio.num ? lex.metrics.get(a.ratio.num)?.label.toLowerCase() : 'a metric';
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `"${num} per ${a.ratio.den.text}" is a ratio of two metrics that the data model does not define.`,
    );
  }

  // ---- follow-up or standalone
  const firstWords = items.slice(0, 4).map((it) => it.lower).join(' ');
  const cue = FOLLOW_UP_CUES.filter((c) => firstWords === c || firstWords.startsWith(`${c} `)).sort((x, y) => y.length - x.length)[0];
  let fragment = !!ctx.previous && (a.metrics.length === 0 || !!cue || referencesPrevious(items));
  if (fragment) {
    for (const m of [...a.metrics]) {
      const k = items.indexOf(m.item);
      const before = items[k - 1];
      if (m.ambiguous && before?.kind === 'lex' && entriesOf(before, 'value').length) a.metrics.splice(a.metrics.indexOf(m), 1);
    }
  }
  // excluding a period: only the latest one can be cut off (the range then ends where it starts)
  for (const h of a.negTimes) {
    if (h.range.end > ctx.asOf) {
      a.times.push({ ...h, range: { start: OPEN_START, end: h.range.start, label: `before ${h.range.label}` }, unit: 'span' });
    } else {
      return outOfScope(lex, [], undefined, false, `Excluding a period inside the data ("${h.range.label}") is not supported; ask for the periods before and after it separately.`);
    }
  }
  fragment = fragment || (!!ctx.previous && a.negTimes.length > 0 && a.metrics.length === 0);
  const built = build(a, items, lex, ctx, fragment);
  if (!built) {
    return outOfScope(lex, [], undefined, false, 'I could not find a metric or anything to change in the question.');
  }
  if (fragment && ctx.previous) {
    const merged = mergeFollowUp(ctx.previous, built, a, lex, ctx, cue, items);
    if (merged) {
      return {
        kind: 'query',
        query: merged.query,
        confidence: round(Math.max(0.2, built.confidence * 0.95)),
        notes: merged.notes,
        followUp: true,
      };
    }
  }
  if (built.query.metrics.length === 0) {
    return outOfScope(lex, [], undefined, false, 'The question names no metric I know.');
  }
  return { kind: 'query', query: built.query, confidence: round(built.confidence), notes: built.notes, followUp: false };
}

function indexOfItem(items: Item[], it: Item): number {
  return items.indexOf(it);
}

function referencesPrevious(items: Item[]): boolean {
  return items.some((it) => it.kind === 'word' && (it.lower === 'it' || it.lower === 'that' || it.lower === 'those' || it.lower === 'same' || it.lower === 'instead')) &&
    items.length <= 8;
}

function singular(w: string): string {
  return w.endsWith('s') ? w.slice(0, -1) : w;
}
function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
function quoteList(xs: string[]): string {
  return uniq(xs)
    .map((x) => `"${x}"`)
    .join(', ');
}
function round(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The unknown words with the words around them that belong to the same noun phrase. */
function missingPhrase(items: Item[], unknown: Item[]): string | undefined {
  if (!unknown.length) return undefined;
  const idx = unknown.map((u) => items.indexOf(u)).sort((x, y) => x - y);
  const lo = idx[0];
  let hi = lo;
  while (hi + 1 < items.length && (items[hi + 1].kind === 'word' && !STOPWORDS.has(items[hi + 1].lower))) hi++;
  let start = lo;
  while (start - 1 >= 0 && items[start - 1].kind === 'word' && !STOPWORDS.has(items[start - 1].lower)) start--;
  return items
    .slice(start, hi + 1)
    .map((x) => x.text.toLowerCase())
    .join(' ');
}

function outOfScope(lex: Lexicon, missing: string[], phrase: string | undefined, dimensionSlot: boolean, why?: string): Interpretation {
  const what = phrase ?? missing.join(', ');
  const near = suggestions(lex, missing);
  const head = why
    ? why
    : `The data model has no ${dimensionSlot ? 'dimension' : 'metric or dimension'} for "${what}"${missing.length > 1 || (phrase && phrase !== missing[0]) ? ` (not modelled: ${quoteList(missing)})` : ''}.`;
  return {
    kind: 'out_of_scope',
    reason: `${head}${near ? ` Closest available: ${near}.` : ''} Available metrics: ${[...lex.metrics.values()].map((m) => m.label.toLowerCase()).join(', ')}. Dimensions: ${[...lex.dimensions.values()].map((d) => d.label.toLowerCase()).join(', ')}, and time (${[...lex.timeDimensions.values()].map((t) => t.label.toLowerCase()).join(', ')}).`,
  };
}

function suggestions(lex: Lexicon, words: string[]): string {
  const out: string[] = [];
  for (const w of words) {
    const s = singular(w);
    for (const m of lex.metrics.values()) {
      if (m.label.toLowerCase().split(/\s+/).some((x) => x === s || x === w)) out.push(m.label.toLowerCase());
    }
  }
  return uniq(out).slice(0, 4).join(', ');
}

// ------------------------------------------------------------------------------------------

function build(a: Analysis, items: Item[], lex: Lexicon, ctx: InterpretContext, fragment: boolean): Built | null {
  const model = ctx.model;
  const notes: string[] = [...a.notes];
  let confidence = 0.95;

  // ---- metrics
  let metrics = uniq(a.metrics.map((m) => m.name));
  for (const m of a.metrics) {
    const info = lex.metrics.get(m.name)!;
    notes.push(`Metric: ${info.label}${m.via && m.via.toLowerCase() !== info.label.toLowerCase() ? ` (from "${m.via}")` : ''}`);
  }
  // role swap (customer account balance -> supplier account balance when suppliers are meant)
  metrics = metrics.map((name) => swapMetricRole(lex, name, a.roles));
  const hasOwnMetric = metrics.length > 0;
  let usedDefaultMetric = false;

  // ---- filters from values (role resolution: supplier vs customer)
  const filters: DimensionFilter[] = [];
  const byDim = new Map<string, { values: string[]; negated: boolean; text: string[] }>();
  for (const v of a.values) {
    const e = chooseValueEntry(lex, v.entries);
    const dim = resolveRole(lex, e.target, v.pos, a.roles);
    const key = `${dim}|${v.negated ? 'not' : ''}`;
    const cur = byDim.get(key) ?? { values: [], negated: v.negated, text: [] };
    for (const x of e.values ?? []) if (!cur.values.includes(x)) cur.values.push(x);
    cur.text.push(v.item.text);
    byDim.set(key, cur);
  }
  const comparedDims: string[] = [];
  for (const [key, f] of byDim) {
    const dim = key.split('|')[0];
    if (a.compare && !f.negated && f.values.length > 1) comparedDims.push(dim);
    const op: DimensionFilter['op'] = f.negated ? (f.values.length > 1 ? 'not_in' : 'ne') : f.values.length > 1 ? 'in' : 'eq';
    filters.push({ dimension: dim, op, values: f.values });
    notes.push(`Filter: ${lex.dimensions.get(dim)?.label ?? dim} ${opText(op)} ${f.values.join(', ')} (from "${f.text.join('", "')}")`);
  }

  // ---- numeric dimension comparisons and metric comparisons
  const metricFilters: MetricFilter[] = [];
  for (const c of a.cmps) {
    // the metric (or numeric dimension) named right before the comparison, or right after its number
    let target: { kind: 'metric' | 'dimension'; name: string } | undefined;
    for (let p = c.pos + 2; p < items.length && p <= c.pos + 4; p++) {
      const o = items[p];
      if (o.kind === 'lex' && entriesOf(o, 'metric').length) {
        const m = a.metrics.find((x) => x.item === o);
        target = { kind: 'metric', name: m?.name ?? entriesOf(o, 'metric')[0].target };
        break;
      }
      if (o.kind === 'word' && (SKIP.has(o.lower) || o.lower === 'in')) continue;
      break;
    }
    for (let p = c.pos - 1; !target && p >= 0 && p >= c.pos - 4; p--) {
      const o = items[p];
      if (o.kind === 'lex') {
        const d = entriesOf(o, 'dimension').find((x) => lex.dimensions.get(x.target)?.type === 'number');
        const m = a.metrics.find((x) => x.item === o);
        if (d) target = { kind: 'dimension', name: d.target };
        else if (m) target = { kind: 'metric', name: m.name };
        else if (entriesOf(o, 'metric').length) target = { kind: 'metric', name: entriesOf(o, 'metric')[0].target };
        break;
      }
      if (o.kind === 'word' && (STOPWORDS.has(o.lower) || WITH_WORDS.has(o.lower))) continue;
      break;
    }
    if (target?.kind === 'dimension') {
      const op = c.op === 'ne' ? 'ne' : c.op;
      filters.push({ dimension: target.name, op, values: [c.value] });
      notes.push(`Filter: ${lex.dimensions.get(target.name)!.label} ${opText(op)} ${c.value}`);
      continue;
    }
    const metricName = target?.name ?? metrics[0] ?? model.defaults.ranking_metric;
    if (!metricName) continue;
    const info = lex.metrics.get(metricName);
    const value = info?.percent && (c.percent || c.value > 1) ? c.value / 100 : c.value;
    metricFilters.push({ metric: metricName, op: c.op, value });
    if (!metrics.includes(metricName) && target) metrics.push(metricName);
    notes.push(`Condition: ${info?.label ?? metricName} ${opText(c.op)} ${value}`);
  }
  // numeric dimension named with a bare number: "size 15"; a shaped name: "brand 13" -> Brand#13
  for (const dm of a.dimMentions) {
    const d = lex.dimensions.get(dm.dimension);
    const nx = items[dm.pos + 1];
    if (d?.type === 'number' && nx?.kind === 'num' && !nx.used) {
      nx.used = true;
      filters.push({ dimension: d.name, op: 'eq', values: [nx.num!] });
      notes.push(`Filter: ${d.label} = ${nx.num}`);
      dm.item.used = true;
      (dm as { consumed?: boolean }).consumed = true;
    }
  }

  // ---- group by
  const groupBy: GroupBy[] = [];
  const groupNotes: string[] = [];
  const addGroup = (g: GroupBy) => {
    if (groupBy.some((x) => x.dimension === g.dimension)) return;
    groupBy.push(g);
  };
  const superl = a.superlatives.find((s) => !items[s.pos].used) ?? a.superlatives[0];
  let groups = [...a.groups];
  // a dimension named next to one of its own values is a qualifier ("the FURNITURE segment")
  const qualifier = (pos: number, dim: string) =>
    a.values.some((v) => Math.abs(v.pos - pos) <= 2 && v.entries.some((e) => sameFamily(lex, e.target, dim)));
  groups = groups.filter((g) => g.time || !qualifier(g.pos, g.dimension) || a.whichPos.length > 0 || !!superl);
  // superlative or "which" with a bare dimension: "the region with the highest revenue"
  if (!groups.length && (superl || a.whichPos.length) && a.dimMentions.length) {
    const cand = a.dimMentions.filter((d) => !qualifier(d.pos, d.dimension) && !(d as { consumed?: boolean }).consumed);
    if (cand.length) {
      const anchor = superl?.pos ?? a.whichPos[0];
      cand.sort((x, y) => Math.abs(x.pos - anchor) - Math.abs(y.pos - anchor));
      groups.push({ dimension: cand[0].dimension, pos: cand[0].pos, plural: cand[0].plural });
    }
  }
  for (const dim of comparedDims) {
    addGroup({ dimension: dim });
    groupNotes.push(`Grouped by ${lex.dimensions.get(dim)?.label ?? dim} to compare the values named`);
  }
  for (const g of groups) {
    if (g.time) continue;
    const dim = resolveRole(lex, g.dimension, g.pos, a.roles);
    addGroup({ dimension: dim });
    groupNotes.push(`Grouped by ${lex.dimensions.get(dim)?.label ?? dim}`);
  }

  // ---- time: dating dimension, range, grain
  const defaultTd = model.defaults.time_dimension ?? model.time_dimensions[0]?.name;
  let datingTd: string | undefined;
  if (a.dating && a.dating.dimension !== defaultTd) {
    datingTd = a.dating.dimension;
  }
  const timeGroups = a.groups.filter((g) => g.time);
  if (timeGroups.length && timeGroups[0].dimension !== defaultTd) datingTd = timeGroups[0].dimension;
  let timeRange: TimeRange | undefined;
  if (a.times.length) {
    const start = a.times.reduce((m, h) => (h.range.start < m ? h.range.start : m), a.times[0].range.start);
    const end = a.times.reduce((m, h) => (h.range.end > m ? h.range.end : m), a.times[0].range.end);
    const label = a.times.length > 1 ? `${a.times[0].range.label} to ${a.times[a.times.length - 1].range.label}` : a.times[0].range.label;
    timeRange = { start, end, label };
  }
  let grain: Grain | undefined = a.grainGroups[0]?.grain;
  if (!grain && a.trend) grain = naturalGrain(timeRange);
  if (!grain && timeGroups.length) grain = naturalGrainFor(timeRange);
  // several separate periods compared ("1995 vs 1996", "in 1996 and 1997"): one row per period
  if (!grain && a.times.length > 1 && sameUnit(a.times)) grain = unitGrain(a.times[0].unit);

  // ---- default metric
  if (!metrics.length && !fragment) {
    const dflt = model.defaults.ranking_metric ?? [...lex.metrics.keys()][0];
    if (dflt && (groupBy.length || superl || a.money || filters.length || timeRange || grain)) {
      metrics = [dflt];
      usedDefaultMetric = true;
      confidence -= superl ? 0.05 : a.money ? 0.1 : 0.2;
      notes.push(`No metric named: using the default ranking metric ${lex.metrics.get(dflt)?.label ?? dflt}`);
    }
  }
  if (!metrics.length && !fragment) return null;

  // metrics that are not dated: the period would be ignored; prefer a dated cousin (active customers)
  if (timeRange && metrics.length) {
    metrics = metrics.map((name) => {
      const info = lex.metrics.get(name)!;
      if (info.timeBound) return name;
      const cousin = [...lex.metrics.values()].find(
        (m) => m.timeBound && m.name !== name && m.name.split('_').includes(name) && (m.agg === 'count_distinct' || m.agg === info.agg),
      );
      if (cousin) {
        notes.push(`${info.label} is not dated; for a period, using ${cousin.label}`);
        return cousin.name;
      }
      return name;
    });
    metrics = uniq(metrics);
    if (metrics.every((n) => !lex.metrics.get(n)!.timeBound)) {
      notes.push(`${metrics.map((n) => lex.metrics.get(n)!.label).join(', ')} ${metrics.length > 1 ? 'are' : 'is'} not dated: the period "${timeRange.label}" does not apply`);
      timeRange = undefined;
      confidence -= 0.1;
    }
  }

  // the dating dimension must date the metrics
  if (datingTd && metrics.length) {
    const ok = metrics.every((n) => {
      const m = lex.metrics.get(n)!;
      return !m.timeBound || m.timeDimension === datingTd || m.alternates.includes(datingTd!);
    });
    if (!ok) {
      notes.push(`${lex.timeDimensions.get(datingTd)?.label} cannot date ${metrics.join(', ')}; dated by their own date`);
      datingTd = undefined;
      confidence -= 0.1;
    }
  }
  if (timeRange) {
    if (datingTd) timeRange.dimension = datingTd;
    const tdLabel = lex.timeDimensions.get(datingTd ?? metricTd(lex, metrics) ?? defaultTd ?? '')?.label ?? 'date';
    notes.push(
      `Period: ${timeRange.label} = ${timeRange.start === OPEN_START ? 'up to' : `${timeRange.start} to`} ${lastDay(timeRange.end)} (by ${tdLabel.toLowerCase()})`,
    );
  } else if (datingTd) {
    notes.push(`Dated by ${lex.timeDimensions.get(datingTd)?.label.toLowerCase()}`);
  }
  if (grain) {
    const td = datingTd ?? metricTd(lex, metrics) ?? defaultTd;
    if (td) {
      const tdi = lex.timeDimensions.get(td);
      const g = tdi && !tdi.grains.includes(grain) ? (tdi.grains[tdi.grains.length - 1] as Grain) : grain;
      groupBy.push({ dimension: td, grain: g });
      groupNotes.push(`Grouped by ${g} of ${tdi?.label.toLowerCase() ?? td}`);
    }
  }
  notes.push(...groupNotes);

  // ---- order and limit
  const order: SemanticQuery['order'] = [];
  let limit: number | undefined;
  const rankMetric =
    (superl && metricNear(a, superl.pos)) ?? a.rankingMetric ?? metrics[0] ?? model.defaults.ranking_metric;
  const nonTimeGroups = groupBy.filter((g) => !g.grain);
  if (superl && (groupBy.length || fragment)) {
    let n = superl.n ?? a.whichN;
    if (n === undefined) {
      for (const g of groups) {
        let p = g.pos - 1;
        while (p >= 0 && items[p].kind === 'word' && SKIP.has(items[p].lower)) p--;
        const o = items[p];
        if (o?.kind === 'num' && !o.used && Number.isInteger(o.num) && o.num! > 0 && o.num! < 10_000) {
          n = o.num;
          o.used = true;
        }
      }
    }
    const plural = groups.some((g) => g.plural) || (superl.n ?? 0) > 1;
    limit = n ?? (plural ? 10 : 1);
    const dir = superl.dir;
    if (rankMetric) {
      if (!metrics.includes(rankMetric) && !fragment) metrics.push(rankMetric);
      order.push({ by: rankMetric, direction: dir });
      notes.push(`${dir === 'desc' ? 'Top' : 'Bottom'} ${limit} by ${lex.metrics.get(rankMetric)?.label ?? rankMetric}`);
    }
  } else if (a.whichN && groupBy.length) {
    limit = a.whichN;
    if (rankMetric) order.push({ by: rankMetric, direction: 'desc' });
  } else if (a.sortBy && rankMetric && nonTimeGroups.length) {
    order.push({ by: rankMetric, direction: a.sortDir ?? 'desc' });
  } else if (groupBy.some((g) => g.grain)) {
    const tg = groupBy.find((g) => g.grain)!;
    order.push({ by: tg.dimension, direction: 'asc' });
  }

  // ---- share of total
  const share: string[] = [];
  if (a.share && metrics.length) {
    const target = metrics[0];
    if (!groupBy.length) {
      // "what share of revenue comes from Europe": show every member's share, the named one included
      const f = filters.find((x) => x.op === 'eq' || x.op === 'in');
      if (f) {
        filters.splice(filters.indexOf(f), 1);
        groupBy.push({ dimension: f.dimension });
        notes.push(`Share: comparing ${f.values.join(', ')} with the other ${lex.dimensions.get(f.dimension)?.label.toLowerCase() ?? f.dimension} values`);
      }
    }
    if (groupBy.length) {
      share.push(target);
      notes.push(`Share of total ${lex.metrics.get(target)?.label ?? target} per group`);
      if (!order.length) order.push({ by: target, direction: 'desc' });
    }
  }

  // ---- confidence
  const overTime = groupBy.some((g) => g.grain) || a.times.length > 1;
  const contentUnknown = a.unknown.filter((u) => !lex.vocab.has(u.lower) && !(overTime && CHANGE_WORDS.has(u.lower)));
  confidence -= 0.12 * contentUnknown.length;
  confidence -= 0.05 * a.fuzzy.length;
  if (a.fuzzy.length) notes.push(`Read ${a.fuzzy.map((f) => `"${f.text}" as "${f.fuzzy}"`).join(', ')}`);
  if (contentUnknown.length) notes.push(`Not understood (ignored): ${quoteList(contentUnknown.map((u) => u.text))}`);
  const sameEntityValue = (pos: number, dim: string) =>
    a.values.some(
      (v) =>
        Math.abs(v.pos - pos) === 1 ||
        (Math.abs(v.pos - pos) <= 3 && v.entries.some((e) => lex.dimensions.get(e.target)?.entity === lex.dimensions.get(dim)?.entity)),
    );
  const ungrouped = a.dimMentions.filter((d) => !groupBy.some((g) => g.dimension === d.dimension) && !qualifier(d.pos, d.dimension) && !sameEntityValue(d.pos, d.dimension) && !(d as { consumed?: boolean }).consumed && !a.roles.some((r) => r.pos === d.pos && r.roles.size));
  if (ungrouped.length && !fragment) confidence -= 0.05;

  const query: SemanticQuery = {
    metrics,
    group_by: groupBy,
    filters,
    metric_filters: metricFilters,
    ...(timeRange ? { time_range: timeRange } : {}),
    order,
    ...(limit ? { limit } : {}),
    share_of_total: share,
  };
  return { query, notes, confidence: Math.max(0.2, Math.min(1, confidence)), usedDefaultMetric, hasOwnMetric };
}

function sameUnit(hits: TimeHit[]): boolean {
  return hits.every((h) => h.unit === hits[0].unit && h.unit !== 'span' && h.unit !== 'day') && hits.length > 1;
}
function unitGrain(u: TimeUnit): Grain {
  return u === 'span' ? 'month' : (u as Grain);
}
function naturalGrainFor(r: TimeRange | undefined): Grain {
  return r ? naturalGrain(r) : 'day';
}
function metricTd(lex: Lexicon, metrics: string[]): string | undefined {
  for (const m of metrics) {
    const td = lex.metrics.get(m)?.timeDimension;
    if (td) return td;
  }
  return undefined;
}
function metricNear(a: Analysis, pos: number): string | undefined {
  let best: MetricMention | undefined;
  for (const m of a.metrics) {
    if (m.pos > pos && (!best || m.pos < best.pos)) best = m;
  }
  return best?.name;
}
function lastDay(end: string): string {
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
function opText(op: string): string {
  return (
    { eq: '=', ne: '≠', in: 'in', not_in: 'not in', gt: '>', gte: '≥', lt: '<', lte: '≤', between: 'between' } as Record<string, string>
  )[op] ?? op;
}

/** Which dimension a value names when several share it (nation vs supplier_nation): the base one; resolveRole applies the role. */
function chooseValueEntry(lex: Lexicon, entries: LexEntry[]): LexEntry {
  const base = entries.filter((e) => !lex.dimensions.get(e.target)?.roleOf);
  return base[0] ?? entries[0];
}

/** region -> supplier_region when the nearest role mention speaks of suppliers. */
function resolveRole(lex: Lexicon, dim: string, pos: number, roles: RoleMention[]): string {
  const d = lex.dimensions.get(dim);
  if (!d) return dim;
  const base = d.roleOf ? lex.dimensions.get(d.roleOf.base)! : d;
  if (d.roleOf) return dim; // named explicitly (supplier nation)
  if (base.roles.size === 0) return dim;
  let best: { dist: number; dim: string } | undefined;
  for (const r of roles) {
    if (r.pos === pos) continue;
    let cand: string | undefined;
    for (const role of r.roles) {
      const rd = base.roles.get(role);
      if (rd) cand = rd;
    }
    if (!cand && [...r.entities].some((e) => base.owners.has(e))) cand = base.name;
    if (!cand) continue;
    const dist = Math.abs(r.pos - pos);
    if (!best || dist < best.dist || (dist === best.dist && cand !== base.name)) best = { dist, dim: cand };
  }
  return best?.dim ?? dim;
}

/**
 * customer_account_balance -> supplier_account_balance when the question speaks of another
 * entity (suppliers) and not of the metric's own entity beyond the metric phrase itself.
 */
function swapMetricRole(lex: Lexicon, name: string, roles: RoleMention[]): string {
  const info = lex.metrics.get(name);
  if (!info?.entity) return name;
  const own = info.entity;
  const parts = name.split('_');
  if (!parts.includes(own)) return name;
  const ownSpoken = roles.filter((r) => r.entities.has(own) || r.roles.has(own)).length > 1;
  if (ownSpoken) return name;
  const others = new Set<string>();
  for (const r of roles) {
    for (const e of r.entities) if (e !== own && lex.entities.has(e)) others.add(e);
    for (const ro of r.roles) if (ro !== own && lex.entities.has(ro)) others.add(ro);
  }
  for (const o of others) {
    const cand = parts.map((p) => (p === own ? o : p)).join('_');
    if (lex.metrics.has(cand) && lex.metrics.get(cand)!.entity === o) return cand;
  }
  return name;
}

// ------------------------------------------------------------------------------------------

function mergeFollowUp(
  prev: SemanticQuery,
  b: Built,
  a: Analysis,
  lex: Lexicon,
  ctx: InterpretContext,
  cue: string | undefined,
  items: Item[],
): { query: SemanticQuery; notes: string[] } | null {
  const q = b.query;
  const notes: string[] = ['Follow-up: changing the previous question'];
  const out: SemanticQuery = {
    metrics: [...prev.metrics],
    group_by: prev.group_by.map((g) => ({ ...g })),
    filters: prev.filters.map((f) => ({ ...f, values: [...f.values] })),
    metric_filters: prev.metric_filters.map((f) => ({ ...f })),
    ...(prev.time_range ? { time_range: { ...prev.time_range } } : {}),
    order: prev.order.map((o) => ({ ...o })),
    ...(prev.limit ? { limit: prev.limit } : {}),
    share_of_total: [...prev.share_of_total],
  };
  const words = new Set(items.map((it) => it.lower));
  const adding = [...ADD_CUES].some((c) => words.has(c) || items.map((i) => i.lower).join(' ').includes(c));
  const replacing = (cue && REPLACE_CUES.has(cue)) || words.has('instead') || words.has('rather') || words.has('now');
  let changed = false;

  // metrics
  if (b.hasOwnMetric) {
    const newMetrics = q.metrics;
    if (adding) {
      out.metrics = uniq([...out.metrics, ...newMetrics]);
      notes.push(`Added metric ${newMetrics.join(', ')}`);
    } else {
      const old = out.metrics[0];
      out.metrics = [...newMetrics];
      const rename = (m: string) => (m === old || !out.metrics.includes(m) ? newMetrics[0] : m);
      out.order = out.order.map((o) => (prev.metrics.includes(o.by) ? { ...o, by: rename(o.by) } : o));
      out.share_of_total = uniq(out.share_of_total.map(rename));
      out.metric_filters = out.metric_filters.filter((f) => out.metrics.includes(f.metric));
      notes.push(`Metric replaced by ${newMetrics.join(', ')}`);
    }
    changed = true;
  }

  // period
  if (q.time_range && a.compare && prev.time_range && a.times.length === 1) {
    // "compare with 1996": both periods, one row per period
    const start = q.time_range.start < prev.time_range.start ? q.time_range.start : prev.time_range.start;
    const end = q.time_range.end > prev.time_range.end ? q.time_range.end : prev.time_range.end;
    out.time_range = { ...prev.time_range, start, end, label: `${prev.time_range.label ?? prev.time_range.start} and ${q.time_range.label}` };
    const g = unitGrain(a.times[0].unit);
    const td = prev.time_range.dimension ?? metricTd(lex, out.metrics) ?? ctx.model.defaults.time_dimension;
    if (td && !out.group_by.some((x) => x.grain)) {
      out.group_by.push({ dimension: td, grain: g });
      if (!out.order.length) out.order = [{ by: td, direction: 'asc' }];
    }
    notes.push(`Comparing ${out.time_range.label} by ${g}`);
    changed = true;
  } else if (q.time_range) {
    out.time_range = { ...q.time_range, ...(q.time_range.dimension ? {} : prev.time_range?.dimension ? { dimension: prev.time_range.dimension } : {}) };
    notes.push(`Period replaced: ${q.time_range.label ?? `${q.time_range.start}..${q.time_range.end}`}`);
    changed = true;
  } else if (a.allTime && out.time_range) {
    delete out.time_range;
    notes.push('Period removed (all time)');
    changed = true;
  }
  if (a.dating && out.time_range && !q.time_range) {
    out.time_range.dimension = a.dating.dimension;
    changed = true;
  }

  // a new metric of another entity moves role dimensions (supplier_region <-> region)
  if (b.hasOwnMetric && !adding) {
    const ents = out.metrics.map((m) => lex.metrics.get(m)?.entity).filter((e): e is string => !!e);
    const move = (dim: string): string => {
      const d = lex.dimensions.get(dim);
      if (!d) return dim;
      if (d.roleOf) {
        const base = lex.dimensions.get(d.roleOf.base)!;
        if (ents.some((e) => base.owners.has(e)) && !ents.includes(d.roleOf.role)) return base.name;
        return dim;
      }
      for (const [role, rd] of d.roles) if (ents.length && ents.every((e) => e === role)) return rd;
      return dim;
    };
    out.group_by = out.group_by.map((g) => (g.grain ? g : { ...g, dimension: move(g.dimension) }));
    out.filters = out.filters.map((f) => ({ ...f, dimension: move(f.dimension) }));
  }

  // filters
  for (const f of q.filters) {
    const related = (d: string) => d === f.dimension || (replacing && sameHierarchy(lex, ctx.model, d, f.dimension));
    if (f.op === 'ne' || f.op === 'not_in') {
      out.filters = out.filters.filter((x) => !(x.dimension === f.dimension && (x.op === 'ne' || x.op === 'not_in')));
    } else {
      out.filters = out.filters.filter((x) => !related(x.dimension));
    }
    out.filters.push(f);
    notes.push(`Filter ${f.dimension} ${opText(f.op)} ${f.values.join(', ')}`);
    changed = true;
  }
  for (const mf of q.metric_filters) {
    out.metric_filters = out.metric_filters.filter((x) => x.metric !== mf.metric);
    out.metric_filters.push(mf);
    if (!out.metrics.includes(mf.metric)) out.metrics.push(mf.metric);
    changed = true;
  }

  // breakdowns: add (drill down) unless told to replace; a new time grain replaces the old one
  const newTime = q.group_by.filter((g) => g.grain);
  const newDims = q.group_by.filter((g) => !g.grain);
  const regroup = (words.has('now') || words.has('instead') || words.has('rather')) && !words.has('also') && q.group_by.length > 0;
  if (regroup) out.group_by = [];
  if (newTime.length) {
    out.group_by = out.group_by.filter((g) => !g.grain);
    out.group_by.push(...newTime);
    notes.push(`Time breakdown: by ${newTime[0].grain}`);
    changed = true;
  }
  if (newDims.length) {
    for (const g of newDims) if (!out.group_by.some((x) => x.dimension === g.dimension)) out.group_by.push(g);
    notes.push(`Breakdown by ${newDims.map((g) => g.dimension).join(', ')}`);
    changed = true;
  }

  // ranking
  if (q.limit || q.order.some((o) => !o.by.endsWith('_date') && lex.metrics.has(o.by))) {
    const by = q.order.find((o) => lex.metrics.has(o.by));
    const metric = b.hasOwnMetric ? (by?.by ?? out.metrics[0]) : out.metrics[0];
    out.order = [{ by: metric, direction: by?.direction ?? 'desc' }];
    if (q.limit) out.limit = q.limit;
    notes.push(`Ranking: ${by?.direction === 'asc' ? 'bottom' : 'top'} ${q.limit ?? ''} by ${metric}`.replace('  ', ' '));
    changed = true;
  } else if (newTime.length && !out.order.length) {
    out.order = [{ by: newTime[0].dimension, direction: 'asc' }];
  }
  if (q.share_of_total.length || a.share) {
    out.share_of_total = [out.metrics[0]];
    changed = true;
  }
  // order entries must refer to metrics or group-bys of the result
  out.order = out.order.filter((o) => out.metrics.includes(o.by) || out.group_by.some((g) => g.dimension === o.by));
  if (!changed) return null;
  return { query: out, notes: [...notes, ...b.notes.filter((n) => !n.startsWith('No metric named'))] };
}

/** Dimensions on the same path of many_to_one relationships (nation -> region). */
function sameHierarchy(lex: Lexicon, model: SemanticModel, a: string, b: string): boolean {
  const da = lex.dimensions.get(a);
  const db = lex.dimensions.get(b);
  if (!da || !db) return false;
  if (da.entity === db.entity) return false;
  const chain = (from: string, to: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const x = stack.pop()!;
      if (x === to) return true;
      if (seen.has(x)) continue;
      seen.add(x);
      for (const r of model.relationships) if (r.from === x && r.cardinality !== 'one_to_many') stack.push(r.to);
    }
    return false;
  };
  // only a short geographic-style chain: the two entities are directly related
  const direct = model.relationships.some((r) => (r.from === da.entity && r.to === db.entity) || (r.from === db.entity && r.to === da.entity));
  return direct && (chain(da.entity, db.entity) || chain(db.entity, da.entity));
}
