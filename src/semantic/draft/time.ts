/**
 * Time: dates, timestamps, epoch numbers and date-like text become time dimensions; a bare year
 * (and month) dates a table with no date; a verb's date is also its participle ("hired"). Which date
 * dates each measure, and which tables count people who sign up.
 */
import type { DraftContext } from './context.js';
import { knownWord } from './vocabulary.js';
import {
  DATE_TEXT,
  EPOCH_S,
  MONTH_NAMES,
  SIGNUP_TABLE_HEADS,
  TIME_WORDS,
  isKeyLike,
  isParticiple,
  nameWords,
  partsOfSpeech,
  readable,
  sentence,
  singular,
} from './vocabulary.js';
import type { TableProfile } from './profile.js';
import { thingNames } from './names.js';

/** Drafts the time dimensions (fills `ctx.timeDimensions`, `ctx.ownTime`, `ctx.timeWords`, `ctx.verbDates`). */
export function draftTimeDimensions(ctx: DraftContext): void {
  const { mysql, colSql, notes, profiles, timeDimensions, ownTime, timeWords, verbDates } = ctx;
  const { uniqueName, columnWords, entityWords } = thingNames(ctx);
  for (const p of profiles) {
    const times: string[] = [];
    for (const col of p.info.columns) {
      const c = p.cols.get(col.name);
      // A date NULL in every row dates nothing (a column never filled in).
      if (c && (c.kind === 'date' || c.kind === 'timestamp') && p.rows > 0 && c.nulls === p.rows) {
        notes[`skipped:${p.entity}.${col.name}`] = 'NULL in every row: no time dimension';
        continue;
      }
      const words = columnWords(p, col.name);
      let sql: string | undefined;
      let why = '';
      // (a timestamp, or epoch seconds, carries a time of day: "before 1pm" applies)
      let type: 'date' | 'timestamp' | undefined;
      if (c?.kind === 'date' || c?.kind === 'timestamp') {
        sql = colSql(col.name);
        why = `${c.kind} column`;
        type = c.kind;
      } else if (
        (c?.kind === 'integer' || c?.kind === 'number') &&
        c.min !== undefined &&
        c.max !== undefined &&
        words.some((w) => TIME_WORDS.has(w)) &&
        !isKeyLike(col.name)
      ) {
        const inS = c.min >= EPOCH_S[0] && c.max <= EPOCH_S[1];
        const inMs = c.min >= EPOCH_S[0] * 1000 && c.max <= EPOCH_S[1] * 1000;
        if (inS || inMs) {
          const x = colSql(col.name);
          const v = inMs ? `${x} / 1000` : x;
          sql = mysql ? `FROM_UNIXTIME(${v})` : `to_timestamp(${v})`;
          type = 'timestamp';
          why = `epoch ${inMs ? 'milliseconds' : 'seconds'}: values from ${new Date(inMs ? c.min : c.min * 1000).toISOString().slice(0, 10)} to ${new Date(inMs ? c.max : c.max * 1000).toISOString().slice(0, 10)}`;
        }
      } else if (c?.kind === 'text' && c.sample.length > 0 && c.sample.every((v) => DATE_TEXT.test(String(v)))) {
        sql = `CAST(SUBSTR(${colSql(col.name)}, 1, 10) AS DATE)`;
        why = 'text holding dates (YYYY-MM-DD in every sampled value)';
      }
      if (!sql) continue;
      // a glued date or time (`orderdate`) is split; a word that only ends so (`last_update`, `runtime`) is not
      const last = words[words.length - 1] ?? '';
      const base = knownWord(last) ? words.join('_') : words.join('_').replace(/^(.+?)(date|time)$/, '$1_$2');
      const name = uniqueName(base, p.entity);
      const label = sentence(readable(nameWords(name)));
      const syn = [...new Set([readable(words).join(' '), `${entityWords(p).join(' ')} ${readable(words).join(' ')}`])].filter(
        (s) => s.toLowerCase() !== label.toLowerCase() && s !== name.replace(/_/g, ' '),
      );
      timeDimensions.push({
        name,
        entity: p.entity,
        sql,
        ...(type ? { type } : {}),
        label,
        description: `${col.name} of ${p.info.name}`,
        synonyms: syn,
      });
      timeWords.set(name, readable(words));
      ctx.timeColumns.set(name, c);
      notes[`time_dimensions:${name}`] = why;
      times.push(name);
      if (c) c.kind = 'date'; // consumed
    }
    // A table with no date but a bare `year` (a publication's year, a review's year and month) is
    // dated by it: "in 2021", "per year" and "April 2021" apply. A qualified year (`signup_year`,
    // `release_year`) is an attribute, not when the row happened: it stays a dimension.
    const yearCol =
      times.length === 0
        ? p.info.columns.find((x) => {
            const c = p.cols.get(x.name);
            const w = columnWords(p, x.name);
            return (
              c?.kind === 'integer' &&
              w.length === 1 &&
              (w[0] === 'year' || w[0] === 'yr') &&
              c.min !== undefined &&
              c.min >= 1000 &&
              c.max! <= 2200
            );
          })
        : undefined;
    if (yearCol) {
      const monthCol = p.info.columns.find((x) => {
        const c = p.cols.get(x.name);
        const w = columnWords(p, x.name);
        if (!c || w.length !== 1 || (w[0] !== 'month' && w[0] !== 'mo')) return false;
        if (c.kind === 'integer') return c.min !== undefined && c.min >= 1 && c.max! <= 12;
        return (
          c.kind === 'text' &&
          c.sample.length > 0 &&
          c.sample.every(
            (v) => MONTH_NAMES.includes(String(v).trim().slice(0, 3).toLowerCase()) && /^[a-z]{3,9}\.?$/i.test(String(v).trim()),
          )
        );
      });
      const y = `CAST(${colSql(yearCol.name)} AS INTEGER)`;
      const m = !monthCol
        ? '1'
        : p.cols.get(monthCol.name)!.kind === 'integer'
          ? `CAST(${colSql(monthCol.name)} AS INTEGER)`
          : `CASE LOWER(SUBSTR(${colSql(monthCol.name)}, 1, 3)) ${MONTH_NAMES.map((n, i) => `WHEN '${n}' THEN ${i + 1}`).join(' ')} END`;
      const sql = mysql ? `STR_TO_DATE(CONCAT(${colSql(yearCol.name)}, '-', ${m}, '-01'), '%Y-%m-%d')` : `MAKE_DATE(${y}, ${m}, 1)`;
      const name = uniqueName(monthCol ? 'year_month' : 'year', p.entity);
      const ent = entityWords(p).join(' ');
      timeDimensions.push({
        name,
        entity: p.entity,
        sql,
        grains: monthCol ? ['month', 'quarter', 'year'] : ['year'],
        label: monthCol ? `${sentence([ent])} year and month` : sentence([ent, 'year']),
        description: `${yearCol.name}${monthCol ? ` and ${monthCol.name}` : ''} of ${p.info.name}`,
        synonyms: [],
      });
      notes[`time_dimensions:${name}`] =
        `the table has no date but a year${monthCol ? ' and a month' : ''}: it dates the rows (the first of the ${monthCol ? 'month' : 'year'})`;
      times.push(name);
      p.cols.get(yearCol.name)!.kind = 'date'; // consumed: no year dimension beside it
    }
    ownTime.set(p.entity, times);
  }
  // "salespersons hired in 2021", "orders shipped last month": a date named by a verb and "date"
  // (`hire_date`, `ship_date`, `created_at`) is also that verb's participle, when no other date of the
  // model is (two "start dates" would compete).
  const byParticiple = new Map<string, string[]>();
  /** Per entity, its own dates named by a verb: its rows may be counted by them too ("crews hired in 2022"). */
  for (const t of timeDimensions) {
    const w = timeWords.get(t.name) ?? [];
    if (w.length !== 2 || !/^(date|time|timestamp|datetime|at|on)$/.test(w[1]!) || /^(date|time|day|timestamp|datetime)$/.test(w[0]!))
      continue;
    const v = w[0]!;
    const said =
      isParticiple(v) && Object.prototype.hasOwnProperty.call(partsOfSpeech, v)
        ? v
        : [`${v}ed`, `${v}d`, `${v}${v.slice(-1)}ed`].find(
            (x) => x !== v && (partsOfSpeech[x] ?? []).includes('VBN') && Object.prototype.hasOwnProperty.call(partsOfSpeech, x),
          );
    if (said) (byParticiple.get(said) ?? byParticiple.set(said, []).get(said)!).push(t.name);
  }
  for (const [said, names] of byParticiple) {
    const t = timeDimensions.find((x) => x.name === names[0]);
    if (names.length !== 1 || !t || [t.label, ...(t.synonyms ?? [])].some((x) => (x ?? '').toLowerCase() === said)) continue;
    t.synonyms = [...(t.synonyms ?? []), said];
    notes[`time_dimensions:${t.name}`] = `${notes[`time_dimensions:${t.name}`] ?? ''}; "${said}": the verb its name says`;
    (verbDates.get(t.entity) ?? verbDates.set(t.entity, []).get(t.entity)!).push(t.name);
  }
}

/** Dates that describe a thing rather than when something happened (a birth date, an expiry). */
export const attributeDate = (words: string[]) =>
  words.some((w) => /^(birth|born|dob|birthday|expiry|expiration|expires|expire|valid|until|due)$/.test(w));

/**
 * The row is part of the thing it refers to (an invoice line of its invoice): the reference is part of
 * its key, or the table is named after the thing (`invoice_line`, `order_details`).
 */
function partOfRelationship(ctx: DraftContext) {
  const { entityWords } = thingNames(ctx);
  const byEntity = new Map(ctx.profiles.map((p) => [p.entity, p]));
  return (r: DraftContext['relationships'][number]): boolean => {
    const from = byEntity.get(r.from);
    const to = byEntity.get(r.to);
    if (!from || !to) return false;
    // (a link table, nothing but keys, is part of neither thing it links)
    const keysOnly = from.info.columns.every((c) => from.pk.includes(c.name) || (ctx.fkCols.get(from)?.has(c.name) ?? false));
    if (keysOnly) return false;
    if (from.pk.length > 1 && r.on.every(([c]) => from.pk.includes(c))) return true;
    const fw = entityWords(from).map(singular);
    const tw = entityWords(to).map(singular);
    return fw.length > tw.length && tw.every((w, i) => fw[i] === w);
  };
}

/** Which date dates an entity's measures; which tables count sign-ups. */
export function datingHelpers(ctx: DraftContext) {
  const { profiles, relationships, ownTime, timeWords } = ctx;
  const { entityWords } = thingNames(ctx);
  const partOf = partOfRelationship(ctx);
  // A measure is dated by its own table's first event date that holds dates, else by the one of the
  // thing it is part of (an invoice line by its invoice's date), never by another thing's attribute (a
  // customer by its support rep's birth date).
  const dates = (e: string) => (ownTime.get(e) ?? []).filter((t) => !attributeDate(timeWords.get(t) ?? []));
  const datingOf = (entity: string): string | undefined => {
    const seen = new Set([entity]);
    let frontier = [entity];
    while (frontier.length) {
      for (const e of frontier) {
        const t = dates(e)[0];
        if (t) return t;
      }
      const next: string[] = [];
      for (const e of frontier)
        for (const r of relationships)
          if (r.from === e && !seen.has(r.to) && ownTime.has(r.to) && partOf(r)) {
            seen.add(r.to);
            next.push(r.to);
          }
      frontier = next;
    }
    return undefined;
  };

  // Tables whose rows are people who sign up ("customer signups"): dated by the day each one joined
  // (a join or sign-up date), or, for a table of customers, users, members and the like with no such
  // date, by the day their record was created.
  const signupDate = (p: TableProfile): { time: string; why: string } | undefined => {
    const times = ownTime.get(p.entity) ?? [];
    const said = (t: string, re: RegExp) =>
      (timeWords.get(t) ?? []).some((w) => re.test(w)) || /sign up/.test((timeWords.get(t) ?? []).join(' '));
    const people = SIGNUP_TABLE_HEADS.has(singular(entityWords(p).slice(-1)[0] ?? ''));
    const joined = times.filter((t) =>
      said(t, people ? /^(join|joined|joining|signup|registration|registered|enrollment|enrolment)$/ : /^(join|joined|signup)$/),
    );
    if (joined.length === 1) return { time: joined[0]!, why: `the date each one joined (${joined[0]})` };
    if (joined.length > 1 || !people) return undefined;
    const created = times.filter((t) => (timeWords.get(t) ?? []).some((w) => /^(created|creation)$/.test(w)));
    return created.length === 1
      ? { time: created[0]!, why: `the day each record was created (${created[0]}): check that it is when they signed up` }
      : undefined;
  };
  const signupTables = profiles.filter((p) => signupDate(p));
  return { datingOf, signupDate, signupTables };
}
