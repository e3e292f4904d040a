/**
 * The embedded queue: in-process, bounded. At most `concurrency` tasks run at once (p-limit); at
 * most `depth` wait. Beyond that, `push` refuses with QueueFullError instead of growing memory.
 */
import pLimit, { type LimitFunction } from 'p-limit';

export class QueueFullError extends Error {
  override name = 'QueueFullError';
  constructor(readonly retryAfterSeconds: number) {
    super('The server is busy: too many inquiries are waiting. Retry later.');
  }
}

export class EmbeddedQueue {
  private readonly limit: LimitFunction;
  constructor(concurrency: number, private readonly depth: number) {
    this.limit = pLimit(concurrency);
  }
  get running(): number {
    return this.limit.activeCount;
  }
  get waiting(): number {
    return this.limit.pendingCount;
  }
  /** Runs `task` when a slot frees; rejects at once when the waiting line is full. */
  push(task: () => Promise<void>, force = false): Promise<void> {
    if (!force && this.limit.pendingCount >= this.depth) throw new QueueFullError(5);
    return this.limit(task);
  }
  /** Resolves once nothing runs or waits, or after `ms`. */
  async drain(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (this.limit.activeCount + this.limit.pendingCount > 0) {
      if (Date.now() >= until) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }
  clearWaiting(): void {
    this.limit.clearQueue();
  }
}
