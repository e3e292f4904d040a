/** The web app's dashboards, pins, thread edits and chart choices: shapes defined once (routes and page share them). */
import { z } from 'zod';
import { CHART_VIEWS } from './inquiry.js';

export const ChartViewSchema = z.enum(CHART_VIEWS, { error: `chart_type must be one of ${CHART_VIEWS.join(', ')}` });

export const ChartViewBodySchema = z.object({ chart_type: ChartViewSchema });

const Name = (what: string) =>
  z
    .string({ error: `${what} is required: a text of 1 to 120 characters` })
    .trim()
    .min(1, { error: `${what} must not be empty` })
    .max(120, { error: `${what} must be at most 120 characters` });

export const ThreadTitleBodySchema = z.object({ title: Name('title') });

export const ThreadSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, { error: 'q must be at most 200 characters' })
    .optional()
    .describe('Only threads whose title or a question contains this text (letter case ignored)'),
});

export const DashboardCreateSchema = z.object({ name: Name('name') });

export const TileCreateSchema = z.object({
  inquiry_id: z.string({ error: 'inquiry_id is required: the answer to pin' }).min(1).max(200),
  chart_type: ChartViewSchema.nullable().optional(),
});

export const DashboardTileSchema = z.object({
  tile_id: z.string(),
  title: z.string(),
  chart_type: ChartViewSchema.nullable(),
  /** The tile's latest run: read it with GET /ui/api/inquiries/{id} (its completed_at is the tile's "as of"). */
  inquiry_id: z.string().nullable(),
  source_inquiry_id: z.string(),
});

export const DashboardSummarySchema = z.object({
  dashboard_id: z.string(),
  name: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  tile_count: z.number().int(),
});

export const DashboardSchema = DashboardSummarySchema.extend({ tiles: z.array(DashboardTileSchema) });
export type Dashboard = z.infer<typeof DashboardSchema>;
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

export const DashboardListSchema = z.object({ dashboards: z.array(DashboardSummarySchema) });
export const DashboardParamsSchema = z.object({ dashboard_id: z.string().min(1).max(200) });
export const TileParamsSchema = DashboardParamsSchema.extend({ tile_id: z.string().min(1).max(200) });
