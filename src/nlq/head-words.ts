/**
 * A model phrase said by its last word alone when its thing is named: "suppliers with a negative
 * balance" is the suppliers' "account balance", "the price of parts" their "retail price". The word
 * must link to nothing itself, the thing must be named in the question, and exactly one phrase of
 * that thing (a dimension's or a measure's name, label or synonym of two or more words, aggregate
 * words aside) must end with it; the word is then read as that phrase. Otherwise the question is left
 * as it is (and the word stays not understood).
 */
import type { SemanticModel } from '../semantic/model.js';
import type { Lexicon } from './lexicon.js';
import { linkQuestion } from './linking.js';
import { participleOfYears, phraseKeys, tokenize } from './text.js';
import { STOPWORDS } from './words.js';

/** Words that make a phrase an aggregate of another ("average account balance"): not the column itself. */
const AGGREGATE_WORDS = new Set([
  'average',
  'avg',
  'mean',
  'total',
  'sum',
  'number',
  'count',
  'min',
  'max',
  'minimum',
  'maximum',
  'median',
]);

/** Words with rules of their own: "the name of X" is its naming column, an id its key. */
const OWN_RULES = new Set(['name', 'id', 'identifier']);

/** Function words that are also the last word of model phrases ("transaction amount", "order value", "room type"). */
const HEAD_NOUNS = new Set(['amount', 'value', 'type', 'kind']);
/** Before the column a breakdown is by: "rooms of each type", "count by type", "per kind". */
const BREAKDOWN_WORDS = new Set(['each', 'every', 'per', 'by']);

const ORDER_VERBS = new Set(['ordered', 'sorted', 'ranked', 'arranged', 'order', 'sort', 'rank', 'arrange']);

/** The token is what an order is by: "ordered by (the/their) amount", "in order of value". */
function orderedBy(tokens: ReturnType<typeof tokenize>, k: number): boolean {
  let b = k - 1;
  while (b >= 0 && ['the', 'their', 'its'].includes(tokens[b]!.lower)) b--;
  const by = tokens[b]?.lower;
  const verb = tokens[b - 1]?.lower ?? '';
  return (by === 'by' && ORDER_VERBS.has(verb)) || (by === 'of' && verb === 'order' && tokens[b - 2]?.lower === 'in');
}

/** "the total amount of", "the average value of": an aggregate of the column, when its thing has one such column. */
function aggregateOf(tokens: ReturnType<typeof tokenize>, k: number): boolean {
  return tokens[k + 1]?.lower === 'of' && AGGREGATE_WORDS.has(tokens[k - 1]?.lower ?? '');
}

interface HeadCandidate {
  target: string;
  entity: string;
  phrase: string;
}

const cache = new WeakMap<SemanticModel, Map<string, HeadCandidate[]>>();

/** Last word (lemma) -> the phrases of two or more words that end with it, with their thing. */
function headIndex(model: SemanticModel): Map<string, HeadCandidate[]> {
  let index = cache.get(model);
  if (index) return index;
  index = new Map();
  const elements = [
    ...model.dimensions.map((d) => ({
      target: d.name,
      entity: d.entity,
      grain: d.grain,
      phrases: [d.name.replace(/_/g, ' '), d.label ?? '', ...d.synonyms],
    })),
    ...model.measures.map((m) => ({
      target: m.name,
      entity: m.entity,
      phrases: [m.name.replace(/_/g, ' '), m.label ?? '', ...m.synonyms],
      column: /^\$\{TABLE\}\.(\w+)$/.exec(m.sql ?? '')?.[1]?.toLowerCase(),
    })),
  ];
  for (const el of elements) {
    for (const phrase of el.phrases) {
      const keys = phraseKeys(phrase);
      // (an aggregate word that is part of the column's own name, "total_gpa", is no aggregate of it)
      const columnName = 'column' in el && !!el.column && phrase.toLowerCase().replace(/ /g, '_') === el.column;
      if (keys.length < 2 || (AGGREGATE_WORDS.has(keys[0]!) && !columnName)) continue;
      // ("opened" alone is the verb, never "year opened")
      if ('grain' in el && participleOfYears(el, phrase)) continue;
      const head = keys[keys.length - 1]!;
      const list = index.get(head) ?? [];
      if (!list.some((c) => c.target === el.target)) list.push({ target: el.target, entity: el.entity, phrase });
      index.set(head, list);
    }
  }
  cache.set(model, index);
  return index;
}

export function expandHeadWords(text: string, lex: Lexicon, model: SemanticModel): string {
  const tokens = tokenize(text);
  const links = linkQuestion(tokens, lex);
  const named = new Set(links.filter((l) => l.kind === 'entity').map((l) => l.target));
  // "the average nightly rate for each type": a figure of one thing names it too (for a breakdown word only)
  const figured = new Set(links.filter((l) => l.kind === 'metric').map((l) => lex.metrics.get(l.target)?.entity));
  if (!named.size && !figured.size) return text;
  const linked = new Set<number>();
  for (const l of links) for (let i = l.i; i < l.j; i++) linked.add(i);
  const index = headIndex(model);
  let out = text;
  // from the end, so that earlier offsets stay right
  for (let k = tokens.length - 1; k >= 0; k--) {
    const t = tokens[k]!;
    // ("amount" and "value" are filler in "the total amount of"; what an order or a breakdown is by is a
    // column: "ordered by amount", "rooms of each type")
    const breakdown = BREAKDOWN_WORDS.has(tokens[k - 1]?.lower ?? '') && tokens[k + 1]?.lower !== 'of';
    const filler = STOPWORDS.has(t.lower) && !(HEAD_NOUNS.has(t.lower) && (orderedBy(tokens, k) || aggregateOf(tokens, k) || breakdown));
    if (linked.has(k) || !/^[a-z]{3,}$/.test(t.lower) || filler) continue;
    // "count of distinct tickers": an aggregate word is grammar, never the head of "ticker count"
    if (OWN_RULES.has(t.lemma) || AGGREGATE_WORDS.has(t.lower) || AGGREGATE_WORDS.has(t.lemma)) continue;
    const own = (index.get(t.lemma) ?? []).filter((c) => named.has(c.entity) || (breakdown && figured.has(c.entity)));
    if (own.length !== 1) continue;
    // the phrase's other words said elsewhere ("declared a major" for "declare major"): other rules read it
    // (its thing's own words aside: "suppliers ... balance" for "supplier account balance" is this very case)
    const entity = model.entities.find((e) => e.name === own[0]!.entity);
    const thingWords = new Set([entity?.name ?? '', ...(entity?.synonyms ?? [])].flatMap((x) => phraseKeys(x)));
    const rest = phraseKeys(own[0]!.phrase)
      .slice(0, -1)
      .filter((r) => !thingWords.has(r));
    if (tokens.some((o, i) => i !== k && rest.some((r) => r === o.lemma || r === o.verb))) continue;
    // "the total amount of sales": a summed figure's phrase is its total already (the word "total" would
    // join another phrase, "total revenue", and leave "amount" over)
    const before = tokens[k - 1];
    const summed = model.measures.find((m) => m.name === own[0]!.target)?.agg === 'sum';
    const from = before && aggregateOf(tokens, k) && summed && ['total', 'sum'].includes(before.lower) ? before.start : t.start;
    out = `${out.slice(0, from)}${own[0]!.phrase}${out.slice(t.end)}`;
  }
  return out;
}
