// The KV layout in one module: every key the API writes is built here, and every change that
// touches more than one key is one atomic operation with versionstamp checks.

import { newId } from "./ids.ts";
import type { TemporaryPassword } from "./auth/one_time.ts";
import { AUDIT_RETENTION_DAYS, type AuditAction, type AuditChange } from "./rules/audit.ts";
import { type FlagHolder, heldFlags } from "./rules/flags.ts";
import type { TwoFactorPolicy } from "./rules/two_factor.ts";

/** Roles of the portal (design 3). */
export type Role = "super_admin" | "admin" | "user";

/** A staff account as stored; `passwordHash` never leaves the API. */
export interface UserRecord {
  _id: string;
  employeeCode: string;
  firstName: string;
  lastName: string;
  middleName: string;
  fullName: string;
  jobTitle: string;
  position: string;
  station: string;
  email: string;
  phone: string;
  workPhone: string;
  department: string;
  gender: "Male" | "Female";
  role: Role;
  isActive: boolean;
  activationStatus: string;
  permissions: string[];
  accessibleApps: string[];
  accessiblePages: string[];
  canManageUsers: boolean;
  canAccessAdminApps: boolean;
  canExtendPasswords: boolean;
  canViewAllStations: boolean;
  passwordHash: string;
  /** Hashes of the user's own latest passwords, newest first (the policy's history); never
   * leaves the API, like the hash. */
  passwordHistory?: string[];
  passwordCreated: string | null;
  lastPasswordChange: string | null;
  passwordExpiry: string | null;
  needsPasswordChange: boolean;
  /** A one-time or administrator-set password in use: one sign-in, until it expires. */
  temporaryPassword?: TemporaryPassword | null;
  /** Sessions begun at another epoch are over: raising it ends them all in one write. */
  sessionEpoch?: number;
  preferences: { language: string; theme: string; notifications: boolean; timezone: string };
  twoFactorEnabled: boolean;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  /** The operation id of the write that stored this record (a crypto.randomUUID() per request):
   * a write whose answer was lost, re-sent by the client and refused by its own checks, knows
   * its earlier commit by it (issue 49). Never answered. */
  opId?: string;
}

/** A user as the API answers it: everything but the hashes, the session epoch and the operation
 * id, with the sign-in fields (kept on a key of their own, auth/signin_state.ts). */
export type PublicUser =
  & Omit<UserRecord, "passwordHash" | "passwordHistory" | "sessionEpoch" | "opId">
  & {
    loginAttempts: number;
    lockedUntil: string | null;
    lastLogin: string | null;
    lastSeen: string | null;
  };

/** Kinds of requests staff send from the sign-in page. */
export type RequestKind = "activation" | "password-reset" | "registration";

/** A pending request (spec 002 section 3). */
export interface RequestRecord {
  _id: string;
  kind: RequestKind;
  employeeCode: string;
  reason: string;
  requestedAt: string;
  userInfo: { fullName: string };
  /** The station of the account (registrations: the one asked for): the queue's scope. */
  station?: string;
  /** Registration requests carry the new account's fields. */
  registration?: Record<string, string>;
  /** The account the request is about as it is now: added to a queue's answer, never stored. */
  account?: RequestAccount | null;
  /** The operation id of the submission that stored it (UserRecord.opId). Never answered. */
  opId?: string;
}

/** What a queue's card needs to know of the account a request is about (issue 48): whether it
 * is active, and the role, station and flags that decide who may act on it. */
export type RequestAccount = Pick<
  UserRecord,
  | "role"
  | "station"
  | "isActive"
  | "canManageUsers"
  | "canAccessAdminApps"
  | "canExtendPasswords"
  | "canViewAllStations"
>;

/** A signed-in session; the key is the SHA-256 of the token, never the token. */
export interface SessionRecord {
  employeeCode: string;
  createdAt: number;
  expiresAt: number;
  /** The user's session epoch when it began: valid while it is still the user's (auth/sessions.ts). */
  epoch?: number;
  /** When the policy requires a second factor the user has not set up: the time (ms) after which
   * the session may only set one up (two_factor/policy.ts). */
  twoFactorSetupBy?: number;
  /** The public id that names the session to end (rules/sessions.ts); none on older records. */
  id?: string;
  /** When it was last used (ms), kept to within a few minutes (auth/sessions.ts). */
  lastUsedAt?: number;
  /** The client's address at sign-in, as the sign-in throttle saw it. */
  address?: string;
  /** The sign-in's User-Agent, cut short (rules/user_agent.ts). */
  userAgent?: string;
  /** When its owner last confirmed their password in it (ms): the changes that ask for a
   * re-authentication are allowed for a few minutes after (rules/step_up.ts). */
  steppedUpAt?: number;
  /** The epoch of every session when it began (keys.sessionsEpoch; none: 0). */
  globalEpoch?: number;
}

/** The four reference lists of the converter. */
export type ReferenceList = "ulds" | "dgsl" | "xdgsl" | "lightake";

/** One reference entry (spec 001 section 3). */
export interface ReferenceEntry {
  _id: string;
  name: string;
  type: "uld" | "dgsl" | "xdgsl" | "lightake";
  weight?: number;
  description?: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
}

/** Super-admin settings (design 5.3, 7). */
export interface Settings {
  /** Hours a one-time or administrator-set password lasts (72 when not set). */
  oneTimePasswordHours?: number;
  minPasswordLength: number;
  uwsRouting: { priority: string; address: string; sender: string };
  /** International number of the developer's chat, linked in the footer ('' for none). */
  developerChat?: string;
  /** Days an audit entry is kept (400 when not set). */
  auditRetentionDays?: number;
  /** Whom a second factor is required of ("none" when not set). */
  twoFactorPolicy?: TwoFactorPolicy;
  /** When the policy last came to require more (ISO): the grace period runs from it. */
  twoFactorRequiredSince?: string;
  /** Days a newly required account may still sign in without a second factor (7 when not set). */
  twoFactorGraceDays?: number;
  /** Days a PC is remembered after a second factor (0 or not set: never). */
  rememberDeviceDays?: number;
  /** Hours a session lasts from its sign-in (8 when not set); open sessions keep their own. */
  sessionHours?: number;
  /** Minutes a session may go unused before it ends (60 when not set; open sessions too). */
  idleMinutes?: number;
  /** Failed sign-ins in a row that lock an account (5 when not set). */
  lockoutThreshold?: number;
  /** Minutes of a first lock, doubling on repeats up to 24 h (15 when not set). */
  lockoutMinutes?: number;
  /** Own latest passwords a change may not choose again (0 when not set: only the current). */
  passwordHistory?: number;
  /** Days a changed password lasts, and an approved activation by default (90 when not set). */
  passwordExpiryDays?: number;
}

/** One audit entry (design 5.4). */
export interface AuditEntry {
  _id: string;
  at: string;
  actor: string;
  action: string;
  target: string;
  summary: string;
  /** Text typed by the caller (anonymous callers included): data, never the server's words. */
  detail?: string;
  /** Entries from before issue 48: the actor's and the target's stations. Not read any more;
   * `scopeOldAuditEntries` derives `targetStations` from them where it can. */
  stations?: string[];
  /** The stations of the target when written (upper-case; before and after a move): a station
   * admin sees the entries about its station's users, and those it made itself (design 5.4,
   * issue 48). Entries without them are for those who see all stations, and for their actor. */
  targetStations?: string[];
  /** The fields an administrator changed, from and to (texts cut short; never a secret). */
  changes?: AuditChange[];
  /** The caller's network address (sign-in entries). */
  address?: string;
  /** When the entry expires (ms): a backup restores its expiry from it (kv/expiry.ts). */
  expiresAt?: number;
}

/** Who an audit entry names as actor or target: a code (no station: anonymous, the shell, a
 * code that is no account), or an account with its station (stations, when it moved). */
export type AuditParty = string | {
  employeeCode: string;
  station: string | readonly string[];
};

/** Keys of every record kind. */
export const keys = {
  user: (code: string) => ["users", code] as const,
  userPrefix: () => ["users"] as const,
  userByEmail: (email: string) => ["users_by_email", email.toLowerCase()] as const,
  session: (tokenHash: string) => ["sessions", tokenHash] as const,
  userSession: (code: string, createdAt: number, tokenHash: string) =>
    ["user_sessions", code, createdAt, tokenHash] as const,
  userSessions: (code: string) => ["user_sessions", code] as const,
  /** The epoch of every session (a number, none: 0): a super admin's sign-out of everyone moves
   * it on, and a session is valid while it began in the current one (auth/sessions.ts). */
  sessionsEpoch: () => ["sessions_epoch"] as const,
  request: (kind: RequestKind, code: string) => ["requests", kind, code] as const,
  requests: (kind: RequestKind) => ["requests", kind] as const,
  reference: (list: ReferenceList, id: string) => ["reference", list, id] as const,
  references: (list: ReferenceList) => ["reference", list] as const,
  referenceName: (list: ReferenceList, name: string) =>
    ["reference_names", list, name.toUpperCase()] as const,
  /** Written with every change of a reference list: its versionstamp tells a process whether
   * the lists it holds are current. */
  referenceStamp: () => ["reference_stamp"] as const,
  settings: () => ["settings"] as const,
  audit: (id: string) => ["audit", id] as const,
  audits: () => ["audit"] as const,
  /** The audit log's index keys, newest last like the log: by actor, target and action (an
   * action and its area, `user` for `user.create`). Codes are upper-cased. */
  auditsByActor: (actor: string) => ["audit_actor", actor.toUpperCase()] as const,
  auditsByTarget: (target: string) => ["audit_target", target.toUpperCase()] as const,
  auditsByAction: (action: string) => ["audit_action", action] as const,
  /** Entries from before issue 48, by their actor's and target's stations (no longer read or
   * written; `scopeOldAuditEntries` removes them). */
  auditsByStation: (station: string) => ["audit_station", station.toUpperCase()] as const,
  /** What a station admin's log reads: the entries about its station's users (the target's
   * station when written), and those its station's admins made about others (issue 48). */
  auditsInStation: (station: string) => ["audit_in_station", station.toUpperCase()] as const,
  /** Set once the entries from before issue 48 have their target's stations. */
  auditScoped: () => ["meta", "audit_scoped"] as const,
  seeded: () => ["meta", "seeded"] as const,
  /** An account's second factors (two_factor/store.ts). */
  twoFactor: (code: string) => ["two_factor", code] as const,
  /** The account a passkey (by its credential id) belongs to. */
  passkeyOwner: (credentialId: string) => ["passkey_owner", credentialId] as const,
  /** A PC remembered after a second factor (the SHA-256 of its cookie's token). */
  trustedDevice: (code: string, tokenHash: string) => ["trusted_device", code, tokenHash] as const,
  /** A sign-in waiting for its second factor (the SHA-256 of its token). */
  secondStep: (tokenHash: string) => ["second_step", tokenHash] as const,
  /** A WebAuthn challenge handed out and not yet answered. */
  webAuthnChallenge: (challenge: string) => ["webauthn_challenge", challenge] as const,
  /** How many active super admins there are (a KvU64 kept in every write that changes it). */
  activeSuperAdmins: () => ["meta", "active_super_admins"] as const,
  /** A bucket of the user list's compact index (users/index_buckets.ts). */
  userIndex: (bucket: number) => ["uidx", bucket] as const,
  userIndexes: () => ["uidx"] as const,
  /** Set once the index holds the users written before it existed. */
  userIndexBuilt: () => ["meta", "uidx_built"] as const,
  /** An account locked now (the value: when the lock ends), kept with its sign-in state. */
  lockedAccount: (code: string) => ["locked", code] as const,
  lockedAccounts: () => ["locked"] as const,
  throttle: (scope: string, id: string, window: number) => ["throttle", scope, id, window] as const,
  /** Set once the sign-in fields of older user records are on their own keys. */
  signInsMoved: () => ["meta", "signins_moved"] as const,
  /** A code's sign-in state, in one of the buckets of auth/signin_state.ts. */
  signIn: (bucket: number, code: string) => ["signin", bucket, code] as const,
  /** A slot of the table of sign-in states of codes that belong to nobody (auth/unknown_codes.ts). */
  unknownCode: (slot: number) => ["signin_unknown", slot] as const,
  /** The install's key of that table's keyed hash. */
  unknownCodesKey: () => ["meta", "signin_unknown_key"] as const,
  /** The station index by code of earlier versions: only taken away now. */
  requestByStation: (kind: RequestKind, station: string, code: string) =>
    ["requests_by_station", kind, station, code] as const,
  /** A pending request in time order (the value: the record), in every station or in one. */
  requestByTime: (kind: RequestKind, at: string, code: string, station?: string) =>
    station === undefined
      ? ["requests_by_time", kind, at, code] as const
      : ["requests_by_time_station", kind, station, at, code] as const,
  requestsByTime: (kind: RequestKind, station?: string) =>
    station === undefined
      ? ["requests_by_time", kind] as const
      : ["requests_by_time_station", kind, station] as const,
  /** Set once the requests have their time indexes and counts (the station index by code of
   * earlier versions is gone). */
  requestsTimeIndexed: () => ["meta", "requests_time_indexed"] as const,
  /** Pending requests of a kind (KvU64), all stations or one. */
  requestCount: (kind: RequestKind, station?: string) =>
    station === undefined
      ? ["meta", "request_count", kind] as const
      : ["meta", "request_count", kind, station] as const,
};

let auditRetentionMs = AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Sets how long new audit entries are kept (the settings' value, read by getSettings). */
export function setAuditRetention(days: number): void {
  auditRetentionMs = days * 24 * 60 * 60 * 1000;
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

/** What else an audit entry may record: the changed fields, the caller's address. */
export interface AuditMore {
  changes?: readonly AuditChange[];
  address?: string;
}

/**
 * Adds an audit entry to an atomic operation. `summary` is the server's own words; `detail` is
 * text a caller typed (a request's reason), kept apart so that it is shown as quoted data. An
 * actor or target given as an account records its station, and the entry is indexed under it.
 * Returns the entry's key.
 */
export function audit(
  op: Deno.AtomicOperation,
  now: number,
  actor: AuditParty,
  action: AuditAction,
  target: AuditParty,
  summary: string,
  detail?: string,
  more: AuditMore = {},
): Deno.KvKey {
  const id = newId(now);
  const entry: AuditEntry = {
    _id: id,
    at: new Date(now).toISOString(),
    actor: codeOf(actor),
    action,
    target: auditText(codeOf(target), 80),
    summary: auditText(summary),
  };
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
  const kept = { expireIn: auditRetentionMs };
  // the entry and its indexes carry their expiry time, the indexes as their value (kv/expiry.ts)
  const until = entry.expiresAt = now + auditRetentionMs;
  op.set(keys.audit(id), entry, kept)
    .set([...keys.auditsByActor(entry.actor), id], until, kept)
    .set([...keys.auditsByTarget(entry.target), id], until, kept)
    .set([...keys.auditsByAction(action), id], until, kept);
  const area = action.split(".")[0];
  if (area !== action) op.set([...keys.auditsByAction(area), id], until, kept);
  for (const station of stations) op.set([...keys.auditsInStation(station), id], until, kept);
  return keys.audit(id);
}
