/**
 * Times of day kept in a column of their own (`clock`: a TIME column, or whole numbers written HHMM):
 * "classes that start before 10 am", "trips departing after 21:00", "evening classes", "trips leaving at 720"
 * read each time of day with no period (`time.ts`) as conditions on that column, for rows with no date and time
 * of their own (those are dated by it: `time_range.clock`). The column is the one the nearest verb or noun before
 * the time names ("start" and `start_time`; "leaving", "departure" the start of a trip, "arrive", "finish" its
 * end: `START`, `END`), else the rows' one clock; two and no word naming one is refused, naming them. A part of the
 * day said before the thing ("morning trips") is its range (`PARTS_OF_DAY`, named in the note). A bare number
 * ("before 1000", `Clock.bare`) is read only on a column of HHMM numbers, and a year-like one only when the rows
 * keep no date or year that it could be. A range over midnight ("at night") is either side of it.
 */
import type { DimensionFilter } from '../../semantic/query.js';
import type { Dimension } from '../../semantic/model.js';
import type { Clock } from '../time.js';
import { clockPlus, OPEN_START, PARTS_OF_DAY } from '../time.js';
import { entityNamedBy } from '../members.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { yearColumn } from '../year-columns.js';
import type { Construction } from './types.js';

/** Stems of the words that say when a thing starts, and when it ends (general English). */
const START = ['depart', 'leav', 'start', 'begin', 'open'];
const END = ['arriv', 'land', 'end', 'finish', 'return', 'clos'];
const stem = (w: string) => w.replace(/(?:ing|ed|es|s)$/, '').replace(/e$/, '');
const sideOf = (word: string) => [START, END].find((side) => side.some((s) => word.startsWith(s)));
/** How far before a time its verb may stand ("arrive in New York before 10 am"). */
const VERB_REACH = 6;

interface Said {
  items: Item[];
  clock: Clock;
  label: string;
  /** Where the time stands: its verb is looked for before it. */
  at: number;
}

export const clockColumn: Construction = {
  name: 'clock column',
  recognise({ items, a, lex, ctx }) {
    const clocks = ctx.model.dimensions.filter((d) => d.clock);
    if (!clocks.length) return null;
    const times = items.flatMap((it, at): Said[] =>
      it.kind === 'time' && !!it.hit?.range.clock && !it.hit.range.days && it.hit.range.start === OPEN_START
        ? [{ items: [it], clock: it.hit.range.clock, label: it.text, at }]
        : [],
    );
    // "morning trips": a part of the day said of the thing right after it
    const parts = items.flatMap((it, at): Said[] =>
      it.kind === 'word' && !it.consumed && PARTS_OF_DAY[it.lower] && entityNamedBy(lex, items[at + 1])
        ? [{ items: [it], clock: PARTS_OF_DAY[it.lower]!, label: it.lower, at }]
        : [],
    );
    const said = [...times, ...parts];
    if (!said.length || a.times.length !== times.length) return null;
    const things = new Set(
      items.flatMap((it) => [entityNamedBy(lex, it), ...entriesOf(it, 'dimension').map((e) => lex.dimensions.get(e.target)?.entity)]),
    );
    // rows with a date and time of their own are dated by it
    if (ctx.model.time_dimensions.some((t) => things.has(t.entity) && t.type === 'timestamp')) return null;
    const own = clocks.filter((d) => things.has(d.entity));
    if (!own.length) return null;
    const read: { said: Said; col: Dimension; word?: Item }[] = [];
    for (const s of said) {
      // ("morning trains leaving X": a part said before the thing has its verb after it)
      const word = namingWord(items, s.at, -1, own) ?? (s.items[0]!.kind === 'word' ? namingWord(items, s.at + 1, 1, own) : undefined);
      const col = word ? word.cols : own.length === 1 ? own : [];
      if (col.length !== 1) {
        a.times = [];
        const reason = `"${s.label}" could be the ${own.map((d) => (d.label ?? d.name).toLowerCase()).join(' or the ')}: name the one it is of.`;
        return { construction: 'clock column', apply: () => reason };
      }
      const bare = s.clock.bare && yearLike(s.clock);
      if (s.clock.bare && col[0]!.clock !== 'hhmm') return null;
      // ("after 1900" of rows that keep a date or a year is a year)
      const entity = col[0]!.entity;
      if (bare && (ctx.model.time_dimensions.some((t) => t.entity === entity) || yearColumn(ctx.model, entity, lex))) return null;
      read.push({ said: s, col: col[0]!, ...(word ? { word: word.item } : {}) });
    }
    a.times = [];
    return {
      construction: 'clock column',
      apply(query, notes) {
        let q = query;
        for (const { said: s, col, word } of read) {
          const value = (t: string) => (col.clock === 'hhmm' ? Number(t.replace(':', '')) : `${t}:00`);
          const side = (op: 'gte' | 'lt', t: string | undefined): DimensionFilter[] =>
            t ? [{ dimension: col.name, op, values: [value(t)] }] : [];
          // ("at 7pm" of minutes kept HHMM is that one value)
          const [from, to] =
            col.clock === 'hhmm' && isMinute(s.clock)
              ? [[{ dimension: col.name, op: 'eq' as const, values: [value(s.clock.from!)] }], []]
              : [side('gte', s.clock.from), side('lt', s.clock.to)];
          consume(...s.items, word);
          notes.push(`Read "${s.label}" as ${col.label ?? col.name} ${clockWords(s.clock)}`);
          q =
            from.length && to.length && s.clock.from! > s.clock.to!
              ? { ...q, any_of: [...(q.any_of ?? []), { filters: [...from, ...to], label: s.label }] }
              : { ...q, filters: [...q.filters, ...from, ...to] };
        }
        return q;
      },
    };
  },
};

/**
 * The nearest word before the time (`step` -1) or after it (1), within `VERB_REACH` and not past another time or a
 * comma, that names clock columns of the rows: by its stem ("start" and `start_time`) or its side ("leaving" and
 * `departure_time`).
 */
function namingWord(items: Item[], at: number, step: 1 | -1, own: Dimension[]): { item: Item; cols: Dimension[] } | undefined {
  for (let k = at + step; k >= 0 && k < items.length && Math.abs(k - at) <= VERB_REACH; k += step) {
    const it = items[k]!;
    if (it.kind === 'time' || it.kind === 'punct' || it.consumed) return undefined;
    if (it.kind !== 'word' && it.kind !== 'lex') continue;
    const cols = clocksNamed(it.lower, own);
    if (cols.length) return { item: it, cols };
  }
  return undefined;
}

/** The clock columns a word names: by its stem ("start" and `start_time`) or its side ("leaving" and `departure_time`). */
export function clocksNamed(word: string, clocks: Dimension[]): Dimension[] {
  const w = stem(word);
  if (w.length < 3) return [];
  const side = sideOf(w);
  return clocks.filter((d) =>
    [d.name, (d.label ?? '').toLowerCase()].some((n) => n.startsWith(w) || (!!side && side.some((s) => n.startsWith(s)))),
  );
}

/** A bare number that could be a year ("after 1900"). */
const yearLike = (c: Clock) => [c.from, c.to].some((t) => !!t && Number(t.slice(0, 2)) >= 10);

/** One minute of the day ("at 7pm": 19:00 up to 19:01). */
const isMinute = (c: Clock) => !!c.from && c.to === clockPlus(c.from, 1);

function clockWords(c: Clock): string {
  if (isMinute(c)) return `at ${c.from}`;
  return [c.from ? `from ${c.from}` : '', c.to ? `before ${c.to}` : ''].filter(Boolean).join(c.from! > c.to! ? ' or ' : ' and ');
}
