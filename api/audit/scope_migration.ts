// The audit entries written before issue 48 named the stations of their actor and their target in
// one list, and were filed under each: a station admin read a colleague's entries about other
// stations' users. Entries now name their target's stations (`targetStations`) and a station
// admin's log reads its own index (store.ts `audit`). This gives the old entries their target's
// stations where the old list tells them for certain, once, at start (seed.ts), and removes the
// old index keys. An entry where it cannot be told keeps no target's stations: it is shown to
// those who see all stations and to its actor, never to a station admin by mistake.

import { ANONYMOUS } from "../store/audit.ts";
import type { AuditEntry } from "../store/records.ts";
import { keys } from "../store/keys.ts";
import { OPERATOR } from "../kv/operator.ts";
import { AUDIT_RETENTION_DAYS } from "../rules/audit.ts";
import { commitGroups, WriteGroup } from "../kv/limits.ts";

/** Actors that are no account, so an old entry's stations are all its target's. */
const NO_ACCOUNT = new Set([ANONYMOUS, "system", OPERATOR]);

/** Areas whose entries always name an account as their target (not settings, not reference
 * lists, whose targets are texts and whose stations were the actor's only). */
const ACCOUNT_AREAS = new Set([
  "login",
  "logout",
  "password",
  "user",
  "sessions",
  "request",
  "activation",
  "password-reset",
  "registration",
  "two_factor",
]);

/**
 * The target's stations of an entry written before issue 48, or null when its stations do not
 * tell them for certain: all of them when the actor is no account or is the target itself; the
 * only one when there is one and the target is an account (the actor's and the target's were
 * the same); otherwise not known.
 */
export function oldTargetStations(e: AuditEntry): string[] | null {
  const stations = e.stations ?? [];
  if (stations.length === 0) return null;
  if (NO_ACCOUNT.has(e.actor) || e.actor.toUpperCase() === e.target.toUpperCase()) {
    return stations;
  }
  const area = e.action.split(".")[0];
  return stations.length === 1 && ACCOUNT_AREAS.has(area) ? stations : null;
}

/** Entries staged before their writes (each entry a group of one check and a few mutations,
 * packed by kv/limits.ts into writes a denokv server takes: 10 entries a write). */
const CHUNK = 500;

/**
 * Gives the audit entries from before issue 48 their target's stations and files them under
 * `auditsInStation`, removing the old `auditsByStation` keys; once (a marker says it was done).
 * Each entry keeps its expiry: the retention counted from its time.
 */
export async function scopeOldAuditEntries(
  kv: Deno.Kv,
  now: number,
  retentionDays = AUDIT_RETENTION_DAYS,
): Promise<number> {
  if ((await kv.get(keys.auditScoped())).value !== null) return 0;
  let groups: WriteGroup[] = [];
  let done = 0;
  let complete = true;
  /** Commits the staged entries; one that changed meanwhile leaves the work for the next start. */
  const commit = async () => {
    const res = await commitGroups(kv, groups);
    done += res.committed;
    if (!res.ok) complete = false;
    groups = [];
  };
  for await (const e of kv.list<AuditEntry>({ prefix: keys.audits() })) {
    const entry = e.value;
    if (entry.stations === undefined || entry.targetStations !== undefined) continue;
    const left = Date.parse(entry.at) + retentionDays * 86_400_000 - now;
    if (!(left > 0)) continue;
    const { stations, ...rest } = entry;
    const targets = oldTargetStations(entry);
    const kept = { expireIn: left };
    // the entry and its index carry their expiry time (kv/expiry.ts)
    const until = now + left;
    const scoped = { ...rest, expiresAt: until };
    const group = new WriteGroup().check(e)
      .set(e.key, targets === null ? scoped : { ...scoped, targetStations: targets }, kept);
    for (const s of stations) group.delete(keys.auditByStation(s, entry._id));
    for (const s of targets ?? []) group.set(keys.auditInStation(s, entry._id), until, kept);
    groups.push(group);
    if (groups.length === CHUNK) await commit();
  }
  if (groups.length > 0) await commit();
  if (complete) await kv.set(keys.auditScoped(), new Date(now).toISOString());
  return done;
}
