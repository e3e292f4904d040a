/** Tables of the web app's daily-use features: thread titles, chosen chart views, dashboards and their tiles. */

/** A thread renamed by its user (its title is otherwise its first question). */
export interface ThreadTitleTable {
  session_id: string;
  title: string;
  updated_at: number;
}

/** The chart type chosen for an answer (bar, line, area, table, number). */
export interface AnswerViewTable {
  inquiry_id: string;
  account_id: string;
  chart_type: string;
  updated_at: number;
}

/** A named dashboard of an account; every signed-in user of the account may open it by its link. */
export interface DashboardTable {
  id: string;
  account_id: string;
  name: string;
  /** The user who made it. */
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A pinned answer: its structured query re-runs when the dashboard opens. */
export interface DashboardTileTable {
  id: string;
  dashboard_id: string;
  account_id: string;
  title: string;
  /** JSON of the SemanticQuery the tile runs. */
  semantic_query: string;
  /** JSON of the request dimensions the answer had, or null. */
  dimensions: string | null;
  /** The chart type to show, or null for the answer's own. */
  chart_type: string | null;
  position: number;
  /** The answer it was pinned from. */
  source_inquiry_id: string;
  /** The latest run of the tile (an inquiry in a session of no user, so never in a history). */
  last_inquiry_id: string | null;
  created_at: number;
}

export interface WebTables {
  thread_titles: ThreadTitleTable;
  answer_views: AnswerViewTable;
  dashboards: DashboardTable;
  dashboard_tiles: DashboardTileTable;
}
