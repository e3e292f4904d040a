/**
 * Table types of the state store. Times are epoch milliseconds (BIGINT, read back as JS numbers on
 * both backends), JSON columns are text; the same shapes serve SQLite and PostgreSQL.
 */
import type { WebTables } from './web-schema.js';

export interface AccountTable {
  id: string;
  name: string;
  created_at: number;
  /** The warehouse the account asks (QUARRY_WAREHOUSES key or QUARRY_WAREHOUSE_NAME); null = the default one. */
  warehouse: string | null;
}

export interface UserTable {
  id: string;
  account_id: string;
  name: string;
  /** Sign-in name of the web app (lowercase); unique. Null for users who cannot sign in. */
  email: string | null;
  created_at: number;
  /** scrypt hash (`scrypt$N$r$p$salt$hash`); null = no password set, cannot sign in. */
  password_hash: string | null;
  /** Consecutive failed sign-ins; reset by a successful one. */
  failed_logins: number;
  /** No sign-in (even with the right password) before this time. */
  locked_until: number | null;
  last_login_at: number | null;
}

/** A signed-in browser: the cookie carries a random token, the store only its SHA-256. */
export interface WebLoginTable {
  /** SHA-256 of the cookie token, hex. */
  id: string;
  user_id: string;
  account_id: string;
  /** The synchronizer token every state-changing request of this login must send (X-CSRF-Token). */
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  /** Absolute end of the login. */
  expires_at: number;
}

export interface ApiKeyTable {
  id: string;
  account_id: string;
  name: string;
  /** SHA-256 of the key, hex; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, for display. */
  prefix: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}

export interface SessionTable {
  id: string;
  account_id: string;
  /** api_key sessions are hidden from the web history. */
  origin: 'api_key' | 'ui';
  api_key_id: string | null;
  /** The signed-in user who created a `ui` session (its history owner). */
  user_id: string | null;
  created_at: number;
}

export interface InquiryTable {
  id: string;
  session_id: string;
  account_id: string;
  type: 'agent' | 'research';
  /** status.general (§3). */
  status: string;
  status_answer: string;
  status_chart: string;
  question: string;
  /** JSON of the request's dimensions object, or null. */
  dimensions: string | null;
  /** JSON of the answer fields once terminal (or research progress while running). */
  result: string | null;
  /** JSON of the resolved SemanticQuery, for follow-ups in the session. */
  resolved: string | null;
  error: string | null;
  /** JSON of the run options (e.g. research budget). */
  options: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Process (processes.id) that runs it; null when nobody does. */
  owner: string | null;
  /** When its owner took it (informational: liveness is the owner's lease). */
  heartbeat_at: number | null;
  /** Runs started (claims): the compare-and-set token that keeps a copy of a job from running it twice. */
  attempts: number;
  /** Runs lost because their process died (not handed back, not moved by the watchdog): MAX_ATTEMPTS of these end it `failed`. */
  interruptions: number;
}

/** A scheduled research report: its runs are research inquiries. */
export interface ReportTable {
  id: string;
  account_id: string;
  /** The key that created it; its runs' sessions carry it (api_key origin). */
  api_key_id: string | null;
  name: string;
  question: string;
  /** Cron expression (croner syntax). */
  schedule: string;
  /** IANA time zone of the schedule. */
  timezone: string;
  /** JSON of the dimensions object, or null. */
  dimensions: string | null;
  /** JSON of the research budget, or null (defaults). */
  budget: string | null;
  created_at: number;
  /** Due time of the latest run started. */
  last_run_at: number | null;
  deleted_at: number | null;
}

/** One run of a report; (report, due time) is unique, so a due run starts once across processes. */
export interface ReportRunTable {
  report_id: string;
  scheduled_for: number;
  inquiry_id: string;
  created_at: number;
}

/**
 * A running Quarry process (server, `quarry mcp`) that may own inquiries. It renews its lease
 * while alive; once `lease_until` has passed it is gone and its inquiries are taken over.
 */
export interface ProcessTable {
  id: string;
  pid: number;
  host: string;
  started_at: number;
  lease_until: number;
}

/**
 * An MCP session over streamable HTTP. Kept in the store so that any API process can serve any of
 * its requests; the key itself is never stored, only its SHA-256 (as in api_keys).
 */
export interface McpSessionTable {
  /** The Mcp-Session-Id (a random UUID). */
  id: string;
  /** bound: to the key whose hash is key_hash; none: no key at initialize; invalid: a key that did not authenticate; logged_out. */
  binding: 'bound' | 'none' | 'invalid' | 'logged_out';
  key_hash: string | null;
  /** Why an `invalid` key was refused (no key material). */
  detail: string | null;
  /** The protocol version negotiated at initialize. */
  protocol_version: string;
  created_at: number;
  /** Refreshed at most once a minute; idle sessions are deleted. */
  last_seen_at: number;
}

/** An analysis plan recorded by data_collection_strategy in an MCP session (once per distinct plan). */
export interface McpSessionPlanTable {
  session_id: string;
  /** SHA-256 of the plan, hex: one row per distinct plan. */
  plan_hash: string;
  plan: string;
  created_at: number;
}

/** The web app's tables are declared in web-schema.ts. */
export interface Database extends WebTables {
  accounts: AccountTable;
  users: UserTable;
  web_logins: WebLoginTable;
  api_keys: ApiKeyTable;
  sessions: SessionTable;
  inquiries: InquiryTable;
  reports: ReportTable;
  report_runs: ReportRunTable;
  processes: ProcessTable;
  mcp_sessions: McpSessionTable;
  mcp_session_plans: McpSessionPlanTable;
}
