/**
 * Reads a semantic model file (YAML or JSON), validates it with the zod schema, then checks
 * cross-references the schema cannot see. Errors name the file, the path and the problem.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { SemanticModelSchema, type SemanticModel } from './model.js';
import { ExprError, exprRefs, MACROS, parseExpr, sqlEntityRefs, sqlMacros } from './expr.js';
import { JoinGraph } from './graph.js';

/** The bundled TPC-H model. */
export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('./models/tpch.yaml', import.meta.url));

export interface ModelIssue {
  /** e.g. `measures[3].entity` */
  path: string;
  problem: string;
}

export class ModelError extends Error {
  constructor(
    readonly file: string,
    readonly issues: ModelIssue[],
  ) {
    super(`invalid semantic model ${file}:\n` + issues.map((i) => `  ${i.path || '(root)'}: ${i.problem}`).join('\n'));
    this.name = 'ModelError';
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

export function loadModel(path: string): SemanticModel {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ModelError(path, [{ path: '', problem: `cannot read the file: ${(e as Error).message}` }]);
  }
  return parseModel(text, path);
}

/** Parses and validates model text; `file` is only used in error messages. */
export function parseModel(text: string, file = '<model>'): SemanticModel {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (e) {
    const where = e instanceof YAMLParseError && e.linePos ? ` (line ${e.linePos[0].line})` : '';
    throw new ModelError(file, [{ path: '', problem: `not valid YAML${where}: ${(e as Error).message.split('\n')[0]}` }]);
  }
  return validateModel(raw, file);
}

export function validateModel(raw: unknown, file = '<model>'): SemanticModel {
  const parsed = SemanticModelSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ModelError(
      file,
      parsed.error.issues.map((i) => ({ path: formatPath(i.path), problem: i.message })),
    );
  }
  const issues = crossCheck(parsed.data);
  if (issues.length) throw new ModelError(file, issues);
  return parsed.data;
}

/** Cross-reference checks: names, duplicates, joins reachable, metric cycles, defaults. */
export function crossCheck(m: SemanticModel): ModelIssue[] {
  const issues: ModelIssue[] = [];
  const add = (path: string, problem: string) => issues.push({ path, problem });

  const dupes = (kind: string, items: { name: string; at: string }[]) => {
    const seen = new Map<string, string>();
    for (const it of items) {
      const prev = seen.get(it.name);
      if (prev) add(`${it.at}.name`, `duplicate ${kind} name '${it.name}' (also at ${prev})`);
      else seen.set(it.name, it.at);
    }
  };
  dupes(
    'entity',
    m.entities.map((e, i) => ({ name: e.name, at: `entities[${i}]` })),
  );
  dupes('dimension', [
    ...m.dimensions.map((d, i) => ({ name: d.name, at: `dimensions[${i}]` })),
    ...m.time_dimensions.map((d, i) => ({ name: d.name, at: `time_dimensions[${i}]` })),
  ]);
  dupes('metric', [
    ...m.measures.map((d, i) => ({ name: d.name, at: `measures[${i}]` })),
    ...m.metrics.map((d, i) => ({ name: d.name, at: `metrics[${i}]` })),
  ]);

  const entities = new Set(m.entities.map((e) => e.name));
  const timeDims = new Map(m.time_dimensions.map((t) => [t.name, t]));
  const measures = new Map(m.measures.map((x) => [x.name, x]));
  const metrics = new Map(m.metrics.map((x) => [x.name, x]));
  const known = (at: string, name: string) => {
    if (!entities.has(name)) add(at, `unknown entity '${name}'${suggest(name, entities)}`);
    return entities.has(name);
  };

  m.relationships.forEach((r, i) => {
    known(`relationships[${i}].from`, r.from);
    known(`relationships[${i}].to`, r.to);
    if (r.from === r.to) add(`relationships[${i}]`, `a relationship from '${r.from}' to itself needs an entity alias`);
  });
  const graph = new JoinGraph(m.relationships.filter((r) => entities.has(r.from) && entities.has(r.to)));

  const checkSql = (at: string, owner: string, sql: string | undefined) => {
    if (sql === undefined) return;
    for (const ref of sqlEntityRefs(sql)) {
      if (!entities.has(ref)) add(at, `unknown entity '\${${ref}}'${suggest(ref, entities)}`);
      else if (entities.has(owner) && !graph.path(owner, ref))
        add(at, `'\${${ref}}' is not reachable from '${owner}' through many_to_one relationships`);
    }
    for (const mc of sqlMacros(sql)) {
      if (!(mc.name in MACROS))
        add(
          at,
          `unknown macro '@${mc.name}' (known: ${Object.keys(MACROS)
            .map((k) => '@' + k)
            .join(', ')})`,
        );
      else if (MACROS[mc.name] !== mc.args) add(at, `macro '@${mc.name}' takes ${MACROS[mc.name]} arguments, not ${mc.args}`);
    }
  };

  const checkTimeDim = (at: string, name: string, owner?: string) => {
    const td = timeDims.get(name);
    if (!td) return add(at, `unknown time dimension '${name}'${suggest(name, timeDims.keys())}`);
    if (owner && entities.has(owner) && entities.has(td.entity) && !graph.path(owner, td.entity))
      add(at, `time dimension '${name}' (on '${td.entity}') is not reachable from '${owner}'`);
  };

  m.dimensions.forEach((d, i) => {
    known(`dimensions[${i}].entity`, d.entity);
    checkSql(`dimensions[${i}].sql`, d.entity, d.sql);
    for (const [g, vals] of Object.entries(d.value_groups))
      if (vals.length === 0) add(`dimensions[${i}].value_groups.${g}`, 'an empty value group');
  });
  m.time_dimensions.forEach((d, i) => {
    known(`time_dimensions[${i}].entity`, d.entity);
    checkSql(`time_dimensions[${i}].sql`, d.entity, d.sql);
  });
  m.measures.forEach((x, i) => {
    const at = `measures[${i}]`;
    known(`${at}.entity`, x.entity);
    if (x.agg !== 'count' && x.sql === undefined) add(`${at}.sql`, `aggregation '${x.agg}' needs a sql expression`);
    checkSql(`${at}.sql`, x.entity, x.sql);
    checkSql(`${at}.filter`, x.entity, x.filter);
    if (x.time_bound) {
      const td = x.time_dimension ?? m.defaults.time_dimension;
      if (!td) add(`${at}.time_dimension`, 'a dated measure needs a time_dimension (or defaults.time_dimension)');
      else checkTimeDim(`${at}.time_dimension`, td, x.entity);
    }
    x.alternate_time_dimensions.forEach((t, j) => checkTimeDim(`${at}.alternate_time_dimensions[${j}]`, t, x.entity));
  });

  const parsedMetrics = new Map<string, Set<string>>();
  m.metrics.forEach((x, i) => {
    const at = `metrics[${i}]`;
    try {
      const refs = exprRefs(parseExpr(x.expression));
      parsedMetrics.set(x.name, refs);
      for (const r of refs)
        if (!measures.has(r) && !metrics.has(r))
          add(`${at}.expression`, `unknown metric '${r}'${suggest(r, [...measures.keys(), ...metrics.keys()])}`);
    } catch (e) {
      if (e instanceof ExprError) add(`${at}.expression`, e.message);
      else throw e;
    }
    if (x.time_dimension) checkTimeDim(`${at}.time_dimension`, x.time_dimension);
    x.alternate_time_dimensions.forEach((t, j) => checkTimeDim(`${at}.alternate_time_dimensions[${j}]`, t));
  });
  // Cycles among derived metrics (a metric defined, directly or not, by itself).
  const state = new Map<string, 1 | 2>();
  const visit = (name: string, trail: string[]): void => {
    if (state.get(name) === 2) return;
    if (state.get(name) === 1) {
      const i = m.metrics.findIndex((x) => x.name === trail[0]);
      add(`metrics[${i}].expression`, `cycle: ${[...trail.slice(trail.indexOf(name)), name].join(' -> ')}`);
      return;
    }
    state.set(name, 1);
    for (const r of parsedMetrics.get(name) ?? []) if (metrics.has(r)) visit(r, [...trail, r]);
    state.set(name, 2);
  };
  for (const x of m.metrics) visit(x.name, [x.name]);

  if (m.defaults.time_dimension) checkTimeDim('defaults.time_dimension', m.defaults.time_dimension);
  if (m.defaults.ranking_metric && !measures.has(m.defaults.ranking_metric) && !metrics.has(m.defaults.ranking_metric))
    add('defaults.ranking_metric', `unknown metric '${m.defaults.ranking_metric}'`);
  if (typeof m.as_of === 'object') checkTimeDim('as_of.latest', m.as_of.latest);
  return issues;
}

function suggest(name: string, candidates: Iterable<string>): string {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = lev(name, c);
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3)) ? ` (did you mean '${best}'?)` : '';
}

function lev(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}
