// The audit writer (design 5.4): an entry and its indexes, added to the caller's atomic operation
// so that the entry is written with the change it records, or not at all.

import { AUDIT_RETENTION_DAYS, type AuditAction, type AuditChange } from "../rules/audit.ts";
import { type FlagHolder, heldFlags } from "../rules/flags.ts";
import type { Problem } from "../rules/messages.ts";
import { newId } from "./ids.ts";
import { keys } from "./keys.ts";
import type { AuditEntry, AuditParty, Settings } from "./records.ts";

/** When an audit entry is written, and how long it is kept from then (ms). */
export interface AuditTime {
  now: number;
  keepMs: number;
}

/** What of the settings the audit writer reads: how long entries are kept. */
export type AuditSettings = Pick<Settings, "auditRetentionDays">;

/** The time of an entry written at `now` under `settings`, those its caller read in the same
 * request or operation (a session's, the settings route's, a sign-in's): kept for their
 * retention, or the default when they do not say. There is no retention of the process: two
 * apps on two stores each keep their entries for their own. */
export function auditAt(now: number, settings: AuditSettings): AuditTime {
  return { now, keepMs: (settings.auditRetentionDays ?? AUDIT_RETENTION_DAYS) * 24 * 3600_000 };
}

/** The actor of entries made by callers who are not signed in (they may claim any code). */
export const ANONYMOUS = "anonymous";

/** Text for an audit entry: control characters (line breaks that could fake a second entry)
 * become spaces, and at most `max` characters are kept. */
export function auditText(text: string, max = 200): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").slice(0, max);
}

/** The code an audit party names. */
const codeOf = (party: AuditParty) => (typeof party === "string" ? party : party.employeeCode);

/** The stations of an audit party (upper-case, each once, none empty). */
function stationsOf(party: AuditParty): string[] {
  const all = typeof party === "string" ? [] : [party.station].flat();
  return [...new Set(all.map((s) => s.trim().toUpperCase()).filter((s) => s !== ""))];
}

/** The station of an actor that is an account seeing its own station only (a station admin,
 * a user), under which the entries it makes about others are filed too: its own log shows them.
 * Null for one that sees all stations, or a party that is no account record. */
function scopedStation(actor: AuditParty): string | null {
  if (typeof actor === "string" || !("role" in actor)) return null;
  if (heldFlags(actor as FlagHolder).canViewAllStations) return null;
  return stationsOf(actor)[0] ?? null;
}

/** An audit entry's summary: a message of the catalogue, or a text of data (a name, a list). */
export type AuditSummary = Problem | string;

/** What else an audit entry may record: the changed fields, the caller's address. */
export interface AuditMore {
  changes?: readonly AuditChange[];
  address?: string;
}

/**
 * Adds an audit entry to an atomic operation. `summary` is the server's own words: a message of
 * the catalogue (stored with its code and values) or a text of data (a name, a field list);
 * `detail` is text a caller typed (a request's reason), kept apart and shown as quoted data. An
 * actor or target given as an account records its station, and the entry is indexed under it.
 * `at` is the entry's time and retention (`auditAt`). Returns the entry's key.
 */
export function audit(
  op: Deno.AtomicOperation,
  at: AuditTime,
  actor: AuditParty,
  action: AuditAction,
  target: AuditParty,
  summary: AuditSummary,
  detail?: string,
  more: AuditMore = {},
): Deno.KvKey {
  const { now, keepMs } = at;
  const id = newId(now);
  const entry: AuditEntry = {
    _id: id,
    at: new Date(now).toISOString(),
    actor: codeOf(actor),
    action,
    target: auditText(codeOf(target), 80),
    summary: auditText(typeof summary === "string" ? summary : summary.message),
  };
  if (typeof summary !== "string") {
    entry.code = summary.code;
    entry.params = Object.fromEntries(
      Object.entries(summary.params).map(([k, v]) => [k, typeof v === "string" ? auditText(v) : v]),
    );
  }
  if (detail !== undefined && detail !== "") entry.detail = auditText(detail, 500);
  if (more.changes !== undefined && more.changes.length > 0) {
    entry.changes = more.changes.map((c) => ({
      field: auditText(c.field, 40),
      from: auditText(c.from, 100),
      to: auditText(c.to, 100),
    }));
  }
  if (more.address !== undefined) entry.address = auditText(more.address, 64);
  // filed under the target's stations only: never under the actor's for another station's
  // user (issue 48), except for a station admin's own entries, which its log shows
  const stations = stationsOf(target);
  if (stations.length > 0) entry.targetStations = stations;
  const own = scopedStation(actor);
  if (own !== null && !stations.includes(own)) stations.push(own);
  const kept = { expireIn: keepMs };
  // the entry and its indexes carry their expiry time, the indexes as their value (kv/expiry.ts)
  const until = entry.expiresAt = now + keepMs;
  op.set(keys.audit(id), entry, kept)
    .set(keys.auditByActor(entry.actor, id), until, kept)
    .set(keys.auditByTarget(entry.target, id), until, kept)
    .set(keys.auditByAction(action, id), until, kept);
  const area = action.split(".")[0];
  if (area !== action) op.set(keys.auditByAction(area, id), until, kept);
  for (const station of stations) op.set(keys.auditInStation(station, id), until, kept);
  return keys.audit(id);
}
