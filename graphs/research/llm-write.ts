/**
 * The LLM version of the research write step: one call (prompts/research-sections.txt) writes the
 * headline sentence and a short summary per section from the sections' result rows; every number
 * in that text is checked against the rows (the narration check) and a sentence with any other
 * number is dropped. The report's tables, figures and [qN] references stay rule-built
 * (`writeReport`). Privacy mode (or narration off): no call, the templates write the report. An
 * unreachable model or an unusable answer: the templates too.
 */
import { LlmUnavailableError } from '../../src/nlq/llm/client.js';
import type { ReportSection, ResearchPlanner } from '../../src/nlq/llm/research.js';
import { usageText, type LlmUsage } from '../../src/nlq/llm/usage.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import type { ReportNarrative } from './report.js';
import type { ResearchFocus, SubQuestion } from './state.js';

export interface LlmNarrative {
  narrative: ReportNarrative | null;
  notes: string[];
  usage: LlmUsage | null;
}

export async function llmNarrative(
  planner: ResearchPlanner,
  input: { question: string; focus: ResearchFocus; plan: SubQuestion[]; operations: ResearchOperation[] },
  signal?: AbortSignal,
): Promise<LlmNarrative> {
  if (!planner.writesSections) {
    return {
      narrative: null,
      notes: [
        planner.options.sendValues
          ? 'Narration is off: the report is written from templates.'
          : 'Privacy mode: no result rows or dimension values are sent to the language model, so the report is written from templates.',
      ],
      usage: null,
    };
  }
  const sections: ReportSection[] = [];
  for (const s of input.plan) {
    const op = input.operations.find((o) => o.id === s.id);
    // a scan's rows (ordered by dimension) reach the model strongest movers first: it sees only the first rows of a section
    if (op?.status === 'done' && op.rows?.length)
      sections.push({
        id: s.id,
        title: s.question,
        rows: s.scan ? [...op.rows].sort((a, b) => (Number(b.surprise) || 0) - (Number(a.surprise) || 0)) : op.rows,
      });
  }
  if (!sections.length) return { narrative: null, notes: [], usage: null };
  const { focus } = input;
  let r: Awaited<ReturnType<ResearchPlanner['writeSections']>>;
  try {
    r = await planner.writeSections(
      {
        question: input.question,
        metric: focus.metricLabel,
        current: focus.current.label ?? focus.current.start,
        previous: focus.previous.label ?? focus.previous.start,
        sections,
      },
      signal,
    );
  } catch (err) {
    if (!(err instanceof LlmUnavailableError)) throw err;
    return { narrative: null, notes: [`${err.message} The report is written from templates.`, usageText(err.usage)], usage: err.usage };
  }
  const written = Object.keys(r.sections).length + (r.headline ? 1 : 0);
  const dropped = r.dropped.length
    ? ` ${r.dropped.length} sentence${r.dropped.length === 1 ? '' : 's'} with a number no query returned ${r.dropped.length === 1 ? 'was' : 'were'} dropped.`
    : '';
  if (!written) {
    return {
      narrative: null,
      notes: [
        `The language model wrote no usable text${r.error ? ` (${r.error})` : ''}.${dropped} The report is written from templates.`,
        usageText(r.usage),
      ],
      usage: r.usage,
    };
  }
  return {
    narrative: {
      ...(r.headline ? { headline: r.headline } : {}),
      sections: r.sections,
      note: 'The headline sentence and section summaries were written by a language model; every number in them was checked against the query results.',
    },
    notes: [
      `The language model wrote the headline and ${Object.keys(r.sections).length} section summar${Object.keys(r.sections).length === 1 ? 'y' : 'ies'}.${dropped}`,
      usageText(r.usage),
    ],
    usage: r.usage,
  };
}
