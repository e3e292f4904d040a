/**
 * Prompt templates: plain text files in `prompts/` (one per step) with `{placeholder}`s and no
 * logic. Rendering fails loudly on a placeholder without a value, so a template and its caller
 * cannot drift apart silently.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PROMPTS_DIR = fileURLToPath(new URL('../../../prompts/', import.meta.url));

export type PromptName =
  'plan-system' | 'plan-user' | 'repair' | 'narrate-system' | 'narrate-user' | 'research-plan' | 'research-followups' | 'research-sections';

const cache = new Map<string, string>();

export function loadPrompt(name: PromptName): string {
  let t = cache.get(name);
  if (t === undefined) cache.set(name, (t = readFileSync(`${PROMPTS_DIR}${name}.txt`, 'utf8')));
  return t;
}

/** Placeholders a template uses, in order of first use. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]))];
}

export function renderTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, key: string) => {
    const v = values[key];
    if (v === undefined) throw new Error(`prompt placeholder {${key}} has no value`);
    return String(v);
  });
}

export function renderPrompt(name: PromptName, values: Record<string, string | number>): string {
  return renderTemplate(loadPrompt(name), values).trim();
}
