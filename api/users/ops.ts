// What the user-administration sub-apps share: finding a target within the caller's scope, the
// one atomic write of a change with its audit entry, and the users and requests a caller may see.

import type { Context } from "hono";
import { type Deps, type Env, fail, ok } from "../http.ts";
import { can, type Problem, type TargetChange, targetProblem } from "../rules/access.ts";
import { withSessionsEnded } from "../auth/sessions.ts";
import { audit, auditAt, type AuditSettings, type AuditSummary } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { RequestKind, RequestRecord, UserRecord } from "../store/records.ts";
import { publicUser, publicUserJson, updateUser } from "./store.ts";
import { moveRequest, pendingOf, removeRequest, requestKeys } from "../requests/store.ts";
import { type Refusal, refusal } from "../rules/messages.ts";
import { FreshCache } from "../kv/fresh_cache.ts";
import { LastSignIns, LockedAccounts, SignInStateCache } from "../auth/signin_cache.ts";
import { clearLock, signInKey } from "../auth/signin_state.ts";
import type { SignInState } from "../store/records.ts";
import { UserIndex } from "./index_buckets.ts";
import type { AuditAction } from "../rules/audit.ts";
import { fieldChanges } from "./changes.ts";

/** What a change to a user gives: the user as written with its sign-in state (as read in the
 * change's snapshot, or as the change wrote it), or the answer that refuses it. */
export type Outcome =
  | { user: UserRecord; signIn: SignInState | null }
  | Refusal<400 | 403 | 404 | 409>;

/** A user entry with its sign-in state and, when asked for, its pending requests: one snapshot. */
export interface Found {
  entry: Deno.KvEntry<UserRecord>;
  signIn: Deno.KvEntryMaybe<SignInState>;
  pending: Deno.KvEntry<RequestRecord>[];
}

/** Tries of a user write that lost a race with another write to the same user (each round of a
 * race has a winner, so this many parallel edits of one user all land). */
const WRITE_TRIES = 20;

/** A short random pause before a retry, so that the writers of a race spread out. */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
/** The answer to an edit made from a view older than the stored account (design 5.6). */
export const STALE_VIEW = refusal(409 as const, "users:stale_edit");

/** The answer to a change that would leave no active super admin (design 5.6). */
export const LAST_SUPER_ADMIN = refusal(409 as const, "users:last_super_admin");

/** The answer when a user kept changing under a write. */
export const CHANGED_MEANWHILE = refusal(409 as const, "account:changed_reload_retry");

/** What else a change does (design 5.3, 5.6). */
export interface ChangeOptions {
  /** When `when` holds for the user as read, its sessions end and `requestKind`'s request
   * closes. */
  ending?: { when: (before: UserRecord) => boolean; requestKind?: RequestKind };
  /** The `updatedAt` the editor saw: an account changed since answers 409. */
  seen?: string;
  /** The failed sign-ins and the lock are cleared in the same write (unlock, password reset). */
  clearsLock?: boolean;
  /** The settings the request read (its session's): the audit entry is kept for their
   * retention. */
  settings: AuditSettings;
}

/** The target rules of a change, fixed or read from the user as stored. */
export type Rules = TargetChange | ((before: UserRecord) => TargetChange);

/** The keys of a user `target` reads in one snapshot: the record and its sign-in state. */
export const targetKeys = (code: string): Deno.KvKey[] => [keys.user(code), signInKey(code)];

/** The shared helpers of user administration, on one store and one index of the users. */
export class UserOps {
  readonly #kv: Deno.Kv;
  /** The users' compact index, which the lists read. */
  readonly index: UserIndex;
  /** Every account's last sign-in, for the lists' sort by it. */
  readonly signIns: LastSignIns;
  /** The accounts locked now. */
  readonly locks: LockedAccounts;
  /** Users the lists showed lately, each kept while its index bucket is unchanged. */
  readonly #records = new FreshCache<UserRecord>(3000);
  readonly #states: SignInStateCache;
  /** Ends the user's sessions whatever the change (with `change`). */
  readonly always = { when: () => true };

  constructor(readonly deps: Deps) {
    this.#kv = deps.kv;
    const ownLook = deps.remoteStore === true;
    this.index = new UserIndex(deps.kv, ownLook);
    this.signIns = new LastSignIns(deps.kv);
    this.locks = new LockedAccounts(deps.kv, ownLook);
    this.#states = new SignInStateCache(deps.kv, ownLook);
  }

  /**
   * The target user entry with its sign-in state (and its pending requests with `pending`), read
   * in one snapshot, or the answer that refuses it (404 outside scope). The rules may depend on
   * the stored user (an edit changes only the fields that differ from it). `early` is the read of
   * the user and its sign-in state (`targetKeys`) begun for the request, without `pending`.
   */
  async target(
    actor: UserRecord,
    code: string,
    change: Rules,
    pending = false,
    early?: Promise<Deno.KvEntryMaybe<unknown>[]>,
  ): Promise<Found & { error?: never } | { error: Problem }> {
    // one read, not one after another: under load each read in a row waits its turn (design 8)
    const [first, signIn, ...requests] =
      await (early !== undefined && !pending
        ? early
        : this.#kv.getMany([...targetKeys(code), ...(pending ? requestKeys(code) : [])]));
    const entry = first as Deno.KvEntryMaybe<UserRecord>;
    if (entry.value === null) {
      return { error: refusal(404 as const, "users:not_found", { code }) };
    }
    const rules = typeof change === "function" ? change(entry.value) : change;
    const problem = targetProblem(actor, entry.value, rules);
    if (problem !== null) return { error: problem };
    return {
      entry: entry as Deno.KvEntry<UserRecord>,
      signIn: signIn as Deno.KvEntryMaybe<SignInState>,
      pending: pendingOf(requests as Deno.KvEntryMaybe<RequestRecord>[]),
    };
  }

  /** The station an actor's lists are kept to, or null for all stations. */
  scopeOf(actor: UserRecord): string | null {
    return can(actor, "allStations") ? null : actor.station;
  }

  /** The users of these codes (rows of the index its caller has just refreshed), in the same
   * order, at least as current as that refresh: only those not kept, or changed since, are read
   * (ten keys a read, together). */
  async usersOf(codes: readonly string[]): Promise<UserRecord[]> {
    const kept = codes.map((code) => ({ code, mark: this.index.freshness(code) }))
      .map((c) => ({ ...c, user: this.#records.get(c.code, c.mark) }));
    const missing = kept.filter((c) => c.user === undefined);
    const parts: (typeof missing)[] = [];
    for (let i = 0; i < missing.length; i += 10) parts.push(missing.slice(i, i + 10));
    await Promise.all(parts.map(async (part) => {
      const read = await this.#kv.getMany<UserRecord[]>(part.map((c) => keys.user(c.code)));
      read.forEach((e, k) => {
        if (e.value === null) return;
        part[k].user = e.value;
        this.#records.set(part[k].code, part[k].mark, e.value);
      });
    }));
    return kept.flatMap((c) => (c.user === undefined ? [] : [c.user]));
  }

  /** Brings the index and the sign-in states' stamps up to date at once, for a list that then
   * shows its page with `presented`: under load each read in a row waits its turn on a busy
   * event loop (design 8's mix). */
  async refresh(): Promise<void> {
    await Promise.all([this.index.refresh(), this.#states.refresh()]);
  }

  /** The users of these codes (rows of the index as the `refresh` the caller awaited left it) as
   * the API answers them, with their sign-in fields at least as current as that refresh. The
   * records and the states are read at once (see `refresh`). */
  async presented(codes: readonly string[]) {
    const [users, states] = await Promise.all([this.usersOf(codes), this.#states.statesOf(codes)]);
    const now = this.deps.now();
    return users.map((u) => publicUser(u, states.get(u.employeeCode), now));
  }

  /** `presented` as each user's JSON text (store.ts, publicUserJson), for a list's answer made
   * with `okText`. */
  async presentedJson(codes: readonly string[]): Promise<string[]> {
    const [users, states] = await Promise.all([this.usersOf(codes), this.#states.statesOf(codes)]);
    const now = this.deps.now();
    return users.map((u) => publicUserJson(u, states.get(u.employeeCode), now));
  }

  /**
   * Applies `edit` to a user in one atomic write with its audit entry (and the email index when
   * the email changes), and what `more` asks in the same write; the account's pending requests
   * follow it to a new station.
   */
  async change(
    actor: UserRecord,
    code: string,
    rules: Rules,
    edit: (u: UserRecord) => UserRecord | Promise<UserRecord>,
    action: AuditAction,
    summary: AuditSummary,
    more: ChangeOptions,
  ): Promise<Outcome> {
    // another write between the read and the commit: read again and re-apply (the rules are
    // checked again on what is there now); a few tries, then the caller is told
    for (let attempt = 1;; attempt++) {
      // the account, its sign-in state and its pending requests in one read; the write checks
      // each
      const found = await this.target(actor, code, rules, true);
      if (found.error) return found.error;
      // the editor's view is older than the account: their change would undo another's
      const seen = more.seen;
      if (seen !== undefined && Date.parse(seen) < Date.parse(found.entry.value.updatedAt)) {
        return STALE_VIEW;
      }
      const written = await this.#write(actor, found, edit, { action, summary, more });
      if ("user" in written || "status" in written) return written;
      if (attempt === WRITE_TRIES) return CHANGED_MEANWHILE;
      await backoff(attempt);
    }
  }

  /** An administrator's action that changes no field of the account (unlock, ending its
   * sessions): `change` with the rules of an action, so the target rules and the audit entry
   * are the same as for any action. */
  act(
    actor: UserRecord,
    code: string,
    action: AuditAction,
    summary: AuditSummary,
    more: ChangeOptions,
  ) {
    return this.change(actor, code, { action: true }, (u) => u, action, summary, more);
  }

  /** One try of `change`'s write: the outcome, or `{ again: true }` when another write won. */
  async #write(
    actor: UserRecord,
    { entry, signIn, pending }: Found,
    edit: (u: UserRecord) => UserRecord | Promise<UserRecord>,
    what: { action: AuditAction; summary: AuditSummary; more: ChangeOptions },
  ): Promise<Outcome | { again: true }> {
    const { more: { ending, clearsLock } } = what;
    const kv = this.#kv;
    const code = entry.value.employeeCode;
    const now = this.deps.now();
    const ends = ending !== undefined && ending.when(entry.value);
    const edited = {
      ...(await edit(entry.value)),
      updatedAt: new Date(now).toISOString(),
      updatedBy: actor.employeeCode,
      // a commit whose answer is lost is known by it (users/store.ts): not done twice
      opId: crypto.randomUUID(),
    };
    // ending the sessions is the same write: the user's session epoch goes up
    const after = ends ? withSessionsEnded(edited) : edited;
    let state = signIn.value;
    const res = await updateUser(kv, entry, after, async (op) => {
      for (const request of pending) {
        if (ends && request.value.kind === ending.requestKind) removeRequest(op, request);
        else if (request.value.station !== after.station) {
          moveRequest(op, request, after.station);
        }
      }
      if (clearsLock) state = await clearLock(kv, op, code, signIn);
      // the target's station before and after (a move concerns both)
      const target = { employeeCode: code, station: [entry.value.station, after.station] };
      // each changed field from and to (issue 27), never a secret: changes.ts lists them
      const changes = fieldChanges(entry.value, after);
      const at = auditAt(now, what.more.settings);
      audit(op, at, actor, what.action, target, what.summary, undefined, { changes });
    });
    if (res.ok) return { user: after, signIn: state };
    if (res.conflict === "last-super-admin") return LAST_SUPER_ADMIN;
    if (res.conflict === "email") {
      return refusal(409, "users:email_taken", { email: after.email ?? "" });
    }
    return { again: true };
  }

  /** A user as the API answers it, with the sign-in state read in the same snapshot as it
   * (`target`) or written with it (a change's outcome). */
  present(user: UserRecord, signIn: SignInState | null) {
    return publicUser(user, signIn ?? undefined, this.deps.now());
  }

  /** A change's answer: the user, or the refusal. */
  answer(c: Context<Env>, r: Outcome) {
    return "user" in r ? ok(c, this.present(r.user, r.signIn)) : fail(c, r.status, r);
  }
}

/** The helpers of user administration on the app's store. */
export function userOps(deps: Deps): UserOps {
  return new UserOps(deps);
}
