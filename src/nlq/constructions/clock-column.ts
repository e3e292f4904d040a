/**
 * Times of day kept in a column of their own (`clock`: a TIME column, or whole numbers written HHMM):
 * "classes that start before 10 am", "trips departing after 21:00", "evening classes" read "before 10 am"
 * (a time of day with no period: `time.ts`) as conditions on that column, for rows with no date and time of
 * their own (those are dated by it: `time_range.clock`). The column is the one a verb right before names
 * ("start" and `start_time`, "departing" and `departure_time`; "leaving" departs), else the rows' one clock;
 * two, or none, and the time stays unread. A range over midnight ("at night") is either side of it.
 */
import type { DimensionFilter } from '../../semantic/query.js';
import type { Clock } from '../time.js';
import { OPEN_START } from '../time.js';
import { entityNamedBy } from '../members.js';
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

/** Verbs said of a time whose stem is not the column's ("leaving" is the departure). */
const SAME_AS: Record<string, string> = { leav: 'depart', land: 'arriv', begin: 'start', finish: 'end' };
const stem = (w: string) => w.replace(/(?:ing|ed|es|s)$/, '').replace(/e$/, '');

export const clockColumn: Construction = {
  name: 'clock column',
  recognise({ items, a, lex, ctx }) {
    const k = items.findIndex(
      (it) => it.kind === 'time' && !!it.hit?.range.clock && !it.hit.range.days && it.hit.range.start === OPEN_START,
    );
    if (k < 0 || a.times.length !== 1) return null;
    const clocks = ctx.model.dimensions.filter((d) => d.clock);
    if (!clocks.length) return null;
    const things = new Set(
      items.flatMap((it) => [entityNamedBy(lex, it), ...entriesOf(it, 'dimension').map((e) => lex.dimensions.get(e.target)?.entity)]),
    );
    // rows with a date and time of their own are dated by it
    if (ctx.model.time_dimensions.some((t) => things.has(t.entity) && t.type === 'timestamp')) return null;
    const own = clocks.filter((d) => things.has(d.entity));
    const verb = items[k - 1]?.kind === 'word' ? items[k - 1] : undefined;
    const said = verb ? (SAME_AS[stem(verb.lower)] ?? stem(verb.lower)) : undefined;
    const named = said ? own.filter((d) => d.name.startsWith(said) || (d.label ?? '').toLowerCase().startsWith(said)) : [];
    const col = named.length === 1 ? named[0]! : !named.length && own.length === 1 ? own[0]! : undefined;
    if (!col) return null;
    const item = items[k]!;
    const clock = item.hit!.range.clock!;
    a.times = [];
    const used: Item[] = [item, ...(named.length ? [verb] : [])].filter((x): x is Item => !!x);
    return {
      construction: 'clock column',
      apply(query, notes) {
        const value = (t: string) => (col.clock === 'hhmm' ? Number(t.replace(':', '')) : `${t}:00`);
        const side = (op: 'gte' | 'lt', t: string | undefined): DimensionFilter[] =>
          t ? [{ dimension: col.name, op, values: [value(t)] }] : [];
        const [from, to] = [side('gte', clock.from), side('lt', clock.to)];
        consume(...used);
        notes.push(`Read "${item.text}" as ${col.label ?? col.name} ${clockWords(clock)}`);
        if (from.length && to.length && clock.from! > clock.to!)
          return { ...query, any_of: [...(query.any_of ?? []), { filters: [...from, ...to], label: item.text }] };
        return { ...query, filters: [...query.filters, ...from, ...to] };
      },
    };
  },
};

function clockWords(c: Clock): string {
  return [c.from ? `from ${c.from}` : '', c.to ? `before ${c.to}` : ''].filter(Boolean).join(c.from! > c.to! ? ' or ' : ' and ');
}
