/** API keys as their owners see them (never the key itself, but once at creation). */
import { z } from 'zod';

export const ApiKeyCreateSchema = z.object(
  {
    name: z
      .string({ error: 'name is required: a name to recognise the key by' })
      .trim()
      .min(1, { error: 'name must not be empty' })
      .max(100, { error: 'name must be at most 100 characters' }),
    expires_in_days: z
      .number({ error: 'expires_in_days must be a number of days' })
      .int()
      .min(1)
      .max(3650)
      .nullable()
      .optional()
      .describe('Unset or null: the key never expires'),
  },
  { error: 'the request body must be a JSON object: {"name": "...", "expires_in_days": 90}' },
);
export type ApiKeyCreate = z.infer<typeof ApiKeyCreateSchema>;

export const ApiKeyViewSchema = z.object({
  id: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it'),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('Written in batches: up to a few seconds late'),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyViewSchema>;

/** The one response that carries the key: it is never shown again. */
export const ApiKeyCreatedSchema = z.object({ key: z.string(), api_key: ApiKeyViewSchema });

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function apiKeyView(r: {
  id: string;
  prefix: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}): ApiKeyView {
  return {
    id: r.id,
    prefix: r.prefix,
    name: r.name,
    created_at: iso(r.created_at)!,
    last_used_at: iso(r.last_used_at),
    expires_at: iso(r.expires_at),
    revoked_at: iso(r.revoked_at),
  };
}
