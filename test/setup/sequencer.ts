/**
 * The order files start in: longest first, so that no minutes-long file starts last and leaves the
 * other workers idle at the end. A file's duration comes from vitest's cache of an earlier run
 * here; on a clean clone (CI) there is none, so from test/setup/durations.json, the seconds each file took in
 * a full run (`npm run test:durations REPORT.json` rewrites it from a run's JSON report; only the
 * ratios matter). A file in neither is placed by what it starts: processes, servers or a browser
 * (seconds of setup each) as a middling file, anything else as a short one.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Child processes, the browser, a cluster or the shared database servers: seconds of setup each. */
const HEAVY =
  /\b(spawn|execFile|run|startQuarryProcess|startCluster|launchChromium|startTestServer|startPostgres|startMariadb|startTpch\w+|\w+ForFile|engineForSuite|testStores|postgresEngine|mariadbEngine|quarryArgs)\(/;

/** Seconds for a file that is in no record: a heavy one, a light one. */
const UNKNOWN_HEAVY_S = 20;
const UNKNOWN_LIGHT_S = 1;

const recorded: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = new Map(files.map((f) => [f, this.seconds(f)]));
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || seconds.get(b)! - seconds.get(a)!,
    );
  }

  /** How long a file takes: this checkout's last run of it, else the record, else a guess from what it starts. */
  private seconds(file: TestSpecification): number {
    const path = relative(this.ctx.config.root, file.moduleId);
    const cached = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`);
    if (cached) return cached.duration / 1000;
    return recorded[path] ?? (HEAVY.test(readFileSync(file.moduleId, 'utf8')) ? UNKNOWN_HEAVY_S : UNKNOWN_LIGHT_S);
  }
}
