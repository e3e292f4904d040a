/**
 * Drafts a semantic model from a warehouse's own shape (`quarry semantic bootstrap`): one entity per
 * table, primary keys checked for uniqueness in the data, foreign keys guessed from names
 * (o_custkey -> customer.c_custkey, customer_id -> customer.id), dimensions for text columns
 * (low-cardinality ones get `index_values`), time dimensions for dates, a count per entity and
 * sums of numeric non-key columns. A person then reviews names, synonyms and metrics.
 */
import { rename, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { stringify } from 'yaml';
import type { SemanticModelInput } from '../semantic/model.js';
import type { TableInfo, Warehouse } from './types.js';

export interface BootstrapOptions {
  /** The model's name; default `warehouse`. */
  name?: string;
  /** Text columns with at most this many distinct values get `index_values: true`. Default 50. */
  indexValuesMax?: number;
  /** Per-query time budget of the profiling queries. Default 60 s. */
  timeoutMs?: number;
}

type Kind = 'text' | 'number' | 'integer' | 'date' | 'timestamp' | 'boolean' | 'other';

function kindOf(type: string): Kind {
  const t = type.toLowerCase();
  if (/^(varchar|text|char|character|string|bpchar|enum|uuid|character varying|name)/.test(t)) return 'text';
  if (/^(date)$/.test(t)) return 'date';
  if (/^timestamp|^datetime/.test(t)) return 'timestamp';
  if (/^bool/.test(t)) return 'boolean';
  if (/^(tinyint|smallint|integer|int|bigint|hugeint|utinyint|usmallint|uinteger|ubigint|int2|int4|int8)\b/.test(t)) return 'integer';
  if (/^(decimal|numeric|double|float|real|double precision)/.test(t)) return 'number';
  return 'other';
}

const IDENT = /^[a-z][a-z0-9_]*$/;
/** A lower_snake name the model schema accepts. */
function snake(s: string): string {
  let n = s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/^[a-z]/.test(n)) n = `t_${n}`;
  return n || 'unnamed';
}
const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
const colSql = (c: string) => (/^[a-z_][a-z0-9_]*$/.test(c) ? `\${TABLE}.${c}` : `\${TABLE}.${q(c)}`);
const tableRef = (name: string) => name.split('.').map(q).join('.');

/** The shared `xx_` prefix of a table's columns (TPC-H style), or ''. */
function columnPrefix(cols: string[]): string {
  if (cols.length < 2) return '';
  const m = /^([a-z]{1,4}_)/i.exec(cols[0]!);
  if (!m) return '';
  return cols.every((c) => c.toLowerCase().startsWith(m[1]!.toLowerCase())) ? m[1]!.toLowerCase() : '';
}

const isKeyLike = (stem: string) => /(key|id)$/i.test(stem);

/** orderdate -> order_date, shipdate -> ship_date; others unchanged. */
function nicerDate(stem: string): string {
  const m = /^([a-z]+?)(date|time)$/.exec(stem);
  return m && m[1]!.length > 1 ? `${m[1]}_${m[2]}` : stem;
}

interface TableProfile {
  info: TableInfo;
  entity: string;
  prefix: string;
  stem: (col: string) => string;
  pk: string[];
  distinct: Map<string, number>;
}

function humanise(s: string): string {
  const t = s.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Introspects and profiles the warehouse, then returns a draft model (SemanticModelInput). */
export async function bootstrapModel(warehouse: Warehouse, options: BootstrapOptions = {}): Promise<SemanticModelInput> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const indexMax = options.indexValuesMax ?? 50;
  const tables = (await warehouse.introspect()).filter((t) => t.columns.length > 0);
  if (tables.length === 0) throw new Error('The warehouse has no tables to describe');

  const usedEntities = new Set<string>();
  const profiles: TableProfile[] = [];
  for (const info of tables) {
    let entity = snake(info.name.split('.').pop()!);
    while (usedEntities.has(entity)) entity = `${entity}_2`;
    usedEntities.add(entity);
    const prefix = columnPrefix(info.columns.map((c) => c.name));
    const stem = (col: string) => {
      const lc = col.toLowerCase();
      return prefix && lc.startsWith(prefix) ? lc.slice(prefix.length) : lc;
    };
    // Distinct counts of every column in one scan: they give keys and cardinalities at once.
    const distinct = new Map<string, number>();
    const profileable = info.columns.filter((c) => kindOf(c.type) !== 'other');
    if (profileable.length > 0) {
      const sql = `SELECT count(*) AS n__rows, ${profileable.map((c, i) => `count(DISTINCT ${q(c.name)}) AS c${i}`).join(', ')} FROM ${tableRef(info.name)}`;
      const r = await warehouse.run(sql, { timeoutMs, maxRows: 1 });
      const row = r.rows[0] ?? {};
      info.rowCount = Number(row.n__rows ?? info.rowCount ?? 0);
      profileable.forEach((c, i) => distinct.set(c.name, Number(row[`c${i}`] ?? 0)));
    }
    profiles.push({ info, entity, prefix, stem, pk: [], distinct });
  }

  // Primary keys: a unique key-like column whose name matches the table; else a unique pair.
  for (const p of profiles) {
    const rows = p.info.rowCount ?? 0;
    const keyCols = p.info.columns.filter((c) => isKeyLike(p.stem(c.name)) && ['integer', 'text'].includes(kindOf(c.type)));
    const unique = keyCols.filter((c) => p.distinct.get(c.name) === rows && rows > 0);
    const tableWord = snake(p.info.name.split('.').pop()!).replace(/s$/, '');
    const named = unique.find((c) => {
      const s = p.stem(c.name).replace(/_?(key|id)$/, '');
      return s === '' || tableWord.startsWith(s) || s.startsWith(tableWord);
    });
    if (named) p.pk = [named.name];
    else if (unique.length > 0 && keyCols.length === 1) p.pk = [unique[0]!.name];
    else {
      const seconds = p.info.columns.filter((c) => kindOf(c.type) === 'integer');
      outer: for (const a of keyCols) {
        for (const b of seconds) {
          if (a === b) continue;
          if (!isKeyLike(p.stem(b.name)) && !/(number|line|seq|no)$/.test(p.stem(b.name))) continue;
          const r = await warehouse.run(`SELECT count(*) AS n FROM (SELECT DISTINCT ${q(a.name)}, ${q(b.name)} FROM ${tableRef(p.info.name)})`, { timeoutMs, maxRows: 1 });
          if (Number(r.rows[0]?.n) === rows) {
            p.pk = [a.name, b.name];
            break outer;
          }
        }
      }
    }
    if (p.pk.length === 0) p.pk = [unique[0]?.name ?? p.info.columns[0]!.name];
  }

  // Foreign keys by name: a key-like column whose stem is another table's single-key stem.
  const relationships: NonNullable<SemanticModelInput['relationships']> = [];
  const fkCols = new Map<TableProfile, Set<string>>();
  for (const a of profiles) {
    const mine = new Set<string>();
    for (const col of a.info.columns) {
      const stem = a.stem(col.name);
      if (!isKeyLike(stem)) continue;
      if (a.pk.length === 1 && a.pk[0] === col.name) continue;
      const target = profiles.find((b) => {
        if (b === a || b.pk.length !== 1) return false;
        const bStem = b.stem(b.pk[0]!);
        if (bStem === stem) return true;
        const word = b.entity.replace(/s$/, '');
        return bStem === 'id' && (stem === `${b.entity}_id` || stem === `${word}_id`);
      });
      if (target) {
        relationships.push({ from: a.entity, to: target.entity, on: [[col.name, target.pk[0]!]], cardinality: 'many_to_one' });
        mine.add(col.name);
      }
    }
    // Composite: all parts of another table's composite key appear here under the same stems.
    for (const b of profiles) {
      if (b === a || b.pk.length < 2) continue;
      const pairs = b.pk.map((k) => [a.info.columns.find((c) => a.stem(c.name) === b.stem(k))?.name, k] as const);
      const samePk = a.pk.length === b.pk.length && pairs.every(([x]) => x !== undefined && a.pk.includes(x));
      if (!samePk && pairs.every(([x]) => x !== undefined)) {
        relationships.push({ from: a.entity, to: b.entity, on: pairs.map(([x, k]) => [x!, k] as [string, string]), cardinality: 'many_to_one' });
      }
    }
    fkCols.set(a, mine);
  }

  // Dimensions, time dimensions and measures; names unique across the whole model.
  const used = new Set<string>();
  const allStems = new Map<string, number>();
  for (const p of profiles) for (const c of p.info.columns) allStems.set(p.stem(c.name), (allStems.get(p.stem(c.name)) ?? 0) + 1);
  const uniqueName = (base: string, entity: string): string => {
    let n = snake(base);
    if (used.has(n) || (allStems.get(base) ?? 0) > 1) n = snake(`${entity}_${base}`);
    while (used.has(n)) n = `${n}_2`;
    used.add(n);
    return n;
  };
  const dimensions: NonNullable<SemanticModelInput['dimensions']> = [];
  const timeDimensions: NonNullable<SemanticModelInput['time_dimensions']> = [];
  const measures: NonNullable<SemanticModelInput['measures']> = [];
  const entities: SemanticModelInput['entities'] = [];
  for (const p of profiles) {
    const keys = new Set([...p.pk, ...(fkCols.get(p) ?? [])]);
    const firstTime: string[] = [];
    for (const col of p.info.columns) {
      const stem = p.stem(col.name);
      const kind = kindOf(col.type);
      if (kind === 'date' || kind === 'timestamp') {
        const name = uniqueName(nicerDate(stem), p.entity);
        timeDimensions.push({ name, entity: p.entity, sql: colSql(col.name), label: humanise(name), description: `${col.name} of ${p.info.name}` });
        firstTime.push(name);
      }
    }
    for (const col of p.info.columns) {
      const stem = p.stem(col.name);
      const kind = kindOf(col.type);
      if (keys.has(col.name) || isKeyLike(stem)) continue;
      if (kind === 'text' || kind === 'boolean') {
        const name = uniqueName(stem, p.entity);
        const n = p.distinct.get(col.name) ?? Infinity;
        dimensions.push({
          name,
          entity: p.entity,
          sql: colSql(col.name),
          type: kind === 'boolean' ? 'boolean' : 'string',
          label: humanise(name),
          description: `${col.name} of ${p.info.name} (${Number.isFinite(n) ? `${n} distinct values` : 'text'})`,
          index_values: kind === 'text' && n <= indexMax,
        });
      } else if (kind === 'number' || kind === 'integer') {
        const name = uniqueName(`total_${stem}`, p.entity);
        measures.push({
          name,
          entity: p.entity,
          agg: 'sum',
          sql: colSql(col.name),
          label: humanise(`total ${stem}`),
          description: `Sum of ${col.name} over ${p.info.name}`,
          format: { kind: kind === 'integer' ? 'integer' : 'number' },
          ...(firstTime[0] ? { time_dimension: firstTime[0] } : { time_bound: false }),
        });
      }
    }
    const countName = uniqueName(`${p.entity}_count`, p.entity);
    measures.unshift({
      name: countName,
      entity: p.entity,
      agg: 'count',
      label: `Number of ${p.entity.replace(/_/g, ' ')}`,
      description: `Count of rows of ${p.info.name}`,
      format: { kind: 'integer' },
      ...(firstTime[0] ? { time_dimension: firstTime[0] } : { time_bound: false }),
    });
    entities.push({
      name: p.entity,
      table: p.info.name,
      primary_key: p.pk.length === 1 ? p.pk[0]! : p.pk,
      description: `Table ${p.info.name} (${p.info.rowCount ?? '?'} rows)`,
    });
  }

  const name = IDENT.test(options.name ?? '') ? options.name! : snake(options.name ?? 'warehouse');
  return {
    name,
    description: `Draft generated from the warehouse's tables on ${new Date().toISOString().slice(0, 10)}. Review names, synonyms, relationships and metrics before use.`,
    entities,
    relationships,
    dimensions,
    time_dimensions: timeDimensions,
    measures,
  };
}

/** Writes the draft as YAML (temp file + rename, so a reader never sees half a file). */
export async function writeDraftModel(path: string, model: SemanticModelInput): Promise<void> {
  const header =
    '# Draft semantic model written by `quarry semantic bootstrap`.\n' +
    '# Generated from table and column names and the data; review it: names, synonyms,\n' +
    '# relationships (guessed from column names) and metrics (counts and sums only).\n';
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, header + stringify(model, { lineWidth: 120 }), 'utf8');
  await rename(tmp, path);
}

/** Opens the warehouse at `warehouseUrl`, drafts its model and writes it to `outPath`. */
export async function bootstrapToFile(warehouseUrl: string, outPath: string, options: BootstrapOptions = {}): Promise<SemanticModelInput> {
  const { openWarehouse } = await import('./index.js');
  const warehouse = await openWarehouse(warehouseUrl);
  try {
    const fallback = basename(warehouseUrl.replace(/^duckdb:/, '').replace(/[/\\]+$/, ''), extname(warehouseUrl));
    const model = await bootstrapModel(warehouse, { name: options.name ?? (/^postgres/.test(warehouseUrl) ? 'warehouse' : fallback), ...options });
    await writeDraftModel(outPath, model);
    return model;
  } finally {
    await warehouse.close();
  }
}
