// Sessions in KV (design 5.3, 5.5): a session is valid while its epoch is the user's, so ending
// every session of a user is one write of the user record (the epoch goes up), however many there
// are; and a user's live sessions are capped, a new one beyond the cap ending the oldest.

import { SESSION_MS } from "./auth.ts";
import { keys, type SessionRecord, type UserRecord } from "../store.ts";

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
 * versions before the cap, are of a user that no longer exists, and expire with their 8 hours). */
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

/** Whether a stored session is valid for the user now. */
export function sessionValid(session: SessionRecord, user: UserRecord, now: number): boolean {
  return session.expiresAt > now && (session.epoch ?? 0) === epochOf(user) && user.isActive;
}

/** The user with every session ended (for the caller's write of the user). */
export function withSessionsEnded(user: UserRecord): UserRecord {
  return { ...user, sessionEpoch: epochOf(user) + 1 };
}

/** A user's session index entries, oldest first: [key, createdAt, epoch, tokenHash]. */
async function indexOf(kv: Deno.Kv, code: string) {
  const out: { key: Deno.KvKey; createdAt: number; epoch: number; tokenHash: string }[] = [];
  for await (const e of kv.list<number>({ prefix: [...keys.userSessions(code)] })) {
    // entries from before epochs had no time in the key: they end with their 8 hours
    if (e.key.length !== 4) continue;
    out.push({
      key: e.key,
      createdAt: e.key[2] as number,
      epoch: e.value ?? 0,
      tokenHash: e.key[3] as string,
    });
  }
  return out;
}

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
  fields: Pick<SessionRecord, "twoFactorSetupBy"> = {},
): Promise<(op: Deno.AtomicOperation) => void> {
  const epoch = epochOf(user);
  const code = user.employeeCode;
  const index = await indexOf(kv, code);
  const live = index.filter((s) => s.epoch === epoch && s.createdAt + SESSION_MS > now);
  const record: SessionRecord = {
    employeeCode: code,
    createdAt: now,
    expiresAt: now + SESSION_MS,
    epoch,
    ...fields,
  };
  return (op) => {
    for (const s of index) if (!live.includes(s)) op.delete(s.key);
    for (const s of live.slice(0, Math.max(0, live.length - MAX_SESSIONS + 1))) {
      op.delete(s.key).delete(keys.session(s.tokenHash));
    }
    op.set(keys.session(tokenHash), record, { expireIn: SESSION_MS })
      .set(keys.userSession(code, now, tokenHash), epoch, { expireIn: SESSION_MS });
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
    .set(keys.userSession(session.employeeCode, session.createdAt, tokenHash), epoch, {
      expireIn: left,
    });
}

/** The live sessions of a user: when each began and ends. */
export async function liveSessions(kv: Deno.Kv, user: UserRecord, now: number) {
  const epoch = epochOf(user);
  return (await indexOf(kv, user.employeeCode))
    .filter((s) => s.epoch === epoch && s.createdAt + SESSION_MS > now)
    .map((s) => ({
      createdAt: new Date(s.createdAt).toISOString(),
      expiresAt: new Date(s.createdAt + SESSION_MS).toISOString(),
    }));
}
