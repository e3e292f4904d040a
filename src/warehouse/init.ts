/**
 * `quarry init`: from a warehouse URL to a reviewed-looking start in one step. Opens the warehouse,
 * drafts the model (the bootstrap), validates it with the loader, asks candidate sample questions
 * through the rule-based interpreter and the warehouse and keeps those that answer, and only then
 * writes the model and `quarry.yaml` (`warehouse:` and `model:`, read by src/config.ts). Nothing is
 * written when any step fails, or when a file exists and `force` is not given.
 *
 * `draftInit` does the reading and checking, `writeInit` the writing; `formatInitSummary` and
 * `quarryConfigYaml` are pure.
 */
import { existsSync, statSync } from 'node:fs';
import { chmod, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, relative, resolve } from 'node:path';
import { answerQuestion } from '../eval/answer.js';
import { parseModel } from '../semantic/loader.js';
import type { SemanticModel } from '../semantic/model.js';
import { sampleQuestionCandidates, type SampleKind } from '../semantic/sample-questions.js';
import { semanticLayerFor } from '../semantic/values.js';
import { openWarehouse, redactUrl } from './index.js';
import { bootstrapDraft, draftYaml, type BootstrapResult } from '../semantic/draft/index.js';

export interface InitOptions {
  warehouseUrl: string;
  /** Where quarry.yaml goes. */
  configPath: string;
  /** Where the model YAML goes. */
  modelPath: string;
  /** Overwrite existing files. */
  force?: boolean;
  /** The model's name (default: the database file or folder name, else `warehouse`). */
  name?: string;
  /** Sample questions to keep. Default 10. */
  questions?: number;
  /** Candidates asked at most before giving up on more. Default 60. */
  maxCandidates?: number;
  /** "Today" (QUARRY_AS_OF), overriding the model's as_of while checking the questions. */
  asOf?: string;
  /** The folder relative paths in quarry.yaml are relative to (the process's cwd). */
  cwd?: string;
}

export interface CheckedQuestion {
  question: string;
  kind: SampleKind;
  rows: number;
}

export interface InitDraft {
  draft: BootstrapResult;
  /** The validated model, as the loader reads the YAML that will be written. */
  model: SemanticModel;
  modelYaml: string;
  configYaml: string;
  /** The "today" the questions were asked on. */
  asOf: string;
  /** Indexed dimension -> number of values read. */
  indexedValues: Record<string, number>;
  questions: CheckedQuestion[];
  /** Candidates asked in all. */
  asked: number;
}

export class InitError extends Error {
  override name = 'InitError';
}

/** Refuses before any work when a target exists (without force) or its folder does not. */
export function checkTargets(options: Pick<InitOptions, 'configPath' | 'modelPath' | 'force'>): void {
  if (resolve(options.configPath) === resolve(options.modelPath))
    throw new InitError(`--out and --model name the same file (${options.configPath})`);
  for (const [flag, path] of [
    ['--out', options.configPath],
    ['--model', options.modelPath],
  ] as const) {
    const folder = dirname(resolve(path));
    if (!existsSync(folder) || !statSync(folder).isDirectory())
      throw new InitError(`${flag}: no folder ${folder} to write ${basename(path)} in`);
    if (existsSync(path) && !options.force)
      throw new InitError(`${flag}: ${path} already exists; nothing was written (use --force to overwrite it)`);
  }
}

const FILE_URL = /^duckdb:/i;

/**
 * The path as quarry.yaml should hold it: relative paths are read against the folder the server
 * starts in, so they stay relative only when quarry.yaml is in `cwd` (where it is found by
 * default); otherwise they become absolute.
 */
function pathForConfig(path: string, configPath: string, cwd: string): string {
  const abs = resolve(cwd, path);
  if (resolve(cwd, dirname(configPath)) !== resolve(cwd)) return abs;
  const rel = relative(cwd, abs);
  return rel.startsWith('..') || isAbsolute(rel) ? abs : rel;
}

/** quarry.yaml: the warehouse and the model; every other setting keeps its default. */
export function quarryConfigYaml(warehouseUrl: string, modelPath: string, configPath: string, cwd: string): string {
  let url = warehouseUrl;
  if (FILE_URL.test(url)) url = `duckdb:${pathForConfig(url.slice('duckdb:'.length), configPath, cwd)}`;
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) url = pathForConfig(url, configPath, cwd);
  const quote = (s: string) => JSON.stringify(s);
  return (
    `# Written by \`quarry init\`. Read from the folder \`quarry serve\` starts in (or QUARRY_CONFIG);\n` +
    `# QUARRY_* variables win over it. Other settings: the README's Configuration table (snake_case).\n` +
    `warehouse: ${quote(url)}\n` +
    `model: ${quote(pathForConfig(modelPath, configPath, cwd))}\n`
  );
}

/** Opens the warehouse, drafts and validates the model, checks the sample questions. Writes nothing. */
export async function draftInit(options: InitOptions, progress: (line: string) => void = () => undefined): Promise<InitDraft> {
  checkTargets(options);
  const url = options.warehouseUrl.trim();
  if (!url) throw new InitError('no warehouse URL given (duckdb:PATH, a folder of Parquet/CSV files, postgres://...)');
  progress(`opening ${redactUrl(url)}`);
  const warehouse = await openWarehouse(url);
  try {
    await warehouse.ping();
    progress('reading tables, keys and columns');
    const server = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
    const fallback = basename(url.replace(FILE_URL, '').replace(/[/\\]+$/, ''), extname(url));
    let draft: BootstrapResult;
    try {
      draft = await bootstrapDraft(warehouse, { name: options.name ?? (server ? 'warehouse' : fallback) });
    } catch (err) {
      throw new InitError(`cannot draft a model from ${redactUrl(url)}: ${(err as Error).message}`);
    }
    const modelYaml = draftYaml(draft.model, draft.notes, draft.undecided);
    const model = parseModel(modelYaml, options.modelPath);
    progress('reading the values of indexed dimensions');
    const layer = await semanticLayerFor(model, warehouse, options.asOf ? { asOf: options.asOf } : {});
    const want = options.questions ?? 10;
    const candidates = sampleQuestionCandidates(model, layer.values, layer.asOf).slice(0, options.maxCandidates ?? 60);
    progress(`checking sample questions (${candidates.length} candidates)`);
    const questions: CheckedQuestion[] = [];
    let asked = 0;
    for (const c of candidates) {
      if (questions.length >= want) break;
      asked++;
      const r = await answerQuestion(layer, warehouse, c.question, { timeoutMs: 30_000 });
      if (r.status === 'done' && r.rows.length > 0) questions.push({ question: c.question, kind: c.kind, rows: r.rows.length });
    }
    const indexedValues = Object.fromEntries(Object.entries(layer.values).map(([k, v]) => [k, v.length]));
    const configYaml = quarryConfigYaml(url, options.modelPath, options.configPath, options.cwd ?? process.cwd());
    return { draft, model, modelYaml, configYaml, asOf: layer.asOf, indexedValues, questions, asked };
  } finally {
    await warehouse.close();
  }
}

/** Writes the model, then quarry.yaml (each through a temp file and a rename). */
export async function writeInit(d: InitDraft, options: InitOptions): Promise<void> {
  checkTargets(options);
  const put = async (path: string, text: string, mode: number) => {
    const tmp = `${path}.tmp-${process.pid}`;
    await writeFile(tmp, text, { encoding: 'utf8', mode });
    await chmod(tmp, mode);
    await rename(tmp, path);
  };
  await put(options.modelPath, d.modelYaml, 0o644);
  // A URL with a password is a secret: only the owner reads the file that holds it.
  const secret = /\/\/[^/@:]+:[^@]+@/.test(options.warehouseUrl);
  await put(options.configPath, d.configYaml, secret ? 0o600 : 0o644);
}

const list = (xs: string[], max = 12) => (xs.length <= max ? xs.join(', ') : `${xs.slice(0, max).join(', ')}, … (${xs.length - max} more)`);

/** What was drafted, for a person: entities, joins, metrics, dimensions, time, as_of, the undecided, the questions. */
export function formatInitSummary(d: InitDraft): string {
  const m = d.model;
  const declared = d.draft.joins.filter((j) => j.source === 'declared').length;
  const asOf = m.as_of;
  const asOfText =
    typeof asOf === 'object'
      ? `the latest ${asOf.latest} in the data (${d.asOf})`
      : asOf === 'today'
        ? `the calendar date (${d.asOf})`
        : asOf;
  const indexed = m.dimensions.filter((x) => x.index_values).map((x) => `${x.name} (${d.indexedValues[x.name] ?? 0} values)`);
  const lines = [
    `Entities (${m.entities.length}): ${list(m.entities.map((e) => (e.table && e.table !== e.name ? `${e.name} (${e.table})` : e.name)))}`,
    `Joins (${m.relationships.length}; ${declared} declared, ${d.draft.joins.length - declared} inferred from names and checked on the data): ${
      list(
        m.relationships.map((r) => `${r.from} -> ${r.to}`),
        10,
      ) || 'none'
    }`,
    `Metrics (${m.measures.length + m.metrics.length}): ${list(
      [...m.measures, ...m.metrics].map((x) => x.name),
      10,
    )}`,
    `Dimensions (${m.dimensions.length}): ${list(
      m.dimensions.map((x) => x.name),
      10,
    )}${indexed.length ? `; values indexed: ${list(indexed, 8)}` : ''}`,
    `Time dimensions (${m.time_dimensions.length}): ${list(m.time_dimensions.map((x) => x.name)) || 'none'}${m.defaults.time_dimension ? `; default ${m.defaults.time_dimension}` : ''}`,
    `Main fact table: ${d.draft.fact ?? 'none found'}; ranking metric: ${m.defaults.ranking_metric ?? 'none'}`,
    `"Today" (as_of): ${asOfText}`,
  ];
  if (d.draft.undecided.length)
    lines.push(`Could not decide (review these in the model file):`, ...d.draft.undecided.map((u) => `  - ${u}`));
  lines.push(
    d.questions.length
      ? `Sample questions that answer (checked on the warehouse, ${d.questions.length} of ${d.asked} asked):`
      : `No sample question answered (${d.asked} asked): review the model's labels and synonyms.`,
    ...d.questions.map((q, i) => `  ${String(i + 1).padStart(2)}. ${q.question}`),
  );
  return lines.join('\n');
}
