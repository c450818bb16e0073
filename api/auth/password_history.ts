// The password history of the policy (issue 27): the hashes of a user's own latest passwords, kept
// on the user record beside the hash (never answered), so that a change may not choose one of them
// again. Only passwords the user chose go in: a one-time or administrator-set password is random
// or the administrator's, and an administrator's reset leaves the history as it was.

import { verifyPassword } from "./auth.ts";
import type { JobTag } from "./hash_pool.ts";
import { passwordHistoryOf, type PolicySettings } from "../rules/password_policy.ts";
import type { UserRecord } from "../store/records.ts";

/** Whether `candidate` is one of the user's own latest passwords the settings remember. Checked
 * one after another, through the hash pool: each is an argon2id verification, and one account
 * holds at most two hash jobs at a time (hash_pool.ts). */
export async function reusesPassword(
  user: UserRecord,
  candidate: string,
  settings: PolicySettings,
  tag: JobTag,
): Promise<boolean> {
  for (const hash of (user.passwordHistory ?? []).slice(0, passwordHistoryOf(settings))) {
    // the current password is refused by its own rule, checked already
    if (hash === user.passwordHash) continue;
    if (await verifyPassword(candidate, hash, tag)) return true;
  }
  return false;
}

/** The user's record fields after choosing the password of `newHash`: the history with it first,
 * as long as the settings say (none at all when they remember none). */
export function withHistory(
  user: UserRecord,
  newHash: string,
  settings: PolicySettings,
): UserRecord {
  const { passwordHistory: earlier = [], ...rest } = user;
  const n = passwordHistoryOf(settings);
  return n === 0
    ? { ...rest, passwordHash: newHash }
    : { ...rest, passwordHash: newHash, passwordHistory: [newHash, ...earlier].slice(0, n) };
}
