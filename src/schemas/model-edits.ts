/**
 * Edits of a semantic model made in the web app (Settings -> Semantic layer): a display name, the
 * synonyms, hidden, and which date dates a measure (or the model by default). Written once here;
 * the web route and the editor page share them.
 */
import { z } from 'zod';

export const EDITABLE_KINDS = ['entity', 'dimension', 'time_dimension', 'measure', 'metric'] as const;
export const EditableKindSchema = z.enum(EDITABLE_KINDS);
export type EditableKind = z.infer<typeof EditableKindSchema>;

export const ModelItemEditSchema = z
  .object({
    kind: EditableKindSchema.describe('What the item is: entity | dimension | time_dimension | measure | metric'),
    name: z.string().min(1).describe("The item's name in the model (never changed; `label` renames it for readers)"),
    label: z.string().trim().min(1).max(120).optional().describe('The name shown and understood in questions'),
    synonyms: z.array(z.string().trim().min(1).max(120)).max(50).optional().describe('Other words for it (replace the model file’s)'),
    hidden: z.boolean().optional().describe('Left out of the model: never answered from, never listed'),
    time_dimension: z.string().min(1).optional().describe('measure only: the time dimension that dates it'),
  })
  .strict();
export type ModelItemEdit = z.infer<typeof ModelItemEditSchema>;

export const ModelEditsSchema = z
  .object({
    items: z.array(ModelItemEditSchema).max(2000).default([]),
    default_time_dimension: z.string().min(1).optional().describe("The model's default time dimension"),
  })
  .strict();
export type ModelEdits = z.infer<typeof ModelEditsSchema>;

export const ModelEditsVersionSchema = z.object({
  version: z.number().int().describe('1 is the first save; 0 is the model file as written'),
  saved_at: z.string(),
  saved_by: z.string().nullable(),
  /** A revert names the version it restored. */
  restored_from: z.number().int().nullable(),
});

/** One item of the model file as written, before any edit (what the editor starts from). */
export const EditableItemSchema = z.object({
  kind: EditableKindSchema,
  name: z.string(),
  label: z.string().nullable(),
  synonyms: z.array(z.string()),
  time_dimension: z.string().nullable().describe('measure only: the time dimension that dates it'),
});

export const ModelEditsViewSchema = z.object({
  warehouse: z.string(),
  items: z.array(EditableItemSchema).describe('The model file as written (edits apply over it)'),
  default_time_dimension: z.string().nullable().describe("The model file's default time dimension"),
  version: z.number().int(),
  edits: ModelEditsSchema,
  versions: z.array(ModelEditsVersionSchema),
});

export const ModelEditsSaveSchema = z
  .object({
    base_version: z.number().int().min(0).describe('The version the edits were made on (a newer one saved meanwhile refuses them)'),
    edits: ModelEditsSchema,
  })
  .strict();

export const ModelEditsRevertSchema = z
  .object({ version: z.number().int().min(0).describe('The version to go back to (0: the model file)') })
  .strict();
