/**
 * Creates a pg-boss queue unless it exists, safe when several processes start at once: two
 * processes creating two different queues at the same moment can deadlock in PostgreSQL (each
 * `create_queue` inserts a row and creates a partition table), and the one chosen as victim is
 * rolled back. So a failed create is tried again, a few times with a short random pause, until the
 * queue exists (created here or by another process).
 */
import type PgBoss from 'pg-boss';

export async function ensureQueue(boss: PgBoss, name: string, options: PgBoss.Queue, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, options);
      return;
    } catch (err) {
      if (await boss.getQueue(name)) return; // another process created it at the same moment
      if (attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
    }
  }
}
