/**
 * One process's start-up share of the demo warehouse, for tests of building it once per data dir:
 * `demo-builder.ts PATH SCALE` ensures the database and prints one JSON line
 * {pid, built, waitedMs, ino} (ino: the file it found or made; equal for every process that used one build).
 */
import { statSync } from 'node:fs';
import { ensureDemoWarehouse } from '../../src/warehouse/demo.js';

const [path, scale] = process.argv.slice(2);
const r = await ensureDemoWarehouse(path!, { scale: Number(scale) }, (holder) => process.stderr.write(`waiting for ${holder}\n`));
process.stdout.write(
  JSON.stringify({ pid: process.pid, built: r.built, waitedMs: Math.round(r.waitedMs), ino: statSync(r.path).ino }) + '\n',
);
