/**
 * Schema migrations, in order. Written with Kysely's schema builder only, so the same list runs on
 * SQLite and Postgres.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('api_key_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_account').on('sessions').columns(['account_id', 'created_at']).execute();
      await db.schema
        .createTable('inquiries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('status_answer', 'text', (c) => c.notNull())
        .addColumn('status_chart', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('dimensions', 'text')
        .addColumn('result', 'text')
        .addColumn('resolved', 'text')
        .addColumn('error', 'text')
        .addColumn('options', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('owner', 'text')
        .addColumn('heartbeat_at', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('inquiries_session').on('inquiries').columns(['session_id', 'created_at']).execute();
      await db.schema.createIndex('inquiries_status').on('inquiries').columns(['status', 'heartbeat_at']).execute();
    },
  },
  '0002_reports': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('api_key_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('schedule', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('dimensions', 'text')
        .addColumn('budget', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_run_at', 'bigint')
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema.createIndex('reports_account').on('reports').columns(['account_id', 'created_at']).execute();
      await db.schema
        .createTable('report_runs')
        .addColumn('report_id', 'text', (c) => c.notNull().references('reports.id'))
        .addColumn('scheduled_for', 'bigint', (c) => c.notNull())
        .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_runs_pk', ['report_id', 'scheduled_for'])
        .execute();
    },
  },
  '0003_web_users': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('locked_until', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('last_login_at', 'bigint').execute();
      await db.schema.createIndex('users_email').on('users').column('email').unique().execute();
      await db.schema.alterTable('sessions').addColumn('user_id', 'text').execute();
      await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('web_logins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('web_logins_user').on('web_logins').column('user_id').execute();
    },
  },
  '0004_processes': {
    async up(db: Kysely<any>) {
      // The process registry: who runs inquiries, and until when its lease says it is alive.
      await db.schema
        .createTable('processes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('pid', 'integer', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('inquiries_owner').on('inquiries').columns(['owner', 'status']).execute();
    },
  },
  '0005_mcp_sessions': {
    async up(db: Kysely<any>) {
      // MCP sessions over streamable HTTP live here, not in one process, so any API process serves any request of a session.
      await db.schema
        .createTable('mcp_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('binding', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text')
        .addColumn('detail', 'text')
        .addColumn('protocol_version', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mcp_sessions_last_seen').on('mcp_sessions').column('last_seen_at').execute();
      await db.schema
        .createTable('mcp_session_plans')
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('plan_hash', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('mcp_session_plans_pk', ['session_id', 'plan_hash'])
        .execute();
    },
  },
  '0006_web_dashboards': {
    async up(db: Kysely<any>) {
      // The web app's daily use: renamed threads, chosen chart views, dashboards of pinned answers.
      await db.schema
        .createTable('thread_titles')
        // no foreign keys to sessions or inquiries: deleting those elsewhere never trips over these rows
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('answer_views')
        .addColumn('inquiry_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('chart_type', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('dashboards')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dashboards_account').on('dashboards').columns(['account_id', 'updated_at']).execute();
      await db.schema
        .createTable('dashboard_tiles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('dashboard_id', 'text', (c) => c.notNull().references('dashboards.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('semantic_query', 'text', (c) => c.notNull())
        .addColumn('dimensions', 'text')
        .addColumn('chart_type', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('source_inquiry_id', 'text', (c) => c.notNull())
        .addColumn('last_inquiry_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dashboard_tiles_dashboard').on('dashboard_tiles').columns(['dashboard_id', 'position']).execute();
    },
  },
  '0007_inquiry_interruptions': {
    async up(db: Kysely<any>) {
      // Runs lost to a dead process, apart from `attempts` (runs started): a run handed back by a
      // graceful stop or re-queued by the watchdog is not a restart against the inquiry.
      await db.schema
        .alterTable('inquiries')
        .addColumn('interruptions', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('inquiries_processing_started').on('inquiries').columns(['status', 'started_at']).execute();
    },
  },
  '0008_account_warehouse': {
    async up(db: Kysely<any>) {
      // The warehouse an account asks (a name of the configuration); NULL = the default one.
      await db.schema.alterTable('accounts').addColumn('warehouse', 'text').execute();
    },
  },
  '0009_inquiries_account_status': {
    async up(db: Kysely<any>) {
      // Every submission counts its account's running inquiries: from this index alone, instead of
      // reading each running inquiry's row (a burst of 200 made that count grow with the burst).
      await db.schema.createIndex('inquiries_account_status').on('inquiries').columns(['account_id', 'status']).execute();
    },
  },
};

class InlineProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new InlineProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`store migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String((error as Error)?.message ?? error)}`);
  }
}
