/**
 * One dedicated Postgres connection that LISTENs for notifications (wake-ups, stops, new jobs).
 * Pooled connections cannot listen: a LISTEN belongs to its session. When the connection drops,
 * it reconnects with backoff (100 ms doubling up to 5 s) and tells its reconnect hooks, because
 * notifications sent while it was away are lost: callers re-check what they wait for.
 */
import pg from 'pg';
import type { Logger } from 'pino';

export type NotificationHandler = (payload: string) => void;

export interface PgListenerOptions {
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export class PgListener {
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private readonly reconnectHooks = new Set<() => void>();
  private stopped = false;
  private backoffMs: number;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  /** Times the connection was re-established after a loss (the tests read it). */
  reconnects = 0;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
    private readonly options: PgListenerOptions = {},
  ) {
    this.backoffMs = options.minBackoffMs ?? 100;
  }

  /** Connects and LISTENs on every channel registered so far (throws when the database is unreachable at start-up). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Registers a handler for a channel (LISTENing on it if connected); returns its removal. */
  async listen(channel: string, handler: NotificationHandler): Promise<() => void> {
    let set = this.handlers.get(channel);
    if (!set) {
      this.handlers.set(channel, (set = new Set()));
      if (this.client) await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Called after each reconnect: notifications may have been missed meanwhile. */
  onReconnect(hook: () => void): () => void {
    this.reconnectHooks.add(hook);
    return () => this.reconnectHooks.delete(hook);
  }

  get connected(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.connecting?.catch(() => undefined);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: 'quarry-listener', keepAlive: true });
      client.on('error', (err) => this.lost(client, err));
      client.on('end', () => this.lost(client, null));
      client.on('notification', (n) => {
        const set = this.handlers.get(n.channel);
        if (!set) return;
        for (const h of [...set]) {
          try {
            h(n.payload ?? '');
          } catch (err) {
            this.log.warn({ err, channel: n.channel }, 'notification handler failed');
          }
        }
      });
      try {
        await client.connect();
        for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (err) {
        await client.end().catch(() => undefined);
        throw err;
      }
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.backoffMs = this.options.minBackoffMs ?? 100;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: pg.Client, err: Error | null): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.stopped) return;
    this.log.warn({ err }, 'the notification connection to Postgres was lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 5000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().then(
        () => {
          if (this.stopped) return;
          this.reconnects++;
          this.log.info('the notification connection to Postgres is back');
          for (const hook of [...this.reconnectHooks]) hook();
        },
        (err) => {
          this.log.debug({ err }, 'reconnecting the notification connection failed');
          this.scheduleReconnect();
        },
      );
    }, wait);
    this.reconnectTimer.unref();
  }
}
