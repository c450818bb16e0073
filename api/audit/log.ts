// Reading the audit log (design 5.4): newest first with a KV cursor, never a count of the whole
// log; a filter by actor, target or action, and a station admin's scope, read that filter's index
// keys, written with each entry (store.ts's `audit`), and every entry and index key expires after
// the retention setting. Ids begin with their time, so a date range is a key range of the log
// and of every index: the range is read, never the log around it.

import { idTime } from "../store/ids.ts";
import type { AuditEntry } from "../store/records.ts";
import { keys } from "../store/keys.ts";
import { withSummaryCode } from "./summary.ts";

/** What a page of the log asks for. */
export interface AuditQuery {
  limit: number;
  cursor?: string;
  actor?: string;
  target?: string;
  action?: string;
  /** The caller's station when it does not see all: entries about a user of it, and the
   * caller's own (`self`), from its index (entries from before entries named their target's
   * stations: the caller's own only). */
  station?: string;
  /** The caller's code, with `station`. */
  self?: string;
  /** The first and last ms of the range, both included. */
  from?: number;
  to?: number;
}

/** The filters of a query without its page (what the export follows). */
export type AuditFilter = Omit<AuditQuery, "limit" | "cursor">;

/** Index entries one request reads at most: a rare filter combination answers a short page and a
 * cursor to go on, rather than scanning the whole log. */
export const SCAN_LIMIT = 2000;

/** Whether an entry passes the filters (the one an index answered is checked again: harmless). */
export function passes(e: AuditEntry, q: AuditFilter): boolean {
  return (q.actor === undefined || e.actor.toUpperCase() === q.actor.toUpperCase()) &&
    (q.target === undefined || e.target.toUpperCase() === q.target.toUpperCase()) &&
    (q.action === undefined || e.action === q.action || e.action.startsWith(`${q.action}.`)) &&
    (q.station === undefined || inStation(e, q.station, q.self));
}

/** Whether a station admin of `station` (`self`) sees an entry: its target belongs to the
 * station, or the admin made it (issue 48). Never because its actor works there. */
function inStation(e: AuditEntry, station: string, self: string | undefined): boolean {
  if ((e.targetStations ?? []).includes(station.toUpperCase())) return true;
  return self !== undefined && e.actor.toUpperCase() === self.toUpperCase();
}

/** The index that answers a query best (actor, then target, then the station, then action), or
 * the log itself. */
export function source(q: AuditFilter): Deno.KvKey {
  if (q.actor !== undefined) return keys.auditsByActor(q.actor);
  if (q.target !== undefined) return keys.auditsByTarget(q.target);
  if (q.station !== undefined) return keys.auditsInStation(q.station);
  if (q.action !== undefined) return keys.auditsByAction(q.action);
  return keys.audits();
}

/** The keys of a source within the query's range: ids from the first ms of `from` to before the
 * ms after `to` ("~" is above every id's characters). */
export function selector(q: AuditFilter): Deno.KvListSelector {
  const prefix = [...source(q)];
  if (q.from === undefined && q.to === undefined) return { prefix };
  return {
    start: keys.auditAt(prefix, q.from === undefined ? "" : idTime(q.from)),
    end: keys.auditAt(prefix, q.to === undefined ? "~" : idTime(q.to + 1)),
  };
}

/** A page of entries, newest first, and the cursor of the next page (null at the end). */
export async function auditPage(
  kv: Deno.Kv,
  q: AuditQuery,
): Promise<{ entries: AuditEntry[]; cursor: string | null }> {
  const direct = source(q).length === 1; // the log itself: its values are the entries
  const iter = kv.list<AuditEntry | null>(selector(q), {
    reverse: true,
    cursor: q.cursor || undefined,
    limit: SCAN_LIMIT,
    batchSize: Math.min(500, Math.max(q.limit * 2, 50)),
  });
  const entries: AuditEntry[] = [];
  let after: string | null = null; // the cursor just after the page's last entry
  let more = false; // a matching entry exists after the page
  // candidates waiting to be read (index mode), each with the cursor just after it
  let pending: { id: string; cursor: string }[] = [];
  /** Reads the waiting candidates in order: to the page while it has room, then one is enough
   * to know there is a next page. */
  const take = async () => {
    const found = await kv.getMany<AuditEntry[]>(pending.map((p) => keys.audit(p.id)));
    for (const [i, e] of found.entries()) {
      if (e.value === null || !passes(e.value, q)) continue;
      if (entries.length >= q.limit) {
        more = true;
        break;
      }
      entries.push(withSummaryCode(e.value));
      after = pending[i].cursor;
    }
    pending = [];
  };
  let scanned = 0;
  for await (const e of iter) {
    scanned++;
    if (direct) {
      if (e.value !== null && passes(e.value, q)) {
        if (entries.length >= q.limit) {
          more = true;
          break;
        }
        entries.push(withSummaryCode(e.value));
        after = iter.cursor;
      }
    } else {
      pending.push({ id: e.key[e.key.length - 1] as string, cursor: iter.cursor });
      if (pending.length === 10) await take();
      if (more) break;
    }
  }
  if (pending.length > 0) await take();
  // the scan limit reached before the question was settled: there may be more after it
  if (!more && scanned === SCAN_LIMIT) {
    more = true;
    after = iter.cursor;
  }
  return { entries, cursor: more ? after : null };
}
