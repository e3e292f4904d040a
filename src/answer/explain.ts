/** The `explanation` text, the structured `answer_explanation` and the `thinking` steps. */
import type { AnswerExplanation, AnswerThinking } from './types.js';
import type { AnswerContext } from './context.js';
import { dimTitle, timeFrameText } from './context.js';
import { inclusiveEnd } from './format.js';
import {
  andList,
  dimensionDefinition,
  dimensionLabel,
  anyOfPhrases,
  filterPhrase,
  findMetric,
  findTimeDimension,
  lowerFirst,
  metricDefinition,
  metricFilterPhrase,
  metricLabel,
  ratioDefinition,
  valueLabel,
  periodAnnotations,
  periodName,
  plainSql,
  sourceEntities,
  upperFirst,
} from './labels.js';

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function metricNames(ctx: AnswerContext): string[] {
  const names = [...ctx.input.query.metrics];
  for (const c of ctx.shape.metricCols) if (!names.includes(c.ref)) names.push(c.ref);
  return names;
}

function datingText(ctx: AnswerContext): string {
  const { model } = ctx.input;
  return andList(
    ctx.dating.map((d) => {
      const td = findTimeDimension(model, d);
      return td ? `${lowerFirst(td.label ?? d.replace(/_/g, ' '))} (${plainSql(td.sql)})` : d;
    }),
  );
}

/** Plain sentences: definitions, grouping, filters, period and dating, ranking, caveats. */
export function explanationText(ctx: AnswerContext): string {
  const { model, query } = ctx.input;
  const out: string[] = [];
  for (const m of metricNames(ctx)) {
    const def = metricDefinition(model, m) || ratioDefinition(model, query, m);
    out.push(sentence(`${valueLabel(model, m, ctx.shape.columns)}: ${def ? lowerFirst(def) : 'as defined in the semantic model'}`));
  }
  for (const m of query.share_of_total)
    out.push(`Share of ${lowerFirst(metricLabel(model, m))} is each group's fraction of the total over all groups.`);
  if (ctx.shape.dims.length) out.push(sentence(`Grouped by ${andList(ctx.shape.dims.map((d) => dimTitle(ctx, d)))}`));
  const fromQuestion = ctx.filters.filter((f) => f.source === 'question');
  const fromRequest = ctx.filters.filter((f) => f.source === 'request');
  const fromQuestionPhrases = [...fromQuestion.map((f) => filterPhrase(model, f.filter)), ...anyOfPhrases(model, query)];
  if (fromQuestionPhrases.length) out.push(sentence(`Filtered to ${andList(fromQuestionPhrases)}`));
  if (fromRequest.length)
    out.push(sentence(`Scoped by the request's dimensions to ${andList(fromRequest.map((f) => filterPhrase(model, f.filter)))}`));
  if (query.metric_filters.length)
    out.push(sentence(`Only groups with ${andList(query.metric_filters.map((f) => metricFilterPhrase(model, f)))} are kept`));
  const stock = metricNames(ctx).filter((m) => findMetric(model, m)?.time_bound === false);
  const dated = metricNames(ctx).length > stock.length;
  if (ctx.frame) {
    out.push(
      sentence(
        `Period: ${timeFrameText(ctx)}${periodAnnotations(ctx.frame).length ? ` (${periodAnnotations(ctx.frame).join(', ')})` : ''}${dated && ctx.dating.length ? `, dated by ${datingText(ctx)}` : ''}`,
      ),
    );
  } else if (dated) {
    out.push(
      sentence(`No period was given, so ${timeFrameText(ctx)} is covered${ctx.dating.length ? `; dates are ${datingText(ctx)}` : ''}`),
    );
  }
  if (stock.length && (ctx.frame || dated)) {
    out.push(
      sentence(
        `${upperFirst(andList(stock.map((m) => lowerFirst(metricLabel(model, m)))))} ${stock.length === 1 ? 'is' : 'are'} not dated, so no period applies to ${stock.length === 1 ? 'it' : 'them'}`,
      ),
    );
  }
  const order = query.order[0];
  if (order) {
    const isMetric = findMetric(model, order.by) !== undefined;
    const constructed = !isMetric && ctx.shape.metricCols.some((c) => c.ref === order.by);
    const by =
      isMetric || constructed ? lowerFirst(valueLabel(model, order.by, ctx.shape.columns)) : lowerFirst(dimensionLabel(model, order.by));
    const dir =
      order.expr === 'length'
        ? order.direction === 'desc'
          ? 'longest first'
          : 'shortest first'
        : isMetric || constructed
          ? order.direction === 'desc'
            ? 'highest first'
            : 'lowest first'
          : order.direction === 'desc'
            ? 'descending'
            : 'ascending';
    out.push(
      sentence(
        `Ordered by ${order.expr === 'length' ? `the length of ${by}` : by}, ${dir}${query.limit !== undefined ? `; the first ${query.limit} ${query.limit === 1 ? 'is' : 'are'} kept` : ''}`,
      ),
    );
  } else if (query.limit !== undefined) {
    out.push(sentence(`At most ${query.limit} rows are returned`));
  }
  if (ctx.input.truncated) {
    const why = ctx.input.truncatedBy === 'bytes' ? 'the result size limit' : 'the row limit';
    const summary = ctx.input.summary;
    out.push(
      summary
        ? `The result was truncated by ${why}: ${ctx.rows.length} of ${summary.rowCount} rows are listed; counts, totals, highest and lowest were computed by the warehouse over all ${summary.rowCount}.`
        : `The result was truncated by ${why}: only the first ${ctx.rows.length} rows are listed, and figures describe those rows only.`,
    );
  }
  return out.join(' ');
}

/** The structured explanation. */
export function answerExplanation(ctx: AnswerContext): AnswerExplanation {
  const { model, query } = ctx.input;
  const frame = ctx.frame;
  const range = ctx.input.dataRange;
  const out: AnswerExplanation = {
    metrics: metricNames(ctx).map((name) => ({
      name,
      label: valueLabel(model, name, ctx.shape.columns),
      definition: metricDefinition(model, name) || ratioDefinition(model, query, name),
      format: findMetric(model, name)?.format,
    })),
    dimensions: ctx.shape.dims.map((d) => ({
      name: d.ref,
      label: dimensionLabel(model, d.ref),
      kind: d.kind === 'time' ? ('time' as const) : ('dimension' as const),
      ...(d.grain ? { grain: d.grain } : {}),
      definition: dimensionDefinition(model, d.ref),
    })),
    filters: ctx.filters.map(({ filter, source }) => ({
      dimension: filter.dimension,
      label: dimensionLabel(model, filter.dimension),
      op: filter.op,
      values: filter.values,
      source,
    })),
    ...(query.any_of?.length
      ? {
          any_of: query.any_of.map((g) => ({
            filters: g.filters.map((f) => ({
              dimension: f.dimension,
              label: dimensionLabel(model, f.dimension),
              op: f.op,
              values: f.values,
            })),
          })),
        }
      : {}),
    metric_filters: query.metric_filters.map((f) => ({ metric: f.metric, op: f.op, value: f.value })),
    period: frame
      ? { start: frame.start, end: inclusiveEnd(frame.end), end_exclusive: frame.end, label: periodName(frame), dated_by: ctx.dating }
      : {
          start: range?.start ?? null,
          end: range?.end ?? ctx.input.asOf ?? null,
          end_exclusive: null,
          label: 'all data',
          dated_by: ctx.dating,
        },
    order: query.order.map((o) => ({ by: o.by, direction: o.direction, ...(o.expr ? { expr: o.expr } : {}) })),
    share_of_total: [...query.share_of_total],
    source_entities: sourceEntities(model, query, ctx.shape.columns, frame),
    row_count: ctx.rows.length,
    truncated: Boolean(ctx.input.truncated),
  };
  if (ctx.input.truncated) {
    out.truncated_by = ctx.input.truncatedBy ?? 'rows';
    if (ctx.input.summary) out.total_row_count = ctx.input.summary.rowCount;
    out.figures_cover_all_rows = ctx.input.summary !== undefined;
  }
  if (query.limit !== undefined) out.limit = query.limit;
  if (ctx.input.dialect) out.sql_dialect = ctx.input.dialect;
  return out;
}

/** The steps taken, for the `thinking` field (plain text). */
export function thinkingOf(ctx: AnswerContext, outcome: string): AnswerThinking {
  const { model, query } = ctx.input;
  const messages = [...(ctx.input.thinking ?? [])];
  const metrics = metricNames(ctx).map((m) => lowerFirst(valueLabel(model, m, ctx.shape.columns)));
  const parts = [`metrics: ${metrics.length ? andList(metrics) : 'none'}`];
  if (query.group_by.length)
    parts.push(`grouped by ${andList(query.group_by.map((g) => (g.grain ? `${g.dimension} (${g.grain})` : g.dimension)))}`);
  const conditions = [...ctx.filters.map((f) => filterPhrase(model, f.filter)), ...anyOfPhrases(model, query)];
  if (conditions.length) parts.push(`filters: ${andList(conditions)}`);
  parts.push(`period: ${timeFrameText(ctx)}`);
  messages.push(`Resolved the question to ${parts.join('; ')}.`);
  if (ctx.input.sql)
    messages.push(
      `Compiled it to SQL${ctx.input.dialect ? ` for ${ctx.input.dialect}` : ''} over ${andList(sourceEntities(model, query, ctx.shape.columns, ctx.frame))}.`,
    );
  messages.push(outcome);
  return { title: 'How this answer was found', messages };
}
