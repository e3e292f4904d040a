/**
 * Rewrites test/setup/durations.json (the sequencer's record for clean clones) from a vitest JSON
 * report: `npm run test:durations REPORT.json`, e.g. with the report .ci/run writes, or one from
 * `npx vitest run --reporter=json --outputFile=REPORT.json`, from any checkout (paths are kept from
 * `test/` on). Seconds per file, longest first.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const report = process.argv[2];
if (!report) {
  process.stderr.write('usage: npm run test:durations REPORT.json\n');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
  testResults: { name: string; startTime: number; endTime: number }[];
};
const seconds = testResults
  .map((f) => [f.name.slice(f.name.indexOf('/test/') + 1), Math.round((f.endTime - f.startTime) / 100) / 10] as const)
  .sort((a, b) => b[1] - a[1]);
writeFileSync(new URL('./durations.json', import.meta.url), `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
process.stdout.write(`recorded ${seconds.length} files\n`);
