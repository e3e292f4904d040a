/**
 * "which destination was visited most often", "the most frequently chosen payment method", "how often does each
 * colour appear": a verb said of a column's values beside a frequency ranks (or counts) the rows of the table that
 * holds the column only when the verb says nothing that changes which rows count. Those are verbs of a value being
 * on a row (appear, occur, feature), of a row's choice of it (use, choose, pick, select, prefer), of its being
 * written down (record, list, log, give) and, for rows of events (a dated table), of going to a place (visit, go to,
 * travel to). A verb whose lemma names a table ("cancelled" and `cancellation`) is the event reading's
 * (`event-existence.ts`), read here only when the table it names is the column's own. Any other verb
 * ("driven", "bought": a kind of row, or an amount) is not read and the question is refused.
 */
import { tablesNamed } from './constructions/linking-verb.js';
import type { Lexicon } from './lexicon.js';
import { lookupTable } from './lookup.js';
import type { Item } from './spans.js';
import { lemmas, verbOf } from './text.js';

type Sense = 'occur' | 'choose' | 'record' | 'visit';

/** General English verbs (lemmas) that say a value is on a row, and no more. */
const SENSES: Record<string, Sense> = lookupTable({
  appear: 'occur',
  occur: 'occur',
  feature: 'occur',
  recur: 'occur',
  happen: 'occur',
  use: 'choose',
  choose: 'choose',
  pick: 'choose',
  select: 'choose',
  prefer: 'choose',
  record: 'record',
  list: 'record',
  log: 'record',
  give: 'record',
  visit: 'visit',
  go: 'visit',
  travel: 'visit',
  head: 'visit',
});
/** Verbs of going that name the place only with a particle after them ("went to"). */
const NEEDS_TO = new Set(['go', 'travel', 'head']);
/** Verbs that take "up" ("shows up", "comes up") to mean appearing. */
const UP_VERBS = new Set(['show', 'come', 'turn', 'crop']);

export interface FrequencyVerb {
  /** The verb's items (with its particle), consumed when the frequency applies. */
  items: Item[];
  base: string;
  sense: Sense;
}

function verbBase(lower: string): string {
  return verbOf(lower) ?? lemmas(lower)[1];
}

/**
 * The verb of a frequency said right before position k ("visited | most often", "went to | most often", "shows up
 * | most often") or, with `after`, right after it ("most often | visited"). Undefined when the word there is no verb
 * of the senses above.
 */
export function frequencyVerbAt(items: Item[], k: number, after = false): FrequencyVerb | undefined {
  const word = (o: Item | undefined) => (o?.kind === 'word' ? o : undefined);
  if (after) {
    const v = word(items[k + 1]);
    const base = v ? verbBase(v.lower) : undefined;
    const sense = base ? SENSES[base] : undefined;
    if (!v || !sense || NEEDS_TO.has(base!)) return undefined;
    return { items: [v], base: base!, sense };
  }
  const last = word(items[k - 1]);
  if (!last) return undefined;
  const particle = last.lower === 'to' || last.lower === 'up' ? last : undefined;
  const v = particle ? word(items[k - 2]) : last;
  if (!v) return undefined;
  const base = verbBase(v.lower);
  if (particle?.lower === 'up' && UP_VERBS.has(base)) return { items: [v, particle], base, sense: 'occur' };
  const sense = SENSES[base];
  if (!sense || NEEDS_TO.has(base) !== !!particle || (particle && particle.lower !== 'to')) return undefined;
  return { items: particle ? [v, particle] : [v], base, sense };
}

/** Auxiliaries between "how often" and its verb ("how often was each colour chosen"). */
const AUXILIARIES = new Set(['was', 'were', 'is', 'are', 'be', 'been', 'has', 'have', 'had', 'do', 'does', 'did']);

/**
 * The verb "how often" / "how many times" at k is said with: the first word after it other than an auxiliary or a
 * determiner ("how often was each destination | visited", "how often did Ann | visit | Hull").
 */
export function frequencyVerbAfter(items: Item[], k: number): FrequencyVerb | undefined {
  for (let p = k + 1; p < items.length; p++) {
    const o = items[p]!;
    if (o.kind !== 'word' || AUXILIARIES.has(o.lower) || ['the', 'a', 'an'].includes(o.lower)) continue;
    const particle = ['to', 'up'].includes(items[p + 1]?.lower ?? '');
    return frequencyVerbAt(items, particle ? p + 2 : p + 1);
  }
  return undefined;
}

/**
 * Whether the verb keeps the count of the rows of `entity` (the table holding the column ranked or counted):
 * a verb naming that table itself, or one naming no table whose sense holds of any row (going to a place: of
 * rows of events, which are dated).
 */
export function verbKeepsCount(lex: Lexicon, verb: FrequencyVerb, entity: string, dated: boolean): boolean {
  const named = tablesNamed(lex, verb.base);
  if (named.size) return named.size === 1 && named.has(entity);
  return verb.sense !== 'visit' || dated;
}
