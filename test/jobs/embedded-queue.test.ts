/**
 * The embedded queue's start-up rule: a lone task starts on the next turn of the event loop, while
 * a burst of arrivals holds work back until the intake pauses — but never longer than
 * INTAKE_HOLD_MS, even when arrivals never stop. Timers and `performance.now` are faked, so the
 * assertions are about order and bounds, not about this host's speed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedQueue, INTAKE_HOLD_MS, INTAKE_QUIET_MS } from '../../src/jobs/embedded-queue.js';

/** A queue whose tasks record when they start and run until released. */
function recordingQueue(concurrency: number) {
  const queue = new EmbeddedQueue(concurrency, 1000);
  const started: string[] = [];
  const release: (() => void)[] = [];
  const push = (name: string, account?: string) =>
    void queue.push(
      () =>
        new Promise<void>((resolve) => {
          started.push(name);
          release.push(resolve);
        }),
      { account },
    );
  return { queue, started, release, push };
}

describe('embedded queue: when work starts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a lone task starts on the next turn, with no wait', async () => {
    const q = recordingQueue(4);
    q.push('only');
    expect(q.started).toEqual([]); // never inside the call that queued it
    await vi.advanceTimersByTimeAsync(0);
    expect(q.started).toEqual(['only']);
  });

  it('tasks arriving apart each start at once', async () => {
    const q = recordingQueue(4);
    for (const name of ['a', 'b', 'c']) {
      q.push(name);
      await vi.advanceTimersByTimeAsync(0);
      expect(q.started.at(-1)).toBe(name);
      await vi.advanceTimersByTimeAsync(INTAKE_QUIET_MS * 4);
    }
  });

  it('a burst starts no work until the intake pauses, then fills the free slots', async () => {
    const q = recordingQueue(3);
    for (let i = 0; i < 20; i++) q.push(`t${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(q.started).toEqual([]);
    // More keep coming, closer together than the quiet interval.
    for (let i = 20; i < 30; i++) {
      await vi.advanceTimersByTimeAsync(INTAKE_QUIET_MS / 2);
      q.push(`t${i}`);
      expect(q.started).toEqual([]);
    }
    await vi.advanceTimersByTimeAsync(INTAKE_QUIET_MS * 2);
    expect(q.started).toEqual(['t0', 't1', 't2']);
    // A finished task frees its slot for the next, at once (the intake is quiet now).
    q.release[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.started).toEqual(['t0', 't1', 't2', 't3']);
  });

  it('an intake that never pauses holds work back once, for at most INTAKE_HOLD_MS', async () => {
    const q = recordingQueue(2);
    let secondStartedAt = -1;
    for (let t = 0; t < INTAKE_HOLD_MS * 3; t += 1) {
      q.push(`t${t}`);
      await vi.advanceTimersByTimeAsync(1);
      // The first came alone and started at once; the second is part of a burst.
      if (t === 0) expect(q.started).toEqual(['t0']);
      if (secondStartedAt < 0 && q.started.length > 1) secondStartedAt = t;
      // Once the hold is over, a freed slot is filled on the next turn although arrivals go on.
      if (t === INTAKE_HOLD_MS * 2) {
        expect(q.started).toHaveLength(2);
        q.release[0]!();
        await vi.advanceTimersByTimeAsync(0);
        expect(q.started).toHaveLength(3);
      }
    }
    expect(secondStartedAt).toBeGreaterThan(INTAKE_QUIET_MS);
    expect(secondStartedAt).toBeLessThanOrEqual(INTAKE_HOLD_MS + INTAKE_QUIET_MS);
  });

  it('accounts still take turns after a burst', async () => {
    const q = recordingQueue(1);
    for (let i = 0; i < 3; i++) q.push(`a${i}`, 'a');
    for (let i = 0; i < 3; i++) q.push(`b${i}`, 'b');
    await vi.advanceTimersByTimeAsync(INTAKE_QUIET_MS * 2);
    for (let i = 0; i < 5; i++) {
      q.release[i]!();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(q.started).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
  });
});
