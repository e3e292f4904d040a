/**
 * The demo warehouse: a deterministic TPC-H-shaped DuckDB database built by SQL inside DuckDB
 * (DuckDB's tpch extension cannot be downloaded here). Same scale -> same data: every "random"
 * value is hash(key, salt) of its row key, never random().
 *
 * It follows the TPC-H rules that questions and metrics depend on: the 25 nations and 5 regions,
 * domains of segments, priorities, ship modes, instructions, brands, types and containers; sparse
 * order keys; orders 1992-01-01..1998-08-02; ship = order + 1..121 days, commit = order + 30..90,
 * receipt = ship + 1..30; return flag R/A when received by 1995-06-17 else N; line status O when
 * shipped after 1995-06-17 else F; order status F/O/P from its lines; total price = sum of the
 * lines' extendedprice * (1 + tax) * (1 - discount); customers with key divisible by 3 never order.
 * No *_comment columns.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { pidExists } from '../pid.js';

export interface DemoOptions {
  /** TPC-H scale factor; 1 = 6M line items. Default 0.1 (~600k line items, a few seconds). */
  scale?: number;
}

const NATIONS: Array<[string, number]> = [
  ['ALGERIA', 0],
  ['ARGENTINA', 1],
  ['BRAZIL', 1],
  ['CANADA', 1],
  ['EGYPT', 4],
  ['ETHIOPIA', 0],
  ['FRANCE', 3],
  ['GERMANY', 3],
  ['INDIA', 2],
  ['INDONESIA', 2],
  ['IRAN', 4],
  ['IRAQ', 4],
  ['JAPAN', 2],
  ['JORDAN', 4],
  ['KENYA', 0],
  ['MOROCCO', 0],
  ['MOZAMBIQUE', 0],
  ['PERU', 1],
  ['CHINA', 2],
  ['ROMANIA', 3],
  ['SAUDI ARABIA', 4],
  ['VIETNAM', 2],
  ['RUSSIA', 3],
  ['UNITED KINGDOM', 3],
  ['UNITED STATES', 1],
];
const REGIONS = ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'];
const SEGMENTS = ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'HOUSEHOLD', 'MACHINERY'];
const PRIORITIES = ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW'];
const SHIP_MODES = ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB'];
const INSTRUCTIONS = ['DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN'];
const TYPE1 = ['STANDARD', 'SMALL', 'MEDIUM', 'LARGE', 'ECONOMY', 'PROMO'];
const TYPE2 = ['ANODIZED', 'BURNISHED', 'PLATED', 'POLISHED', 'BRUSHED'];
const TYPE3 = ['TIN', 'NICKEL', 'BRASS', 'STEEL', 'COPPER'];
const CONTAINER1 = ['SM', 'LG', 'MED', 'JUMBO', 'WRAP'];
const CONTAINER2 = ['CASE', 'BOX', 'BAG', 'JAR', 'PKG', 'PACK', 'CAN', 'DRUM'];
const COLORS = (
  'almond antique aquamarine azure beige bisque black blanched blue blush brown burlywood burnished ' +
  'chartreuse chiffon chocolate coral cornflower cornsilk cream cyan dark deep dim dodger drab ' +
  'firebrick floral forest frosted gainsboro ghost goldenrod green grey honeydew hot indian ivory ' +
  'khaki lace lavender lawn lemon light lime linen magenta maroon medium metallic midnight mint ' +
  'misty moccasin navajo navy olive orange orchid pale papaya peach peru pink plum powder puff ' +
  'purple red rose rosy royal saddle salmon sandy seashell sienna sky slate smoke snow spring steel ' +
  'tan thistle tomato turquoise violet wheat white yellow'
).split(' ');

const list = (xs: string[]) => `[${xs.map((x) => `'${x}'`).join(', ')}]`;

/** The SQL that builds the eight tables; exported for tests and for reading. */
export function demoSql(scale: number): string[] {
  const S = Math.max(1, Math.round(10_000 * scale)); // suppliers
  const C = Math.max(3, Math.round(150_000 * scale)); // customers
  const P = Math.max(1, Math.round(200_000 * scale)); // parts
  const O = Math.max(1, Math.round(1_500_000 * scale)); // orders
  const K = Math.max(1, Math.round(1_000 * scale)); // clerks
  return [
    // h(k, salt, n): a deterministic integer in [0, n) for row key k.
    `CREATE TEMP MACRO h(k, salt, n) AS (hash(k, salt) % n)::BIGINT`,
    `CREATE TEMP MACRO pick(xs, k, salt) AS xs[1 + h(k, salt, len(xs))]`,
    `CREATE TEMP MACRO money(k, salt, lo_cents, hi_cents) AS ((lo_cents + h(k, salt, hi_cents - lo_cents + 1)) / 100)::DECIMAL(15,2)`,
    `CREATE TEMP MACRO scramble(k, salt, len) AS substr(md5(k::VARCHAR || salt) || md5(salt || k::VARCHAR), 1, len)`,
    `CREATE TEMP MACRO phone(k, salt, nation) AS (nation + 10)::VARCHAR || '-' || (100 + h(k, salt || 'a', 900))::VARCHAR || '-' || (100 + h(k, salt || 'b', 900))::VARCHAR || '-' || (1000 + h(k, salt || 'c', 9000))::VARCHAR`,
    // The TPC-H supplier of the i-th (0..3) partsupp row of a part.
    `CREATE TEMP MACRO ps_supp(p, i) AS (((p + i * ((${S} // 4) + (p - 1) // ${S})) % ${S}) + 1)::INTEGER`,

    `CREATE TABLE region (r_regionkey INTEGER NOT NULL, r_name VARCHAR NOT NULL)`,
    `INSERT INTO region SELECT i::INTEGER, ${list(REGIONS)}[i + 1] FROM range(5) t(i)`,

    `CREATE TABLE nation (n_nationkey INTEGER NOT NULL, n_name VARCHAR NOT NULL, n_regionkey INTEGER NOT NULL)`,
    `INSERT INTO nation VALUES ${NATIONS.map(([n, r], i) => `(${i}, '${n}', ${r})`).join(', ')}`,

    `CREATE TABLE supplier (s_suppkey INTEGER NOT NULL, s_name VARCHAR NOT NULL, s_address VARCHAR NOT NULL,
       s_nationkey INTEGER NOT NULL, s_phone VARCHAR NOT NULL, s_acctbal DECIMAL(15,2) NOT NULL)`,
    `INSERT INTO supplier
       SELECT k::INTEGER, 'Supplier#' || lpad(k::VARCHAR, 9, '0'), scramble(k, 'sa', 10 + h(k, 'sal', 25)::INTEGER),
              n::INTEGER, phone(k, 'sp', n), money(k, 'sb', -99999, 999999)
       FROM (SELECT k, h(k, 'sn', 25) AS n FROM range(1, ${S + 1}) t(k))`,

    `CREATE TABLE customer (c_custkey INTEGER NOT NULL, c_name VARCHAR NOT NULL, c_address VARCHAR NOT NULL,
       c_nationkey INTEGER NOT NULL, c_phone VARCHAR NOT NULL, c_acctbal DECIMAL(15,2) NOT NULL, c_mktsegment VARCHAR NOT NULL)`,
    `INSERT INTO customer
       SELECT k::INTEGER, 'Customer#' || lpad(k::VARCHAR, 9, '0'), scramble(k, 'ca', 10 + h(k, 'cal', 25)::INTEGER),
              n::INTEGER, phone(k, 'cp', n), money(k, 'cb', -99999, 999999), pick(${list(SEGMENTS)}, k, 'cs')
       FROM (SELECT k, h(k, 'cn', 25) AS n FROM range(1, ${C + 1}) t(k))`,

    `CREATE TABLE part (p_partkey INTEGER NOT NULL, p_name VARCHAR NOT NULL, p_mfgr VARCHAR NOT NULL, p_brand VARCHAR NOT NULL,
       p_type VARCHAR NOT NULL, p_size INTEGER NOT NULL, p_container VARCHAR NOT NULL, p_retailprice DECIMAL(15,2) NOT NULL)`,
    `INSERT INTO part
       SELECT k::INTEGER,
              pick(${list(COLORS)}, k, 'n1') || ' ' || pick(${list(COLORS)}, k, 'n2') || ' ' || pick(${list(COLORS)}, k, 'n3') || ' ' ||
                pick(${list(COLORS)}, k, 'n4') || ' ' || pick(${list(COLORS)}, k, 'n5'),
              'Manufacturer#' || m::VARCHAR, 'Brand#' || m::VARCHAR || (1 + h(k, 'pb', 5))::VARCHAR,
              pick(${list(TYPE1)}, k, 't1') || ' ' || pick(${list(TYPE2)}, k, 't2') || ' ' || pick(${list(TYPE3)}, k, 't3'),
              (1 + h(k, 'ps', 50))::INTEGER,
              pick(${list(CONTAINER1)}, k, 'c1') || ' ' || pick(${list(CONTAINER2)}, k, 'c2'),
              ((90000 + ((k // 10) % 20001) + 100 * (k % 1000)) / 100)::DECIMAL(15,2)
       FROM (SELECT k, 1 + h(k, 'pm', 5) AS m FROM range(1, ${P + 1}) t(k))`,

    `CREATE TABLE partsupp (ps_partkey INTEGER NOT NULL, ps_suppkey INTEGER NOT NULL, ps_availqty INTEGER NOT NULL, ps_supplycost DECIMAL(15,2) NOT NULL)`,
    `INSERT INTO partsupp
       SELECT p::INTEGER, ps_supp(p, i), (1 + h(p * 4 + i, 'pa', 9999))::INTEGER, money(p * 4 + i, 'pc', 100, 100000)
       FROM range(1, ${P + 1}) a(p), range(4) b(i) ORDER BY 1, 2`,

    // Orders without status/total first; lines are derived from them, then orders are completed.
    `CREATE TEMP TABLE o_base AS
       SELECT (((i - 1) // 8) * 32 + ((i - 1) % 8) + 1)::INTEGER AS o_orderkey,
              CASE WHEN c % 3 = 0 THEN (CASE WHEN c < ${C} THEN c + 1 ELSE c - 1 END) ELSE c END::INTEGER AS o_custkey,
              (DATE '1992-01-01' + h(i, 'od', (DATE '1998-08-02' - DATE '1992-01-01') + 1)::INTEGER) AS o_orderdate,
              pick(${list(PRIORITIES)}, i, 'op') AS o_orderpriority,
              'Clerk#' || lpad((1 + h(i, 'ok', ${K}))::VARCHAR, 9, '0') AS o_clerk,
              (1 + h(i, 'ol', 7))::INTEGER AS n_lines
       FROM (SELECT i, 1 + h(i, 'oc', ${C}) AS c FROM range(1, ${O + 1}) t(i))`,

    `CREATE TABLE lineitem (l_orderkey INTEGER NOT NULL, l_partkey INTEGER NOT NULL, l_suppkey INTEGER NOT NULL, l_linenumber INTEGER NOT NULL,
       l_quantity DECIMAL(15,2) NOT NULL, l_extendedprice DECIMAL(15,2) NOT NULL, l_discount DECIMAL(15,2) NOT NULL, l_tax DECIMAL(15,2) NOT NULL,
       l_returnflag VARCHAR NOT NULL, l_linestatus VARCHAR NOT NULL, l_shipdate DATE NOT NULL, l_commitdate DATE NOT NULL, l_receiptdate DATE NOT NULL,
       l_shipinstruct VARCHAR NOT NULL, l_shipmode VARCHAR NOT NULL)`,
    `INSERT INTO lineitem
       WITH lines AS (
         SELECT o_orderkey, o_orderdate, unnest(range(1, n_lines + 1))::INTEGER AS l_linenumber FROM o_base
       ), keyed AS (
         SELECT *, o_orderkey::BIGINT * 8 + l_linenumber AS lk FROM lines
       ), drawn AS (
         SELECT o_orderkey, l_linenumber, lk,
                (1 + h(lk, 'lp', ${P}))::INTEGER AS l_partkey,
                (1 + h(lk, 'lq', 50))::DECIMAL(15,2) AS l_quantity,
                (h(lk, 'ld', 11) / 100)::DECIMAL(15,2) AS l_discount,
                (h(lk, 'lt', 9) / 100)::DECIMAL(15,2) AS l_tax,
                o_orderdate + (1 + h(lk, 'ls', 121))::INTEGER AS l_shipdate,
                o_orderdate + (30 + h(lk, 'lc', 61))::INTEGER AS l_commitdate
         FROM keyed
       )
       SELECT d.o_orderkey, d.l_partkey, ps_supp(d.l_partkey, h(lk, 'lsu', 4)), d.l_linenumber,
              d.l_quantity, (d.l_quantity * p.p_retailprice)::DECIMAL(15,2), d.l_discount, d.l_tax,
              CASE WHEN rd <= DATE '1995-06-17' THEN (CASE WHEN h(lk, 'lr', 2) = 0 THEN 'R' ELSE 'A' END) ELSE 'N' END,
              CASE WHEN d.l_shipdate > DATE '1995-06-17' THEN 'O' ELSE 'F' END,
              d.l_shipdate, d.l_commitdate, rd,
              pick(${list(INSTRUCTIONS)}, lk, 'li'), pick(${list(SHIP_MODES)}, lk, 'lm')
       FROM (SELECT *, l_shipdate + (1 + h(lk, 'lrd', 30))::INTEGER AS rd FROM drawn) d
       JOIN part p ON p.p_partkey = d.l_partkey
       ORDER BY d.o_orderkey, d.l_linenumber`,

    `CREATE TABLE orders (o_orderkey INTEGER NOT NULL, o_custkey INTEGER NOT NULL, o_orderstatus VARCHAR NOT NULL, o_totalprice DECIMAL(15,2) NOT NULL,
       o_orderdate DATE NOT NULL, o_orderpriority VARCHAR NOT NULL, o_clerk VARCHAR NOT NULL, o_shippriority INTEGER NOT NULL)`,
    `INSERT INTO orders
       SELECT o.o_orderkey, o.o_custkey,
              CASE WHEN l.n_f = l.n THEN 'F' WHEN l.n_f = 0 THEN 'O' ELSE 'P' END,
              l.total, o.o_orderdate, o.o_orderpriority, o.o_clerk, 0
       FROM o_base o
       JOIN (SELECT l_orderkey, count(*) AS n, count(*) FILTER (WHERE l_linestatus = 'F') AS n_f,
                    sum(round(l_extendedprice * (1 + l_tax) * (1 - l_discount), 2))::DECIMAL(15,2) AS total
             FROM lineitem GROUP BY l_orderkey) l ON l.l_orderkey = o.o_orderkey
       ORDER BY o.o_orderkey`,
    `DROP TABLE o_base`,
  ];
}

/**
 * Builds the demo database at `path` (replacing any file there). It is written to a temporary
 * file beside it and renamed into place, so a crash never leaves half a database at `path`.
 */
export async function buildDemoWarehouse(
  path: string,
  options: DemoOptions = {},
): Promise<{ path: string; elapsedMs: number; scale: number }> {
  const started = performance.now();
  const scale = options.scale ?? 0.1;
  if (!(scale > 0) || scale > 10) throw new Error(`Demo scale must be in (0, 10], got ${scale}`);
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  const tmp = `${target}.building-${process.pid}-${Date.now()}`;
  try {
    const instance = await DuckDBInstance.create(tmp);
    try {
      const c = await instance.connect();
      try {
        for (const sql of demoSql(scale)) await c.run(sql);
        await c.run('CHECKPOINT');
      } finally {
        c.closeSync();
      }
    } finally {
      instance.closeSync();
    }
    await rm(`${target}.wal`, { force: true });
    await rename(tmp, target);
  } finally {
    await rm(tmp, { force: true });
    await rm(`${tmp}.wal`, { force: true });
  }
  return { path: target, elapsedMs: performance.now() - started, scale };
}

export interface EnsuredDemo {
  path: string;
  /** This process built it (false: it was there, or another process built it meanwhile). */
  built: boolean;
  /** Time spent waiting for another process's build. */
  waitedMs: number;
}

/** A builder that has not touched its lock for this long is gone (another host, or hung). */
export const DEMO_LOCK_STALE_MS = 30_000;
const DEMO_LOCK_TOUCH_MS = 2_000;
const DEMO_LOCK_POLL_MS = 200;

/**
 * The demo database at `path`, built once per data dir however many processes start on it at
 * once: the builder holds `<path>.lock` (its pid and host; touched every 2 s while it builds);
 * the others wait for the file and use it. A lock whose process is gone (same host, pid not
 * running) or that has not been touched for DEMO_LOCK_STALE_MS is taken over, and the dead
 * builder's half-written file removed: the database only appears at `path` complete (renamed
 * into place), so a crash never leaves half of one in use.
 */
export async function ensureDemoWarehouse(
  path: string,
  options: DemoOptions = {},
  onWait?: (holder: string) => void,
): Promise<EnsuredDemo> {
  const target = resolve(path);
  const started = performance.now();
  let told = false;
  for (;;) {
    if (existsSync(target)) return { path: target, built: false, waitedMs: performance.now() - started };
    const lock = await takeLock(`${target}.lock`);
    if (lock) {
      try {
        // Built by the previous holder between our look and our lock.
        if (existsSync(target)) return { path: target, built: false, waitedMs: performance.now() - started };
        await removeDeadBuilds(target);
        const waitedMs = performance.now() - started;
        await buildDemoWarehouse(target, options);
        return { path: target, built: true, waitedMs };
      } finally {
        await lock.release();
      }
    }
    if (!told) {
      told = true;
      onWait?.(await readFile(`${target}.lock`, 'utf8').catch(() => 'another process'));
    }
    await new Promise((r) => setTimeout(r, DEMO_LOCK_POLL_MS));
  }
}

interface LockHolder {
  pid: number;
  host: string;
}

/** Creates the lock file (exclusive), or takes over a stale one; null while a live builder holds it. */
async function takeLock(lockPath: string): Promise<{ release(): Promise<void> } | null> {
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockHolder);
  try {
    await writeFile(lockPath, mine, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (await isStale(lockPath)) {
      // Moved aside rather than deleted: of several processes that judged it stale, one moves it.
      const aside = `${lockPath}.stale-${process.pid}`;
      await rename(lockPath, aside).catch(() => undefined);
      await rm(aside, { force: true });
    }
    return null; // look again on the next round (the file may be complete by then)
  }
  const touch = setInterval(() => {
    const now = new Date();
    void utimes(lockPath, now, now).catch(() => undefined);
  }, DEMO_LOCK_TOUCH_MS);
  touch.unref();
  return {
    async release() {
      clearInterval(touch);
      await rm(lockPath, { force: true });
    },
  };
}

async function isStale(lockPath: string): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
    if (Date.now() - info.mtimeMs > DEMO_LOCK_STALE_MS) return true;
    const holder = JSON.parse(text) as Partial<LockHolder>;
    return holder.host === hostname() && typeof holder.pid === 'number' && !pidExists(holder.pid);
  } catch {
    // Gone meanwhile (look again), or half written by a holder that crashed right after creating
    // it (stale once the mtime above is old enough).
    return false;
  }
}

/**
 * Half-written databases of builders that died (`<path>.building-<pid>-<time>` and its WAL). Only
 * the lock holder calls this, and a holder whose lock was taken over is dead or hung.
 */
async function removeDeadBuilds(target: string): Promise<void> {
  const prefix = `${basename(target)}.building-`;
  for (const name of await readdir(dirname(target))) {
    if (name.startsWith(prefix)) await rm(join(dirname(target), name), { force: true });
  }
}
