/**
 * `quarry semantic import cortex FILE`: a Snowflake Cortex Analyst semantic model (YAML) as a
 * Quarry model.
 *
 * - logical table -> entity over `base_table` (the table name; `qualified` keeps the schema);
 *   `primary_key.columns` -> primary key;
 * - dimensions -> dimensions (type from `data_type`; `sample_values`/`is_enum` -> the values are
 *   indexed), time_dimensions -> time dimensions; synonyms and descriptions kept;
 * - facts (and the older `measures`) with a `default_aggregation` -> measures; metrics, whose
 *   `expr` aggregates facts (`SUM(orders.revenue)`), -> a measure, or, for arithmetic over
 *   several aggregates, a measure per aggregate and a derived metric; a metric's filter -> the
 *   measures' filter;
 * - relationships (many_to_one, one_to_one) with `relationship_columns` -> relationships;
 * - named filters -> glossary entries (Quarry has no named filters; the planner reads the glossary);
 * - verified_queries -> verified_queries: the SQL is written over the logical tables
 *   (`__orders` or `orders`, logical column names), so each logical table it reads becomes a
 *   CTE `__orders AS (SELECT <expr> AS <column>, ... FROM <base table>)` in front of it;
 *   onboarding questions come first.
 *
 * Cortex does not say which time dimension dates a fact: the table's first one (else the nearest
 * through joins), the others alternate.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { SemanticModelInput } from '../model.js';
import { ExprError, parseExpr } from '../expr.js';
import { JoinGraph } from '../graph.js';
import {
  aggregatesAsMeasures,
  guessDating,
  finishImportedModel,
  ImportError,
  nothingImported,
  labelFrom,
  parseInput,
  quarryName,
  readYaml,
  uniqueNames,
  type ImportResult,
  type Skipped,
} from './common.js';
import { parseAggregateExpr, plainColumn, rewriteColumns, SqlRewriteError, tokenize, type Token } from './sql.js';

export interface CortexImportOptions {
  /** The Quarry model's name (default: the Cortex model's). */
  name?: string;
  /** Keep the base table's schema (`SCHEMA.TABLE`); by default only the table name is used. */
  qualified?: boolean;
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
const Text = z.string().optional();
const Synonyms = z.array(z.union([z.string(), z.number()]).transform(String)).nullish();
const AGGREGATIONS = ['sum', 'avg', 'median', 'min', 'max', 'count', 'count_distinct'] as const;
const Column = z.looseObject({
  name: z.string().min(1),
  synonyms: Synonyms,
  description: Text,
  expr: z.union([z.string(), z.number()]).transform(String),
  data_type: Text,
  unique: z.boolean().optional(),
  sample_values: z.array(z.unknown()).nullish(),
  is_enum: z.boolean().optional(),
  default_aggregation: z.preprocess(lower, z.enum(AGGREGATIONS)).optional(),
  access_modifier: Text,
});
const LegacyColumn = Column.extend({ kind: z.preprocess(lower, z.enum(['dimension', 'time_dimension', 'measure', 'metric'])) });
const Metric = z.looseObject({
  name: z.string().min(1),
  synonyms: Synonyms,
  description: Text,
  expr: z.string().min(1),
  filter: z.looseObject({ expr: z.string().min(1) }).optional(),
  access_modifier: Text,
});
const Table = z.looseObject({
  name: z.string().min(1),
  synonyms: Synonyms,
  description: Text,
  base_table: z.looseObject({ database: Text, schema: Text, table: z.string().min(1) }),
  primary_key: z.looseObject({ columns: z.array(z.string().min(1)).min(1) }).optional(),
  dimensions: z.array(Column).nullish(),
  time_dimensions: z.array(Column).nullish(),
  facts: z.array(Column).nullish(),
  measures: z.array(Column).nullish(),
  columns: z.array(LegacyColumn).nullish(),
  metrics: z.array(Metric).nullish(),
  filters: z.array(z.looseObject({ name: z.string().min(1), synonyms: Synonyms, description: Text, expr: z.string().min(1) })).nullish(),
});
const CortexModel = z.looseObject({
  name: z.string().min(1),
  description: Text,
  tables: z.array(Table).min(1),
  relationships: z
    .array(
      z.looseObject({
        name: Text,
        left_table: z.string().min(1),
        right_table: z.string().min(1),
        relationship_columns: z.array(z.looseObject({ left_column: z.string().min(1), right_column: z.string().min(1) })).min(1),
        join_type: z.preprocess(lower, z.enum(['inner', 'left_outer', 'full_outer', 'cross', 'right_outer'])).optional(),
        relationship_type: z.preprocess(lower, z.enum(['many_to_one', 'one_to_one', 'one_to_many', 'many_to_many'])).optional(),
      }),
    )
    .nullish(),
  metrics: z.array(Metric).nullish(),
  verified_queries: z
    .array(
      z.looseObject({
        name: Text,
        question: z.string().min(1),
        sql: z.string().min(1),
        verified_at: z.unknown().optional(),
        verified_by: z.unknown().optional(),
        use_as_onboarding_question: z.boolean().optional(),
      }),
    )
    .nullish(),
  custom_instructions: Text,
  module_custom_instructions: z.unknown().optional(),
});

type TableIn = z.infer<typeof Table>;
type ColumnIn = z.infer<typeof Column>;
type Kind = 'dimension' | 'time_dimension' | 'fact';
interface LogicalColumn {
  table: string;
  kind: Kind;
  col: ColumnIn;
  at: string;
}

class Refused extends Error {}

const dimensionType = (dataType: string | undefined): 'string' | 'number' | 'boolean' | 'date' => {
  const t = (dataType ?? '').toLowerCase();
  if (/^(number|numeric|decimal|int|integer|bigint|smallint|tinyint|byteint|float|float4|float8|double|real)/.test(t)) return 'number';
  if (/^bool/.test(t)) return 'boolean';
  if (/^(date|timestamp|datetime|time)/.test(t)) return 'date';
  return 'string';
};
const identifier = (name: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

export function importCortex(path: string, options: CortexImportOptions = {}): ImportResult {
  const abs = resolve(path);
  if (!existsSync(abs) || !statSync(abs).isFile())
    throw new ImportError([{ file: path, path: '', problem: 'no such file (a Cortex Analyst semantic model is one YAML file)' }]);
  const file = relative(process.cwd(), abs) || abs;
  const raw = readYaml(abs);
  const cm = parseInput(CortexModel, raw, file);
  const skipped: Skipped[] = [];
  const notes: Record<string, string> = {};
  const guesses: string[] = [];
  const note = (key: string, text: string) => (notes[key] = notes[key] ? `${notes[key]}\n${text}` : text);
  const issues: { file: string; path: string; problem: string }[] = [];

  // logical tables, their columns by logical name (case-insensitive, as Snowflake resolves them)
  const tables = new Map<string, { t: TableIn; at: string; entity: string; columns: Map<string, LogicalColumn> }>();
  cm.tables.forEach((t, i) => {
    const at = `tables[${i}]`;
    const key = t.name.toLowerCase();
    if (tables.has(key))
      issues.push({ file, path: `${at}.name`, problem: `duplicate table name '${t.name}' (also ${tables.get(key)!.at})` });
    const columns = new Map<string, LogicalColumn>();
    const add = (kind: Kind, list: ColumnIn[] | null | undefined, field: string) =>
      (list ?? []).forEach((col, j) => {
        const k = col.name.toLowerCase();
        if (columns.has(k))
          issues.push({
            file,
            path: `${at}.${field}[${j}].name`,
            problem: `duplicate column name '${col.name}' in table '${t.name}' (also ${columns.get(k)!.at})`,
          });
        columns.set(k, { table: t.name, kind, col, at: `${at}.${field}[${j}]` });
      });
    add('dimension', t.dimensions, 'dimensions');
    add('time_dimension', t.time_dimensions, 'time_dimensions');
    add('fact', t.facts, 'facts');
    add('fact', t.measures, 'measures');
    (t.columns ?? []).forEach((col, j) => {
      const kind: Kind | undefined =
        col.kind === 'dimension'
          ? 'dimension'
          : col.kind === 'time_dimension'
            ? 'time_dimension'
            : col.kind === 'measure'
              ? 'fact'
              : undefined;
      if (!kind)
        return issues.push({
          file,
          path: `${at}.columns[${j}].kind`,
          problem: "'metric' columns are not supported; write metrics under `metrics:`",
        });
      columns.set(col.name.toLowerCase(), { table: t.name, kind, col, at: `${at}.columns[${j}]` });
    });
    tables.set(key, { t, at, entity: quarryName(t.name), columns });
  });
  const table = (name: string) => tables.get(name.toLowerCase());
  (cm.relationships ?? []).forEach((r, i) => {
    for (const side of ['left_table', 'right_table'] as const)
      if (!table(r[side]))
        issues.push({
          file,
          path: `relationships[${i}].${side}`,
          problem: `'${r[side]}' is not a logical table; tables: ${cm.tables.map((t) => t.name).join(', ')}`,
        });
  });
  if (issues.length) throw new ImportError(issues);

  // the expression of a logical column in Quarry form, relative to its own table
  const columnSql = (lc: LogicalColumn, trail: string[] = []): string => {
    const own = table(lc.table)!;
    return rewriteColumns(lc.col.expr, {
      bare: (name, quoted, text) => {
        const other = own.columns.get(name.toLowerCase());
        // an expression may build on another logical column of its table (not itself)
        if (other && other !== lc && !quoted && !trail.includes(other.col.name)) return paren(columnSql(other, [...trail, lc.col.name]));
        return `\${TABLE}.${text}`;
      },
      qualified: (q, name) => {
        const t = table(q);
        if (!t) return undefined;
        const other = t.columns.get(name.toLowerCase());
        if (!other) throw new Refused(`'${q}.${name}' is not a column of logical table ${q}`);
        const sql = paren(columnSql(other, [...trail, lc.col.name]));
        return t === own ? sql : sql.replace(/\$\{TABLE\}/g, `\${${t.entity}}`);
      },
    });
  };
  const paren = (sql: string) => (/^\$\{[A-Za-z_][A-Za-z0-9_]*\}\.[A-Za-z0-9_"]+$/.test(sql) ? sql : `(${sql})`);

  // entities
  const entities: SemanticModelInput['entities'] = [];
  const plain = (lc: LogicalColumn | undefined) => (lc ? plainColumn(lc.col.expr) : undefined);
  const physical = (t: TableIn, name: string) => plain(table(t.name)!.columns.get(name.toLowerCase())) ?? name;
  for (const { t, entity } of tables.values()) {
    const key = `entities:${entity}`;
    const b = t.base_table;
    const name = options.qualified && b.schema ? `${b.schema}.${b.table}` : b.table;
    const full = [b.database, b.schema, b.table].filter(Boolean).join('.');
    if (full !== name)
      note(
        key,
        `base_table ${full}: ${options.qualified ? 'the database' : 'the database and schema'} left out (Quarry reads the warehouse it is connected to${options.qualified ? '' : '; --qualified keeps the schema'})`,
      );
    let pk = t.primary_key?.columns.map((c) => physical(t, c));
    if (!pk) {
      const unique = [...(t.dimensions ?? []), ...(t.time_dimensions ?? [])]
        .filter((d) => d.unique && plainColumn(d.expr))
        .map((d) => plainColumn(d.expr)!);
      const joined = (cm.relationships ?? [])
        .filter((r) => r.right_table.toLowerCase() === t.name.toLowerCase())
        .flatMap((r) => r.relationship_columns.map((c) => physical(t, c.right_column)));
      pk = unique.length
        ? unique.slice(0, 1)
        : joined.length
          ? [...new Set(joined)]
          : [...table(t.name)!.columns.values()]
              .map(plain)
              .filter((x): x is string => !!x)
              .slice(0, 1);
      note(
        key,
        `guess: no primary_key; primary key = ${JSON.stringify(pk)} (${unique.length ? 'a unique dimension' : joined.length ? 'the columns other tables join to' : 'the first column'}; only used to count rows once across joins)`,
      );
    }
    entities.push({
      name: entity,
      table: name,
      primary_key: pk.length === 1 ? pk[0]! : pk,
      ...(t.description ? { description: t.description.trim() } : {}),
      synonyms: t.synonyms ?? [],
    });
  }

  // relationships
  const relationships: NonNullable<SemanticModelInput['relationships']> = [];
  (cm.relationships ?? []).forEach((r, i) => {
    const left = table(r.left_table)!;
    const right = table(r.right_table)!;
    const what = `relationship ${r.name ?? `${r.left_table} -> ${r.right_table}`} (relationships[${i}])`;
    const type = r.relationship_type ?? 'many_to_one';
    if (type === 'many_to_many') return skipped.push({ what, why: 'many_to_many; Quarry joins to one row only' });
    if (r.join_type && !['inner', 'left_outer'].includes(r.join_type))
      return skipped.push({ what, why: `join_type ${r.join_type}; Quarry joins left outer` });
    const on = r.relationship_columns.map((c) => [physical(left.t, c.left_column), physical(right.t, c.right_column)] as [string, string]);
    const rel =
      type === 'one_to_many'
        ? { from: right.entity, to: left.entity, on: on.map(([a, b]) => [b, a] as [string, string]), cardinality: 'many_to_one' as const }
        : { from: left.entity, to: right.entity, on, cardinality: type };
    const key = `relationships:${relationships.length}`;
    relationships.push(rel);
    note(key, `relationship ${r.name ?? ''} (${type}${r.join_type ? `, ${r.join_type}` : ''})`.replace(/\s+\(/, ' ('));
    if (r.join_type === 'inner')
      note(key, 'join_type inner: Quarry joins left outer, so rows without a match stay (grouped under no value)');
  });
  const graph = new JoinGraph(relationships.map((r) => ({ ...r, cardinality: r.cardinality ?? 'many_to_one' })));

  // dimensions and time dimensions
  const allCols = [...tables.values()].flatMap((x) => [...x.columns.values()]);
  const dimNames = uniqueNames(allCols.filter((c) => c.kind !== 'fact').map((lc) => ({ owner: lc.table, name: lc.col.name, lc })));
  const dimensions: NonNullable<SemanticModelInput['dimensions']> = [];
  const timeDimensions: NonNullable<SemanticModelInput['time_dimensions']> = [];
  for (const [it, n] of dimNames) {
    const { lc } = it;
    const entity = table(lc.table)!.entity;
    const what = `${lc.kind === 'time_dimension' ? 'time dimension' : 'dimension'} ${lc.table}.${lc.col.name} (${lc.at})`;
    let sql: string;
    try {
      sql = columnSql(lc);
    } catch (e) {
      if (e instanceof SqlRewriteError || e instanceof Refused) {
        skipped.push({ what, why: `its expr cannot be read: ${e.message}` });
        continue;
      }
      throw e;
    }
    const common = {
      name: n.name,
      entity,
      sql,
      label: labelFrom(lc.col.name),
      ...(lc.col.description ? { description: lc.col.description.trim() } : {}),
      synonyms: [...(lc.col.synonyms ?? []), ...(n.name !== quarryName(lc.col.name) ? [lc.col.name.replace(/_/g, ' ').toLowerCase()] : [])],
    };
    const key = `${lc.kind === 'time_dimension' ? 'time_dimensions' : 'dimensions'}:${n.name}`;
    if (n.renamed) note(key, `renamed: ${n.renamed}`);
    if (lc.kind === 'time_dimension') timeDimensions.push(common);
    else {
      const type = dimensionType(lc.col.data_type);
      const index = type === 'string' && !lc.col.unique && (lc.col.is_enum === true || (lc.col.sample_values?.length ?? 0) > 0);
      dimensions.push({ ...common, type, index_values: index });
      if (index) note(key, `index_values: true (sample values given: questions may name its values)`);
      if (lc.col.cortex_search_service || lc.col.cortex_search_service_name)
        note(key, 'its Cortex Search service is not imported; Quarry indexes the values itself');
    }
  }

  // measures: facts with a default aggregation, then metrics
  const measures: NonNullable<SemanticModelInput['measures']> = [];
  const metrics: NonNullable<SemanticModelInput['metrics']> = [];
  const measureNames = uniqueNames([
    ...allCols.filter((c) => c.kind === 'fact').map((lc) => ({ owner: lc.table, name: lc.col.name, at: lc.at })),
    ...[...tables.values()].flatMap((x) =>
      (x.t.metrics ?? []).map((m, j) => ({ owner: x.t.name, name: m.name, at: `${x.at}.metrics[${j}]` })),
    ),
    ...(cm.metrics ?? []).map((m, j) => ({ owner: cm.name, name: m.name, at: `metrics[${j}]` })),
  ]);
  const nameAt = new Map([...measureNames].map(([it, n]) => [it.at, n.name]));
  const metricOf = new Map<string, string>(); // `table.metric` (lower) -> Quarry name
  const dating = (entity: string, key: string) => {
    const g = guessDating(entity, timeDimensions, graph);
    if (g.note) note(key, g.note);
    return g.time_dimension
      ? { time_dimension: g.time_dimension, ...(g.alternates.length ? { alternate_time_dimensions: g.alternates } : {}) }
      : { time_bound: false };
  };
  const AGG: Record<string, 'sum' | 'avg' | 'min' | 'max' | 'count' | 'count_distinct'> = {
    sum: 'sum',
    avg: 'avg',
    average: 'avg',
    min: 'min',
    max: 'max',
    count: 'count',
    count_distinct: 'count_distinct',
  };

  for (const lc of allCols.filter((c) => c.kind === 'fact')) {
    const name = nameAt.get(lc.at)!;
    const entity = table(lc.table)!.entity;
    const key = `measures:${name}`;
    const what = `fact ${lc.table}.${lc.col.name} (${lc.at})`;
    if (!lc.col.default_aggregation) {
      skipped.push({ what, why: 'a row-level fact with no default_aggregation: metrics may use it, it is no measure of its own' });
      continue;
    }
    if (lc.col.default_aggregation === 'median') {
      skipped.push({ what, why: 'default_aggregation median; Quarry has sum, count, count_distinct, avg, min and max' });
      continue;
    }
    try {
      measures.push({
        name,
        entity,
        agg: AGG[lc.col.default_aggregation]!,
        sql: columnSql(lc),
        label: labelFrom(lc.col.name),
        ...(lc.col.description ? { description: lc.col.description.trim() } : {}),
        synonyms: lc.col.synonyms ?? [],
        format: { kind: lc.col.default_aggregation.startsWith('count') ? 'integer' : 'number' },
        ...dating(entity, key),
      });
      note(key, `fact ${lc.col.name} of ${lc.table} with default_aggregation ${lc.col.default_aggregation}`);
      metricOf.set(`${lc.table}.${lc.col.name}`.toLowerCase(), name);
    } catch (e) {
      if (e instanceof SqlRewriteError || e instanceof Refused) skipped.push({ what, why: `its expr cannot be read: ${e.message}` });
      else throw e;
    }
  }

  /** A metric expression: one aggregate -> a measure; arithmetic over aggregates -> measures + a derived metric. */
  const metric = (owner: string | undefined, m: z.infer<typeof Metric>, at: string) => {
    const name = nameAt.get(at)!;
    const what = `metric ${m.name} (${at})`;
    try {
      // model-level arithmetic over table metrics: `orders.revenue / orders.order_count`
      const toks = tokenize(m.expr);
      const refs = toks.filter((t): t is Extract<Token, { t: 'ident' }> => t.t === 'ident');
      if (!owner) {
        const names = m.expr.replace(
          /([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)/g,
          (all, t: string, x: string) => metricOf.get(`${t}.${x}`.toLowerCase()) ?? all,
        );
        let arithmetic = false;
        try {
          parseExpr(names);
          arithmetic = !/\./.test(names);
        } catch (e) {
          if (!(e instanceof ExprError)) throw e;
        }
        if (arithmetic) {
          if (m.filter) throw new Refused('a filter on a metric built from other metrics; Quarry filters measures');
          metrics.push({
            name,
            expression: names.trim(),
            label: labelFrom(m.name),
            ...(m.description ? { description: m.description.trim() } : {}),
            synonyms: m.synonyms ?? [],
          });
          note(`metrics:${name}`, `model metric ${m.name}; Quarry divides as floats and never by zero (NULL)`);
          metricOf.set(`${cm.name}.${m.name}`.toLowerCase(), name);
          return;
        }
        // else aggregates over one table's columns, e.g. SUM(orders.amount)
        const used = new Set(
          refs
            .filter((t) => toks[toks.indexOf(t) + 1]?.v === '.')
            .map((t) => t.name.toLowerCase())
            .filter((x) => tables.has(x)),
        );
        if (used.size !== 1)
          throw new Refused(`'${m.expr}' neither combines table metrics with + - * / nor aggregates one table's columns`);
        owner = table([...used][0]!)!.t.name;
      }
      const own = table(owner)!;
      const entity = own.entity;
      // the expression's columns in Quarry form (logical columns of the tables, else physical ones)
      const fake: LogicalColumn = { table: own.t.name, kind: 'fact', col: { name: `__metric_${m.name}`, expr: m.expr } as ColumnIn, at };
      const sql = columnSql(fake);
      const filter = m.filter ? columnSql({ ...fake, col: { name: `__filter_${m.name}`, expr: m.filter.expr } as ColumnIn }) : undefined;
      let parsed;
      try {
        parsed = parseAggregateExpr(sql, new Set(['sum', 'avg', 'average', 'min', 'max', 'count']));
      } catch (e) {
        if (e instanceof SqlRewriteError) throw new Refused(`'${m.expr}' is not arithmetic over SUM/AVG/MIN/MAX/COUNT: ${e.message}`);
        throw e;
      }
      const key = parsed.kind === 'agg' ? `measures:${name}` : `metrics:${name}`;
      const common = {
        label: labelFrom(m.name),
        ...(m.description ? { description: m.description.trim() } : {}),
        synonyms: m.synonyms ?? [],
      };
      if (parsed.kind === 'agg') {
        const agg = parsed.fn === 'count' && parsed.distinct ? 'count_distinct' : AGG[parsed.fn]!;
        measures.push({
          name,
          entity,
          agg,
          ...(parsed.arg !== '*' ? { sql: parsed.arg } : {}),
          ...(filter ? { filter } : {}),
          ...common,
          format: { kind: agg.startsWith('count') ? 'integer' : 'number' },
          ...dating(entity, key),
        });
        note(key, `metric ${m.name} of ${own.t.name}: ${m.expr}${m.filter ? ` where ${m.filter.expr}` : ''}`);
      } else {
        const expression = aggregatesAsMeasures(
          parsed,
          { name, label: labelFrom(m.name), entity, filter, partOf: `metric ${m.name} of ${own.t.name}`, aggregation: (fn) => AGG[fn]! },
          { measures, dating, note },
        );
        metrics.push({ name, expression, ...common });
        note(
          key,
          `metric ${m.name} of ${own.t.name}: ${m.expr}; its aggregates as measures; Quarry divides as floats and never by zero (NULL)`,
        );
      }
      metricOf.set(`${own.t.name}.${m.name}`.toLowerCase(), name);
    } catch (e) {
      if (e instanceof Refused || e instanceof SqlRewriteError) skipped.push({ what, why: e.message });
      else throw e;
    }
  };
  for (const { t, at } of tables.values()) (t.metrics ?? []).forEach((m, j) => metric(t.name, m, `${at}.metrics[${j}]`));
  (cm.metrics ?? []).forEach((m, j) => metric(undefined, m, `metrics[${j}]`));
  if (!measures.length)
    throw nothingImported(file, 'tables', 'no fact or metric could be imported as a measure (facts need a default_aggregation)', skipped);

  // named filters: glossary entries the planner reads
  const glossary: Record<string, string> = {};
  for (const { t } of tables.values())
    for (const f of t.filters ?? []) {
      glossary[f.name.replace(/_/g, ' ')] =
        `${f.description ? `${f.description.trim()} ` : ''}(filter on ${t.name}: ${f.expr.trim()})${f.synonyms?.length ? `; also called ${f.synonyms.join(', ')}` : ''}`;
    }
  if (Object.keys(glossary).length)
    notes.glossary = 'the named filters of the Cortex tables: Quarry has no named filters, its planner reads the glossary';
  if (cm.custom_instructions || cm.module_custom_instructions)
    skipped.push({ what: 'custom_instructions', why: 'Quarry has no instructions for its planner; put business rules into the glossary' });

  // verified queries over the logical tables
  const verified: NonNullable<SemanticModelInput['verified_queries']> = [];
  const vqs = (cm.verified_queries ?? [])
    .map((v, i) => ({ v, i }))
    .sort((a, b) => Number(b.v.use_as_onboarding_question === true) - Number(a.v.use_as_onboarding_question === true));
  for (const { v, i } of vqs) {
    try {
      const sql = logicalSql(v.sql, tables, cm.relationships ?? [], options.qualified === true);
      notes[`verified_queries:${verified.length}`] =
        `verified query ${v.name ?? ''} (verified_queries[${i}])${v.verified_by ? ` by ${String(v.verified_by)}` : ''}: its SQL as written, over the logical tables as CTEs`
          .replace(/ \(/, ' (')
          .replace(/query {2}\(/, 'query (');
      verified.push({ question: v.question, sql });
    } catch (e) {
      if (e instanceof SqlRewriteError || e instanceof Refused)
        skipped.push({ what: `verified query ${v.name ?? v.question} (verified_queries[${i}])`, why: e.message });
      else throw e;
    }
  }
  if (verified.length)
    guesses.push(
      'verified queries keep their SQL as written (Snowflake SQL); run `quarry eval --verified` to check each one on your warehouse',
    );

  guesses.push(
    "each measure is dated by its table's first time dimension (else the nearest one through relationships); Cortex does not say",
  );
  return finishImportedModel(
    {
      name: options.name ?? quarryName(cm.name),
      description: (cm.description ?? `Imported from the Cortex Analyst semantic model ${cm.name} (${basename(file)}).`).trim(),
      entities,
      relationships,
      dimensions,
      time_dimensions: timeDimensions,
      measures,
      metrics,
      extra: { ...(Object.keys(glossary).length ? { glossary } : {}), verified_queries: verified },
    },
    { notes, skipped, guesses, files: [file] },
  );
}

type Tables = Map<string, { t: TableIn; at: string; entity: string; columns: Map<string, LogicalColumn> }>;

const CLAUSE_WORDS = new Set([
  'where',
  'group',
  'order',
  'having',
  'limit',
  'join',
  'left',
  'right',
  'inner',
  'full',
  'cross',
  'on',
  'using',
  'union',
  'except',
  'intersect',
  'qualify',
  'window',
  'natural',
  'lateral',
  'offset',
  'fetch',
]);

/**
 * A verified query's SQL over the logical tables, made runnable on the warehouse: each logical
 * table it reads (`__orders`, or `orders` after FROM/JOIN) becomes a CTE of its logical columns
 * (and the key columns joins use) over the base table.
 */
export function logicalSql(
  sql: string,
  tables: Tables,
  relationships: { left_table: string; right_table: string; relationship_columns: { left_column: string; right_column: string }[] }[],
  qualified: boolean,
): string {
  const toks = tokenize(sql.trim().replace(/;\s*$/, ''));
  const used = new Set<string>();
  const sig = (from: number, step: 1 | -1) => {
    for (let k = from; k >= 0 && k < toks.length; k += step) if (toks[k]!.t !== 'ws' && toks[k]!.t !== 'comment') return k;
    return -1;
  };
  const out: string[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.t !== 'ident') {
      out.push(t.v);
      continue;
    }
    const low = t.name.toLowerCase();
    if (low.startsWith('__') && tables.has(low.slice(2))) {
      used.add(low.slice(2));
      out.push(`__${low.slice(2)}`);
      continue;
    }
    const prevK = sig(k - 1, -1);
    const prev = prevK >= 0 ? toks[prevK]! : undefined;
    const nextK = sig(k + 1, 1);
    const next = nextK >= 0 ? toks[nextK]! : undefined;
    const afterFrom = prev?.t === 'ident' && ['from', 'join'].includes(prev.v.toLowerCase());
    if (afterFrom && tables.has(low) && next?.v !== '.' && next?.v !== '(') {
      used.add(low);
      // keep the name the query uses for its columns: `FROM orders` -> `FROM __orders AS orders`
      const aliased = next && (next.t === 'ident' ? !CLAUSE_WORDS.has(next.v.toLowerCase()) : false);
      out.push(aliased ? `__${low}` : `__${low} AS ${t.v}`);
      continue;
    }
    out.push(t.v);
  }
  if (!used.size) return sql.trim().replace(/;\s*$/, '');
  const ctes = [...used].map((name) => {
    const { t, columns } = tables.get(name)!;
    const b = t.base_table;
    const source = qualified && b.schema ? `${b.schema}.${b.table}` : b.table;
    const cols = new Map<string, string>();
    for (const lc of columns.values()) cols.set(lc.col.name.toLowerCase(), `${lc.col.expr} AS ${identifier(lc.col.name)}`);
    const keys = [
      ...(t.primary_key?.columns ?? []),
      ...relationships.flatMap((r) => [
        ...(r.left_table.toLowerCase() === name ? r.relationship_columns.map((c) => c.left_column) : []),
        ...(r.right_table.toLowerCase() === name ? r.relationship_columns.map((c) => c.right_column) : []),
      ]),
    ];
    for (const k of keys) if (!cols.has(k.toLowerCase())) cols.set(k.toLowerCase(), identifier(k));
    return `__${name} AS (SELECT ${[...cols.values()].join(', ')} FROM ${source})`;
  });
  const body = out.join('');
  const withMatch = /^\s*with\s+(recursive\s+)?/i.exec(body);
  if (withMatch) return `WITH ${withMatch[1] ?? ''}${ctes.join(',\n')},\n${body.slice(withMatch[0].length)}`;
  return `WITH ${ctes.join(',\n')}\n${body}`;
}
