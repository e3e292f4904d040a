/**
 * Is the owner of an inquiry gone? The process registry holds each process's lease (renewed every
 * QUARRY_HEARTBEAT_MS), its pid and its host. A lease that ran out alone does not make a process
 * gone: on a saturated host a live process's event loop can miss renewals for seconds. A process
 * is gone when
 *  - it is on this host (same host name and PID namespace) and its pid no longer exists, lease or
 *    not (a dead process runs nothing; taking its work at once is never a false takeover);
 *  - its lease ran out and it is on another host (nothing else can be checked from here);
 *  - its lease ran out, its pid lives on this host, but a later-registered process has the same
 *    pid (the pid was reused, e.g. a restarted container);
 *  - it ran in this very process (several runtimes in one: tests) and is no longer registered here;
 *  - it has no row in the registry.
 * A live process whose lease ran out keeps its work; if it is wedged, the watchdog's deadline
 * still ends its inquiries `timeout`.
 */
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import type { ProcessRecord } from '../store/repositories.js';
import { pidExists } from '../pid.js';

/** This host as the registry names it: host name plus PID namespace (containers sharing a host name do not share pids). */
export const THIS_HOST: string = (() => {
  try {
    return `${hostname()}#${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return hostname();
  }
})();

/**
 * Owners running in this very process (several runtimes can share one: tests, embedders). For
 * them the answer is exact: alive while registered here, whatever their lease says.
 */
const ownersHere = new Set<string>();
export function registerOwnerHere(owner: string): void {
  ownersHere.add(owner);
}
export function unregisterOwnerHere(owner: string): void {
  ownersHere.delete(owner);
}

/**
 * What the registry says of `owner` (see the module comment): `alive`; `dead` (no such pid on this
 * host: taken over at once, lease or not); `lapsed` (lease ran out and nothing shows it alive, or
 * no row at all: taken over only while the lease still shows as run out, compare-and-set).
 * `registry` holds the rows of the owner and of the processes on its host (to notice a reused pid).
 */
export function ownerState(
  owner: string,
  registry: Pick<ProcessRecord, 'id' | 'pid' | 'host' | 'started_at' | 'lease_until'>[],
  now: number,
  exists: (pid: number) => boolean = pidExists,
): 'alive' | 'dead' | 'lapsed' {
  const row = registry.find((p) => p.id === owner);
  if (!row) return 'lapsed';
  const local = row.host === THIS_HOST;
  if (local && row.pid === process.pid) return ownersHere.has(owner) ? 'alive' : row.lease_until >= now ? 'alive' : 'dead';
  if (local && !exists(row.pid)) return 'dead';
  if (row.lease_until >= now) return 'alive';
  if (!local) return 'lapsed';
  const replaced = registry.some((p) => p.id !== owner && p.host === row.host && p.pid === row.pid && p.started_at > row.started_at);
  return replaced ? 'lapsed' : 'alive';
}
