/**
 * What the three importers share: reading the input YAML with errors that name the file and the
 * path, Quarry names from foreign ones, the result shape (model + a reason per guess + what was
 * not imported), and writing the model the way bootstrap does (every guess commented).
 */
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { Document, isMap, isSeq, parse as parseYaml, YAMLParseError, type YAMLMap } from 'yaml';
import type { z } from 'zod';
import { IDENTIFIER, TIME_GRAINS, type SemanticModelInput, type TimeGrain } from '../model.js';
import { ModelError, validateModel } from '../loader.js';
import type { JoinGraph } from '../graph.js';
import { renderAggregateExpr, type AggregateExpr } from './sql.js';

/** One problem of the input: the file, where in it (`semantic_models[0].measures[2].agg`), what. */
export interface InputIssue {
  file: string;
  path: string;
  problem: string;
}

/** The input cannot be imported as it is; nothing was written. */
export class ImportError extends Error {
  constructor(readonly issues: InputIssue[]) {
    super(issues.map((i) => `${i.file}: ${i.path || '(top level)'}: ${i.problem}`).join('\n'));
    this.name = 'ImportError';
  }
}

/** A construct of the input left out of the model, and why. */
export interface Skipped {
  /** e.g. `metric cumulative_revenue` (with its file and path) */
  what: string;
  why: string;
}

export interface ImportResult {
  model: SemanticModelInput;
  /** Why each item was written as it was, keyed `<section>:<name>` (YAML comments). */
  notes: Record<string, string>;
  /** What was not imported, and why (in the file's header and on the console). */
  skipped: Skipped[];
  /** What the importer guessed for the whole model (in the file's header). */
  guesses: string[];
  /** Which files were read. */
  files: string[];
}

export type ImportFormat = 'dbt' | 'cube' | 'cortex';

/** The input held nothing Quarry can measure: the error lists what was skipped and why. */
export function nothingImported(file: string, path: string, what: string, skipped: Skipped[]): ImportError {
  return new ImportError([{ file, path, problem: `${what}:\n${skipped.map((s) => `  - ${s.what}: ${s.why}`).join('\n')}` }]);
}

/** The parts an importer translated; `finishImportedModel` makes them a model. */
export interface ImportedParts extends Pick<
  SemanticModelInput,
  'name' | 'description' | 'entities' | 'relationships' | 'dimensions' | 'time_dimensions' | 'measures' | 'metrics'
> {
  measures: NonNullable<SemanticModelInput['measures']>;
  /** Sections only some formats have (Cortex: glossary, verified queries). */
  extra?: Pick<SemanticModelInput, 'glossary' | 'verified_queries'>;
  /** What the source calls its figures, for the defaults' note ("measures", dbt's "metrics"). */
  figures?: string;
}

/**
 * The model-assembly tail every importer shares: "today" is the latest date of the time dimension
 * most measures are dated by (also the default time dimension), the first summed measure ranks, and
 * both guesses are noted.
 */
export function finishImportedModel(parts: ImportedParts, result: Omit<ImportResult, 'model'>): ImportResult {
  const { extra, figures = 'measures', ...sections } = parts;
  const counts = new Map<string, number>();
  for (const m of parts.measures) if (m.time_dimension) counts.set(m.time_dimension, (counts.get(m.time_dimension) ?? 0) + 1);
  const defaultTime = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const ranking = parts.measures.find((m) => m.agg === 'sum') ?? parts.measures[0]!;
  const { name, description, ...rest } = sections;
  const model: SemanticModelInput = {
    name,
    description,
    ...(defaultTime ? { as_of: { latest: defaultTime } } : {}),
    ...rest,
    ...extra,
    defaults: { ...(defaultTime ? { time_dimension: defaultTime } : {}), ranking_metric: ranking.name },
  };
  if (defaultTime)
    result.notes.as_of = `guess: "today" is the latest ${defaultTime} in the data, so "last year" means the data's last year (QUARRY_AS_OF overrides)`;
  const figure = figures.replace(/s$/, '');
  result.notes.defaults = `guess: the time dimension most ${figures} are dated by; ranking by the first summed ${figure} (${ranking.name})`;
  return { model, ...result };
}

// ---------------------------------------------------------------------------------------------
// reading

/** Parses one YAML file; a syntax error names the file and the line. */
export function readYaml(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ImportError([{ file, path: '', problem: `cannot read the file: ${(e as Error).message}` }]);
  }
  try {
    return parseYaml(indentQuotedContinuations(text));
  } catch (e) {
    const where = e instanceof YAMLParseError && e.linePos ? ` (line ${e.linePos[0].line})` : '';
    throw new ImportError([{ file, path: '', problem: `not valid YAML${where}: ${(e as Error).message.split('\n')[0]}` }]);
  }
}

/**
 * Quoted scalars whose continuation lines start at the margin (`sql: "` then `SELECT ...` in column
 * 0, as Snowflake's own Cortex examples write them): PyYAML and Snowflake read them, the YAML 1.2
 * grammar wants those lines indented. Inside a quoted scalar a line's leading spaces are folded away,
 * so indenting them changes no value; a document that is already valid is returned unchanged.
 */
export function indentQuotedContinuations(text: string): string {
  const lines = text.split('\n');
  let quote: '"' | "'" | undefined;
  let ownerIndent = 0;
  for (let n = 0; n < lines.length; n++) {
    let line = lines[n]!;
    let i = 0;
    if (quote) {
      const indent = /^ */.exec(line)![0].length;
      if (line.trim() !== '' && indent <= ownerIndent) {
        line = ' '.repeat(ownerIndent + 2 - indent) + line;
        lines[n] = line;
      }
    } else ownerIndent = /^ */.exec(line)![0].length;
    for (; i < line.length; i++) {
      const ch = line[i]!;
      if (quote === '"') {
        if (ch === '\\') i++;
        else if (ch === '"') quote = undefined;
      } else if (quote === "'") {
        if (ch === "'" && line[i + 1] === "'") i++;
        else if (ch === "'") quote = undefined;
      } else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]!))) break;
      // (a quote opens a scalar only where a value starts: after `: `, `- `, `[`, `{`, `,` or at the line's start)
      else if ((ch === '"' || ch === "'") && /^(\s*|.*[:-]\s+|.*[[{,]\s*)$/.test(line.slice(0, i))) quote = ch;
    }
  }
  return lines.join('\n');
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let cur = raw;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p as string];
  }
  return cur;
}

const shown = (v: unknown) => (typeof v === 'string' ? `'${v}'` : v === undefined ? 'nothing' : JSON.stringify(v));

/** zod's issues as input issues: the path, the value found and what is allowed. */
export function schemaIssues(file: string, raw: unknown, error: z.ZodError, prefix: readonly PropertyKey[] = []): InputIssue[] {
  const out: InputIssue[] = [];
  for (const i of error.issues) {
    const path = [...prefix, ...i.path];
    const got = valueAt(raw, i.path);
    let problem: string;
    if (i.code === 'invalid_value' && 'values' in i)
      problem = `${shown(got)} is not allowed; allowed: ${(i.values as unknown[]).map((v) => String(v)).join(', ')}`;
    else if (i.code === 'invalid_type')
      problem = got === undefined ? `missing (${i.expected} required)` : `expected ${i.expected}, got ${shown(got)}`;
    else if (i.code === 'invalid_union')
      problem = `${shown(got)} is not allowed here: ${i.message === 'Invalid input' ? unionHint(i) : i.message}`;
    else problem = i.message;
    out.push({ file, path: formatPath(path), problem });
  }
  return out;
}

function unionHint(i: z.core.$ZodIssue): string {
  const errs = (i as { errors?: { expected?: string; message: string }[][] }).errors ?? [];
  const expected = errs.map((e) => e[0]?.expected).filter(Boolean);
  return expected.length ? `expected ${[...new Set(expected)].join(' or ')}` : 'none of the allowed forms';
}

/** Validates raw input against a schema; every problem at once, naming the file and the path. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, file: string): z.infer<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new ImportError(schemaIssues(file, raw, r.error));
  return r.data;
}

// ---------------------------------------------------------------------------------------------
// names

/** A Quarry name (lower_snake_case) from a foreign one: `Order Date`, `orderDate`, `ORDER_DATE`. */
export function quarryName(name: string): string {
  let s = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!s) s = 'unnamed';
  if (!/^[a-z]/.test(s)) s = `n_${s}`;
  return IDENTIFIER.test(s) ? s : 'unnamed';
}

/** Readable words from a name: `order_date` -> `Order date`. */
export function labelFrom(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Unique Quarry names for items that are unique only within their owner (a dimension per dbt
 * semantic model, per Cortex table): a name used by one owner stays; a name several owners use
 * becomes `<owner>_<name>` for each of them.
 */
export function uniqueNames<T extends { owner: string; name: string }>(items: T[]): Map<T, { name: string; renamed?: string }> {
  const byName = new Map<string, Set<string>>();
  for (const it of items) {
    const n = quarryName(it.name);
    byName.set(n, (byName.get(n) ?? new Set()).add(it.owner));
  }
  const out = new Map<T, { name: string; renamed?: string }>();
  const used = new Set<string>();
  for (const it of items) {
    const base = quarryName(it.name);
    let name = base;
    let renamed: string | undefined;
    if (byName.get(base)!.size > 1) {
      name = `${quarryName(it.owner)}_${base}`;
      renamed = `'${it.name}' is a name in ${[...byName.get(base)!].join(', ')}; Quarry names are unique in the model`;
    } else if (base !== it.name) renamed = `'${it.name}' as a Quarry name (lower_snake_case)`;
    while (used.has(name)) name = `${name}_2`;
    used.add(name);
    out.set(it, { name, ...(renamed ? { renamed } : {}) });
  }
  return out;
}

/** The grains a time dimension offers, from the finest one the source declares. */
export function grainsFrom(granularity: string | undefined): { grains: TimeGrain[]; note?: string } {
  if (!granularity) return { grains: [...TIME_GRAINS] };
  const g = granularity.toLowerCase();
  const i = TIME_GRAINS.indexOf(g as TimeGrain);
  if (i >= 0) return { grains: TIME_GRAINS.slice(i) };
  return {
    grains: [...TIME_GRAINS],
    note: `granularity '${granularity}' is finer than a day; Quarry groups time by day, week, month, quarter and year`,
  };
}

// ---------------------------------------------------------------------------------------------
// writing

const FORMAT_NAMES: Record<ImportFormat, string> = { dbt: 'dbt MetricFlow', cube: 'Cube', cortex: 'Snowflake Cortex Analyst' };

/** The imported model as YAML: the header says what was guessed and what was left out, and each item why. */
export function importedYaml(format: ImportFormat, r: ImportResult): string {
  const doc = new Document(r.model);
  const lines = [
    ` Semantic model imported by \`quarry semantic import ${format}\` from the ${FORMAT_NAMES[format]} model in:`,
    ...r.files.map((f) => `   ${f}`),
    ' Every guess carries its reason in a comment; review them, then `quarry semantic validate` this file.',
  ];
  if (r.guesses.length) lines.push('', ' Guessed for the whole model:', ...r.guesses.map((g) => `   - ${g}`));
  if (r.skipped.length) lines.push('', ' Not imported:', ...r.skipped.map((s) => `   - ${s.what}: ${s.why}`));
  doc.commentBefore = lines.join('\n');
  const root = doc.contents as YAMLMap;
  for (const section of ['entities', 'relationships', 'dimensions', 'time_dimensions', 'measures', 'metrics', 'verified_queries']) {
    const seq = root.get(section, true);
    if (!isSeq(seq)) continue;
    seq.items.forEach((item, i) => {
      if (!isMap(item)) return;
      const key =
        section === 'relationships' || section === 'verified_queries' ? `${section}:${i}` : `${section}:${String(item.get('name'))}`;
      if (r.notes[key]) item.commentBefore = ` ${r.notes[key]!.replace(/\n/g, '\n ')}`;
    });
  }
  for (const key of ['as_of', 'defaults', 'glossary']) {
    const pair = root.items.find((p) => (p.key as { value?: unknown })?.value === key || p.key === key);
    if (pair && r.notes[key]) (pair.key as { commentBefore?: string }).commentBefore = ` ${r.notes[key]}`;
  }
  return doc.toString({ lineWidth: 120, blockQuote: 'literal' });
}

/**
 * Checks the imported model with the loader's own validation, then writes it (temp file + rename,
 * so nothing is half-written). A model that does not validate is an ImportError; nothing is written.
 */
export async function writeImportedModel(format: ImportFormat, r: ImportResult, outPath: string): Promise<string> {
  const text = importedYaml(format, r);
  try {
    validateModel(parseYaml(text), outPath);
  } catch (e) {
    if (e instanceof ModelError)
      throw new ImportError(e.issues.map((i) => ({ file: r.files[0] ?? outPath, path: `(imported model) ${i.path}`, problem: i.problem })));
    throw e;
  }
  const tmp = `${outPath}.tmp-${process.pid}`;
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, outPath);
  return text;
}

/**
 * Which time dimension dates a measure when the source does not say (Cube, Cortex): the first of
 * its own entity's, the others as alternates; else the first one reached through to-one joins
 * (nearest entity first); else none, and the measure is not bound to time.
 */
export function guessDating(
  entity: string,
  timeDimensions: readonly { name: string; entity: string }[],
  graph: JoinGraph,
): { time_dimension?: string; alternates: string[]; note?: string } {
  const own = timeDimensions.filter((t) => t.entity === entity);
  if (own.length) {
    return {
      time_dimension: own[0]!.name,
      alternates: own.slice(1).map((t) => t.name),
      ...(own.length > 1
        ? {
            note: `guess: dated by ${own[0]!.name}, the first time dimension of ${entity}; also by ${own
              .slice(1)
              .map((t) => t.name)
              .join(', ')}`,
          }
        : {}),
    };
  }
  const paths = [...graph.pathsFrom(entity)].sort((a, b) => a[1].length - b[1].length);
  for (const [reached] of paths) {
    const there = timeDimensions.filter((t) => t.entity === reached);
    if (there.length)
      return {
        time_dimension: there[0]!.name,
        alternates: there.slice(1).map((t) => t.name),
        note: `guess: ${entity} has no time dimension; dated by ${there[0]!.name} of ${reached}, the nearest one through joins`,
      };
  }
  return { alternates: [], note: `${entity} reaches no time dimension: never filtered by time (time_bound: false)` };
}

/** The aggregates a calculated figure may call, as Quarry's measure aggregations. */
export type PartAggregation = 'sum' | 'avg' | 'min' | 'max' | 'count' | 'count_distinct';

/**
 * A calculated figure (arithmetic over aggregates of one entity's rows, Cube's and Cortex's
 * `SUM(a) / COUNT(b)`) as measures and the expression over them: each aggregate becomes a measure
 * `<name>_part<k>` of `entity` (under `filter`, if any), or reuses a measure that already computes
 * the same aggregate; `aggregation` maps a call's function name. Returns the metric's expression.
 */
export function aggregatesAsMeasures(
  parsed: AggregateExpr,
  figure: {
    name: string;
    label: string;
    entity: string;
    filter?: string;
    /** What the parts are part of, for their notes ("metric revenue of orders"). */
    partOf: string;
    aggregation: (fn: string) => PartAggregation;
  },
  into: {
    measures: NonNullable<SemanticModelInput['measures']>;
    dating: (entity: string, key: string) => object;
    note: (key: string, text: string) => void;
  },
): string {
  const { name, entity, filter } = figure;
  let k = 0;
  return renderAggregateExpr(parsed, (a) => {
    const agg = a.fn === 'count' && a.distinct ? 'count_distinct' : figure.aggregation(a.fn);
    const arg = a.arg === '*' ? undefined : a.arg;
    const same = into.measures.find((x) => x.entity === entity && x.agg === agg && x.sql === arg && x.filter === filter);
    if (same) return same.name;
    const part = `${name}_part${++k}`;
    into.measures.push({
      name: part,
      entity,
      agg,
      ...(arg !== undefined ? { sql: arg } : {}),
      ...(filter ? { filter } : {}),
      label: `${figure.label} (part ${k})`,
      format: { kind: 'number' },
      ...into.dating(entity, `measures:${part}`),
    });
    into.note(`measures:${part}`, `part of ${figure.partOf}`);
    return part;
  });
}
