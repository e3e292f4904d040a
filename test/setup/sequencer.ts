/**
 * The order files start in. With durations from an earlier run (vitest's cache), vitest's own:
 * longest first. On a clean clone there are none, and vitest's fallback (larger files first) may
 * start a minutes-long file last, leaving the other workers idle at the end; so files that start
 * processes, servers or a browser (the long ones) go first, in vitest's order otherwise.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Child processes, the browser, a cluster or the shared database servers: seconds of setup each. */
const HEAVY =
  /\b(spawn|execFile|startQuarryProcess|startCluster|launchChromium|startTestServer|startPostgres|startMariadb|startTpch\w+|\w+ForFile|engineForSuite|testStores|postgresEngine|mariadbEngine)\(/;

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (f: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`);
    if (sorted.some(known)) return sorted;
    const heavy = new Set(sorted.filter((f) => HEAVY.test(readFileSync(f.moduleId, 'utf8'))));
    return [...sorted.filter((f) => heavy.has(f)), ...sorted.filter((f) => !heavy.has(f))];
  }
}
