// The records the API keeps in KV, as stored (keys in keys.ts, the audit writer in audit.ts).

import type { AccountTexts } from "../rules/account_fields.ts";
import type { AuditChange } from "../rules/audit.ts";
import type { Flags, PermissionFlag } from "../rules/flags.ts";
import type { Role } from "../rules/roles.ts";
import type { TwoFactorPolicy } from "../rules/two_factor.ts";

/** What kind of password an administrator gave: drawn by the server, or typed by them. */
export type TemporaryKind = "one-time" | "admin-set";

/** A temporary password's state on the user record. */
export interface TemporaryPassword {
  kind: TemporaryKind;
  /** ISO time after which it no longer signs in. */
  expiresAt: string;
  /** Set by the one sign-in it allows. */
  used: boolean;
}

/** A staff account as stored, with a value for each permission flag; `passwordHash` never
 * leaves the API. */
export interface UserRecord extends Flags, AccountTexts {
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
export type RequestAccount = Pick<UserRecord, "role" | "station" | "isActive" | PermissionFlag>;

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
  /** The server's words in English (the CSV export and older readers show them). */
  summary: string;
  /** The summary's code in the message catalogue (rules/messages.ts) and its values: entries
   * written since issue 50 store them; an older entry's are read back from its text. */
  code?: string;
  params?: Record<string, string | number>;
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

/** An attempt in flight: its id and when it began. */
interface Pending {
  id: string;
  at: number;
}

/** The sign-in state of one code, on a key of its own (auth/signin_state.ts). */
export interface SignInState {
  /** Failed attempts since the last success or lock. */
  failures: number;
  /** Attempts whose password is being checked. */
  pending: Pending[];
  /** Epoch ms the lock ends, or null. */
  lockedUntil: number | null;
  /** Locks in a row (each lasts twice the one before). */
  lockCount: number;
  /** The failed attempts that set the lock (the count itself starts again at the lock). Absent
   * in states written before issue 52. */
  lockedAfter?: number;
  /** Epoch ms of the last successful sign-in, or null. */
  lastLogin: number | null;
  /** Where the failures since the last success or lock came from: a count per address (at most
   * five of them; the rest under "other"). Absent in states written before issue 48. */
  sources?: Record<string, number>;
}
