/**
 * Issue 26's chaos scenario scaled to fit CI (the longer drill: `npm run bench chaos`): 2 API and
 * 2 worker processes (real children running the scripted engine, so questions take a set time)
 * on one real PostgreSQL, through a PostgreSQL restart, kill -9 of a worker, kill -9 of an API,
 * SIGTERM of each role and a CPU-saturated host, with questions submitted in every phase:
 * nothing lost, nothing finished twice, nothing processing past its limit, nothing failed by a
 * takeover that was no restart, and every process ready again soon after PostgreSQL is back.
 */
import { describe, expect, it } from 'vitest';
import { runChaos } from '../helpers/chaos.js';
import { killStartedQuarryProcesses } from '../helpers/quarry-process.js';

describe('chaos: restarts, kills, stop signals and a busy host under 2 API + 2 workers', () => {
  it('loses nothing, finishes nothing twice, leaves nothing processing', async () => {
    try {
      const outcome = await runChaos({
        key: 'chaos-key-0123456789abcdef0123456789abcdef',
        launch: { script: 'scripted-server' },
        env: {
          QUARRY_LOG_LEVEL: 'info',
          QUARRY_CONCURRENCY: '4',
          QUARRY_QUEUE_DEPTH: '1000',
          QUARRY_ACCOUNT_MAX_ACTIVE: '1000',
          QUARRY_RATE_LIMIT_MAX: '100000',
          QUARRY_SHUTDOWN_GRACE_MS: '2000',
          QUARRY_INQUIRY_TIMEOUT_MS: '20000',
        },
        questions: 70,
        // some end at once, some are running when the fault lands
        question: (i) => `sleep ${(i % 5) * 250} then done #${i}`,
        busyMs: 3000,
        settleMs: 25_000,
        limitMs: 20_000 + 10_000,
        log: (l) => console.log(l),
      });
      console.log(
        `chaos (busy 2-core host): ${JSON.stringify({ ...outcome, submitted: outcome.submitted.length, phases: outcome.phases.map((p) => `${p.name} ${(p.ms / 1000).toFixed(1)} s`) })}`,
      );
      expect(outcome.submitted.length).toBe(70);
      expect(outcome.lost).toEqual([]);
      expect(outcome.duplicated).toEqual([]);
      expect(outcome.pastLimit).toEqual([]);
      expect(outcome.failedByTakeover).toEqual([]);
      expect(outcome.statuses).toEqual({ done: 70 });
      expect(outcome.readyAfterRestartMs).toBeLessThan(10_000);
    } finally {
      await killStartedQuarryProcesses();
    }
  }, 300_000);
});
