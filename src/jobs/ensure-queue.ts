/**
 * Creates a pg-boss queue unless it exists, safe when several processes start at once: two
 * processes creating two different queues at the same moment can deadlock in PostgreSQL (each
 * `create_queue` inserts a row and creates a partition table), and the one chosen as victim is
 * rolled back. So a failed create is tried again, up to ten times after a random pause that grows,
 * until the queue exists (created here or by another process).
 */
import type PgBoss from 'pg-boss';

export async function ensureQueue(boss: PgBoss, name: string, options: PgBoss.Queue, attempts = 10): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, options);
      return;
    } catch (err) {
      if (await boss.getQueue(name)) return; // another process created it at the same moment
      if (attempt >= attempts) throw err;
      // Random and growing (up to ~3 s): processes that collided once must not meet again. On a
      // saturated host five tries 50-1000 ms apart were seen to deadlock every time.
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100 * 2 ** Math.min(attempt, 5)));
    }
  }
}
