/**
 * Several processes starting at once on a fresh PostgreSQL each create the deployment's pg-boss
 * queues (the inquiry queue and the report tick): two creates of different queues at the same moment
 * can deadlock, and the victim must try again, never fail the process's start (seen in CI: a worker
 * exited with 40P01 "deadlock detected" from create_queue while an API created the other queue).
 */
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureQueue } from '../../src/jobs/ensure-queue.js';
import { postgresForFile, type FileDatabases } from '../helpers/shared-servers.js';

let server: FileDatabases;
beforeAll(async () => {
  server = await postgresForFile('ensure_queue');
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('queues created by several processes at once', () => {
  it('every start succeeds and each queue exists once, round after round on fresh databases', async () => {
    for (let round = 0; round < 4; round++) {
      const url = await server.createDatabase(`eq${round}`);
      const bosses = Array.from({ length: 4 }, () => new PgBoss({ connectionString: url, max: 2 }));
      for (const b of bosses) b.on('error', () => undefined);
      try {
        // (pg-boss installs its schema under an advisory lock: one after the other is its own business)
        for (const b of bosses) await b.start();
        const names = ['inquiries_t', 'report_tick_t', 'third_t'];
        await Promise.all(
          bosses.flatMap((b, i) =>
            names.map((_, k) => {
              const name = names[(i + k) % names.length]!;
              return ensureQueue(b, name, { name, policy: 'standard' });
            }),
          ),
        );
        for (const name of names) expect((await bosses[0]!.getQueue(name))?.name).toBe(name);
        expect((await bosses[0]!.getQueues()).filter((q) => names.includes(q.name))).toHaveLength(names.length);
      } finally {
        await Promise.all(bosses.map((b) => b.stop({ graceful: false, wait: false }).catch(() => undefined)));
      }
    }
  }, 120_000);
});
