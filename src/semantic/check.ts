/**
 * Checks a semantic model against the data — drafted, imported or hand-written — as `quarry semantic
 * check` does, and quickly at start-up: the tables and every column an expression reads exist, every
 * key is unique, each relationship's fan-out matches its declared cardinality, and time dimensions
 * hold dates. Each problem comes with its fix. `guardLayerModel` turns the findings into a model the
 * server can use: a missing table refuses the model; a relationship whose "one" side is not unique is
 * dropped, so the metrics that would need it refuse instead of multiplying rows. A check that ran out of
 * time (a saturated host) drops nothing: the relationship is kept as declared and the finding says so.
 */
import { WarehouseTimeoutError } from '../warehouse/errors.js';
import type { Warehouse } from '../warehouse/types.js';
import { compile, compileDistinctValues, compileLatest } from './compiler.js';
import { dialectFor } from './dialects/index.js';
import type { Relationship, SemanticModel } from './model.js';

export type CheckKind = 'table' | 'column' | 'key' | 'fan_out' | 'time';

export interface CheckFinding {
  kind: CheckKind;
  /** What was checked: `entity customer`, `dimension region`, `relationship sales -> region`. */
  subject: string;
  ok: boolean;
  /** What is wrong (failed findings only). */
  problem?: string;
  /** How to fix it (failed findings only). */
  fix?: string;
  /**
   * The check ran out of time (a busy or slow warehouse), which says nothing about the data: the part
   * is kept as declared, and the finding says so.
   */
  unchecked?: boolean;
}

export interface CheckReport {
  findings: CheckFinding[];
  failed: CheckFinding[];
}

export interface CheckOptions {
  /** Existence and keys only (start-up): no expression or time dimension queries. */
  quick?: boolean;
  /** Time budget per check query. Default 30 s (quick: 5 s). */
  timeoutMs?: number;
}

/** A model that names what the warehouse does not have (a missing table): it cannot be used. */
export class ModelCheckError extends Error {
  constructor(readonly failed: CheckFinding[]) {
    super(`the model does not match the warehouse: ${failed.map((f) => `${f.subject}: ${f.problem} (fix: ${f.fix})`).join('; ')}`);
    this.name = 'ModelCheckError';
  }
}

const keyColumns = (pk: string | string[]) => (Array.isArray(pk) ? pk : [pk]);
const relationshipName = (r: Relationship) => `relationship ${r.from} -> ${r.to} (${r.on.map(([a, b]) => `${a} = ${b}`).join(', ')})`;
/** The first line of an engine's message, without the query it quotes. */
const reason = (err: unknown) =>
  String((err as Error)?.message ?? err)
    .split('\n')[0]!
    .slice(0, 300);

export async function checkModel(model: SemanticModel, warehouse: Warehouse, options: CheckOptions = {}): Promise<CheckReport> {
  const timeoutMs = options.timeoutMs ?? (options.quick ? 5_000 : 30_000);
  const dialect = dialectFor(warehouse.dialect);
  const run = (sql: string) => warehouse.run(sql, { timeoutMs, maxRows: 10 });
  const findings: CheckFinding[] = [];
  const entities = new Map(model.entities.map((e) => [e.name, e]));
  const source = (name: string) => {
    const e = entities.get(name)!;
    return e.table !== undefined ? e.table : `(${e.sql})`;
  };
  const present = new Set<string>();

  // Tables (and the key columns) exist.
  for (const e of model.entities) {
    const subject = `entity ${e.name}`;
    try {
      await run(
        `SELECT ${keyColumns(e.primary_key)
          .map((c) => `t0.${c}`)
          .join(', ')} FROM ${source(e.name)} AS t0 WHERE 1 = 0`,
      );
      present.add(e.name);
      findings.push({ kind: 'table', subject, ok: true });
    } catch (err) {
      const message = reason(err);
      const missingTable =
        /does not exist|not found|doesn't exist|no such table|Catalog Error: Table/i.test(message) && !/column/i.test(message);
      findings.push({
        kind: missingTable ? 'table' : 'column',
        subject,
        ok: false,
        problem: missingTable
          ? `table ${e.table ?? '(sql)'} is not in the warehouse (${message})`
          : `its key ${keyColumns(e.primary_key).join(', ')} cannot be read (${message})`,
        fix: missingTable
          ? `point \`table\` at an existing table, or remove entity ${e.name} and what refers to it`
          : `set \`primary_key\` to columns of ${e.table ?? 'its sql'}`,
      });
    }
  }

  // Every key unique: a many-to-one (or one-to-one) target, and the "from" side of one-to-one and
  // one-to-many, must hold each key value once, else a join multiplies rows.
  const duplicated = async (entity: string, columns: string[]): Promise<string | undefined> => {
    const cols = columns.map((c) => `t0.${c}`).join(', ');
    const r = await run(
      `SELECT ${columns.map((c, i) => `t0.${c} AS k${i}`).join(', ')}, count(*) AS n FROM ${source(entity)} AS t0 GROUP BY ${cols} HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const row = r.rows[0];
    return row ? `${columns.map((_, i) => JSON.stringify(row[`k${i}`])).join(', ')} appears ${String(row.n)} times` : undefined;
  };
  const checkedKeys = new Map<string, string | undefined>();
  const uniqueOn = async (entity: string, columns: string[]) => {
    const k = `${entity}(${columns.join(',')})`;
    if (!checkedKeys.has(k)) checkedKeys.set(k, await duplicated(entity, columns));
    return checkedKeys.get(k);
  };
  for (const e of model.entities) {
    // (start-up reads only the keys joins go through, below: a fact table's own key is checked by the command)
    if (!present.has(e.name) || options.quick) continue;
    const cols = keyColumns(e.primary_key);
    try {
      const dup = await uniqueOn(e.name, cols);
      findings.push(
        dup
          ? {
              kind: 'key',
              subject: `entity ${e.name}`,
              ok: false,
              problem: `primary key ${cols.join(', ')} is not unique: ${dup}`,
              fix: `set \`primary_key\` to columns that are unique in ${e.table ?? 'its sql'}, or deduplicate it (e.g. an entity over SELECT DISTINCT)`,
            }
          : { kind: 'key', subject: `entity ${e.name}`, ok: true },
      );
    } catch (err) {
      findings.push({
        kind: 'key',
        subject: `entity ${e.name}`,
        ok: false,
        problem: `its key could not be checked (${reason(err)})`,
        fix: 'check that the key columns exist',
      });
    }
  }
  for (const r of model.relationships) {
    if (!present.has(r.from) || !present.has(r.to)) continue;
    const sides: Array<[string, string[]]> = [];
    if (r.cardinality !== 'one_to_many') sides.push([r.to, r.on.map(([, b]) => b)]);
    if (r.cardinality !== 'many_to_one') sides.push([r.from, r.on.map(([a]) => a)]);
    const problems: string[] = [];
    try {
      for (const [entity, cols] of sides) {
        const dup = await uniqueOn(entity, cols);
        if (dup) problems.push(`${entity}.${cols.join(', ')} is not unique (${dup})`);
      }
    } catch (err) {
      if (err instanceof WarehouseTimeoutError) {
        findings.push({
          kind: 'fan_out',
          subject: relationshipName(r),
          ok: false,
          unchecked: true,
          problem: `its keys could not be checked in ${timeoutMs / 1000} s (${reason(err)}): kept as declared`,
          fix: 'run `quarry semantic check` when the warehouse is less busy',
        });
        continue;
      }
      problems.push(`could not be checked (${reason(err)})`);
    }
    findings.push(
      problems.length
        ? {
            kind: 'fan_out',
            subject: relationshipName(r),
            ok: false,
            problem: `declared ${r.cardinality}, but ${problems.join('; ')}: each row would be counted once per match`,
            fix: `join on a unique key of ${r.to}, declare the cardinality the data has, or deduplicate ${r.to}`,
          }
        : { kind: 'fan_out', subject: relationshipName(r), ok: true },
    );
  }
  if (options.quick) return report(findings);

  // Every expression reads columns that exist (compiled as the server would, and run on no rows).
  const none = (sql: string) => `SELECT * FROM (${sql}) AS q WHERE 1 = 0`;
  const expression = async (kind: string, name: string, entity: string, sql: () => string) => {
    if (!present.has(entity)) return;
    try {
      await run(none(sql()));
      findings.push({ kind: 'column', subject: `${kind} ${name}`, ok: true });
    } catch (err) {
      findings.push({
        kind: 'column',
        subject: `${kind} ${name}`,
        ok: false,
        problem: `cannot be computed (${reason(err)})`,
        fix: `correct its \`sql\` to columns of ${entities.get(entity)?.table ?? entity}, or remove it`,
      });
    }
  };
  for (const d of model.dimensions) await expression('dimension', d.name, d.entity, () => compileDistinctValues(model, d.name, dialect, 1));
  for (const m of model.measures) await expression('measure', m.name, m.entity, () => compile(model, { metrics: [m.name] }, dialect).sql);

  // Time dimensions hold dates.
  for (const t of model.time_dimensions) {
    if (!present.has(t.entity)) continue;
    try {
      const latest = (await run(compileLatest(model, t.name, dialect))).rows[0]?.latest;
      findings.push(
        latest === null || latest === undefined
          ? {
              kind: 'time',
              subject: `time dimension ${t.name}`,
              ok: false,
              problem: `holds no dates (NULL in every row of ${entities.get(t.entity)?.table ?? t.entity})`,
              fix: `point its \`sql\` at a column with dates, or remove it and what it dates (measures' time_dimension, as_of)`,
            }
          : { kind: 'time', subject: `time dimension ${t.name}`, ok: true },
      );
    } catch (err) {
      findings.push({
        kind: 'time',
        subject: `time dimension ${t.name}`,
        ok: false,
        problem: `cannot be read as a date (${reason(err)})`,
        fix: 'correct its `sql` to a date, a timestamp or an expression giving one',
      });
    }
  }
  return report(findings);
}

function report(findings: CheckFinding[]): CheckReport {
  return { findings, failed: findings.filter((f) => !f.ok) };
}

/** The report as lines for a person: what fails and its fix, then a count. */
export function formatCheckReport(r: CheckReport): string {
  const lines = r.failed.map((f) => `FAIL ${f.subject}: ${f.problem}\n     fix: ${f.fix}`);
  lines.push(
    `${r.findings.length - r.failed.length} of ${r.findings.length} checks passed${r.failed.length ? `, ${r.failed.length} failed` : ''}`,
  );
  return lines.join('\n');
}

/**
 * The model the server may answer from, after the quick check: a missing table refuses the model
 * (`ModelCheckError`); a relationship that would multiply rows (its "one" side is not unique) is left
 * out, so the metrics and dimensions that need it are refused ("not reachable") instead of answered
 * wrong. Returns the model (the same object when nothing failed) and the findings that failed.
 */
export async function guardLayerModel(
  model: SemanticModel,
  warehouse: Warehouse,
  options: Pick<CheckOptions, 'timeoutMs'> = {},
): Promise<{ model: SemanticModel; failed: CheckFinding[] }> {
  const r = await checkModel(model, warehouse, { ...options, quick: true });
  const missing = r.failed.filter((f) => f.kind === 'table');
  if (missing.length) throw new ModelCheckError(missing);
  const badRelationships = new Set(r.failed.filter((f) => f.kind === 'fan_out' && !f.unchecked).map((f) => f.subject));
  const badKeys = new Set(r.failed.filter((f) => f.kind === 'key').map((f) => f.subject.replace(/^entity /, '')));
  if (!badRelationships.size && !badKeys.size) return { model, failed: r.failed };
  // (a relationship into an entity whose own key repeats multiplies rows too)
  const relationships = model.relationships.filter(
    (rel) =>
      !badRelationships.has(relationshipName(rel)) &&
      !(
        rel.cardinality !== 'one_to_many' &&
        badKeys.has(rel.to) &&
        sameColumns(
          rel.on.map(([, b]) => b),
          keyColumns(model.entities.find((e) => e.name === rel.to)!.primary_key),
        )
      ),
  );
  return { model: { ...model, relationships }, failed: r.failed };
}

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
