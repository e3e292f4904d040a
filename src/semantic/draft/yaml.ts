/** The draft as YAML, each guess with its reason as a comment. */
import { rename, writeFile } from 'node:fs/promises';
import { Document, isMap, isSeq, type YAMLMap } from 'yaml';
import type { SemanticModelInput } from '../model.js';

/** The draft as YAML, each guess with its reason as a comment. */
export function draftYaml(model: SemanticModelInput, notes: Record<string, string> = {}, undecided: string[] = []): string {
  const doc = new Document(model);
  doc.commentBefore =
    ' Draft semantic model written by `quarry semantic bootstrap`.\n' +
    ' Generated from the warehouse: declared keys first, then column names checked on the data.\n' +
    ' Every guess carries its reason in a comment; review names, synonyms, relationships and metrics.' +
    (undecided.length ? `\n\n Could not decide (please check):\n${undecided.map((u) => `   - ${u}`).join('\n')}` : '');
  const root = doc.contents as YAMLMap;
  for (const section of ['entities', 'relationships', 'dimensions', 'time_dimensions', 'measures']) {
    const seq = root.get(section, true);
    if (!isSeq(seq)) continue;
    seq.items.forEach((item, i) => {
      if (!isMap(item)) return;
      const key = section === 'relationships' ? `${section}:${i}` : `${section}:${String(item.get('name'))}`;
      if (notes[key]) item.commentBefore = ` ${notes[key]}`;
    });
  }
  for (const key of ['as_of', 'defaults']) {
    const pair = root.items.find((p) => (p.key as { value?: unknown })?.value === key || p.key === key);
    if (pair && notes[key]) (pair.key as { commentBefore?: string }).commentBefore = ` ${notes[key]}`;
  }
  return doc.toString({ lineWidth: 120 });
}

/** Writes the draft as YAML (temp file + rename, so a reader never sees half a file). */
export async function writeDraftModel(
  path: string,
  model: SemanticModelInput,
  notes: Record<string, string> = {},
  undecided: string[] = [],
): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, draftYaml(model, notes, undecided), 'utf8');
  await rename(tmp, path);
}
