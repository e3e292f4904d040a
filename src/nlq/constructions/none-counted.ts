/**
 * "nonstop flights", "non-stop services", "childless households": "non" before a noun, or the noun before
 * "-less", where the rows keep how many of that noun each has (a whole-number column named by the noun's plural,
 * `stops`, `num_children`, or the noun and a count word, `stop_count`): that column is 0. One such column of the
 * things named, or no reading.
 */
import type { SemanticModel } from '../../semantic/model.js';
import { countedByColumn } from '../count-columns.js';
import { entityNamedBy } from '../members.js';
import { consume, type Item } from '../spans.js';
import type { Construction } from './types.js';

/** Plurals English does not make with -s (general English). */
const IRREGULAR: Record<string, string> = { child: 'children', person: 'people', man: 'men', woman: 'women', foot: 'feet' };

/**
 * The whole-number columns of `things` that keep how many of `noun` (singular) each row has: named by its
 * plural (`stops`, `children`) or by the noun and a count word (`stop_count`, `num_child`).
 */
export function countColumns(model: SemanticModel, things: Set<string | undefined>, noun: string): SemanticModel['dimensions'] {
  const plural = IRREGULAR[noun] ?? (/(?:s|x|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`);
  return model.dimensions.filter((d) => {
    if (d.type !== 'number' || !things.has(d.entity) || d.clock) return false;
    const counted = countedByColumn(d.sql);
    return !!counted && 'noun' in counted && counted.noun.split(' ').slice(-1)[0] === plural;
  });
}

/** The noun a word says there is none of ("nonstop": stop, "childless": child), and the items it spans. */
function noneOf(items: Item[], k: number): { noun: string; items: Item[] } | undefined {
  const it = items[k]!;
  if (it.consumed) return undefined;
  const joined = it.kind === 'word' ? (/^non-?([a-z]{3,})$/.exec(it.lower) ?? /^([a-z]{3,})less$/.exec(it.lower)) : null;
  if (joined) return { noun: joined[1]!, items: [it] };
  const next = items[k + 1];
  // ("non-stop" split at its hyphen: the negation's keyword)
  if (it.lower === 'non' && next && (next.kind === 'word' || next.kind === 'lex') && !next.consumed && /^[a-z]{3,}$/.test(next.lower))
    return { noun: next.lower, items: [it, next] };
  return undefined;
}

export const noneCounted: Construction = {
  name: 'none counted',
  recognise({ items, a, lex, ctx }) {
    const things = new Set(items.map((it) => entityNamedBy(lex, it)).filter(Boolean));
    if (!things.size) return null;
    for (let k = 0; k < items.length; k++) {
      const none = noneOf(items, k);
      if (!none) continue;
      const cols = countColumns(ctx.model, things, none.noun);
      if (cols.length !== 1) continue;
      const col = cols[0]!;
      // ("how many nonstop flights": a word read here is no unknown thing counted)
      const mine = (u: Item) => !none.items.includes(u);
      [a.countUnknown, a.slotUnknown, a.unknown] = [a.countUnknown.filter(mine), a.slotUnknown.filter(mine), a.unknown.filter(mine)];
      return {
        construction: 'none counted',
        apply(query, notes) {
          consume(...none.items);
          notes.push(`Read "${none.items.map((x) => x.text).join('-')}" as ${col.label ?? col.name} = 0`);
          return { ...query, filters: [...query.filters, { dimension: col.name, op: 'eq', values: [0] }] };
        },
      };
    }
    return null;
  },
};
