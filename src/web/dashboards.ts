/**
 * Dashboards: named per account, open to every signed-in user of it (sharing is the link). A tile
 * is a pinned answer's structured query; opening a dashboard re-runs every tile, each in a session
 * of no user (so the runs never fill anyone's history), and the page reads each run as an inquiry.
 */
import type { Principal } from '../auth/keys.js';
import { ServiceError, forbidden, notFound } from '../inquiries/errors.js';
import type { Runtime } from '../runtime.js';
import type { Dashboard, DashboardSummary } from '../schemas/dashboards.js';
import type { ChartView } from '../schemas/inquiry.js';
import { STRUCTURED_OPTION } from '../structured/submit.js';
import type { DashboardRecord, DashboardTileRecord } from '../store/web.js';

type Deps = Pick<Runtime, 'store' | 'inquiries'>;

export async function dashboardFor(runtime: Deps, principal: Principal, id: string): Promise<DashboardRecord> {
  const d = await runtime.store.web.getDashboard(id);
  if (!d) throw notFound('Dashboard', id);
  if (d.account_id !== principal.accountId) throw forbidden('dashboard');
  return d;
}

export function summaryOf(d: DashboardRecord, tileCount: number): DashboardSummary {
  return {
    dashboard_id: d.id,
    name: d.name,
    created_by: d.created_by,
    created_at: new Date(d.created_at).toISOString(),
    updated_at: new Date(d.updated_at).toISOString(),
    tile_count: tileCount,
  };
}

export function dashboardView(d: DashboardRecord, tiles: DashboardTileRecord[]): Dashboard {
  return {
    ...summaryOf(d, tiles.length),
    tiles: tiles.map((t) => ({
      tile_id: t.id,
      title: t.title,
      chart_type: (t.chart_type as ChartView | null) ?? null,
      inquiry_id: t.last_inquiry_id,
      source_inquiry_id: t.source_inquiry_id,
    })),
  };
}

/** Pins an answer: its reading (semantic_query) becomes a tile. Only a finished answer that ran a structured query can be pinned. */
export async function pinAnswer(
  runtime: Deps,
  principal: Principal,
  dashboard: DashboardRecord,
  inquiryId: string,
  chartType: ChartView | null,
): Promise<DashboardTileRecord> {
  const inquiry = await runtime.inquiries.inquiryFor(principal, inquiryId);
  const result = inquiry.result ? (JSON.parse(inquiry.result) as { semantic_query?: unknown }) : {};
  if (inquiry.status !== 'done' || !result.semantic_query) {
    throw new ServiceError(
      422,
      `inquiry_id: only a finished answer with a reading can be pinned (${inquiryId} is ${inquiry.status}${inquiry.status === 'done' ? ' without a structured query' : ''})`,
    );
  }
  return runtime.store.web.addTile({
    dashboard_id: dashboard.id,
    account_id: principal.accountId,
    title: inquiry.question,
    semantic_query: JSON.stringify(result.semantic_query),
    dimensions: inquiry.dimensions,
    chart_type: chartType,
    source_inquiry_id: inquiry.id,
  });
}

/** Runs every tile again now; each tile's `inquiry_id` becomes the new run. */
export async function refreshDashboard(runtime: Deps, principal: Principal, dashboard: DashboardRecord): Promise<DashboardTileRecord[]> {
  const tiles = await runtime.store.web.tiles(dashboard.id);
  const runner: Principal = { accountId: principal.accountId, apiKeyId: principal.apiKeyId };
  for (const tile of tiles) {
    const submitted = await runtime.inquiries.submitInNewSession(
      runner,
      {
        question: tile.title,
        dimensions: tile.dimensions ? JSON.parse(tile.dimensions) : null,
        options: { [STRUCTURED_OPTION]: JSON.parse(tile.semantic_query) },
      },
      'ui',
    );
    if (submitted) {
      await runtime.store.web.setTileRun(tile.id, submitted.inquiry.id);
      tile.last_inquiry_id = submitted.inquiry.id;
    }
  }
  return tiles;
}
