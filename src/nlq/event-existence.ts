/**
 * "which rooms were booked", "how many guests have booked", "list the members who registered": a verb whose
 * lemma names one table of the model (book → `booking`, register → `registration`), said of another thing with
 * no object, says that thing has such rows. Such verbs of general English are otherwise filler ("orders placed
 * in 1995", "rooms booked by Ann": `GENERIC_WORDS`), so read alone they were dropped and every member was
 * listed or counted. The question is read as "list the <things> that have <rows>" ("how many <things> have
 * <rows>"), and that reading must keep only the members with such rows (an entity condition on the count of
 * the table); otherwise the question is refused naming the verb.
 */
import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import { countMetricOfEntities } from './analyse.js';
import { tablesNamed } from './constructions/linking-verb.js';
import type { Lexicon } from './lexicon.js';
import { linkQuestion } from './linking.js';
import { lemmas, normalise, tokenize, verbOf } from './text.js';
import { pluralOf } from './verb-readings.js';

const SHAPE =
  /^\s*(?:(which|what|list|show(?: me)?|name|find|give me|display|return|how many|count)\s+)?(?:all\s+)?(?:(?:the|of the)\s+)?([a-z][a-z ]*?)\s+(?:(?:that|which|who)\s+)?(?:(?:were|was|are|is|have been|has been|had been|have|has|had|did|got)\s+)?(?:(?:ever|already|actually)\s+)?([a-z]+)(?:\s+(?:the\s+)?(most|least|fewest)\s+(?:often|frequently|commonly|times|number of times))?\s*[?.!]?\s*$/i;
/** "how many times was room 202 booked", "how many times did each guest book". */
const TIMES =
  /^\s*how\s+many\s+times\s+(?:was|were|is|are|has|have|had|did|does|do)\s+(each\s+|every\s+)?(?:the\s+)?(.+?)\s+(?:been\s+)?([a-z]+)\s*[?.!]?\s*$/i;

/** The reading of an event verb said of a thing, as a question to read, and what the reading must hold. */
export interface EventExistence {
  text: string;
  verb: string;
  /** The thing whose members are kept, ranked or counted for (undefined: a member named by a value). */
  entity?: string;
  /** The count of the rows the verb names. */
  metric: string;
  /** Those rows, as the question names them ("bookings"). */
  rows: string;
  /** Members with such rows kept, ranked by their number ("most often"), or the number counted ("how many times"). */
  reading: 'exists' | 'ranked' | 'counted';
}

/** The one table a verb names ("booked": `booking`), and the count of its rows. */
function verbTable(lex: Lexicon, verb: string): { table: string; metric: string } | undefined {
  const base = verbOf(verb.toLowerCase()) ?? lemmas(verb.toLowerCase())[1];
  const named = base ? [...tablesNamed(lex, base)] : [];
  // ("ordered": `orders`, not `order_items`, which are parts of them: the table named by the verb alone)
  const alone = named.filter((t) => !/[^a-z]/i.test(t));
  const tables = named.length === 1 ? named : alone;
  const metric = tables.length === 1 ? countMetricOfEntities(lex, tables) : undefined;
  return metric ? { table: tables[0]!, metric } : undefined;
}

/** The one thing a phrase names wholly ("rooms", "the guests"). */
function thingNamed(lex: Lexicon, phrase: string): string | undefined {
  const tokens = tokenize(phrase);
  const named = linkQuestion(tokens, lex).filter((c) => c.kind === 'entity' && c.i === 0 && c.j === tokens.length);
  const entities = [...new Set(named.map((c) => c.target))];
  return entities.length === 1 ? entities[0] : undefined;
}

/** The thing and the rows a question of these shapes names, if it is one. */
export function eventExistence(question: string, lex: Lexicon): EventExistence | undefined {
  const text = normalise(question);
  const times = TIMES.exec(text);
  if (times) {
    const [, each, subject, verb] = times as unknown as [string, string | undefined, string, string];
    const named = verbTable(lex, verb);
    if (!named) return undefined;
    const rows = pluralOf(lex, named.table);
    const entity = thingNamed(lex, subject);
    if (entity === named.table) return undefined;
    return { text: `how many ${rows} does ${each ?? ''}${subject} have`, verb, entity, metric: named.metric, rows, reading: 'counted' };
  }
  const m = SHAPE.exec(text);
  if (!m) return undefined;
  const [, opener, thing, verb, extreme] = m as unknown as [string, string | undefined, string, string, string | undefined];
  const named = verbTable(lex, verb);
  const entity = thingNamed(lex, thing);
  if (!named || !entity || entity === named.table) return undefined;
  const rows = pluralOf(lex, named.table);
  if (extreme) {
    if (opener && !/^(which|what)$/i.test(opener)) return undefined;
    const most = /^most$/i.test(extreme) ? 'the most' : 'the fewest';
    return { text: `which ${thing} has ${most} ${rows}`, verb, entity, metric: named.metric, rows, reading: 'ranked' };
  }
  const counted = /^(how many|count)$/i.test(opener ?? '');
  const asked = counted ? `how many ${thing} have ${rows}` : `list the ${thing} that have ${rows}`;
  return { text: asked, verb, entity, metric: named.metric, rows, reading: 'exists' };
}

/** The query read holds what the verb says: members with such rows kept, ranked by their number, or it counted. */
export function keepsEventMembers(query: SemanticQuery, reading: EventExistence, model: SemanticModel): boolean {
  if (!model.measures.some((x) => x.name === reading.metric)) return false;
  if (reading.reading === 'counted') return query.metrics.length === 1 && query.metrics[0] === reading.metric;
  if (reading.reading === 'ranked') return query.order[0]?.by === reading.metric && query.group_by.length > 0;
  return (query.entity_conditions ?? []).some(
    (c) =>
      c.entity === reading.entity &&
      c.metric === reading.metric &&
      !c.filters?.length &&
      ((c.op === 'gt' && c.value === 0) || (c.op === 'gte' && c.value === 1)),
  );
}
