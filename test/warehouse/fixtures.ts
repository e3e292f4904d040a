/**
 * Shared fixtures of the warehouse tests: a small data folder (two real TPC-H Parquet files, one
 * CSV) with a secret file beside it and a sibling folder, so tests can prove that only the data
 * files are readable.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { TPCH_DIR } from '../helpers/paths.js';
export { TPCH_DIR };

export interface DataFolder {
  root: string;
  /** The warehouse folder: region.parquet, nation.parquet, sales.csv. */
  data: string;
  /** A file beside the data files that must stay unreadable. */
  secret: string;
  /** A Parquet file in a sibling folder that must stay unreadable. */
  sibling: string;
  /** Where a write attack would create a file. */
  canary: string;
  cleanup(): void;
}

export function makeDataFolder(): DataFolder {
  const root = mkdtempSync(join(tmpdir(), 'quarry-wh-test-'));
  const data = join(root, 'data');
  const other = join(root, 'other');
  mkdirSync(data);
  mkdirSync(other);
  copyFileSync(join(TPCH_DIR, 'region.parquet'), join(data, 'region.parquet'));
  copyFileSync(join(TPCH_DIR, 'nation.parquet'), join(data, 'nation.parquet'));
  writeFileSync(join(data, 'sales.csv'), 'id,amount,day\n1,10.5,2024-01-02\n2,20.25,2024-01-03\n3,5,2024-02-01\n');
  const secret = join(data, 'secret.txt');
  writeFileSync(secret, 'TOP-SECRET-CANARY\n');
  const sibling = join(other, 'orders.parquet');
  copyFileSync(join(TPCH_DIR, 'region.parquet'), sibling);
  const canary = join(root, 'canary-out.csv');
  return { root, data, secret, sibling, canary, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
