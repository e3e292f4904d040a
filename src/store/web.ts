/**
 * The web app's own records: thread titles, chosen chart views, dashboards and their tiles. Every
 * read and write names the account, so one account never reaches another's.
 */
import type { Selectable } from 'kysely';
import type { StoreDb } from './db.js';
import { newId } from './ids.js';
import type { DashboardTable, DashboardTileTable } from './web-schema.js';

export type DashboardRecord = Selectable<DashboardTable>;
export type DashboardTileRecord = Selectable<DashboardTileTable>;

export class WebRepo {
  constructor(private readonly db: StoreDb) {}

  // ---- threads ---------------------------------------------------------------------------------

  async titles(sessionIds: string[]): Promise<Map<string, string>> {
    if (sessionIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('thread_titles').select(['session_id', 'title']).where('session_id', 'in', sessionIds).execute();
    return new Map(rows.map((r) => [r.session_id, r.title]));
  }

  async rename(sessionId: string, title: string, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('thread_titles')
      .values({ session_id: sessionId, title, updated_at: now })
      .onConflict((oc) => oc.column('session_id').doUpdateSet({ title, updated_at: now }))
      .execute();
  }

  /** Deletes a thread: its title, its answers' views, its inquiries, the session. */
  async deleteThread(sessionId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const inquiries = tx.selectFrom('inquiries').select('id').where('session_id', '=', sessionId);
      await tx.deleteFrom('answer_views').where('inquiry_id', 'in', inquiries).execute();
      await tx.deleteFrom('thread_titles').where('session_id', '=', sessionId).execute();
      await tx.deleteFrom('inquiries').where('session_id', '=', sessionId).execute();
      await tx.deleteFrom('sessions').where('id', '=', sessionId).execute();
    });
  }

  // ---- chart views -----------------------------------------------------------------------------

  async setView(inquiryId: string, accountId: string, chartType: string, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('answer_views')
      .values({ inquiry_id: inquiryId, account_id: accountId, chart_type: chartType, updated_at: now })
      .onConflict((oc) => oc.column('inquiry_id').doUpdateSet({ chart_type: chartType, updated_at: now }))
      .execute();
  }

  async views(inquiryIds: string[]): Promise<Map<string, string>> {
    if (inquiryIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('answer_views')
      .select(['inquiry_id', 'chart_type'])
      .where('inquiry_id', 'in', inquiryIds)
      .execute();
    return new Map(rows.map((r) => [r.inquiry_id, r.chart_type]));
  }

  // ---- dashboards ------------------------------------------------------------------------------

  async createDashboard(accountId: string, userId: string, name: string, now = Date.now()): Promise<DashboardRecord> {
    const d = { id: newId('dsh'), account_id: accountId, name, created_by: userId, created_at: now, updated_at: now };
    await this.db.insertInto('dashboards').values(d).execute();
    return d;
  }

  listDashboards(accountId: string): Promise<DashboardRecord[]> {
    return this.db
      .selectFrom('dashboards')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  getDashboard(id: string): Promise<DashboardRecord | undefined> {
    return this.db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async renameDashboard(id: string, name: string, now = Date.now()): Promise<void> {
    await this.db.updateTable('dashboards').set({ name, updated_at: now }).where('id', '=', id).execute();
  }

  async deleteDashboard(id: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('dashboard_tiles').where('dashboard_id', '=', id).execute();
      await tx.deleteFrom('dashboards').where('id', '=', id).execute();
    });
  }

  tiles(dashboardId: string): Promise<DashboardTileRecord[]> {
    return this.db
      .selectFrom('dashboard_tiles')
      .selectAll()
      .where('dashboard_id', '=', dashboardId)
      .orderBy('position')
      .orderBy('created_at')
      .execute();
  }

  /** Adds a tile at the end (position = one past the largest). */
  async addTile(
    tile: Omit<DashboardTileRecord, 'id' | 'position' | 'created_at' | 'last_inquiry_id'>,
    now = Date.now(),
  ): Promise<DashboardTileRecord> {
    const last = await this.db
      .selectFrom('dashboard_tiles')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('dashboard_id', '=', tile.dashboard_id)
      .executeTakeFirst();
    const record: DashboardTileRecord = {
      ...tile,
      id: newId('til'),
      position: Number(last?.p ?? -1) + 1,
      created_at: now,
      last_inquiry_id: tile.source_inquiry_id,
    };
    await this.db.insertInto('dashboard_tiles').values(record).execute();
    await this.db.updateTable('dashboards').set({ updated_at: now }).where('id', '=', tile.dashboard_id).execute();
    return record;
  }

  async removeTile(dashboardId: string, tileId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('dashboard_tiles')
      .where('dashboard_id', '=', dashboardId)
      .where('id', '=', tileId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async setTileRun(tileId: string, inquiryId: string): Promise<void> {
    await this.db.updateTable('dashboard_tiles').set({ last_inquiry_id: inquiryId }).where('id', '=', tileId).execute();
  }
}
