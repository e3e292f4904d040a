/**
 * MySQL / MariaDB warehouse over `mysql2`. Each statement runs as
 *   SET SESSION sql_mode = <server's> + ANSI_QUOTES, PIPES_AS_CONCAT, NO_BACKSLASH_ESCAPES,
 *       time_zone = '+00:00', tx_read_only = 1   -- (MySQL: transaction_read_only) also refuses
 *                                                -- DDL, whose implicit commit would end a
 *                                                -- read-only transaction
 *   START TRANSACTION READ ONLY
 *   SET STATEMENT max_statement_time = <s>, sql_select_limit = maxRows+1 FOR <sql>   -- MariaDB
 *   (MySQL: SET SESSION max_execution_time = <ms>, sql_select_limit = maxRows+1; <sql>)
 *   COM_RESET_CONNECTION (the pool's release: rolls back, forgets variables and temp tables)
 * so the server lexes strings and quoted names exactly as the guard does ('' escapes only, "..."
 * a name), TIMESTAMPs read as UTC, and nothing a statement sets outlives it. The connection has
 * no multi-statements, streaming rows so the byte cap cuts early. Abort,
 * timeout and a cut result send `KILL QUERY <thread id>` from a second connection, and that
 * connection is then discarded, so a late KILL can never hit the next statement. Connect as a
 * user with only `GRANT SELECT ON db.*` (README): that, the read-only session and the guard are
 * three separate walls.
 *
 * Values: DECIMAL/BIGINT -> number, DATE -> 'YYYY-MM-DD', DATETIME/TIMESTAMP -> ISO string (UTC),
 * binary -> hex text, others as the driver reads them.
 */
import mysql from 'mysql2';
import { WarehouseCancelledError, WarehouseConnectionError, WarehouseQueryError, WarehouseTimeoutError, redactPaths } from './errors.js';
import { statementConnections, type WarehousePoolOptions } from './common.js';
import { PooledSqlWarehouse, TableCatalogue, redactedTarget } from './pooled-sql.js';
import { valueBytes, type QueryResult, type RunOptions, type TableInfo, type Warehouse } from './types.js';

export type MysqlWarehouseOptions = WarehousePoolOptions;

/** Server errors that mean "the statement was stopped": killed, or over its time limit. */
const ER_QUERY_INTERRUPTED = 1317;
const ER_STATEMENT_TIMEOUT = 1969; // MariaDB max_statement_time
const ER_QUERY_TIMEOUT = 3024; // MySQL max_execution_time
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'PROTOCOL_CONNECTION_LOST']);

const sessionSetup = (flavor: 'mariadb' | 'mysql') =>
  `SET SESSION sql_mode = TRIM(BOTH ',' FROM CONCAT_WS(',', @@SESSION.sql_mode, 'ANSI_QUOTES', 'PIPES_AS_CONCAT', 'NO_BACKSLASH_ESCAPES')), ` +
  `SESSION time_zone = '+00:00', SESSION ${flavor === 'mariadb' ? 'tx_read_only' : 'transaction_read_only'} = 1`;

type Conn = mysql.PoolConnection;
type Field = mysql.FieldPacket & { columnType?: number; characterSet?: number; columnLength?: number; decimals?: number; flags?: number };

const T = mysql.Types as unknown as Record<string, number>;
const BINARY_CHARSET = 63;
const UNSIGNED_FLAG = 32;

const isoTimestamp = (v: string): string => {
  // DATETIME/TIMESTAMP text '1995-03-04 12:34:56[.ffffff]'; the session time zone is UTC.
  const d = new Date(`${v.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};

/** How a column's driver value becomes a JSON-ready value (the driver hands big numbers and dates over as text). */
function converterFor(f: Field): (v: unknown) => unknown {
  switch (f.columnType) {
    case T.DECIMAL:
    case T.NEWDECIMAL:
    case T.LONGLONG:
      return (v) => (v === null ? null : Number(v));
    case T.DATE:
    case T.NEWDATE:
      return (v) => (v === null ? null : String(v));
    case T.DATETIME:
    case T.TIMESTAMP:
      return (v) => (v === null ? null : isoTimestamp(String(v)));
    case T.BIT:
      return (v) => (Buffer.isBuffer(v) ? Number(BigInt(`0x${v.toString('hex') || '0'}`)) : v);
    default:
      return (v) => (Buffer.isBuffer(v) ? `\\x${v.toString('hex')}` : v);
  }
}

/** The engine's type name of a result column (as information_schema would spell it). */
function typeName(f: Field): string {
  const names = mysql.Types as unknown as Record<number, string>;
  const unsigned = ((f.flags ?? 0) & UNSIGNED_FLAG) !== 0 ? ' unsigned' : '';
  switch (f.columnType) {
    case T.NEWDECIMAL:
    case T.DECIMAL: {
      const scale = f.decimals ?? 0;
      const precision = (f.columnLength ?? 0) - (scale > 0 ? 1 : 0) - (unsigned ? 0 : 1);
      return `decimal(${precision},${scale})${unsigned}`;
    }
    case T.TINY:
      return `tinyint${unsigned}`;
    case T.SHORT:
      return `smallint${unsigned}`;
    case T.INT24:
      return `mediumint${unsigned}`;
    case T.LONG:
      return `int${unsigned}`;
    case T.LONGLONG:
      return `bigint${unsigned}`;
    case T.NEWDATE:
      return 'date';
    case T.VAR_STRING:
    case T.VARCHAR:
      return f.characterSet === BINARY_CHARSET ? 'varbinary' : 'varchar';
    case T.STRING:
      return f.characterSet === BINARY_CHARSET ? 'binary' : 'char';
    case T.TINY_BLOB:
    case T.MEDIUM_BLOB:
    case T.LONG_BLOB:
    case T.BLOB:
      return f.characterSet === BINARY_CHARSET ? 'blob' : 'text';
    default:
      return (names[f.columnType ?? -1] ?? 'unknown').toLowerCase();
  }
}

/** mysql2 options from a `mysql://` / `mariadb://` URL: user, password, host, port, database. */
function connectionOptions(url: string): mysql.ConnectionOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new WarehouseConnectionError('The MySQL warehouse URL cannot be parsed: use mysql://user:password@host:port/database');
  }
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    ...(u.pathname.length > 1 ? { database: decodeURIComponent(u.pathname.slice(1)) } : {}),
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    multipleStatements: false,
    connectTimeout: 10_000,
    charset: 'utf8mb4',
  };
}

const ER_BAD_FIELD_ERROR = 1054;

/**
 * MySQL users write "text" for strings; under ANSI_QUOTES it is a name, and the server says only
 * "Unknown column". When the unknown name is double-quoted in the statement, say why.
 */
function doubleQuotedNameHint(err: { errno?: number; message: string }, sql: string): string {
  if (err.errno !== ER_BAD_FIELD_ERROR) return '';
  const name = /Unknown column '((?:[^']|'')*)'/.exec(err.message)?.[1]?.replace(/''/g, "'");
  if (name === undefined || !sql.includes(`"${name.replace(/"/g, '""')}"`)) return '';
  return `. "${name}" is a name here: double quotes mark names on this warehouse (ANSI_QUOTES); write a string as '${name.replace(/'/g, "''")}'`;
}

const query = (c: mysql.Connection, sql: string): Promise<unknown> =>
  new Promise((resolve, reject) => c.query(sql, (err, rows) => (err ? reject(err) : resolve(rows))));

export class MysqlWarehouse extends PooledSqlWarehouse<MysqlWarehouseOptions> implements Warehouse {
  readonly dialect = 'mysql' as const;
  protected readonly engineName = 'MySQL';

  private constructor(
    private readonly pool: mysql.Pool,
    private readonly config: mysql.ConnectionOptions,
    /** MariaDB takes `SET STATEMENT ... FOR`; MySQL takes session variables. */
    readonly flavor: 'mariadb' | 'mysql',
    options: MysqlWarehouseOptions,
  ) {
    super(options);
  }

  protected probe(): Promise<unknown> {
    return new Promise((resolve, reject) => this.pool.query('SELECT 1', (err, r) => (err ? reject(err) : resolve(r))));
  }

  protected endPool(): Promise<void> {
    return new Promise((r) => this.pool.end(() => r(undefined)));
  }

  static async open(url: string, options: MysqlWarehouseOptions = {}): Promise<MysqlWarehouse> {
    const config = connectionOptions(url);
    // One connection more than the statement slots: the liveness probe never waits behind busy statements.
    // resetOnRelease: a released connection is reset, so no variable, temp table or setting outlives its statement.
    const pool = mysql.createPool({
      ...config,
      connectionLimit: statementConnections(options) + 1,
      maxIdle: 2,
      idleTimeout: 30_000,
      waitForConnections: true,
      resetOnRelease: true,
    });
    // An idle connection losing its server must not crash the process; the next query reconnects.
    pool.on('connection', (c) => c.on('error', () => undefined));
    let flavor: 'mariadb' | 'mysql';
    try {
      const rows = (await new Promise<unknown>((resolve, reject) =>
        pool.query('SELECT VERSION() AS v, DATABASE() AS db', (err, r) => (err ? reject(err) : resolve(r))),
      )) as Array<{ v: string; db: string | null }>;
      if (!rows[0]?.db) throw new Error('the URL names no database (mysql://user:password@host:port/DATABASE)');
      flavor = /mariadb/i.test(rows[0].v) ? 'mariadb' : 'mysql';
    } catch (e) {
      await new Promise((r) => pool.end(() => r(undefined)));
      throw new WarehouseConnectionError(
        `Cannot connect to the MySQL warehouse ${redactedTarget(url)}: ${redactPaths((e as Error).message)}`,
        { cause: e },
      );
    }
    return new MysqlWarehouse(pool, config, flavor, options);
  }

  private connect(): Promise<Conn> {
    return new Promise((resolve, reject) => this.pool.getConnection((err, c) => (err ? reject(err) : resolve(c))));
  }

  /** Stops the connection's running statement from a second connection (a user may kill its own threads). */
  private async killQuery(threadId: number | null): Promise<void> {
    if (threadId === null) return;
    const side = mysql.createConnection({ ...this.config, connectTimeout: 5000 });
    side.on('error', () => undefined);
    try {
      await query(side, `KILL QUERY ${Math.floor(threadId)}`);
    } catch {
      /* the statement may have ended already */
    } finally {
      side.destroy();
    }
  }

  async run(sql: string, options: RunOptions = {}): Promise<QueryResult> {
    const text = sql.replace(/[\s;]+$/, '');
    let conn: Conn | undefined;
    let killSent = false;
    /**
     * Stops the statement in the server. A cut result stops reading first (its rows are dropped
     * with the connection); a cancelled one keeps reading so the server's "interrupted" error
     * ends it, and a server that does not answer loses the connection after 5 s.
     */
    const kill = (cut: boolean) => {
      if (killSent || !conn) return;
      killSent = true;
      const c = conn;
      if (cut) c.pause();
      else setTimeout(() => c.destroy(), 5000).unref();
      void this.killQuery(c.threadId);
    };
    return this.runStatement<Field>(options, {
      fetch: async ({ timeoutMs, maxRows, maxBytes }, stopping) => {
        const c = await this.connect();
        if (stopping()) {
          c.release();
          throw new WarehouseCancelledError();
        }
        conn = c;
        let broken = false;
        try {
          await query(c, sessionSetup(this.flavor));
          await query(c, 'START TRANSACTION READ ONLY');
          if (stopping()) throw new WarehouseCancelledError();
          const limit = maxRows + 1;
          let statement = text;
          if (this.flavor === 'mariadb')
            statement = `SET STATEMENT max_statement_time = ${(timeoutMs / 1000).toFixed(3)}, sql_select_limit = ${limit} FOR ${text}`;
          else await query(c, `SET SESSION max_execution_time = ${timeoutMs}, sql_select_limit = ${limit}`);
          if (stopping()) throw new WarehouseCancelledError();
          return await this.stream(c, statement, maxRows, maxBytes, () => kill(true));
        } catch (e) {
          // A statement's own error leaves the connection usable; a lost connection does not.
          broken = (e as { fatal?: boolean }).fatal === true;
          throw e;
        } finally {
          // A KILL may still be on its way, or the connection's state is unknown: never reuse it.
          // Otherwise the release resets the session (and rolls the transaction back).
          if (killSent || broken) c.destroy();
          else c.release();
        }
      },
      stop: () => kill(false),
      classify: (err: Error & { code?: string; errno?: number; fatal?: boolean }, { timeoutMs }) => {
        if (err.errno === ER_STATEMENT_TIMEOUT || err.errno === ER_QUERY_TIMEOUT) return new WarehouseTimeoutError(timeoutMs);
        if (err.errno === ER_QUERY_INTERRUPTED) return new WarehouseCancelledError();
        if ((err.code && CONNECTION_CODES.has(err.code)) || err.fatal) {
          return new WarehouseConnectionError(`The MySQL warehouse is unreachable: ${redactPaths(err.message)}`, { cause: err });
        }
        return new WarehouseQueryError(redactPaths(err.message) + doubleQuotedNameHint(err, text), { cause: err });
      },
      typeOf: typeName,
    });
  }

  /**
   * Streams the statement's rows until the end, the row cap (+1, to know there was more) or the
   * byte cap; a cut stops the statement in the server (`kill`).
   */
  private stream(
    c: Conn,
    sql: string,
    maxRows: number,
    maxBytes: number,
    kill: () => void,
  ): Promise<{ rows: unknown[][]; fields: Field[]; truncatedBy?: 'rows' | 'bytes' }> {
    return new Promise((resolve, reject) => {
      const rows: unknown[][] = [];
      let fields: Field[] = [];
      let convert: Array<(v: unknown) => unknown> = [];
      let bytes = 0;
      let done = false;
      const finish = (truncatedBy?: 'rows' | 'bytes') => {
        if (done) return;
        done = true;
        resolve({ rows, fields, ...(truncatedBy ? { truncatedBy } : {}) });
      };
      const q = c.query({ sql, rowsAsArray: true });
      q.on('fields', (f: Field[]) => {
        fields = f;
        convert = f.map(converterFor);
      });
      q.on('result', (raw: unknown) => {
        if (done || !Array.isArray(raw)) return;
        if (rows.length >= maxRows) {
          kill();
          return finish('rows');
        }
        const row = raw.map((v, i) => convert[i]!(v));
        const rowBytes = row.reduce<number>((n, v) => n + valueBytes(v) + 1, 2);
        if (bytes + rowBytes > maxBytes) {
          kill();
          return finish('bytes');
        }
        bytes += rowBytes;
        rows.push(row);
      });
      q.on('error', (e: unknown) => {
        if (done) return;
        done = true;
        reject(e);
      });
      q.on('end', () => finish());
    });
  }

  async introspect(): Promise<TableInfo[]> {
    const cols = await this.run(
      `SELECT c.TABLE_NAME AS table_name, c.COLUMN_NAME AS column_name, c.COLUMN_TYPE AS column_type, c.IS_NULLABLE AS is_nullable,
              t.TABLE_TYPE AS table_type
         FROM information_schema.COLUMNS c
         JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
        WHERE c.TABLE_SCHEMA = DATABASE()
        ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
      { maxRows: 1_000_000 },
    );
    const catalogue = new TableCatalogue();
    for (const r of cols.rows) {
      const t = catalogue.table(String(r.table_name));
      t.columns.push({ name: String(r.column_name), type: String(r.column_type), nullable: r.is_nullable === 'YES' });
      if (r.table_type === 'VIEW') t.view = true;
    }
    const q = (s: string) => `\`${s.replace(/`/g, '``')}\``;
    const estimates = await this.run(
      `SELECT TABLE_NAME AS table_name, TABLE_ROWS AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()`,
      { maxRows: 1_000_000 },
    );
    const estimate = new Map(estimates.rows.map((r) => [String(r.table_name), r.n === null ? -1 : Number(r.n)]));
    await catalogue.countRows(
      // InnoDB's estimate is rough, so only large tables use it
      async (t) => estimate.get(t.name) ?? -1,
      async (t) => Number((await this.run(`SELECT count(*) AS n FROM ${q(t.name)}`)).rows[0]?.n),
      false,
    );
    // Declared keys: primary keys and foreign keys, columns in key order.
    const keys = await this.run(
      `SELECT k.TABLE_NAME AS tbl, k.CONSTRAINT_NAME AS name, k.COLUMN_NAME AS col, k.REFERENCED_TABLE_SCHEMA AS fschema,
              k.REFERENCED_TABLE_NAME AS ftbl, k.REFERENCED_COLUMN_NAME AS fcol
         FROM information_schema.KEY_COLUMN_USAGE k
        WHERE k.TABLE_SCHEMA = DATABASE() AND (k.CONSTRAINT_NAME = 'PRIMARY' OR k.REFERENCED_TABLE_NAME IS NOT NULL)
        ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
      { maxRows: 1_000_000 },
    );
    const current = String((await this.run('SELECT DATABASE() AS db')).rows[0]?.db ?? '');
    const foreign = new Map<string, { table: string; columns: string[]; references: string; refColumns: string[] }>();
    for (const r of keys.rows) {
      const t = catalogue.tables.get(String(r.tbl));
      if (!t) continue;
      if (r.name === 'PRIMARY') (t.primaryKey ??= []).push(String(r.col));
      else {
        const id = `${r.tbl}\u0000${r.name}`;
        let fk = foreign.get(id);
        const references = String(r.fschema) === current ? String(r.ftbl) : `${r.fschema}.${r.ftbl}`;
        if (!fk) foreign.set(id, (fk = { table: t.name, columns: [], references, refColumns: [] }));
        fk.columns.push(String(r.col));
        fk.refColumns.push(String(r.fcol));
      }
    }
    for (const fk of foreign.values())
      (catalogue.tables.get(fk.table)!.foreignKeys ??= []).push({
        columns: fk.columns,
        references: fk.references,
        refColumns: fk.refColumns,
      });
    return catalogue.list();
  }
}

export function openMysqlWarehouse(url: string, options?: MysqlWarehouseOptions): Promise<MysqlWarehouse> {
  return MysqlWarehouse.open(url, options);
}
