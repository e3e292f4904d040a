/**
 * LLM steps of the research graph as a small typed API: plan (research question → regular
 * questions and breakdowns), chooseFollowUps (reflect: which drill-downs next, among the rule-based
 * candidates) and writeSections (write: headline and section summaries, every number checked
 * against the rows). Prompts: prompts/research-plan.txt, research-followups.txt,
 * research-sections.txt. Each step is one call;
 * usage is returned with every result so the graph can account for it.
 */
import { z } from 'zod';
import type { Catalogue } from '../../semantic/catalogue.js';
import type { LlmClient } from './client.js';
import { allowedNumbers, verifyNarration } from './narrate.js';
import { renderPrompt } from './prompts.js';
import { retrieveContext } from './retrieval.js';
import type { LlmUsage } from './usage.js';

export const ResearchPlanSchema = z.object({
  questions: z.array(z.object({ question: z.string().min(3), why: z.string().default('') })).min(1),
  /** Dimension names (of the model) to break the headline metric down by, most telling first. */
  breakdown_dimensions: z.array(z.string()).default([]),
});
export type ResearchPlan = z.infer<typeof ResearchPlanSchema>;

export const FollowUpChoiceSchema = z.object({
  done: z.boolean().default(false),
  follow_ups: z.array(z.object({ mover: z.string(), by: z.string(), why: z.string().default('') })).default([]),
  reason: z.string().default(''),
});
export type FollowUpChoice = z.infer<typeof FollowUpChoiceSchema>;

export const SectionsSchema = z.object({
  headline: z.string().default(''),
  sections: z.array(z.object({ id: z.string(), summary: z.string() })).default([]),
});

/** A mover the rule-based reflect found, and the breakdowns it could be drilled into. */
export interface MoverCandidate {
  /** m1, m2, ... largest absolute change first. */
  id: string;
  dimension: string;
  /** The member (a dimension value): sent only when values may be sent. */
  member: string;
  /** Its period-over-period change (a result value): sent only when rows may be sent. */
  change: number;
  /** Dimension names it may be broken down by. */
  by: string[];
}

export interface FollowUpRequest {
  question: string;
  metric: string;
  current: string;
  previous: string;
  movers: MoverCandidate[];
  /** Drill-downs run already: the mover's dimension and member (the member is sent only when values may be sent), and the breakdown. */
  already: { dimension: string; member: string; by: string }[];
  maxChoices: number;
}

/** One section of the report, as the writer sees it. */
export interface ReportSection {
  /** The sub-question id (q1, ...). */
  id: string;
  /** The sub-question in words. */
  title: string;
  rows: Record<string, unknown>[];
}

export interface SectionsRequest {
  question: string;
  metric: string;
  current: string;
  previous: string;
  sections: ReportSection[];
}

export interface SectionsResult {
  /** Verified headline sentence(s), '' when nothing survived. */
  headline: string;
  /** Verified summary per section id (sections with nothing left are absent). */
  sections: Record<string, string>;
  dropped: string[];
  usage: LlmUsage;
  error?: string;
}

/** Rows of one section shown to the writer at most. */
export const SECTION_MAX_ROWS = 12;

export class ResearchPlanner {
  constructor(
    readonly client: LlmClient,
    readonly catalogue: Catalogue,
    readonly options: { sendValues: boolean; contextBudget?: number; maxQuestions?: number; narrate?: boolean } = { sendValues: true },
  ) {}

  private get max(): number {
    return this.options.maxQuestions ?? 6;
  }

  async plan(
    question: string,
    asOf: string,
    signal?: AbortSignal,
  ): Promise<{ plan: ResearchPlan | null; error?: string; usage: LlmUsage }> {
    const ctx = retrieveContext(this.catalogue, question, {
      sendValues: this.options.sendValues,
      budget: this.options.contextBudget ?? 2500,
    });
    const content = renderPrompt('research-plan', {
      model_name: this.catalogue.model.name,
      as_of: asOf,
      question,
      context: ctx.text,
      max_questions: this.max,
      max_dimensions: 3,
    });
    const r = await this.client.structured([{ role: 'user', content }], ResearchPlanSchema, 'research_plan', { signal });
    return {
      plan: r.value ? { questions: r.value.questions.slice(0, this.max), breakdown_dimensions: r.value.breakdown_dimensions } : null,
      error: r.error,
      usage: r.usage,
    };
  }

  /**
   * Reflect: which drill-downs to run next, chosen among the rule-based candidates. In privacy
   * mode the movers go out as ids and dimension names only (no member, no change). The caller
   * validates every choice against the semantic model.
   */
  async chooseFollowUps(
    req: FollowUpRequest,
    signal?: AbortSignal,
  ): Promise<{ choice: FollowUpChoice | null; error?: string; usage: LlmUsage }> {
    const send = this.options.sendValues;
    const movers = req.movers
      .map(
        (m) =>
          `${m.id}: ${m.dimension}${send ? ` = ${JSON.stringify(m.member)}, change ${m.change}` : ` (rank ${m.id.slice(1)} by absolute change; value withheld: privacy mode)`}; may be broken down by ${m.by.join(', ')}`,
      )
      .join('\n');
    const content = renderPrompt('research-followups', {
      question: req.question,
      metric: req.metric,
      current: req.current,
      previous: req.previous,
      movers: movers || '(none)',
      already: req.already.length
        ? req.already.map((a) => `${a.dimension}${send ? ` = ${JSON.stringify(a.member)}` : ' (value withheld)'} by ${a.by}`).join('\n')
        : '(none)',
      max_choices: req.maxChoices,
    });
    const r = await this.client.structured([{ role: 'user', content }], FollowUpChoiceSchema, 'research_followups', { signal });
    return { choice: r.value, error: r.error, usage: r.usage };
  }

  /** False in privacy mode (no rows may be sent) or when narration is off: the report's templates stand. */
  get writesSections(): boolean {
    return this.options.sendValues && this.options.narrate !== false;
  }

  /**
   * Write: a headline sentence and a short summary per section, from the sections' rows. Every
   * number is checked (the narration check): a section's summary against that section's rows,
   * the headline against all of them (and both against the question and periods); a sentence with
   * any other number is dropped. Never called in privacy mode (see `writesSections`).
   */
  async writeSections(req: SectionsRequest, signal?: AbortSignal): Promise<SectionsResult> {
    if (!this.writesSections) throw new Error('writeSections: rows may not be sent (privacy mode) or narration is off');
    const text = req.sections
      .map((s) => {
        const rows = s.rows.slice(0, SECTION_MAX_ROWS);
        return `[${s.id}] ${s.title}\n${rows.map((r) => JSON.stringify(r)).join('\n') || '(no rows)'}${s.rows.length > rows.length ? `\n(${s.rows.length - rows.length} more rows)` : ''}`;
      })
      .join('\n\n');
    const content = renderPrompt('research-sections', {
      question: req.question,
      metric: req.metric,
      current: req.current,
      previous: req.previous,
      sections: text,
    });
    const r = await this.client.structured([{ role: 'user', content }], SectionsSchema, 'research_sections', { signal });
    if (!r.value) return { headline: '', sections: {}, dropped: [], usage: r.usage, error: r.error };
    const context = `${req.question} ${req.current} ${req.previous}`;
    const allowedFor = (rows: Record<string, unknown>[], title: string) =>
      allowedNumbers({ rows, question: `${context} ${title}`, timeFrame: '', draft: '' });
    const dropped: string[] = [];
    const headline = verifyNarration(
      r.value.headline,
      allowedFor(
        req.sections.flatMap((s) => s.rows.slice(0, SECTION_MAX_ROWS)),
        '',
      ),
    );
    dropped.push(...headline.dropped);
    const sections: Record<string, string> = {};
    for (const { id, summary } of r.value.sections) {
      const section = req.sections.find((s) => s.id === id);
      if (!section || sections[id] !== undefined) continue;
      const v = verifyNarration(summary, allowedFor(section.rows.slice(0, SECTION_MAX_ROWS), section.title));
      dropped.push(...v.dropped);
      if (v.text) sections[id] = v.text;
    }
    return { headline: headline.text, sections, dropped, usage: r.usage };
  }
}
