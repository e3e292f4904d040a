/**
 * Connection slots shared fairly between accounts. At most `capacity` statements hold a warehouse
 * connection at once, and at most `perAccount` of them belong to one account, so no account can
 * take every connection. Waiting statements queue per account; when a slot frees, the accounts
 * that wait take turns (round robin), so one account's long queue never holds back another's.
 */
import { WarehouseConnectionError } from './errors.js';

/** The account of work no caller asked for (start-up introspection, dimension values). */
export const SYSTEM_ACCOUNT = '(system)';

export type ReleaseSlot = () => void;

interface Waiter {
  account: string;
  grant: (release: ReleaseSlot) => void;
  fail: (err: unknown) => void;
}

export class FairSlots {
  private running = 0;
  private readonly held = new Map<string, number>();
  /** Waiting statements per account; Map order is the round-robin order. */
  private readonly lanes = new Map<string, Waiter[]>();
  private closed = false;

  constructor(
    readonly capacity: number,
    readonly perAccount: number,
  ) {
    if (capacity < 1 || perAccount < 1) throw new Error('FairSlots: capacity and perAccount must be at least 1');
  }

  /** Statements holding a slot, and waiting for one. */
  get stats(): { running: number; waiting: number } {
    let waiting = 0;
    for (const lane of this.lanes.values()) waiting += lane.length;
    return { running: this.running, waiting };
  }

  /** Resolves with the slot's release function; rejects with `signal.reason` if aborted while waiting. */
  acquire(account: string = SYSTEM_ACCOUNT, signal?: AbortSignal): Promise<ReleaseSlot> {
    if (this.closed) return Promise.reject(new WarehouseConnectionError('The warehouse is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.capacity && (this.held.get(account) ?? 0) < this.perAccount && !this.lanes.has(account)) {
      return Promise.resolve(this.take(account));
    }
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const onAbort = () => {
        const lane = this.lanes.get(account);
        const i = lane?.indexOf(waiter) ?? -1;
        if (lane && i >= 0) {
          lane.splice(i, 1);
          if (lane.length === 0) this.lanes.delete(account);
        }
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        account,
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        fail: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let lane = this.lanes.get(account);
      if (!lane) this.lanes.set(account, (lane = []));
      lane.push(waiter);
      this.dispatch();
    });
  }

  /** Refuses everything waiting; slots already held are released as usual. */
  close(): void {
    this.closed = true;
    const err = new WarehouseConnectionError('The warehouse is closed');
    for (const lane of this.lanes.values()) for (const w of lane) w.fail(err);
    this.lanes.clear();
  }

  private take(account: string): ReleaseSlot {
    this.running++;
    this.held.set(account, (this.held.get(account) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const n = (this.held.get(account) ?? 1) - 1;
      if (n === 0) this.held.delete(account);
      else this.held.set(account, n);
      this.dispatch();
    };
  }

  /** Hands free slots to waiting accounts in turn, skipping accounts at their share. */
  private dispatch(): void {
    while (this.running < this.capacity) {
      let granted = false;
      for (const [account, lane] of this.lanes) {
        if ((this.held.get(account) ?? 0) >= this.perAccount) continue;
        const waiter = lane.shift()!;
        // Served accounts go to the back of the line.
        this.lanes.delete(account);
        if (lane.length > 0) this.lanes.set(account, lane);
        waiter.grant(this.take(account));
        granted = true;
        break;
      }
      if (!granted) return;
    }
  }
}
