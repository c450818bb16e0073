// The volatile sign-in state of an account (failed attempts, the lock, the last sign-in), on a key
// of its own so that signing in never rewrites the user record. Every attempt takes a slot before
// the slow password check and settles it after, in atomic writes checked against what was read,
// so parallel guesses are counted exactly and no more than the lockout threshold are checked at
// a time. The threshold and the lock's length are the settings' (issue 27), read in the same KV
// call as the state they are compared with. Codes that belong to nobody get the same state, so
// they answer alike, but in a bounded table keyed by a keyed hash, never a key per code
// (auth/unknown_codes.ts).

import { stampBucket, stampCollection } from "../kv/bucket_watch.ts";
import { lockDuration, type LockPolicy, lockPolicyOf } from "../rules/password_policy.ts";
import { keys } from "../store/keys.ts";
import type { Settings, SignInState } from "../store/records.ts";
import { type StateRef, stateRef } from "./unknown_codes.ts";
import { type Locked, type LockNote, locksInRow, withSource } from "./lock_history.ts";

/** The name of the sign-in buckets' stamps (kv/bucket_watch.ts). */
export const SIGN_IN_STAMPS = "signin";
/** The stamp of the index of locked accounts: set with every write that sets or clears a lock. */
export const LOCK_STAMPS = "locks";

/** The state of a code that never signed in. */
export const NO_SIGN_IN: SignInState = {
  failures: 0,
  pending: [],
  lockedUntil: null,
  lockCount: 0,
  lastLogin: null,
};

/** An attempt in flight longer than this is taken to have died with its process. */
const PENDING_MS = 60_000;
/** How long an attempt waits for the attempts before it to settle before it is refused. */
const WAIT_MS = 5_000;

/** Buckets of sign-in states: a list cache refreshes the buckets that changed, not them all. */
export const SIGN_IN_BUCKETS = 1024;

/** The bucket of a code (FNV-1a): stable across processes and runs. */
export function bucketOf(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) {
    h ^= code.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % SIGN_IN_BUCKETS;
}

/** The key of a code's sign-in state. */
export function signInKey(code: string): Deno.KvKey {
  return keys.signIn(bucketOf(code), code);
}

/** Whether the state is locked at `now`. */
export function isLocked(state: SignInState, now: number): boolean {
  return state.lockedUntil !== null && state.lockedUntil > now;
}

/** The sign-in states of many codes (those never signed in get NO_SIGN_IN). */
export async function signInStates(
  kv: Deno.Kv,
  codes: readonly string[],
): Promise<Map<string, SignInState>> {
  const out = new Map<string, SignInState>();
  // KV reads at most 10 keys at once: the parts are read together, not one after another
  const parts: string[][] = [];
  for (let i = 0; i < codes.length; i += 10) parts.push(codes.slice(i, i + 10));
  const read = await Promise.all(parts.map((p) => kv.getMany<SignInState[]>(p.map(signInKey))));
  read.forEach((entries, i) =>
    entries.forEach((e, k) => out.set(parts[i][k], e.value ?? NO_SIGN_IN))
  );
  return out;
}

/** The sign-in fields of a user as the API answers them. */
export function signInFields(state: SignInState, now: number) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    // while locked, the failures that set the lock (the count starts again at the lock): the
    // admin's page said "Failed sign-ins 0" of a locked account
    loginAttempts: isLocked(state, now) ? state.lockedAfter ?? state.failures : state.failures,
    lockedUntil: isLocked(state, now) ? iso(state.lockedUntil) : null,
    lastLogin: iso(state.lastLogin),
    lastSeen: iso(state.lastLogin),
  };
}

/** A short random pause, so that the writers of a race spread out. */
const pause = (ms: number) => new Promise((r) => setTimeout(r, Math.random() * ms));

/** How an attempt's slot came out. */
export type Slot =
  | { kind: "taken"; id: string }
  | ({ kind: "locked" } & Locked);

/** A code's sign-in state with the lock policy of the settings, read in one KV call. */
async function readState(
  kv: Deno.Kv,
  key: Deno.KvKey,
): Promise<{ entry: Deno.KvEntryMaybe<unknown>; policy: LockPolicy }> {
  const [entry, settings] = await kv.getMany<[unknown, Settings]>([key, keys.settings()]);
  return { entry, policy: lockPolicyOf(settings.value) };
}

/**
 * Takes a slot for one attempt: refused when the account is locked (unless `pastLock`: a
 * user-verified passkey, which password guesses do not stop); while the threshold's count
 * of attempts are failed or in flight, waits for them to settle (they may lock it, or a success
 * may clear them), and is refused as locked if they have not settled in WAIT_MS.
 */
export async function takeSlot(
  kv: Deno.Kv,
  code: string,
  now: () => number,
  known: boolean,
  pastLock = false,
): Promise<Slot> {
  const ref = await refOf(kv, code, known);
  const waitUntil = now() + WAIT_MS;
  for (;;) {
    const { entry, policy } = await readState(kv, ref.key);
    const state = ref.read(entry.value);
    const at = now();
    const after = policy.threshold;
    // a user-verified passkey is no password guess: a lock of guesses does not stop it
    const locked = isLocked(state, at) && !pastLock;
    if (locked) return { kind: "locked", until: state.lockedUntil!, after };
    const live = state.pending.filter((p) => at - p.at < PENDING_MS);
    if (state.failures + live.length >= policy.threshold) {
      if (at >= waitUntil) {
        return { kind: "locked", until: at + lockDuration(locksInRow(state, at), policy), after };
      }
      await pause(20);
      continue;
    }
    const id = crypto.randomUUID();
    const next = { ...state, pending: [...live, { id, at }] };
    const res = await kv.atomic().check(entry).set(ref.key, ref.value(next), ref.options)
      .commit();
    if (res.ok) return { kind: "taken", id };
    await pause(5);
  }
}

/** Where the state of a code lives: its account's key, or a slot of the table of codes that
 * belong to nobody (auth/unknown_codes.ts). */
function refOf(kv: Deno.Kv, code: string, known: boolean): Promise<StateRef<SignInState>> {
  return stateRef(kv, code, known, signInKey(code), NO_SIGN_IN);
}

/**
 * Settles an attempt's slot. A failure counts (the threshold's locks the account, unless it is
 * locked already); a success clears the count and records the sign-in, unless the account was
 * locked meanwhile. `extra` adds the rest of the outcome to the same atomic write (the audit
 * entry, the session). Answers what happened.
 */
export async function settleSlot(
  kv: Deno.Kv,
  code: string,
  id: string,
  success: boolean,
  now: number,
  known: boolean,
  extra: (op: Deno.AtomicOperation, outcome: Outcome) => void,
  more: SettleMore = {},
): Promise<Outcome> {
  const ref = await refOf(kv, code, known);
  for (;;) {
    const { entry, policy } = await readState(kv, ref.key);
    const state = ref.read(entry.value);
    const pending = state.pending.filter((p) => p.id !== id);
    const after = policy.threshold;
    let next: SignInState;
    let outcome: Outcome;
    if (isLocked(state, now) && success && more.pastLock) {
      // a passkey past a lock of guesses: signed in, and the lock stays for the password
      next = { ...state, pending, lastLogin: now };
      outcome = { kind: "success" };
    } else if (isLocked(state, now)) {
      next = { ...state, pending };
      outcome = { kind: "locked", until: state.lockedUntil!, after, counted: false };
    } else if (success) {
      next = { ...state, pending, failures: 0, lockCount: 0, lockedUntil: null, lastLogin: now };
      delete next.sources;
      outcome = { kind: "success" };
    } else if (state.failures + 1 >= policy.threshold) {
      const inRow = locksInRow(state, now);
      const until = now + lockDuration(inRow, policy);
      const sources = withSource(state, more.address);
      next = {
        ...state,
        pending,
        failures: 0,
        lockCount: inRow + 1,
        lockedUntil: until,
        lockedAfter: state.failures + 1,
      };
      delete next.sources;
      outcome = {
        kind: "locked",
        until,
        after,
        counted: true,
        attempt: state.failures + 1,
        lock: { inRow: inRow + 1, sources },
      };
    } else {
      next = {
        ...state,
        pending,
        failures: state.failures + 1,
        sources: withSource(state, more.address),
      };
      outcome = { kind: "failed", attempt: state.failures + 1 };
    }
    const op = kv.atomic().check(entry).set(ref.key, ref.value(next), ref.options);
    if (known) {
      // the counts and the last sign-in others list: their bucket is stamped
      stampBucket(op, SIGN_IN_STAMPS, bucketOf(code));
      markLocked(op, code, next, now, state);
    }
    extra(op, outcome);
    if ((await op.commit()).ok) return outcome;
    await pause(5);
  }
}

/** What else settles with an attempt: the caller's address (a failure counts it among the
 * state's sources), and whether a success may pass a lock (a user-verified passkey). */
export interface SettleMore {
  address?: string;
  pastLock?: boolean;
}

/** What an attempt came to. */
export type Outcome =
  | { kind: "success" }
  | { kind: "failed"; attempt: number }
  | ({ kind: "locked"; counted: boolean; attempt?: number; lock?: LockNote } & Locked);

/**
 * Keeps the index of locked accounts (the dashboard's count, the list's filter) with a state
 * written in `op`: an entry while the lock lasts (it expires with the lock), none otherwise.
 */
function markLocked(
  op: Deno.AtomicOperation,
  code: string,
  state: SignInState,
  now: number,
  before?: SignInState,
) {
  if (isLocked(state, now)) {
    op.set(keys.lockedAccount(code), state.lockedUntil, { expireIn: state.lockedUntil! - now });
  } else op.delete(keys.lockedAccount(code));
  // the lists read the locks again only after this stamp moved (auth/signin_cache.ts): any
  // change of the lock's end, a lock that already ended included, moves it
  if (before === undefined || before.lockedUntil !== state.lockedUntil) {
    stampCollection(op, LOCK_STAMPS);
  }
}

/** Writes a known account's whole sign-in state in `op` (migrations, load data), with the index
 * of locked accounts and the bucket's stamp. */
export function stageSignIn(
  op: Deno.AtomicOperation,
  code: string,
  state: SignInState,
  now: number,
): Deno.AtomicOperation {
  op.set(signInKey(code), state);
  markLocked(op, code, state, now);
  return stampBucket(op, SIGN_IN_STAMPS, bucketOf(code));
}

/** Gives back an attempt's slot without counting it (a right password refused for another
 * reason: an inactive account, an expired password; a check the hash pool had no room for). */
export async function releaseSlot(
  kv: Deno.Kv,
  code: string,
  id: string,
  known = true,
): Promise<void> {
  const ref = await refOf(kv, code, known);
  for (;;) {
    const entry = await kv.get(ref.key);
    if (entry.value === null) return;
    const state = ref.read(entry.value);
    const next = { ...state, pending: state.pending.filter((p) => p.id !== id) };
    const op = kv.atomic().check(entry).set(ref.key, ref.value(next), ref.options);
    if ((await op.commit()).ok) return;
    await pause(5);
  }
}

/** Clears the failures and the lock (an administrator's unlock, a password reset), in `op`, from
 * the state `read` in the caller's snapshot (else read here); gives the state written (null: the
 * account has none). */
export async function clearLock(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  code: string,
  read?: Deno.KvEntryMaybe<SignInState>,
): Promise<SignInState | null> {
  const entry = read ?? await kv.get<SignInState>(signInKey(code));
  if (entry.value === null) return null;
  const cleared: SignInState = { ...entry.value, failures: 0, lockCount: 0, lockedUntil: null };
  delete cleared.sources;
  op.check(entry).set(signInKey(code), cleared);
  stampBucket(op, SIGN_IN_STAMPS, bucketOf(code));
  op.delete(keys.lockedAccount(code));
  stampCollection(op, LOCK_STAMPS);
  return cleared;
}

/**
 * Moves the sign-in fields of accounts stored before they had a key of their own (attempts, the
 * lock, the last sign-in on the user record) to their sign-in keys, once: a marker says it was
 * done, and a key already there is never overwritten.
 */
export async function moveOldSignIns(kv: Deno.Kv): Promise<void> {
  if ((await kv.get(keys.signInsMoved())).value !== null) return;
  for await (const e of kv.list<Record<string, unknown>>({ prefix: keys.userPrefix() })) {
    const old = e.value;
    if (!("loginAttempts" in old) && !("lastLogin" in old) && !("lockedUntil" in old)) continue;
    const code = String(old.employeeCode);
    const ms = (v: unknown) => (typeof v === "string" && Date.parse(v) ? Date.parse(v) : null);
    const state: SignInState = {
      failures: Number(old.loginAttempts) || 0,
      pending: [],
      lockedUntil: ms(old.lockedUntil),
      lockCount: Number(old.lockCount) || 0,
      lastLogin: ms(old.lastLogin),
    };
    const op = kv.atomic().check({ key: signInKey(code), versionstamp: null });
    await stageSignIn(op, code, state, Date.now()).commit();
  }
  await kv.set(keys.signInsMoved(), true);
}
