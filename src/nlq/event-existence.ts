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
  /^\s*(?:(which|what|list|show(?: me)?|name|find|give me|display|return|how many|count)\s+)?(?:all\s+)?(?:(?:the|of the)\s+)?([a-z][a-z ]*?)\s+(?:(?:that|which|who)\s+)?(?:(?:were|was|are|is|have been|has been|had been|have|has|had|did|got)\s+)?(?:(?:ever|already|actually)\s+)?([a-z]+)\s*[?.!]?\s*$/i;

/** The reading of an event verb said of a thing, as a question to read, and what the reading must keep. */
export interface EventExistence {
  text: string;
  verb: string;
  /** The thing whose members are kept. */
  entity: string;
  /** The count of the rows the verb names, which must be above 0 for each member kept. */
  metric: string;
  /** Those rows, as the question names them ("bookings"). */
  rows: string;
}

/** The thing and the rows a question of this shape names, if it is one. */
export function eventExistence(question: string, lex: Lexicon): EventExistence | undefined {
  const m = SHAPE.exec(normalise(question));
  if (!m) return undefined;
  const [, opener, thing, verb] = m as unknown as [string, string | undefined, string, string];
  const base = verbOf(verb.toLowerCase()) ?? lemmas(verb.toLowerCase())[1];
  if (!base) return undefined;
  const tables = [...tablesNamed(lex, base)];
  if (tables.length !== 1) return undefined;
  const tokens = tokenize(thing);
  const named = linkQuestion(tokens, lex).filter((c) => c.kind === 'entity' && c.i === 0 && c.j === tokens.length);
  const entities = [...new Set(named.map((c) => c.target))];
  if (entities.length !== 1 || entities[0] === tables[0]) return undefined;
  const metric = countMetricOfEntities(lex, [tables[0]!]);
  if (!metric) return undefined;
  const rows = pluralOf(lex, tables[0]!);
  const counted = /^(how many|count)$/i.test(opener ?? '');
  const text = counted ? `how many ${thing} have ${rows}` : `list the ${thing} that have ${rows}`;
  return { text, verb, entity: entities[0]!, metric, rows };
}

/** The reading keeps only the members with rows of the verb's table. */
export function keepsEventMembers(query: SemanticQuery, reading: EventExistence, model: SemanticModel): boolean {
  const keyed = (query.entity_conditions ?? []).some(
    (c) =>
      c.entity === reading.entity &&
      c.metric === reading.metric &&
      !c.filters?.length &&
      ((c.op === 'gt' && c.value === 0) || (c.op === 'gte' && c.value === 1)),
  );
  return keyed && model.measures.some((x) => x.name === reading.metric);
}
