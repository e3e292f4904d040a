/**
 * The general English the draft knows: how names split into words, singular and plural, common
 * abbreviations, and the word lists that give a column its role (an amount, a price, a code, a
 * year). No dataset's own column names: a glued name is split by `splitCompound`, not listed.
 */
import { createRequire } from 'node:module';

export const IDENT = /^[a-z][a-z0-9_]*$/;

/** Words of a name: camelCase and snake_case split, lower case. `sbTxCustId` -> sb tx cust id. */
export function nameWords(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Common abbreviations in column and table names, expanded in labels and synonyms. */
export const ABBREVIATIONS: Record<string, string> = {
  qty: 'quantity',
  amt: 'amount',
  cust: 'customer',
  num: 'number',
  nbr: 'number',
  desc: 'description',
  dt: 'date',
  addr: 'address',
  emp: 'employee',
  dept: 'department',
  prod: 'product',
  cat: 'category',
  inv: 'invoice',
  txn: 'transaction',
  tx: 'transaction',
  trx: 'transaction',
  acct: 'account',
  org: 'organization',
  pct: 'percent',
  avg: 'average',
  yr: 'year',
  mo: 'month',
  ctry: 'country',
  cnt: 'count',
  tel: 'telephone',
  mgr: 'manager',
  sup: 'supplier',
  supp: 'supplier',
  mkt: 'market',
  qtr: 'quarter',
  bal: 'balance',
  ref: 'reference',
  avail: 'available',
  cr: 'credit',
  dr: 'debit',
  msrp: 'list price',
  ts: 'timestamp',
  lat: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  tot: 'total',
  crtd: 'created',
  diag: 'diagnosis',
  ins: 'insurance',
  appr: 'approval',
  reg: 'registration',
  dob: 'date of birth',
  firstname: 'first name',
  lastname: 'last name',
  givenname: 'given name',
  familyname: 'family name',
  ccy: 'currency',
  curr: 'currency',
  descr: 'description',
  loc: 'location',
  dest: 'destination',
  src: 'source',
};

/**
 * Other common names of a kind of thing (general English, both ways where they are one kind): a
 * table's rows are also called these when no other table is.
 */
export const THING_NAMES: Record<string, string[]> = {
  publication: ['paper', 'article'],
  paper: ['publication', 'article'],
  article: ['paper', 'publication'],
  employee: ['staff member', 'worker'],
  client: ['customer'],
  customer: ['client'],
  vendor: ['supplier'],
  supplier: ['vendor'],
  film: ['movie'],
  movie: ['film'],
  track: ['song'],
  song: ['track'],
  pupil: ['student'],
  physician: ['doctor'],
  doctor: ['physician'],
  lecturer: ['instructor'],
  instructor: ['teacher', 'lecturer'],
  teacher: ['instructor'],
  store: ['shop'],
  shop: ['store'],
  firm: ['company'],
  company: ['firm'],
  carrier: ['airline'],
  airline: ['carrier'],
  automobile: ['car'],
  car: ['automobile'],
  invoice: ['bill'],
  purchase: ['order'],
};
export const singular = (w: string) =>
  /ies$/.test(w)
    ? w.replace(/ies$/, 'y')
    : /(ss|us)$/.test(w)
      ? w
      : /(ches|shes|xes|ses)$/.test(w)
        ? w.replace(/es$/, '')
        : w.replace(/s$/, '');
/** Tables whose rows are people who sign up (customers, users, members): their count is also their signups. */
export const SIGNUP_TABLE_HEADS = new Set([
  'customer',
  'user',
  'member',
  'subscriber',
  'client',
  'account',
  'patient',
  'student',
  'participant',
]);
/** Words that say which part of a person's name a column holds ("first_name"): never the name of a thing. */
export const NAME_PART_WORDS = new Set([
  'first',
  'last',
  'middle',
  'given',
  'family',
  'sur',
  'full',
  'display',
  'nick',
  'short',
  'long',
  'maiden',
  'legal',
  'preferred',
]);
/** The money of a sale or an order (its price, amount or total), and money that is no revenue (costs, taxes). */
export const SALE_MONEY_WORDS = new Set(['price', 'amount', 'total', 'value', 'payment', 'paid', 'sales']);
export const NOT_REVENUE_WORDS = new Set([
  'cost',
  'costs',
  'tax',
  'taxes',
  'discount',
  'fee',
  'fees',
  'freight',
  'shipping',
  'commission',
  'refund',
  'refunded',
  'quantity',
  'qty',
  'units',
  'weight',
  'list',
  'msrp',
  'unit',
]);
/** Money said of a kind of thing ("the cost of round trip fares"). */
export const QUALIFIED_MONEY_WORDS = new Set(['cost', 'price', 'fee', 'charge', 'fare']);
/** A number named by a unit of time alone (`milliseconds`, `duration_seconds`) is a length of time. */
export const DURATION_UNITS = new Set(['milliseconds', 'ms', 'seconds', 'secs', 'minutes', 'mins', 'hours', 'hrs']);
/**
 * What a whole-number column keeps a count of on each row, by its readable words: a count word and what it
 * counts (`num_students`, `number_of_pages`, `likes_count`, `visit_cnt`: "students", "pages", "likes",
 * "visits"), a count word and a participle (`num_enrolled`: the people "enrolled"), or a plural noun alone
 * (`nights`, `copies`, `seats`). Units of time, ordinals (`stars`) and a singular noun (`house_number`) count
 * nothing. The draft (its measures' count words) and the interpreter ("nonstop") share it.
 */
export function countedBy(words: string[]): { noun: string } | { participle: string } | undefined {
  const rw = readable(words);
  // a count word first (`num_`, `n_`, `no_`, `number_of_`), or written short last (`_num`, `_cnt`; `_count`):
  // a full "number" last names a label (`house_number`)
  const counted = ['num', 'number', 'nbr', 'count', 'cnt', 'n', 'no'].includes(words[0] ?? '')
    ? rw.slice(1 + rw.slice(1).findIndex((w) => w !== 'number' && w !== 'count')).filter((w, i) => i > 0 || w !== 'of')
    : words.length >= 2 && ['num', 'nbr', 'count', 'cnt'].includes(words[words.length - 1]!)
      ? readable(words.slice(0, -1))
      : words.length === 1
        ? rw
        : [];
  const last = counted[counted.length - 1];
  if (!last || DURATION_UNITS.has(last) || ORDINAL_WORDS.has(last) || YEAR_WORDS.has(singular(last))) return undefined;
  if (counted.length === 1 && words.length > 1 && isParticiple(last)) return { participle: last };
  const tags = (w: string) => (Object.prototype.hasOwnProperty.call(partsOfSpeech, w) ? partsOfSpeech[w]! : []);
  // a plural noun (English lists it as one; when also a singular, its singular is a noun): "nights", "children",
  // never "news", "series" or "status"
  const pluralNoun = tags(last).includes('NNS') && (!tags(last).includes('NN') || tags(singular(last)).includes('NN'));
  // (a plural the lexicon does not list, of a singular it lists as a noun or not at all: "renewals")
  const unlistedPlural =
    !tags(last).length && singular(last) !== last && (!tags(singular(last)).length || tags(singular(last)).includes('NN'));
  if (pluralNoun || unlistedPlural) return { noun: counted.join(' ') };
  // with a count word, a noun said in the singular counts its plural (`visit_count`: visits)
  if (words.length > 1 && !tags(last).length && singular(last) !== last) return { noun: counted.join(' ') };
  if (words.length > 1 && (!tags(last).length || tags(last).some((t) => t.startsWith('NN'))))
    return { noun: [...counted.slice(0, -1), plural(last)].join(' ') };
  return undefined;
}
/** Things billed or ordered: the total of one is also the amount "invoiced", "ordered", ... */
export const BILLED_PARTICIPLES: Record<string, string> = {
  invoice: 'invoiced',
  bill: 'billed',
  order: 'ordered',
  charge: 'charged',
  purchase: 'purchased',
};
/** Rows of these are sold: their quantity is "units sold". */
export const SOLD_HEADS = new Set(['sale', 'order', 'invoice', 'receipt', 'transaction', 'purchase']);
/** Tables whose rows are what people call purchases (one such table only: two would compete). */
export const PURCHASE_HEADS = new Set(['sale', 'order']);
export const plural = (w: string) =>
  /y$/.test(w) && !/[aeiou]y$/.test(w) ? w.replace(/y$/, 'ies') : /(s|x|ch|sh)$/.test(w) ? `${w}es` : `${w}s`;

/** Parts of speech of common English words (wink-lexicon, after fnTBL): word -> Penn tags. */
export const partsOfSpeech = createRequire(import.meta.url)('wink-lexicon/src/lexicon.js') as Record<string, string[]>;
/**
 * A past participle ending a table's name (`payments_received`, `orders_shipped`): common English
 * tags it as one and never as a noun ("seed", "shed" stay nouns); a word it does not list, by its
 * -ed ending ("archived").
 */
export function isParticiple(w: string): boolean {
  const tags = Object.prototype.hasOwnProperty.call(partsOfSpeech, w) ? partsOfSpeech[w] : undefined;
  return tags ? tags.includes('VBN') && !tags.some((t) => t.startsWith('NN')) : /^[a-z]{2,}[^e]ed$/.test(w);
}
/** Where the head noun of a name's words is: the last word, or the one before a trailing participle ("payment received"). */
export const headAt = (ws: string[]) => (ws.length > 1 && isParticiple(ws[ws.length - 1]!) ? ws.length - 2 : ws.length - 1);
/** A thing's name in the plural: its head noun made plural ("payments received", never "payments receiveds"). */
export function pluralPhrase(phrase: string): string {
  const ws = phrase.split(' ');
  const h = headAt(ws);
  ws[h] = plural(ws[h]!);
  return ws.join(' ');
}

/** A lower_snake name the model schema accepts. */
export function snake(s: string): string {
  let n = nameWords(s).join('_');
  if (!/^[a-z]/.test(n)) n = `t_${n}`;
  return n || 'unnamed';
}

/** Words for people: abbreviations expanded, short table prefixes (`sb`) dropped. */
export function readable(words: string[]): string[] {
  return words.flatMap((w) =>
    (
      ABBREVIATIONS[w] ??
      splitCompound(w)
        .map((x) => ABBREVIATIONS[x] ?? x)
        .join(' ')
    ).split(' '),
  );
}

/** Second words that say what a glued column is (`shipmode`, `retailprice`, `orderpriority`). */
const ROLE_TAILS = new Set([
  'mode',
  'segment',
  'flag',
  'key',
  'priority',
  'status',
  'comment',
  'date',
  'time',
  'price',
  'cost',
  'name',
  'type',
  'code',
  'number',
  'amount',
  'total',
  'count',
  'rate',
  'value',
  'balance',
  'quantity',
]);
/** A word common English knows (three letters or more), or a common abbreviation. */
export const knownWord = (w: string) =>
  Object.prototype.hasOwnProperty.call(ABBREVIATIONS, w) || (w.length >= 3 && Object.prototype.hasOwnProperty.call(partsOfSpeech, w));

/**
 * A lower-case name glued from two words (`unitcost`, `shipmode`, `listprice`): split where both
 * halves are words English or the abbreviations know (the longest second word first), else at a common
 * tail (`receiptdate`); a word English knows stays whole.
 */
export function splitCompound(w: string): string[] {
  if (!/^[a-z]{5,}$/.test(w) || knownWord(w)) return [w];
  const abbreviated = (x: string) => Object.prototype.hasOwnProperty.call(ABBREVIATIONS, x);
  // (one half abbreviated, or a second word that gives a column its role: "playlist", "shipper" stay whole)
  for (let i = 2; i <= w.length - 2; i++) {
    const [head, tail] = [w.slice(0, i), w.slice(i)];
    if (knownWord(head) && knownWord(tail) && (abbreviated(head) || abbreviated(tail) || ROLE_TAILS.has(tail))) return [head, tail];
  }
  const glued = splitGlued(w);
  return glued.length === 2 && ROLE_TAILS.has(glued[1]!) ? glued : [w];
}

export function sentence(words: string[]): string {
  const t = words.join(' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export const KEY_SUFFIX = /(id|key|code|no|num|nbr|number|uuid)$/;
export const KEY_WORDS = new Set(['id', 'key', 'code', 'uuid', 'pk', 'fk']);
export const isKeyLike = (col: string) => {
  const w = nameWords(col);
  const last = w[w.length - 1] ?? '';
  return (
    KEY_WORDS.has(last) ||
    /^[a-z]+key$/.test(last) ||
    (/^[a-z]{2,}id$/.test(last) && !/(paid|void|valid|fluid|solid|rapid|acid|humid)$/.test(last))
  );
};
export const CODE_WORDS = new Set([
  'code',
  'zip',
  'postal',
  'postcode',
  'phone',
  'fax',
  'telephone',
  'tel',
  'ssn',
  'isbn',
  'ean',
  'upc',
  'sku',
  'iban',
  'lat',
  'lng',
  'lon',
  'latitude',
  'longitude',
  'x',
  'y',
  'z',
  'version',
  'port',
  'ip',
  'zipcode',
]);
export const YEAR_WORDS = new Set(['year', 'yr', 'season', 'vintage']);
/** A participle and its noun: how a person says the year of a coming into being ("year founded", "founding year"). */
type YearSaid = [participle: string, noun?: string];
const FOUNDED: YearSaid = ['founded', 'founding'];
const BUILT: YearSaid = ['built', 'construction'];
const OPENED: YearSaid = ['opened', 'opening'];
/**
 * Words naming when a thing came to be, opened or first appeared (a participle or its noun: `founded`,
 * `opening`, `debut`; after "first": `first_aired`): a column so named whose values all lie in a span of
 * years holds the year it happened. General English: never a table's own word.
 */
export const BEGINNING_WORDS: Record<string, YearSaid> = {
  founded: FOUNDED,
  founding: FOUNDED,
  foundation: FOUNDED,
  established: ['established', 'establishment'],
  establishment: ['established', 'establishment'],
  opened: OPENED,
  opening: OPENED,
  built: BUILT,
  constructed: BUILT,
  construction: BUILT,
  erected: ['erected'],
  completed: ['completed', 'completion'],
  completion: ['completed', 'completion'],
  launched: ['launched', 'launch'],
  launch: ['launched', 'launch'],
  released: ['released', 'release'],
  release: ['released', 'release'],
  debut: ['debuted', 'debut'],
  debuted: ['debuted', 'debut'],
  inaugurated: ['inaugurated', 'inauguration'],
  inauguration: ['inaugurated', 'inauguration'],
  formed: ['formed', 'formation'],
  formation: ['formed', 'formation'],
  created: ['created', 'creation'],
  creation: ['created', 'creation'],
  made: ['made'],
  manufactured: ['manufactured', 'manufacture'],
  produced: ['produced', 'production'],
  published: ['published', 'publication'],
  publication: ['published', 'publication'],
  premiered: ['premiered', 'premiere'],
  premiere: ['premiered', 'premiere'],
  incorporated: ['incorporated', 'incorporation'],
  incorporation: ['incorporated', 'incorporation'],
  introduced: ['introduced', 'introduction'],
  commissioned: ['commissioned', 'commissioning'],
  inception: ['started', 'inception'],
  born: ['born', 'birth'],
};
/** The years a column of years may hold: whole numbers in this span (a count or a size rarely lies all inside it). */
export const YEAR_SPAN: [number, number] = [1000, 2100];

/**
 * What a column named by its coming into being (`opened`, `founding`, `first_aired`) is called as a year,
 * when it is one: "year opened", "opening year", "year of opening"; undefined when the name says no such thing.
 */
export function beginningYear(words: string[]): string[] | undefined {
  // ("first_toured": common English may tag the form only as a past tense)
  const past = (w: string) =>
    isParticiple(w) || (Object.prototype.hasOwnProperty.call(partsOfSpeech, w) && partsOfSpeech[w]!.includes('VBD'));
  if (words[0] === 'first' && words.length === 2 && past(words[1]!)) return [`year first ${words[1]}`];
  const said = words.length === 1 ? BEGINNING_WORDS[words[0]!] : undefined;
  if (!said) return undefined;
  const [participle, noun] = said;
  return [`year ${participle}`, ...(noun ? [`${noun} year`, `year of ${noun}`] : [])];
}
export const ORDINAL_WORDS = new Set([
  'month',
  'day',
  'week',
  'quarter',
  'hour',
  'minute',
  'weekday',
  'dow',
  'rank',
  'position',
  'sequence',
  'seq',
  'line',
  'linenumber',
  'level',
  'floor',
  'grade',
  'order',
  'priority',
  'rating',
  'stars',
  'score',
]);
export const ADDITIVE_WORDS = new Set([
  'amount',
  'amt',
  'total',
  'revenue',
  'sales',
  'sale',
  'cost',
  'costs',
  'quantity',
  'qty',
  'units',
  'freight',
  'fee',
  'fees',
  'tax',
  'taxes',
  'balance',
  'bytes',
  'milliseconds',
  'ms',
  'seconds',
  'minutes',
  'hours',
  'duration',
  'count',
  'weight',
  'value',
  'profit',
  'spend',
  'budget',
  'income',
  'expense',
  'expenses',
  'payment',
  'paid',
  'volume',
  'extended',
  'population',
  'area',
  'distance',
  'stock',
  'visits',
  'views',
  'clicks',
  'points',
  'goals',
  'runs',
  'wins',
  'losses',
  'salary',
  'wage',
  'pay',
  'sold',
  'ordered',
  'shipped',
  'hits',
  'km',
  'miles',
  'length',
  'size',
  'capacity',
  'seats',
]);
export const AVERAGE_WORDS = new Set([
  'price',
  'rate',
  'ratio',
  'pct',
  'percent',
  'percentage',
  'score',
  'rating',
  'age',
  'discount',
  'level',
  'temperature',
  'temp',
  'avg',
  'average',
  'mean',
  'margin',
  'index',
  'speed',
  'height',
  'probability',
  'share',
  'elevation',
  'altitude',
  'density',
]);
export const PRICE_TABLE_WORDS = new Set(['price', 'prices', 'quote', 'quotes', 'rate', 'rates', 'tariff', 'tariffs']);
export const NAME_COLUMN =
  /^(name|title|label|full_name|fullname|display_name|description_short|company|company_name|organization|organisation)$/;
export const TIME_WORDS = new Set([
  'at',
  'time',
  'date',
  'ts',
  'timestamp',
  'epoch',
  'created',
  'updated',
  'modified',
  'when',
  'day',
  'datetime',
  'on',
]);
/** Words before another table's name that say which end of a trip, transfer or match a column holds (from_airport, home_team_id). */
const END_WORDS = new Set([
  'from',
  'to',
  'origin',
  'destination',
  'dest',
  'departure',
  'arrival',
  'source',
  'target',
  'sender',
  'receiver',
  'recipient',
  'home',
  'away',
]);
/** The words of a column naming one end of a trip or match and the table it refers to (`from_airport`: from, airport), keys left out. */
export function endColumnWords(col: string): { end: string; rest: string[] } | undefined {
  const w = nameWords(col).filter((x) => !KEY_WORDS.has(x));
  return w.length >= 2 && END_WORDS.has(w[0]!) ? { end: w[0]!, rest: w.slice(1) } : undefined;
}
export const ROLE_TARGETS: Array<{ column: RegExp; table: RegExp }> = [
  { column: /^(reports_to|manager(_id)?|mgr(_id)?|supervisor(_id)?|boss(_id)?|parent(_id)?|parent_[a-z]+_id)$/, table: /./ },
  {
    column: /(rep|salesperson|sales_rep|agent|manager|owner|assignee|handler|employee)(_id)?$/,
    table: /^(employee|staff|user|person|people|agent|rep|salesperson|member)s?$/,
  },
];

/** Unit suffixes of measure names, and the unit shown with their values. */
export const UNIT_WORDS: Record<string, string> = {
  kg: 'kg',
  kgs: 'kg',
  g: 'g',
  grams: 'g',
  lb: 'lb',
  lbs: 'lb',
  oz: 'oz',
  km: 'km',
  mi: 'mi',
  m: 'm',
  cm: 'cm',
  mm: 'mm',
  miles: 'mi',
  litres: 'l',
  liters: 'l',
  ltr: 'l',
  gallons: 'gal',
  usd: 'USD',
  eur: 'EUR',
  gbp: 'GBP',
  jpy: 'JPY',
  chf: 'CHF',
  cad: 'CAD',
  aud: 'AUD',
  cents: 'cents',
  sec: 's',
  secs: 's',
  ms: 'ms',
  mins: 'min',
  hrs: 'h',
  kwh: 'kWh',
  mb: 'MB',
  gb: 'GB',
  kb: 'KB',
  l: 'l',
  ml: 'ml',
};

export const WEEKDAY = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|sday|nesday|rsday|urday)?\.?$/i;
/** A table's last word that says how often its rows are taken: `transactions_daily`, `setting_snapshot`. */
export const PERIODIC_TABLE_WORDS = new Set([
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'annual',
  'hourly',
  'snapshot',
  'snapshots',
  'history',
  'hist',
]);
/** The two-letter codes of US states (and DC): a column of them answers to the states' names. */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};
export const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
export const EPOCH_S: [number, number] = [946_684_800, 4_102_444_800]; // 2000-01-01 .. 2100-01-01
export const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/**
 * Words that end a name glued together in lower case (`joindate`, `postalcode`, `epochms`): a
 * camelCase name folded by an unquoted DDL (`sbCustJoinDate` -> `sbcustjoindate`) lost its word
 * boundaries; these put the common ones back.
 */
export const GLUED_TAIL = [
  'datetime',
  'date',
  'time',
  'timestamp',
  'id',
  'key',
  'code',
  'name',
  'type',
  'status',
  'amount',
  'price',
  'count',
  'number',
  'num',
  'ms',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'country',
  'rate',
  'total',
  'value',
  'symbol',
  'currency',
  'exchange',
  'source',
  'volume',
  'str',
  'flag',
];
export const GLUED_HEAD = ['is', 'has'];

/** Verbs that make a noun with a particle glued on: checkin, signup, checkout, pickup, dropoff. */
export const PHRASAL =
  /^(check|sign|log|pick|drop|walk|roll|set|start|call|print|cash|pay|buy|take|turn|top|look|break|hand|mark|clean)(in|up|out|off|on)$/;
/** "check in" and "check ins" for a table of checkins. */
export function phrasal(thing: string): string[] {
  const words = thing.split(' ');
  const m = PHRASAL.exec(words[words.length - 1]!);
  if (!m) return [];
  const head = words.slice(0, -1);
  return [[...head, m[1], m[2]].join(' '), [...head, m[1], `${m[2]}s`].join(' ')];
}

/** A lower-case glued name split into words at the tails above (`joindate` -> join date). */
export function splitGlued(s: string): string[] {
  for (const h of GLUED_HEAD) if (s.startsWith(h) && s.length - h.length >= 4) return [h, ...splitGlued(s.slice(h.length))];
  for (const t of GLUED_TAIL) {
    if (s.endsWith(t) && s.length - t.length >= 3) return [...splitGlued(s.slice(0, -t.length)), t];
  }
  return [s];
}
