/**
 * Drafts a semantic model from a warehouse's own shape (`quarry semantic bootstrap`), the way a
 * careful analyst would, and says why for every guess (comments in the YAML):
 *
 * - primary keys: declared constraints; else a unique column whose name is a key of the table
 *   (`id`, `<table>_id`, `c_custkey`); else a unique pair of key-like columns;
 * - joins: declared foreign keys first; then names (`<table>_id`, `o_custkey` -> `c_custkey`,
 *   prefixed `sbTxCustId` -> `sbCustomer.sbCustId`, abbreviations, role words such as
 *   `reports_to` / `support_rep_id` -> an employee table, text keys such as `state_name`), each
 *   checked on the data: every value of the column must exist in the referenced key;
 * - per column role: ids -> count distinct; amounts -> sum and average; prices, rates, levels ->
 *   average, min, max; never sums of years, codes or coordinates; dimensions for text, booleans,
 *   years and low-cardinality integers; time dimensions for dates, timestamps, epoch numbers and
 *   date-like text;
 * - labels and synonyms from names (camelCase/snake_case split, common abbreviations expanded);
 * - the main fact table (most joins out, dated, largest) gives the default time dimension, the
 *   ranking metric and `as_of: {latest: ...}` (so "last year" means the data's last year).
 */
import { rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, extname } from 'node:path';
import { Document, isMap, isSeq, type YAMLMap } from 'yaml';
import type { SemanticModelInput } from '../semantic/model.js';
import type { TableInfo, Warehouse } from './types.js';

export interface BootstrapOptions {
  /** The model's name; default `warehouse`. */
  name?: string;
  /** Text columns with at most this many distinct values get `index_values: true`. Default 50. */
  indexValuesMax?: number;
  /** Per-query time budget of the profiling queries. Default 60 s. */
  timeoutMs?: number;
  /** Ignore declared keys (to measure what naming and data alone find). Default false. */
  ignoreDeclared?: boolean;
}

/** One join the bootstrap found, in table terms. */
export interface FoundJoin {
  from: string;
  columns: string[];
  to: string;
  refColumns: string[];
  source: 'declared' | 'naming' | 'composite' | 'role';
}

export interface BootstrapResult {
  model: SemanticModelInput;
  /** Why each item was drafted, keyed `<section>:<name>` (written as YAML comments). */
  notes: Record<string, string>;
  /** Every join found (including self references, modelled through a role entity). */
  joins: FoundJoin[];
  /** What the bootstrap could not decide: a person should look. */
  undecided: string[];
  /** The main fact entity, when one was found. */
  fact?: string;
}

type Kind = 'text' | 'number' | 'integer' | 'date' | 'timestamp' | 'boolean' | 'other';

function kindOf(type: string): Kind {
  const t = type.toLowerCase();
  if (/^(varchar|text|char|character|string|bpchar|enum|uuid|character varying|name|longtext|mediumtext|tinytext|nvarchar|nchar)/.test(t)) return 'text';
  if (/^(date)$/.test(t)) return 'date';
  if (/^timestamp|^datetime/.test(t)) return 'timestamp';
  if (/^bool|^tinyint\(1\)$/.test(t)) return 'boolean';
  if (/^(tinyint|smallint|mediumint|integer|int|bigint|hugeint|utinyint|usmallint|uinteger|ubigint|int2|int4|int8|year)\b/.test(t)) return 'integer';
  if (/^(decimal|numeric|double|float|real|double precision|money)/.test(t)) return 'number';
  return 'other';
}

const IDENT = /^[a-z][a-z0-9_]*$/;

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
const ABBREVIATIONS: Record<string, string> = {
  qty: 'quantity', amt: 'amount', cust: 'customer', num: 'number', nbr: 'number', desc: 'description',
  dt: 'date', addr: 'address', emp: 'employee', dept: 'department', prod: 'product', cat: 'category',
  inv: 'invoice', txn: 'transaction', tx: 'transaction', trx: 'transaction', acct: 'account', org: 'organization',
  pct: 'percent', avg: 'average', yr: 'year', mo: 'month', ctry: 'country', cnt: 'count', tel: 'telephone',
  mgr: 'manager', sup: 'supplier', supp: 'supplier', mkt: 'market', mktsegment: 'market segment', qtr: 'quarter',
  bal: 'balance', acctbal: 'account balance', extendedprice: 'extended price', totalprice: 'total price',
  shipmode: 'ship mode', orderdate: 'order date', shipdate: 'ship date', orderstatus: 'order status',
  orderpriority: 'order priority', supplycost: 'supply cost', availqty: 'available quantity', ref: 'reference',
  cr: 'credit', dr: 'debit', msrp: 'list price', ts: 'timestamp', lat: 'latitude', lng: 'longitude', lon: 'longitude',
  tot: 'total', crtd: 'created', diag: 'diagnosis', ins: 'insurance', appr: 'approval', reg: 'registration', dob: 'date of birth',
  firstname: 'first name', lastname: 'last name', givenname: 'given name', familyname: 'family name',
  ccy: 'currency', curr: 'currency', descr: 'description', loc: 'location', dest: 'destination', src: 'source',
};

/**
 * Other common names of a kind of thing (general English, both ways where they are one kind): a
 * table's rows are also called these when no other table is.
 */
const THING_NAMES: Record<string, string[]> = {
  publication: ['paper', 'article'], paper: ['publication', 'article'], article: ['paper', 'publication'],
  employee: ['staff member', 'worker'], client: ['customer'], customer: ['client'], vendor: ['supplier'], supplier: ['vendor'],
  film: ['movie'], movie: ['film'], track: ['song'], song: ['track'], pupil: ['student'], physician: ['doctor'], doctor: ['physician'],
  lecturer: ['instructor'], instructor: ['teacher', 'lecturer'], teacher: ['instructor'], store: ['shop'], shop: ['store'],
  firm: ['company'], company: ['firm'], carrier: ['airline'], airline: ['carrier'], automobile: ['car'], car: ['automobile'],
  invoice: ['bill'], purchase: ['order'],
};
const singular = (w: string) => (/ies$/.test(w) ? w.replace(/ies$/, 'y') : /(ss|us)$/.test(w) ? w : /(ches|shes|xes|ses)$/.test(w) ? w.replace(/es$/, '') : w.replace(/s$/, ''));
/** Tables whose rows are people who sign up (customers, users, members): their count is also their signups. */
const SIGNUP_TABLE_HEADS = new Set(['customer', 'user', 'member', 'subscriber', 'client', 'account', 'patient', 'student', 'participant']);
/** The money of a sale or an order (its price, amount or total), and money that is no revenue (costs, taxes). */
const SALE_MONEY_WORDS = new Set(['price', 'amount', 'total', 'value', 'payment', 'paid', 'sales', 'totalprice']);
const NOT_REVENUE_WORDS = new Set(['cost', 'costs', 'tax', 'taxes', 'discount', 'fee', 'fees', 'freight', 'shipping', 'commission', 'refund', 'refunded', 'quantity', 'qty', 'units', 'weight', 'list', 'msrp', 'unit']);
/** Money said of a kind of thing ("the cost of round trip fares"). */
const QUALIFIED_MONEY_WORDS = new Set(['cost', 'price', 'fee', 'charge', 'fare']);
/** Tables whose rows are what people call purchases (one such table only: two would compete). */
const PURCHASE_HEADS = new Set(['sale', 'order']);
const plural = (w: string) => (/y$/.test(w) && !/[aeiou]y$/.test(w) ? w.replace(/y$/, 'ies') : /(s|x|ch|sh)$/.test(w) ? `${w}es` : `${w}s`);

/** Parts of speech of common English words (wink-lexicon, after fnTBL): word -> Penn tags. */
const partsOfSpeech = createRequire(import.meta.url)('wink-lexicon/src/lexicon.js') as Record<string, string[]>;
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
const headAt = (ws: string[]) => (ws.length > 1 && isParticiple(ws[ws.length - 1]!) ? ws.length - 2 : ws.length - 1);
/** A thing's name in the plural: its head noun made plural ("payments received", never "payments receiveds"). */
export function pluralPhrase(phrase: string): string {
  const ws = phrase.split(' ');
  const h = headAt(ws);
  ws[h] = plural(ws[h]!);
  return ws.join(' ');
}

/** A lower_snake name the model schema accepts. */
function snake(s: string): string {
  let n = nameWords(s).join('_');
  if (!/^[a-z]/.test(n)) n = `t_${n}`;
  return n || 'unnamed';
}

/** Words for people: abbreviations expanded, short table prefixes (`sb`) dropped. */
function readable(words: string[]): string[] {
  const out = words.flatMap((w) => (ABBREVIATIONS[w] ?? w).split(' '));
  return out;
}

function sentence(words: string[]): string {
  const t = words.join(' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

const KEY_SUFFIX = /(id|key|code|no|num|nbr|number|uuid)$/;
const KEY_WORDS = new Set(['id', 'key', 'code', 'uuid', 'pk', 'fk']);
const isKeyLike = (col: string) => {
  const w = nameWords(col);
  const last = w[w.length - 1] ?? '';
  return KEY_WORDS.has(last) || /^[a-z]+key$/.test(last) || /^[a-z]{2,}id$/.test(last) && !/(paid|void|valid|fluid|solid|rapid|acid|humid)$/.test(last);
};
const CODE_WORDS = new Set(['code', 'zip', 'postal', 'postcode', 'phone', 'fax', 'telephone', 'tel', 'ssn', 'isbn', 'ean', 'upc', 'sku', 'iban', 'lat', 'lng', 'lon', 'latitude', 'longitude', 'x', 'y', 'z', 'version', 'port', 'ip', 'zipcode']);
const YEAR_WORDS = new Set(['year', 'yr', 'season', 'vintage']);
const ORDINAL_WORDS = new Set(['month', 'day', 'week', 'quarter', 'hour', 'minute', 'weekday', 'dow', 'rank', 'position', 'sequence', 'seq', 'line', 'linenumber', 'level', 'floor', 'grade', 'order', 'priority', 'rating', 'stars', 'score']);
const ADDITIVE_WORDS = new Set(['amount', 'amt', 'total', 'revenue', 'sales', 'sale', 'cost', 'costs', 'quantity', 'qty', 'units', 'freight', 'fee', 'fees', 'tax', 'taxes', 'balance', 'bytes', 'milliseconds', 'ms', 'seconds', 'minutes', 'hours', 'duration', 'count', 'weight', 'value', 'profit', 'spend', 'budget', 'income', 'expense', 'expenses', 'payment', 'paid', 'volume', 'extendedprice', 'totalprice', 'availqty', 'population', 'area', 'distance', 'stock', 'visits', 'views', 'clicks', 'points', 'goals', 'runs', 'wins', 'losses', 'salary', 'wage', 'pay', 'sold', 'ordered', 'shipped', 'hits', 'km', 'miles', 'length', 'size', 'capacity', 'seats']);
const AVERAGE_WORDS = new Set(['price', 'rate', 'ratio', 'pct', 'percent', 'percentage', 'score', 'rating', 'age', 'discount', 'level', 'temperature', 'temp', 'avg', 'average', 'mean', 'margin', 'index', 'speed', 'height', 'acctbal', 'supplycost', 'retailprice', 'probability', 'share', 'elevation', 'altitude', 'density']);
const PRICE_TABLE_WORDS = new Set(['price', 'prices', 'quote', 'quotes', 'rate', 'rates', 'tariff', 'tariffs']);
const NAME_COLUMN = /^(name|title|label|full_name|fullname|display_name|description_short)$/;
const TIME_WORDS = new Set(['at', 'time', 'date', 'ts', 'timestamp', 'epoch', 'created', 'updated', 'modified', 'when', 'day', 'datetime', 'on']);
const ROLE_TARGETS: Array<{ column: RegExp; table: RegExp }> = [
  { column: /^(reports_to|manager(_id)?|mgr(_id)?|supervisor(_id)?|boss(_id)?|parent(_id)?|parent_[a-z]+_id)$/, table: /./ },
  { column: /(rep|salesperson|sales_rep|agent|manager|owner|assignee|handler|employee)(_id)?$/, table: /^(employee|staff|user|person|people|agent|rep|salesperson|member)s?$/ },
];

/** Unit suffixes of measure names, and the unit shown with their values. */
const UNIT_WORDS: Record<string, string> = {
  kg: 'kg', kgs: 'kg', g: 'g', grams: 'g', lb: 'lb', lbs: 'lb', oz: 'oz', km: 'km', mi: 'mi', m: 'm', cm: 'cm', mm: 'mm',
  miles: 'mi', usd: 'USD', eur: 'EUR', gbp: 'GBP', jpy: 'JPY', chf: 'CHF', cad: 'CAD', aud: 'AUD', cents: 'cents',
  sec: 's', secs: 's', ms: 'ms', mins: 'min', hrs: 'h', kwh: 'kWh', mb: 'MB', gb: 'GB', kb: 'KB', l: 'l', ml: 'ml',
};

const WEEKDAY = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|sday|nesday|rsday|urday)?\.?$/i;
/** A table's last word that says how often its rows are taken: `transactions_daily`, `setting_snapshot`. */
const PERIODIC_TABLE_WORDS = new Set(['daily', 'weekly', 'monthly', 'yearly', 'annual', 'hourly', 'snapshot', 'snapshots', 'history', 'hist']);
/** The two-letter codes of US states (and DC): a column of them answers to the states' names. */
const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
  NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};
const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const EPOCH_S: [number, number] = [946_684_800, 4_102_444_800]; // 2000-01-01 .. 2100-01-01
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

interface ColumnProfile {
  name: string;
  kind: Kind;
  distinct: number;
  nulls: number;
  min?: number;
  max?: number;
  sample: unknown[];
}

interface TableProfile {
  info: TableInfo;
  entity: string;
  /** A shared column prefix (`c_`, `sbTx`) to strip, as a normalized string. */
  prefix: string;
  /** The prefix is glued to lower-case column names (`sbcustjoindate`): their words are split by `splitGlued`. */
  glued: boolean;
  words: string[];
  pk: string[];
  pkWhy: string;
  rows: number;
  cols: Map<string, ColumnProfile>;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The shared prefix of a table's columns (TPC-H `c_`, camel `sbCust`), normalized, or ''. */
function columnPrefix(cols: string[]): string {
  if (cols.length < 2) return '';
  const under = /^([a-z]{1,4}_)/i.exec(cols[0]!);
  if (under && cols.every((c) => c.toLowerCase().startsWith(under[1]!.toLowerCase()))) return norm(under[1]!);
  const firstWords = cols.map((c) => nameWords(c));
  const out: string[] = [];
  for (let i = 0; ; i++) {
    const w = firstWords[0]![i];
    if (w === undefined || !firstWords.every((ws) => ws[i] === w && ws.length > i + 1)) break;
    out.push(w);
  }
  return out.join('');
}

/**
 * Words that end a name glued together in lower case (`joindate`, `postalcode`, `epochms`): a
 * camelCase name folded by an unquoted DDL (`sbCustJoinDate` -> `sbcustjoindate`) lost its word
 * boundaries; these put the common ones back.
 */
const GLUED_TAIL = ['datetime', 'date', 'time', 'timestamp', 'id', 'key', 'code', 'name', 'type', 'status', 'amount', 'price', 'count', 'number', 'num', 'ms', 'email', 'phone', 'address', 'city', 'state', 'country', 'rate', 'total', 'value', 'symbol', 'currency', 'exchange', 'source', 'volume', 'str', 'flag'];
const GLUED_HEAD = ['is', 'has'];

/** Verbs that make a noun with a particle glued on: checkin, signup, checkout, pickup, dropoff. */
const PHRASAL = /^(check|sign|log|pick|drop|walk|roll|set|start|call|print|cash|pay|buy|take|turn|top|look|break|hand|mark|clean)(in|up|out|off|on)$/;
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

const longestCommonPrefix = (xs: string[]): string => {
  let out = xs[0] ?? '';
  for (const x of xs) while (!x.startsWith(out)) out = out.slice(0, -1);
  return out;
};
const GLUED = /^[a-z][a-z0-9]*$/;

/**
 * A short prefix every table and every column of the schema starts with (`sb` of `sbcustomer`,
 * `sbcustid`, `sbtxamount`): a house naming convention, not a word. Only for glued lower-case names
 * (camelCase folded by the database); the columns must carry it too, so tables that merely begin
 * alike (`product`, `profile`) keep their names.
 */
function schemaPrefix(tables: TableInfo[]): string {
  const raws = tables.map((t) => t.name.split('.').pop()!);
  if (raws.length < 2 || !raws.every((r) => GLUED.test(r))) return '';
  const lcp = longestCommonPrefix(raws);
  if (lcp.length < 2 || lcp.length > 3 || raws.some((r) => r.length - lcp.length < 3)) return '';
  return tables.every((t) => t.columns.every((c) => c.name.startsWith(lcp))) ? lcp : '';
}

/**
 * The glued prefix of a table's columns (`sbcust` of `sbcustid`, `sbcustname`, ...): it starts with the
 * schema's prefix, or it is the start of the table's own name (`cust` of `customer`), and leaves at
 * least two letters of every column.
 */
function gluedColumnPrefix(table: string, cols: string[], schema: string): string {
  if (cols.length < 3 || !cols.every((c) => GLUED.test(c))) return '';
  let lcp = longestCommonPrefix(cols);
  while (lcp && cols.some((c) => c.length - lcp.length < 2)) lcp = lcp.slice(0, -1);
  if (schema && lcp.startsWith(schema)) return lcp;
  return lcp.length >= 3 && table.startsWith(lcp) ? lcp : '';
}

export async function bootstrapModel(warehouse: Warehouse, options: BootstrapOptions = {}): Promise<SemanticModelInput> {
  return (await bootstrapDraft(warehouse, options)).model;
}

/** Introspects and profiles the warehouse, then returns a draft model with the reasons for each guess. */
export async function bootstrapDraft(warehouse: Warehouse, options: BootstrapOptions = {}): Promise<BootstrapResult> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const indexMax = options.indexValuesMax ?? 50;
  const mysql = (warehouse.dialect as string) === 'mysql';
  const q = (s: string) => (mysql ? `\`${s.replace(/`/g, '``')}\`` : `"${s.replace(/"/g, '""')}"`);
  const tableRef = (name: string) => name.split('.').map(q).join('.');
  const colSql = (c: string) => (/^[a-z_][a-z0-9_]*$/.test(c) && !mysql ? `\${TABLE}.${c}` : `\${TABLE}.${q(c)}`);
  const run = async (sql: string) => (await warehouse.run(sql, { timeoutMs, maxRows: 1000 })).rows;
  const notes: Record<string, string> = {};
  const undecided: string[] = [];

  const tables = (await warehouse.introspect()).filter((t) => t.columns.length > 0);
  if (tables.length === 0) throw new Error('The warehouse has no tables to describe');
  const byTable = new Map<string, TableProfile>();

  // 1. Profile every table in one scan (rows, distinct values, nulls, min/max), plus a sample.
  const usedEntities = new Set<string>();
  const profiles: TableProfile[] = [];
  const housePrefix = schemaPrefix(tables);
  for (const info of tables) {
    const raw = info.name.split('.').pop()!;
    let words = nameWords(raw);
    let prefix = columnPrefix(info.columns.map((c) => c.name));
    const glued = prefix === '' ? gluedColumnPrefix(raw, info.columns.map((c) => c.name), housePrefix) : '';
    if (glued) prefix = glued;
    if (housePrefix) words = splitGlued(raw.slice(housePrefix.length));
    let entity = housePrefix ? snake(words.join('_')) : snake(raw);
    while (usedEntities.has(entity)) entity = `${entity}_2`;
    usedEntities.add(entity);
    // A short lowercase prefix of a camelCase table name (`sbCustomer`) is not a word.
    if (words.length > 1 && words[0]!.length <= 2 && /^[a-z]+[A-Z]/.test(raw)) words = words.slice(1);
    const cols = new Map<string, ColumnProfile>();
    const profileable = info.columns.filter((c) => kindOf(c.type) !== 'other');
    const parts = [`count(*) AS n__rows`];
    profileable.forEach((c, i) => {
      const k = kindOf(c.type);
      parts.push(`count(DISTINCT ${q(c.name)}) AS d${i}`, `count(${q(c.name)}) AS v${i}`);
      if (k === 'integer' || k === 'number') parts.push(`min(${q(c.name)}) AS lo${i}`, `max(${q(c.name)}) AS hi${i}`);
    });
    const row = (await run(`SELECT ${parts.join(', ')} FROM ${tableRef(info.name)}`))[0] ?? {};
    const rows = Number(row.n__rows ?? 0);
    info.rowCount = rows;
    const textCols = profileable.filter((c) => kindOf(c.type) === 'text');
    const sample = textCols.length ? await run(`SELECT ${textCols.map((c) => q(c.name)).join(', ')} FROM ${tableRef(info.name)} LIMIT 50`) : [];
    profileable.forEach((c, i) => {
      const k = kindOf(c.type);
      cols.set(c.name, {
        name: c.name,
        kind: k,
        distinct: Number(row[`d${i}`] ?? 0),
        nulls: rows - Number(row[`v${i}`] ?? 0),
        ...(row[`lo${i}`] !== undefined && row[`lo${i}`] !== null ? { min: Number(row[`lo${i}`]), max: Number(row[`hi${i}`]) } : {}),
        sample: k === 'text' ? sample.map((r) => r[c.name]).filter((v) => v !== null && v !== undefined) : [],
      });
    });
    const p: TableProfile = { info, entity, prefix, glued: glued !== '', words, pk: [], pkWhy: '', rows, cols };
    profiles.push(p);
    byTable.set(info.name, p);
  }
  const stem = (p: TableProfile, col: string) => {
    const n = norm(col);
    return p.prefix && n.startsWith(p.prefix) && n.length > p.prefix.length ? n.slice(p.prefix.length) : n;
  };
  const unique = (p: TableProfile, col: string) => {
    const c = p.cols.get(col);
    return !!c && p.rows > 0 && c.distinct === p.rows && c.nulls === 0;
  };
  const tableWordForms = (p: TableProfile) => {
    const w = p.words.join('');
    const s = singular(p.words[p.words.length - 1] ?? '');
    const sw = [...p.words.slice(0, -1), s].join('');
    const last = p.words[p.words.length - 1] ?? '';
    return [...new Set([w, sw, s, singular(last)].filter((x) => x.length > 0))];
  };

  /** The column is named as this table's own key (`id`, `<table>_id`, `c_custkey`), not another table's. */
  const namesOwnKey = (p: TableProfile, col: string, forms = p.words.length > 1 ? tableWordForms(p).slice(0, 2) : tableWordForms(p), byInitials = true) => {
    const s = stem(p, col);
    const head = s.replace(KEY_SUFFIX, '');
    // `jid` of journal, `daid` of domain_author: the initials of the table's words and `id`.
    const initials = byInitials && /id$/.test(s) && head === p.words.map((w) => w[0]).join('');
    return (head === '' && s !== '') || initials || (s !== head && forms.some((f) => (f.startsWith(head) && head.length >= 3) || head === f));
  };
  /** Named as another table's own key (`jid` beside journal.jid): a key, though too short to look like one. */
  const namesKeyOf = (a: TableProfile, col: string) => profiles.some((b) => b !== a && b.pk.length === 1 && b.pk[0] === col && namesOwnKey(b, col));
  const keyish = (a: TableProfile, col: string) => isKeyLike(col) || namesKeyOf(a, col);
  /** The column names this table itself (its key, or `state_name` in `state`): it refers to no other table. */
  const isOwnIdentifier = (p: TableProfile, col: string) => namesOwnKey(p, col) || tableWordForms(p).some((f) => f.length >= 3 && stem(p, col).startsWith(f));

  /** Another table's words are exactly the column's head and it has a key of that name or a bare `id` (customers and customer_id). */
  const namedForOtherTable = (p: TableProfile, col: string) => {
    const head = norm(col).replace(KEY_SUFFIX, '');
    return head !== '' && profiles.some((b) => b !== p && tableWordForms(b).includes(head) && b.info.columns.some((c) => norm(c.name) === norm(col) || norm(c.name) === 'id'));
  };

  // 2. Primary keys.
  for (const p of profiles) {
    const declared = !options.ignoreDeclared && p.info.primaryKey?.length ? p.info.primaryKey : undefined;
    if (declared) {
      p.pk = declared;
      p.pkWhy = 'declared primary key';
      continue;
    }
    // The whole table name (a link table employee_territories is not keyed by territory_id).
    const forms = p.words.length > 1 ? tableWordForms(p).slice(0, 2) : tableWordForms(p);
    // An empty table has nothing to check: its key is judged by name alone.
    const candidates = p.info.columns.filter((c) => ['integer', 'text'].includes(kindOf(c.type)) && (unique(p, c.name) || p.rows === 0));
    // The fuller name first: business_id over bid when both are unique. In an empty table a column
    // named for another table (customer_id beside a table customers) is that table's key, even when
    // this table's name begins with the same word (a link table customer_customer_demo).
    const ownName = (c: (typeof candidates)[number]) => p.rows > 0 || !namedForOtherTable(p, c.name);
    const named = candidates.find((c) => ownName(c) && namesOwnKey(p, c.name, forms, false)) ?? candidates.find((c) => ownName(c) && namesOwnKey(p, c.name, forms));
    if (named) {
      p.pk = [named.name];
      p.pkWhy = `unique in the data and named as the table's key`;
      continue;
    }
    const keyCols = p.info.columns.filter((c) => isKeyLike(c.name) && ['integer', 'text'].includes(kindOf(c.type)));
    const elsewhere = (col: string) => profiles.some((b) => b !== p && b.info.columns.some((c) => norm(c.name) === norm(col)));
    if (p.rows === 0 && keyCols.length >= 2 && keyCols.every((c) => elsewhere(c.name) || namedForOtherTable(p, c.name)) && keyCols.some((c) => namedForOtherTable(p, c.name))) {
      // An empty link table (every key column is also another table's column): keyed by the keys
      // of the tables it links, by name alone.
      p.pk = keyCols.map((c) => c.name);
      p.pkWhy = 'empty table: the keys of the tables it links, by name alone (check)';
      undecided.push(`${p.entity}: primary key ${p.pk.join(', ')} guessed from the names only (empty table)`);
      continue;
    }
    const uniqueKeys = keyCols.filter((c) => unique(p, c.name));
    if (uniqueKeys.length === 1 && keyCols.length === 1) {
      p.pk = [uniqueKeys[0]!.name];
      p.pkWhy = 'the only key-like column, and unique in the data';
      continue;
    }
    // A unique pair: two key-like columns, or a key and a line number (order lines, link tables).
    const seconds = p.info.columns.filter((c) => ['integer', 'text'].includes(kindOf(c.type)) && (isKeyLike(c.name) || /(number|line|seq|no|num)$/.test(stem(p, c.name))));
    outer: for (const a of keyCols) {
      for (const b of seconds) {
        if (a === b || p.rows === 0) continue;
        const r = await run(`SELECT count(*) AS n FROM (SELECT DISTINCT ${q(a.name)}, ${q(b.name)} FROM ${tableRef(p.info.name)} WHERE ${q(a.name)} IS NOT NULL AND ${q(b.name)} IS NOT NULL) AS pairs`);
        if (Number(r[0]?.n) === p.rows) {
          p.pk = [a.name, b.name];
          p.pkWhy = 'no single unique key; this pair of key columns is unique in the data';
          break outer;
        }
      }
    }
    if (p.pk.length === 0) {
      const any = uniqueKeys[0] ?? candidates[0];
      if (any) {
        p.pk = [any.name];
        p.pkWhy = 'unique in the data (name does not say it is the key: check)';
        undecided.push(`${p.entity}: primary key ${any.name} is a guess (unique, but not named as a key)`);
      } else {
        p.pk = [p.info.columns[0]!.name];
        p.pkWhy = 'NO unique column found: the first column stands in; set the real key';
        undecided.push(`${p.entity}: no unique column, primary key unknown`);
      }
    }
  }

  // 3. Joins: declared first, then by naming, each checked by value inclusion.
  const joins: FoundJoin[] = [];
  const has = (a: TableProfile, cols: string[]) => joins.some((j) => j.from === a.info.name && j.columns.join() === cols.join());
  for (const a of profiles) {
    if (options.ignoreDeclared) break;
    for (const fk of a.info.foreignKeys ?? []) {
      if (!byTable.has(fk.references) || has(a, fk.columns)) continue;
      joins.push({ from: a.info.name, columns: fk.columns, to: fk.references, refColumns: fk.refColumns, source: 'declared' });
    }
  }
  const included = async (a: TableProfile, cols: string[], b: TableProfile, refs: string[]): Promise<boolean> => {
    const types = cols.map((c, i) => [kindOf(a.info.columns.find((x) => x.name === c)?.type ?? ''), kindOf(b.info.columns.find((x) => x.name === refs[i])?.type ?? '')]);
    if (types.some(([x, y]) => x !== y)) return false;
    const sel = cols.map((c, i) => `${q(c)} AS k${i}`).join(', ');
    const notNull = cols.map((c) => `${q(c)} IS NOT NULL`).join(' AND ');
    const match = refs.map((r, i) => `b.${q(r)} = s.k${i}`).join(' AND ');
    try {
      const r = await run(
        `SELECT count(*) AS n, sum(CASE WHEN EXISTS (SELECT 1 FROM ${tableRef(b.info.name)} AS b WHERE ${match}) THEN 0 ELSE 1 END) AS missing FROM (SELECT DISTINCT ${sel} FROM ${tableRef(a.info.name)} WHERE ${notNull}) AS s`,
      );
      const n = Number(r[0]?.n ?? 0);
      const missing = Number(r[0]?.missing ?? 0);
      if (a.rows === 0) return true; // nothing to check: the name alone decides (noted)
      // Dirty data keeps a few orphans; a coincidence of numbers does not reach 98 % of 50 values.
      return n > 0 && (missing === 0 || (n >= 50 && missing / n <= 0.02));
    } catch {
      return false;
    }
  };
  const singleKeyTargets = profiles.filter((b) => b.pk.length === 1);
  for (const a of profiles) {
    for (const col of a.info.columns) {
      if (has(a, [col.name]) || joins.some((j) => j.from === a.info.name && j.columns.includes(col.name) && j.source === 'declared')) continue;
      // A table's own key refers to nothing; a key named after another table (a location keyed by
      // its restaurant_id, a one-to-one extension) still refers to that table.
      if (a.pk.length === 1 && a.pk[0] === col.name && (isOwnIdentifier(a, col.name) || (!keyish(a, col.name) && kindOf(col.type) !== 'text'))) continue;
      const kind = kindOf(col.type);
      if (kind !== 'integer' && kind !== 'text') continue;
      const s = stem(a, col.name);
      const full = norm(col.name);
      const snakeName = nameWords(col.name).join('_');
      const candidates: Array<{ b: TableProfile; ref: string; source: FoundJoin['source'] }> = [];
      for (const b of singleKeyTargets) {
        const k = b.pk[0]!;
        const ks = stem(b, k);
        const kHead = ks.replace(KEY_SUFFIX, '');
        const kSuffix = ks.slice(kHead.length);
        const forms = tableWordForms(b);
        const cHead = s.replace(KEY_SUFFIX, '');
        const cSuffix = s.slice(cHead.length);
        // A bare `id` is the row's own key, whichever table is keyed by an `id` too.
        if (b !== a && keyish(a, col.name) && cHead !== '') {
          // custkey = custkey (TPC-H), customer_id = customer_id, customerid = customerid
          if (s === ks || full === norm(k)) { candidates.push({ b, ref: k, source: 'naming' }); continue; }
          const heads = kHead === '' ? forms : [kHead, ...forms];
          const compatible = (h: string) =>
            h === cHead || (h.length >= 3 && cHead.length >= 3 && (h.startsWith(cHead) || cHead.startsWith(h))) || (cHead.length > h.length && cHead.endsWith(h) && h.length >= 4);
          if (cSuffix !== '' && (cSuffix === kSuffix || (kSuffix === '' && cSuffix === 'id')) && heads.some(compatible)) {
            candidates.push({ b, ref: k, source: 'naming' });
            continue;
          }
        }
        // Role words: reports_to -> own table; support_rep_id -> employee.
        const role = ROLE_TARGETS.find((r) => r.column.test(snakeName));
        if (role && kind === kindOf(b.info.columns.find((c) => c.name === k)?.type ?? '')) {
          const self = ROLE_TARGETS[0] === role;
          if ((self && b === a) || (!self && b !== a && role.table.test(b.words.join('_')))) candidates.push({ b, ref: k, source: 'role' });
        }
      }
      // Text keys: the same column name as a unique column of a table the name speaks of (state_name -> states).
      if (kind === 'text' && candidates.length === 0) {
        for (const b of profiles) {
          if (b === a) continue;
          const same = b.info.columns.find((c) => norm(c.name) === full && unique(b, c.name));
          // The name speaks of the table (state_name -> states), or it is that table's single key
          // (a natural key such as city_name shared by the tables that describe cities).
          const isItsKey = !!same && b.pk.length === 1 && b.pk[0] === same.name && !joins.some((j) => j.from === b.info.name && j.to === a.info.name);
          if (same && (isItsKey || tableWordForms(b).some((f) => full.startsWith(f) || full.includes(f)))) candidates.push({ b, ref: same.name, source: 'naming' });
        }
      }
      // The table whose own key the column names comes first (course_id -> course, not another
      // table that happens to be keyed by a course_id); then the table the name speaks of
      // (state_name -> state, not another table keyed by a state_name too).
      const ownKey = (c: (typeof candidates)[number]) => (namesOwnKey(c.b, c.ref) ? 0 : 1);
      const speaksOf = (c: (typeof candidates)[number]) => (tableWordForms(c.b).some((f) => full.startsWith(f)) ? 0 : 1);
      candidates.sort((x, y) => ownKey(x) - ownKey(y) || speaksOf(x) - speaksOf(y));
      for (const c of candidates) {
        if (await included(a, [col.name], c.b, [c.ref])) {
          joins.push({ from: a.info.name, columns: [col.name], to: c.b.info.name, refColumns: [c.ref], source: c.source });
          break;
        }
      }
    }
    // Composite: all parts of another table's composite key appear here under the same names.
    for (const b of profiles) {
      if (b === a || b.pk.length < 2) continue;
      const pairs = b.pk.map((k) => a.info.columns.find((c) => stem(a, c.name) === stem(b, k))?.name);
      if (pairs.some((x) => x === undefined)) continue;
      const cols = pairs as string[];
      const samePk = a.pk.length === b.pk.length && cols.every((x) => a.pk.includes(x));
      if (samePk || has(a, cols)) continue;
      if (await included(a, cols, b, b.pk)) joins.push({ from: a.info.name, columns: cols, to: b.info.name, refColumns: b.pk, source: 'composite' });
    }
  }

  // 4. Relationships; a self reference or a second join to the same table goes through a role entity.
  const entities: SemanticModelInput['entities'] = [];
  const relationships: NonNullable<SemanticModelInput['relationships']> = [];
  const roleEntities: Array<{ name: string; of: TableProfile; column: string }> = [];
  const fkCols = new Map<TableProfile, Set<string>>();
  for (const j of joins) {
    const a = byTable.get(j.from)!;
    const b = byTable.get(j.to)!;
    j.columns.forEach((c) => (fkCols.get(a) ?? fkCols.set(a, new Set()).get(a)!).add(c));
    // The target's key must be the referenced columns for a to-one join; a declared FK to a unique non-key still is to-one.
    let target = b.entity;
    const taken = relationships.some((r) => r.from === a.entity && r.to === b.entity);
    if (b === a || taken) {
      let name = snake(nameWords(j.columns.join('_')).filter((w) => !KEY_WORDS.has(w)).join('_') || `${b.entity}_ref`);
      if (usedEntities.has(name)) name = `${a.entity}_${name}`;
      while (usedEntities.has(name)) name = `${name}_2`;
      usedEntities.add(name);
      roleEntities.push({ name, of: b, column: j.columns.join(', ') });
      entities.push({ name, table: b.info.name, primary_key: j.refColumns.length === 1 ? j.refColumns[0]! : j.refColumns, description: `${sentence(readable(nameWords(name)))}: the ${b.entity.replace(/_/g, ' ')} that ${a.entity.replace(/_/g, ' ')}.${j.columns.join(', ')} refers to`, synonyms: [] });
      notes[`entities:${name}`] = `role entity: ${b.info.name} as seen through ${a.info.name}.${j.columns.join(', ')} (${j.source === 'declared' ? 'declared foreign key' : 'guessed from the name, checked on the data'})`;
      target = name;
    }
    relationships.push({ from: a.entity, to: target, on: j.columns.map((c, i) => [c, j.refColumns[i]!] as [string, string]), cardinality: 'many_to_one' });
    notes[`relationships:${relationships.length - 1}`] =
      j.source === 'declared'
        ? 'declared foreign key'
        : `${j.source === 'role' ? 'role name' : j.source === 'composite' ? 'composite key names' : 'column name'} matches ${j.to}.${j.refColumns.join(', ')}; ${a.rows === 0 ? 'UNCHECKED: the table is empty' : 'every value found there'}`;
    if (j.source !== 'declared' && a.rows === 0) undecided.push(`${a.entity}.${j.columns.join(', ')} -> ${b.entity}: join guessed from the name only (empty table)`);
  }

  // 5. Columns by role: time dimensions, dimensions, measures.
  const used = new Set<string>();
  const allStems = new Map<string, number>();
  for (const p of profiles) for (const c of p.info.columns) allStems.set(snake(stem(p, c.name)), (allStems.get(snake(stem(p, c.name))) ?? 0) + 1);
  const uniqueName = (base: string, entity: string): string => {
    let n = snake(base);
    if (used.has(n) || (allStems.get(n) ?? 0) > 1) n = snake(`${entity}_${base}`);
    while (used.has(n)) n = `${n}_2`;
    used.add(n);
    return n;
  };
  // Labels and synonyms are unique per kind, so a phrase never means two things (first one wins;
  // a later one is prefixed with its table's words).
  const phrases = new Map<string, Set<string>>();
  const claim = (kind: string, list: string[]): string[] => {
    const set = phrases.get(kind) ?? phrases.set(kind, new Set()).get(kind)!;
    const out: string[] = [];
    for (const x of list) {
      const k = x.toLowerCase().trim();
      if (!k || set.has(k)) continue;
      set.add(k);
      out.push(x);
    }
    return out;
  };
  const dimensions: NonNullable<SemanticModelInput['dimensions']> = [];
  const timeDimensions: NonNullable<SemanticModelInput['time_dimensions']> = [];
  const measures: NonNullable<SemanticModelInput['measures']> = [];
  const ownTime = new Map<string, string[]>();
  const columnWords = (p: TableProfile, col: string) => {
    if (p.glued && col.startsWith(p.prefix)) return splitGlued(col.slice(p.prefix.length));
    const w = nameWords(col);
    const pw = nameWords(p.info.columns[0]?.name ?? '');
    // strip a shared prefix such as c_ or sbCust
    if (p.prefix) {
      let acc = '';
      let i = 0;
      while (i < w.length && acc.length < p.prefix.length) acc += w[i++];
      if (acc === p.prefix && i < w.length) return w.slice(i);
    }
    void pw;
    return w;
  };
  // `wallet_transactions_daily`, `user_setting_snapshot`: the thing is the transaction, the setting
  // (a trailing word that says how often rows are taken is not what a row is)
  const thingWords = (p: TableProfile) => (p.words.length > 1 && PERIODIC_TABLE_WORDS.has(p.words[p.words.length - 1]!) ? p.words.slice(0, -1) : p.words);
  const entityWords = (p: TableProfile) => {
    const w = thingWords(p);
    const h = headAt(w);
    return readable(w.map((x, i) => (i === h ? singular(x) : x)));
  };
  // The last word alone ("transactions" of `wallet_transactions_daily`) when no other table has it.
  const heads = new Map<string, number>();
  for (const p of profiles) {
    const h = singular(entityWords(p).slice(-1)[0] ?? '');
    heads.set(h, (heads.get(h) ?? 0) + 1);
  }
  // "customers who made a purchase": a purchase is a row of the one table of sales or of orders
  const purchaseTables = profiles.filter((p) => PURCHASE_HEADS.has(singular(entityWords(p).slice(-1)[0] ?? '')));
  const purchases = (p: TableProfile) => (purchaseTables.length === 1 && purchaseTables[0] === p ? ['purchase', 'purchases'] : []);
  // "papers" for a table of publications: the common other names of its head noun that no other
  // table's head is called
  const otherNames = (p: TableProfile): string[] => {
    const ew = entityWords(p);
    const h = singular(ew[ew.length - 1] ?? '');
    return (THING_NAMES[h] ?? []).filter((x) => !heads.has(x)).flatMap((x) => {
      const phrase = [...ew.slice(0, -1), x].join(' ');
      return [phrase, pluralPhrase(phrase)];
    });
  };
  const headNoun = (p: TableProfile): string[] => {
    const ew = entityWords(p);
    const h = ew[ew.length - 1] ?? '';
    // (a name ending in a participle, "payment received", is no kind of its head noun's table)
    return ew.length > 1 && headAt(ew) === ew.length - 1 && heads.get(singular(h)) === 1 && !profiles.some((o) => o !== p && entityWords(o).join(' ') === h) ? [h, plural(h)] : [];
  };

  const timeWords = new Map<string, string[]>();
  for (const p of profiles) {
    const times: string[] = [];
    for (const col of p.info.columns) {
      const c = p.cols.get(col.name);
      const words = columnWords(p, col.name);
      let sql: string | undefined;
      let why = '';
      if (c?.kind === 'date' || c?.kind === 'timestamp') {
        sql = colSql(col.name);
        why = `${c.kind} column`;
      } else if ((c?.kind === 'integer' || c?.kind === 'number') && c.min !== undefined && c.max !== undefined && words.some((w) => TIME_WORDS.has(w)) && !isKeyLike(col.name)) {
        const inS = c.min >= EPOCH_S[0] && c.max <= EPOCH_S[1];
        const inMs = c.min >= EPOCH_S[0] * 1000 && c.max <= EPOCH_S[1] * 1000;
        if (inS || inMs) {
          const x = colSql(col.name);
          const v = inMs ? `${x} / 1000` : x;
          sql = mysql ? `FROM_UNIXTIME(${v})` : `to_timestamp(${v})`;
          why = `epoch ${inMs ? 'milliseconds' : 'seconds'}: values from ${new Date((inMs ? c.min : c.min * 1000)).toISOString().slice(0, 10)} to ${new Date((inMs ? c.max : c.max * 1000)).toISOString().slice(0, 10)}`;
        }
      } else if (c?.kind === 'text' && c.sample.length > 0 && c.sample.every((v) => DATE_TEXT.test(String(v)))) {
        sql = `CAST(SUBSTR(${colSql(col.name)}, 1, 10) AS DATE)`;
        why = 'text holding dates (YYYY-MM-DD in every sampled value)';
      }
      if (!sql) continue;
      const base = words.join('_').replace(/^(.+?)(date|time)$/, '$1_$2');
      const name = uniqueName(base, p.entity);
      const label = sentence(readable(nameWords(name)));
      const syn = [...new Set([readable(words).join(' '), `${entityWords(p).join(' ')} ${readable(words).join(' ')}`])].filter((s) => s.toLowerCase() !== label.toLowerCase() && s !== name.replace(/_/g, ' '));
      timeDimensions.push({ name, entity: p.entity, sql, label, description: `${col.name} of ${p.info.name}`, synonyms: syn });
      timeWords.set(name, readable(words));
      notes[`time_dimensions:${name}`] = why;
      times.push(name);
      if (c) c.kind = 'date'; // consumed
    }
    // A table with no date but a bare `year` (a publication's year, a review's year and month) is
    // dated by it: "in 2021", "per year" and "April 2021" apply. A qualified year (`signup_year`,
    // `release_year`) is an attribute, not when the row happened: it stays a dimension.
    const yearCol = times.length === 0 ? p.info.columns.find((x) => {
      const c = p.cols.get(x.name);
      const w = columnWords(p, x.name);
      return c?.kind === 'integer' && w.length === 1 && (w[0] === 'year' || w[0] === 'yr') && c.min !== undefined && c.min >= 1000 && c.max! <= 2200;
    }) : undefined;
    if (yearCol) {
      const monthCol = p.info.columns.find((x) => {
        const c = p.cols.get(x.name);
        const w = columnWords(p, x.name);
        if (!c || w.length !== 1 || (w[0] !== 'month' && w[0] !== 'mo')) return false;
        if (c.kind === 'integer') return c.min !== undefined && c.min >= 1 && c.max! <= 12;
        return c.kind === 'text' && c.sample.length > 0 && c.sample.every((v) => MONTH_NAMES.includes(String(v).trim().slice(0, 3).toLowerCase()) && /^[a-z]{3,9}\.?$/i.test(String(v).trim()));
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
      notes[`time_dimensions:${name}`] = `the table has no date but a year${monthCol ? ' and a month' : ''}: it dates the rows (the first of the ${monthCol ? 'month' : 'year'})`;
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
  const verbDates = new Map<string, string[]>();
  for (const t of timeDimensions) {
    const w = timeWords.get(t.name) ?? [];
    if (w.length !== 2 || !/^(date|time|timestamp|datetime|at|on)$/.test(w[1]!) || /^(date|time|day|timestamp|datetime)$/.test(w[0]!)) continue;
    const v = w[0]!;
    const said = isParticiple(v) && Object.prototype.hasOwnProperty.call(partsOfSpeech, v) ? v : [`${v}ed`, `${v}d`, `${v}${v.slice(-1)}ed`].find((x) => x !== v && (partsOfSpeech[x] ?? []).includes('VBN') && Object.prototype.hasOwnProperty.call(partsOfSpeech, x));
    if (said) (byParticiple.get(said) ?? byParticiple.set(said, []).get(said)!).push(t.name);
  }
  for (const [said, names] of byParticiple) {
    const t = timeDimensions.find((x) => x.name === names[0]);
    if (names.length !== 1 || !t || [t.label, ...(t.synonyms ?? [])].some((x) => (x ?? '').toLowerCase() === said)) continue;
    t.synonyms = [...(t.synonyms ?? []), said];
    notes[`time_dimensions:${t.name}`] = `${notes[`time_dimensions:${t.name}`] ?? ''}; "${said}": the verb its name says`;
    (verbDates.get(t.entity) ?? verbDates.set(t.entity, []).get(t.entity)!).push(t.name);
  }

  // A measure is dated by its own table's first time dimension, else the nearest one it reaches.
  const datingOf = (entity: string): string | undefined => {
    const seen = new Set([entity]);
    let frontier = [entity];
    while (frontier.length) {
      for (const e of frontier) {
        const t = ownTime.get(e)?.[0];
        if (t) return t;
      }
      const next: string[] = [];
      for (const e of frontier) for (const r of relationships) if (r.from === e && !seen.has(r.to) && ownTime.has(r.to)) { seen.add(r.to); next.push(r.to); }
      frontier = next;
    }
    return undefined;
  };

  // Tables whose rows are people who sign up ("customer signups"): dated by the day each one joined
  // (a join or sign-up date), or, for a table of customers, users, members and the like with no such
  // date, by the day their record was created.
  const signupDate = (p: TableProfile): { time: string; why: string } | undefined => {
    const times = ownTime.get(p.entity) ?? [];
    const said = (t: string, re: RegExp) => (timeWords.get(t) ?? []).some((w) => re.test(w)) || /sign up/.test((timeWords.get(t) ?? []).join(' '));
    const people = SIGNUP_TABLE_HEADS.has(singular(entityWords(p).slice(-1)[0] ?? ''));
    const joined = times.filter((t) => said(t, people ? /^(join|joined|joining|signup|registration|registered|enrollment|enrolment)$/ : /^(join|joined|signup)$/));
    if (joined.length === 1) return { time: joined[0]!, why: `the date each one joined (${joined[0]})` };
    if (joined.length > 1 || !people) return undefined;
    const created = times.filter((t) => (timeWords.get(t) ?? []).some((w) => /^(created|creation)$/.test(w)));
    return created.length === 1 ? { time: created[0]!, why: `the day each record was created (${created[0]}): check that it is when they signed up` } : undefined;
  };
  const signupTables = profiles.filter((p) => signupDate(p));

  let rankingCandidate: { name: string; entity: string; score: number } | undefined;
  /** The words of the column each measure reads. */
  const measureWords = new Map<string, string[]>();
  /** The words a measure's name is made of (`round trip cost`) and its column. */
  const measureBase = new Map<string, { words: string[]; column: string }>();
  const bareWords = new Map<string, string[]>();
  for (const p of profiles) {
    const keys = new Set([...p.pk, ...(fkCols.get(p) ?? [])]);
    const dating = datingOf(p.entity);
    const dated = dating ? { time_dimension: dating } : { time_bound: false };
    const ew = entityWords(p);
    let named = false;
    // The thing's own key, so "the customer ID" / "per course id" can be listed and grouped by.
    const pkCol = p.pk.length === 1 ? p.cols.get(p.pk[0]!) : undefined;
    if (pkCol && (pkCol.kind === 'integer' || pkCol.kind === 'text') && (p.pkWhy.startsWith('declared') || namesOwnKey(p, pkCol.name) || isKeyLike(pkCol.name))) {
      const n = uniqueName(`${ew.join('_')}_id`, p.entity);
      const label = claim('dimension', [sentence([...ew, 'id'])])[0] ?? sentence([...ew, 'id']);
      const own = readable(columnWords(p, pkCol.name)).join(' ');
      dimensions.push({
        name: n,
        entity: p.entity,
        sql: colSql(pkCol.name),
        type: pkCol.kind === 'integer' ? 'number' : 'string',
        label,
        description: `${pkCol.name} of ${p.info.name}, its key (${pkCol.distinct} distinct values)`,
        synonyms: claim('dimension', own.includes(' ') && own !== label.toLowerCase() ? [own] : []),
        index_values: false,
      });
      notes[`dimensions:${n}`] = `the key of ${p.info.name}: lists and groups its rows by id, never summed`;
      (bareWords.get('id') ?? bareWords.set('id', []).get('id')!).push(n);
    }
    for (const col of p.info.columns) {
      const c = p.cols.get(col.name);
      if (!c || c.kind === 'date' || c.kind === 'other') continue;
      const words = columnWords(p, col.name);
      const rw = readable(words);
      const isKey = keys.has(col.name) || keyish(p, col.name);
      const desc = `${col.name} of ${p.info.name}`;
      // The column's words said of its thing: "business name", but "lake name" (never "lake lake name").
      const whose = (w: string[]) => (ew.length > 0 && ew.every((x, i) => singular(w[i] ?? '') === singular(x)) ? w.join(' ') : `${ew.join(' ')} ${w.join(' ')}`);
      const dim = (name: string, type: 'string' | 'number' | 'boolean', why: string, extra: { synonyms?: string[]; index?: boolean; label?: string; valueSynonyms?: Record<string, string[]> } = {}) => {
        let dLabel = extra.label ?? sentence(readable(nameWords(name)));
        // A phrase another table's column already took ("country" of customers and of employees) is
        // kept as a shared synonym: the interpreter reads it as the one of the thing the question is about.
        const shared: string[] = [];
        if (claim('dimension', [dLabel]).length === 0) {
          shared.push(dLabel.toLowerCase());
          dLabel = sentence([...ew, ...readable(nameWords(name))]);
        }
        claim('dimension', [dLabel]);
        const wanted = extra.synonyms ?? [];
        extra.synonyms = claim('dimension', wanted);
        shared.push(...wanted.filter((x) => !extra.synonyms!.includes(x)));
        extra.synonyms.push(...shared.filter((x) => x !== dLabel.toLowerCase() && x.split(' ').length <= 2));
        dimensions.push({
          name,
          entity: p.entity,
          sql: colSql(col.name),
          type,
          label: dLabel,
          description: `${desc} (${c.distinct} distinct values)`,
          synonyms: [...new Set(extra.synonyms ?? [])],
          index_values: extra.index ?? false,
          ...(extra.valueSynonyms ? { value_synonyms: extra.valueSynonyms } : {}),
        });
        notes[`dimensions:${name}`] = why;
      };
      if (c.kind === 'text') {
        if (isKey && [nameWords(col.name), words].some((w) => /(^|_)(id|key|uuid)$/.test(w.join('_')))) continue; // opaque text ids
        // Only a unique name may stand for the thing: grouping "by business" on a name two businesses
        // share would add them up as one.
        const distinctive = c.distinct === p.rows - c.nulls && p.rows > 0;
        // (a person is named by first and last name together: then no other "…_name" stands for them)
        // ("firstname" written as one word is a first name too)
        const personNames = p.info.columns.some((x) => /^(first|last|given|family|sur)$/.test(readable(columnWords(p, x.name))[0] ?? '') && readable(columnWords(p, x.name)).includes('name'));
        const firstNameCol = personNames ? undefined : p.info.columns.find((x) => p.cols.get(x.name)?.kind === 'text' && columnWords(p, x.name).includes('name') && !/^(first|last|middle|given|family|sur)/.test(columnWords(p, x.name)[0] ?? ''));
        const nameLike =
          !named &&
          distinctive &&
          (NAME_COLUMN.test(words.join('_')) || words.join('_') === `${ew.join('_')}_name` || words.join('') === `${ew.join('')}name` || (words.length === 2 && words[1] === 'name' && ew.includes(words[0]!)) || (!p.info.columns.some((x) => NAME_COLUMN.test(columnWords(p, x.name).join('_'))) && firstNameCol?.name === col.name));
        if (nameLike) {
          named = true;
          const n = uniqueName(p.entity, p.entity);
          const ent = ew.join(' ');
          dim(n, 'string', `the ${words.join(' ')} of a ${ent}: names the ${ent}`, { label: sentence(ew), synonyms: [whose(rw)], index: c.distinct <= indexMax });
          const bare = rw[rw.length - 1]!;
          if (bare === 'name' || bare === 'title') (bareWords.get(bare) ?? bareWords.set(bare, []).get(bare)!).push(n);
          continue;
        }
        // A bare "name" or "title" that does not stand for the thing (not unique) says whose it is:
        // "restaurant name", never "name", which any other noun before it would take over.
        const n = uniqueName(NAME_COLUMN.test(words.join('_')) ? [...ew, ...words].join('_') : words.join('_'), p.entity);
        // `city_name` of a restaurant is its city: "restaurants per city".
        // (Not when a table is that thing: "state" stays the states' own name.)
        const namedThing = words.length === 2 && words[1] === 'name' && !ew.includes(words[0]!) && !profiles.some((o) => entityWords(o).join(' ') === words[0]) ? [readable([words[0]!]).join(' ')] : [];
        // Values that are all names of weekdays: "by day of the week", "per weekday".
        const weekday = c.sample.length > 0 && c.sample.every((v) => WEEKDAY.test(String(v).trim())) ? ['day of the week', 'day of week', 'weekday', 'weekdays'] : [];
        const syn = [...(NAME_COLUMN.test(words.join('_')) ? [] : [rw.join(' ')]), whose(rw), ...namedThing, ...weekday].filter((s) => s !== n.replace(/_/g, ' ') && s.toLowerCase() !== sentence(readable(nameWords(n))).toLowerCase());
        // Two-letter codes of US states: "California" is CA.
        const sampled = [...new Set(c.sample.map((v) => String(v).trim()))];
        const stateCodes = sampled.length > 0 && sampled.every((v) => /^[A-Z]{2}$/.test(v)) && sampled.filter((v) => US_STATES[v]).length >= 0.8 * sampled.length;
        // (only the codes seen: a code is also taken as a stored value, and "IN", "OR", "ME" are words)
        const valueSynonyms = stateCodes ? Object.fromEntries(sampled.filter((v) => US_STATES[v]).map((code) => [code, [US_STATES[code]!]])) : undefined;
        dim(n, 'string', `text${c.distinct <= indexMax ? `, ${c.distinct} values: indexed so questions can name them` : ''}${keys.has(col.name) ? '; also a join key' : ''}${stateCodes ? '; codes of US states (their names are value synonyms)' : ''}`, { synonyms: syn, index: c.distinct <= indexMax, ...(valueSynonyms ? { valueSynonyms } : {}) });
        continue;
      }
      if (c.kind === 'boolean') {
        dim(uniqueName(words.join('_'), p.entity), 'boolean', 'boolean column', { synonyms: [rw.join(' ')] });
        continue;
      }
      // numbers
      if (isKey) continue;
      const ws = new Set([...words, ...rw]);
      const isCode = [...ws].some((w) => CODE_WORDS.has(w));
      const isYear = [...ws].some((w) => YEAR_WORDS.has(w)) || (c.kind === 'integer' && c.min !== undefined && c.min >= 1900 && c.max! <= 2100 && c.distinct <= 200 && ![...ws].some((w) => ADDITIVE_WORDS.has(w) || AVERAGE_WORDS.has(w)));
      // `num_enrolled`, `number_of_visits`, `count_orders`: a count kept on the row, an amount.
      // An abbreviated count suffix (`citation_num`, `visit_cnt`) says the same; the full word does not
      // (`house_number`, `flight_number` are labels).
      const countSuffix = c.kind === 'integer' && (c.min ?? 0) >= 0 && words.length >= 2 && ['num', 'cnt'].includes(words[words.length - 1]!);
      const additive = [...ws].some((w) => ADDITIVE_WORDS.has(w)) || (rw.length >= 2 && (rw[0] === 'number' || rw[0] === 'count')) || countSuffix;
      // In a table of prices or rates (daily prices: open, high, low, close), a number the name does
      // not say is an amount is one of those prices: averaged, never summed.
      const priceTable = ew.some((w) => PRICE_TABLE_WORDS.has(w));
      const averaged = [...ws].some((w) => AVERAGE_WORDS.has(w)) || (priceTable && !additive);
      const priced = priceTable && !additive && ![...ws].some((w) => AVERAGE_WORDS.has(w)) ? ew.filter((w) => PRICE_TABLE_WORDS.has(w)).map(singular).slice(-1) : [];
      const ordinal = [...ws].some((w) => ORDINAL_WORDS.has(w));
      if (isYear || isCode) {
        if (c.distinct <= 200) dim(uniqueName(words.join('_'), p.entity), 'number', isYear ? 'a year: grouped by, never summed' : 'a code: grouped by, never summed', { synonyms: [rw.join(' ')] });
        else notes[`skipped:${p.entity}.${col.name}`] = 'a code or coordinate: neither summed nor grouped';
        continue;
      }
      if (c.kind === 'integer' && c.distinct <= 20 && !additive && !averaged) {
        dim(uniqueName(words.join('_'), p.entity), 'number', `integer with ${c.distinct} values: a category, not an amount`, { synonyms: [rw.join(' ')] });
        continue;
      }
      // A rating or score with fractions (4.5) is a level to average, not a category.
      const gradedLevel = ordinal && averaged && !additive;
      if (ordinal && !additive && !(gradedLevel && c.kind === 'number')) {
        if (c.distinct <= 200) dim(uniqueName(words.join('_'), p.entity), 'number', 'an ordinal (position, level, rating): grouped by', { synonyms: [rw.join(' ')] });
        // Whole-number ratings (1 to 5 stars) are grouped by and averaged too.
        if (!gradedLevel) continue;
      }
      // A trailing unit (`weight_kg`, `price_usd`) is the format's unit; people say "total weight".
      const unit = rw.length > 1 ? UNIT_WORDS[rw[rw.length - 1]!] : undefined;
      const fmt = { kind: c.kind === 'integer' ? ('integer' as const) : ('number' as const), ...(unit ? { unit } : {}) };
      const generic = words.length === 1 && ['total', 'amount', 'value', 'price', 'cost', 'sum'].includes(words[0]!);
      const base = generic ? [...ew, ...rw] : rw;
      const phrase = base.join(' ');
      const spoken = unit ? base.slice(0, -1).join(' ') : undefined;
      const alsoSpoken = (...forms: Array<(x: string) => string>) => (spoken ? forms.map((f) => f(spoken)) : []);
      // The figure said of its thing: "average patient height", "total order freight" (not when the
      // name says the thing already: "car cost")
      const ofThing = (prefix: string) => (ew.length && !ew.some((w) => base.includes(w)) ? [phrase, ...(spoken ? [spoken] : [])].map((x) => `${prefix}${ew.join(' ')} ${x}`) : []);
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
        // as for dimensions: "population" of cities and of states, read by the thing the question is about
        synonyms.push(...[...shared, ...wanted.filter((x) => !synonyms.includes(x))].filter((x) => x.split(' ').length <= 2));
        measures.push({ name: n, entity: p.entity, agg, sql: colSql(col.name), label: mLabel, description: `${agg} of ${col.name} over ${p.info.name}`, synonyms, format: agg === 'avg' ? { kind: 'number' } : fmt, ...dated });
        measureWords.set(n, [...ws]);
        measureBase.set(n, { words: base, column: col.name });
        notes[`measures:${n}`] = why;
        return n;
      };
      // A count kept on each row (`citation_num`, `num_citations`, `visit_count`): "the number of citations",
      // "citations". Not when a table holds those things: then counting its rows is what the words mean.
      const counted = rw.length >= 2 && c.kind === 'integer' ? (['number', 'count'].includes(rw[0]!) ? rw.slice(rw[1] === 'of' ? 2 : 1) : ['number', 'count'].includes(rw[rw.length - 1]!) ? rw.slice(0, -1) : []) : [];
      const countedThing = counted.length > 0 && !/ed$/.test(counted[counted.length - 1]!) && !profiles.some((o) => singular(entityWords(o).join(' ')) === singular(counted.join(' ')) || singular(o.words.join(' ')) === singular(counted.join(' ')))
        ? [...counted.slice(0, -1), plural(singular(counted[counted.length - 1]!))].join(' ')
        : undefined;
      if (additive || !averaged) {
        const countSyn = countedThing ? [`number of ${countedThing}`, `total number of ${countedThing}`, `total ${countedThing}`, countedThing] : [];
        // a population counts people: "fewer than 100000 people", "number of inhabitants"
        if (rw.length === 1 && rw[0] === 'population') countSyn.push('people', 'number of people', 'inhabitants', 'number of inhabitants', 'residents');
        const n = addMeasure('sum', generic ? base.join('_') : words[0] === 'total' ? words.join('_') : `total_${words.join('_')}`, sentence(base.includes('total') ? base : ['total', ...base]), [phrase, `sum of ${phrase}`, ...alsoSpoken((x) => (x.startsWith('total') ? x : `total ${x}`), (x) => `sum of ${x}`), ...countSyn, ...(base.includes('total') ? [] : ofThing('total '))], countedThing ? `a count kept on each row (of ${countedThing}): summed (and averaged)` : additive ? 'an amount: summed (and averaged)' : 'a number of unknown meaning: summed and averaged (check that a sum makes sense)');
        addMeasure('avg', `average_${base.join('_')}`, sentence(['average', ...base.filter((w) => w !== 'total')]), [`mean ${phrase}`, `avg ${phrase}`, ...alsoSpoken((x) => `average ${x.replace(/^total /, '')}`), ...(countedThing ? [`average number of ${countedThing}`, `average ${countedThing}`] : []), ...(base.includes('total') ? [] : ofThing('average '))], 'average of the amount');
        if (!additive) undecided.push(`${p.entity}.${col.name}: summed, but the name does not say it is an amount`);
        const score = (additive ? 2 : 0) + ([...ws].some((w) => ['revenue', 'sales', 'amount', 'total', 'extendedprice', 'totalprice', 'payment', 'spend'].includes(w)) ? 2 : 0) + (p.entity === undefined ? 0 : 0);
        if (dating && (!rankingCandidate || score > rankingCandidate.score)) rankingCandidate = { name: n, entity: p.entity, score };
      } else {
        // When the column is also a dimension, its bare name stays the dimension's.
        const alsoDimension = gradedLevel && c.kind === 'integer';
        const bare = alsoDimension ? [] : [phrase, ...alsoSpoken((x) => x)];
        // "close" of a daily price is also "the close price".
        // (the open and close of a day's prices are also its opening and closing price)
        const spokenPrice = ({ open: 'opening', close: 'closing' } as Record<string, string>)[phrase];
        const asPrice = (prefix: string) => priced.flatMap((w) => [`${prefix}${phrase} ${w}`, ...(spokenPrice ? [`${prefix}${spokenPrice} ${w}`] : [])]);
        addMeasure('avg', `average_${base.join('_')}`, sentence(['average', ...base]), [...bare, `mean ${phrase}`, ...alsoSpoken((x) => `average ${x}`), ...asPrice(''), ...asPrice('average '), ...(alsoDimension ? [] : ofThing('')), ...ofThing('average ')], priced.length ? `a number in a table of ${plural(priced[0]!)}: one of those ${plural(priced[0]!)}, averaged, never summed` : 'a price, rate or level: averaged, never summed');
        addMeasure('min', `min_${base.join('_')}`, sentence(['lowest', ...base]), [`minimum ${phrase}`, `min ${phrase}`, `cheapest ${phrase}`, ...alsoSpoken((x) => `lowest ${x}`), ...asPrice('lowest '), ...asPrice('minimum ')], 'its lowest value');
        addMeasure('max', `max_${base.join('_')}`, sentence(['highest', ...base]), [`maximum ${phrase}`, `max ${phrase}`, ...alsoSpoken((x) => `highest ${x}`), ...asPrice('highest '), ...asPrice('maximum ')], 'its highest value');
      }
    }
    // "the cost of round trip fares": columns of a thing that end in the same word of money
    // (`round_trip_cost`, `one_direction_cost`) are that money of the things the rest of the name
    // qualifies (a kind of fare). Only for money: "the score of clarity courses" says nothing.)
    const ownBases = measures.filter((m) => m.entity === p.entity && (m.agg === 'sum' || m.agg === 'avg') && (measureBase.get(m.name)?.words.length ?? 0) >= 2);
    const headOf = (m: (typeof measures)[number]) => measureBase.get(m.name)!.words.slice(-1)[0]!;
    for (const m of ownBases) {
      const { words: b } = measureBase.get(m.name)!;
      const head = headOf(m);
      const columns = new Set(ownBases.filter((o) => headOf(o) === head).map((o) => measureBase.get(o.name)!.column));
      const qualifier = b.slice(0, -1);
      if (columns.size < 2 || !QUALIFIED_MONEY_WORDS.has(head) || qualifier.some((w) => /\d/.test(w) || ew.includes(w) || w === 'total' || w === 'average')) continue;
      const things = `${qualifier.join(' ')} ${pluralPhrase(ew.join(' '))}`;
      const said = m.agg === 'sum' ? [`${head} of ${things}`, `total ${head} of ${things}`] : [`average ${head} of ${things}`, `average ${head} of a ${qualifier.join(' ')} ${ew.join(' ')}`];
      const got = claim('metric', said);
      if (!got.length) continue;
      m.synonyms = [...(m.synonyms ?? []), ...got];
      notes[`measures:${m.name}`] += `; "${said[0]}": the ${head} of the ${things} (other columns end in "${head}" too)`;
    }
    // Price x quantity (less a fractional discount): the amount of a line, as an analyst would add it.
    const numeric = (re: RegExp) => p.info.columns.filter((x) => ['integer', 'number'].includes(p.cols.get(x.name)?.kind ?? '') && !keys.has(x.name) && [nameWords(x.name), columnWords(p, x.name)].some((w) => re.test(w.join('_'))));
    const prices = numeric(/(^|_)(unit_)?price$|(^|_)extendedprice$|(^|_)retailprice$/);
    const qtys = numeric(/(^|_)(quantity|qty|units|units_sold)$/);
    const discounts = numeric(/(^|_)discount$/).filter((x) => (p.cols.get(x.name)?.max ?? 2) <= 1);
    if (prices.length === 1 && qtys.length === 1 && dating) {
      const [pr, qt] = [colSql(prices[0]!.name), colSql(qtys[0]!.name)];
      const sql = discounts.length === 1 ? `${pr} * ${qt} * (1 - ${colSql(discounts[0]!.name)})` : `${pr} * ${qt}`;
      const n = uniqueName(used.has('revenue') ? `${p.entity}_revenue` : 'revenue', p.entity);
      const label = claim('metric', ['Revenue']).length ? 'Revenue' : sentence([...ew, 'revenue']);
      measures.push({ name: n, entity: p.entity, agg: 'sum', sql, label, description: `sum of ${prices[0]!.name} x ${qtys[0]!.name}${discounts.length === 1 ? ` x (1 - ${discounts[0]!.name})` : ''} over ${p.info.name}`, synonyms: claim('metric', ['sales', 'sales amount', 'amount sold', 'turnover']), format: { kind: 'number' }, ...dated });
      notes[`measures:${n}`] = `price x quantity${discounts.length === 1 ? ' less the discount (a fraction: its maximum is at most 1)' : ''}: the amount of each ${ew.join(' ')}`;
      rankingCandidate = { name: n, entity: p.entity, score: 10 };
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
      ...(dating && (verbDates.get(p.entity) ?? []).some((t) => t !== dating) ? { alternate_time_dimensions: verbDates.get(p.entity)!.filter((t) => t !== dating) } : {}),
      synonyms: claim('metric', [`number of ${pluralPhrase(ent)}`, `${ent} count`, `count of ${pluralPhrase(ent)}`, ...purchases(p).slice(1).map((x) => `number of ${x}`)]),
      format: { kind: 'integer' },
      ...dated,
    });
    notes[`measures:${countName}`] = dating ? `rows of ${p.info.name}, dated by ${dating}` : `rows of ${p.info.name}; no date reaches it, so no period applies`;
    // A table with a plain `count` column holds tallies (check-ins per business and day): "how many
    // check-ins" is the sum of the tallies, not the number of rows.
    const tally = p.info.columns.find((x) => p.cols.get(x.name)?.kind === 'integer' && !keys.has(x.name) && ['count', 'cnt', 'tally'].includes(columnWords(p, x.name).join('_')));
    const tallySum = tally && measures.find((m) => m.entity === p.entity && m.agg === 'sum' && m.sql === colSql(tally.name));
    const rowCount = measures[0]!;
    rowCount.synonyms = [...(rowCount.synonyms ?? []), ...claim('metric', phrasal(ent).flatMap((x) => (x.endsWith('s') ? [x, `number of ${x}`] : [])))];
    // "customer signups", "sign-ups": the people counted by the day they joined (bare "signups" only
    // when one table has them)
    const signup = signupDate(p);
    // "customers who joined / signed up in 2023": the verbs name that date (only when one table has signups)
    const signupTime = signup && signupTables.length === 1 ? timeDimensions.find((t) => t.name === signup.time) : undefined;
    if (signupTime) {
      const taken = new Set([signupTime.label, ...(signupTime.synonyms ?? [])].map((x) => (x ?? '').toLowerCase()));
      signupTime.synonyms = [...(signupTime.synonyms ?? []), ...['joined', 'signed up', 'signup date', 'sign-up date', 'sign up date'].filter((x) => !taken.has(x))];
      notes[`time_dimensions:${signupTime.name}`] = `${notes[`time_dimensions:${signupTime.name}`] ?? ''}; "joined", "signed up": the day each ${ent} signed up (${signup!.why.replace(/ \(.*$/, '')})`;
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
        measures.push({ name: n, entity: p.entity, agg: 'count', label, description: `Count of rows of ${p.info.name} by ${signup.time}`, synonyms, format: { kind: 'integer' }, time_dimension: signup.time });
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
        measures.push({ name: n, entity: p.entity, agg: 'count_distinct', sql: colSql(r.on[0]![0]), label: `Distinct ${pluralPhrase(tw)} in ${pluralPhrase(ent)}`, description: `count distinct ${r.on[0]![0]} over ${p.info.name}`, synonyms: [], format: { kind: 'integer' }, ...dated });
        notes[`measures:${n}`] = 'an id: counted distinct, never summed';
      }
    }
    entities.push({
      name: p.entity,
      table: p.info.name,
      primary_key: p.pk.length === 1 ? p.pk[0]! : p.pk,
      description: `Table ${p.info.name} (${p.rows} rows)`,
      synonyms: [...new Set([ent, pluralPhrase(ent), ...phrasal(ent), ...headNoun(p), ...purchases(p), ...otherNames(p)])].filter((s) => s !== p.entity.replace(/_/g, ' ')),
    });
    notes[`entities:${p.entity}`] = `primary key: ${p.pkWhy}`;
  }
  // "revenue": what the one table of sales or orders brings in, the sum of its one column of money
  // (a sale price, an amount), when no figure is called revenue already (price x quantity above).
  const purchaseTable = purchaseTables.length === 1 ? purchaseTables[0]! : undefined;
  if (purchaseTable && !measures.some((m) => /revenue/i.test(`${m.name} ${m.label ?? ''} ${(m.synonyms ?? []).join(' ')}`))) {
    const money = measures.filter((m) => m.entity === purchaseTable.entity && m.agg === 'sum' && (measureWords.get(m.name) ?? []).some((w) => SALE_MONEY_WORDS.has(w)) && !(measureWords.get(m.name) ?? []).some((w) => NOT_REVENUE_WORDS.has(w)));
    const sum = money.length === 1 ? money[0]! : undefined;
    if (sum) {
      sum.synonyms = [...(sum.synonyms ?? []), ...claim('metric', ['revenue', 'total revenue', 'sales revenue', 'revenue amount', 'turnover'])];
      notes[`measures:${sum.name}`] = `${notes[`measures:${sum.name}`] ?? ''}; "revenue": the one sum of money of ${purchaseTable.info.name}, what its ${pluralPhrase(entityWords(purchaseTable).join(' '))} bring in`;
    }
  }
  // A bare "name", "title" or "id" is drafted only when several things have one: it is then a shared
  // synonym, read as the one of the thing the question names, never as some other thing's.
  for (const [word, names] of bareWords) {
    if (names.length < 2 || dimensions.some((d) => d.name === word || d.label?.toLowerCase() === word)) continue;
    for (const d of dimensions) if (names.includes(d.name)) d.synonyms = [...(d.synonyms ?? []), word];
  }
  entities.sort((x, y) => (roleEntities.some((r) => r.name === x.name) ? 1 : 0) - (roleEntities.some((r) => r.name === y.name) ? 1 : 0));

  // 6. The main fact table: dated, most joins out, then most rows.
  const factScore = (p: TableProfile) => (ownTime.get(p.entity)?.length ? 1_000_000 : 0) + relationships.filter((r) => r.from === p.entity).length * 10_000 + Math.min(p.rows, 9_999);
  const fact = [...profiles].filter((p) => datingOf(p.entity)).sort((a, b) => factScore(b) - factScore(a))[0];
  const defaults: NonNullable<SemanticModelInput['defaults']> = {};
  let asOf: SemanticModelInput['as_of'] = 'today';
  if (fact) {
    const t = datingOf(fact.entity)!;
    defaults.time_dimension = t;
    asOf = { latest: t };
    notes['as_of'] = `"today" is the latest ${t} in the data (main fact table ${fact.info.name}); set a date, or QUARRY_AS_OF, to override`;
    const factMeasure = rankingCandidate?.entity === fact.entity ? rankingCandidate.name : measures.find((m) => m.entity === fact.entity && m.agg === 'count')?.name;
    const rank = rankingCandidate && rankingCandidate.score >= 2 ? rankingCandidate.name : factMeasure;
    if (rank) {
      defaults.ranking_metric = rank;
      notes['defaults'] = `ranking metric: ${rank} (${rank === factMeasure ? 'of the main fact table' : 'the clearest amount'}); time dimension: ${t}`;
    }
  } else {
    undecided.push('no dated table: relative periods ("last year") use the calendar date; set as_of');
  }
  for (const j of joins) void j;
  const name = IDENT.test(options.name ?? '') ? options.name! : snake(options.name ?? 'warehouse');
  const model: SemanticModelInput = {
    name,
    description: `Draft generated from the warehouse's tables on ${new Date().toISOString().slice(0, 10)}. Review names, synonyms, relationships and metrics before use.`,
    as_of: asOf,
    entities,
    relationships,
    dimensions,
    time_dimensions: timeDimensions,
    measures,
    defaults,
  };
  return { model, notes, joins, undecided, ...(fact ? { fact: fact.entity } : {}) };
}

/** The draft as YAML, each guess with its reason as a comment. */
export function draftYaml(model: SemanticModelInput, notes: Record<string, string> = {}, undecided: string[] = []): string {
  const doc = new Document(model);
  doc.commentBefore =
    ' Draft semantic model written by `quarry semantic bootstrap`.\n' +
    ' Generated from the warehouse: declared keys first, then column names checked on the data.\n' +
    ' Every guess carries its reason in a comment; review names, synonyms, relationships and metrics.' +
    (undecided.length ? `\n\n Could not decide (please check):\n${undecided.map((u) => `   - ${u}`).join('\n')}` : '');
  const root = doc.contents as YAMLMap;
  for (const section of ['entities', 'relationships', 'dimensions', 'time_dimensions', 'measures']) {
    const seq = root.get(section, true);
    if (!isSeq(seq)) continue;
    seq.items.forEach((item, i) => {
      if (!isMap(item)) return;
      const key = section === 'relationships' ? `${section}:${i}` : `${section}:${String(item.get('name'))}`;
      if (notes[key]) item.commentBefore = ` ${notes[key]}`;
    });
  }
  for (const key of ['as_of', 'defaults']) {
    const pair = root.items.find((p) => (p.key as { value?: unknown })?.value === key || p.key === key);
    if (pair && notes[key]) (pair.key as { commentBefore?: string }).commentBefore = ` ${notes[key]}`;
  }
  return doc.toString({ lineWidth: 120 });
}

/** Writes the draft as YAML (temp file + rename, so a reader never sees half a file). */
export async function writeDraftModel(path: string, model: SemanticModelInput, notes: Record<string, string> = {}, undecided: string[] = []): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, draftYaml(model, notes, undecided), 'utf8');
  await rename(tmp, path);
}

/** Opens the warehouse at `warehouseUrl`, drafts its model and writes it to `outPath`. */
export async function bootstrapToFile(warehouseUrl: string, outPath: string, options: BootstrapOptions = {}): Promise<SemanticModelInput> {
  return (await bootstrapUrlToFile(warehouseUrl, outPath, options)).model;
}

export async function bootstrapUrlToFile(warehouseUrl: string, outPath: string, options: BootstrapOptions = {}): Promise<BootstrapResult> {
  const { openWarehouse } = await import('./index.js');
  const warehouse = await openWarehouse(warehouseUrl);
  try {
    const fallback = basename(warehouseUrl.replace(/^duckdb:/, '').replace(/[/\\]+$/, ''), extname(warehouseUrl));
    const server = /^(postgres|mysql|mariadb)/i.test(warehouseUrl);
    const result = await bootstrapDraft(warehouse, { name: options.name ?? (server ? 'warehouse' : fallback), ...options });
    await writeDraftModel(outPath, result.model, result.notes, result.undecided);
    return result;
  } finally {
    await warehouse.close();
  }
}
