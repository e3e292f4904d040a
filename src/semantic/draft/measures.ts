/**
 * Measures: amounts summed and averaged, prices and levels averaged (lowest, highest), ids counted
 * distinct, a count of every table's rows, price x quantity, tallies, sign-ups, and "revenue" for
 * the one sum of money of the one table of sales.
 */
import type { DraftContext, TableDraft, ColumnDraft } from './context.js';
import type { ColumnProfile } from './profile.js';
import { readable } from './vocabulary.js';

import {
  ADDITIVE_WORDS,
  AVERAGE_WORDS,
  BILLED_PARTICIPLES,
  CODE_WORDS,
  DURATION_UNITS,
  NOT_REVENUE_WORDS,
  ORDINAL_WORDS,
  PRICE_TABLE_WORDS,
  QUALIFIED_MONEY_WORDS,
  SALE_MONEY_WORDS,
  SOLD_HEADS,
  UNIT_WORDS,
  YEAR_SPAN,
  YEAR_WORDS,
  beginningYear,
  countedBy,
  nameWords,
  phrasal,
  plural,
  pluralPhrase,
  sentence,
  singular,
} from './vocabulary.js';
import { thingNames } from './names.js';
import { datingHelpers } from './time.js';

/** Words of a rate, whose values may be kept as fractions (a discount of 0.1 is 10%). */
const FRACTION_WORDS = new Set(['rate', 'ratio', 'pct', 'percent', 'percentage', 'discount', 'share', 'fraction', 'proportion']);

/** Every value is a year of `YEAR_SPAN`. */
const inYearSpan = (c: ColumnProfile) => c.min !== undefined && c.max !== undefined && c.min >= YEAR_SPAN[0] && c.max <= YEAR_SPAN[1];

/** A number column: a year, code or category (a dimension), else an amount or a level. */
/** Phrases two columns of one thing would share (`entity|phrase`), per draft: given to neither. */
const contestedPhrases = new WeakMap<DraftContext, Set<string>>();

export function numberColumn(ctx: DraftContext, t: TableDraft, k: ColumnDraft): void {
  const { colSql, notes, undecided, profiles, measures, measureWords, measureBase } = ctx;
  const { uniqueName, claim, entityWords } = thingNames(ctx);
  const { p, dating, dated, ew } = t;
  const { col, c, words, rw, isKey, dim } = k;
  if (isKey) return;
  const ws = new Set([...words, ...rw]);
  const isCode = [...ws].some((w) => CODE_WORDS.has(w));
  const isYear =
    [...ws].some((w) => YEAR_WORDS.has(w)) ||
    (c.kind === 'integer' &&
      c.min !== undefined &&
      c.min >= 1900 &&
      c.max! <= 2100 &&
      c.distinct <= 200 &&
      ![...ws].some((w) => ADDITIVE_WORDS.has(w) || AVERAGE_WORDS.has(w)));
  // `num_enrolled`, `number_of_visits`, `count_orders`: a count kept on the row, an amount.
  // An abbreviated count suffix (`citation_num`, `visit_cnt`) says the same; the full word does not
  // (`house_number`, `flight_number` are labels).
  const countSuffix = c.kind === 'integer' && (c.min ?? 0) >= 0 && words.length >= 2 && ['num', 'cnt'].includes(words[words.length - 1]!);
  const count = c.kind === 'integer' && (c.min ?? 0) >= 0 ? countedBy(words) : undefined;
  const additive =
    [...ws].some((w) => ADDITIVE_WORDS.has(w)) || (rw.length >= 2 && (rw[0] === 'number' || rw[0] === 'count')) || countSuffix || !!count;
  // In a table of prices or rates (daily prices: open, high, low, close), a number the name does
  // not say is an amount is one of those prices: averaged, never summed.
  const priceTable = ew.some((w) => PRICE_TABLE_WORDS.has(w));
  const averaged = [...ws].some((w) => AVERAGE_WORDS.has(w)) || (priceTable && !additive);
  const priced =
    priceTable && !additive && ![...ws].some((w) => AVERAGE_WORDS.has(w))
      ? ew
          .filter((w) => PRICE_TABLE_WORDS.has(w))
          .map(singular)
          .slice(-1)
      : [];
  const ordinal = [...ws].some((w) => ORDINAL_WORDS.has(w));
  // `opened`, `founded`, `debut` holding 1766 to 1997: the year it happened, though no word says "year"
  const beginning = c.kind === 'integer' && !isCode && inYearSpan(c) ? beginningYear(words) : undefined;
  if (beginning) {
    dim(uniqueName(words.join('_'), p.entity), 'number', `a year (${c.min} to ${c.max}) named by its beginning: grouped by, never summed`, {
      synonyms: beginning,
      grain: 'year',
    });
    return;
  }
  if (isYear || isCode) {
    if (c.distinct <= 200)
      dim(
        uniqueName(words.join('_'), p.entity),
        'number',
        isYear ? 'a year: grouped by, never summed' : 'a code: grouped by, never summed',
        { synonyms: [rw.join(' ')] },
      );
    else notes[`skipped:${p.entity}.${col.name}`] = 'a code or coordinate: neither summed nor grouped';
    return;
  }
  // A plural noun alone with few values (`stops`: 0 to 3) is also a category ("flights with 1 stop", "by stops"):
  // the bare noun stays the dimension's, the count words ("the number of stops", "total stops") the measures'.
  const countCategory = !!count && rw.length === 1 && c.distinct <= 20;
  if (c.kind === 'integer' && c.distinct <= 20 && ((!additive && !averaged) || countCategory)) {
    dim(uniqueName(words.join('_'), p.entity), 'number', `integer with ${c.distinct} values: a category, not an amount`, {
      synonyms: [rw.join(' ')],
    });
    if (!countCategory) return;
  }
  // A rating or score with fractions (4.5) is a level to average, not a category.
  const gradedLevel = ordinal && averaged && !additive;
  if (ordinal && !additive && !(gradedLevel && c.kind === 'number')) {
    if (c.distinct <= 200)
      dim(uniqueName(words.join('_'), p.entity), 'number', 'an ordinal (position, level, rating): grouped by', {
        synonyms: [rw.join(' ')],
      });
    // Whole-number ratings (1 to 5 stars) are grouped by and averaged too.
    if (!gradedLevel) return;
  }
  // A trailing unit (`weight_kg`, `price_usd`) is the format's unit; people say "total weight".
  const unit = rw.length > 1 ? UNIT_WORDS[rw[rw.length - 1]!] : undefined;
  // A rate whose stored values all lie between 0 and 1 is a fraction: "a discount of 10%" compares with 0.1
  const fraction = c.kind === 'number' && (c.min ?? -1) >= 0 && (c.max ?? 2) <= 1 && [...ws].some((w) => FRACTION_WORDS.has(w));
  const fmt = fraction
    ? { kind: 'percent' as const }
    : { kind: c.kind === 'integer' ? ('integer' as const) : ('number' as const), ...(unit ? { unit } : {}) };
  const generic = words.length === 1 && ['total', 'amount', 'value', 'price', 'cost', 'sum'].includes(words[0]!);
  const base = generic ? [...ew, ...rw] : rw;
  const phrase = base.join(' ');
  // "the price of each book", "products with a cost above 10": a price or cost is also said bare (read by the
  // thing the question is about when several things have one, as "population" is); "total", "amount",
  // "value" and "sum" are aggregate words first and stay said with their thing
  const bareWord = generic && ['price', 'cost'].includes(words[0]!) ? rw.join(' ') : undefined;
  const bareSaid = (...prefixes: string[]) => (bareWord ? prefixes.map((x) => `${x}${bareWord}`) : []);
  const spoken = unit ? base.slice(0, -1).join(' ') : undefined;
  const alsoSpoken = (...forms: Array<(x: string) => string>) => (spoken ? forms.map((f) => f(spoken)) : []);
  // The figure said of its thing: "average patient height", "total order freight" (not when the
  // name says the thing already: "car cost")
  const ofThing = (prefix: string) =>
    ew.length && !ew.some((w) => base.includes(w)) ? [phrase, ...(spoken ? [spoken] : [])].map((x) => `${prefix}${ew.join(' ')} ${x}`) : [];
  const addMeasure = (agg: 'sum' | 'avg' | 'min' | 'max', nameBase: string, mLabel: string, syn: string[], why: string) => {
    const n = uniqueName(nameBase, p.entity);
    const shared: string[] = [];
    if (claim('metric', [mLabel]).length === 0) {
      shared.push(mLabel.toLowerCase());
      mLabel = sentence([...ew, ...mLabel.toLowerCase().split(' ')]);
      claim('metric', [mLabel]);
    }
    const wanted = [...new Set(syn.filter((s) => s.toLowerCase() !== mLabel.toLowerCase()))];
    const synonyms = claim('metric', wanted);
    // a phrase wanted by two columns of one thing (`fee_usd` and `fee_eur` both "total fee") names neither:
    // the first would be a guess
    const contested = contestedPhrases.get(ctx) ?? contestedPhrases.set(ctx, new Set()).get(ctx)!;
    const same = (x: string, y: string) => x.toLowerCase() === y.toLowerCase();
    for (const x of wanted.filter((w) => !synonyms.includes(w))) {
      const rivals = measures.filter(
        (m) => m.entity === p.entity && m.sql !== colSql(col.name) && (m.synonyms ?? []).some((y) => same(x, y)),
      );
      if (!rivals.length) continue;
      contested.add(`${p.entity}|${x.toLowerCase()}`);
      for (const m of rivals) m.synonyms = (m.synonyms ?? []).filter((y) => !same(x, y));
      notes[`synonym:${p.entity}.${x}`] = `"${x}" would name two columns of ${p.entity}: given to neither`;
    }
    // as for dimensions: "population" of cities and of states, read by the thing the question is about
    synonyms.push(
      ...[...shared, ...wanted.filter((x) => !synonyms.includes(x))].filter(
        (x) => x.split(' ').length <= 2 && !contested.has(`${p.entity}|${x.toLowerCase()}`),
      ),
    );
    measures.push({
      name: n,
      entity: p.entity,
      agg,
      sql: colSql(col.name),
      label: mLabel,
      description: `${agg} of ${col.name} over ${p.info.name}`,
      synonyms,
      format: agg === 'avg' && !fraction ? { kind: 'number' } : fmt,
      ...dated,
    });
    measureWords.set(n, [...ws]);
    measureBase.set(n, { words: base, column: col.name });
    notes[`measures:${n}`] = why;
    return n;
  };
  // A count kept on each row (`citation_num`, `num_citations`, `visit_count`, `nights`): "the number of citations",
  // "citations". Not when a table holds those things: then counting its rows is what the words mean.
  const countedThing =
    count && 'noun' in count && !profiles.some((o) => [entityWords(o), o.words].some((x) => singular(x.join(' ')) === singular(count.noun)))
      ? count.noun
      : undefined;
  // A number named by a unit of time is a length: "average track length", "total duration in minutes".
  const durationUnit = DURATION_UNITS.has(rw[rw.length - 1] ?? '') ? rw[rw.length - 1]! : undefined;
  const durationSyn = (prefix: string) =>
    durationUnit
      ? ['length', 'duration', ...(ew.length ? [`${ew.join(' ')} length`, `${ew.join(' ')} duration`] : [])].flatMap((x) => [
          `${prefix}${x}`,
          `${prefix}${x} in ${durationUnit}`,
        ])
      : [];
  // A quantity of things sold or ordered counts units: "units sold", "the most units".
  const quantity = [...ws].some((w) => w === 'quantity' || w === 'qty');
  const sold = ew.some((w) => SOLD_HEADS.has(singular(w)));
  const unitSyn = quantity ? ['units', 'number of units', 'total units', ...(sold ? ['units sold', 'number of units sold'] : [])] : [];
  // The total of an invoice or order is what was invoiced or ordered: "total invoiced in 2022".
  const billed =
    generic && ['total', 'amount', 'value'].includes(words[0]!) ? BILLED_PARTICIPLES[singular(ew[ew.length - 1] ?? '')] : undefined;
  const billedSyn = billed ? [`total ${billed}`, `amount ${billed}`, `sum ${billed}`] : [];
  if (additive || !averaged) {
    const countSyn = countedThing
      ? [`number of ${countedThing}`, `total number of ${countedThing}`, `total ${countedThing}`, ...(countCategory ? [] : [countedThing])]
      : [];
    // a population counts people: "fewer than 100000 people", "number of inhabitants"
    if (rw.length === 1 && rw[0] === 'population')
      countSyn.push('people', 'number of people', 'inhabitants', 'number of inhabitants', 'residents', 'citizens');
    const n = addMeasure(
      'sum',
      generic ? base.join('_') : words[0] === 'total' ? words.join('_') : `total_${words.join('_')}`,
      sentence(base.includes('total') ? base : ['total', ...base]),
      [
        ...(countCategory ? [] : [phrase]),
        `sum of ${phrase}`,
        ...bareSaid('', 'total '),
        ...alsoSpoken(
          (x) => (x.startsWith('total') ? x : `total ${x}`),
          (x) => `sum of ${x}`,
        ),
        ...countSyn,
        ...(base.includes('total') ? [] : ofThing('total ')),
        ...durationSyn('total '),
        ...unitSyn,
        ...billedSyn,
      ],
      countedThing
        ? `a count kept on each row (of ${countedThing}): summed (and averaged)`
        : additive
          ? 'an amount: summed (and averaged)'
          : 'a number of unknown meaning: summed and averaged (check that a sum makes sense)',
    );
    // (a count kept as a category is averaged by the single-table reading, as before: "the book with the average pages"
    // stays no ranking)
    if (!countCategory)
      addMeasure(
        'avg',
        `average_${base.join('_')}`,
        sentence(['average', ...base.filter((w) => w !== 'total')]),
        [
          `mean ${phrase}`,
          `avg ${phrase}`,
          ...bareSaid('average '),
          ...alsoSpoken((x) => `average ${x.replace(/^total /, '')}`),
          ...(countedThing ? [`average number of ${countedThing}`, `average ${countedThing}`] : []),
          ...(base.includes('total') ? [] : ofThing('average ')),
          ...durationSyn('average '),
          ...(billed ? [`average ${billed}`] : []),
        ],
        'average of the amount',
      );
    if (!additive) undecided.push(`${p.entity}.${col.name}: summed, but the name does not say it is an amount`);
    const score =
      (additive ? 2 : 0) +
      ([...ws].some((w) => ['revenue', 'sales', 'amount', 'total', 'payment', 'spend'].includes(w)) ? 2 : 0) +
      (p.entity === undefined ? 0 : 0);
    if (dating && (!ctx.rankingCandidate || score > ctx.rankingCandidate.score))
      ctx.rankingCandidate = { name: n, entity: p.entity, score };
  } else {
    // When the column is also a dimension, its bare name stays the dimension's.
    const alsoDimension = gradedLevel && c.kind === 'integer';
    const bare = alsoDimension ? [] : [phrase, ...alsoSpoken((x) => x)];
    // "close" of a daily price is also "the close price".
    // (the open and close of a day's prices are also its opening and closing price)
    const spokenPrice = ({ open: 'opening', close: 'closing' } as Record<string, string>)[phrase];
    const asPrice = (prefix: string) =>
      priced.flatMap((w) => [`${prefix}${phrase} ${w}`, ...(spokenPrice ? [`${prefix}${spokenPrice} ${w}`] : [])]);
    addMeasure(
      'avg',
      `average_${base.join('_')}`,
      sentence(['average', ...base]),
      [
        ...bare,
        ...bareSaid('', 'average '),
        `mean ${phrase}`,
        ...alsoSpoken((x) => `average ${x}`),
        ...asPrice(''),
        ...asPrice('average '),
        ...(alsoDimension ? [] : ofThing('')),
        ...ofThing('average '),
      ],
      priced.length
        ? `a number in a table of ${plural(priced[0]!)}: one of those ${plural(priced[0]!)}, averaged, never summed`
        : 'a price, rate or level: averaged, never summed',
    );
    addMeasure(
      'min',
      `min_${base.join('_')}`,
      sentence(['lowest', ...base]),
      [
        `minimum ${phrase}`,
        `min ${phrase}`,
        `cheapest ${phrase}`,
        ...bareSaid('lowest ', 'minimum '),
        ...alsoSpoken((x) => `lowest ${x}`),
        ...asPrice('lowest '),
        ...asPrice('minimum '),
      ],
      'its lowest value',
    );
    addMeasure(
      'max',
      `max_${base.join('_')}`,
      sentence(['highest', ...base]),
      [
        `maximum ${phrase}`,
        `max ${phrase}`,
        ...bareSaid('highest ', 'maximum '),
        ...alsoSpoken((x) => `highest ${x}`),
        ...asPrice('highest '),
        ...asPrice('maximum '),
      ],
      'its highest value',
    );
  }
}

/** The measures of a whole table: counts, price x quantity, tallies, sign-ups, distinct things. */
export function tableMeasures(ctx: DraftContext, t: TableDraft): void {
  const { colSql, notes, profiles, relationships, used, timeDimensions, measures, verbDates, measureBase } = ctx;
  const { uniqueName, claim, columnWords, entityWords, purchases } = thingNames(ctx);
  const { signupDate, signupTables } = datingHelpers(ctx);
  const { p, keys, dating, dated, ew } = t;
  // "the cost of round trip fares": columns of a thing that end in the same word of money
  // (`round_trip_cost`, `one_direction_cost`) are that money of the things the rest of the name
  // qualifies (a kind of fare). Only for money: "the score of clarity courses" says nothing.)
  const ownBases = measures.filter(
    (m) => m.entity === p.entity && (m.agg === 'sum' || m.agg === 'avg') && (measureBase.get(m.name)?.words.length ?? 0) >= 2,
  );
  const headOf = (m: (typeof measures)[number]) => measureBase.get(m.name)!.words.slice(-1)[0]!;
  for (const m of ownBases) {
    const { words: b } = measureBase.get(m.name)!;
    const head = headOf(m);
    const columns = new Set(ownBases.filter((o) => headOf(o) === head).map((o) => measureBase.get(o.name)!.column));
    const qualifier = b.slice(0, -1);
    if (
      columns.size < 2 ||
      !QUALIFIED_MONEY_WORDS.has(head) ||
      qualifier.some((w) => /\d/.test(w) || ew.includes(w) || w === 'total' || w === 'average')
    )
      continue;
    const things = `${qualifier.join(' ')} ${pluralPhrase(ew.join(' '))}`;
    const said =
      m.agg === 'sum'
        ? [`${head} of ${things}`, `total ${head} of ${things}`]
        : [`average ${head} of ${things}`, `average ${head} of a ${qualifier.join(' ')} ${ew.join(' ')}`];
    const got = claim('metric', said);
    if (!got.length) continue;
    m.synonyms = [...(m.synonyms ?? []), ...got];
    notes[`measures:${m.name}`] += `; "${said[0]}": the ${head} of the ${things} (other columns end in "${head}" too)`;
  }
  // Price x quantity (less a fractional discount): the amount of a line, as an analyst would add it.
  const numeric = (re: RegExp) =>
    p.info.columns.filter(
      (x) =>
        ['integer', 'number'].includes(p.cols.get(x.name)?.kind ?? '') &&
        !keys.has(x.name) &&
        [nameWords(x.name), columnWords(p, x.name), readable(columnWords(p, x.name))].some((w) => re.test(w.join('_'))),
    );
  // A unit price (not a total, list or extended one: an extended price is already price x quantity).
  const prices = numeric(/(^|_)price$/).filter(
    (x) => !/(^|_)(total|extended|list)_price$/.test(readable(columnWords(p, x.name)).join('_')),
  );
  const extended = numeric(/(^|_)extended_(price|amount)$/);
  const qtys = numeric(/(^|_)(quantity|qty|units|units_sold)$/);
  const discounts = numeric(/(^|_)discount$/).filter((x) => (p.cols.get(x.name)?.max ?? 2) <= 1);
  // The amount of a line: unit price x quantity, or an extended price (already x quantity), less a
  // fractional discount.
  const gross =
    prices.length === 1 && qtys.length === 1
      ? {
          sql: `${colSql(prices[0]!.name)} * ${colSql(qtys[0]!.name)}`,
          said: `${prices[0]!.name} x ${qtys[0]!.name}`,
          why: 'price x quantity',
        }
      : extended.length === 1 && prices.length === 0
        ? { sql: colSql(extended[0]!.name), said: extended[0]!.name, why: 'the extended price (price x quantity)' }
        : undefined;
  if (gross && dating) {
    const sql = discounts.length === 1 ? `${gross.sql} * (1 - ${colSql(discounts[0]!.name)})` : gross.sql;
    const n = uniqueName(used.has('revenue') ? `${p.entity}_revenue` : 'revenue', p.entity);
    const label = claim('metric', ['Revenue']).length ? 'Revenue' : sentence([...ew, 'revenue']);
    measures.push({
      name: n,
      entity: p.entity,
      agg: 'sum',
      sql,
      label,
      description: `sum of ${gross.said}${discounts.length === 1 ? ` x (1 - ${discounts[0]!.name})` : ''} over ${p.info.name}`,
      synonyms: claim('metric', ['sales', 'sales amount', 'amount sold', 'turnover']),
      format: { kind: 'number' },
      ...dated,
    });
    notes[`measures:${n}`] =
      `${gross.why}${discounts.length === 1 ? ' less the discount (a fraction: its maximum is at most 1)' : ''}: the amount of each ${ew.join(' ')}`;
    ctx.rankingCandidate = { name: n, entity: p.entity, score: 10 };
  }
  // Count of rows; distinct counts of the things this table refers to.
  const ent = ew.join(' ');
  const countName = uniqueName(`${p.entity}_count`, p.entity);
  claim('metric', [pluralPhrase(ent)]);
  measures.unshift({
    name: countName,
    entity: p.entity,
    agg: 'count',
    label: sentence([pluralPhrase(ent)]),
    description: `Count of rows of ${p.info.name}`,
    ...(dating && (verbDates.get(p.entity) ?? []).some((t) => t !== dating)
      ? { alternate_time_dimensions: verbDates.get(p.entity)!.filter((t) => t !== dating) }
      : {}),
    synonyms: claim('metric', [
      `number of ${pluralPhrase(ent)}`,
      `${ent} count`,
      `count of ${pluralPhrase(ent)}`,
      ...purchases(p)
        .slice(1)
        .map((x) => `number of ${x}`),
    ]),
    format: { kind: 'integer' },
    ...dated,
  });
  notes[`measures:${countName}`] = dating
    ? `rows of ${p.info.name}, dated by ${dating}`
    : `rows of ${p.info.name}; no date reaches it, so no period applies`;
  // A table with a plain `count` column holds tallies (check-ins per business and day): "how many
  // check-ins" is the sum of the tallies, not the number of rows.
  const tally = p.info.columns.find(
    (x) =>
      p.cols.get(x.name)?.kind === 'integer' && !keys.has(x.name) && ['count', 'cnt', 'tally'].includes(columnWords(p, x.name).join('_')),
  );
  const tallySum = tally && measures.find((m) => m.entity === p.entity && m.agg === 'sum' && m.sql === colSql(tally.name));
  const rowCount = measures[0]!;
  rowCount.synonyms = [
    ...(rowCount.synonyms ?? []),
    ...claim(
      'metric',
      phrasal(ent).flatMap((x) => (x.endsWith('s') ? [x, `number of ${x}`] : [])),
    ),
  ];
  // "customer signups", "sign-ups": the people counted by the day they joined (bare "signups" only
  // when one table has them)
  const signup = signupDate(p);
  // "customers who joined / signed up in 2023": the verbs name that date (only when one table has signups)
  const signupTime = signup && signupTables.length === 1 ? timeDimensions.find((t) => t.name === signup.time) : undefined;
  if (signupTime) {
    const taken = new Set([signupTime.label, ...(signupTime.synonyms ?? [])].map((x) => (x ?? '').toLowerCase()));
    signupTime.synonyms = [
      ...(signupTime.synonyms ?? []),
      ...['joined', 'signed up', 'signup date', 'sign-up date', 'sign up date'].filter((x) => !taken.has(x)),
    ];
    notes[`time_dimensions:${signupTime.name}`] =
      `${notes[`time_dimensions:${signupTime.name}`] ?? ''}; "joined", "signed up": the day each ${ent} signed up (${signup!.why.replace(/ \(.*$/, '')})`;
  }
  if (signup) {
    const spellings = ['signups', 'sign-ups', 'sign ups'];
    const said = [...spellings.map((x) => `${ent} ${x}`), ...(signupTables.length === 1 ? spellings : [])];
    const synonyms = claim('metric', [...said, ...said.map((x) => `number of ${x}`)]);
    if (signup.time === dating) {
      rowCount.synonyms = [...(rowCount.synonyms ?? []), ...synonyms];
      notes[`measures:${countName}`] += `; "signups": ${signup.why}`;
    } else if (synonyms.length) {
      const n = uniqueName(`${p.entity}_signups`, p.entity);
      const label = claim('metric', [sentence([ent, 'signups'])])[0] ?? sentence([...ew, 'signups']);
      measures.push({
        name: n,
        entity: p.entity,
        agg: 'count',
        label,
        description: `Count of rows of ${p.info.name} by ${signup.time}`,
        synonyms,
        format: { kind: 'integer' },
        time_dimension: signup.time,
      });
      notes[`measures:${n}`] = `signups: rows of ${p.info.name}, dated by ${signup.why}`;
    }
  }
  if (tallySum) {
    tallySum.label = rowCount.label;
    tallySum.synonyms = [...(rowCount.synonyms ?? []), ...(tallySum.synonyms ?? [])];
    rowCount.label = sentence([ent, 'rows']);
    rowCount.synonyms = claim('metric', [`number of ${ent} rows`]);
    notes[`measures:${tallySum.name}`] = `the tallies of ${p.info.name}: "how many ${pluralPhrase(ent)}" adds up its ${tally.name} column`;
  }
  const rels = relationships.filter((r) => r.from === p.entity && r.on.length === 1);
  if (dating && rels.length >= 2) {
    for (const r of rels) {
      const target = profiles.find((x) => x.entity === r.to);
      if (!target) continue;
      const tw = entityWords(target).join(' ');
      const n = uniqueName(`${p.entity}_distinct_${r.to}`, p.entity);
      measures.push({
        name: n,
        entity: p.entity,
        agg: 'count_distinct',
        sql: colSql(r.on[0]![0]),
        label: `Distinct ${pluralPhrase(tw)} in ${pluralPhrase(ent)}`,
        description: `count distinct ${r.on[0]![0]} over ${p.info.name}`,
        synonyms: [],
        format: { kind: 'integer' },
        ...dated,
      });
      notes[`measures:${n}`] = 'an id: counted distinct, never summed';
    }
  }
}

/** "revenue": the one sum of money of the one table of sales or orders. */
export function revenueSynonyms(ctx: DraftContext): void {
  const { notes, measures, measureWords } = ctx;
  const { claim, entityWords, purchaseTables } = thingNames(ctx);
  // "revenue": what the one table of sales or orders brings in, the sum of its one column of money
  // (a sale price, an amount), when no figure is called revenue already (price x quantity above).
  const purchaseTable = purchaseTables.length === 1 ? purchaseTables[0]! : undefined;
  if (purchaseTable && !measures.some((m) => /revenue/i.test(`${m.name} ${m.label ?? ''} ${(m.synonyms ?? []).join(' ')}`))) {
    const money = measures.filter(
      (m) =>
        m.entity === purchaseTable.entity &&
        m.agg === 'sum' &&
        (measureWords.get(m.name) ?? []).some((w) => SALE_MONEY_WORDS.has(w)) &&
        !(measureWords.get(m.name) ?? []).some((w) => NOT_REVENUE_WORDS.has(w)),
    );
    const sum = money.length === 1 ? money[0]! : undefined;
    if (sum) {
      sum.synonyms = [
        ...(sum.synonyms ?? []),
        ...claim('metric', ['revenue', 'total revenue', 'sales revenue', 'revenue amount', 'turnover']),
      ];
      notes[`measures:${sum.name}`] =
        `${notes[`measures:${sum.name}`] ?? ''}; "revenue": the one sum of money of ${purchaseTable.info.name}, what its ${pluralPhrase(entityWords(purchaseTable).join(' '))} bring in`;
    }
    return;
  }
  // With no table of sales or orders: the one sum of money received in the model (payments, an amount
  // paid) is also "revenue" and "sales", its label saying which figure answers.
  if (measures.some((m) => /revenue|\bsales\b/i.test(`${m.name} ${m.label ?? ''} ${(m.synonyms ?? []).join(' ')}`))) return;
  const received = measures.filter((m) => {
    const words = measureWords.get(m.name) ?? [];
    const table = ctx.profiles.find((p) => p.entity === m.entity);
    const head = table ? singular(entityWords(table).slice(-1)[0] ?? '') : '';
    return (
      m.agg === 'sum' &&
      !words.some((w) => NOT_REVENUE_WORDS.has(w)) &&
      (words.some((w) => ['payment', 'paid', 'sales'].includes(w)) ||
        (RECEIPT_HEADS.has(head) && words.some((w) => SALE_MONEY_WORDS.has(w))))
    );
  });
  if (received.length !== 1) return;
  const sum = received[0]!;
  sum.synonyms = [
    ...(sum.synonyms ?? []),
    ...claim('metric', ['revenue', 'total revenue', 'sales', 'total sales', 'sales amount', 'turnover']),
  ];
  notes[`measures:${sum.name}`] =
    `${notes[`measures:${sum.name}`] ?? ''}; "revenue", "sales": the one sum of money received in the model (answers say "${sum.label}")`;
}

/** Tables whose rows are money received. */
const RECEIPT_HEADS = new Set(['payment', 'sale', 'transaction', 'receipt', 'invoice']);
