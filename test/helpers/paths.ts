import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests run from a clean clone wherever it is). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The TPC-H evaluation warehouse (Parquet), in `../shared` beside the checkout. */
export const TPCH_DIR = process.env.QUARRY_TPCH_DIR ?? resolve(REPO_ROOT, '../shared/eval/tpch');
/** The TPC-H tables, parents before children (the order a loader creates and fills them). */
export const TPCH_TABLES = ['region', 'nation', 'supplier', 'customer', 'part', 'partsupp', 'orders', 'lineitem'] as const;

/**
 * A tenth of the orders and their line items (order keys are spread over all dates): enough for
 * every reference case to return rows, and ten times less work for MariaDB's index-lookup joins.
 * Engines compared with each other must both be built with it.
 */
export const TENTH_OF_ORDERS: Record<string, string> = { lineitem: 'l_orderkey <= 60000', orders: 'o_orderkey <= 60000' };
