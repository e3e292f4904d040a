/**
 * `quarry semantic import dbt PATH`: dbt MetricFlow semantic models and metrics as a Quarry model.
 *
 * Reads a dbt project (its `model-paths` from dbt_project.yml), a folder of YAML or one file, in
 * the legacy spec (top-level `semantic_models:` + `metrics:` over measures) or the latest spec
 * (`models:` with `semantic_model:`, entities and dimensions on columns, simple metrics with
 * `agg`). Both become one normalised form, then Quarry's:
 *
 * - semantic model -> entity over the dbt model's relation (`ref('orders')` -> table `orders`);
 *   its primary (else unique) entity -> primary key;
 * - a foreign entity matching another model's primary/unique entity -> many_to_one relationship
 *   (primary/unique on both sides -> one_to_one);
 * - categorical dimension -> dimension; time dimension -> time dimension with the grains from
 *   its `time_granularity` up;
 * - simple metric -> measure (the dbt measure's agg and expr, the metric's and the measure
 *   input's filters as the measure's filter); ratio -> `numerator / denominator`; derived ->
 *   its expression over the input metrics (aliases resolved; an input with a filter becomes a
 *   filtered measure of its own);
 * - cumulative and conversion metrics, offsets, percentiles/medians, non-additive dimensions,
 *   SCD type II models and filters on time grains or metrics are refused, each with its reason.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { SemanticModelInput } from '../model.js';
import { ExprError, parseExpr } from '../expr.js';
import { JoinGraph } from '../graph.js';
import {
  grainsFrom,
  finishImportedModel,
  ImportError,
  nothingImported,
  labelFrom,
  quarryName,
  readYaml,
  schemaIssues,
  uniqueNames,
  type ImportResult,
  type InputIssue,
  type Skipped,
} from './common.js';
import { plainColumn, rewriteColumns, SqlRewriteError, tokenize } from './sql.js';

export interface DbtImportOptions {
  /** The Quarry model's name (default: the dbt project's name, else the folder's). */
  name?: string;
  /** A schema to put before every table name (`analytics` -> `analytics.orders`). */
  schema?: string;
}

// ---------------------------------------------------------------------------------------------
// input schemas (both specs); unknown keys are allowed, values of known keys are checked

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
const Expr = z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v));
const Text = z.string().optional();
const Filter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((f) => (f === undefined ? [] : Array.isArray(f) ? f : [f]));
const EntityType = z.preprocess(lower, z.enum(['primary', 'foreign', 'unique', 'natural']));
const DimensionType = z.preprocess(lower, z.enum(['categorical', 'time']));
const AGGS = ['sum', 'min', 'max', 'count', 'count_distinct', 'sum_boolean', 'average', 'percentile', 'median'] as const;
const Agg = z.preprocess(lower, z.enum(AGGS));
const METRIC_TYPES = ['simple', 'ratio', 'derived', 'cumulative', 'conversion'] as const;
const MetricType = z.preprocess(lower, z.enum(METRIC_TYPES));

const LegacyEntity = z.looseObject({ name: z.string().min(1), type: EntityType, expr: Expr.optional() });
const LegacyDimension = z.looseObject({
  name: z.string().min(1),
  type: DimensionType,
  expr: Expr.optional(),
  label: Text,
  description: Text,
  type_params: z.looseObject({ time_granularity: z.string().optional(), validity_params: z.looseObject({}).optional() }).optional(),
});
const LegacyMeasure = z.looseObject({
  name: z.string().min(1),
  agg: Agg,
  expr: Expr.optional(),
  label: Text,
  description: Text,
  agg_time_dimension: z.string().optional(),
  create_metric: z.boolean().optional(),
  non_additive_dimension: z.unknown().optional(),
});
const LegacySemanticModel = z.looseObject({
  name: z.string().min(1),
  model: z.string().min(1),
  description: Text,
  label: Text,
  defaults: z.looseObject({ agg_time_dimension: z.string().optional() }).nullish(),
  primary_entity: z.string().optional(),
  entities: z.array(LegacyEntity).nullish(),
  dimensions: z.array(LegacyDimension).nullish(),
  measures: z.array(LegacyMeasure).nullish(),
});
const MetricRef = z.union([
  z.string().min(1),
  z.looseObject({
    name: z.string().min(1),
    filter: Filter,
    alias: z.string().optional(),
    offset_window: z.unknown().optional(),
    offset_to_grain: z.unknown().optional(),
  }),
]);
const MeasureRef = z.union([
  z.string().min(1),
  z.looseObject({
    name: z.string().min(1),
    filter: Filter,
    alias: z.string().optional(),
    fill_nulls_with: z.unknown().optional(),
    join_to_timespine: z.unknown().optional(),
  }),
]);
const LegacyMetric = z.looseObject({
  name: z.string().min(1),
  type: MetricType,
  label: Text,
  description: Text,
  filter: Filter,
  type_params: z
    .looseObject({
      measure: MeasureRef.optional(),
      numerator: MetricRef.optional(),
      denominator: MetricRef.optional(),
      expr: Expr.optional(),
      metrics: z.array(MetricRef).optional(),
    })
    .nullish(),
});

// latest spec (dbt 1.12+ / Fusion): semantics on the model's columns
const ColumnEntity = z.union([
  z.preprocess(lower, z.enum(['primary', 'foreign', 'unique', 'natural'])),
  z.looseObject({ type: EntityType, name: z.string().optional() }),
]);
const ColumnDimension = z.union([
  z.preprocess(lower, z.enum(['categorical', 'time'])),
  z.looseObject({
    type: DimensionType,
    name: z.string().optional(),
    label: Text,
    description: Text,
    validity_params: z.looseObject({}).optional(),
  }),
]);
const LatestColumn = z.looseObject({
  name: z.string().min(1),
  description: Text,
  granularity: z.string().optional(),
  entity: ColumnEntity.optional(),
  dimension: ColumnDimension.optional(),
});
const LatestMetric = z.looseObject({
  name: z.string().min(1),
  type: MetricType,
  label: Text,
  description: Text,
  filter: Filter,
  agg: Agg.optional(),
  expr: Expr.optional(),
  agg_time_dimension: z.string().optional(),
  numerator: MetricRef.optional(),
  denominator: MetricRef.optional(),
  input_metrics: z.array(MetricRef).optional(),
  non_additive_dimension: z.unknown().optional(),
});
const LatestModel = z.looseObject({
  name: z.string().min(1),
  description: Text,
  semantic_model: z
    .union([z.boolean(), z.looseObject({ enabled: z.boolean().optional(), name: z.string().optional(), label: Text })])
    .optional(),
  agg_time_dimension: z.string().optional(),
  primary_entity: z.string().optional(),
  columns: z.array(LatestColumn).nullish(),
  derived_semantics: z
    .looseObject({
      dimensions: z.array(LegacyDimension.extend({ granularity: z.string().optional() })).nullish(),
      entities: z.array(LegacyEntity).nullish(),
    })
    .nullish(),
  metrics: z.array(LatestMetric).nullish(),
});

// ---------------------------------------------------------------------------------------------
// the normalised form

interface Where {
  file: string;
  at: string;
}
interface SmEntity extends Where {
  name: string;
  type: 'primary' | 'foreign' | 'unique' | 'natural';
  expr: string;
}
interface SmDimension extends Where {
  name: string;
  type: 'categorical' | 'time';
  expr: string;
  granularity?: string;
  validity: boolean;
  label?: string;
  description?: string;
}
interface SmMeasure extends Where {
  name: string;
  agg: (typeof AGGS)[number];
  expr: string;
  literalExpr: boolean;
  label?: string;
  description?: string;
  aggTime?: string;
  createMetric: boolean;
  nonAdditive: boolean;
  /** Latest spec: the aggregation of a simple metric, no measure of its own. */
  ofMetric?: boolean;
}
interface Sm extends Where {
  name: string;
  table: string;
  description?: string;
  aggTime?: string;
  primaryEntity?: string;
  entities: SmEntity[];
  dimensions: SmDimension[];
  measures: SmMeasure[];
}
interface Input {
  name: string;
  filter: string[];
  alias?: string;
  offset: boolean;
}
interface Metric extends Where {
  name: string;
  type: (typeof METRIC_TYPES)[number];
  label?: string;
  description?: string;
  filter: string[];
  measure?: Input;
  numerator?: Input;
  denominator?: Input;
  expr?: string;
  inputs?: Input[];
}

const inputOf = (r: z.infer<typeof MetricRef> | z.infer<typeof MeasureRef>): Input =>
  typeof r === 'string'
    ? { name: r, filter: [], offset: false }
    : {
        name: r.name,
        filter: r.filter,
        ...(r.alias ? { alias: r.alias } : {}),
        offset: ('offset_window' in r && r.offset_window !== undefined) || ('offset_to_grain' in r && r.offset_to_grain !== undefined),
      };

/** `ref('orders')`, `ref("pkg", "orders")`, `ref('orders', v=2)` -> `orders`. */
function refName(model: string): string | undefined {
  const m = /^\s*ref\(\s*(['"])([^'"]+)\1\s*(?:,\s*(['"])([^'"]+)\3\s*)?(?:,\s*v(?:ersion)?\s*=\s*[^)]*)?\)\s*$/.exec(
    model.replace(/^\{\{\s*|\s*\}\}$/g, ''),
  );
  if (!m) return undefined;
  return m[4] ?? m[2];
}

// ---------------------------------------------------------------------------------------------
// reading the files

const SKIP_DIRS = new Set(['target', 'dbt_packages', 'logs', 'node_modules', 'dbt_modules']);

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) out.push(...yamlFiles(p));
    } else if (/\.ya?ml$/i.test(e.name) && e.name !== 'dbt_project.yml' && e.name !== 'packages.yml' && e.name !== 'profiles.yml')
      out.push(p);
  }
  return out;
}

/** The YAML files to read and the project's name: a dbt project, a folder or one file. */
function locate(path: string): { files: string[]; projectName?: string; root: string } {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new ImportError([{ file: path, path: '', problem: 'no such file or folder' }]);
  if (statSync(abs).isFile()) return { files: [abs], root: resolve(abs, '..') };
  const project = join(abs, 'dbt_project.yml');
  if (existsSync(project)) {
    const raw = readYaml(project) as { name?: unknown; 'model-paths'?: unknown; 'source-paths'?: unknown } | null;
    const paths = raw?.['model-paths'] ?? raw?.['source-paths'] ?? ['models'];
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
      throw new ImportError([{ file: project, path: 'model-paths', problem: 'expected a list of folder names' }]);
    const files = paths.flatMap((p) => (existsSync(join(abs, p)) ? yamlFiles(join(abs, p)) : []));
    return { files, root: abs, ...(typeof raw?.name === 'string' ? { projectName: raw.name } : {}) };
  }
  return { files: yamlFiles(abs), root: abs };
}

interface Collected {
  sms: Sm[];
  metrics: Metric[];
  files: string[];
}

function collect(path: string, schema: string | undefined): Collected & { projectName?: string; root: string } {
  const { files, projectName, root } = locate(path);
  const issues: InputIssue[] = [];
  const out: Collected = { sms: [], metrics: [], files: [] };
  const qualify = (t: string) => (schema ? `${schema}.${t}` : t);
  for (const file of files) {
    const raw = readYaml(file);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const doc = raw as Record<string, unknown>;
    const shown = relative(process.cwd(), file) || file;
    let used = false;
    const parse = <S extends z.ZodType>(s: S, value: unknown, at: (string | number)[]): z.infer<S> | undefined => {
      const r = s.safeParse(value);
      if (!r.success) {
        issues.push(...schemaIssues(shown, value, r.error, at));
        return undefined;
      }
      return r.data;
    };
    if (doc.semantic_models !== undefined) {
      used = true;
      if (!Array.isArray(doc.semantic_models))
        issues.push({ file: shown, path: 'semantic_models', problem: 'expected a list of semantic models' });
      else
        doc.semantic_models.forEach((rawSm, i) => {
          const sm = parse(LegacySemanticModel, rawSm, ['semantic_models', i]);
          if (!sm) return;
          const at = `semantic_models[${i}]`;
          const table = refName(sm.model);
          if (!table)
            return issues.push({ file: shown, path: `${at}.model`, problem: `'${sm.model}' is not a ref; expected ref('model_name')` });
          out.sms.push({
            file: shown,
            at,
            name: sm.name,
            table: qualify(table),
            ...(sm.description ? { description: sm.description.trim() } : {}),
            ...(sm.defaults?.agg_time_dimension ? { aggTime: sm.defaults.agg_time_dimension } : {}),
            ...(sm.primary_entity ? { primaryEntity: sm.primary_entity } : {}),
            entities: (sm.entities ?? []).map((e, j) => ({
              file: shown,
              at: `${at}.entities[${j}]`,
              name: e.name,
              type: e.type,
              expr: e.expr ?? e.name,
            })),
            dimensions: (sm.dimensions ?? []).map((d, j) => ({
              file: shown,
              at: `${at}.dimensions[${j}]`,
              name: d.name,
              type: d.type,
              expr: d.expr ?? d.name,
              ...(d.type_params?.time_granularity ? { granularity: d.type_params.time_granularity } : {}),
              validity: d.type_params?.validity_params !== undefined,
              ...(d.label ? { label: d.label } : {}),
              ...(d.description ? { description: d.description.trim() } : {}),
            })),
            measures: (sm.measures ?? []).map((m, j) => ({
              file: shown,
              at: `${at}.measures[${j}]`,
              name: m.name,
              agg: m.agg,
              expr: m.expr ?? m.name,
              literalExpr: m.expr !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(m.expr),
              ...(m.label ? { label: m.label } : {}),
              ...(m.description ? { description: m.description.trim() } : {}),
              ...(m.agg_time_dimension ? { aggTime: m.agg_time_dimension } : {}),
              createMetric: m.create_metric === true,
              nonAdditive: m.non_additive_dimension !== undefined && m.non_additive_dimension !== null,
            })),
          });
        });
    }
    if (doc.metrics !== undefined) {
      used = true;
      if (!Array.isArray(doc.metrics)) issues.push({ file: shown, path: 'metrics', problem: 'expected a list of metrics' });
      else
        doc.metrics.forEach((rawM, i) => {
          const legacy = rawM !== null && typeof rawM === 'object' && 'type_params' in rawM;
          const at = `metrics[${i}]`;
          if (legacy) {
            const m = parse(LegacyMetric, rawM, ['metrics', i]);
            if (m) out.metrics.push(legacyMetric(m, shown, at));
          } else {
            const m = parse(LatestMetric, rawM, ['metrics', i]);
            if (m) {
              if (m.type === 'simple')
                issues.push({
                  file: shown,
                  path: `${at}.type`,
                  problem:
                    "a simple metric belongs under its model's `metrics:` (latest spec) or needs `type_params.measure` (legacy spec)",
                });
              else out.metrics.push(latestMetric(m, shown, at));
            }
          }
        });
    }
    if (Array.isArray(doc.models)) {
      doc.models.forEach((rawModel, i) => {
        if (rawModel === null || typeof rawModel !== 'object' || !('semantic_model' in rawModel)) return;
        const m = parse(LatestModel, rawModel, ['models', i]);
        if (!m) return;
        const enabled = m.semantic_model === true || (typeof m.semantic_model === 'object' && m.semantic_model.enabled !== false);
        if (!enabled) return;
        used = true;
        const at = `models[${i}]`;
        const smName = (typeof m.semantic_model === 'object' && m.semantic_model.name) || m.name;
        const sm: Sm = { file: shown, at, name: smName, table: qualify(m.name), entities: [], dimensions: [], measures: [] };
        if (m.description) sm.description = m.description.trim();
        if (m.agg_time_dimension) sm.aggTime = m.agg_time_dimension;
        if (m.primary_entity) sm.primaryEntity = m.primary_entity;
        (m.columns ?? []).forEach((c, j) => {
          const cat = `${at}.columns[${j}]`;
          if (c.entity !== undefined) {
            const e =
              typeof c.entity === 'string'
                ? { type: c.entity as SmEntity['type'], name: c.name }
                : { type: c.entity.type, name: c.entity.name ?? c.name };
            sm.entities.push({ file: shown, at: `${cat}.entity`, name: e.name, type: e.type, expr: c.name });
          }
          if (c.dimension !== undefined) {
            const d = typeof c.dimension === 'string' ? { type: c.dimension as SmDimension['type'] } : c.dimension;
            sm.dimensions.push({
              file: shown,
              at: `${cat}.dimension`,
              name: ('name' in d && d.name) || c.name,
              type: d.type,
              expr: c.name,
              ...(c.granularity ? { granularity: c.granularity } : {}),
              validity: 'validity_params' in d && d.validity_params !== undefined,
              ...('label' in d && d.label ? { label: d.label } : {}),
              ...(('description' in d && d.description) || c.description
                ? { description: String(('description' in d && d.description) || c.description).trim() }
                : {}),
            });
          }
        });
        (m.derived_semantics?.dimensions ?? []).forEach((d, j) =>
          sm.dimensions.push({
            file: shown,
            at: `${at}.derived_semantics.dimensions[${j}]`,
            name: d.name,
            type: d.type,
            expr: d.expr ?? d.name,
            ...((d.granularity ?? d.type_params?.time_granularity)
              ? { granularity: (d.granularity ?? d.type_params?.time_granularity)! }
              : {}),
            validity: d.type_params?.validity_params !== undefined,
            ...(d.label ? { label: d.label } : {}),
            ...(d.description ? { description: d.description.trim() } : {}),
          }),
        );
        (m.derived_semantics?.entities ?? []).forEach((e, j) =>
          sm.entities.push({
            file: shown,
            at: `${at}.derived_semantics.entities[${j}]`,
            name: e.name,
            type: e.type,
            expr: e.expr ?? e.name,
          }),
        );
        (m.metrics ?? []).forEach((x, j) => {
          const mat = `${at}.metrics[${j}]`;
          if (x.type === 'simple') {
            if (!x.agg)
              return issues.push({
                file: shown,
                path: `${mat}.agg`,
                problem: `missing (a simple metric needs one of: ${AGGS.join(', ')})`,
              });
            // the simple metric's aggregation is a measure of this model, used by the metric
            sm.measures.push({
              file: shown,
              at: mat,
              name: x.name,
              agg: x.agg,
              expr: x.expr ?? x.name,
              literalExpr: x.expr !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(x.expr),
              ...(x.agg_time_dimension ? { aggTime: x.agg_time_dimension } : {}),
              createMetric: false,
              nonAdditive: x.non_additive_dimension !== undefined && x.non_additive_dimension !== null,
              ofMetric: true,
            });
            out.metrics.push({
              file: shown,
              at: mat,
              name: x.name,
              type: 'simple',
              ...(x.label ? { label: x.label } : {}),
              ...(x.description ? { description: x.description.trim() } : {}),
              filter: [],
              measure: { name: x.name, filter: x.filter, offset: false },
            });
          } else out.metrics.push(latestMetric(x, shown, mat));
        });
        out.sms.push(sm);
      });
    }
    if (used) out.files.push(shown);
  }
  if (issues.length) throw new ImportError(issues);
  if (!out.sms.length)
    throw new ImportError([
      {
        file: path,
        path: '',
        problem: `no dbt semantic models found in ${files.length} YAML file(s) (expected \`semantic_models:\`, or \`models:\` with \`semantic_model:\`)`,
      },
    ]);
  return { ...out, root, ...(projectName ? { projectName } : {}) };
}

function legacyMetric(m: z.infer<typeof LegacyMetric>, file: string, at: string): Metric {
  const tp = m.type_params ?? {};
  return {
    file,
    at,
    name: m.name,
    type: m.type,
    ...(m.label ? { label: m.label } : {}),
    ...(m.description ? { description: m.description.trim() } : {}),
    filter: m.filter,
    ...(tp.measure ? { measure: inputOf(tp.measure) } : {}),
    ...(tp.numerator ? { numerator: inputOf(tp.numerator) } : {}),
    ...(tp.denominator ? { denominator: inputOf(tp.denominator) } : {}),
    ...(tp.expr !== undefined ? { expr: tp.expr } : {}),
    ...(tp.metrics ? { inputs: tp.metrics.map(inputOf) } : {}),
  };
}

function latestMetric(m: z.infer<typeof LatestMetric>, file: string, at: string): Metric {
  return {
    file,
    at,
    name: m.name,
    type: m.type,
    ...(m.label ? { label: m.label } : {}),
    ...(m.description ? { description: m.description.trim() } : {}),
    filter: m.filter,
    ...(m.numerator ? { numerator: inputOf(m.numerator) } : {}),
    ...(m.denominator ? { denominator: inputOf(m.denominator) } : {}),
    ...(m.expr !== undefined ? { expr: m.expr } : {}),
    ...(m.input_metrics ? { inputs: m.input_metrics.map(inputOf) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// mapping

class Refused extends Error {}

const description = (text: string | undefined) => (text ? { description: text } : {});

export function importDbt(path: string, options: DbtImportOptions = {}): ImportResult {
  const c = collect(path, options.schema);
  const issues: InputIssue[] = [];
  const skipped: Skipped[] = [];
  const notes: Record<string, string> = {};
  const guesses: string[] = [];
  const note = (key: string, text: string) => (notes[key] = notes[key] ? `${notes[key]}\n${text}` : text);

  // names unique where dbt needs them
  const dupes = <T extends Where & { name: string }>(kind: string, items: T[]) => {
    const seen = new Map<string, T>();
    for (const it of items) {
      const prev = seen.get(it.name);
      if (prev)
        issues.push({
          file: it.file,
          path: `${it.at}.name`,
          problem: `duplicate ${kind} name '${it.name}' (also ${prev.file}: ${prev.at})`,
        });
      else seen.set(it.name, it);
    }
  };
  dupes('semantic model', c.sms);
  dupes('metric', c.metrics);
  dupes(
    'measure',
    c.sms.flatMap((s) => s.measures),
  );
  for (const sm of c.sms) {
    const dimNames = new Map<string, SmDimension>();
    for (const d of sm.dimensions) {
      if (dimNames.has(d.name))
        issues.push({ file: d.file, path: `${d.at}.name`, problem: `duplicate dimension name '${d.name}' in semantic model '${sm.name}'` });
      dimNames.set(d.name, d);
      if (d.type === 'time' && !d.granularity && !d.validity)
        issues.push({
          file: d.file,
          path: `${d.at}.type_params.time_granularity`,
          problem: 'missing (a time dimension needs one of: day, week, month, quarter, year, or finer)',
        });
    }
    const aggTimeOk = (name: string | undefined, at: string) => {
      if (!name) return;
      const d = dimNames.get(name);
      if (!d || d.type !== 'time')
        issues.push({
          file: sm.file,
          path: at,
          problem: `'${name}' is not a time dimension of '${sm.name}' (its time dimensions: ${
            sm.dimensions
              .filter((x) => x.type === 'time')
              .map((x) => x.name)
              .join(', ') || 'none'
          })`,
        });
    };
    aggTimeOk(sm.aggTime, `${sm.at}.defaults.agg_time_dimension`);
    for (const m of sm.measures) {
      aggTimeOk(m.aggTime, `${m.at}.agg_time_dimension`);
      if (!m.aggTime && !sm.aggTime)
        issues.push({
          file: m.file,
          path: `${m.at}.agg_time_dimension`,
          problem: `missing: a measure needs an agg_time_dimension (or defaults.agg_time_dimension on '${sm.name}')`,
        });
    }
  }
  if (issues.length) throw new ImportError(issues);

  // SCD type II models (natural keys with validity windows) join by date range, which Quarry cannot
  const scd = new Set(
    c.sms.filter((s) => s.entities.some((e) => e.type === 'natural') || s.dimensions.some((d) => d.validity)).map((s) => s.name),
  );
  for (const s of c.sms.filter((x) => scd.has(x.name)))
    skipped.push({
      what: `semantic model ${s.name} (${s.file}: ${s.at})`,
      why: 'a slowly changing dimension (natural key, validity window); Quarry joins on keys only, not on date ranges',
    });
  const sms = c.sms.filter((s) => !scd.has(s.name));

  // entities
  const entityOf = new Map(sms.map((s) => [s.name, quarryName(s.name)]));
  const entities: SemanticModelInput['entities'] = [];
  for (const sm of sms) {
    const name = entityOf.get(sm.name)!;
    const key = `entities:${name}`;
    const pk = sm.entities.find((e) => e.type === 'primary') ?? sm.entities.find((e) => e.type === 'unique');
    let primaryKey: string | string[];
    const pkCol = pk ? plainColumn(pk.expr) : undefined;
    if (pk && pkCol) {
      primaryKey = pkCol;
      if (pk.type === 'unique') note(key, `primary key from the unique entity '${pk.name}' (no primary entity)`);
    } else {
      const fks = sm.entities.map((e) => plainColumn(e.expr)).filter((x): x is string => !!x);
      primaryKey = fks.length
        ? fks
        : sm.dimensions
            .map((d) => plainColumn(d.expr))
            .filter((x): x is string => !!x)
            .slice(0, 1);
      if (!primaryKey.length)
        primaryKey = sm.measures
          .map((m) => plainColumn(m.expr))
          .filter((x): x is string => !!x)
          .slice(0, 1);
      note(
        key,
        pk
          ? `guess: the primary entity '${pk.name}' is an expression (${pk.expr}), not a column; primary key = ${JSON.stringify(primaryKey)}`
          : `guess: no primary entity${sm.primaryEntity ? ` column ('${sm.primaryEntity}' names none)` : ''}; primary key = ${JSON.stringify(primaryKey)} (only used to count rows once across joins)`,
      );
    }
    note(
      key,
      `from semantic model ${sm.name} (${sm.file}); table = the dbt model's relation name${options.schema ? ` in schema ${options.schema}` : ''}`,
    );
    entities.push({
      name,
      table: sm.table,
      primary_key: Array.isArray(primaryKey) && primaryKey.length === 1 ? primaryKey[0]! : primaryKey,
      ...(sm.description ? { description: sm.description } : {}),
      synonyms: sm.entities.filter((e) => e.type === 'primary' && e.name !== sm.name).map((e) => e.name.replace(/_/g, ' ')),
    });
  }

  // relationships: a foreign entity meets the same entity as primary/unique elsewhere
  const relationships: NonNullable<SemanticModelInput['relationships']> = [];
  const keyed = (e: SmEntity) => e.type === 'primary' || e.type === 'unique';
  for (const a of sms) {
    for (const ea of a.entities) {
      for (const b of sms) {
        if (b === a) continue;
        const eb = b.entities.find((x) => x.name === ea.name && keyed(x));
        if (!eb) continue;
        const one = keyed(ea);
        if (one && sms.indexOf(b) < sms.indexOf(a)) continue; // one_to_one once
        if (!one && ea.type !== 'foreign') continue;
        const ca = plainColumn(ea.expr);
        const cb = plainColumn(eb.expr);
        if (!ca || !cb) {
          skipped.push({
            what: `join ${a.name} -> ${b.name} on entity '${ea.name}'`,
            why: `the entity is an expression (${!ca ? ea.expr : eb.expr}); Quarry joins on columns`,
          });
          continue;
        }
        const i = relationships.length;
        relationships.push({
          from: entityOf.get(a.name)!,
          to: entityOf.get(b.name)!,
          on: [[ca, cb]],
          cardinality: one ? 'one_to_one' : 'many_to_one',
        });
        notes[`relationships:${i}`] = one
          ? `entity '${ea.name}' is ${ea.type} in ${a.name} and ${eb.type} in ${b.name}: one row each`
          : `entity '${ea.name}': foreign in ${a.name}, ${eb.type} in ${b.name}`;
      }
    }
  }
  const graph = new JoinGraph(relationships.map((r) => ({ ...r, cardinality: r.cardinality ?? 'many_to_one' })));

  // dimensions and time dimensions (names unique in the model)
  const allDims = sms.flatMap((s) => s.dimensions.map((d) => ({ owner: s.name, name: d.name, d, s })));
  const dimNames = uniqueNames(allDims);
  const dimensions: NonNullable<SemanticModelInput['dimensions']> = [];
  const timeDimensions: NonNullable<SemanticModelInput['time_dimensions']> = [];
  const dimSql = new Map<SmDimension, string>();
  const timeDimName = new Map<string, string>(); // `${sm}.${dim}` -> Quarry name
  let booleanGuess = false;
  for (const it of allDims) {
    const { d, s } = it;
    const { name, renamed } = dimNames.get(it)!;
    let sql: string;
    try {
      sql = rewriteColumns(d.expr);
    } catch (e) {
      if (!(e instanceof SqlRewriteError)) throw e;
      skipped.push({ what: `dimension ${s.name}.${d.name} (${d.file}: ${d.at})`, why: `its expr cannot be read: ${e.message}` });
      continue;
    }
    dimSql.set(d, sql);
    const common = {
      name,
      entity: entityOf.get(s.name)!,
      sql,
      label: d.label ?? labelFrom(d.name),
      ...(d.description ? { description: d.description } : {}),
      synonyms: renamed && name !== quarryName(d.name) ? [d.name.replace(/_/g, ' ')] : [],
    };
    if (d.type === 'time') {
      const g = grainsFrom(d.granularity);
      timeDimensions.push({ ...common, grains: g.grains });
      timeDimName.set(`${s.name}.${d.name}`, name);
      const key = `time_dimensions:${name}`;
      if (renamed) note(key, `renamed: ${renamed}`);
      if (g.note) note(key, g.note);
      else if (d.granularity && d.granularity !== 'day') note(key, `time_granularity ${d.granularity}: grains from ${d.granularity} up`);
    } else {
      const bool = /^(is|has|was|can|should)_/.test(d.name);
      booleanGuess ||= bool;
      dimensions.push({ ...common, type: bool ? 'boolean' : 'string', index_values: !bool });
      const key = `dimensions:${name}`;
      if (renamed) note(key, `renamed: ${renamed}`);
      if (bool) note(key, `guess: type boolean from the name '${d.name}'`);
    }
  }
  guesses.push(
    'categorical dimensions are type string with index_values: true (dbt does not give their data type or cardinality); set a number type, or index_values: false on names and ids',
  );
  if (booleanGuess) guesses.push('categorical dimensions named is_/has_ ... are type boolean');

  // filters: {{ Dimension('entity__dim') }} and {{ Entity('name') }} become SQL over the measure's entity
  const translateFilter = (owner: Sm, filter: string): string => {
    return filter.trim().replace(/\{\{\s*([\s\S]*?)\s*\}\}/g, (_m, body: string) => {
      const call = /^(Dimension|TimeDimension|Entity|Metric)\s*\(\s*(['"])([^'"]+)\2\s*(,[^)]*)?\)\s*(\..*)?$/.exec(body.trim());
      if (!call) throw new Refused(`the filter part {{ ${body} }} is not a Dimension(...) or Entity(...) reference`);
      const [, kind, , ref, extra, chained] = call;
      if (kind === 'TimeDimension')
        throw new Refused(`TimeDimension('${ref}'${extra ?? ''}) in a filter: Quarry measures cannot be filtered on a time grain`);
      if (kind === 'Metric') throw new Refused(`Metric('${ref}') in a filter: a filter on another metric's value per entity`);
      if (chained) throw new Refused(`${kind}('${ref}')${chained}: grain or date-part modifiers in filters are not supported`);
      const parts = ref!.split('__');
      if (kind === 'Entity') {
        const entityName = parts[parts.length - 1]!;
        const own = owner.entities.find((e) => e.name === entityName);
        if (own) return rewriteColumns(own.expr);
        const target = sms.find((s) => s.entities.some((e) => e.name === entityName && keyed(e)));
        if (!target) throw new Refused(`Entity('${ref}'): no semantic model has entity '${entityName}'`);
        return reach(owner, target, rewriteColumns(target.entities.find((e) => e.name === entityName)!.expr), `Entity('${ref}')`);
      }
      if (parts.length < 2) throw new Refused(`Dimension('${ref}') needs its entity, as in Dimension('entity__${ref}')`);
      const dimName = parts[parts.length - 1]!;
      const entityName = parts[parts.length - 2]!;
      const names = (s: Sm, any: boolean) =>
        s.primaryEntity === entityName || s.entities.some((e) => e.name === entityName && (any || keyed(e)));
      const hasDim = (s: Sm) => s.dimensions.some((d) => d.name === dimName);
      const target = sms.find((s) => names(s, false) && hasDim(s)) ?? (names(owner, true) && hasDim(owner) ? owner : undefined);
      if (!target) throw new Refused(`Dimension('${ref}'): no semantic model with entity '${entityName}' has a dimension '${dimName}'`);
      const d = target.dimensions.find((x) => x.name === dimName)!;
      const sql = dimSql.get(d);
      if (!sql) throw new Refused(`Dimension('${ref}') was not imported`);
      return target === owner ? sql : reach(owner, target, sql, `Dimension('${ref}')`);
    });
  };
  const reach = (owner: Sm, target: Sm, sql: string, what: string) => {
    const from = entityOf.get(owner.name)!;
    const to = entityOf.get(target.name)!;
    if (!graph.path(from, to))
      throw new Refused(`${what} is on ${target.name}, which ${owner.name} does not reach through many-to-one joins`);
    return sql.replace(/\$\{TABLE\}/g, `\${${to}}`);
  };
  const filterSql = (owner: Sm, filters: string[]) => {
    const parts = filters.map((f) => translateFilter(owner, f));
    return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(' AND ');
  };

  // measures: one per simple metric (and per measure with create_metric), dated by its agg time dimension
  const measuresBySm = new Map<string, { sm: Sm; m: SmMeasure }>();
  for (const s of sms) for (const m of s.measures) measuresBySm.set(m.name, { sm: s, m });
  const scdMeasures = new Set(c.sms.filter((s) => scd.has(s.name)).flatMap((s) => s.measures.map((m) => m.name)));
  const measures: NonNullable<SemanticModelInput['measures']> = [];
  const metrics: NonNullable<SemanticModelInput['metrics']> = [];
  const quarryMetric = new Map<string, string>(); // dbt metric name -> Quarry metric name
  const metricKind = new Map<string, Metric['type']>();

  const makeMeasure = (
    name: string,
    measureName: string,
    filters: string[],
    meta: { label?: string; description?: string },
    key: string,
  ): void => {
    const found = measuresBySm.get(measureName);
    if (!found)
      throw new Refused(
        scdMeasures.has(measureName)
          ? `its measure '${measureName}' is on a slowly changing dimension model`
          : `no semantic model has a measure '${measureName}'`,
      );
    const { sm, m } = found;
    if (m.agg === 'percentile' || m.agg === 'median')
      throw new Refused(`measure '${m.name}' aggregates by ${m.agg}; Quarry has sum, count, count_distinct, avg, min and max`);
    if (m.nonAdditive)
      throw new Refused(
        `measure '${m.name}' has a non_additive_dimension (a balance at the period's end); Quarry sums over the whole period`,
      );
    let sql: string | undefined;
    let agg: 'sum' | 'count' | 'count_distinct' | 'avg' | 'min' | 'max';
    try {
      const expr = rewriteColumns(m.expr);
      switch (m.agg) {
        case 'sum':
          if (m.literalExpr && Number(m.expr) === 1) {
            agg = 'count';
            note(key, `sum of 1 in dbt: a count of rows`);
          } else [agg, sql] = ['sum', expr];
          break;
        case 'sum_boolean':
          [agg, sql] = ['sum', `CASE WHEN ${expr} THEN 1 ELSE 0 END`];
          note(key, 'sum_boolean in dbt: the rows where the expression is true');
          break;
        case 'count':
          if (m.literalExpr) agg = 'count';
          else [agg, sql] = ['count', expr];
          break;
        case 'average':
          [agg, sql] = ['avg', expr];
          break;
        default:
          [agg, sql] = [m.agg, expr];
      }
    } catch (e) {
      if (e instanceof SqlRewriteError) throw new Refused(`measure '${m.name}' expr cannot be read: ${e.message}`);
      throw e;
    }
    const filter = filterSql(sm, filters);
    const timeDim = timeDimName.get(`${sm.name}.${m.aggTime ?? sm.aggTime}`);
    if (!timeDim) throw new Refused(`its agg_time_dimension '${m.aggTime ?? sm.aggTime}' was not imported`);
    const alternates = sm.dimensions
      .filter((d) => d.type === 'time' && timeDimName.get(`${sm.name}.${d.name}`) !== timeDim)
      .map((d) => timeDimName.get(`${sm.name}.${d.name}`))
      .filter((x): x is string => !!x);
    measures.push({
      name,
      entity: entityOf.get(sm.name)!,
      agg,
      ...(sql !== undefined ? { sql } : {}),
      ...(filter ? { filter } : {}),
      label: meta.label ?? m.label ?? labelFrom(name),
      ...description(
        meta.description ??
          (filters.length
            ? `${m.name} where ${filters.map((f) => f.trim().replace(/\{\{\s*([\s\S]*?)\s*\}\}/g, '$1')).join(' and ')}`
            : m.description),
      ),
      format: { kind: agg === 'count' || agg === 'count_distinct' ? 'integer' : 'number' },
      time_dimension: timeDim,
      ...(alternates.length ? { alternate_time_dimensions: alternates } : {}),
    });
    note(
      key,
      `${m.ofMetric ? 'simple metric' : 'measure'} '${m.name}' of ${sm.name} (${m.file}: ${m.at})${alternates.length ? `; may also be dated by the model's other time dimensions (${alternates.join(', ')})` : ''}`,
    );
  };

  // an input of a ratio or derived metric: the metric itself, or a filtered copy of a simple one
  const inputName = (parent: Metric, input: Input, role: string): string => {
    if (input.offset)
      throw new Refused(
        `input '${input.alias ?? input.name}' is offset in time (offset_window / offset_to_grain); Quarry compares periods through questions, not through metrics`,
      );
    const target = c.metrics.find((x) => x.name === input.name);
    if (!target) throw new Refused(`its input '${input.name}' is not a metric`);
    const q = quarryMetric.get(input.name);
    if (!q) throw new Refused(`its input '${input.name}' was not imported`);
    if (!input.filter.length) return q;
    if (metricKind.get(input.name) !== 'simple')
      throw new Refused(
        `input '${input.name}' has a filter but is a ${metricKind.get(input.name)} metric; only simple metrics can be filtered`,
      );
    const name = quarryName(`${parent.name}_${input.alias ?? role}`);
    makeMeasure(
      name,
      target.measure!.name,
      [...target.filter, ...target.measure!.filter, ...input.filter],
      { label: labelFrom(input.alias ?? `${parent.name} ${role}`) },
      `measures:${name}`,
    );
    note(`measures:${name}`, `the filtered input '${input.alias ?? input.name}' of ${parent.name}`);
    return name;
  };

  // metrics in dependency order; a metric whose inputs were refused is refused too
  const done = new Set<string>();
  const visiting = new Set<string>();
  const byName = new Map(c.metrics.map((m) => [m.name, m]));
  const deps = (m: Metric) =>
    [m.numerator?.name, m.denominator?.name, ...(m.inputs ?? []).map((i) => i.name)].filter((x): x is string => !!x && byName.has(x));
  const visit = (m: Metric) => {
    if (done.has(m.name) || visiting.has(m.name)) return;
    visiting.add(m.name);
    for (const d of deps(m)) visit(byName.get(d)!);
    visiting.delete(m.name);
    done.add(m.name);
    const name = quarryName(m.name);
    const what = `metric ${m.name} (${m.file}: ${m.at})`;
    try {
      if (m.type === 'cumulative') throw new Refused('a cumulative metric (running total over a window); Quarry has no cumulative metrics');
      if (m.type === 'conversion')
        throw new Refused(
          'a conversion metric (events of one entity followed by others within a window); Quarry has no conversion metrics',
        );
      if (m.type === 'simple') {
        if (!m.measure) throw new Refused('a simple metric without type_params.measure');
        makeMeasure(
          name,
          m.measure.name,
          [...m.filter, ...m.measure.filter],
          { ...(m.label ? { label: m.label } : {}), ...(m.description ? { description: m.description } : {}) },
          `measures:${name}`,
        );
        if (name !== m.name) note(`measures:${name}`, `renamed: '${m.name}' as a Quarry name`);
      } else {
        if (m.filter.length) throw new Refused(`a ${m.type} metric with its own filter; Quarry filters measures, not ${m.type} metrics`);
        let expression: string;
        if (m.type === 'ratio') {
          if (!m.numerator || !m.denominator) throw new Refused('a ratio metric needs type_params.numerator and type_params.denominator');
          expression = `${inputName(m, m.numerator, 'numerator')} / ${inputName(m, m.denominator, 'denominator')}`;
        } else {
          if (m.expr === undefined || !m.inputs?.length)
            throw new Refused('a derived metric needs type_params.expr and type_params.metrics');
          const names = new Map<string, string>();
          for (const input of m.inputs)
            names.set((input.alias ?? input.name).toLowerCase(), inputName(m, input, input.alias ?? input.name));
          const unknown = tokenize(m.expr)
            .filter((t) => t.t === 'ident' && !names.has(t.v.toLowerCase()))
            .map((t) => t.v);
          if (unknown.length)
            throw new Refused(
              `its expression '${m.expr}' names ${unknown.map((u) => `'${u}'`).join(', ')}, not among its input metrics (${[...names.keys()].join(', ')})`,
            );
          expression = tokenize(m.expr)
            .map((t) => (t.t === 'ident' && !t.quoted && names.has(t.v.toLowerCase()) ? names.get(t.v.toLowerCase())! : t.v))
            .join('')
            .trim();
          try {
            parseExpr(expression);
          } catch (e) {
            if (e instanceof ExprError)
              throw new Refused(
                `its expression '${m.expr}' is not arithmetic over metrics (Quarry allows + - * /, numbers, parentheses): ${e.message}`,
              );
            throw e;
          }
        }
        metrics.push({
          name,
          expression,
          label: m.label ?? labelFrom(m.name),
          ...description(m.description),
        });
        note(`metrics:${name}`, `${m.type} metric ${m.name} (${m.file}: ${m.at}); Quarry divides as floats and never by zero (NULL)`);
      }
      quarryMetric.set(m.name, name);
      metricKind.set(m.name, m.type);
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      skipped.push({ what, why: e.message });
    }
  };
  for (const m of c.metrics) visit(m);

  // measures with create_metric: true are metrics of their own in dbt
  const exposed = new Set([...measures.map((m) => m.name), ...metrics.map((m) => m.name)]);
  for (const s of sms)
    for (const m of s.measures) {
      const usedBy = c.metrics.some((x) => x.measure?.name === m.name);
      if (m.createMetric && !exposed.has(quarryName(m.name))) {
        try {
          makeMeasure(quarryName(m.name), m.name, [], {}, `measures:${quarryName(m.name)}`);
          note(`measures:${quarryName(m.name)}`, 'create_metric: true');
        } catch (e) {
          if (!(e instanceof Refused)) throw e;
          skipped.push({ what: `measure ${m.name} (${m.file}: ${m.at})`, why: e.message });
        }
      } else if (!usedBy && !m.createMetric)
        skipped.push({
          what: `measure ${m.name} (${m.file}: ${m.at})`,
          why: 'no metric uses it (dbt exposes measures only through metrics)',
        });
    }

  if (!measures.length) throw nothingImported(c.files[0] ?? path, 'metrics', 'no metric could be imported', skipped);
  return finishImportedModel(
    {
      name: options.name ?? c.projectName ?? basename(c.root),
      description: `Imported from the dbt project ${c.projectName ?? basename(c.root)}.`,
      entities,
      relationships,
      dimensions,
      time_dimensions: timeDimensions,
      measures,
      metrics,
      figures: 'metrics',
    },
    { notes, skipped, guesses, files: c.files },
  );
}
