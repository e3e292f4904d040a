/**
 * Sets of members by related rows one or two joins away: "guests who never booked a suite", "members
 * that did not attend any yoga class", "readers with no loans of crime books" (none: the count of the
 * relating rows with the value is 0, an anti-join); "guests who booked both a suite and a double room",
 * "authors with papers in both A and B", "... in A as well as B" (both: one condition per value);
 * "guests who booked a suite but never a double room" (one of each).
 *
 * Each part is one value of the related rows (the related thing named beside it, or the value's own
 * thing), read as the related-condition construction reads one: the relation the model holds in one
 * way (the verb's, when it names one), the value's rows reached along one path. Members are listed or
 * counted, nothing else. A single part that says no set word is the related condition's; "and" with
 * no "both" (all of them or any one?) and a period ("never in 2023": of which rows?) leave the words
 * to the other rules, and the question is refused as before.
 */
import type { DimensionFilter, EntityCondition } from '../../semantic/query.js';
import { joinGraph } from '../../semantic/graph.js';
import type { ValueMention } from '../analyse.js';
import { chooseValueEntry } from '../build.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { verbOf } from '../text.js';
import { GENERIC_WORDS } from '../words.js';
import { mayLink, tableParticiple, verbRelates } from './linking-verb.js';
import { conditionOnValue, countOf, rowsRelating, stepOut, thingNamed } from './related-condition.js';
import type { Construction } from './types.js';

const RELATIVE = new Set(['who', 'that', 'which']);
const HAVE = new Set(['have', 'has', 'had']);
const AUX = new Set(['did', 'do', 'does', ...HAVE]);
/** Negations said on their own ("never") or as one contracted word. */
const NOT = new Set(['not', 'never', "didn't", "don't", "doesn't", "haven't", "hasn't", "hadn't"]);
const ARTICLES = new Set(['a', 'an', 'the', 'any', 'some', 'one', 'ones', 'single']);
/** Before a part's value or thing: "in A", "a room of type X", "loans with status Y". */
const PREPS = new Set(['in', 'with', 'from', 'at', 'on', 'of', 'about', 'for']);
const VERB_PREPS = new Set(['on', 'in', 'at', 'for', 'to', 'into', 'onto', 'with']);
const ROW_WORDS = new Set(['record', 'records', 'row', 'rows', 'entry', 'entries']);
const ENDS = new Set(['?', '.', '!', ';']);
const ONLY = new Set(['only', 'all', 'solely', 'exclusively']);
const BE = new Set(['are', 'were', 'is', 'was']);

/** The condition with its values' filters (at any depth) compared by `op`. */
function withOp(c: EntityCondition, op: DimensionFilter['op']): EntityCondition {
  return {
    ...c,
    ...(c.filters ? { filters: c.filters.map((f) => ({ ...f, op })) } : {}),
    ...(c.conditions ? { conditions: c.conditions.map((x) => withOp(x, op)) } : {}),
  };
}

interface Part {
  /** Members must have such rows (else must have none). */
  has: boolean;
  value: ValueMention;
  /** The related thing named in the part ("a suite room", "loans of crime"). */
  thing?: string;
  words: Item[];
}

const word = (it: Item | undefined, set: Set<string>) =>
  !!it && !it.consumed && (it.kind === 'word' || it.kind === 'kw') && set.has(it.lower);
/** A negation (the analysis may have taken "not" already, as the value's after it). */
const not = (it: Item | undefined) => !!it && (it.kind === 'word' || it.kind === 'kw') && NOT.has(it.lower);

export const relatedSets: Construction = {
  name: 'related sets',
  recognise({ items, a, lex, ctx }) {
    const model = ctx.model;
    if (a.times.length || a.negTimes.length || a.cmps.length || a.superlatives.length || a.ratio || a.share || a.compare) return null;
    const graph = joinGraph(model);
    const valueAt = (it: Item | undefined) => (it ? a.values.find((v) => v.item === it) : undefined);
    for (let e = 0; e < items.length; e++) {
      const members = thingNamed(lex, items[e]);
      if (!members) continue;
      // (the things asked for are the first named)
      if (items.slice(0, e).some((it) => thingNamed(lex, it))) break;
      const head: Item[] = [];
      let p = e + 1;
      let negated = false;
      let verb: Item | undefined;
      if (word(items[p], new Set(['ids', 'identifiers', 'names'])) && word(items[p + 1], RELATIVE)) head.push(items[p++]!);
      // "members from Leeds who ...": a value of the members' own, the general rules' filter
      const ownColumn = (dimension: string) => {
        const o = lex.dimensions.get(dimension)?.entity;
        return !!o && (o === members || !!graph.path(members, o));
      };
      if (word(items[p], PREPS) && valueAt(items[p + 1])?.entries.every((x) => ownColumn(x.target))) p += 2;
      // "who never", "that did not", "who have never", "(which guests) didn't", "with"
      if (word(items[p], RELATIVE)) head.push(items[p++]!);
      // "whose rooms are all suites": the related thing, then the part
      const whose = word(items[p], new Set(['whose'])) && !!thingNamed(lex, items[p + 1]) ? items[p++] : undefined;
      if (whose) head.push(whose);
      /** "only", "all": every related row has the value (and there is one). */
      let only = word(items[p], ONLY) ? items[p++] : undefined;
      if (word(items[p], AUX) && not(items[p + 1])) head.push(items[p++]!);
      if (not(items[p])) {
        negated = true;
        head.push(items[p++]!);
      }
      if (word(items[p], HAVE)) head.push(items[p++]!);
      // (a verb that is also a stored value, "taught" a lesson's status, may be that value: not read here)
      if (items[p] && entriesOf(items[p]!, 'value').length) continue;
      if (mayLink(lex, items[p]) || tableParticiple(lex, items[p])) verb = items[p++];
      // ("booked", "placed", "made": a verb that names no relation of its own)
      else if (word(items[p], GENERIC_WORDS) && !!verbOf(items[p]!.lower) && !word(items[p], HAVE)) head.push(items[p++]!);
      if (verb && word(items[p], VERB_PREPS) && !word(items[p + 1], VERB_PREPS)) head.push(items[p++]!);
      if (!verb && head.length && !whose && !head.some((w) => HAVE.has(w.lower) || GENERIC_WORDS.has(w.lower))) continue;
      if (!head.length && !verb && word(items[p], new Set(['with']))) head.push(items[p++]!);
      // the parts: [both] part (and | but [not|never] | as well as) part ...
      const parts: Part[] = [];
      let both: Item | undefined;
      let joiner: 'and' | 'but' | 'as well as' | undefined;
      let cur: Part | undefined;
      let thingBefore: string | undefined;
      let has = !negated;
      let words: Item[] = [];
      let ok = true;
      for (; p < items.length && ok; p++) {
        const it = items[p]!;
        if (it.kind === 'punct' && ENDS.has(it.lower)) break;
        const v = valueAt(it);
        if (v && !it.consumed) {
          if (cur) ok = false;
          else {
            cur = { has, value: v, words, ...(thingBefore ? { thing: thingBefore } : {}) };
            parts.push(cur);
            thingBefore = undefined;
          }
          continue;
        }
        // ("the domain X", "X domain": a word naming a thing and its column, beside a value, is the column)
        const besideValue = !!valueAt(items[p + 1]) || (!!cur && items[p - 1] === cur.value.item);
        const thing = besideValue && entriesOf(it, 'dimension').length ? undefined : thingNamed(lex, it);
        if (thing && !it.consumed) {
          if (cur?.thing || (!cur && thingBefore)) ok = false;
          // "a suite (room)", "(loans) of crime": the thing before the part's value is kept until the value
          else if (cur) cur.thing = thing;
          else thingBefore = thing;
          words.push(it);
          continue;
        }
        if (it.kind === 'lex' && entriesOf(it, 'dimension').length && !it.consumed) {
          words.push(it);
          continue;
        }
        if (word(it, ONLY) && !parts.length && !only && has) {
          only = it;
          continue;
        }
        if (whose && word(it, BE) && !parts.length) {
          words.push(it);
          continue;
        }
        if (word(it, new Set(['both'])) && !parts.length && !both) {
          both = it;
          continue;
        }
        if (word(it, new Set(['no']))) {
          has = false;
          words.push(it);
          if (cur) ok = false;
          continue;
        }
        if (((it.kind === 'word' || it.kind === 'kw') && ARTICLES.has(it.lower)) || word(it, PREPS) || word(it, ROW_WORDS)) {
          words.push(it);
          continue;
        }
        // the next part: "and", "but (never|not)", "as well as"
        const j = word(it, new Set(['and'])) ? 'and' : word(it, new Set(['but'])) ? 'but' : undefined;
        const asWell = word(it, new Set(['as'])) && items[p + 1]?.lower === 'well' && items[p + 2]?.lower === 'as';
        const butNot = it.kind === 'kw' && it.lower === 'but not';
        if ((j || asWell || butNot) && cur) {
          const said = butNot ? 'but' : asWell ? 'as well as' : j!;
          if (joiner && joiner !== said) ok = false;
          joiner = said;
          words = [it];
          if (asWell) {
            words.push(items[p + 1]!, items[p + 2]!);
            p += 2;
          }
          has = !butNot;
          cur = undefined;
          thingBefore = undefined;
          // "but never (one of) X", "and not X"
          if (not(items[p + 1])) {
            has = false;
            words.push(items[++p]!);
          }
          continue;
        }
        if (it.kind === 'word' && (it.lower === 'also' || it.lower === 'ever')) {
          words.push(it);
          continue;
        }
        ok = false;
      }
      if (!ok || !parts.length || parts.some((x) => !x.value)) continue;
      // a set word must be said: a part without, "both" of two, "but" between one of each
      if (both && (parts.length !== 2 || joiner !== 'and' || parts.some((x) => !x.has))) continue;
      // "and" alone: members with rows of each, or of either? (asked, never guessed)
      const unsaid = !both && joiner === 'and';
      if (joiner === 'but' && parts.every((x) => x.has)) continue;
      if (only && (parts.length !== 1 || both)) continue;
      if (parts.length === 1 && parts[0]!.has && !only) continue;
      // ("whose rooms are ...": the related thing said, and what it is said with)
      if (whose && !only) continue;
      if (parts.length > 2) continue;
      // each part's value: one column of a related thing (never the members' own, nor one reached to-one)
      const filters: DimensionFilter[] = [];
      for (const part of parts) {
        // ("in the domain X": a value stored in several columns is the one of the column named beside it)
        const said = new Set(part.words.flatMap((w) => (w.kind === 'lex' ? entriesOf(w, 'dimension').map((d) => d.target) : [])));
        const all = part.value.entries.filter((x) => x.kind === 'value');
        const entries = all.some((x) => said.has(x.target)) ? all.filter((x) => said.has(x.target)) : all;
        const dims = new Set(entries.map((x) => x.target));
        const entry = chooseValueEntry(lex, entries);
        const dim = lex.dimensions.get(entry.target);
        if (dims.size !== 1 || !dim || dim.roles.size || dim.roleOf || entry.pattern || !entry.values?.length) ok = false;
        else if (ownColumn(dim.name)) ok = false;
        else filters.push({ dimension: entry.target, op: 'eq', values: [entry.values[0]!] });
      }
      if (!ok) continue;
      // the related thing: named in a part (the same in each), else the values' own thing
      const named = new Set(parts.flatMap((x) => (x.thing ? [x.thing] : [])));
      const owners = new Set(filters.map((f) => lex.dimensions.get(f.dimension)!.entity));
      const related = named.size === 1 ? [...named][0]! : named.size === 0 && owners.size === 1 ? [...owners][0]! : undefined;
      if (!related || related === members) continue;
      const rows = rowsRelating(model, members, related);
      const metric = rows ? countOf(model, rows) : undefined;
      if (!rows || !metric || (verb && !verbRelates(lex, model, verb, members, related, new Set([rows])))) continue;
      const conditions: EntityCondition[] = [];
      for (const [k, part] of parts.entries()) {
        const inner = conditionOnValue(model, lex, related, filters[k]!);
        if (!inner) ok = false;
        else {
          const c = stepOut(members, rows, metric, inner);
          conditions.push(part.has ? c : { ...c, op: 'eq' });
          // ... and none of another value
          if (only) conditions.push({ ...withOp(c, 'ne'), op: 'eq' });
        }
      }
      if (!ok) continue;
      const counted = items.slice(0, e).some((it) => it.kind === 'kw' && it.kw === 'count');
      const opener = items.find((it) => it.kind !== 'punct');
      // ("the names of guests who ...": the members' columns asked for)
      const asked = items.slice(0, e).filter((it) => it.kind === 'word' && ['the', 'names', 'ids', 'of'].includes(it.lower));
      const namesAsked =
        asked.length === e && asked.some((it) => it.lower === 'names' || it.lower === 'ids') && asked.at(-1)?.lower === 'of';
      // (a bare phrase of the members, "guests who never ...", names them)
      const bare = items.slice(0, e).every((it) => word(it, new Set(['the', 'all'])));
      if (
        !counted &&
        !namesAsked &&
        !bare &&
        !a.list &&
        !a.whichPos.length &&
        !['return', 'name', 'enumerate'].includes(opener?.lower ?? '')
      )
        continue;
      // the values are the conditions' (no filter of the general rules), the related things no figure of their own
      const taken = new Set<Item>([...parts.flatMap((x) => [x.value.item, ...x.words]), ...(verb ? [verb] : [])]);
      a.values = a.values.filter((v) => !taken.has(v.item));
      a.metrics = a.metrics.filter((m) => !taken.has(m.item));
      a.dimMentions = a.dimMentions.filter((d) => !taken.has(d.item));
      a.providesMetric = true;
      for (const it of taken) it.used = true;
      return {
        construction: 'related sets',
        apply(query, notes) {
          if (unsaid)
            return `${members} with ${related} of ${filters.map((f) => f.values[0]).join(' and ')}: with both, or with either? Say "both" or "either".`;
          const own = countOf(model, members);
          if (
            query.filters.some((f) => !ownColumn(f.dimension)) ||
            query.metric_filters.length ||
            query.any_of?.length ||
            query.entity_conditions?.length ||
            query.time_range ||
            query.group_by.some((g) => lex.dimensions.get(g.dimension)?.entity !== members) ||
            (query.metrics.length &&
              !((counted || bare) && query.metrics.length === 1 && query.metrics[0] === own && !query.group_by.length))
          ) {
            for (const it of taken) if (!it.consumed) it.dropped = true;
            return query;
          }
          consume(...head, ...taken, both, only);
          notes.push(
            `${members} members ${parts.map((x, k) => `${x.has ? 'with' : 'without'} ${related} of ${filters[k]!.values[0]}`).join(' and ')} (through ${rows})`,
          );
          // (a bare phrase the general rules counted lists them)
          return { ...query, ...(counted ? {} : { metrics: [] }), entity_conditions: [...conditions] };
        },
      };
    }
    return null;
  },
};
