// The users in KV: every write of a user (create, edit, delete, one at a time or in a batch) goes
// through `stageUserWrite`, which adds to one atomic operation everything that must change with
// the user: its email index, its bucket of the list's index, and the count of active super admins.

import { storedFlags } from "../rules/flags.ts";
import { freshEpoch, stageSessionsEnd } from "../auth/sessions.ts";
import { NO_SIGN_IN, signInFields } from "../auth/signin_state.ts";
import type { SignInState } from "../store/records.ts";
import { keys } from "../store/keys.ts";
import type { PublicUser, UserRecord } from "../store/records.ts";
import { stageIndex } from "./index_buckets.ts";

/** The stored fields of an answer, each one required: a field added to UserRecord fails the type
 * check until answeredFields names it, or PublicUser leaves it out as a secret. */
type AnsweredKey = keyof Omit<PublicUser, keyof ReturnType<typeof signInFields>>;
type AnsweredFields = { [K in AnsweredKey]: PublicUser[K] };

/**
 * The stored fields a user is answered with, by name: every field of the record but the password
 * hash, the password history and the session epoch. A field a record holds that is not named here
 * (the old sign-in fields, one a later version or a repair left) is never answered. Written as
 * one literal, not copied field by field in a loop: an object built by 35 keyed stores is kept as
 * a dictionary, 1.3 KB a user against 0.3 KB (100,000 users: 284 MB of heap against 152 MB).
 */
function answeredFields(user: UserRecord): AnsweredFields {
  return {
    _id: user._id,
    employeeCode: user.employeeCode,
    firstName: user.firstName,
    lastName: user.lastName,
    middleName: user.middleName,
    fullName: user.fullName,
    jobTitle: user.jobTitle,
    position: user.position,
    station: user.station,
    email: user.email,
    phone: user.phone,
    workPhone: user.workPhone,
    department: user.department,
    gender: user.gender,
    role: user.role,
    isActive: user.isActive,
    activationStatus: user.activationStatus,
    permissions: user.permissions,
    accessibleApps: user.accessibleApps,
    accessiblePages: user.accessiblePages,
    ...storedFlags(user),
    passwordCreated: user.passwordCreated,
    lastPasswordChange: user.lastPasswordChange,
    passwordExpiry: user.passwordExpiry,
    needsPasswordChange: user.needsPasswordChange,
    temporaryPassword: user.temporaryPassword,
    preferences: user.preferences,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    createdBy: user.createdBy,
    updatedBy: user.updatedBy,
  };
}

/** The stored fields a user is answered with, made once per record read: the lists answer the
 * records they keep many times. (Records are never changed in place: every change makes a new
 * object.) */
const answered = new WeakMap<UserRecord, AnsweredFields>();

/** A user as the API answers it: its named fields, with its sign-in fields at `now`. */
export function publicUser(
  user: UserRecord,
  signIn: SignInState = NO_SIGN_IN,
  now = Date.now(),
): PublicUser {
  let rest = answered.get(user);
  if (rest === undefined) answered.set(user, rest = answeredFields(user));
  return { ...rest, ...signInFields(signIn, now) } as PublicUser;
}

/** Each record's answered fields as JSON text without its closing brace, made once per record
 * read (records are never changed in place, see `answered`). */
const answeredText = new WeakMap<UserRecord, string>();

/**
 * `JSON.stringify(publicUser(user, signIn, now))`, with the stored fields' text made once per
 * record read: a page of the lists answers the same records to every client, and serializing
 * 25 users of some 40 fields each at every request was the largest cost of the list pages under
 * design 8's mix (a CPU profile of the server: JSON.stringify 6 % of its time, publicUser's
 * copies much of the garbage collector's 9 %).
 */
export function publicUserJson(
  user: UserRecord,
  signIn: SignInState = NO_SIGN_IN,
  now = Date.now(),
): string {
  let head = answeredText.get(user);
  if (head === undefined) {
    let rest = answered.get(user);
    if (rest === undefined) answered.set(user, rest = answeredFields(user));
    answeredText.set(user, head = JSON.stringify(rest).slice(0, -1));
  }
  // the sign-in fields come after the stored ones, none of which has their names (AnsweredKey)
  const tail = JSON.stringify(signInFields(signIn, now)).slice(1);
  return head === "{" ? `{${tail}` : `${head},${tail}`;
}

/** Outcome of an atomic write: ok, or which unique key was taken or changed under us, or the
 * write would leave no active super admin. */
export type WriteResult = { ok: true } | {
  ok: false;
  conflict: "exists" | "email" | "changed" | "last-super-admin";
};

/** Tries of a write that lost only a race for its index bucket with a write of another user. */
const INDEX_TRIES = 20;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 2 * attempt));

const activeSuper = (u: UserRecord | null) => u !== null && u.role === "super_admin" && u.isActive;

/**
 * Keeps the count of active super admins in `op` for a user going from `before` to `after`
 * (null: not there). A write that would take the last one away returns false and adds nothing:
 * the count is checked in the same atomic operation, so of two racing removals one fails.
 */
async function countSuperAdmins(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  before: UserRecord | null,
  after: UserRecord | null,
): Promise<boolean> {
  const delta = Number(activeSuper(after)) - Number(activeSuper(before));
  if (delta > 0) op.sum(keys.activeSuperAdmins(), 1n);
  if (delta >= 0) return true;
  const count = await kv.get<Deno.KvU64>(keys.activeSuperAdmins());
  const n = count.value?.value ?? 0n;
  if (n <= 1n) return false;
  op.check(count).set(keys.activeSuperAdmins(), new Deno.KvU64(n - 1n));
  return true;
}

/** Counts the active super admins once when the store has no count yet (a store from before
 * the count existed); later writes keep it. */
export async function ensureSuperAdminCount(kv: Deno.Kv): Promise<void> {
  if ((await kv.get(keys.activeSuperAdmins())).value !== null) return;
  let n = 0n;
  for await (const e of kv.list<UserRecord>({ prefix: [...keys.userPrefix()] })) {
    if (activeSuper(e.value)) n++;
  }
  await kv.atomic().check({ key: keys.activeSuperAdmins(), versionstamp: null })
    .set(keys.activeSuperAdmins(), new Deno.KvU64(n)).commit();
}

/**
 * Adds one user's write to `op`: a create (`before` null; the code and email must be free; the
 * account gets a fresh session epoch), an edit (the user must be as read), or a delete (`after`
 * null; the user's sessions end), with everything that changes with it. False, with nothing
 * added, when the write would leave no active super admin.
 */
export async function stageUserWrite(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  before: Deno.KvEntry<UserRecord> | null,
  given: UserRecord | null,
): Promise<boolean> {
  // a new account never takes over the sessions of an earlier one of the same code
  const after = before === null && given !== null
    ? { ...given, sessionEpoch: freshEpoch() }
    : given;
  if (!(await countSuperAdmins(kv, op, before?.value ?? null, after))) return false;
  const code = (before?.value ?? after)!.employeeCode;
  if (before === null) op.check({ key: keys.user(code), versionstamp: null });
  else op.check(before);
  const oldEmail = before?.value.email.toLowerCase() ?? "";
  const newEmail = after?.email.toLowerCase() ?? "";
  if (oldEmail !== newEmail) {
    if (newEmail !== "") {
      op.check({ key: keys.userByEmail(newEmail), versionstamp: null });
      op.set(keys.userByEmail(newEmail), code);
    }
    if (oldEmail !== "") op.delete(keys.userByEmail(oldEmail));
  }
  if (after === null) {
    op.delete(keys.user(code));
    await stageSessionsEnd(kv, op, code);
    // a new account of the same code starts without the deleted one's second factors
    const factors = await kv.get<{ passkeys: { id: string }[] }>(keys.twoFactor(code));
    if (factors.value !== null) {
      op.delete(factors.key);
      for (const p of factors.value.passkeys) op.delete(keys.passkeyOwner(p.id));
    }
  } else op.set(keys.user(code), after);
  await stageIndex(kv, op, before?.value ?? null, after);
  return true;
}

/** Why a failed write failed, read after the fact. */
async function conflictOf(
  kv: Deno.Kv,
  before: Deno.KvEntry<UserRecord> | null,
  after: UserRecord,
): Promise<"exists" | "email" | "changed"> {
  const current = await kv.get(keys.user(after.employeeCode));
  if (before === null && current.value !== null) return "exists";
  if (before !== null && current.versionstamp !== before.versionstamp) return "changed";
  const email = after.email.toLowerCase();
  if (email !== "" && email !== before?.value.email.toLowerCase()) {
    const owner = (await kv.get<string>(keys.userByEmail(email))).value;
    if (owner !== null && owner !== after.employeeCode) return "email";
  }
  // the user and the email are as read: the index bucket or the super admin count raced with
  // another user's write; the caller reads again and retries
  return "changed";
}

/**
 * Whether the stored user is the one a write of operation `opId` made: a committed write whose
 * answer was lost is sent again by Deno's client and then fails its own checks (issue 49), so a
 * failed commit is first compared with what is there.
 */
async function ownCommit(kv: Deno.Kv, code: string, opId: string | undefined): Promise<boolean> {
  if (opId === undefined) return false;
  const current = await kv.get<UserRecord>(keys.user(code));
  return current.value?.opId === opId;
}

/**
 * Creates a user and its email index in one atomic operation, with `extra` (its audit entry):
 * exactly one of several parallel creates of the same employee code (or email) wins. A user
 * with an operation id that finds its own record after a failed commit was written.
 */
export async function createUser(
  kv: Deno.Kv,
  user: UserRecord,
  extra: (op: Deno.AtomicOperation) => void = () => {},
): Promise<WriteResult> {
  for (let attempt = 1;; attempt++) {
    const op = kv.atomic();
    await stageUserWrite(kv, op, null, user);
    extra(op);
    if ((await op.commit()).ok) return { ok: true };
    if (await ownCommit(kv, user.employeeCode, user.opId)) return { ok: true };
    const conflict = await conflictOf(kv, null, user);
    // neither the code nor the email was taken: another user's write changed the index bucket
    if (conflict !== "changed" || attempt === INDEX_TRIES) return { ok: false, conflict };
    await pause(attempt);
  }
}

/**
 * Replaces a user read at `versionstamp`, moving its email index when the email changes, and
 * applying `extra` to the same atomic operation (request removal, session ends, audit). An
 * `after` with an operation id of its own (not the one read) that finds it stored after a
 * failed commit was written.
 */
export async function updateUser(
  kv: Deno.Kv,
  before: Deno.KvEntry<UserRecord>,
  after: UserRecord,
  extra: (op: Deno.AtomicOperation) => void | Promise<void> = () => {},
): Promise<WriteResult> {
  const op = kv.atomic();
  if (!(await stageUserWrite(kv, op, before, after))) {
    return { ok: false, conflict: "last-super-admin" };
  }
  await extra(op);
  if ((await op.commit()).ok) return { ok: true };
  const opId = after.opId !== before.value.opId ? after.opId : undefined;
  if (await ownCommit(kv, after.employeeCode, opId)) return { ok: true };
  return { ok: false, conflict: await conflictOf(kv, before, after) };
}

/** Deletes a user and its email index in one atomic operation (its sessions end with it: a
 * session is valid only with its user). */
export async function deleteUser(
  kv: Deno.Kv,
  before: Deno.KvEntry<UserRecord>,
  extra: (op: Deno.AtomicOperation) => void = () => {},
): Promise<WriteResult> {
  for (let attempt = 1;; attempt++) {
    const op = kv.atomic();
    if (!(await stageUserWrite(kv, op, before, null))) {
      return { ok: false, conflict: "last-super-admin" };
    }
    extra(op);
    if ((await op.commit()).ok) return { ok: true };
    // the user is as read: another user's write changed the index bucket, so try again
    const now = await kv.get(keys.user(before.value.employeeCode));
    if (now.versionstamp !== before.versionstamp || attempt === INDEX_TRIES) {
      return { ok: false, conflict: "changed" };
    }
    await pause(attempt);
  }
}
