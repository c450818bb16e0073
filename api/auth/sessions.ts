// Sessions in KV (design 5.3, 5.5): a session is valid while its epoch is the user's, so ending
// every session of a user is one write of the user record (the epoch goes up), however many there
// are; and a user's live sessions are capped, a new one beyond the cap ending the oldest. Each
// session has a public id besides its token, by which one alone is ended (issue 27). Likewise a
// session is valid while it began in the epoch of every session (keys.sessionsEpoch), which a
// super admin's sign-out of everyone moves on in one write (issue 48, item 14).

import { SESSION_MS } from "./auth.ts";
import { newSessionId, type SessionView } from "../rules/sessions.ts";
import { keys } from "../store/keys.ts";
import type { SessionRecord, UserRecord } from "../store/records.ts";

/** Live sessions one user may hold; signing in once more ends the oldest. */
export const MAX_SESSIONS = 10;

/**
 * The session epoch of a new account: random (48 bits), so that a session left from an earlier
 * account of the same code (deleted, its sign-in in flight meanwhile) never matches, however many
 * times the new account's sessions are ended.
 */
export function freshEpoch(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0xffff) * 2 ** 32 + low + 1;
}

/** Most of a deleted user's sessions ended in the delete's own atomic write (the rest, from
 * versions before the cap, are of a user that no longer exists, and expire with their lifetime). */
export const SESSIONS_ENDED_ON_DELETE = 100;

/** Ends a deleted user's sessions in the delete's `op`: their records and index entries. */
export async function stageSessionsEnd(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  code: string,
): Promise<void> {
  const found = kv.list<number>({ prefix: [...keys.userSessions(code)] }, {
    limit: SESSIONS_ENDED_ON_DELETE,
  });
  for await (const e of found) {
    op.delete(e.key);
    if (e.key.length === 4) op.delete(keys.session(e.key[3] as string));
  }
}

/** The user's current session epoch (records from before epochs are at 0). */
export function epochOf(user: UserRecord): number {
  return user.sessionEpoch ?? 0;
}

/** Whether a stored session is valid for the user now, `globalEpoch` being the epoch of every
 * session (keys.sessionsEpoch). */
export function sessionValid(
  session: SessionRecord,
  user: UserRecord,
  now: number,
  globalEpoch: number,
): boolean {
  return session.expiresAt > now && (session.epoch ?? 0) === epochOf(user) && user.isActive &&
    (session.globalEpoch ?? 0) === globalEpoch;
}

/** The epoch of every session now (0 before any sign-out of everyone). */
export async function readGlobalEpoch(kv: Deno.Kv): Promise<number> {
  return (await kv.get<number>(keys.sessionsEpoch())).value ?? 0;
}

/** The user with every session ended (for the caller's write of the user). */
export function withSessionsEnded(user: UserRecord): UserRecord {
  return { ...user, sessionEpoch: epochOf(user) + 1 };
}

/** What a user's session index entry holds: its epoch, id and end. Entries from before ids hold
 * the epoch alone (a number), and lasted the fixed 8 hours. */
type IndexValue = number | { epoch: number; id: string; expiresAt: number };

/** The index value of a session at `epoch`. */
function indexValue(session: SessionRecord, epoch: number): IndexValue {
  return session.id === undefined ? epoch : { epoch, id: session.id, expiresAt: session.expiresAt };
}

/** One entry of a user's session index, read. */
interface IndexEntry {
  key: Deno.KvKey;
  versionstamp: string;
  createdAt: number;
  expiresAt: number;
  epoch: number;
  id: string | null;
  tokenHash: string;
}

/** A user's session index entries, oldest first. */
async function indexOf(kv: Deno.Kv, code: string): Promise<IndexEntry[]> {
  const out: IndexEntry[] = [];
  for await (const e of kv.list<IndexValue>({ prefix: [...keys.userSessions(code)] })) {
    // entries from before epochs had no time in the key: they end with their 8 hours
    if (e.key.length !== 4) continue;
    const createdAt = e.key[2] as number;
    const v = e.value;
    out.push({
      key: e.key,
      versionstamp: e.versionstamp,
      createdAt,
      expiresAt: typeof v === "number" || v === null ? createdAt + SESSION_MS : v.expiresAt,
      epoch: typeof v === "number" ? v : v?.epoch ?? 0,
      id: typeof v === "number" || v === null ? null : v.id,
      tokenHash: e.key[3] as string,
    });
  }
  return out;
}

/** The entries of sessions still valid for the user: of its epoch, not expired. */
async function liveEntries(kv: Deno.Kv, user: UserRecord, now: number) {
  const epoch = epochOf(user);
  return (await indexOf(kv, user.employeeCode))
    .filter((s) => s.epoch === epoch && s.expiresAt > now);
}

/** Where a new session comes from, and how long it lasts. */
export type NewSession = Pick<SessionRecord, "twoFactorSetupBy" | "address" | "userAgent"> & {
  /** Its lifetime (ms): the setting in force at its sign-in (SESSION_MS when not given). */
  lifetimeMs?: number;
};

/**
 * Reads the user's sessions and gives what a new session adds to the sign-in's atomic write: its
 * record, its index entry, and the end of the oldest live sessions beyond the cap. Index entries
 * of ended sessions are dropped on the way, so the index stays about as small as the cap.
 */
export async function prepareSession(
  kv: Deno.Kv,
  user: UserRecord,
  tokenHash: string,
  now: number,
  fields: NewSession = {},
): Promise<(op: Deno.AtomicOperation) => void> {
  const { lifetimeMs = SESSION_MS, ...from } = fields;
  const epoch = epochOf(user);
  const code = user.employeeCode;
  const [index, globalEpoch] = await Promise.all([indexOf(kv, code), readGlobalEpoch(kv)]);
  const live = index.filter((s) => s.epoch === epoch && s.expiresAt > now);
  const record: SessionRecord = {
    employeeCode: code,
    createdAt: now,
    expiresAt: now + lifetimeMs,
    epoch,
    globalEpoch,
    id: newSessionId(),
    lastUsedAt: now,
    ...from,
  };
  return (op) => {
    for (const s of index) if (!live.includes(s)) op.delete(s.key);
    for (const s of live.slice(0, Math.max(0, live.length - MAX_SESSIONS + 1))) {
      op.delete(s.key).delete(keys.session(s.tokenHash));
    }
    op.set(keys.session(tokenHash), record, { expireIn: lifetimeMs })
      .set(keys.userSession(code, now, tokenHash), indexValue(record, epoch), {
        expireIn: lifetimeMs,
      });
  };
}

/** Ends one session (sign-out), in `op`. */
export function endSession(
  op: Deno.AtomicOperation,
  session: SessionRecord,
  tokenHash: string,
): Deno.AtomicOperation {
  return op.delete(keys.session(tokenHash))
    .delete(keys.userSession(session.employeeCode, session.createdAt, tokenHash));
}

/** Keeps one session valid across an epoch change (the password change made in it), in `op`. */
export function keepSession(
  op: Deno.AtomicOperation,
  session: SessionRecord,
  tokenHash: string,
  epoch: number,
): Deno.AtomicOperation {
  const left = Math.max(1, session.expiresAt - Date.now());
  return op.set(keys.session(tokenHash), { ...session, epoch }, { expireIn: left })
    .set(
      keys.userSession(session.employeeCode, session.createdAt, tokenHash),
      indexValue(session, epoch),
      { expireIn: left },
    );
}

/** How stale a session's last use may get before a request writes it again: a signed-in request
 * writes KV at most once in this time per session, not on every call; the idle end (ASVS 13)
 * therefore comes within a minute of its setting. */
export const TOUCH_MS = 60_000;

/** Whether the session went unused longer than `idleMs` (its last use as last written). */
export function idleOver(session: SessionRecord, now: number, idleMs: number): boolean {
  return now - (session.lastUsedAt ?? session.createdAt) > idleMs;
}

/**
 * Records a use of the session when its last recorded one is TOUCH_MS old: best effort (a
 * failure, or a change of the session meanwhile, leaves it as it was), never failing the request.
 * The write is checked against the record read, so a session ended meanwhile stays ended.
 * Returns the record as it now stands.
 */
export async function touchSession(
  kv: Deno.Kv,
  entry: Deno.KvEntry<SessionRecord>,
  now: number,
): Promise<SessionRecord> {
  const s = entry.value;
  if (now - (s.lastUsedAt ?? s.createdAt) < TOUCH_MS || s.expiresAt <= now) return s;
  const touched = { ...s, lastUsedAt: now };
  try {
    const res = await kv.atomic().check(entry).set(entry.key, touched, {
      expireIn: Math.max(1, s.expiresAt - now),
    }).commit();
    return res.ok ? touched : s;
  } catch {
    return s;
  }
}

/** The live sessions of a user as the lists show them, oldest first; `current` is the token
 * hash of the caller's own session. Never the token or its hash. */
export async function liveSessions(
  kv: Deno.Kv,
  user: UserRecord,
  now: number,
  current: string | null = null,
): Promise<SessionView[]> {
  const [live, globalEpoch] = await Promise.all([liveEntries(kv, user, now), readGlobalEpoch(kv)]);
  const records = await recordsOf(kv, live.map((s) => s.tokenHash));
  const iso = (ms: number) => new Date(ms).toISOString();
  return live.flatMap((s, i) => {
    const r = records[i];
    // a record gone already (ended between the two reads), or of an earlier epoch of every
    // session, is no live session
    if (r === null || (r.globalEpoch ?? 0) !== globalEpoch) return [];
    return [{
      id: s.id,
      createdAt: iso(s.createdAt),
      lastUsedAt: iso(r.lastUsedAt ?? s.createdAt),
      expiresAt: iso(s.expiresAt),
      address: r.address ?? "",
      userAgent: r.userAgent ?? "",
      current: s.tokenHash === current,
    }];
  });
}

/** The session records of these token hashes, in order (ten keys a read, together). */
async function recordsOf(kv: Deno.Kv, hashes: string[]): Promise<(SessionRecord | null)[]> {
  const parts: string[][] = [];
  for (let i = 0; i < hashes.length; i += 10) parts.push(hashes.slice(i, i + 10));
  const read = await Promise.all(
    parts.map((p) => kv.getMany<SessionRecord[]>(p.map((h) => keys.session(h)))),
  );
  return read.flat().map((e) => e.value);
}

/** What ending one session came to: the session ended, or that no such session of the user is
 * live (ended, expired, another user's, or an id never issued), or that it kept changing. */
export type EndOne = { ended: SessionRecord } | { missing: true } | { changed: true };

/**
 * Ends one live session of `user`, named by its public id, in one atomic write: its record and
 * index entry go, checked against what was read (the index entry under this user's code, and a
 * record of this user with this id), with what `stage` adds (the audit entry, a check of the
 * user as the caller read it).
 */
export async function endOneSession(
  kv: Deno.Kv,
  user: UserRecord,
  id: string,
  now: number,
  stage: (op: Deno.AtomicOperation, ended: SessionRecord) => void,
): Promise<EndOne> {
  // a lost race with a touch of the same session is retried: the touch changed nothing that counts
  for (let round = 0; round < 3; round++) {
    const found = (await liveEntries(kv, user, now)).find((s) => s.id === id);
    if (found === undefined) return { missing: true };
    const record = await kv.get<SessionRecord>(keys.session(found.tokenHash));
    const r = record.value;
    if (r === null || r.employeeCode !== user.employeeCode || r.id !== id) return { missing: true };
    const op = kv.atomic()
      .check({ key: found.key, versionstamp: found.versionstamp })
      .check(record)
      .delete(found.key)
      .delete(record.key);
    stage(op, r);
    if ((await op.commit()).ok) return { ended: r };
  }
  return { changed: true };
}

/**
 * Ends every session of every user (a super admin's sign-out of everyone): the epoch of every
 * session goes up in one atomic write, checked against the epoch read, with the caller's own
 * session kept in the new epoch and what `stage` adds (the audit entry). False when the session
 * or the epoch changed meanwhile three times over.
 */
export async function endEverySession(
  kv: Deno.Kv,
  tokenHash: string,
  now: number,
  stage: (op: Deno.AtomicOperation) => void,
): Promise<boolean> {
  for (let round = 0; round < 3; round++) {
    const [epoch, own] = await kv.getMany<[number, SessionRecord]>([
      keys.sessionsEpoch(),
      keys.session(tokenHash),
    ]);
    if (own.value === null) return false;
    const next = (epoch.value ?? 0) + 1;
    const op = kv.atomic().check(epoch).check(own).set(keys.sessionsEpoch(), next)
      .set(own.key, { ...own.value, globalEpoch: next }, {
        expireIn: Math.max(1, own.value.expiresAt - now),
      });
    stage(op);
    if ((await op.commit()).ok) return true;
  }
  return false;
}
