/**
 * LLM steps of the research graph, as a small typed API it (or a later session) can call:
 * plan (research question → regular questions), reflect (findings → done, or further questions)
 * and write (findings → report, every number checked against the findings). Prompts:
 * prompts/research-plan.txt, research-reflect.txt, research-write.txt. Each step is one call;
 * usage is returned with every result so the graph can account for it.
 */
import { z } from 'zod';
import type { Catalogue } from '../../semantic/catalogue.js';
import type { LlmClient } from './client.js';
import { verifyNarration, numbersIn } from './narrate.js';
import { renderPrompt } from './prompts.js';
import { retrieveContext } from './retrieval.js';
import type { LlmUsage } from './usage.js';

export const ResearchPlanSchema = z.object({
  questions: z.array(z.object({ question: z.string().min(3), why: z.string().default('') })).min(1),
  /** Dimension names (of the model) to break the headline metric down by, most telling first. */
  breakdown_dimensions: z.array(z.string()).default([]),
});
export type ResearchPlan = z.infer<typeof ResearchPlanSchema>;

export const ResearchReflectionSchema = z.object({
  done: z.boolean(),
  questions: z.array(z.object({ question: z.string().min(3), why: z.string().default('') })).default([]),
  reason: z.string().default(''),
});
export type ResearchReflection = z.infer<typeof ResearchReflectionSchema>;

export interface ResearchFinding {
  question: string;
  status: string;
  /** The answer text of the regular inquiry (numbers as computed). */
  answer: string;
  /** Result rows, when they may be sent (omitted in privacy mode). */
  rows?: Record<string, unknown>[];
}

export class ResearchPlanner {
  constructor(
    readonly client: LlmClient,
    readonly catalogue: Catalogue,
    readonly options: { sendValues: boolean; contextBudget?: number; maxQuestions?: number } = { sendValues: true },
  ) {}

  private get max(): number {
    return this.options.maxQuestions ?? 6;
  }

  async plan(question: string, asOf: string, signal?: AbortSignal): Promise<{ plan: ResearchPlan | null; error?: string; usage: LlmUsage }> {
    const ctx = retrieveContext(this.catalogue, question, { sendValues: this.options.sendValues, budget: this.options.contextBudget ?? 2500 });
    const content = renderPrompt('research-plan', {
      model_name: this.catalogue.model.name,
      as_of: asOf,
      question,
      context: ctx.text,
      max_questions: this.max,
      max_dimensions: 3,
    });
    const r = await this.client.structured([{ role: 'user', content }], ResearchPlanSchema, 'research_plan', { signal });
    return { plan: r.value ? { questions: r.value.questions.slice(0, this.max), breakdown_dimensions: r.value.breakdown_dimensions } : null, error: r.error, usage: r.usage };
  }

  async reflect(question: string, findings: ResearchFinding[], signal?: AbortSignal): Promise<{ reflection: ResearchReflection | null; error?: string; usage: LlmUsage }> {
    const content = renderPrompt('research-reflect', { question, findings: this.findingsText(findings), max_questions: Math.max(1, Math.floor(this.max / 2)) });
    const r = await this.client.structured([{ role: 'user', content }], ResearchReflectionSchema, 'research_reflection', { signal });
    return { reflection: r.value, error: r.error, usage: r.usage };
  }

  /** The report; sentences whose numbers are not in the findings are dropped. */
  async write(question: string, findings: ResearchFinding[], signal?: AbortSignal): Promise<{ report: string; dropped: string[]; usage: LlmUsage }> {
    const content = renderPrompt('research-write', { question, findings: this.findingsText(findings) });
    const r = await this.client.text([{ role: 'user', content }], { signal });
    const allowed: number[] = [];
    for (const f of findings) {
      for (const t of [f.question, f.answer]) for (const n of numbersIn(t)) allowed.push(n.value * n.scale, n.value);
      for (const row of f.rows ?? []) for (const v of Object.values(row)) if (typeof v === 'number') allowed.push(v);
    }
    for (const n of numbersIn(question)) allowed.push(n.value);
    const paragraphs = r.text.split(/\n{2,}/).map((p) => {
      const lines = p.split('\n').map((l) => {
        const bullet = l.match(/^\s*([-*•]|\d+\.)\s+/)?.[0] ?? '';
        const v = verifyNarration(l.slice(bullet.length), allowed);
        return { text: v.text ? bullet + v.text : '', dropped: v.dropped };
      });
      return { text: lines.map((l) => l.text).filter(Boolean).join('\n'), dropped: lines.flatMap((l) => l.dropped) };
    });
    return { report: paragraphs.map((p) => p.text).filter(Boolean).join('\n\n'), dropped: paragraphs.flatMap((p) => p.dropped), usage: r.usage };
  }

  private findingsText(findings: ResearchFinding[]): string {
    return findings
      .map((f, i) => {
        const rows = this.options.sendValues && f.rows?.length ? `\n   rows: ${f.rows.slice(0, 10).map((r) => JSON.stringify(r)).join('; ')}` : '';
        return `${i + 1}. ${f.question} [${f.status}]: ${this.options.sendValues ? f.answer : f.status === 'done' ? '(answer withheld: privacy mode)' : f.answer}${rows}`;
      })
      .join('\n');
  }
}
