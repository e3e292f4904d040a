/**
 * PostgreSQL warehouse over `pg`. Each statement runs as
 *   BEGIN READ ONLY; SET LOCAL statement_timeout = N;
 *   DECLARE quarry_cursor NO SCROLL CURSOR FOR <sql>   -- extended protocol: one statement only,
 *   FETCH FORWARD maxRows+1 FROM quarry_cursor          -- and a cursor accepts only SELECT/VALUES
 *   ROLLBACK
 * so writes are impossible even past the guard (and the connection should use a read-only role).
 * Abort and timeout send a protocol-level cancel to the backend. Type parsers are set on this
 * pool only (numeric/int8 -> number, date -> 'YYYY-MM-DD', timestamps -> ISO strings).
 */
import pg from 'pg';
import { WarehouseCancelledError, WarehouseConnectionError, WarehouseQueryError, WarehouseTimeoutError, redactPaths } from './errors.js';
import { statementConnections, type WarehousePoolOptions } from './common.js';
import { PooledSqlWarehouse, TableCatalogue, redactedTarget } from './pooled-sql.js';
import { valueBytes, type QueryResult, type RunOptions, type TableInfo, type Warehouse } from './types.js';

export type PostgresWarehouseOptions = WarehousePoolOptions;

/** Rows fetched per round trip at first; doubled each round, so a huge first row costs little. */
const FIRST_FETCH = 64;
const MAX_FETCH = 4096;

const OID = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  text: 25,
  float4: 700,
  float8: 701,
  numeric: 1700,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
  interval: 1186,
  int8Array: 1016,
  numericArray: 1231,
  dateArray: 1182,
  textArray: 1009,
} as const;

interface PgCancelConnection {
  on(event: string, f: () => void): void;
  connect(portOrPath: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
}

const isoTimestamp = (v: string): string => {
  // Postgres text form '1995-03-04 12:34:56.789' (no zone) is read as UTC, like DuckDB's TIMESTAMP;
  // '...+02' / '...+05:30' carry a zone (JS wants +HH:MM).
  const m = /([+-]\d\d)(?::?(\d\d))?(?::\d\d)?$/.exec(v);
  const base = v.replace(' ', 'T');
  const d = new Date(m ? `${base.slice(0, base.length - m[0].length)}${m[1]}:${m[2] ?? '00'}` : `${base}Z`);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};

/** Per-pool type parsers: the global pg.types stay untouched for other users of pg in-process. */
function makeTypes(): pg.CustomTypesConfig {
  const textArray = pg.types.getTypeParser(OID.textArray as unknown as Parameters<typeof pg.types.getTypeParser>[0], 'text') as (
    v: string,
  ) => (string | null)[];
  const own = new Map<number, (v: string) => unknown>([
    [OID.int8, (v) => Number(v)],
    [OID.numeric, (v) => Number(v)],
    [OID.date, (v) => v],
    [OID.timestamp, isoTimestamp],
    [OID.timestamptz, isoTimestamp],
    [OID.interval, (v) => v],
    [OID.int8Array, (v) => textArray(v).map((x) => (x === null ? null : Number(x)))],
    [OID.numericArray, (v) => textArray(v).map((x) => (x === null ? null : Number(x)))],
    [OID.dateArray, (v) => textArray(v)],
  ]);
  return {
    getTypeParser: ((oid: number, format?: string) =>
      (format ?? 'text') === 'text' && own.has(oid)
        ? own.get(oid)!
        : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export class PostgresWarehouse extends PooledSqlWarehouse<PostgresWarehouseOptions> implements Warehouse {
  readonly dialect = 'postgres' as const;
  protected readonly engineName = 'Postgres';
  private typeNames = new Map<number, string>();

  private constructor(
    private readonly pool: pg.Pool,
    private readonly config: pg.ClientConfig,
    options: PostgresWarehouseOptions,
  ) {
    super(options);
  }

  protected probe(): Promise<unknown> {
    return this.pool.query({ text: 'SELECT 1', query_timeout: 5000 } as pg.QueryConfig);
  }

  protected endPool(): Promise<void> {
    return this.pool.end();
  }

  static async open(url: string, options: PostgresWarehouseOptions = {}): Promise<PostgresWarehouse> {
    const config: pg.ClientConfig = {
      connectionString: url,
      types: makeTypes(),
      application_name: 'quarry',
      connectionTimeoutMillis: 10_000,
    };
    // One connection more than the statement slots: the liveness probe never waits behind busy statements.
    const pool = new pg.Pool({ ...config, max: statementConnections(options) + 1, idleTimeoutMillis: 30_000 });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const w = new PostgresWarehouse(pool, config, options);
    try {
      const r = await pool.query('SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type');
      for (const row of r.rows as Array<{ oid: number; name: string }>) w.typeNames.set(row.oid, row.name);
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw new WarehouseConnectionError(`Cannot connect to the Postgres warehouse ${redactedTarget(url)}: ${(e as Error).message}`, {
        cause: e,
      });
    }
    return w;
  }

  /**
   * Sends a protocol-level CancelRequest for the client's backend (what `pg` does internally,
   * without its deprecated activeQuery). The caller then discards the client, so a late-arriving
   * cancel can never hit the next user of that connection.
   */
  private cancelBackend(client: pg.PoolClient): void {
    const c = client as unknown as { host: string; port: number; processID: number | null; secretKey: number | null };
    if (c.processID === null || c.secretKey === null) return;
    const Connection = (pg as unknown as { Connection: new () => PgCancelConnection }).Connection;
    const con = new Connection();
    con.on('error', () => undefined);
    con.on('connect', () => con.cancel(c.processID!, c.secretKey!));
    if (c.host.startsWith('/')) con.connect(`${c.host}/.s.PGSQL.${c.port}`);
    else con.connect(c.port, c.host);
  }

  async run(sql: string, options: RunOptions = {}): Promise<QueryResult> {
    const text = sql.replace(/[\s;]+$/, '');
    let client: pg.PoolClient | undefined;
    let cancelSent = false;
    return this.runStatement<pg.FieldDef>(options, {
      fetch: async ({ timeoutMs, maxRows, maxBytes }, stopping) => {
        const c = await this.pool.connect();
        if (stopping()) {
          c.release();
          throw new WarehouseCancelledError();
        }
        client = c;
        let broken = false;
        try {
          await c.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${timeoutMs}`);
          await c.query({ text: `DECLARE quarry_cursor NO SCROLL CURSOR FOR ${text}`, queryMode: 'extended' } as pg.QueryConfig);
          // Fetched in growing batches until the row cap (+1, to know whether there was more) or the byte cap.
          const rows: unknown[][] = [];
          let fields: pg.FieldDef[] = [];
          let bytes = 0;
          let truncatedBy: 'rows' | 'bytes' | undefined;
          for (let batch = FIRST_FETCH; truncatedBy === undefined; batch = Math.min(MAX_FETCH, batch * 2)) {
            const want = Math.min(batch, maxRows + 1 - rows.length);
            const fetched = await c.query({ text: `FETCH FORWARD ${want} FROM quarry_cursor`, rowMode: 'array' });
            fields = fetched.fields;
            for (const r of fetched.rows as unknown[][]) {
              if (rows.length >= maxRows) {
                truncatedBy = 'rows';
                break;
              }
              const rowBytes = r.reduce<number>((n, v) => n + valueBytes(v) + 1, 2);
              if (bytes + rowBytes > maxBytes) {
                truncatedBy = 'bytes';
                break;
              }
              bytes += rowBytes;
              rows.push(r);
            }
            if (fetched.rows.length < want) break;
          }
          await c.query('ROLLBACK');
          return { rows, fields, truncatedBy };
        } catch (e) {
          try {
            await c.query('ROLLBACK');
          } catch {
            broken = true;
          }
          throw e;
        } finally {
          client = undefined;
          c.release(broken || cancelSent);
        }
      },
      stop: () => {
        if (!client) return;
        cancelSent = true;
        this.cancelBackend(client);
      },
      classify: (err: Error & { code?: string }, { timeoutMs }) => {
        if (err.code === '57014') return new WarehouseTimeoutError(timeoutMs);
        if (
          err.code === 'ECONNREFUSED' ||
          err.code === '57P01' ||
          err.code === '08006' ||
          /timeout exceeded when trying to connect/i.test(err.message)
        ) {
          return new WarehouseConnectionError(`The Postgres warehouse is unreachable: ${redactPaths(err.message)}`, { cause: err });
        }
        return new WarehouseQueryError(redactPaths(err.message), { cause: err });
      },
      typeOf: (f) => this.typeNames.get(f.dataTypeID) ?? `oid ${f.dataTypeID}`,
    });
  }

  async introspect(): Promise<TableInfo[]> {
    const cols = await this.run(
      `SELECT c.table_schema, c.table_name, c.column_name, c.data_type, c.is_nullable,
              c.numeric_precision, c.numeric_scale, t.table_type
         FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_catalog, table_schema, table_name)
        WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
          AND c.table_schema NOT LIKE 'pg\\_%'
        ORDER BY c.table_schema, c.table_name, c.ordinal_position`,
      { maxRows: 1_000_000 },
    );
    const current = String((await this.run('SELECT current_schema() AS s')).rows[0]?.s ?? 'public');
    const catalogue = new TableCatalogue<TableInfo & { schema: string; table: string }>();
    for (const r of cols.rows) {
      const schema = String(r.table_schema);
      const table = String(r.table_name);
      const t = catalogue.table(schema === current ? table : `${schema}.${table}`, { schema, table });
      if (r.table_type === 'VIEW') t.view = true;
      let type = String(r.data_type);
      if (type === 'numeric' && r.numeric_precision !== null) type = `numeric(${r.numeric_precision},${r.numeric_scale})`;
      t.columns.push({ name: String(r.column_name), type, nullable: r.is_nullable === 'YES' });
    }
    const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
    await catalogue.countRows(
      // the planner's estimate
      async (t) =>
        Number(
          (
            await this.run(
              `SELECT reltuples::bigint AS n FROM pg_class WHERE oid = to_regclass('${q(t.schema).replace(/'/g, "''")}.${q(t.table).replace(/'/g, "''")}')`,
            )
          ).rows[0]?.n ?? -1,
        ),
      async (t) => Number((await this.run(`SELECT count(*) AS n FROM ${q(t.schema)}.${q(t.table)}`)).rows[0]?.n),
      true,
    );
    // Declared keys: primary keys and foreign keys (column lists in key order).
    const cons = await this.run(
      `SELECT con.contype::text AS kind, ns.nspname AS schema, cl.relname AS tbl, fns.nspname AS fschema, fcl.relname AS ftbl,
              (SELECT json_agg(a.attname ORDER BY k.i)::text FROM unnest(con.conkey) WITH ORDINALITY AS k(n, i)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n) AS cols,
              (SELECT json_agg(a.attname ORDER BY k.i)::text FROM unnest(con.confkey) WITH ORDINALITY AS k(n, i)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n) AS fcols
         FROM pg_constraint con
         JOIN pg_class cl ON cl.oid = con.conrelid
         JOIN pg_namespace ns ON ns.oid = cl.relnamespace
         LEFT JOIN pg_class fcl ON fcl.oid = con.confrelid
         LEFT JOIN pg_namespace fns ON fns.oid = fcl.relnamespace
        WHERE con.contype IN ('p', 'f') AND ns.nspname NOT IN ('pg_catalog', 'information_schema')
        ORDER BY ns.nspname, cl.relname, con.conname`,
      { maxRows: 1_000_000 },
    );
    const nameOf = (schema: string, table: string) => (schema === current ? table : `${schema}.${table}`);
    const colList = (v: unknown): string[] => (v === null || v === undefined ? [] : (JSON.parse(String(v)) as string[]));
    for (const r of cons.rows) {
      const t = catalogue.tables.get(nameOf(String(r.schema), String(r.tbl)));
      if (!t) continue;
      if (r.kind === 'p') t.primaryKey = colList(r.cols);
      else if (r.ftbl !== null && r.ftbl !== undefined) {
        (t.foreignKeys ??= []).push({
          columns: colList(r.cols),
          references: nameOf(String(r.fschema), String(r.ftbl)),
          refColumns: colList(r.fcols),
        });
      }
    }
    return catalogue.list();
  }
}

export function openPostgresWarehouse(url: string, options?: PostgresWarehouseOptions): Promise<PostgresWarehouse> {
  return PostgresWarehouse.open(url, options);
}
