/**
 * Days of the week kept in a column of their own: "classes on Mondays", "trips that run on Saturdays and
 * Sundays", "Friday services", "on Thursday" (a timetable: singular or plural) read a column that says the
 * day, of the thing the query is about:
 *  - a flag per day, named after it (`monday`, `runs_friday`): a boolean, or two values yes/no (Y/N,
 *    true/false, 1/0): its yes;
 *  - a column of day names ('Monday', 'Tue'): the stored spelling of the day (`eq`, several `in`);
 *  - a column of lists of days ('mon,wed'): the rows whose list holds the day (`contains`).
 * Several days joined by "and" on flags or lists are all of them (a trip may run on several days); "or",
 * or a column of one day per row, any of them. A verb of schedule right before ("held", "run", "operate",
 * "meet") says nothing more. Two columns that could read the day, or rows with a date of their own beside it
 * (the booking's date or its class's day?), and the question is refused; none, and the days are left for
 * the dating date (`time.ts`, tried again by `interpret`).
 */
import { joinGraph } from '../../semantic/graph.js';
import type { SemanticModel } from '../../semantic/model.js';
import type { DimensionFilter } from '../../semantic/query.js';
import type { Lexicon } from '../lexicon.js';
import { entityNamedBy } from '../members.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { DAY_NAMES } from '../time.js';
import type { Construction } from './types.js';

const ABBREVIATIONS = [['mon'], ['tue', 'tues'], ['wed'], ['thu', 'thur', 'thurs'], ['fri'], ['sat'], ['sun']];
const YES = /^(y|yes|true|t|1)$/i;
const NO = /^(n|no|false|f|0)$/i;
const SCHEDULE_VERBS = new Set([
  'open',
  'available',
  'held',
  'run',
  'runs',
  'running',
  'operate',
  'operates',
  'operating',
  'meet',
  'meets',
  'meeting',
  'scheduled',
]);

interface WeekdayColumn {
  dimension: string;
  entity: string;
  /** flag: one day's yes; names: one day per row; list: several days per row. */
  kind: 'flag' | 'names' | 'list';
  /** The flag's day (1 = Monday). */
  day?: number;
  /** The flag's yes value (a boolean flag: true). */
  yes?: string | boolean;
  /** How each day is stored (names, lists). */
  spelling?: Map<number, string>;
}

/** The ISO number of a day written out or short ('Monday', 'tue'), if it is one. */
function dayNumber(word: string): number | undefined {
  const w = word.toLowerCase().trim();
  const i = DAY_NAMES.findIndex((d, k) => d === w || ABBREVIATIONS[k]!.includes(w));
  return i >= 0 ? i + 1 : undefined;
}

const cache = new WeakMap<Lexicon, WeekdayColumn[]>();
/** The model's columns that say a day of the week (see above). */
export function weekdayColumns(model: SemanticModel, lex: Lexicon): WeekdayColumn[] {
  const known = cache.get(lex);
  if (known) return known;
  const out: WeekdayColumn[] = [];
  for (const d of model.dimensions) {
    const stored = [...(lex.valueIndex.get(d.name)?.values() ?? [])];
    const flagDay = DAY_NAMES.findIndex((n) => new RegExp(`(^|_)${n}$`).test(d.name));
    if (flagDay >= 0) {
      const yes = d.type === 'boolean' ? true : stored.length === 2 ? stored.find((v) => YES.test(v)) : undefined;
      if (yes !== undefined && (d.type === 'boolean' || stored.some((v) => NO.test(v))))
        out.push({ dimension: d.name, entity: d.entity, kind: 'flag', day: flagDay + 1, yes });
      continue;
    }
    if (d.type !== 'string' || stored.length < 2) continue;
    const lists = stored.map((v) => v.split(/\s*,\s*/).map(dayNumber));
    if (!lists.every((l) => l.every((n) => n !== undefined))) continue;
    const spelling = new Map<number, string>();
    stored.forEach((v, k) => v.split(/\s*,\s*/).forEach((w, i) => spelling.set(lists[k]![i]!, w.trim())));
    out.push({ dimension: d.name, entity: d.entity, kind: lists.some((l) => l.length > 1) ? 'list' : 'names', spelling });
  }
  cache.set(lex, out);
  return out;
}

/** Per question (its items): no column of the rows asked about says the days, so they may be a date's (`interpret`). */
const unread = new WeakMap<Item[], boolean>();
export function weekdaysUnread(items: Item[]): boolean {
  return unread.get(items) ?? true;
}

/** A word that names a day in full, singular or plural ("Monday", "Fridays"). */
function namedDay(it: Item | undefined): number | undefined {
  if (!it || (it.kind !== 'word' && it.kind !== 'lex')) return undefined;
  const i = DAY_NAMES.findIndex((d) => it.lower === d || it.lower === `${d}s`);
  return i >= 0 ? i + 1 : undefined;
}

export const weekdayColumn: Construction = {
  name: 'weekday column',
  recognise({ items, a, lex, ctx }) {
    const columns = weekdayColumns(ctx.model, lex);
    if (!columns.length) return null;
    // "on Mondays and Wednesdays", "every Friday", "Saturday trips"
    let start = items.findIndex((it) => namedDay(it) !== undefined);
    if (start < 0) return null;
    const days: Item[] = [];
    const joints: Item[] = [];
    let k = start;
    for (;;) {
      days.push(items[k]!);
      const sep = items[k + 1];
      if (sep && /^(and|or|,)$/.test(sep.lower) && namedDay(items[k + 2]) !== undefined) {
        joints.push(sep);
        k += 2;
      } else if (sep?.lower === ',' && items[k + 2] && /^(and|or)$/.test(items[k + 2]!.lower) && namedDay(items[k + 3]) !== undefined) {
        joints.push(sep, items[k + 2]!);
        k += 3;
      } else break;
    }
    const end = k + 1;
    if (items.slice(end).some((it) => namedDay(it) !== undefined)) return null;
    const lead: Item[] = [];
    if (start > 0 && /^(on|every)$/.test(items[start - 1]!.lower)) lead.push(items[--start]!);
    if (start > 0 && SCHEDULE_VERBS.has(items[start - 1]!.lower)) lead.push(items[--start]!);
    const any = joints.some((j) => j.lower === 'or');
    if (any && joints.some((j) => j.lower === 'and')) return null;
    const numbers = days.map((d) => namedDay(d)!);
    const mine = new Set(days);
    a.values = a.values.filter((v) => !mine.has(v.item));
    a.dimMentions = a.dimMentions.filter((d) => !mine.has(d.item));
    a.groups = a.groups.filter((g) => !mine.has(items[g.pos]!));
    const known = (u: Item) => !mine.has(u) && !lead.includes(u);
    a.unknown = a.unknown.filter(known);
    a.slotUnknown = a.slotUnknown.filter(known);
    a.countUnknown = a.countUnknown.filter(known);
    // (taken from the general rules and the listing now: the claim refuses the question when it cannot read them)
    consume(...lead, ...days, ...joints);
    const said = items
      .slice(start, end)
      .map((it) => it.text)
      .join(' ');
    return {
      construction: 'weekday column',
      apply(query, notes) {
        // the rows the query is about: its figures' and its breakdown's things, and the things named
        const things = new Set(
          [
            ...query.metrics.map((m) => lex.metrics.get(m)?.entity),
            ...query.group_by.map((g) => lex.dimensions.get(g.dimension)?.entity),
            ...items
              .filter((it) => !mine.has(it))
              .flatMap((it) => [entityNamedBy(lex, it), ...entriesOf(it, 'dimension').map((e) => lex.dimensions.get(e.target)?.entity)]),
          ].filter((e): e is string => !!e),
        );
        const graph = joinGraph(ctx.model);
        const reach = (e: string) => [...things].some((t) => !!graph.path(t, e));
        const usable = columns.filter((c) => reach(c.entity) && (c.kind !== 'flag' || numbers.includes(c.day!)));
        const owners = new Set(usable.map((c) => c.entity));
        const byDay = numbers.map((n) => usable.filter((c) => (c.kind === 'flag' ? c.day === n : c.spelling!.has(n))));
        unread.set(items, !usable.length);
        if (!usable.length || byDay.some((cs) => cs.length !== 1) || owners.size !== 1)
          return `"${said}" names days of the week, and ${usable.length ? 'several columns could say them' : 'no column of the rows asked about says them'}.`;
        const owner = [...owners][0]!;
        const dated = ctx.model.time_dimensions.find((t) => things.has(t.entity) && t.grains.includes('day'));
        if (dated)
          return `"${said}" could be the ${lex.dimensions.get(byDay[0]![0]!.dimension)?.label.toLowerCase()} of the ${owner.replace(/_/g, ' ')} or the day of the week of the ${dated.label?.toLowerCase() ?? dated.name}: ask for one.`;
        const col = byDay[0]![0]!;
        const filters: DimensionFilter[] =
          col.kind === 'names'
            ? [{ dimension: col.dimension, op: numbers.length > 1 ? 'in' : 'eq', values: numbers.map((n) => col.spelling!.get(n)!) }]
            : byDay.map(([c], i) =>
                c!.kind === 'flag'
                  ? { dimension: c!.dimension, op: 'eq' as const, values: [c!.yes!] }
                  : { dimension: c!.dimension, op: 'contains' as const, values: [c!.spelling!.get(numbers[i]!)!] },
              );
        notes.push(
          `Read "${said}" as ${filters.map((f) => `${lex.dimensions.get(f.dimension)?.label ?? f.dimension} ${f.op} ${f.values.join(', ')}`).join(any ? ' or ' : ' and ')}`,
        );
        if (any && filters.length > 1) return { ...query, any_of: [...(query.any_of ?? []), { filters, label: said }] };
        return { ...query, filters: [...query.filters, ...filters] };
      },
    };
  },
};
