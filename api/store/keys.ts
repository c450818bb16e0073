// The KV layout: every key the API reads or writes is built here, so that the layout can be read
// in one place and a key is never spelt twice. Keys stay byte-identical across versions: stores
// written by earlier versions are read with them.

import type { ReferenceList, RequestKind } from "./records.ts";

/** Keys of every record kind: the only place that builds one. */
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
  /** Every pending request of every kind (a store's first start and migrations). */
  allRequests: () => ["requests"] as const,
  /** Every code's sign-in state, in every bucket, or in one bucket. */
  signIns: () => ["signin"] as const,
  signInBucket: (bucket: number) => ["signin", bucket] as const,
  /** An audit entry's index keys (the value: its expiry time), under each index prefix above. */
  auditByActor: (actor: string, id: string) => ["audit_actor", actor.toUpperCase(), id] as const,
  auditByTarget: (target: string, id: string) =>
    ["audit_target", target.toUpperCase(), id] as const,
  auditByAction: (action: string, id: string) => ["audit_action", action, id] as const,
  auditByStation: (station: string, id: string) =>
    ["audit_station", station.toUpperCase(), id] as const,
  auditInStation: (station: string, id: string) =>
    ["audit_in_station", station.toUpperCase(), id] as const,
  /** A key of an audit source (the log or an index) at `id`, or at the start of an id range. */
  auditAt: (source: Deno.KvKey, id: string): Deno.KvKey => [...source, id],
  /** The freshness stamps of a bucketed collection (kv/bucket_watch.ts): the collection's, its
   * groups' (32 buckets each) and its buckets'. */
  stamp: (name: string) => ["stamps", name] as const,
  stampGroup: (name: string, group: number) => ["stamps", name, "group", group] as const,
  stampGroups: (name: string) => ["stamps", name, "group"] as const,
  stampBucket: (name: string, group: number, bucket: number) =>
    ["stamps", name, "bucket", group, bucket] as const,
  stampBuckets: (name: string, group: number) => ["stamps", name, "bucket", group] as const,
};
