/**
 * Repositories over the state store. Callers see plain records and intent-named methods; the SQL is
 * Kysely's and runs unchanged on SQLite and PostgreSQL. Concurrent writers are settled by
 * compare-and-set UPDATEs (a row lock and a re-check of the WHERE on Postgres, the write lock on
 * SQLite) and by ON CONFLICT, never by reading first and writing after.
 */
import { sql, type Selectable } from 'kysely';
import { openStore, type OpenStore, type StoreDb } from './db.js';
import { CompiledOnce } from './compiled.js';
import { newId } from './ids.js';
import { WebRepo } from './web.js';
import type {
  AccountTable,
  ApiKeyTable,
  InquiryTable,
  McpSessionTable,
  ProcessTable,
  ReportRunTable,
  ReportTable,
  SessionTable,
  UserTable,
  WebLoginTable,
} from './schema.js';

export type Account = Selectable<AccountTable>;
export type ApiKeyRecord = Selectable<ApiKeyTable>;
export type SessionRecord = Selectable<SessionTable>;
export type InquiryRecord = Selectable<InquiryTable>;
export type UserRecord = Selectable<UserTable>;
export type WebLoginRecord = Selectable<WebLoginTable>;

export class AccountsRepo {
  constructor(private readonly db: StoreDb) {}
  /** `warehouse`: the name of the warehouse it asks; null = the default one. */
  async create(name: string, now = Date.now(), warehouse: string | null = null): Promise<Account> {
    const account = { id: newId('acc'), name, created_at: now, warehouse };
    await this.db.insertInto('accounts').values(account).execute();
    await this.db
      .insertInto('users')
      .values({
        id: newId('usr'),
        account_id: account.id,
        name: `${name} admin`,
        email: null,
        created_at: now,
        password_hash: null,
        failed_logins: 0,
        locked_until: null,
        last_login_at: null,
      })
      .execute();
    return account;
  }
  get(id: string): Promise<Account | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }
  list(): Promise<Account[]> {
    return this.db.selectFrom('accounts').selectAll().orderBy('created_at').execute();
  }
  /** Points the account at another warehouse (null = the default one); false when there is no such account. */
  async setWarehouse(id: string, warehouse: string | null): Promise<boolean> {
    const r = await this.db.updateTable('accounts').set({ warehouse }).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
  /** The warehouse the account asks: its name, null for the default one, undefined when there is no such account. */
  async warehouseOf(id: string): Promise<string | null | undefined> {
    const row = await this.db.selectFrom('accounts').select('warehouse').where('id', '=', id).executeTakeFirst();
    return row ? row.warehouse : undefined;
  }
  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}

export class ApiKeysRepo {
  private readonly byHash: CompiledOnce<ApiKeyRecord>;
  constructor(private readonly db: StoreDb) {
    this.byHash = new CompiledOnce(db, 1, (hash) => db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash));
  }
  async insert(record: Omit<ApiKeyRecord, 'last_used_at' | 'revoked_at'>): Promise<ApiKeyRecord> {
    const full = { ...record, last_used_at: null, revoked_at: null };
    await this.db.insertInto('api_keys').values(full).execute();
    return full;
  }
  async findByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    return (await this.byHash.rows(hash))[0];
  }
  list(accountId?: string): Promise<ApiKeyRecord[]> {
    let q = this.db.selectFrom('api_keys').selectAll().orderBy('created_at');
    if (accountId) q = q.where('account_id', '=', accountId);
    return q.execute();
  }
  /** Revokes by id or by display prefix; returns the revoked records. */
  async revoke(idOrPrefix: string, now = Date.now()): Promise<ApiKeyRecord[]> {
    const matches = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', idOrPrefix), eb('prefix', '=', idOrPrefix)]))
      .execute();
    if (matches.length !== 1)
      return matches.length === 0 ? [] : Promise.reject(new Error(`"${idOrPrefix}" matches ${matches.length} keys; use the key id`));
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', matches[0].id)
      .where('revoked_at', 'is', null)
      .execute();
    return [{ ...matches[0], revoked_at: matches[0].revoked_at ?? now }];
  }
  /** One write for many keys' last-used times (batched by the caller). */
  async touchMany(lastUsed: Map<string, number>): Promise<void> {
    if (lastUsed.size === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const [id, at] of lastUsed) {
        await trx.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
      }
    });
  }
}

export class UsersRepo {
  constructor(private readonly db: StoreDb) {}
  async create(record: { accountId: string; name: string; email: string; passwordHash: string }, now = Date.now()): Promise<UserRecord> {
    const user: UserRecord = {
      id: newId('usr'),
      account_id: record.accountId,
      name: record.name,
      email: record.email,
      created_at: now,
      password_hash: record.passwordHash,
      failed_logins: 0,
      locked_until: null,
      last_login_at: null,
    };
    await this.db.insertInto('users').values(user).execute();
    return user;
  }
  get(id: string): Promise<UserRecord | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }
  findByEmail(email: string): Promise<UserRecord | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }
  list(accountId?: string): Promise<UserRecord[]> {
    let q = this.db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id');
    if (accountId) q = q.where('account_id', '=', accountId);
    return q.execute();
  }
  async countWithPassword(): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('password_hash', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
  /** Sets the sign-in name and password of a user (and clears any lock-out). */
  async setCredentials(id: string, email: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email, password_hash: passwordHash, failed_logins: 0, locked_until: null })
      .where('id', '=', id)
      .execute();
  }
  async recordFailure(id: string, failedLogins: number, lockedUntil: number | null): Promise<void> {
    await this.db.updateTable('users').set({ failed_logins: failedLogins, locked_until: lockedUntil }).where('id', '=', id).execute();
  }
  async recordSuccess(id: string, now = Date.now()): Promise<void> {
    await this.db.updateTable('users').set({ failed_logins: 0, locked_until: null, last_login_at: now }).where('id', '=', id).execute();
  }
}

export class WebLoginsRepo {
  constructor(private readonly db: StoreDb) {}
  async insert(record: WebLoginRecord): Promise<void> {
    await this.db.insertInto('web_logins').values(record).execute();
  }
  get(id: string): Promise<WebLoginRecord | undefined> {
    return this.db.selectFrom('web_logins').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async touch(id: string, now = Date.now()): Promise<void> {
    await this.db.updateTable('web_logins').set({ last_seen_at: now }).where('id', '=', id).execute();
  }
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('web_logins').where('id', '=', id).execute();
  }
  async deleteForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('web_logins').where('user_id', '=', userId).execute();
  }
  async purgeExpired(now = Date.now()): Promise<void> {
    await this.db.deleteFrom('web_logins').where('expires_at', '<=', now).execute();
  }
}

export class SessionsRepo {
  private readonly byId: CompiledOnce<SessionRecord>;
  constructor(private readonly db: StoreDb) {
    this.byId = new CompiledOnce(db, 1, (id) => db.selectFrom('sessions').selectAll().where('id', '=', id));
  }
  async create(
    accountId: string,
    origin: 'api_key' | 'ui',
    apiKeyId: string | null,
    now = Date.now(),
    userId: string | null = null,
  ): Promise<SessionRecord> {
    const s = { id: newId('ses'), account_id: accountId, origin, api_key_id: apiKeyId, user_id: userId, created_at: now };
    await this.db.insertInto('sessions').values(s).execute();
    return s;
  }
  /** A user's web-app threads (origin `ui`), newest first: sessions made with an API key never appear. */
  listForUser(accountId: string, userId: string, limit: number): Promise<SessionRecord[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('origin', '=', 'ui')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
  async get(id: string): Promise<SessionRecord | undefined> {
    return (await this.byId.rows(id))[0];
  }
  /** Removes a session that never got an inquiry (a scheduled run that lost its claim). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }
  listRecent(accountId: string, limit: number, origin?: 'api_key' | 'ui'): Promise<SessionRecord[]> {
    let q = this.db.selectFrom('sessions').selectAll().where('account_id', '=', accountId);
    if (origin) q = q.where('origin', '=', origin);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}

export interface TerminalWrite {
  status: string;
  result: string | null;
  resolved?: string | null;
  error?: string | null;
  finishedAt?: number;
  /** Postgres only: a NOTIFY sent by the same statement when (and only if) the write wins, delivered at its commit. */
  announce?: { channel: string; payload: string } | null;
}

/** Rows per multi-row INSERT: 21 columns each stays far below SQLite's and Postgres's bound-parameter limits. */
const MAX_ROWS_PER_INSERT = 400;

export class InquiriesRepo {
  private readonly activeCount: CompiledOnce<{ n: number | string }>;
  /** Inserts waiting for the end of this turn of the event loop (see insert). */
  private pendingInserts: { row: InquiryRecord; resolve: () => void; reject: (err: unknown) => void }[] = [];
  constructor(private readonly db: StoreDb) {
    this.activeCount = new CompiledOnce(db, 2, (accountId, status) =>
      db
        .selectFrom('inquiries')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('account_id', '=', accountId)
        .where('status', '=', status as InquiryRecord['status']),
    );
  }
  /**
   * Stores a new inquiry. Inserts made in the same turn of the event loop are written together,
   * in one statement: a burst of submissions then costs one commit (one WAL append on SQLite, one
   * round trip on Postgres) instead of one each, and a lone submission waits for nothing but the
   * end of its turn. When the shared statement fails, each row is written alone, so only the
   * inquiry at fault gets the error.
   */
  insert(record: Omit<InquiryRecord, 'interruptions'> & { interruptions?: number }): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pendingInserts.push({ row: { ...record, interruptions: record.interruptions ?? 0 }, resolve, reject });
      if (this.pendingInserts.length === 1) setImmediate(() => void this.writePendingInserts());
    });
  }
  private async writePendingInserts(): Promise<void> {
    const pending = this.pendingInserts;
    this.pendingInserts = [];
    for (let from = 0; from < pending.length; from += MAX_ROWS_PER_INSERT) {
      const chunk = pending.slice(from, from + MAX_ROWS_PER_INSERT);
      try {
        await this.db
          .insertInto('inquiries')
          .values(chunk.map((p) => p.row))
          .execute();
        for (const p of chunk) p.resolve();
      } catch (err) {
        if (chunk.length === 1) chunk[0]!.reject(err);
        else for (const p of chunk) await this.db.insertInto('inquiries').values(p.row).execute().then(p.resolve, p.reject);
      }
    }
  }
  /** Removes an inquiry nobody was told about (a scheduled run that lost its claim). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('inquiries').where('id', '=', id).execute();
  }
  get(id: string): Promise<InquiryRecord | undefined> {
    return this.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
  }
  getStatus(id: string): Promise<{ status: string } | undefined> {
    return this.db.selectFrom('inquiries').select('status').where('id', '=', id).executeTakeFirst();
  }
  listBySession(sessionId: string): Promise<InquiryRecord[]> {
    return this.db.selectFrom('inquiries').selectAll().where('session_id', '=', sessionId).orderBy('created_at').orderBy('id').execute();
  }
  /**
   * Writes a terminal state only if the inquiry is still processing (compare-and-set), so a
   * terminal state is written once and never changes. Returns whether this call won.
   */
  async finishIfProcessing(id: string, w: TerminalWrite): Promise<boolean> {
    const write = (db: StoreDb) =>
      db
        .updateTable('inquiries')
        .set({
          status: w.status,
          status_answer: 'ready',
          status_chart: 'ready',
          result: w.result,
          resolved: w.resolved ?? null,
          error: w.error ?? null,
          finished_at: w.finishedAt ?? Date.now(),
          owner: null,
          heartbeat_at: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'processing');
    if (w.announce) {
      const { channel, payload } = w.announce;
      const won = await this.db
        .with('won', (db) => write(db as StoreDb).returning('id'))
        .selectFrom('won')
        .select(sql<string>`pg_notify(${channel}, ${payload})`.as('notified'))
        .execute();
      return won.length === 1;
    }
    const r = await write(this.db).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  /** Progress written while processing (research); ignored once terminal. */
  async updateProgress(id: string, result: string): Promise<void> {
    await this.db.updateTable('inquiries').set({ result }).where('id', '=', id).where('status', '=', 'processing').execute();
  }
  async markStarted(id: string, owner: string, now = Date.now()): Promise<boolean> {
    const r = await this.db
      .updateTable('inquiries')
      .set((eb) => ({ started_at: now, owner, heartbeat_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  /**
   * Starts a run handed out by a shared queue (any process may claim it): takes ownership only
   * while the inquiry is processing and its attempts still equal those the job was queued with
   * (or this process already owns it), so a second copy of the job never runs it twice.
   */
  async claimQueued(id: string, owner: string, queuedAttempts: number, now = Date.now()): Promise<boolean> {
    const r = await this.db
      .updateTable('inquiries')
      .set((eb) => ({ started_at: now, owner, heartbeat_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where((eb) => eb.or([eb('attempts', '=', queuedAttempts), eb('owner', '=', owner)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  /** Status and owner of several inquiries at once (a process checks that what it runs is still its own). */
  ownership(ids: string[]): Promise<{ id: string; status: string; owner: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('inquiries').select(['id', 'status', 'owner']).where('id', 'in', ids).execute();
  }
  /** Processing inquiries nobody runs: no owner, or an owner without a live lease in the process registry. */
  listOrphans(now = Date.now()): Promise<InquiryRecord[]> {
    return this.db
      .selectFrom('inquiries')
      .selectAll()
      .where('status', '=', 'processing')
      .where((eb) =>
        eb.or([eb('owner', 'is', null), eb('owner', 'not in', eb.selectFrom('processes').select('id').where('lease_until', '>=', now))]),
      )
      .orderBy('created_at')
      .execute();
  }
  /**
   * Processing inquiries whose owner may be gone, for the caller to judge (src/jobs/leases.ts): no
   * owner, an owner without a live lease, or one on `host` (whose pid can be checked). Only the
   * columns that judgement needs.
   */
  listTakeoverCandidates(now: number, host: string): Promise<{ id: string; owner: string | null }[]> {
    return this.db
      .selectFrom('inquiries')
      .select(['id', 'owner'])
      .where('status', '=', 'processing')
      .where((eb) =>
        eb.or([
          eb('owner', 'is', null),
          eb('owner', 'not in', eb.selectFrom('processes').select('id').where('lease_until', '>=', now).where('host', '<>', host)),
        ]),
      )
      .orderBy('created_at')
      .execute();
  }
  /**
   * Takes ownership of an orphan, only if it still has the owner we saw and that owner is still
   * gone (compare-and-set). `ownerGone`: the caller knows the owner is dead (its pid is gone), so
   * its lease is not consulted; `interrupted`: a run was lost with it (counted in `interruptions`).
   */
  async claim(
    id: string,
    seenOwner: string | null,
    owner: string,
    now = Date.now(),
    options: { ownerGone?: boolean; interrupted?: boolean } = {},
  ): Promise<boolean> {
    let q = this.db
      .updateTable('inquiries')
      // No run goes on for it now: started_at is set again by the next claim (the watchdog's deadline counts from there).
      .set((eb) => ({
        owner,
        heartbeat_at: now,
        started_at: null,
        interruptions: options.interrupted ? eb('interruptions', '+', 1) : eb.ref('interruptions'),
      }))
      .where('id', '=', id)
      .where('status', '=', 'processing');
    q =
      seenOwner === null
        ? q.where('owner', 'is', null)
        : options.ownerGone
          ? q.where('owner', '=', seenOwner)
          : q
              .where('owner', '=', seenOwner)
              .where((eb) =>
                eb.not(eb.exists(eb.selectFrom('processes').select('id').where('id', '=', seenOwner).where('lease_until', '>=', now))),
              );
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  /** Processing inquiries whose run started before `startedBefore` (the watchdog's candidates for a passed deadline). */
  listStartedBefore(startedBefore: number): Promise<InquiryRecord[]> {
    return this.db
      .selectFrom('inquiries')
      .selectAll()
      .where('status', '=', 'processing')
      .where('started_at', '<', startedBefore)
      .orderBy('started_at')
      .limit(500)
      .execute();
  }
  /** Processing inquiries with an owner, untouched (no claim, no take-over, no submission) since `before`. */
  listQuiet(before: number): Promise<{ id: string; owner: string; heartbeat_at: number | null; attempts: number }[]> {
    return this.db
      .selectFrom('inquiries')
      .select(['id', 'owner', 'heartbeat_at', 'attempts'])
      .where('status', '=', 'processing')
      .where('owner', 'is not', null)
      .where((eb) => eb.or([eb('heartbeat_at', '<', before), eb.and([eb('heartbeat_at', 'is', null), eb('created_at', '<', before)])]))
      .orderBy('created_at')
      .limit(500)
      .execute() as Promise<{ id: string; owner: string; heartbeat_at: number | null; attempts: number }[]>;
  }
  /** Marks a quiet inquiry as seen to (compare-and-set on the heartbeat read): one process acts on it. */
  async touch(id: string, seenHeartbeat: number | null, now = Date.now()): Promise<boolean> {
    let q = this.db.updateTable('inquiries').set({ heartbeat_at: now }).where('id', '=', id).where('status', '=', 'processing');
    q = seenHeartbeat === null ? q.where('heartbeat_at', 'is', null) : q.where('heartbeat_at', '=', seenHeartbeat);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  /** Hands back what this process still owns (graceful shutdown): the next start runs it again. */
  async release(owner: string): Promise<number> {
    const r = await this.db
      .updateTable('inquiries')
      .set({ owner: null, heartbeat_at: null, started_at: null })
      .where('owner', '=', owner)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
  /** The account's processing inquiries, counting those still waiting in this turn's insert. */
  async countActive(accountId: string): Promise<number> {
    const waiting = this.pendingInserts.filter((p) => p.row.account_id === accountId && p.row.status === 'processing').length;
    return waiting + Number((await this.activeCount.rows(accountId, 'processing'))[0]!.n);
  }
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('inquiries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}

export type ProcessRecord = Selectable<ProcessTable>;

/** The process registry: each process's lease says until when it counts as alive. */
export class ProcessesRepo {
  constructor(private readonly db: StoreDb) {}
  /** Registers or renews a lease (a process whose row was purged while it was paused comes back). */
  async renew(record: Omit<ProcessRecord, 'lease_until'>, leaseUntil: number): Promise<void> {
    await this.db
      .insertInto('processes')
      .values({ ...record, lease_until: leaseUntil })
      .onConflict((oc) => oc.column('id').doUpdateSet({ lease_until: leaseUntil }))
      .execute();
  }
  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('processes').where('id', '=', id).execute();
  }
  /** Forgets processes whose lease ran out before `before` (their inquiries were taken over). */
  async purgeExpired(before: number): Promise<void> {
    await this.db.deleteFrom('processes').where('lease_until', '<', before).execute();
  }
  get(id: string): Promise<ProcessRecord | undefined> {
    return this.db.selectFrom('processes').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** The whole registry (one row per running process: small). */
  list(): Promise<ProcessRecord[]> {
    return this.db.selectFrom('processes').selectAll().execute();
  }
  async removeMany(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('processes').where('id', 'in', ids).execute();
  }
}

export type McpSessionRecord = Selectable<McpSessionTable>;

/** MCP sessions over streamable HTTP, shared by every API process on the store. */
export class McpSessionsRepo {
  constructor(private readonly db: StoreDb) {}
  async insert(record: McpSessionRecord): Promise<void> {
    await this.db.insertInto('mcp_sessions').values(record).execute();
  }
  get(id: string): Promise<McpSessionRecord | undefined> {
    return this.db.selectFrom('mcp_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async touch(id: string, now = Date.now()): Promise<void> {
    await this.db.updateTable('mcp_sessions').set({ last_seen_at: now }).where('id', '=', id).where('last_seen_at', '<', now).execute();
  }
  /** Unbinds a session from its key; a logout is final, whichever process serves the session next. */
  async logout(id: string): Promise<void> {
    await this.db.updateTable('mcp_sessions').set({ binding: 'logged_out', key_hash: null, detail: null }).where('id', '=', id).execute();
  }
  /** Records a plan once per session (a repeat is a no-op). */
  async addPlan(sessionId: string, planHash: string, plan: string, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('mcp_session_plans')
      .values({ session_id: sessionId, plan_hash: planHash, plan, created_at: now })
      .onConflict((oc) => oc.columns(['session_id', 'plan_hash']).doNothing())
      .execute();
  }
  async plans(sessionId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('mcp_session_plans')
      .select('plan')
      .where('session_id', '=', sessionId)
      .orderBy('created_at')
      .orderBy('plan_hash')
      .execute();
    return rows.map((r) => r.plan);
  }
  /** Ends a session (DELETE /mcp) with its plans; returns whether it existed. */
  async delete(id: string): Promise<boolean> {
    await this.db.deleteFrom('mcp_session_plans').where('session_id', '=', id).execute();
    const r = await this.db.deleteFrom('mcp_sessions').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }
  /** Deletes sessions idle since before `before`, with their plans; returns how many. */
  async purgeIdle(before: number): Promise<number> {
    const r = await this.db.deleteFrom('mcp_sessions').where('last_seen_at', '<', before).executeTakeFirst();
    // plans whose session is gone (also one recorded while its session was being deleted)
    await this.db.deleteFrom('mcp_session_plans').where('session_id', 'not in', this.db.selectFrom('mcp_sessions').select('id')).execute();
    return Number(r.numDeletedRows);
  }
}

export type ReportRecord = Selectable<ReportTable>;
export type ReportRunRecord = Selectable<ReportRunTable>;

export class ReportsRepo {
  constructor(private readonly db: StoreDb) {}
  async insert(record: ReportRecord): Promise<void> {
    await this.db.insertInto('reports').values(record).execute();
  }
  get(id: string): Promise<ReportRecord | undefined> {
    return this.db.selectFrom('reports').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }
  /** A report whether or not it was deleted (its runs stay readable after a delete). */
  getIncludingDeleted(id: string): Promise<ReportRecord | undefined> {
    return this.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  }
  list(accountId: string): Promise<ReportRecord[]> {
    return this.db
      .selectFrom('reports')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
  listAll(): Promise<ReportRecord[]> {
    return this.db.selectFrom('reports').selectAll().where('deleted_at', 'is', null).orderBy('created_at').execute();
  }
  async softDelete(id: string, now = Date.now()): Promise<boolean> {
    const r = await this.db
      .updateTable('reports')
      .set({ deleted_at: now })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  /**
   * Records a run for a due time; false when that run already exists (another process, or an
   * earlier tick, started it) or the report was deleted meanwhile. The caller inserts the inquiry first, in the same transaction.
   */
  async addRun(run: ReportRunRecord): Promise<boolean> {
    // Only while the report is not deleted, in the insert itself: a tick that read the report just
    // before a delete must not add a run after it.
    const r = await this.db
      .insertInto('report_runs')
      .columns(['report_id', 'scheduled_for', 'inquiry_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('reports')
          .select([
            eb.val(run.report_id).as('report_id'),
            eb.val(run.scheduled_for).as('scheduled_for'),
            eb.val(run.inquiry_id).as('inquiry_id'),
            eb.val(run.created_at).as('created_at'),
          ])
          .where('id', '=', run.report_id)
          .where('deleted_at', 'is', null),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    // runs of several due times may be recorded out of order (processes racing): the latest stays
    await this.db
      .updateTable('reports')
      .set({ last_run_at: run.scheduled_for })
      .where('id', '=', run.report_id)
      .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<', run.scheduled_for)]))
      .execute();
    return true;
  }
  hasRun(reportId: string, scheduledFor: number): Promise<ReportRunRecord | undefined> {
    return this.db
      .selectFrom('report_runs')
      .selectAll()
      .where('report_id', '=', reportId)
      .where('scheduled_for', '=', scheduledFor)
      .executeTakeFirst();
  }
  runs(reportId: string, limit = 100): Promise<ReportRunRecord[]> {
    return this.db
      .selectFrom('report_runs')
      .selectAll()
      .where('report_id', '=', reportId)
      .orderBy('scheduled_for', 'desc')
      .limit(limit)
      .execute();
  }
}

/** Opens the configured state store (QUARRY_STORE, or SQLite in the data dir) with its repositories. */
export async function openConfiguredStore(config: { store?: string; dataDir: string }): Promise<Store> {
  const opened = await openStore(config);
  return new Store(opened.db, opened);
}

/** The state store: one object holding every repository over one database. */
export class Store {
  readonly accounts: AccountsRepo;
  readonly users: UsersRepo;
  readonly webLogins: WebLoginsRepo;
  readonly apiKeys: ApiKeysRepo;
  readonly sessions: SessionsRepo;
  readonly inquiries: InquiriesRepo;
  readonly reports: ReportsRepo;
  readonly processes: ProcessesRepo;
  readonly mcpSessions: McpSessionsRepo;
  /** The web app's thread titles, chart views and dashboards (web.ts). */
  readonly web: WebRepo;
  /**
   * `backend` says which database holds the state (and, on Postgres, its pool and URL for other
   * parts that share it); without it the store is a bare Kysely instance (SQLite in tests).
   */
  readonly backend: Pick<OpenStore, 'kind' | 'pool' | 'url' | 'file'>;
  private readonly closeBackend: () => Promise<void>;
  constructor(
    readonly db: StoreDb,
    backend?: OpenStore,
  ) {
    this.backend = backend ?? { kind: 'sqlite' };
    this.closeBackend = backend ? () => backend.close() : () => db.destroy();
    this.accounts = new AccountsRepo(db);
    this.users = new UsersRepo(db);
    this.webLogins = new WebLoginsRepo(db);
    this.apiKeys = new ApiKeysRepo(db);
    this.sessions = new SessionsRepo(db);
    this.inquiries = new InquiriesRepo(db);
    this.reports = new ReportsRepo(db);
    this.processes = new ProcessesRepo(db);
    this.mcpSessions = new McpSessionsRepo(db);
    this.web = new WebRepo(db);
  }
  async ping(): Promise<void> {
    await this.db.selectFrom('accounts').select('id').limit(1).execute();
  }
  close(): Promise<void> {
    return this.closeBackend();
  }
}
