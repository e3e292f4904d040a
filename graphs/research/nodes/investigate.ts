import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { setMaxListeners } from 'node:events';
import { CompileError, compile as compileQuery, type CompiledColumn } from '../../../src/semantic/compiler.js';
import { dialectFor } from '../../../src/semantic/dialects/index.js';
import { plural, type ResearchOperation } from '../../../src/schemas/research.js';
import { SqlRefusedError, guardSql } from '../../../src/warehouse/guard.js';
import { WarehouseCancelledError, WarehouseError, WarehouseTimeoutError, queryTimeoutText } from '../../../src/warehouse/errors.js';
import {
  anomalySql,
  comparisonSql,
  profileSql,
  productDecompositionSql,
  spreadSql,
  ratioDecompositionSql,
  significanceSql,
  sumDecompositionSql,
} from '../analysis.js';
import { ensureResearchConfiguration, type ResearchConfiguration } from '../configuration.js';
import { contextDimension, mixScanSql, partFromBase, scanSql, type ScanPart } from '../scan.js';
import type { InvestigateInput, ResearchUpdate, SubQuestion } from '../state.js';

/** Rows kept in an operation (the report quotes from these). */
export const OPERATION_ROWS = 100;

type Ran = Pick<ResearchOperation, 'status' | 'sql' | 'row_count' | 'rows' | 'columns' | 'error'>;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

/** A statement's outcome as an operation keeps it: its first rows, and no_data with the reason when `empty`. */
function ranRows(
  sql: string,
  r: { rowCount: number; rows: Record<string, unknown>[] },
  columns: Ran['columns'],
  empty: boolean,
  { whyEmpty = 'The query ran and returned no data.', keep = OPERATION_ROWS }: { whyEmpty?: string; keep?: number } = {},
): Ran {
  return {
    status: empty ? 'no_data' : 'done',
    sql,
    row_count: r.rowCount,
    rows: r.rows.slice(0, keep),
    columns,
    ...(empty ? { error: whyEmpty } : {}),
  };
}

const columnsOf = (cols: CompiledColumn[]) => cols.map((c) => ({ name: c.name, kind: c.kind, ...(c.format ? { format: c.format } : {}) }));

/** A sub-question without comparison: the agent graph, as a subgraph, with the query preset. */
async function runThroughAgent(sub: SubQuestion, deps: ResearchConfiguration, config: LangGraphRunnableConfig): Promise<Ran> {
  const final = await deps.agentGraph.invoke(
    { question: sub.question, dimensions: null, history: [], presetQuery: sub.query },
    {
      ...config,
      configurable: {
        ...config.configurable,
        layer: deps.layer,
        warehouse: deps.warehouse,
        queryTimeoutMs: deps.queryTimeoutMs,
        maxRows: deps.maxRows,
        account: deps.account,
      },
    },
  );
  const outcome = final.outcome;
  const rows = final.executed?.rows ?? [];
  return {
    status: outcome?.status ?? 'failed',
    sql: final.sql || undefined,
    row_count: final.executed?.rowCount ?? 0,
    rows: rows.slice(0, OPERATION_ROWS),
    columns: columnsOf(final.columns ?? []),
    ...(outcome && outcome.status !== 'done' ? { error: outcome.error ?? outcome.status } : {}),
  };
}

export { comparisonSql } from '../analysis.js';

async function runComparison(sub: SubQuestion, deps: ResearchConfiguration, signal: AbortSignal | undefined): Promise<Ran> {
  const dialect = dialectFor(deps.warehouse.dialect);
  let sql = '';
  try {
    // Both periods in full: the comparison joins them, and only its own result is capped (by the warehouse).
    const cur = compileQuery(deps.layer.model, sub.query, dialect);
    const prev = compileQuery(deps.layer.model, sub.compare!, dialect);
    const keys = cur.columns.filter((x) => x.kind !== 'metric' && x.kind !== 'share').map((x) => x.name);
    const metric = sub.query.metrics[0];
    const format = cur.columns.find((x) => x.name === metric)?.format;
    const totals =
      sub.totals && keys.length
        ? {
            current: compileQuery(deps.layer.model, sub.totals.current, dialect).sql,
            previous: compileQuery(deps.layer.model, sub.totals.previous, dialect).sql,
          }
        : undefined;
    sql = guardSql(
      comparisonSql(cur.sql, prev.sql, keys, metric, (s) => dialect.ident(s), totals),
      deps.warehouse.dialect,
    );
    const r = await deps.warehouse.run(sql, { timeoutMs: deps.queryTimeoutMs, maxRows: deps.maxRows, signal, account: deps.account });
    const pct = { kind: 'percent', decimals: 2 };
    const columns = [
      ...cur.columns.filter((x) => keys.includes(x.name)).map((x) => ({ name: x.name, kind: x.kind })),
      { name: 'current_value', kind: 'metric', ...(format ? { format } : {}) },
      { name: 'previous_value', kind: 'metric', ...(format ? { format } : {}) },
      { name: 'change', kind: 'metric', ...(format ? { format } : {}) },
      { name: 'change_pct', kind: 'metric', format: pct },
      ...(totals
        ? [
            { name: 'contribution', kind: 'metric', format: pct },
            { name: 'previous_share', kind: 'share', format: pct },
            { name: 'current_share', kind: 'share', format: pct },
            { name: 'total_change', kind: 'metric', ...(format ? { format } : {}) },
            { name: 'residual', kind: 'metric', ...(format ? { format } : {}) },
            { name: 'surprise', kind: 'metric', format: { kind: 'number', decimals: 4 } },
          ]
        : []),
    ];
    const empty = r.rows.length === 0 || r.rows.every((row) => row.current_value === null && row.previous_value === null);
    return ranRows(sql, r, columns, empty);
  } catch (err) {
    return failed(err, sql, deps);
  }
}

/** A significance test: the metric by day over both periods, compared as two samples by the warehouse. */
async function runSignificance(sub: SubQuestion, deps: ResearchConfiguration, signal: AbortSignal | undefined): Promise<Ran> {
  const dialect = dialectFor(deps.warehouse.dialect);
  let sql = '';
  try {
    const series = compileQuery(deps.layer.model, sub.query, dialect);
    const metric = sub.query.metrics[0];
    const format = series.columns.find((x) => x.name === metric)?.format;
    sql = guardSql(
      significanceSql(
        series.sql,
        sub.series!.bucket,
        metric,
        sub.series!.currentStart,
        (s) => dialect.ident(s),
        (d) => dialect.date(d),
      ),
      deps.warehouse.dialect,
    );
    const r = await deps.warehouse.run(sql, { timeoutMs: deps.queryTimeoutMs, maxRows: deps.maxRows, signal, account: deps.account });
    const f = format ? { format } : {};
    const columns = [
      { name: 'current_daily_mean', kind: 'metric', ...f },
      { name: 'previous_daily_mean', kind: 'metric', ...f },
      { name: 'current_days', kind: 'metric', format: { kind: 'integer' } },
      { name: 'previous_days', kind: 'metric', format: { kind: 'integer' } },
      { name: 'daily_spread', kind: 'metric', ...f },
      { name: 't_stat', kind: 'metric', format: { kind: 'number', decimals: 2 } },
      { name: 'significant', kind: 'dimension' },
    ];
    const empty = !r.rows.length || r.rows[0].t_stat === null || r.rows[0].t_stat === undefined;
    return ranRows(sql, r, columns, empty, { whyEmpty: 'Too few days with data to compare the periods.' });
  } catch (err) {
    return failed(err, sql, deps);
  }
}

/** A decomposition of the metric (sum, product or rate/mix), computed with its closure residual by the warehouse. */
async function runDecomposition(sub: SubQuestion, deps: ResearchConfiguration, signal: AbortSignal | undefined): Promise<Ran> {
  const dialect = dialectFor(deps.warehouse.dialect);
  const model = deps.layer.model;
  const d = sub.decompose!;
  let sql = '';
  try {
    const cur = compileQuery(model, sub.query, dialect);
    const prev = compileQuery(model, sub.compare!, dialect);
    const keys = cur.columns.filter((x) => x.kind !== 'metric' && x.kind !== 'share').map((x) => x.name);
    const ident = (s: string) => dialect.ident(s);
    const fmtOf = (name: string) => [...model.measures, ...model.metrics].find((x) => x.name === name)?.format;
    const f = (name: string) => (fmtOf(name) ? { format: fmtOf(name) } : {});
    const totals = sub.totals
      ? { current: compileQuery(model, sub.totals.current, dialect).sql, previous: compileQuery(model, sub.totals.previous, dialect).sql }
      : undefined;
    const pct = { kind: 'percent', decimals: 2 };
    const rate = { kind: 'number', decimals: 4 };
    const metric = sub.totals?.current.metrics[0] ?? sub.query.metrics[0];
    let columns: ResearchOperation['columns'];
    if (d.kind === 'sum') {
      sql = sumDecompositionSql(cur.sql, prev.sql, metric, d.terms, ident);
      columns = [
        { name: 'component', kind: 'dimension' },
        { name: 'sign', kind: 'metric', format: { kind: 'integer' } },
        ...['current_value', 'previous_value', 'effect'].map((name) => ({ name, kind: 'metric', ...f(metric) })),
        { name: 'contribution', kind: 'metric', format: pct },
        ...['total_change', 'residual'].map((name) => ({ name, kind: 'metric', ...f(metric) })),
      ];
    } else if (d.kind === 'product') {
      sql = productDecompositionSql(cur.sql, prev.sql, keys, metric, d.base, ident, keys.length ? totals : undefined);
      columns = [
        ...keys.map((name) => ({ name, kind: 'dimension' })),
        ...['current_value', 'previous_value', 'change'].map((name) => ({ name, kind: 'metric', ...f(metric) })),
        ...['base_current', 'base_previous'].map((name) => ({ name, kind: 'metric', ...f(d.base) })),
        { name: 'rate_current', kind: 'metric', format: rate },
        { name: 'rate_previous', kind: 'metric', format: rate },
        ...['base_effect', 'rate_effect'].map((name) => ({ name, kind: 'metric', ...f(metric) })),
        ...['contribution', 'base_contribution', 'rate_contribution'].map((name) => ({ name, kind: 'metric', format: pct })),
        ...['decomposition_residual', 'total_change', 'residual'].map((name) => ({ name, kind: 'metric', ...f(metric) })),
      ];
    } else {
      sql = ratioDecompositionSql(cur.sql, prev.sql, keys[0], d.numerator, d.denominator, metric, ident, totals!);
      columns = [
        { name: keys[0], kind: 'dimension' },
        { name: 'weight_previous', kind: 'share', format: pct },
        { name: 'weight_current', kind: 'share', format: pct },
        ...[
          'rate_previous',
          'rate_current',
          'rate_effect',
          'mix_effect',
          'total_rate_effect',
          'total_mix_effect',
          'total_change',
          'residual',
        ].map((name) => ({ name, kind: 'metric', ...f(metric) })),
      ];
    }
    sql = guardSql(sql, deps.warehouse.dialect);
    const r = await deps.warehouse.run(sql, { timeoutMs: deps.queryTimeoutMs, maxRows: deps.maxRows, signal, account: deps.account });
    const empty = r.rows.length === 0;
    return ranRows(sql, r, columns, empty);
  } catch (err) {
    return failed(err, sql, deps);
  }
}

/** A spread across the members of a dimension (what drives X), computed by the warehouse. */
async function runSpread(sub: SubQuestion, deps: ResearchConfiguration, signal: AbortSignal | undefined): Promise<Ran> {
  const dialect = dialectFor(deps.warehouse.dialect);
  let sql = '';
  try {
    const c = compileQuery(deps.layer.model, sub.query, dialect);
    const metric = sub.query.metrics[0];
    sql = guardSql(
      spreadSql(c.sql, metric, (s) => dialect.ident(s)),
      deps.warehouse.dialect,
    );
    const r = await deps.warehouse.run(sql, { timeoutMs: deps.queryTimeoutMs, maxRows: deps.maxRows, signal, account: deps.account });
    const columns = [
      ...columnsOf(c.columns),
      { name: 'share', kind: 'share', format: { kind: 'percent', decimals: 2 } },
      { name: 'members', kind: 'metric', format: { kind: 'integer' } },
      { name: 'spread', kind: 'metric', format: { kind: 'percent', decimals: 2 } },
      { name: 'max_to_min', kind: 'metric', format: { kind: 'number', decimals: 2 } },
    ];
    const empty = r.rows.length === 0;
    return ranRows(sql, r, columns, empty);
  } catch (err) {
    return failed(err, sql, deps);
  }
}

/** A group against everyone (profile), computed by the warehouse. */
async function runProfile(sub: SubQuestion, deps: ResearchConfiguration, signal: AbortSignal | undefined): Promise<Ran> {
  const dialect = dialectFor(deps.warehouse.dialect);
  let sql = '';
  try {
    const g = compileQuery(deps.layer.model, sub.query, dialect);
    const a = compileQuery(deps.layer.model, sub.compare!, dialect);
    const keys = sub.dimension ? [sub.dimension] : [];
    const metric = sub.query.metrics[0];
    const format = g.columns.find((x) => x.name === metric)?.format;
    const f = format ? { format } : {};
    const pct = { kind: 'percent', decimals: 2 };
    sql = guardSql(
      profileSql(g.sql, a.sql, keys, metric, (x) => dialect.ident(x), sub.profileOf?.size),
      deps.warehouse.dialect,
    );
    const r = await deps.warehouse.run(sql, { timeoutMs: deps.queryTimeoutMs, maxRows: deps.maxRows, signal, account: deps.account });
    const columns = keys.length
      ? [
          { name: keys[0], kind: 'dimension' },
          { name: 'group_value', kind: 'metric', ...f },
          { name: 'all_value', kind: 'metric', ...f },
          { name: 'group_share', kind: 'share', format: pct },
          { name: 'all_share', kind: 'share', format: pct },
          { name: 'representation', kind: 'metric', format: { kind: 'number', decimals: 2 } },
        ]
      : [
          { name: 'group_value', kind: 'metric', ...f },
          { name: 'all_value', kind: 'metric', ...f },
          { name: 'group_share', kind: 'share', format: pct },
          ...(sub.profileOf?.size
            ? [
                { name: 'group_members', kind: 'metric', format: { kind: 'integer' } },
                { name: 'all_members', kind: 'metric', format: { kind: 'integer' } },
                { name: 'members_share', kind: 'share', format: pct },
              ]
            : []),
        ];
    const empty = r.rows.length === 0;
    return ranRows(sql, r, columns, empty);
  } catch (err) {
    return failed(err, sql, deps);
  }
}

/** Rows kept of a scan (every dimension's top members): the report quotes from these. */
export const SCAN_ROWS = 600;

/**
 * A scan in one statement (scan.ts): the metric by each dimension (or pair, or the ratio's parts
 * by each dimension for rate and mix) over both periods, each part compiled from the model.
 */
async function runScan(sub: SubQuestion, deps: ResearchConfiguration, signal: AbortSignal | undefined): Promise<Ran> {
  const dialect = dialectFor(deps.warehouse.dialect);
  const model = deps.layer.model;
  const scan = sub.scan!;
  let sql = '';
  try {
    const ident = (x: string) => dialect.ident(x);
    const lit = (x: string) => dialect.string(x);
    const metrics = scan.mix ? [scan.mix.numerator, scan.mix.denominator] : [sub.totals!.current.metrics[0]];
    const contexts = new Map(scan.pairs || scan.mix ? [] : scan.dimensions.map((d) => [d, contextDimension(model, d, scan.dimensions)]));
    const all = [...new Set([...scan.dimensions, ...(scan.pairs ?? []).flat(), ...[...contexts.values()].filter((x): x is string => !!x)])];
    // one pass over the fact per period: grouped by every dimension involved, each part sums its keys from it
    // (unordered: the parts only sum its rows; sorting line-level rows by every key cost as much as grouping them)
    const baseOf = (q: typeof sub.query) =>
      compileQuery(
        model,
        { ...q, metrics, group_by: all.map((dimension) => ({ dimension })), order: [], limit: undefined, share_of_total: [] },
        dialect,
        { unordered: true },
      ).sql;
    const bases = { current: baseOf(sub.query), previous: baseOf(sub.compare!), materialized: deps.warehouse.dialect !== 'mysql' };
    const where = (dims: string[]) =>
      dims
        .filter((d) => scan.members?.[d]?.length)
        .map((d) => `${ident(d)} IN (${scan.members![d].map(lit).join(', ')})`)
        .join(' AND ') || undefined;
    const partsOf = (dims: string[][], context: boolean): ScanPart[] =>
      dims.map(([dimension, second]) => {
        const ctx = context && !second ? (contexts.get(dimension) ?? null) : null;
        const keys = [dimension, ...(second ? [second] : []), ...(ctx ? [ctx] : [])];
        return {
          dimension,
          ...(second ? { second } : {}),
          ...(ctx ? { context: ctx } : {}),
          current: partFromBase('base_current', keys, metrics, ident, where(keys)),
          previous: partFromBase('base_previous', keys, metrics, ident, where(keys)),
        };
      });
    const totals = {
      current: compileQuery(model, sub.totals!.current, dialect).sql,
      previous: compileQuery(model, sub.totals!.previous, dialect).sql,
    };
    // the total of an additive metric over the scan's own rows is the sum of its base: no further pass over the fact
    const sameScope = (t: typeof sub.query, q: typeof sub.query) =>
      compileQuery(model, t, dialect).sql === compileQuery(model, { ...q, metrics: t.metrics, group_by: [] }, dialect).sql;
    if (!scan.mix && sameScope(sub.totals!.current, sub.query) && sameScope(sub.totals!.previous, sub.compare!)) {
      const m = ident(sub.totals!.current.metrics[0]);
      totals.current = `SELECT sum(${m}) AS ${m} FROM base_current`;
      totals.previous = `SELECT sum(${m}) AS ${m} FROM base_previous`;
    }
    const text = (e: string) => `CAST(${e} AS ${deps.warehouse.dialect === 'mysql' ? 'CHAR' : 'VARCHAR'})`;
    const statement = { totals, ident, lit, text, bases };
    const metric = sub.totals!.current.metrics[0];
    const format = model.measures.find((m) => m.name === metric)?.format ?? model.metrics.find((m) => m.name === metric)?.format;
    const f = format ? { format } : {};
    const pct = { kind: 'percent', decimals: 2 };
    let columns: ResearchOperation['columns'];
    if (scan.mix) {
      sql = mixScanSql(
        partsOf(
          scan.dimensions.map((d) => [d]),
          false,
        ),
        { numerator: scan.mix.numerator, denominator: scan.mix.denominator, metric },
        statement,
      );
      columns = [
        { name: 'dimension', kind: 'dimension' },
        { name: 'member', kind: 'dimension' },
        { name: 'weight_previous', kind: 'share', format: pct },
        { name: 'weight_current', kind: 'share', format: pct },
        { name: 'weight_change', kind: 'share', format: pct },
        { name: 'rate_previous', kind: 'metric', ...f },
        { name: 'rate_current', kind: 'metric', ...f },
        { name: 'rate_effect', kind: 'metric', ...f },
        { name: 'mix_effect', kind: 'metric', ...f },
        { name: 'total_rate_effect', kind: 'metric', ...f },
        { name: 'total_mix_effect', kind: 'metric', ...f },
        { name: 'mix_share', kind: 'metric', format: pct },
        { name: 'rate_share', kind: 'metric', format: pct },
        { name: 'total_change', kind: 'metric', ...f },
        { name: 'residual', kind: 'metric', ...f },
      ];
    } else {
      const parts = scan.pairs
        ? partsOf(scan.pairs, false)
        : partsOf(
            scan.dimensions.map((d) => [d]),
            true,
          );
      sql = scanSql(parts, metric, statement);
      columns = [
        ...['dimension', 'member', 'second_dimension', 'second_member', 'context_dimension', 'context_member'].map((name) => ({
          name,
          kind: 'dimension',
        })),
        { name: 'current_value', kind: 'metric', ...f },
        { name: 'previous_value', kind: 'metric', ...f },
        { name: 'members', kind: 'metric', format: { kind: 'integer' } },
        { name: 'dimension_members', kind: 'metric', format: { kind: 'integer' } },
        { name: 'change', kind: 'metric', ...f },
        { name: 'change_pct', kind: 'metric', format: pct },
        { name: 'contribution', kind: 'metric', format: pct },
        { name: 'previous_share', kind: 'share', format: pct },
        { name: 'current_share', kind: 'share', format: pct },
        { name: 'total_change', kind: 'metric', ...f },
        { name: 'residual', kind: 'metric', ...f },
        { name: 'surprise', kind: 'metric', format: { kind: 'number', decimals: 6 } },
      ];
    }
    sql = guardSql(sql, deps.warehouse.dialect);
    const r = await deps.warehouse.run(sql, {
      timeoutMs: deps.queryTimeoutMs,
      maxRows: Math.max(deps.maxRows, SCAN_ROWS),
      signal,
      account: deps.account,
    });
    const empty = r.rows.length === 0;
    return ranRows(sql, r, columns, empty, { keep: SCAN_ROWS });
  } catch (err) {
    return failed(err, sql, deps);
  }
}

/** An anomaly scan: the current month against each member's monthly history, computed by the warehouse. */
async function runAnomaly(sub: SubQuestion, deps: ResearchConfiguration, signal: AbortSignal | undefined): Promise<Ran> {
  const dialect = dialectFor(deps.warehouse.dialect);
  let sql = '';
  try {
    const c = compileQuery(deps.layer.model, sub.query, dialect);
    const metric = sub.query.metrics[0];
    const keys = sub.dimension ? [sub.dimension] : [];
    const format = c.columns.find((x) => x.name === metric)?.format;
    sql = guardSql(
      anomalySql(
        c.sql,
        keys,
        sub.anomaly!.bucket,
        metric,
        sub.anomaly!.currentStart,
        (s) => dialect.ident(s),
        (d) => dialect.date(d),
      ),
      deps.warehouse.dialect,
    );
    const r = await deps.warehouse.run(sql, { timeoutMs: deps.queryTimeoutMs, maxRows: deps.maxRows, signal, account: deps.account });
    const f = format ? { format } : {};
    const columns = [
      ...keys.map((name) => ({ name, kind: 'dimension' })),
      { name: sub.anomaly!.bucket, kind: 'time' },
      { name: 'current_value', kind: 'metric', ...f },
      { name: 'history_mean', kind: 'metric', ...f },
      { name: 'history_spread', kind: 'metric', ...f },
      { name: 'history_periods', kind: 'metric', format: { kind: 'integer' } },
      { name: 'z_score', kind: 'metric', format: { kind: 'number', decimals: 2 } },
      { name: 'unusual', kind: 'dimension' },
    ];
    const empty = r.rows.length === 0;
    return ranRows(sql, r, columns, empty, { whyEmpty: 'No month of the history or the current period has data.' });
  } catch (err) {
    return failed(err, sql, deps);
  }
}

/** A failed statement as its operation's status and error (a cancellation is rethrown). */
function failed(err: unknown, sql: string, deps: ResearchConfiguration): Ran {
  if (err instanceof WarehouseCancelledError) throw err;
  if (err instanceof CompileError)
    return { status: 'out_of_scope', sql: sql || undefined, error: `The semantic model cannot express this: ${err.message}` };
  if (err instanceof SqlRefusedError) return { status: 'failed', sql, error: `Refused by the read-only guard: ${err.message}` };
  if (err instanceof WarehouseTimeoutError) return { status: 'timeout', sql, error: queryTimeoutText(deps.queryTimeoutMs) };
  if (err instanceof WarehouseError) return { status: 'failed', sql, error: `The warehouse could not run the query: ${err.message}` };
  throw err;
}

/**
 * One fanned-out sub-question (a Send target). Runs under the investigation's concurrency limit;
 * whatever happens is recorded as its operation (a failure does not stop the investigation).
 */
export async function investigate(input: InvestigateInput, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const deps = ensureResearchConfiguration(config);
  // the agent subgraph's nodes and the warehouse each listen on this task's signal
  if (config.signal) setMaxListeners(100, config.signal);
  const { sub } = input;
  const base = { id: sub.id, kind: 'query' as const, round: sub.round, question: sub.question, purpose: sub.purpose, angle: sub.angle };
  return deps.limit(async () => {
    // checked once a slot is free: time spent waiting for one counts against the budget
    if (Date.now() - input.startedAt >= input.budget.minutes * 60_000) {
      const now = new Date().toISOString();
      const error = `The time budget of ${plural(input.budget.minutes, 'minute')} was used up before this sub-question ran.`;
      return {
        operations: { ...base, status: 'skipped', started_at: now, finished_at: now, elapsed_ms: 0, error },
        steps: `${sub.id} skipped: ${error}`,
      };
    }
    if (deps.paceMs > 0) await sleep(deps.paceMs, config.signal);
    const started = new Date();
    let ran: Ran;
    try {
      ran = sub.series
        ? await runSignificance(sub, deps, config.signal)
        : sub.scan
          ? await runScan(sub, deps, config.signal)
          : sub.profileOf
            ? await runProfile(sub, deps, config.signal)
            : sub.decompose
              ? await runDecomposition(sub, deps, config.signal)
              : sub.spread
                ? await runSpread(sub, deps, config.signal)
                : sub.anomaly
                  ? await runAnomaly(sub, deps, config.signal)
                  : sub.compare
                    ? await runComparison(sub, deps, config.signal)
                    : await runThroughAgent(sub, deps, config);
    } catch (err) {
      if (config.signal?.aborted) throw err;
      ran = { status: 'failed', error: `The sub-question failed: ${(err as Error).message}` };
    }
    const finished = new Date();
    const op: ResearchOperation = {
      ...base,
      ...ran,
      started_at: started.toISOString(),
      finished_at: finished.toISOString(),
      elapsed_ms: finished.getTime() - started.getTime(),
    };
    return { operations: op, steps: `${sub.id} ${op.status} in ${op.elapsed_ms} ms.` };
  });
}
