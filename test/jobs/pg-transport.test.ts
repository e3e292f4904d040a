/**
 * The Postgres transport parts on their own, each instance with its own connections as separate
 * processes would have: wake-ups through LISTEN/NOTIFY (latency, reconnect after the listening
 * connection is killed), and pg-boss retries with backoff.
 */
import { testPool } from '../helpers/postgres.js';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgInquiryEvents } from '../../src/inquiries/pg-events.js';
import { PgListener } from '../../src/jobs/pg-listener.js';
import { PgJobQueue } from '../../src/jobs/pg-queue.js';
import type { QueuedInquiry } from '../../src/jobs/queue.js';
import { QueueFullError } from '../../src/jobs/embedded-queue.js';
import { postgresForFile, type FileDatabases } from '../helpers/shared-servers.js';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: FileDatabases;
beforeAll(async () => {
  server = await postgresForFile('transport');
}, 30_000);
afterAll(async () => {
  await server?.stop();
});

async function bus() {
  const pool = testPool(server.url);
  const listener = new PgListener(server.url, log, { minBackoffMs: 50, maxBackoffMs: 200 });
  await listener.start();
  const events = await PgInquiryEvents.create(pool, listener, log);
  return { pool, listener, events, close: async () => (await listener.stop(), await pool.end()) };
}

describe('wake-ups between two processes', () => {
  it('a terminal write in one wakes the waiters of that inquiry in the other, within milliseconds', async () => {
    const writer = await bus();
    const reader = await bus();
    try {
      const lags: number[] = [];
      const states = new Set<string | undefined>();
      for (let i = 0; i < 30; i++) {
        const id = `inq_${i}`;
        const woke = new Promise<number>((resolve) => {
          const off = reader.events.on(id, (_id, state) => (off(), states.add(state), resolve(performance.now())));
        });
        const other = reader.events.on(`inq_other_${i}`, () => lags.push(Number.NaN));
        const sent = performance.now();
        writer.events.emit(id, 'done');
        lags.push((await woke) - sent);
        other();
      }
      expect(lags.every((l) => Number.isFinite(l))).toBe(true);
      // the wake-up carries the terminal state written: the waiter need not read it back
      expect([...states]).toEqual(['done']);
      lags.sort((a, b) => a - b);
      // A notification, not a poll: the long-poll's own status checks are at least 2 s apart.
      // (Milliseconds on a quiet host; the bound leaves room for a saturated CI machine.)
      expect(lags[Math.floor(lags.length / 2)]!).toBeLessThan(200);
      expect(reader.events.size).toBe(0);
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('the announcement carries the status response when it fits in a notification, else the state alone', async () => {
    const writer = await bus();
    const reader = await bus();
    try {
      const heard = new Map<string, unknown>();
      const offs = ['inq_small', 'inq_big'].map((id) => reader.events.on(id, (_id, state, view) => heard.set(id, { state, view })));
      const small = JSON.stringify({ answer: 'revenue: 1,000', data: [{ 'a:b': 1 }] });
      const big = JSON.stringify({ rows: 'x'.repeat(9000) });
      for (const [id, json] of [
        ['inq_small', small],
        ['inq_big', big],
      ] as const) {
        const { channel, payload } = writer.events.announcement(id, 'done', { accountId: 'acc_1', json });
        await writer.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      }
      const end = Date.now() + 5_000;
      while (heard.size < 2 && Date.now() < end) await sleep(5);
      expect(heard.get('inq_small')).toEqual({ state: 'done', view: { accountId: 'acc_1', json: small } });
      expect(heard.get('inq_big')).toEqual({ state: 'done', view: undefined });
      for (const off of offs) off();
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('after its listening connection is killed it reconnects, wakes its waiters to re-check, and hears later notifications', async () => {
    const writer = await bus();
    const reader = await bus();
    try {
      let rechecks = 0;
      const statesHeard: (string | undefined)[] = [];
      const off = reader.events.on('inq_waiting', (_id, state) => (rechecks++, statesHeard.push(state)));
      await writer.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'quarry-listener' AND datname = current_database() AND pid <> pg_backend_pid()`,
      );
      const end = Date.now() + 5_000;
      while (reader.listener.reconnects === 0 && Date.now() < end) await sleep(20);
      expect(reader.listener.reconnects).toBeGreaterThan(0);
      // the reconnect woke the waiter, without a state, so that it reads the state it may have missed
      expect(rechecks).toBeGreaterThan(0);
      expect(statesHeard.every((s) => s === undefined)).toBe(true);
      const before = rechecks;
      writer.events.emit('inq_waiting', 'done');
      while (rechecks === before && Date.now() < end) await sleep(5);
      expect(rechecks).toBe(before + 1);
      expect(statesHeard.at(-1)).toBe('done');
      off();
    } finally {
      await writer.close();
      await reader.close();
    }
  }, 15_000);
});

describe('the pg-boss queue', () => {
  it('retries a job whose run failed, after a backoff, and refuses beyond its depth', async () => {
    const boss = new PgBoss({ connectionString: server.url, max: 3 });
    boss.on('error', () => undefined);
    await boss.start();
    const pool = testPool(server.url);
    const listener = new PgListener(server.url, log);
    await listener.start();
    try {
      const queue = await PgJobQueue.create(
        boss,
        pool,
        listener,
        { concurrency: 1, queueDepth: 2, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
        log,
      );
      const job: QueuedInquiry = { inquiryId: 'inq_flaky', accountId: 'acc_1', attempts: 0, timeLimitMs: 5_000 };
      await queue.submit(job);
      await queue.submit({ ...job, inquiryId: 'inq_second' });
      await expect(queue.submit({ ...job, inquiryId: 'inq_third' })).rejects.toBeInstanceOf(QueueFullError);
      await queue.submit({ ...job, inquiryId: 'inq_forced' }, { force: true });
      const calls: { id: string; at: number }[] = [];
      await queue.start(async (j) => {
        calls.push({ id: j.inquiryId, at: Date.now() });
        if (j.inquiryId === 'inq_flaky' && calls.filter((c) => c.id === 'inq_flaky').length === 1)
          throw new Error('the store is unreachable');
      });
      const end = Date.now() + 15_000;
      while (calls.filter((c) => c.id === 'inq_flaky').length < 2 && Date.now() < end) await sleep(50);
      const flaky = calls.filter((c) => c.id === 'inq_flaky');
      expect(flaky).toHaveLength(2);
      expect(flaky[1]!.at - flaky[0]!.at).toBeGreaterThanOrEqual(900);
      expect(
        calls
          .map((c) => c.id)
          .filter((id) => id !== 'inq_flaky')
          .sort(),
      ).toEqual(['inq_forced', 'inq_second']);
      expect(await queue.stop(1_000)).toBe(true);
      expect(await queue.waiting()).toBe(0);
    } finally {
      await listener.stop();
      await boss.stop({ graceful: false, wait: true });
      await pool.end();
    }
  }, 30_000);
});
