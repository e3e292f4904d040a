/**
 * The research report (`final_answer`) in Markdown. Every number in it is a value of a query
 * result row (formatted, never computed here): changes and shares are computed by the warehouse.
 * Text that comes from data or the question is escaped, so the Markdown carries no HTML.
 */
import MarkdownIt from 'markdown-it';
import type { SemanticModel } from '../../src/semantic/model.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import type { ReportChart } from '../../src/schemas/inquiry.js';
import { explainingSets, rankKeyDimensions, readSignificance, type Driver } from './analysis.js';
import { ALL_OTHERS as ALL_REST, scanExplanation } from './scan.js';
import type { ResearchFindings, ResearchFocus, SubQuestion } from './state.js';

type Fmt = { kind?: string; unit?: string; decimals?: number } | undefined;

/** HTML-safe and Markdown-safe text: no tags, no table breaks, no emphasis from data. */
export function safe(text: unknown): string {
  return String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\*/g, '\\*')
    .replace(/[\r\n]+/g, ' ');
}

/** A row value as shown: full precision to the format's decimals, never abbreviated. */
export function formatNumber(value: unknown, format: Fmt, signed = false): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === null || value === undefined || !Number.isFinite(n)) return 'n/a';
  const kind = format?.kind ?? 'number';
  const sign = n < 0 ? '-' : signed && n > 0 ? '+' : '';
  const abs = Math.abs(n);
  const grouped = (x: number, d: number) => x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  switch (kind) {
    case 'percent':
      return `${sign}${grouped(abs * 100, format?.decimals ?? 2)}%`;
    case 'integer':
      return `${sign}${grouped(abs, 0)}`;
    case 'currency': {
      const unit = format?.unit ?? '';
      return unit.length === 1
        ? `${sign}${unit}${grouped(abs, format?.decimals ?? 2)}`
        : `${sign}${grouped(abs, format?.decimals ?? 2)}${unit ? ' ' + unit : ''}`;
    }
    case 'duration':
      return `${sign}${grouped(abs, format?.decimals ?? 1)} ${format?.unit ?? 'days'}`;
    default:
      return `${sign}${grouped(abs, format?.decimals ?? 2)}`;
  }
}

/**
 * A row value as people read it in the text: currency and plain numbers of a thousand or more
 * abbreviated to three significant figures with K, M or B ($1.94B); integers from a million.
 * Percentages and small values as formatNumber. The tables keep the exact values.
 */
export function formatHuman(value: unknown, format: Fmt, signed = false): string {
  const n = typeof value === 'number' ? value : Number(value);
  const kind = format?.kind ?? 'number';
  if (value === null || value === undefined || !Number.isFinite(n) || !['currency', 'number', 'integer'].includes(kind))
    return formatNumber(value, format, signed);
  const abs = Math.abs(n);
  if (abs < (kind === 'integer' ? 1e6 : 1e3)) return formatNumber(value, format, signed);
  const [div, suffix] = abs >= 1e9 ? [1e9, 'B'] : abs >= 1e6 ? [1e6, 'M'] : [1e3, 'K'];
  const scaled = abs / div;
  const digits = scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2;
  const sign = n < 0 ? '-' : signed && n > 0 ? '+' : '';
  const body = `${scaled.toFixed(digits)}${suffix}`;
  if (kind === 'currency') {
    const unit = format?.unit ?? '';
    return unit.length === 1 ? `${sign}${unit}${body}` : `${sign}${body}${unit ? ' ' + unit : ''}`;
  }
  return `${sign}${body}`;
}

const PCT: Fmt = { kind: 'percent', decimals: 2 };

function metricFormat(model: SemanticModel, metric: string): Fmt {
  return [...model.measures, ...model.metrics].find((m) => m.name === metric)?.format;
}
function dimLabel(model: SemanticModel, name: string): string {
  return (
    model.dimensions.find((d) => d.name === name)?.label ??
    model.time_dimensions.find((d) => d.name === name)?.label ??
    name.replace(/_/g, ' ')
  );
}
const ref = (id: string) => `[${id}]`;

/** A time bucket as words without digits of its own beyond the date (e.g. 1997-03). */
function bucket(value: unknown, grain: string): string {
  const s = String(value ?? '').slice(0, 10);
  if (grain === 'month') return s.slice(0, 7);
  return s;
}

/**
 * Text a language model wrote for the report (already number-checked): a headline sentence and a
 * short summary per section (by sub-question id), plus a caveat line about it. Tables, figures and
 * references stay rule-built; the text is escaped like any other and cited with its section's ref.
 */
export interface ReportNarrative {
  headline?: string;
  sections?: Record<string, string>;
  note?: string;
}

export interface ReportInput {
  narrative?: ReportNarrative;
  question: string;
  model: SemanticModel;
  focus: ResearchFocus;
  plan: SubQuestion[];
  operations: ResearchOperation[];
  asOf: string;
  /** The significance verdict and ranked drivers (analysis.ts); absent = not analysed. */
  findings?: ResearchFindings | null;
}

/** Model-written text as shown: escaped, without references of its own (the section's ref is added). */
const told = (text: string) => safe(text.replace(/\s*\[q\d+\]/gi, '').trim());

export function writeReport(input: ReportInput): string {
  if (input.focus.kind === 'compare') return writeCompareReport(input);
  if (input.focus.kind === 'drivers') return writeDriversReport(input);
  if (input.focus.kind === 'anomalies') return writeAnomaliesReport(input);
  if (input.focus.kind === 'profile') return writeProfileReport(input);
  return writeChangeReport(input);
}

/** "Compare A and B": the two sides, the gap, what explains it (members ranked by explanatory power) and the gap by dimension. */
function writeCompareReport({ question, model, focus, plan, operations, asOf, findings }: ReportInput): string {
  const fmt = metricFormat(model, focus.metric);
  const opOf = (id: string) => operations.find((o) => o.id === id);
  const ok = (s: SubQuestion) => opOf(s.id)?.status === 'done';
  const [a, b] = focus.segments!.members.map(safe);
  const seg = safe(dimLabel(model, focus.segments!.dimension).toLowerCase());
  const cur = safe(focus.current.label);
  const metric = safe(focus.metricLabel);
  const out: string[] = [
    `# ${metric}: ${seg} ${a} compared with ${b} in ${cur}`,
    '',
    `*Question:* ${safe(question)}`,
    '',
    '## Headline',
    '',
  ];
  const headline = plan.find((s) => s.angle === 'headline');
  const h = headline && ok(headline) ? opOf(headline.id)!.rows?.[0] : undefined;
  if (h && headline) {
    const pct = h.change_pct === null || h.change_pct === undefined ? '' : ` (**${formatHuman(h.change_pct, PCT, true)}** against ${b})`;
    out.push(
      `${metric} of ${a} was **${formatHuman(h.current_value, fmt)}** against **${formatHuman(h.previous_value, fmt)}** for ${b} in ${cur}: a gap of **${formatHuman(h.change, fmt, true)}**${pct}. ${ref(headline.id)}`,
      '',
    );
  } else
    out.push(
      `The headline comparison could not be computed${headline ? ` ${ref(headline.id)}` : ''}; the sections below show what was found.`,
      '',
    );
  const side = plan.find((x) => x.angle === 'metrics' && ok(x));
  if (side) {
    const rows = opOf(side.id)!.rows ?? [];
    const dim = focus.segments!.dimension;
    const [ra, rb] = focus.segments!.members.map((v) => rows.find((r) => String(r[dim]) === v));
    if (ra && rb) {
      out.push(`## ${a} and ${b} side by side`, '', `| Metric | ${a} | ${b} |`, '|---|---:|---:|');
      for (const x of side.query.metrics) {
        const xf = metricFormat(model, x);
        out.push(`| ${safe(metricLabel(model, x))} | ${formatNumber(ra[x], xf)} | ${formatNumber(rb[x], xf)} |`);
        if (ra[`${x}_share`] !== undefined)
          out.push(
            `| ${safe(metricLabel(model, x))}: share of the total | ${formatNumber(ra[`${x}_share`], PCT)} | ${formatNumber(rb[`${x}_share`], PCT)} |`,
          );
      }
      out.push('', `Shares are of every ${seg}'s total in ${cur}. ${ref(side.id)}`, '');
    }
  }
  if (findings?.drivers.length) {
    out.push('## What explains the gap', '');
    findings.drivers.forEach((d, i) => {
      const row = opOf(d.from)?.rows?.find((r) => String(r[d.dimension]) === d.member);
      if (row)
        out.push(
          `${i + 1}. ${safe(dimLabel(model, d.dimension))} ${safe(d.member)}: ${a} **${formatHuman(row.current_value, fmt)}** against ${b} **${formatHuman(row.previous_value, fmt)}**, **${formatHuman(row.contribution, PCT)}** of the gap. ${ref(d.from)}`,
        );
    });
    out.push(
      '',
      'Ranked by explanatory power: members whose shares differ most between the two sides, among those explaining most of the gap. Two segments are compared as they are; no significance test applies.',
      '',
    );
  }
  for (const s of plan.filter((x) => x.angle === 'breakdown' && ok(x))) {
    const rows = (opOf(s.id)!.rows ?? []).slice(0, 10);
    if (!rows.length) continue;
    const dl = safe(dimLabel(model, s.dimension!));
    const contrib = rows.some((r) => r.contribution !== undefined);
    out.push(
      `## By ${dl.toLowerCase()}`,
      '',
      `| ${dl} | ${a} | ${b} | Gap | Gap % |${contrib ? ' Share of the gap |' : ''}`,
      `|---|---:|---:|---:|---:|${contrib ? '---:|' : ''}`,
    );
    for (const r of rows)
      out.push(
        `| ${safe(r[s.dimension!])} | ${formatNumber(r.current_value, fmt)} | ${formatNumber(r.previous_value, fmt)} | ${formatNumber(r.change, fmt, true)} | ${formatNumber(r.change_pct, PCT, true)} |${contrib ? ` ${formatNumber(r.contribution, PCT, true)} |` : ''}`,
      );
    out.push('', `The largest gap was in ${safe(rows[0][s.dimension!])}: **${formatHuman(rows[0].change, fmt, true)}**. ${ref(s.id)}`, '');
    if (contrib && rows[0].total_change !== undefined)
      out.push(
        `Closure: shares of the gap of ${formatHuman(rows[0].total_change, fmt, true)}; the residual not explained by the members is ${formatHuman(rows[0].residual, fmt, true)}. ${ref(s.id)}`,
        '',
      );
  }
  const tops = plan.filter((x) => x.angle === 'top' && ok(x));
  if (tops.length) {
    out.push('## Largest contributors of each side', '');
    for (const s of tops)
      out.push(
        `- ${safe(s.query.filters.at(-1)?.values[0])}: ${(opOf(s.id)!.rows ?? []).map((r) => `${safe(r[s.dimension!])} ${formatHuman(r[focus.metric], fmt)}`).join(', ')}. ${ref(s.id)}`,
      );
    out.push('');
  }
  out.push(...closing(plan, operations, focus, asOf, model));
  return out.join('\n').trim() + '\n';
}

/** "Profile of the top customers": who they are (segment, nation) and what they buy (brand, part type), each with its share. */
function writeProfileReport({ question, model, focus, plan, operations, asOf }: ReportInput): string {
  const fmt = metricFormat(model, focus.metric);
  const opOf = (id: string) => operations.find((o) => o.id === id);
  const rowsOf = (s: SubQuestion) => (opOf(s.id)?.status === 'done' ? (opOf(s.id)!.rows ?? []) : []);
  const cur = safe(focus.current.label);
  const metric = safe(focus.metricLabel);
  const d = focus.contributorDimension!;
  const out: string[] = [
    `# Profile: top ${safe(dimLabel(model, d).toLowerCase())}s by ${metric.toLowerCase()} in ${cur}`,
    '',
    `*Question:* ${safe(question)}`,
    '',
  ];
  const top = plan.find((s) => s.angle === 'top');
  const total = plan.find((s) => s.angle === 'headline');
  const topRows = top ? rowsOf(top) : [];
  out.push('## The top customers', '');
  if (top && topRows.length) {
    out.push(
      `| ${safe(dimLabel(model, d))} | ${metric} |`,
      '|---|---:|',
      ...topRows.map((r) => `| ${safe(r[d])} | ${formatNumber(r[focus.metric], fmt)} |`),
      '',
    );
    const t0 = total ? rowsOf(total)[0] : undefined;
    out.push(
      `The largest was ${safe(topRows[0][d])} at **${formatHuman(topRows[0][focus.metric], fmt)}** ${ref(top.id)}${t0 ? `, of **${formatHuman(t0[focus.metric], fmt)}** in all ${ref(total!.id)}` : ''}.`,
      '',
    );
  } else out.push(`The top customers could not be found${top ? ` ${ref(top.id)}` : ''}.`, '');
  const whole = plan.find((s) => s.angle === 'profile' && !s.dimension && s.profileOf);
  const w = whole ? rowsOf(whole)[0] : undefined;
  if (whole && w) {
    const dl = safe(dimLabel(model, d).toLowerCase());
    const size =
      w.group_members !== undefined
        ? ` They are **${formatHuman(w.group_members, { kind: 'integer' })}** of **${formatHuman(w.all_members, { kind: 'integer' })}** ${safe(metricLabel(model, whole.profileOf!.size!).toLowerCase())} (**${formatHuman(w.members_share, PCT)}**).`
        : '';
    out.push(
      '## The group against everyone',
      '',
      `The top ${dl}s had **${formatHuman(w.group_value, fmt)}** of **${formatHuman(w.all_value, fmt)}** ${metric.toLowerCase()} in ${cur}: **${formatHuman(w.group_share, PCT)}** of it.${size} ${ref(whole.id)}`,
      '',
    );
  }
  const sections: [string, SubQuestion[]][] = [
    ['Who they are', plan.filter((s) => s.angle === 'profile' && s.dimension && ['market_segment', 'nation'].includes(s.dimension))],
    ['What they buy', plan.filter((s) => s.angle === 'profile' && s.dimension && !['market_segment', 'nation'].includes(s.dimension))],
  ];
  const X: Fmt = { kind: 'number', decimals: 2 };
  for (const [title, subs] of sections) {
    const parts: string[] = [];
    for (const s of subs) {
      const rows = rowsOf(s);
      if (!rows.length) continue;
      const dl = safe(dimLabel(model, s.dimension!));
      parts.push(
        `### By ${dl.toLowerCase()}`,
        '',
        `| ${dl} | Their ${metric.toLowerCase()} | Their share | Everyone's share | Representation |`,
        '|---|---:|---:|---:|---:|',
      );
      for (const r of rows.slice(0, 8))
        parts.push(
          `| ${safe(r[s.dimension!])} | ${formatNumber(r.group_value, fmt)} | ${formatNumber(r.group_share, PCT)} | ${formatNumber(r.all_share, PCT)} | ${formatNumber(r.representation, X)} |`,
        );
      const rep = rows.filter((r) => Number.isFinite(Number(r.representation)) && r.group_value !== null);
      const over = [...rep].sort((a, b) => Number(b.representation) - Number(a.representation))[0];
      const under = [...rep].sort((a, b) => Number(a.representation) - Number(b.representation))[0];
      const line: string[] = [];
      if (over && Number(over.representation) > 1)
        line.push(
          `most over-represented ${safe(over[s.dimension!])} (${formatHuman(over.group_share, PCT)} of theirs against ${formatHuman(over.all_share, PCT)} of everyone's)`,
        );
      if (under && Number(under.representation) < 1 && under !== over)
        line.push(
          `most under-represented ${safe(under[s.dimension!])} (${formatHuman(under.group_share, PCT)} against ${formatHuman(under.all_share, PCT)})`,
        );
      parts.push('', `${line.length ? `${line.join('; ')}. ` : ''}${ref(s.id)}`, '');
    }
    if (parts.length)
      out.push(
        `## ${title}`,
        '',
        ...parts,
        "Their share is of the top customers' own total, everyone's of all customers'; representation is the one over the other (above 1: over-represented).",
        '',
      );
  }
  out.push(...closing(plan, operations, focus, asOf, model));
  return out.join('\n').trim() + '\n';
}

/** "Anything unusual": the unusual members first (z against their own monthly history), then each scan's table. */
function writeAnomaliesReport({ question, model, focus, plan, operations, asOf, findings }: ReportInput): string {
  const fmt = metricFormat(model, focus.metric);
  const opOf = (id: string) => operations.find((o) => o.id === id);
  const cur = safe(focus.current.label);
  const metric = safe(focus.metricLabel);
  const Z: Fmt = { kind: 'number', decimals: 2 };
  const out: string[] = [`# Anything unusual: ${metric.toLowerCase()} in ${cur}`, '', `*Question:* ${safe(question)}`, ''];
  if (focus.asked)
    out.push(
      `The period asked for, ${safe(focus.asked.label)}, was narrowed to ${cur}: ${focus.asked.end > asOf ? `the data ends on ${safe(asOf)} and only full months are compared` : 'no full month of it could be compared'}.`,
      '',
    );
  else out.push(`Every month of ${cur} is compared with the monthly history of the year before it.`, '');
  const found = findings?.anomalies ?? [];
  out.push('## Unusual', '');
  if (found.length) {
    for (const a of found) {
      const bucketOf = plan.find((s) => s.id === a.from)?.anomaly?.bucket ?? '';
      const row = opOf(a.from)?.rows?.find(
        (r) =>
          (a.dimension ? String(r[a.dimension]) === a.member : true) && (!a.month || String(r[bucketOf] ?? '').slice(0, 7) === a.month),
      );
      if (!row) continue;
      const who = a.dimension ? `${safe(dimLabel(model, a.dimension))} ${safe(a.member)}` : `${metric} in total`;
      out.push(
        `- ${who}: **${formatHuman(row.current_value, fmt)}** in ${safe(a.month || cur)} against a monthly average of **${formatHuman(row.history_mean, fmt)}** (spread ${formatHuman(row.history_spread, fmt)}; z = ${formatNumber(row.z_score, Z)}). ${ref(a.from)}`,
      );
    }
    out.push('', 'Unusual: at least 3 standard deviations from its own monthly history.', '');
  } else {
    const scans = plan.filter((s) => s.anomaly && opOf(s.id)?.status === 'done');
    out.push(
      `Nothing unusual: ${metric.toLowerCase()} in ${cur}, in total and by every dimension examined, is within 3 standard deviations of its monthly history.${scans.length ? ` ${scans.map((s) => ref(s.id)).join(' ')}` : ''}`,
      '',
    );
  }
  for (const s of plan.filter((x) => x.anomaly && opOf(x.id)?.status === 'done')) {
    const rows = (opOf(s.id)!.rows ?? []).slice(0, 12);
    const dl = s.dimension ? safe(dimLabel(model, s.dimension)) : 'Total';
    out.push(
      `## ${s.dimension ? `By ${dl.toLowerCase()}` : 'Total'}`,
      '',
      `| ${dl} | Month | Value | Monthly average | Spread | z |`,
      '|---|---|---:|---:|---:|---:|',
    );
    for (const r of rows)
      out.push(
        `| ${s.dimension ? safe(r[s.dimension]) : metric} | ${safe(String(r[s.anomaly!.bucket] ?? '').slice(0, 7))} | ${formatNumber(r.current_value, fmt)} | ${formatNumber(r.history_mean, fmt)} | ${formatNumber(r.history_spread, fmt)} | ${formatNumber(r.z_score, Z)} |`,
      );
    out.push(
      '',
      `Against the ${formatNumber(rows[0]?.history_periods, { kind: 'integer' })} months before; the months of largest |z| first. ${ref(s.id)}`,
      '',
    );
  }
  out.push(...closing(plan, operations, focus, asOf, model));
  return out.join('\n').trim() + '\n';
}

/** "What drives X": the dimensions ranked by how much their members differ, each with its members, and X's decompositions. */
function writeDriversReport({ question, model, focus, plan, operations, asOf, findings }: ReportInput): string {
  const fmt = metricFormat(model, focus.metric);
  const opOf = (id: string) => operations.find((o) => o.id === id);
  const cur = safe(focus.current.label);
  const metric = safe(focus.metricLabel);
  const additive = model.measures.some((m) => m.name === focus.metric && (m.agg === 'sum' || m.agg === 'count'));
  const out: string[] = [`# What drives ${metric.toLowerCase()} (${cur})`, '', `*Question:* ${safe(question)}`, '', '## Headline', ''];
  const headline = plan.find((s) => s.angle === 'headline');
  const h = headline && opOf(headline.id)?.status === 'done' ? opOf(headline.id)!.rows?.[0] : undefined;
  if (h && headline)
    out.push(
      `${metric} was **${formatHuman(h.current_value, fmt)}** in ${cur} against **${formatHuman(h.previous_value, fmt)}** in ${safe(focus.previous.label)} (${formatHuman(h.change, fmt, true)}). ${ref(headline.id)}`,
      '',
    );
  const ranked = findings?.keyDimensions ?? [];
  if (ranked.length) {
    out.push('## Key drivers', '');
    ranked.forEach((k, i) => {
      const rows = opOf(k.from)?.rows ?? [];
      const hi = rows[0];
      const lo = rows[rows.length - 1];
      const dl = safe(dimLabel(model, k.dimension));
      out.push(
        `${i + 1}. ${dl}: its members differ by **${formatHuman(hi.spread, PCT)}** around their mean (coefficient of variation); highest ${safe(hi[k.dimension])} at **${formatHuman(hi[focus.metric], fmt)}**${additive ? ` (${formatHuman(hi.share, PCT)} of the total)` : ''}, lowest ${safe(lo[k.dimension])} at **${formatHuman(lo[focus.metric], fmt)}**. ${ref(k.from)}`,
      );
    });
    out.push(
      '',
      'Ranked by how much the members of each dimension differ: the dimension whose members differ most drives the metric most. This describes the period; it is not a test of cause.',
      '',
    );
    for (const k of ranked) {
      const dl = safe(dimLabel(model, k.dimension));
      out.push(
        `## By ${dl.toLowerCase()} in ${cur}`,
        '',
        `| ${dl} | ${metric} |${additive ? ' Share |' : ''}`,
        `|---|---:|${additive ? '---:|' : ''}`,
      );
      for (const r of (opOf(k.from)?.rows ?? []).slice(0, 12))
        out.push(
          `| ${safe(r[k.dimension])} | ${formatNumber(r[focus.metric], fmt)} |${additive ? ` ${formatNumber(r.share, PCT)} |` : ''}`,
        );
      out.push('', `${formatHuman(opOf(k.from)?.rows?.[0]?.members, { kind: 'integer' })} members. ${ref(k.from)}`, '');
    }
  }
  out.push(...decompositionSections(model, focus, plan, operations));
  out.push(...closing(plan, operations, focus, asOf, model));
  return out.join('\n').trim() + '\n';
}

function writeChangeReport({ question, model, focus, plan, operations, asOf, narrative, findings }: ReportInput): string {
  const said = (s: SubQuestion): string[] => {
    const t = narrative?.sections?.[s.id];
    return t && told(t) ? [`${told(t)} ${ref(s.id)}`, ''] : [];
  };
  const fmt = metricFormat(model, focus.metric);
  const opOf = (id: string) => operations.find((o) => o.id === id);
  const ok = (s: SubQuestion) => opOf(s.id)?.status === 'done';
  const cur = safe(focus.current.label);
  const prev = safe(focus.previous.label);
  const metric = safe(focus.metricLabel);
  const out: string[] = [];
  out.push(`# ${metric}: ${cur} compared with ${prev}`, '');
  out.push(`*Question:* ${safe(question)}`, '');

  // Headline
  const headline = plan.find((s) => s.angle === 'headline');
  const h = headline && ok(headline) ? opOf(headline.id)!.rows?.[0] : undefined;
  out.push('## Headline', '');
  if (narrative?.headline && told(narrative.headline))
    out.push(`${told(narrative.headline)}${headline && ok(headline) ? ` ${ref(headline.id)}` : ''}`, '');
  if (h && headline) {
    const pct = h.change_pct === null || h.change_pct === undefined ? '' : ` (**${formatHuman(h.change_pct, PCT, true)}**)`;
    const direction = Number(h.change) > 0 ? 'rose' : Number(h.change) < 0 ? 'fell' : 'was unchanged';
    out.push(
      `${metric} ${direction}: **${formatHuman(h.current_value, fmt)}** in ${cur} against **${formatHuman(h.previous_value, fmt)}** in ${prev}, a change of **${formatHuman(h.change, fmt, true)}**${pct}. ${ref(headline.id)}`,
    );
  } else {
    out.push(
      `The headline comparison could not be computed${headline ? ` (${safe(opOf(headline.id)?.error ?? opOf(headline.id)?.status ?? 'not run')}) ${ref(headline.id)}` : ''}; the sections below show what was found.`,
    );
  }
  out.push('');

  // Is it real?
  const sigSub = plan.find((s) => s.angle === 'significance');
  const sig = sigSub && ok(sigSub) ? opOf(sigSub.id)!.rows?.[0] : undefined;
  if (sigSub && sig && findings?.significant !== null && findings?.significant !== undefined) {
    const daily = `the daily average was **${formatHuman(sig.current_daily_mean, fmt)}** in ${cur} against **${formatHuman(sig.previous_daily_mean, fmt)}** in ${prev}, with a day-to-day spread of ${formatHuman(sig.daily_spread, fmt)} (t = ${formatHuman(sig.t_stat, { kind: 'number', decimals: 2 })})`;
    if (findings.significant)
      out.push(`**Significant.** The change is beyond the normal day-to-day variation: ${daily}. ${ref(sigSub.id)}`, '');
    else
      out.push(
        `**Not significant.** The change is within the normal day-to-day variation: ${daily}, less than two standard errors. No driver is claimed; the breakdowns below describe movements that may be noise. ${ref(sigSub.id)}`,
        '',
      );
  }

  // Drivers, ranked by explanatory power
  if (findings?.significant && findings.drivers.length) {
    out.push('## Drivers', '');
    const scanned = plan.some((x) => x.scan && !x.scan.mix);
    findings.drivers.forEach((d, i) => {
      const row = driverRow(d, operations);
      if (!row) return;
      const within = d.within ? ` (inside ${safe(dimLabel(model, d.within.dimension).toLowerCase())} ${safe(d.within.member)})` : '';
      const who = d.and
        ? `${safe(dimLabel(model, d.dimension))} ${safe(d.member)} and ${safe(dimLabel(model, d.and.dimension).toLowerCase())} ${safe(d.and.member)} combined`
        : `${safe(dimLabel(model, d.dimension))} ${safe(d.member)}`;
      const through = d.through
        ? ` Most of it came through ${safe(d.through.component === 'rate' ? rateWords(model, focus.metric, d.through.base) : `${metricLabel(model, d.through.base).toLowerCase()} (the base)`)}: **${formatHuman(d.through.contribution, PCT)}** of the total change. ${ref(d.through.from)}`
        : '';
      const parent = d.context
        ? driverRow({ ...d, dimension: d.context.dimension, member: d.context.member, and: undefined }, operations, d.from)
        : undefined;
      const context = d.context
        ? ` It lies in ${safe(dimLabel(model, d.context.dimension).toLowerCase())} ${safe(d.context.member)}${parent ? `, whose change was **${formatHuman(parent.contribution, PCT, true)}** of the total: the ${safe(dimLabel(model, d.context.dimension).toLowerCase())} is context, the ${safe(dimLabel(model, d.dimension).toLowerCase())} explains it` : ''}.`
        : '';
      out.push(
        `${i + 1}. ${who}${within}: a change of **${formatHuman(row.change, fmt, true)}** (${formatHuman(row.change_pct, PCT, true)}), **${formatHuman(row.contribution, PCT, true)}** of the total change. ${ref(d.from)}${context}${through}`,
      );
    });
    out.push('');
    for (const o of findings.overlaps ?? []) {
      out.push(
        `Overlap: ${safe(dimLabel(model, o.a.dimension))} ${safe(o.a.member)} and ${safe(dimLabel(model, o.b.dimension).toLowerCase())} ${safe(o.b.member)} share a change of **${formatHuman(o.change, fmt, true)}** (**${formatHuman(o.contribution, PCT, true)}** of the total change); it is counted in both contributions above. ${ref(o.from)}`,
        '',
      );
    }
    if (findings.explained === false)
      out.push(
        'Together these drivers do not account for the whole change; the rest is spread across the members of every dimension examined.',
        '',
      );
    out.push(
      scanned
        ? 'Ranked by explanatory power across every dimension scanned: members whose share moved most (surprise) among those that bring the sum of contributions closest to the whole change; members of opposite sign are both kept; of a roll-up only the deepest explaining level is credited, its parent given as context.'
        : "Ranked by explanatory power: the members whose shares moved most (surprise) among those explaining most of the change; a member inside another comes first when it alone explains its parent's part.",
      '',
    );
  } else if (findings?.significant) {
    out.push(
      '## Drivers',
      '',
      'No small set of members explains most of the change: it is spread across the members of every dimension examined.',
      '',
    );
  }
  out.push(...mixSection(model, focus, plan, operations, findings));
  out.push(...scanSections(model, focus, plan, operations, findings));

  out.push(...decompositionSections(model, focus, plan, operations));

  // Trend
  const trend = plan.find((s) => s.angle === 'trend');
  if (trend && ok(trend)) {
    const rows = opOf(trend.id)!.rows ?? [];
    const col = Object.keys(rows[0] ?? {}).find((k) => k !== focus.metric) ?? '';
    const byValue = [...rows]
      .filter((r) => Number.isFinite(Number(r[focus.metric])))
      .sort((a, b) => Number(b[focus.metric]) - Number(a[focus.metric]));
    if (byValue.length) {
      const hi = byValue[0];
      const lo = byValue[byValue.length - 1];
      out.push(`## Trend by ${focus.grain}`, '');
      out.push(
        `From ${prev} to ${cur}, the highest ${focus.grain} was ${safe(bucket(hi[col], focus.grain))} at **${formatHuman(hi[focus.metric], fmt)}** and the lowest ${safe(bucket(lo[col], focus.grain))} at **${formatHuman(lo[focus.metric], fmt)}**. ${ref(trend.id)}`,
        '',
        ...said(trend),
      );
    }
  }

  // Breakdowns and drill-downs (comparisons)
  const movers: { text: string; change: number }[] = [];
  for (const s of plan.filter((x) => x.compare && x.dimension && (x.angle === 'breakdown' || x.angle === 'drilldown'))) {
    if (!ok(s)) continue;
    const rows = (opOf(s.id)!.rows ?? []).slice(0, 10);
    if (!rows.length) continue;
    const dl = safe(dimLabel(model, s.dimension!));
    const within = s.angle === 'drilldown' ? s.query.filters.at(-1) : undefined;
    out.push(
      s.angle === 'drilldown' && within
        ? `## Drill-down: ${safe(dimLabel(model, within.dimension))} ${safe(within.values[0])} by ${dl.toLowerCase()}`
        : `## By ${dl.toLowerCase()}`,
      '',
    );
    const contrib = rows.some((r) => r.contribution !== undefined);
    out.push(
      `| ${dl} | ${cur} | ${prev} | Change | Change % |${contrib ? ' Contribution |' : ''}`,
      `|---|---:|---:|---:|---:|${contrib ? '---:|' : ''}`,
    );
    for (const r of rows) {
      out.push(
        `| ${safe(r[s.dimension!])} | ${formatNumber(r.current_value, fmt)} | ${formatNumber(r.previous_value, fmt)} | ${formatNumber(r.change, fmt, true)} | ${formatNumber(r.change_pct, PCT, true)} |${contrib ? ` ${formatNumber(r.contribution, PCT, true)} |` : ''}`,
      );
    }
    const top = rows[0];
    out.push(
      '',
      `The largest move was ${safe(top[s.dimension!])}: **${formatHuman(top.change, fmt, true)}** (${formatHuman(top.change_pct, PCT, true)}). ${ref(s.id)}`,
      '',
    );
    if (contrib && top.total_change !== undefined) {
      const all = (opOf(s.id)!.row_count ?? 0) <= (opOf(s.id)!.rows?.length ?? 0);
      out.push(
        s.angle === 'drilldown'
          ? `Contribution is each member's share of the total change of ${formatHuman(top.total_change, fmt, true)}; the rest of it, ${formatHuman(top.residual, fmt, true)}, lies outside ${safe(within?.values[0])}. ${ref(s.id)}`
          : `Closure: contributions are shares of the total change of ${formatHuman(top.total_change, fmt, true)}${all ? ' and add up to all of it' : ''}; the residual not explained by the members is ${formatHuman(top.residual, fmt, true)}. ${ref(s.id)}`,
        '',
      );
    }
    out.push(...said(s));
    for (const r of rows.slice(0, 2)) {
      movers.push({
        text: `${dl} ${safe(r[s.dimension!])}: ${formatHuman(r.change, fmt, true)} (${formatHuman(r.change_pct, PCT, true)}) ${ref(s.id)}`,
        change: Math.abs(Number(r.change)),
      });
    }
  }

  // Shares
  for (const s of plan.filter((x) => x.angle === 'share' && ok(x))) {
    const rows = opOf(s.id)!.rows ?? [];
    const shareCol = `${focus.metric}_share`;
    if (!rows.length) continue;
    out.push(`## Share by ${safe(dimLabel(model, s.dimension!)).toLowerCase()} in ${cur}`, '');
    out.push(
      rows
        .slice(0, 10)
        .map((r) => `${safe(r[s.dimension!])} ${formatHuman(r[shareCol], PCT)} (${formatHuman(r[focus.metric], fmt)})`)
        .join('; ') + `. ${ref(s.id)}`,
      '',
      ...said(s),
    );
  }

  // Contributors
  const top = plan.filter((x) => (x.angle === 'top' || x.angle === 'bottom' || (x.angle === 'drilldown' && !x.compare)) && ok(x));
  if (top.length) {
    out.push('## Contributors', '');
    for (const s of top) {
      const rows = opOf(s.id)!.rows ?? [];
      if (!rows.length) continue;
      const title =
        s.angle === 'top' ? 'Largest' : s.angle === 'bottom' ? 'Smallest' : `Largest inside ${safe(s.query.filters.at(-1)?.values[0])}`;
      out.push(`- ${title}: ${rows.map((r) => `${safe(r[s.dimension!])} ${formatHuman(r[focus.metric], fmt)}`).join(', ')}. ${ref(s.id)}`);
    }
    out.push('');
    for (const s of top) out.push(...said(s));
  }

  if (movers.length) {
    out.push('## Notable movers', '');
    for (const m of movers.sort((a, b) => b.change - a.change).slice(0, 5)) out.push(`- ${m.text}`);
    out.push('');
  }

  out.push(...closing(plan, operations, focus, asOf, model, narrative));
  return out.join('\n').trim() + '\n';
}

/** The row a driver's figures come from: a scan row (dimension, member and a pair's second member) or a breakdown's row. */
function driverRow(d: Driver, operations: ResearchOperation[], from = d.from): Record<string, unknown> | undefined {
  const rows = operations.find((o) => o.id === from)?.rows ?? [];
  return rows.find((r) =>
    r.dimension !== undefined
      ? r.dimension === d.dimension &&
        r.member === d.member &&
        (d.and
          ? r.second_dimension === d.and.dimension && r.second_member === d.and.member
          : r.second_dimension === null || r.second_dimension === undefined)
      : String(r[d.dimension]) === d.member,
  );
}

/** The scan's tables: the drivers' dimensions and their context first (the members' change, contribution and closure), then the names of every dimension scanned. */
function scanSections(
  model: SemanticModel,
  focus: ResearchFocus,
  plan: SubQuestion[],
  operations: ResearchOperation[],
  findings?: ResearchFindings | null,
): string[] {
  const scan = plan.find((x) => x.scan && !x.scan.mix && !x.scan.pairs);
  const op = scan && operations.find((o) => o.id === scan.id);
  if (!scan || op?.status !== 'done') return [];
  const fmt = metricFormat(model, focus.metric);
  const rows = op.rows ?? [];
  const cur = safe(focus.current.label);
  const prev = safe(focus.previous.label);
  const shown: string[] = [];
  for (const d of findings?.drivers ?? [])
    for (const x of [d.dimension, d.and?.dimension, d.context?.dimension])
      if (x && !shown.includes(x) && rows.some((r) => r.dimension === x)) shown.push(x);
  // no driver: the dimensions whose top member moved most
  if (!shown.length) {
    for (const r of [...rows].filter((x) => x.member !== ALL_REST).sort((a, b) => Number(b.surprise) - Number(a.surprise))) {
      if (shown.length >= 3) break;
      if (!shown.includes(String(r.dimension))) shown.push(String(r.dimension));
    }
  }
  const out: string[] = [];
  for (const dim of shown.slice(0, 4)) {
    const own = rows.filter((r) => r.dimension === dim).slice(0, 11);
    const dl = safe(dimLabel(model, dim));
    out.push(
      `## By ${dl.toLowerCase()}`,
      '',
      `| ${dl} | ${cur} | ${prev} | Change | Change % | Contribution |`,
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const r of own)
      out.push(
        `| ${safe(r.member)} | ${formatNumber(r.current_value, fmt)} | ${formatNumber(r.previous_value, fmt)} | ${formatNumber(r.change, fmt, true)} | ${formatNumber(r.change_pct, PCT, true)} | ${formatNumber(r.contribution, PCT, true)} |`,
      );
    const top = own[0];
    if (top)
      out.push(
        '',
        `Closure: contributions are shares of the total change of ${formatHuman(top.total_change, fmt, true)}; the residual not explained by the members is ${formatHuman(top.residual, fmt, true)}. ${ref(scan.id)}`,
        '',
      );
  }
  const names = scan.scan!.dimensions.map((d) => safe(dimLabel(model, d).toLowerCase()));
  out.push(
    '## Dimensions scanned',
    '',
    `Every dimension ${safe(focus.metricLabel.toLowerCase())} can be broken down by was compared in one statement: ${names.join(', ')}; dimensions with many members by their largest movers, the rest together as ${ALL_REST}. ${ref(scan.id)}`,
    '',
  );
  return out;
}

/** A ratio metric: where mix explains most of the change, in plain words, with that dimension's rate/mix table. */
function mixSection(
  model: SemanticModel,
  focus: ResearchFocus,
  plan: SubQuestion[],
  operations: ResearchOperation[],
  findings?: ResearchFindings | null,
): string[] {
  const mix = findings?.mix;
  if (!mix) return [];
  const sub = plan.find((s) => s.id === mix.from);
  const rows = (operations.find((o) => o.id === mix.from)?.rows ?? []).filter((r) => r.dimension === mix.dimension);
  if (!sub?.scan?.mix || !rows.length) return [];
  const fmt = metricFormat(model, focus.metric);
  const metric = safe(focus.metricLabel.toLowerCase());
  const dl = safe(dimLabel(model, mix.dimension));
  const unit = safe(metricLabel(model, sub.scan.mix.denominator).toLowerCase());
  const r0 = rows[0];
  const of = (m: string | null) => (m === null ? undefined : rows.find((r) => r.member === m));
  const [shrank, grew] = [of(mix.shrank), of(mix.grew)];
  const mostlyMix = Math.abs(mix.mixShare) >= Math.abs(mix.rateShare);
  const hardly = Math.abs(mix.rateShare) < 1 / 3;
  const out = [`## Mix or rate: ${metric} by ${dl.toLowerCase()}`, ''];
  const moved =
    shrank && grew
      ? `${unit} moved from ${dl.toLowerCase()} ${safe(mix.shrank)} (**${formatHuman(shrank.weight_previous, PCT)}** to **${formatHuman(shrank.weight_current, PCT)}** of them) to ${safe(mix.grew)} (**${formatHuman(grew.weight_previous, PCT)}** to **${formatHuman(grew.weight_current, PCT)}**)`
      : `the ${dl.toLowerCase()} weights of ${unit} moved`;
  out.push(
    `${mostlyMix ? '**Mostly mix.**' : '**Mostly rate.**'} Of the change of **${formatHuman(r0.total_change, fmt, true)}**, the mix across ${dl.toLowerCase()} moved ${metric} by **${formatHuman(r0.total_mix_effect, fmt, true)}** (${formatHuman(r0.mix_share, PCT, true)} of the change): ${moved}. ` +
      `Each ${dl.toLowerCase()}'s own ${metric} moved it by **${formatHuman(r0.total_rate_effect, fmt, true)}** (rate effect${hardly ? '; it hardly changed' : ''}). Closure: residual ${formatHuman(r0.residual, fmt, true)}. ${ref(mix.from)}`,
    '',
    `| ${dl} | Weight before | Weight after | ${safe(focus.metricLabel)} before | After | Rate effect | Mix effect |`,
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of rows.slice(0, 10))
    out.push(
      `| ${safe(r.member)} | ${formatNumber(r.weight_previous, PCT)} | ${formatNumber(r.weight_current, PCT)} | ${formatNumber(r.rate_previous, fmt)} | ${formatNumber(r.rate_current, fmt)} | ${formatNumber(r.rate_effect, fmt, true)} | ${formatNumber(r.mix_effect, fmt, true)} |`,
    );
  out.push(
    '',
    `The mix was decomposed across every candidate dimension (${sub.scan.dimensions.map((d) => safe(dimLabel(model, d).toLowerCase())).join(', ')}); ${dl.toLowerCase()} is where mix explains most. ${ref(mix.from)}`,
    '',
  );
  return out;
}

function metricLabel(model: SemanticModel, name: string): string {
  return [...model.measures, ...model.metrics].find((m) => m.name === name)?.label ?? name.replace(/_/g, ' ');
}
/** The rate of a product decomposition in words (revenue per order, revenue per gross sales dollar). */
function rateWords(model: SemanticModel, metric: string, base: string): string {
  const b = model.measures.find((x) => x.name === base);
  const unit =
    b?.agg === 'count' ? metricLabel(model, base).toLowerCase().replace(/s$/, '') : `${metricLabel(model, base).toLowerCase()} dollar`;
  return `${metricLabel(model, metric).toLowerCase()} per ${unit}`;
}

/** The decomposition sections: each part's change and share, and the residual (closure). */
function decompositionSections(model: SemanticModel, focus: ResearchFocus, plan: SubQuestion[], operations: ResearchOperation[]): string[] {
  const out: string[] = [];
  const fmt = metricFormat(model, focus.metric);
  const metric = safe(focus.metricLabel);
  const RATE: Fmt = { kind: 'number', decimals: 4 };
  for (const s of plan.filter((x) => x.angle === 'decomposition' && x.decompose && !x.scan)) {
    const op = operations.find((o) => o.id === s.id);
    const rows = op?.status === 'done' ? (op.rows ?? []) : [];
    if (!rows.length) continue;
    const d = s.decompose!;
    if (d.kind === 'sum') {
      const formula = d.terms
        .map((x, i) => `${i ? (x.sign < 0 ? '− ' : '+ ') : ''}${safe(metricLabel(model, x.name).toLowerCase())}`)
        .join(' ');
      out.push(`## Decomposition: ${metric.toLowerCase()} = ${formula}`, '');
      out.push('| Part | Current | Previous | Effect on the change | Share of the change |', '|---|---:|---:|---:|---:|');
      for (const r of rows)
        out.push(
          `| ${safe(metricLabel(model, String(r.component)))} | ${formatNumber(r.current_value, fmt)} | ${formatNumber(r.previous_value, fmt)} | ${formatNumber(r.effect, fmt, true)} | ${formatNumber(r.contribution, PCT, true)} |`,
        );
      const top = rows[0];
      out.push(
        '',
        `The largest part was ${safe(metricLabel(model, String(top.component)).toLowerCase())}: **${formatHuman(top.effect, fmt, true)}** of the change of ${formatHuman(top.total_change, fmt, true)} (${formatHuman(top.contribution, PCT, true)}). Closure: the residual not explained by the parts is ${formatHuman(top.residual, fmt, true)}. ${ref(s.id)}`,
        '',
      );
    } else if (d.kind === 'product' && !s.dimension) {
      const r = rows[0];
      const bf = metricFormat(model, d.base);
      out.push(
        `## Decomposition: ${metric.toLowerCase()} = ${safe(metricLabel(model, d.base).toLowerCase())} × ${safe(rateWords(model, focus.metric, d.base))}`,
        '',
      );
      out.push(
        `Of the change of **${formatHuman(r.change, fmt, true)}**, **${formatHuman(r.base_effect, fmt, true)}** (${formatHuman(r.base_contribution, PCT, true)}) came from ${safe(metricLabel(model, d.base).toLowerCase())} (${formatHuman(r.base_previous, bf)} to ${formatHuman(r.base_current, bf)}) and **${formatHuman(r.rate_effect, fmt, true)}** (${formatHuman(r.rate_contribution, PCT, true)}) from ${safe(rateWords(model, focus.metric, d.base))} (${formatHuman(r.rate_previous, RATE)} to ${formatHuman(r.rate_current, RATE)}). Closure: residual ${formatHuman(r.decomposition_residual, fmt, true)}. ${ref(s.id)}`,
        '',
      );
    } else if (d.kind === 'product') {
      const dl = safe(dimLabel(model, s.dimension!));
      const base = safe(metricLabel(model, d.base));
      const rate = safe(rateWords(model, focus.metric, d.base));
      out.push(`## Decomposition by ${dl.toLowerCase()}: ${base.toLowerCase()} × ${rate}`, '');
      out.push(
        `| ${dl} | Change | ${base} effect | Rate effect | Contribution | ${base} part | Rate part |`,
        '|---|---:|---:|---:|---:|---:|---:|',
      );
      for (const r of rows.slice(0, 10))
        out.push(
          `| ${safe(r[s.dimension!])} | ${formatNumber(r.change, fmt, true)} | ${formatNumber(r.base_effect, fmt, true)} | ${formatNumber(r.rate_effect, fmt, true)} | ${formatNumber(r.contribution, PCT, true)} | ${formatNumber(r.base_contribution, PCT, true)} | ${formatNumber(r.rate_contribution, PCT, true)} |`,
        );
      out.push(
        '',
        `Each member's change splits into a ${base.toLowerCase()} effect (the change of ${base.toLowerCase()} at the previous rate) and a rate effect (the change of ${rate} on the current ${base.toLowerCase()}); parts are shares of the total change of ${formatHuman(rows[0].total_change, fmt, true)}. ${ref(s.id)}`,
        '',
      );
    } else if (d.kind === 'ratio') {
      const dl = safe(dimLabel(model, s.dimension!));
      const r0 = rows[0];
      out.push(`## Decomposition: ${metric.toLowerCase()} by ${dl.toLowerCase()}, rate and mix`, '');
      out.push(
        `| ${dl} | Weight before | Weight after | Rate before | Rate after | Rate effect | Mix effect |`,
        '|---|---:|---:|---:|---:|---:|---:|',
      );
      for (const r of rows.slice(0, 10))
        out.push(
          `| ${safe(r[s.dimension!])} | ${formatNumber(r.weight_previous, PCT)} | ${formatNumber(r.weight_current, PCT)} | ${formatNumber(r.rate_previous, fmt)} | ${formatNumber(r.rate_current, fmt)} | ${formatNumber(r.rate_effect, fmt, true)} | ${formatNumber(r.mix_effect, fmt, true)} |`,
        );
      out.push(
        '',
        `Of the change of **${formatHuman(r0.total_change, fmt, true)}**, the rates within each ${dl.toLowerCase()} moved it by **${formatHuman(r0.total_rate_effect, fmt, true)}** (rate effect) and the mix across ${dl.toLowerCase()}s by **${formatHuman(r0.total_mix_effect, fmt, true)}** (mix effect). Closure: residual ${formatHuman(r0.residual, fmt, true)}. ${ref(s.id)}`,
        '',
      );
    }
  }
  return out;
}

export type { ReportChart } from '../../src/schemas/inquiry.js';

const VEGA_LITE = 'https://vega.github.io/schema/vega-lite/v5.json';

/**
 * The report's charts as Vega-Lite specs: the trend (a line by period), each breakdown's change or
 * gap by member (bars), each spread of "what drives X" (bars). Values are copied from the rows,
 * never computed.
 */
export function reportCharts(
  model: SemanticModel,
  focus: ResearchFocus,
  plan: SubQuestion[],
  operations: ResearchOperation[],
): ReportChart[] {
  const out: ReportChart[] = [];
  const rowsOf = (s: SubQuestion) => {
    const op = operations.find((o) => o.id === s.id);
    return op?.status === 'done' ? (op.rows ?? []) : [];
  };
  const metric = focus.metricLabel;
  /** Bars of `field` by member; the members are the sub-question's dimension unless `member` says otherwise. */
  const bar = (
    s: SubQuestion,
    title: string,
    field: string,
    axis: string,
    values: Record<string, unknown>[],
    member = { field: s.dimension!, dimension: s.dimension! },
  ): ReportChart => ({
    from: s.id,
    title,
    spec: {
      $schema: VEGA_LITE,
      title,
      data: { values },
      mark: 'bar',
      encoding: {
        y: { field: member.field, type: 'nominal', sort: '-x', title: dimLabel(model, member.dimension) },
        x: { field, type: 'quantitative', title: axis },
      },
      usermeta: { from: s.id },
    },
  });
  for (const s of plan) {
    const rows = rowsOf(s);
    if (!rows.length) continue;
    if (s.angle === 'trend') {
      const col = Object.keys(rows[0]).find((k) => k !== focus.metric)!;
      const title = `${metric} by ${focus.grain}`;
      out.push({
        from: s.id,
        title,
        spec: {
          $schema: VEGA_LITE,
          title,
          data: { values: rows.map((r) => ({ [col]: r[col], [focus.metric]: r[focus.metric] })) },
          mark: { type: 'line', point: true },
          encoding: {
            x: { field: col, type: 'temporal', title: focus.grain },
            y: { field: focus.metric, type: 'quantitative', title: metric },
          },
          usermeta: { from: s.id },
        },
      });
    } else if (s.compare && s.dimension && (s.angle === 'breakdown' || s.angle === 'drilldown')) {
      const gap = focus.kind === 'compare';
      const title = `${gap ? 'Gap' : 'Change'} of ${metric.toLowerCase()} by ${dimLabel(model, s.dimension).toLowerCase()}`;
      out.push(
        bar(
          s,
          title,
          'change',
          gap ? `${focus.segments!.members[0]} − ${focus.segments!.members[1]}` : `${focus.previous.label} to ${focus.current.label}`,
          rows.slice(0, 20).map((r) => ({ [s.dimension!]: r[s.dimension!], change: r.change })),
        ),
      );
    } else if (s.scan && !s.scan.mix && !s.scan.pairs) {
      // the scan: the three dimensions whose members' shares moved most (surprise), each member's change as bars
      const dims: string[] = [];
      for (const r of [...rows].filter((x) => x.member !== ALL_REST).sort((a, b) => Number(b.surprise) - Number(a.surprise))) {
        if (dims.length >= 3) break;
        if (!dims.includes(String(r.dimension))) dims.push(String(r.dimension));
      }
      for (const dim of dims) {
        const title = `Change of ${metric.toLowerCase()} by ${dimLabel(model, dim).toLowerCase()}`;
        const values = rows.filter((r) => r.dimension === dim).map((r) => ({ member: r.member, change: r.change }));
        out.push(bar(s, title, 'change', `${focus.previous.label} to ${focus.current.label}`, values, { field: 'member', dimension: dim }));
      }
    } else if (s.spread && s.dimension) {
      out.push(
        bar(
          s,
          `${metric} by ${dimLabel(model, s.dimension).toLowerCase()} in ${focus.current.label}`,
          focus.metric,
          metric,
          rows.slice(0, 20).map((r) => ({ [s.dimension!]: r[s.dimension!], [focus.metric]: r[focus.metric] })),
        ),
      );
    }
  }
  return out;
}

/** Most follow-up questions suggested. */
export const NEXT_QUESTIONS = 4;

/**
 * Follow-up questions the investigation did not ask (its budget of rounds or queries ended first):
 * sub-questions planned but not run, then per kind: why the explaining members not drilled into
 * changed (change), why each side changed and the gap inside its largest member (compare), why X
 * changed and its highest against its lowest member of the strongest dimension (drivers).
 */
export function nextQuestions(model: SemanticModel, focus: ResearchFocus, plan: SubQuestion[], operations: ResearchOperation[]): string[] {
  const out: string[] = [];
  const ml = focus.metricLabel.toLowerCase();
  const dl = (d: string) => dimLabel(model, d).toLowerCase();
  const [cur, prev] = [focus.current.label, focus.previous.label];
  for (const s of plan) {
    const op = operations.find((o) => o.id === s.id);
    if (!op || op.status === 'skipped') out.push(s.question);
  }
  const kind = focus.kind ?? 'change';
  if (kind === 'change') {
    // members of a change that is not significant are not worth a follow-up
    const drilled = (d: string, m: string) =>
      plan.some((s) => s.angle === 'drilldown' && s.query.filters.some((f) => f.dimension === d && String(f.values[0]) === m));
    const sets =
      readSignificance(plan, operations)?.significant === false ? [] : explainingSets(plan, operations, ['breakdown', 'drilldown']);
    for (const set of sets) {
      for (const m of set.members)
        if (!drilled(m.dimension, m.member)) out.push(`Why did ${ml} of ${dl(m.dimension)} ${m.member} change from ${prev} to ${cur}?`);
    }
    // the scan's drivers: why each changed (a question the research accepts, scoped to the member)
    if (readSignificance(plan, operations)?.significant) {
      for (const d of scanExplanation(model, plan, operations)?.drivers ?? [])
        if (!d.and) out.push(`Why did ${ml} of ${dl(d.dimension)} ${d.member} change from ${prev} to ${cur}?`);
    }
  } else if (kind === 'compare') {
    const { dimension, members } = focus.segments!;
    for (const v of members) out.push(`Why did ${ml} of ${dl(dimension)} ${v} change from ${prev} to ${cur}?`);
    const gap = plan.find((s) => s.angle === 'breakdown' && operations.find((o) => o.id === s.id)?.status === 'done');
    const top = gap ? operations.find((o) => o.id === gap.id)?.rows?.[0]?.[gap.dimension!] : undefined;
    if (gap && top !== undefined && top !== null)
      out.push(`Compare ${ml} of ${members[0]} and ${members[1]} in ${dl(gap.dimension!)} ${String(top)} in ${cur}`);
  } else if (kind === 'profile') {
    const top = plan.find((s) => s.angle === 'top');
    const first = top ? operations.find((o) => o.id === top.id)?.rows?.[0] : undefined;
    if (top && first) out.push(`Why did ${ml} of ${dl(top.dimension!)} ${String(first[top.dimension!])} change from ${prev} to ${cur}?`);
  } else if (kind === 'anomalies') {
    for (const s of plan.filter((x) => x.anomaly && x.dimension)) {
      for (const r of (operations.find((o) => o.id === s.id)?.rows ?? []).filter((x) => x.unusual === true || x.unusual === 'true')) {
        out.push(`Why did ${ml} of ${dl(s.dimension!)} ${String(r[s.dimension!])} change from ${prev} to ${cur}?`);
      }
    }
    out.push(`Why did ${ml} change from ${prev} to ${cur}?`);
  } else {
    out.push(`Why did ${ml} change from ${prev} to ${cur}?`);
    const best = rankKeyDimensions(plan, operations)[0];
    const rows = best ? (operations.find((o) => o.id === best.from)?.rows ?? []) : [];
    if (best && rows.length >= 2)
      out.push(`Compare ${ml} of ${String(rows[0][best.dimension])} and ${String(rows[rows.length - 1][best.dimension])} in ${cur}`);
  }
  return [...new Set(out)].slice(0, NEXT_QUESTIONS);
}

/** Caveats (sub-questions not run or failed, cut results, an incomplete period) and the list of sub-queries. */
function closing(
  plan: SubQuestion[],
  operations: ResearchOperation[],
  focus: ResearchFocus,
  asOf: string,
  model: SemanticModel,
  narrative?: ReportNarrative,
): string[] {
  const opOf = (id: string) => operations.find((o) => o.id === id);
  const cur = safe(focus.current.label);
  const out: string[] = [];
  const next = nextQuestions(model, focus, plan, operations);
  if (next.length)
    out.push(
      '## What to do next',
      '',
      'Follow-up questions this investigation did not have the budget for:',
      '',
      ...next.map((q) => `- ${safe(q)}`),
      '',
    );
  // Caveats
  const caveats: string[] = [];
  for (const s of plan) {
    const op = opOf(s.id);
    if (!op) caveats.push(`${safe(s.question)} was not run (the budget ran out). ${ref(s.id)}`);
    else if (op.status !== 'done')
      caveats.push(`${safe(s.question)} ended ${safe(op.status)}${op.error ? `: ${safe(op.error)}` : ''}. ${ref(s.id)}`);
    else if ((op.row_count ?? 0) > (op.rows?.length ?? 0))
      caveats.push(`${safe(s.question)} returned more rows than the report shows. ${ref(s.id)}`);
  }
  if (focus.current.end > asOf) caveats.push(`The data ends on ${safe(asOf)}: ${cur} is not complete.`);
  if (narrative?.note) caveats.push(safe(narrative.note));
  caveats.push('Figures are computed by the warehouse from the semantic model; the report states no number that a query did not return.');
  out.push('## Caveats', '', ...caveats.map((c) => `- ${c}`), '');

  out.push('## Sub-queries', '');
  for (const s of plan) {
    const op = opOf(s.id);
    out.push(`- ${ref(s.id)} ${safe(s.question)} — ${safe(op?.status ?? 'not run')}. *${safe(s.purpose)}*`);
  }
  return out;
}

/**
 * Markdown → HTML for reports (markdown-it, CommonMark + tables): raw HTML off, links, images and
 * autolinks off, so the report's own structure (headings, paragraphs, emphasis, lists, tables) is
 * the only markup and text from data stays text.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false }).disable([
  'link',
  'image',
  'autolink',
  'html_inline',
  'html_block',
  'reference',
]);

/**
 * The report as HTML for clients that show HTML (the `answer` convention): the Markdown this
 * module writes rendered by markdown-it with raw HTML disabled; safe to insert.
 */
export function renderReportHtml(markdownText: string): string {
  return markdown.render(markdownText).trim();
}
