/**
 * Step 1, profile: every table in one scan (rows, distinct values, NULLs, min/max) plus a sample of
 * its text; the table's words and its shared column prefix (`c_`, `sbCust`).
 */
import type { TableInfo } from '../../warehouse/types.js';
import type { DraftContext } from './context.js';
import { nameWords, snake, splitGlued } from './vocabulary.js';

type Kind = 'text' | 'number' | 'integer' | 'date' | 'timestamp' | 'time' | 'boolean' | 'other';

export function kindOf(type: string): Kind {
  const t = type.toLowerCase();
  // (a PostgreSQL enum is USER-DEFINED: its labels are text)
  if (
    /^(user-defined|varchar|text|char|character|string|bpchar|enum|uuid|character varying|name|longtext|mediumtext|tinytext|nvarchar|nchar)/.test(
      t,
    )
  )
    return 'text';
  if (/^(date)$/.test(t)) return 'date';
  if (/^timestamp|^datetime/.test(t)) return 'timestamp';
  if (/^time\b/.test(t)) return 'time';
  if (/^bool|^tinyint\(1\)$/.test(t)) return 'boolean';
  if (/^(tinyint|smallint|mediumint|integer|int|bigint|hugeint|utinyint|usmallint|uinteger|ubigint|int2|int4|int8|year)\b/.test(t))
    return 'integer';
  if (/^(decimal|numeric|double|float|real|double precision|money)/.test(t)) return 'number';
  return 'other';
}

export interface ColumnProfile {
  name: string;
  kind: Kind;
  distinct: number;
  nulls: number;
  min?: number;
  max?: number;
  /** The largest last two digits of a whole number (HHMM times of day keep them under 60). */
  maxLastTwo?: number;
  /** The first and last date or time in the column (dates and timestamps). */
  firstDate?: string;
  lastDate?: string;
  /** A type of the database's own (an enum): read as text (`CAST(... AS TEXT)`). */
  userDefined?: boolean;
  sample: unknown[];
}

export interface TableProfile {
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

export const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The shared prefix of a table's columns (TPC-H `c_`, camel `sbCust`), normalized, or ''. */
export function columnPrefix(cols: string[]): string {
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

export const longestCommonPrefix = (xs: string[]): string => {
  let out = xs[0] ?? '';
  for (const x of xs) while (!x.startsWith(out)) out = out.slice(0, -1);
  return out;
};
export const GLUED = /^[a-z][a-z0-9]*$/;

/**
 * A short prefix every table and every column of the schema starts with (`sb` of `sbcustomer`,
 * `sbcustid`, `sbtxamount`): a house naming convention, not a word. Only for glued lower-case names
 * (camelCase folded by the database); the columns must carry it too, so tables that merely begin
 * alike (`product`, `profile`) keep their names.
 */
export function schemaPrefix(tables: TableInfo[]): string {
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
export function gluedColumnPrefix(table: string, cols: string[], schema: string): string {
  if (cols.length < 3 || !cols.every((c) => GLUED.test(c))) return '';
  let lcp = longestCommonPrefix(cols);
  while (lcp && cols.some((c) => c.length - lcp.length < 2)) lcp = lcp.slice(0, -1);
  if (schema && lcp.startsWith(schema)) return lcp;
  return lcp.length >= 3 && table.startsWith(lcp) ? lcp : '';
}

/** Profiles every table (fills `ctx.profiles`, `ctx.byTable`). */
export async function profileTables(ctx: DraftContext): Promise<void> {
  const { q, tableRef, run, tables, profiles, byTable, usedEntities } = ctx;
  const housePrefix = schemaPrefix(tables);
  for (const info of tables) {
    const raw = info.name.split('.').pop()!;
    let words = nameWords(raw);
    let prefix = columnPrefix(info.columns.map((c) => c.name));
    const glued =
      prefix === ''
        ? gluedColumnPrefix(
            raw,
            info.columns.map((c) => c.name),
            housePrefix,
          )
        : '';
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
      if (k === 'integer' || k === 'number' || k === 'date' || k === 'timestamp')
        parts.push(`min(${q(c.name)}) AS lo${i}`, `max(${q(c.name)}) AS hi${i}`);
      if (k === 'integer' && /time/i.test(c.name)) parts.push(`max(${q(c.name)} % 100) AS m${i}`);
    });
    const row = (await run(`SELECT ${parts.join(', ')} FROM ${tableRef(info.name)}`))[0] ?? {};
    const rows = Number(row.n__rows ?? 0);
    info.rowCount = rows;
    const textCols = profileable.filter((c) => kindOf(c.type) === 'text');
    const sample = textCols.length
      ? await run(`SELECT ${textCols.map((c) => q(c.name)).join(', ')} FROM ${tableRef(info.name)} LIMIT 50`)
      : [];
    profileable.forEach((c, i) => {
      const k = kindOf(c.type);
      cols.set(c.name, {
        name: c.name,
        kind: k,
        distinct: Number(row[`d${i}`] ?? 0),
        nulls: rows - Number(row[`v${i}`] ?? 0),
        ...(row[`lo${i}`] !== undefined && row[`lo${i}`] !== null
          ? k === 'date' || k === 'timestamp'
            ? { firstDate: String(row[`lo${i}`]), lastDate: String(row[`hi${i}`]) }
            : { min: Number(row[`lo${i}`]), max: Number(row[`hi${i}`]) }
          : {}),
        ...(row[`m${i}`] !== undefined && row[`m${i}`] !== null ? { maxLastTwo: Number(row[`m${i}`]) } : {}),
        ...(/^user-defined$/i.test(c.type) ? { userDefined: true } : {}),
        sample: k === 'text' ? sample.map((r) => r[c.name]).filter((v) => v !== null && v !== undefined) : [],
      });
    });
    const p: TableProfile = { info, entity, prefix, glued: glued !== '', words, pk: [], pkWhy: '', rows, cols };
    profiles.push(p);
    byTable.set(info.name, p);
  }
}
