// What the user-administration sub-apps share: finding a target within the caller's scope, the
// one atomic write of a change with its audit entry, and the users and requests a caller may see.

import type { Context } from "hono";
import { type Deps, type Env, fail, ok } from "./http.ts";
import { seesAllStations, type TargetChange, targetProblem } from "./policy.ts";
import {
  audit,
  endSessions,
  keys,
  publicUser,
  type RequestKind,
  type UserRecord,
} from "./store.ts";
import { updateUser } from "./user_store.ts";
import { moveRequest, removeRequest, requestsOf } from "./requests_store.ts";
import { UserCache } from "./user_cache.ts";

/** What a change to a user gives: the user as written, or the answer that refuses it. */
export type Outcome = { user: UserRecord } | { status: 400 | 403 | 404 | 409; message: string };

/** Tries of a user write that lost a race with another write to the same user (each round of a
 * race has a winner, so this many parallel edits of one user all land). */
const WRITE_TRIES = 20;

/** A short random pause before a retry, so that the writers of a race spread out. */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
/** The answer to an edit made from a view older than the stored account (design 5.6). */
export const STALE_VIEW = {
  status: 409 as const,
  message: "Someone else changed this account after you opened it; it has been reloaded",
};

/** The answer to a change that would leave no active super admin (design 5.6). */
export const LAST_SUPER_ADMIN = {
  status: 409 as const,
  message: "This would leave no active super admin; make another super admin first",
};

/** The answer when a user kept changing under a write. */
export const CHANGED_MEANWHILE = {
  status: 409 as const,
  message: "The account changed meanwhile; please reload and try again",
};

/** The target rules of a change, fixed or read from the user as stored. */
export type Rules = TargetChange | ((before: UserRecord) => TargetChange);

/** The shared helpers of user administration, on one store and one user cache. */
export function userOps(deps: Deps) {
  const { kv } = deps;

  /**
   * The target user entry, or the answer that refuses it (404 outside scope). The rules may
   * depend on the stored user (an edit changes only the fields that differ from it).
   */
  async function target(actor: UserRecord, code: string, change: Rules) {
    const entry = await kv.get<UserRecord>(keys.user(code));
    if (entry.value === null) {
      return { error: { status: 404 as const, message: `User ${code} not found` } };
    }
    const rules = typeof change === "function" ? change(entry.value) : change;
    const problem = targetProblem(actor, entry.value, rules);
    if (problem !== null) return { error: problem };
    return { entry: entry as Deno.KvEntry<UserRecord> };
  }

  const cache = new UserCache(kv);

  async function visibleCached(actor: UserRecord) {
    const all = await cache.all();
    return seesAllStations(actor) ? all : all.filter((u) => u.user.station === actor.station);
  }

  async function visibleUsers(actor: UserRecord): Promise<UserRecord[]> {
    return (await visibleCached(actor)).map((u) => u.user);
  }

  /**
   * Applies `edit` to a user in one atomic write with its audit entry (and the email index when
   * the email changes). With `ending`, when `ending.when` holds for the user as read, the user's
   * sessions end and `ending.requestKind`'s pending request is closed in the same write; the
   * account's other pending requests follow it to a new station. With
   * `seen`, the `updatedAt` the editor saw, an account changed since answers 409.
   */
  async function change(
    actor: UserRecord,
    code: string,
    rules: Rules,
    edit: (u: UserRecord) => UserRecord | Promise<UserRecord>,
    action: string,
    summary: string,
    ending?: { when: (before: UserRecord) => boolean; requestKind?: RequestKind },
    seen?: string,
  ): Promise<Outcome> {
    // another write between the read and the commit: read again and re-apply (the rules are
    // checked again on what is there now); a few tries, then the caller is told
    for (let attempt = 1;; attempt++) {
      const found = await target(actor, code, rules);
      if (found.error) return found.error;
      // the editor's view is older than the account: their change would undo another's
      if (seen !== undefined && Date.parse(seen) < Date.parse(found.entry.value.updatedAt)) {
        return STALE_VIEW;
      }
      const now = deps.now();
      const ends = ending !== undefined && ending.when(found.entry.value);
      const after = {
        ...(await edit(found.entry.value)),
        updatedAt: new Date(now).toISOString(),
        updatedBy: actor.employeeCode,
      };
      const pending = await requestsOf(kv, code);
      const res = await updateUser(kv, found.entry, after, async (op) => {
        for (const request of pending) {
          if (ends && request.value.kind === ending.requestKind) removeRequest(op, request);
          else if (request.value.station !== after.station) {
            moveRequest(op, request, after.station);
          }
        }
        if (ends) await endSessions(kv, code, op);
        audit(op, now, actor.employeeCode, action, code, summary);
      });
      if (res.ok) return { user: after };
      if (res.conflict === "last-super-admin") return LAST_SUPER_ADMIN;
      if (res.conflict === "email") {
        return {
          status: 409 as const,
          message: `Email ${after.email} is already used by another account`,
        };
      }
      if (attempt === WRITE_TRIES) return CHANGED_MEANWHILE;
      await backoff(attempt);
    }
  }

  /** Ends the user's sessions whatever the change (with `change`). */
  const always = { when: () => true };

  /** A change's answer: the user, or the refusal. */
  const answer = (c: Context<Env>, r: Outcome) =>
    "user" in r ? ok(c, publicUser(r.user)) : fail(c, r.status, r.message);

  return {
    target,
    visibleCached,
    visibleUsers,
    change,
    always,
    answer,
  };
}

/** The helpers `userOps` gives. */
export type UserOps = ReturnType<typeof userOps>;
