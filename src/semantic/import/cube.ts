/**
 * `quarry semantic import cube PATH`: Cube (cube.dev) YAML cubes and views as a Quarry model.
 *
 * - cube -> entity (`sql_table` -> table, `sql` -> a SQL entity); `primary_key` dimensions ->
 *   primary key (an expression key -> the columns it reads);
 * - joins -> relationships: many_to_one (belongs_to) from the cube, one_to_many (has_many) from
 *   the joined cube, one_to_one (has_one) both ways; the ON clause must be column equalities;
 * - dimensions: string/number/boolean -> dimensions (`case` -> CASE WHEN), time -> time
 *   dimensions; member references (`{CUBE}`, `{member}`, `{cube.member}`) are resolved;
 * - measures: count/sum/avg/min/max/count_distinct(_approx) with `filters` -> measures;
 *   `number` over other measures -> a derived metric, over aggregates -> measures + a derived metric;
 * - views decide which members are exposed and under which names (`prefix`, `alias`); without
 *   views every public member is;
 * - segments, pre-aggregations, running totals, rolling windows, multi-stage measures, geo and
 *   sub-query dimensions and Jinja/JavaScript models are not imported, each with its reason.
 *
 * Cube lets a query pick any time dimension for a measure; Quarry dates each measure by one (the
 * cube's first time dimension, else the nearest reached through joins), the others alternate.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
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
  quarryName,
  readYaml,
  schemaIssues,
  uniqueNames,
  type ImportResult,
  type PartAggregation,
  type InputIssue,
  type Skipped,
} from './common.js';
import { columnsOf, parseAggregateExpr, plainColumn, rewriteColumns, SqlRewriteError, tokenize } from './sql.js';

export interface CubeImportOptions {
  /** The Quarry model's name (default: the folder's). */
  name?: string;
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
const Sql = z.union([z.string(), z.number()]).transform((v) => String(v));
const Text = z.string().optional();
const MEASURE_TYPES = [
  'count',
  'count_distinct',
  'count_distinct_approx',
  'sum',
  'avg',
  'min',
  'max',
  'number',
  'string',
  'time',
  'boolean',
  'running_total',
  'number_agg',
] as const;
const DIMENSION_TYPES = ['string', 'number', 'time', 'boolean', 'geo', 'switch'] as const;
const RELATIONSHIPS = [
  'many_to_one',
  'one_to_many',
  'one_to_one',
  'belongs_to',
  'has_many',
  'has_one',
  'belongsto',
  'hasmany',
  'hasone',
] as const;

const MeasureSchema = z.looseObject({
  name: z.string().min(1),
  type: z.preprocess(lower, z.enum(MEASURE_TYPES)),
  sql: Sql.optional(),
  title: Text,
  description: Text,
  format: z.unknown().optional(),
  filters: z.array(z.looseObject({ sql: Sql })).optional(),
  public: z.boolean().optional(),
  shown: z.boolean().optional(),
  rolling_window: z.unknown().optional(),
  multi_stage: z.boolean().optional(),
});
const CaseSchema = z.looseObject({
  when: z.array(z.looseObject({ sql: Sql, label: z.union([z.string(), z.number(), z.looseObject({ sql: Sql })]) })).min(1),
  else: z.looseObject({ label: z.union([z.string(), z.number(), z.looseObject({ sql: Sql })]) }).optional(),
});
const DimensionSchema = z.looseObject({
  name: z.string().min(1),
  type: z.preprocess(lower, z.enum(DIMENSION_TYPES)),
  sql: Sql.optional(),
  case: CaseSchema.optional(),
  primary_key: z.boolean().optional(),
  title: Text,
  description: Text,
  public: z.boolean().optional(),
  shown: z.boolean().optional(),
  sub_query: z.boolean().optional(),
  granularities: z.array(z.unknown()).optional(),
});
const JoinSchema = z.looseObject({
  name: z.string().min(1),
  relationship: z.preprocess(lower, z.enum(RELATIONSHIPS)),
  sql: z.string().min(1),
});
const CubeSchema = z.looseObject({
  name: z.string().min(1),
  sql_table: z.string().min(1).optional(),
  sql: z.string().min(1).optional(),
  extends: z.string().optional(),
  title: Text,
  description: Text,
  public: z.boolean().optional(),
  shown: z.boolean().optional(),
  measures: z.array(MeasureSchema).nullish(),
  dimensions: z.array(DimensionSchema).nullish(),
  joins: z.array(JoinSchema).nullish(),
  segments: z.array(z.looseObject({ name: z.string().min(1), sql: Sql.optional() })).nullish(),
  pre_aggregations: z.array(z.looseObject({ name: z.string().optional() })).nullish(),
});
const ViewMember = z.union([z.string().min(1), z.looseObject({ name: z.string().min(1), alias: z.string().optional(), title: Text })]);
const ViewSchema = z.looseObject({
  name: z.string().min(1),
  title: Text,
  description: Text,
  public: z.boolean().optional(),
  cubes: z
    .array(
      z.looseObject({
        join_path: z.string().min(1),
        includes: z.union([z.literal('*'), z.array(ViewMember)]).optional(),
        excludes: z.array(z.string()).optional(),
        prefix: z.boolean().optional(),
        alias: z.string().optional(),
      }),
    )
    .nullish(),
  includes: z.array(z.string()).nullish(),
});

interface Where {
  file: string;
  at: string;
}
type MeasureIn = z.infer<typeof MeasureSchema> & Where & { cube: string };
type DimensionIn = z.infer<typeof DimensionSchema> & Where & { cube: string };
type JoinIn = z.infer<typeof JoinSchema> & Where;
interface CubeIn extends Where {
  name: string;
  raw: z.infer<typeof CubeSchema>;
  measures: MeasureIn[];
  dimensions: DimensionIn[];
  joins: JoinIn[];
}
type ViewIn = z.infer<typeof ViewSchema> & Where;

const SKIP_DIRS = new Set(['node_modules', 'dist', '.cubestore']);
function modelFiles(dir: string, out: { yaml: string[]; js: string[] }): void {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) modelFiles(p, out);
    } else if (/\.ya?ml$/i.test(e.name)) out.yaml.push(p);
    else if (/\.(js|ts)$/i.test(e.name) && e.name !== 'cube.js') out.js.push(p);
  }
}

function collect(path: string): { cubes: CubeIn[]; views: ViewIn[]; files: string[]; skipped: Skipped[]; root: string } {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new ImportError([{ file: path, path: '', problem: 'no such file or folder' }]);
  const found = { yaml: [] as string[], js: [] as string[] };
  let root = abs;
  if (statSync(abs).isFile()) {
    found.yaml.push(abs);
    root = resolve(abs, '..');
  } else {
    // a Cube project keeps its data model in model/ (or schema/ in older projects)
    const sub = ['model', 'schema'].map((d) => join(abs, d)).find((d) => existsSync(d) && statSync(d).isDirectory());
    modelFiles(sub ?? abs, found);
  }
  const issues: InputIssue[] = [];
  const skipped: Skipped[] = [];
  const cubes: CubeIn[] = [];
  const views: ViewIn[] = [];
  const files: string[] = [];
  for (const js of found.js)
    skipped.push({ what: `file ${relative(process.cwd(), js) || js}`, why: 'a JavaScript data model; only YAML models are read' });
  for (const file of found.yaml) {
    const shown = relative(process.cwd(), file) || file;
    const text = readFileSync(file, 'utf8');
    if (/\{%|\{\{/.test(text)) {
      issues.push({
        file: shown,
        path: '',
        problem: 'the file uses Jinja templates ({{ }} / {% %}); import the rendered model (the YAML Cube compiles), not the template',
      });
      continue;
    }
    const raw = readYaml(file);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const doc = raw as Record<string, unknown>;
    if (doc.cubes === undefined && doc.views === undefined) continue;
    files.push(shown);
    for (const key of ['cubes', 'views'] as const) {
      if (doc[key] === undefined || doc[key] === null) continue;
      if (!Array.isArray(doc[key])) {
        issues.push({ file: shown, path: key, problem: `expected a list of ${key}` });
        continue;
      }
      (doc[key] as unknown[]).forEach((item, i) => {
        const at = `${key}[${i}]`;
        if (key === 'cubes') {
          const r = CubeSchema.safeParse(item);
          if (!r.success) return issues.push(...schemaIssues(shown, item, r.error, [key, i]));
          const c = r.data;
          if (!c.sql_table && !c.sql && !c.extends)
            issues.push({ file: shown, path: at, problem: 'a cube needs sql_table or sql (or extends)' });
          if (c.sql_table && c.sql) issues.push({ file: shown, path: at, problem: 'a cube has either sql_table or sql, not both' });
          cubes.push({
            file: shown,
            at,
            name: c.name,
            raw: c,
            measures: (c.measures ?? []).map((m, j) => ({ ...m, file: shown, at: `${at}.measures[${j}]`, cube: c.name })),
            dimensions: (c.dimensions ?? []).map((d, j) => ({ ...d, file: shown, at: `${at}.dimensions[${j}]`, cube: c.name })),
            joins: (c.joins ?? []).map((j, k) => ({ ...j, file: shown, at: `${at}.joins[${k}]` })),
          });
        } else {
          const r = ViewSchema.safeParse(item);
          if (!r.success) return issues.push(...schemaIssues(shown, item, r.error, [key, i]));
          views.push({ ...r.data, file: shown, at });
        }
      });
    }
  }
  if (issues.length) throw new ImportError(issues);
  if (!cubes.length)
    throw new ImportError([
      { file: path, path: '', problem: `no cubes found in ${found.yaml.length} YAML file(s) (expected a top-level \`cubes:\` list)` },
    ]);
  return { cubes, views, files, skipped, root };
}

/** `extends: parent`: the parent's members and source, the child's own members win. */
function resolveExtends(cubes: CubeIn[], issues: InputIssue[]): void {
  const byName = new Map(cubes.map((c) => [c.name, c]));
  const done = new Set<string>();
  const resolveOne = (c: CubeIn, trail: string[]): void => {
    if (done.has(c.name) || !c.raw.extends) return done.add(c.name) && undefined;
    const parent = byName.get(c.raw.extends);
    if (!parent) {
      issues.push({
        file: c.file,
        path: `${c.at}.extends`,
        problem: `'${c.raw.extends}' is not a cube; cubes: ${[...byName.keys()].join(', ')}`,
      });
      return void done.add(c.name);
    }
    if (trail.includes(parent.name)) {
      issues.push({ file: c.file, path: `${c.at}.extends`, problem: `a cycle: ${[...trail, parent.name].join(' -> ')}` });
      return void done.add(c.name);
    }
    resolveOne(parent, [...trail, parent.name]);
    const merge = <T extends { name: string }>(own: T[], inherited: T[], relabel: (x: T) => T) => [
      ...inherited.filter((p) => !own.some((o) => o.name === p.name)).map(relabel),
      ...own,
    ];
    c.measures = merge(c.measures, parent.measures, (m) => ({ ...m, cube: c.name }));
    c.dimensions = merge(c.dimensions, parent.dimensions, (d) => ({ ...d, cube: c.name }));
    c.joins = merge(c.joins, parent.joins, (j) => j);
    if (!c.raw.sql_table && !c.raw.sql)
      c.raw = {
        ...c.raw,
        ...(parent.raw.sql_table ? { sql_table: parent.raw.sql_table } : {}),
        ...(parent.raw.sql ? { sql: parent.raw.sql } : {}),
      };
    done.add(c.name);
  };
  for (const c of cubes) resolveOne(c, [c.name]);
}

class Refused extends Error {}

const REF = /\$?\{([^{}]*)\}/g;
const HAS_REF = /\$?\{[^{}]*\}/;

export function importCube(path: string, options: CubeImportOptions = {}): ImportResult {
  const c = collect(path);
  const issues: InputIssue[] = [];
  const skipped: Skipped[] = [...c.skipped];
  const notes: Record<string, string> = {};
  const guesses: string[] = [];
  const note = (key: string, text: string) => (notes[key] = notes[key] ? `${notes[key]}\n${text}` : text);
  resolveExtends(c.cubes, issues);
  const cubes = new Map<string, CubeIn>();
  for (const cube of c.cubes) {
    if (cubes.has(cube.name))
      issues.push({
        file: cube.file,
        path: `${cube.at}.name`,
        problem: `duplicate cube name '${cube.name}' (also ${cubes.get(cube.name)!.file}: ${cubes.get(cube.name)!.at})`,
      });
    cubes.set(cube.name, cube);
    const seen = new Map<string, string>();
    for (const m of [
      ...cube.measures,
      ...cube.dimensions,
      ...(cube.raw.segments ?? []).map((s, i) => ({ ...s, at: `${cube.at}.segments[${i}]` })),
    ]) {
      if (seen.has(m.name))
        issues.push({
          file: cube.file,
          path: `${m.at}.name`,
          problem: `duplicate member name '${m.name}' in cube '${cube.name}' (also at ${seen.get(m.name)})`,
        });
      seen.set(m.name, m.at);
    }
    for (const j of cube.joins)
      if (!cubes.has(j.name) && !c.cubes.some((x) => x.name === j.name))
        issues.push({
          file: j.file,
          path: `${j.at}.name`,
          problem: `'${j.name}' is not a cube; cubes: ${c.cubes.map((x) => x.name).join(', ')}`,
        });
    for (const d of cube.dimensions)
      if (d.sql === undefined && !d.case && d.type !== 'geo')
        issues.push({ file: d.file, path: `${d.at}.sql`, problem: 'missing (a dimension needs sql, or case)' });
    for (const m of cube.measures)
      if (m.sql === undefined && m.type !== 'count')
        issues.push({ file: m.file, path: `${m.at}.sql`, problem: `missing (a ${m.type} measure needs sql; only count may omit it)` });
  }
  if (issues.length) throw new ImportError(issues);

  const entityOf = new Map([...cubes.keys()].map((n) => [n, quarryName(n)]));
  const memberOf = (cube: string, name: string) => {
    const cb = cubes.get(cube)!;
    return cb.dimensions.find((d) => d.name === name) ?? cb.measures.find((m) => m.name === name);
  };
  const isMeasure = (x: MeasureIn | DimensionIn): x is MeasureIn => (cubes.get(x.cube)!.measures as unknown[]).includes(x);

  // Cube SQL -> Quarry SQL relative to the owner cube: references resolved, bare columns qualified
  const translate = (owner: string, sql: string, at: Where, trail: string[] = []): string => {
    const refs: string[] = [];
    const marked = sql.replace(REF, (_m, inner: string) => {
      refs.push(inner.trim());
      return `\${__ref${refs.length - 1}}`;
    });
    let qualified: string;
    try {
      qualified = rewriteColumns(marked);
    } catch (e) {
      if (e instanceof SqlRewriteError) throw new Refused(`${at.file}: ${at.at}: ${e.message}`);
      throw e;
    }
    return qualified.replace(/\$\{__ref(\d+)\}/g, (_m, i: string) => {
      const ref = refs[Number(i)]!;
      const parts = ref.split('.');
      if (/^(FILTER_PARAMS|FILTER_GROUP|SECURITY_CONTEXT|COMPILE_CONTEXT|SQL_UTILS)$/.test(parts[0]!))
        throw new Refused(`{${ref}} depends on the query or the user at run time`);
      const cubeName = parts[0] === 'CUBE' ? owner : cubes.has(parts[0]!) ? parts[0]! : undefined;
      if (parts.length === 1) {
        if (cubeName) return cubeName === owner ? '${TABLE}' : `\${${entityOf.get(cubeName)}}`;
        const own = memberOf(owner, ref);
        if (!own) throw new InputRef(at, `{${ref}} is neither a member of '${owner}' nor a cube`);
        return member(owner, owner, own, at, trail);
      }
      if (!cubeName) throw new InputRef(at, `{${ref}}: '${parts[0]}' is not a cube; cubes: ${[...cubes.keys()].join(', ')}`);
      if (parts.length > 2) throw new Refused(`{${ref}}: references to a member's granularity or a join path are not supported`);
      const m = memberOf(cubeName, parts[1]!);
      if (!m) throw new InputRef(at, `{${ref}}: cube '${cubeName}' has no member '${parts[1]}'`);
      return member(owner, cubeName, m, at, trail);
    });
  };
  const member = (owner: string, cubeName: string, m: MeasureIn | DimensionIn, at: Where, trail: string[]): string => {
    const key = `${cubeName}.${m.name}`;
    if (isMeasure(m)) throw new Refused(`{${key}} is a measure, used where a row-level value is needed`);
    if (trail.includes(key)) throw new InputRef(at, `a reference cycle: ${[...trail, key].join(' -> ')}`);
    const sql = dimensionSql(m as DimensionIn, [...trail, key]);
    const rel = cubeName === owner ? sql : sql.replace(/\$\{TABLE\}/g, `\${${entityOf.get(cubeName)}}`);
    return /^\$\{[A-Za-z_][A-Za-z0-9_]*\}\.[A-Za-z_"][A-Za-z0-9_"]*$/.test(rel) ? rel : `(${rel})`;
  };
  const dimensionSql = (d: DimensionIn, trail: string[] = []): string => {
    if (d.case) {
      const label = (l: string | number | { sql: string }) =>
        typeof l === 'object' ? translate(d.cube, l.sql, d, trail) : `'${String(l).replace(/'/g, "''")}'`;
      const whens = d.case.when.map((w) => `WHEN ${translate(d.cube, w.sql, d, trail)} THEN ${label(w.label)}`).join(' ');
      return `CASE ${whens}${d.case.else ? ` ELSE ${label(d.case.else.label)}` : ''} END`;
    }
    return translate(d.cube, d.sql!, d, trail);
  };
  class InputRef extends Error {
    constructor(
      readonly where: Where,
      message: string,
    ) {
      super(message);
    }
  }
  const attempt = <T>(what: string, fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof InputRef) {
        issues.push({ file: e.where.file, path: `${e.where.at}.sql`, problem: e.message });
        return undefined;
      }
      if (e instanceof Refused) {
        skipped.push({ what, why: e.message });
        return undefined;
      }
      throw e;
    }
  };

  // entities
  const entities: SemanticModelInput['entities'] = [];
  for (const cube of cubes.values()) {
    const name = entityOf.get(cube.name)!;
    const key = `entities:${name}`;
    const source = attempt(`cube ${cube.name} (${cube.file}: ${cube.at})`, () => {
      if (cube.raw.sql_table) return { table: cube.raw.sql_table };
      if (HAS_REF.test(cube.raw.sql!))
        throw new Refused(`its sql references other cubes or context (${cube.raw.sql!.match(REF)!.join(' ')})`);
      return { sql: cube.raw.sql!.trim() };
    });
    if (!source) continue;
    const pkDims = cube.dimensions.filter((d) => d.primary_key);
    let pk: string[] = [];
    for (const d of pkDims) {
      const sql = attempt(`primary key ${cube.name}.${d.name}`, () => dimensionSql(d));
      if (!sql) continue;
      const col = /^\$\{TABLE\}\.(.+)$/.exec(sql)?.[1];
      if (col && plainColumn(col)) pk.push(col);
      else {
        const cols = columnsOf(sql.replace(/\$\{TABLE\}\./g, ''));
        pk.push(...cols);
        note(key, `primary key: the columns the key expression of '${d.name}' reads (${d.sql ?? 'case'})`);
      }
    }
    if (!pk.length) {
      const own = cube.joins.map((j) => /\{CUBE\}\.([A-Za-z_][A-Za-z0-9_]*)/.exec(j.sql)?.[1]).filter((x): x is string => !!x);
      pk = own.length
        ? [...new Set(own)]
        : cube.dimensions
            .map((d) => (d.sql ? plainColumn(d.sql.replace(/^\{CUBE\}\./, '')) : undefined))
            .filter((x): x is string => !!x)
            .slice(0, 1);
      note(key, `guess: no primary_key dimension; primary key = ${JSON.stringify(pk)} (only used to count rows once across joins)`);
    }
    note(key, `from cube ${cube.name} (${cube.file})`);
    if (cube.raw.pre_aggregations?.length)
      skipped.push({ what: `pre-aggregations of ${cube.name}`, why: 'Quarry queries the warehouse directly' });
    for (const s of cube.raw.segments ?? [])
      skipped.push({
        what: `segment ${cube.name}.${s.name}`,
        why: "a named filter; Quarry has no named filters (write it into a measure's filter where it matters)",
      });
    entities.push({
      name,
      ...source,
      primary_key: pk.length === 1 ? pk[0]! : pk,
      ...(cube.raw.description ? { description: cube.raw.description.trim() } : {}),
      synonyms: cube.raw.title && quarryName(cube.raw.title) !== name ? [cube.raw.title] : [],
    });
  }
  const imported = new Set(entities.map((e) => e.name));

  // relationships
  const relationships: NonNullable<SemanticModelInput['relationships']> = [];
  for (const cube of cubes.values()) {
    for (const j of cube.joins) {
      const what = `join ${cube.name} -> ${j.name} (${j.file}: ${j.at})`;
      const pairs = attempt(what, () => {
        const sql = translate(cube.name, j.sql, j);
        const self = entityOf.get(cube.name)!;
        const other = entityOf.get(j.name)!;
        const side = (s: string): [string, string] | undefined => {
          const m = /^\(?\s*\$\{([A-Za-z_][A-Za-z0-9_]*)\}\.("[^"]+"|[A-Za-z_][A-Za-z0-9_$]*)\s*\)?$/.exec(s.trim());
          if (!m) return undefined;
          return [m[1] === 'TABLE' ? self : m[1]!, m[2]!];
        };
        const out: [string, string][] = [];
        for (const cond of sql.split(/\s+AND\s+/i)) {
          const eq = cond.split('=');
          const l = eq.length === 2 ? side(eq[0]!) : undefined;
          const r = eq.length === 2 ? side(eq[1]!) : undefined;
          if (!l || !r) throw new Refused(`its ON clause '${j.sql}' is not column equalities between the two cubes`);
          if (l[0] === self && r[0] === other) out.push([l[1], r[1]]);
          else if (l[0] === other && r[0] === self) out.push([r[1], l[1]]);
          else throw new Refused(`its ON clause '${j.sql}' does not compare ${cube.name} with ${j.name}`);
        }
        return out;
      });
      if (!pairs) continue;
      const self = entityOf.get(cube.name)!;
      const other = entityOf.get(j.name)!;
      if (!imported.has(self) || !imported.has(other)) continue;
      const rel = j.relationship.replace(/_/g, '');
      const r =
        rel === 'onetomany' || rel === 'hasmany'
          ? { from: other, to: self, on: pairs.map(([a, b]) => [b, a] as [string, string]), cardinality: 'many_to_one' as const }
          : {
              from: self,
              to: other,
              on: pairs,
              cardinality: rel === 'onetoone' || rel === 'hasone' ? ('one_to_one' as const) : ('many_to_one' as const),
            };
      const same = relationships.find(
        (x) => (x.from === r.from && x.to === r.to) || (r.cardinality === 'one_to_one' && x.from === r.to && x.to === r.from),
      );
      if (same) continue;
      notes[`relationships:${relationships.length}`] = `join ${j.name} of cube ${cube.name}: ${j.relationship}`;
      relationships.push(r);
    }
  }
  const graph = new JoinGraph(relationships.map((r) => ({ ...r, cardinality: r.cardinality ?? 'many_to_one' })));

  // which members are exposed, and by which name: the views decide when there are views
  const exposed = new Map<string, { name: string; synonyms: string[]; why?: string }>(); // `${cube}.${member}`
  const publicMember = (
    cube: CubeIn,
    m: { public?: boolean | undefined; shown?: boolean | undefined; primary_key?: boolean | undefined },
  ) =>
    cube.raw.public !== false &&
    cube.raw.shown !== false &&
    m.public !== false &&
    m.shown !== false &&
    !(m.primary_key && m.public !== true);
  if (c.views.length) {
    guesses.push(
      "only the members some view exposes are imported, under the view's names; Quarry joins along the shortest to-one path, not along a view's join_path",
    );
    const add = (cube: string, memberName: string, name: string, view: ViewIn) => {
      const key = `${cube}.${memberName}`;
      const e = exposed.get(key);
      if (e) {
        if (e.name !== name && !e.synonyms.includes(name)) e.synonyms.push(name.replace(/_/g, ' '));
      } else exposed.set(key, { name, synonyms: [], why: `in view ${view.name}` });
    };
    for (const v of c.views) {
      for (const [i, entry] of (v.cubes ?? []).entries()) {
        const at = `${v.at}.cubes[${i}]`;
        const path = entry.join_path.split('.');
        const target = path[path.length - 1]!;
        const cube = cubes.get(target);
        if (!cube) {
          issues.push({
            file: v.file,
            path: `${at}.join_path`,
            problem: `'${target}' is not a cube; cubes: ${[...cubes.keys()].join(', ')}`,
          });
          continue;
        }
        const prefix = entry.prefix ? `${entry.alias ?? target}_` : '';
        const members = [...cube.dimensions, ...cube.measures];
        const wanted =
          entry.includes === '*' || entry.includes === undefined
            ? members.filter((m) => publicMember(cube, m)).map((m) => ({ name: m.name, alias: undefined as string | undefined }))
            : entry.includes.map((x) => (typeof x === 'string' ? { name: x, alias: undefined } : { name: x.name, alias: x.alias }));
        wanted.forEach((w, k) => {
          if (entry.excludes?.includes(w.name)) return;
          if (!members.some((m) => m.name === w.name))
            return issues.push({
              file: v.file,
              path: `${at}.includes[${k}]`,
              problem: `'${w.name}' is not a member of cube '${target}'; its members: ${members.map((m) => m.name).join(', ')}`,
            });
          add(target, w.name, quarryName(w.alias ?? `${prefix}${w.name}`), v);
        });
      }
      for (const [i, inc] of (v.includes ?? []).entries()) {
        const [cubeName, memberName] = inc.split('.');
        const cube = cubeName ? cubes.get(cubeName) : undefined;
        if (!cube || !memberName || ![...cube.dimensions, ...cube.measures].some((m) => m.name === memberName)) {
          issues.push({ file: v.file, path: `${v.at}.includes[${i}]`, problem: `'${inc}' is not cube.member of a known cube` });
          continue;
        }
        add(cubeName!, memberName, quarryName(memberName), v);
      }
      skipped.push({
        what: `view ${v.name}`,
        why: 'Quarry has one model, not views: its members are imported (see the guesses above), its title and description are not',
      });
    }
  } else {
    const all = [...cubes.values()].flatMap((cube) =>
      [...cube.dimensions, ...cube.measures]
        .filter((m) => publicMember(cube, m))
        .map((m) => ({ owner: cube.name, name: m.name, kind: isMeasure(m) ? 'm' : 'd' })),
    );
    for (const kind of ['d', 'm']) {
      const names = uniqueNames(all.filter((x) => x.kind === kind));
      for (const [it, n] of names)
        exposed.set(`${it.owner}.${it.name}`, { name: n.name, synonyms: [], ...(n.renamed ? { why: `renamed: ${n.renamed}` } : {}) });
    }
  }
  if (issues.length) throw new ImportError(issues);
  for (const cube of cubes.values())
    for (const m of [...cube.dimensions, ...cube.measures])
      if (!exposed.has(`${cube.name}.${m.name}`) && !(m as DimensionIn).primary_key)
        skipped.push({
          what: `${isMeasure(m) ? 'measure' : 'dimension'} ${cube.name}.${m.name}`,
          why: c.views.length ? 'no view exposes it' : 'not public',
        });

  // dimensions and time dimensions
  const dimensions: NonNullable<SemanticModelInput['dimensions']> = [];
  const timeDimensions: NonNullable<SemanticModelInput['time_dimensions']> = [];
  for (const cube of cubes.values()) {
    const entity = entityOf.get(cube.name)!;
    if (!imported.has(entity)) continue;
    for (const d of cube.dimensions) {
      const ex = exposed.get(`${cube.name}.${d.name}`);
      if (!ex) continue;
      const what = `dimension ${cube.name}.${d.name} (${d.file}: ${d.at})`;
      if (d.type === 'geo') {
        skipped.push({ what, why: 'a geo dimension (latitude and longitude); Quarry dimensions are one value' });
        continue;
      }
      if (d.type === 'switch') {
        skipped.push({ what, why: 'a switch dimension (values chosen by the query); Quarry has no such dimension' });
        continue;
      }
      if (d.sub_query) {
        skipped.push({ what, why: 'a sub-query dimension (a measure of another cube per row); Quarry has none' });
        continue;
      }
      const sql = attempt(what, () => dimensionSql(d));
      if (!sql) continue;
      const common = {
        name: ex.name,
        entity,
        sql,
        label: d.title ?? labelFrom(ex.name),
        ...(d.description ? { description: d.description.trim() } : {}),
        synonyms: ex.synonyms,
      };
      if (d.type === 'time') {
        timeDimensions.push(common);
        if (d.granularities?.length)
          note(
            `time_dimensions:${ex.name}`,
            'its custom granularities are not imported; Quarry groups by day, week, month, quarter and year',
          );
        if (ex.why) note(`time_dimensions:${ex.name}`, ex.why);
      } else {
        dimensions.push({ ...common, type: d.type as 'string' | 'number' | 'boolean', index_values: d.type === 'string' });
        if (ex.why) note(`dimensions:${ex.name}`, ex.why);
      }
    }
  }
  guesses.push('string dimensions have index_values: true, so questions can name their values; set it false on names and ids');

  // measures: the plain ones first, then `number` measures over them
  const measures: NonNullable<SemanticModelInput['measures']> = [];
  const metrics: NonNullable<SemanticModelInput['metrics']> = [];
  const quarryMeasure = new Map<string, string>(); // `${cube}.${measure}` -> Quarry name
  const needed: MeasureIn[] = [];
  const dating = (entity: string, key: string) => {
    const g = guessDating(entity, timeDimensions, graph);
    if (g.note) note(key, g.note);
    return g.time_dimension
      ? { time_dimension: g.time_dimension, ...(g.alternates.length ? { alternate_time_dimensions: g.alternates } : {}) }
      : { time_bound: false };
  };
  const format = (m: MeasureIn, key: string) => {
    if (m.format === 'currency') return { kind: 'currency' as const };
    if (m.format !== undefined)
      note(key, `format ${JSON.stringify(m.format)} not imported (Quarry's percent shows a fraction; Cube shows the value as it is)`);
    return { kind: m.type === 'count' || m.type.startsWith('count_distinct') ? ('integer' as const) : ('number' as const) };
  };
  const plainMeasure = (cube: CubeIn, m: MeasureIn, name: string): void => {
    const entity = entityOf.get(cube.name)!;
    const key = `measures:${name}`;
    if (m.type === 'running_total' || m.rolling_window !== undefined)
      throw new Refused('a running total or rolling window; Quarry has no cumulative measures');
    if (m.multi_stage) throw new Refused('a multi-stage measure (computed over the result of another query); Quarry has none');
    if (m.type === 'string' || m.type === 'time' || m.type === 'boolean')
      throw new Refused(`a ${m.type} measure; Quarry measures are numbers`);
    if (m.type === 'number_agg')
      throw new Refused('a number_agg measure (a custom aggregate function); Quarry has sum, count, count_distinct, avg, min and max');
    const agg =
      m.type === 'count_distinct_approx' ? 'count_distinct' : (m.type as 'count' | 'count_distinct' | 'sum' | 'avg' | 'min' | 'max');
    if (m.type === 'count_distinct_approx') note(key, 'count_distinct_approx in Cube: Quarry counts exactly');
    const sql = m.sql !== undefined ? translate(cube.name, m.sql, m) : undefined;
    const filters = (m.filters ?? []).map((f) => translate(cube.name, f.sql, m));
    const filter = filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : filters.map((f) => `(${f})`).join(' AND ');
    measures.push({
      name,
      entity,
      agg,
      ...(sql !== undefined ? { sql } : {}),
      ...(filter ? { filter } : {}),
      label: m.title ?? labelFrom(name),
      ...(m.description ? { description: m.description.trim() } : {}),
      format: format(m, key),
      ...dating(entity, key),
    });
    quarryMeasure.set(`${cube.name}.${m.name}`, name);
    note(key, `measure ${m.name} of cube ${cube.name} (${m.file}: ${m.at})`);
  };
  const measureNameFor = (cube: CubeIn, m: MeasureIn) =>
    exposed.get(`${cube.name}.${m.name}`)?.name ?? quarryName(`${cube.name}_${m.name}`);

  // number measures reference other measures; those must be imported even when no view exposes them
  const numberRefs = (cube: CubeIn, m: MeasureIn): MeasureIn[] => {
    const out: MeasureIn[] = [];
    for (const r of (m.sql ?? '').matchAll(REF)) {
      const parts = r[1]!.trim().split('.');
      const [cb, nm] = parts.length === 1 ? [cube.name, parts[0]!] : [parts[0] === 'CUBE' ? cube.name : parts[0]!, parts[1]!];
      const found = cubes.get(cb)?.measures.find((x) => x.name === nm);
      if (found) out.push(found);
    }
    return out;
  };
  const wantMeasure = new Set<MeasureIn>();
  const want = (cube: CubeIn, m: MeasureIn) => {
    if (wantMeasure.has(m)) return;
    wantMeasure.add(m);
    if (m.type === 'number') for (const r of numberRefs(cube, m)) want(cubes.get(r.cube)!, r);
  };
  for (const cube of cubes.values()) for (const m of cube.measures) if (exposed.has(`${cube.name}.${m.name}`)) want(cube, m);
  for (const cube of cubes.values())
    for (const m of cube.measures)
      if (wantMeasure.has(m) && !exposed.has(`${cube.name}.${m.name}`)) {
        needed.push(m);
        const i = skipped.findIndex((s) => s.what === `measure ${cube.name}.${m.name}`);
        if (i >= 0) skipped.splice(i, 1);
      }

  for (const cube of cubes.values()) {
    if (!imported.has(entityOf.get(cube.name)!)) continue;
    for (const m of cube.measures) {
      if (!wantMeasure.has(m) || m.type === 'number') continue;
      const name = measureNameFor(cube, m);
      attempt(`measure ${cube.name}.${m.name} (${m.file}: ${m.at})`, () => plainMeasure(cube, m, name));
      if (needed.includes(m)) note(`measures:${name}`, 'not in a view, imported because a calculated measure uses it');
    }
  }
  // number measures in dependency order
  const done = new Set<MeasureIn>();
  const numberMeasure = (cube: CubeIn, m: MeasureIn, trail: MeasureIn[] = []): void => {
    if (done.has(m)) return;
    done.add(m);
    const name = measureNameFor(cube, m);
    const what = `measure ${cube.name}.${m.name} (${m.file}: ${m.at})`;
    attempt(what, () => {
      if (m.filters?.length) throw new Refused('a calculated (number) measure with filters');
      for (const r of m.sql!.matchAll(REF)) {
        const parts = r[1]!.trim().split('.');
        const cb = parts.length === 1 ? (cubes.has(parts[0]!) ? parts[0]! : cube.name) : parts[0] === 'CUBE' ? cube.name : parts[0]!;
        if (parts.length === 1 && (parts[0] === 'CUBE' || cubes.has(parts[0]!))) continue;
        if (!cubes.has(cb)) throw new InputRef(m, `{${r[1]}}: '${cb}' is not a cube; cubes: ${[...cubes.keys()].join(', ')}`);
        const nm = parts[parts.length === 1 ? 0 : 1]!;
        if (!memberOf(cb, nm)) throw new InputRef(m, `{${r[1]}} is neither a member of '${cb}' nor a cube`);
      }
      const refs = numberRefs(cube, m);
      for (const r of refs) if (r.type === 'number' && !trail.includes(r)) numberMeasure(cubes.get(r.cube)!, r, [...trail, m]);
      const key = `metrics:${name}`;
      // over other measures: a derived metric
      const refNames: string[] = [];
      const marked = m.sql!.replace(REF, (_x, inner: string) => {
        const parts = inner.trim().split('.');
        const [cb, nm] = parts.length === 1 ? [cube.name, parts[0]!] : [parts[0] === 'CUBE' ? cube.name : parts[0]!, parts[1]!];
        const q = quarryMeasure.get(`${cb}.${nm}`);
        if (q) {
          refNames.push(q);
          return q;
        }
        return `{${inner}}`;
      });
      if (refNames.length && !/\{/.test(marked)) {
        try {
          parseExpr(marked);
        } catch (e) {
          if (e instanceof ExprError)
            throw new Refused(`'${m.sql}' is not arithmetic over measures (Quarry allows + - * /, numbers, parentheses)`);
          throw e;
        }
        metrics.push({
          name,
          expression: tokenize(marked)
            .map((t) => t.v)
            .join('')
            .trim(),
          label: m.title ?? labelFrom(name),
          ...(m.description ? { description: m.description.trim() } : {}),
          ...formatOf(m, key),
        });
        quarryMeasure.set(`${cube.name}.${m.name}`, name);
        note(
          key,
          `calculated measure ${m.name} of cube ${cube.name} (${m.file}: ${m.at}); Quarry divides as floats and never by zero (NULL)`,
        );
        return;
      }
      if (numberRefs(cube, m).length)
        throw new Refused(`'${m.sql}' mixes measures with other SQL; Quarry's derived metrics are arithmetic over measures`);
      // over aggregates of the cube's rows: each aggregate a measure, the whole a derived metric
      const sql = translate(cube.name, m.sql!, m);
      let parsed;
      try {
        parsed = parseAggregateExpr(sql, new Set(['sum', 'avg', 'min', 'max', 'count']));
      } catch (e) {
        if (e instanceof SqlRewriteError)
          throw new Refused(`'${m.sql}' is neither arithmetic over measures nor over SUM/AVG/MIN/MAX/COUNT: ${e.message}`);
        throw e;
      }
      const entity = entityOf.get(cube.name)!;
      const expression = aggregatesAsMeasures(
        parsed,
        {
          name,
          label: labelFrom(m.name),
          entity,
          partOf: `the calculated measure ${m.name} of cube ${cube.name}`,
          aggregation: (fn) => fn as PartAggregation,
        },
        { measures, dating, note },
      );
      metrics.push({
        name,
        expression,
        label: m.title ?? labelFrom(name),
        ...(m.description ? { description: m.description.trim() } : {}),
        ...formatOf(m, key),
      });
      quarryMeasure.set(`${cube.name}.${m.name}`, name);
      note(
        key,
        `calculated measure ${m.name} of cube ${cube.name} (${m.file}: ${m.at}): its aggregates as measures; Quarry divides as floats and never by zero (NULL)`,
      );
    });
  };
  const formatOf = (m: MeasureIn, key: string) => ({ format: format(m, key) });
  for (const cube of cubes.values())
    for (const m of cube.measures)
      if (wantMeasure.has(m) && m.type === 'number' && imported.has(entityOf.get(cube.name)!)) numberMeasure(cube, m);
  if (issues.length) throw new ImportError(issues);
  if (!measures.length) throw nothingImported(c.files[0] ?? path, 'cubes', 'no measure could be imported', skipped);
  guesses.push(
    "each measure is dated by its cube's first time dimension (else the nearest one through joins); in Cube a query may pick any",
  );

  return finishImportedModel(
    {
      name: options.name ?? basename(c.root),
      description: `Imported from the Cube data model in ${basename(c.root)}.`,
      entities,
      relationships,
      dimensions,
      time_dimensions: timeDimensions,
      measures,
      metrics,
    },
    { notes, skipped, guesses, files: c.files },
  );
}
