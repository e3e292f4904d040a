/**
 * "how much revenue came from the top 10 customers", "the combined sales of our 5 biggest stores":
 * one figure for the top N together. The query language ranks members and shows each one's figure;
 * it has no total over a ranking, so such a question is refused with what can be asked instead —
 * never answered with the N rows, which would read as the answer to another question.
 */
import type { SemanticQuery } from '../semantic/query.js';
import type { Item } from './spans.js';

/** Words that put the ranked members together. */
const TOGETHER = ['combined', 'together', 'altogether', 'collectively', 'in total', 'between them', 'in aggregate', 'all together'];
/** Openings that ask for one amount ("how much", "how many", "what share of"), unless each member's is asked. */
const ONE_AMOUNT = /^(?:how much|how many|what (?:share|percentage|percent|proportion|portion|fraction)\b)/;
const EACH = / (?:each|respectively|individually|apiece) /;

/** The refusal for one figure asked of a top-N ranking, or undefined when the question asks no such thing. */
export function combinedRankingRefusal(query: SemanticQuery, items: Item[]): string | undefined {
  if (!query.group_by.length || !query.order.length || query.limit === undefined || query.limit < 2) return undefined;
  const text = ` ${items.map((it) => it.lower).join(' ')} `;
  const cue = TOGETHER.find((w) => text.includes(` ${w} `)) ?? (EACH.test(text) ? undefined : ONE_AMOUNT.exec(text.trim())?.[0]);
  if (!cue) return undefined;
  return `"${cue}" asks for one figure for the top ${query.limit} together, which the data model does not compute (it ranks members and shows each one's figure). Ask for the top ${query.limit} to see each one's figure, or for the total.`;
}
