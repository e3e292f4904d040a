/**
 * Wake-ups across processes: the event bus over Postgres LISTEN/NOTIFY. A terminal write
 * NOTIFYs `quarry_inquiry` with `id:state:origin[:account:status JSON]` — in the write's own
 * statement (announcement()), so the notification leaves Postgres when the write commits, with no
 * round trip after it; every process LISTENs on one dedicated connection and wakes its own
 * long-polls for that inquiry with the state and, when it fits in a notification (under 8000
 * bytes), the status response itself, so a woken long-poll answers without reading the store. A
 * worker running it stops the run (a stop written by an API process cancels the statement on the
 * worker). The origin is skipped on receipt: the writing process has woken its own listeners.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { PgListener } from '../jobs/pg-listener.js';
import { InquiryEvents, type Announcement, type TerminalView } from './events.js';

export const INQUIRY_CHANNEL = 'quarry_inquiry';
/** Postgres refuses a notification payload of 8000 bytes or more (and with it the write that sends it). */
const MAX_PAYLOAD_BYTES = 7999;

export class PgInquiryEvents extends InquiryEvents {
  private readonly origin = randomUUID().slice(0, 8);

  private constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {
    super();
  }

  /** Listens on `listener` (which the caller starts and stops); NOTIFYs through `pool`. */
  static async create(pool: pg.Pool, listener: PgListener, log: Logger): Promise<PgInquiryEvents> {
    const events = new PgInquiryEvents(pool, log);
    await listener.listen(INQUIRY_CHANNEL, (payload) => events.received(payload));
    // Notifications sent while the connection was down are lost: every waiter re-checks its inquiry.
    listener.onReconnect(() => {
      for (const id of [...events.listeners.keys()]) events.wake(id);
    });
    return events;
  }

  override announcement(inquiryId: string, state: string, view?: TerminalView): Announcement {
    const head = `${inquiryId}:${state}:${this.origin}`;
    const full = view ? `${head}:${view.accountId}:${view.json}` : head;
    return { channel: INQUIRY_CHANNEL, payload: Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES ? full : head };
  }

  override emit(inquiryId: string, state = '', announced = false): void {
    this.wake(inquiryId, state || undefined);
    if (announced) return;
    const { channel, payload } = this.announcement(inquiryId, state);
    this.pool.query('SELECT pg_notify($1, $2)', [channel, payload]).catch((err) => {
      // Waiters elsewhere still see the state at their next poll tick.
      this.log.warn({ err, inquiryId }, 'announcing a finished inquiry to other processes failed');
    });
  }

  private received(payload: string): void {
    const [inquiryId, state, origin, accountId] = payload.split(':', 4);
    if (!inquiryId || origin === this.origin) return;
    const json = accountId ? payload.slice(inquiryId.length + state!.length + origin!.length + accountId.length + 4) : '';
    this.wake(inquiryId, state || undefined, json ? { accountId: accountId!, json } : undefined);
  }
}
