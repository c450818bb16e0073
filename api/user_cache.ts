// The users of an API instance in memory, valid while the KV users version is unchanged: every
// user write bumps that version and logs the changed code in its own atomic operation, so a list
// never serves a stale user, and noticing a new version costs reading the changed users only.

import { keys, listValues, USER_CHANGE_TTL_MS, type UserRecord } from "./store.ts";

/** A cached user with its lower-cased search text (code, names, email, station) and expiry. */
export interface CachedUser {
  user: UserRecord;
  search: string;
  /** Password expiry in ms since the epoch (Infinity when none). */
  expiry: number;
}

function cached(user: UserRecord): CachedUser {
  return {
    user,
    search: [
      user.employeeCode,
      user.fullName,
      user.firstName,
      user.lastName,
      user.email,
      user.station,
    ]
      .join("\u0000").toLowerCase(),
    expiry: user.passwordExpiry === null ? Infinity : Date.parse(user.passwordExpiry) || Infinity,
  };
}

// A refresh reads the change log from this long before the last one, so that a write whose clock
// ran a little behind (another instance) is not missed.
const SKEW_MS = 60_000;

/**
 * All users, sorted by employee code. When the users version has changed, only the users named
 * in the change log since the last refresh are read again (a write costs a few reads, not a
 * reload of every user); a cache older than the log's memory reloads everything.
 */
export class UserCache {
  private stamp: string | null = null;
  private users: CachedUser[] = [];
  private refreshedAt = -Infinity;
  /** Change-log entries already applied (id -> time), so that each change is read once. */
  private readonly applied = new Map<string, number>();
  private loading: { stamp: string; promise: Promise<CachedUser[]> } | null = null;

  constructor(private readonly kv: Deno.Kv, private readonly clock: () => number = Date.now) {}

  /** Every user, as of now. */
  async all(): Promise<CachedUser[]> {
    // the version is read before the users, so what is cached is never older than its stamp
    const version = await this.kv.get(keys.usersVersion());
    const stamp = version.versionstamp ?? "none";
    if (stamp === this.stamp) return this.users;
    if (this.loading?.stamp === stamp) return await this.loading.promise;
    const startedAt = this.clock();
    const promise = startedAt - this.refreshedAt < USER_CHANGE_TTL_MS - 2 * SKEW_MS
      ? this.patch(this.refreshedAt - SKEW_MS)
      : listValues<UserRecord>(this.kv, keys.userPrefix()).then((users) => users.map(cached));
    this.loading = { stamp, promise };
    const users = await promise;
    if (this.loading?.stamp === stamp) {
      this.stamp = stamp;
      this.users = users;
      this.refreshedAt = startedAt;
      this.loading = null;
    }
    return users;
  }

  /** The cached users with those changed since `since` (and not applied yet) read again. */
  private async patch(since: number): Promise<CachedUser[]> {
    const codes = new Set<string>();
    for await (
      const e of this.kv.list<string>({
        start: [...keys.userChanges(), since],
        end: [...keys.userChanges(), Infinity],
      })
    ) {
      const id = e.key[2] as string;
      if (this.applied.has(id)) continue;
      this.applied.set(id, e.key[1] as number);
      codes.add(e.value);
    }
    for (const [id, at] of this.applied) if (at < since - SKEW_MS) this.applied.delete(id);
    // a copy: readers still hold the previous array
    const users = this.users.slice();
    const list = [...codes];
    for (let i = 0; i < list.length; i += 10) {
      const entries = await this.kv.getMany<UserRecord[]>(
        list.slice(i, i + 10).map((code) => keys.user(code)),
      );
      entries.forEach((entry, k) => place(users, list[i + k], entry.value));
    }
    return users;
  }
}

/** Puts a user at its place in a list sorted by employee code (or takes it out when null). */
function place(users: CachedUser[], code: string, user: UserRecord | null): void {
  let lo = 0;
  let hi = users.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (users[mid].user.employeeCode < code) lo = mid + 1;
    else hi = mid;
  }
  const found = lo < users.length && users[lo].user.employeeCode === code;
  if (user === null) {
    if (found) users.splice(lo, 1);
  } else if (found) users[lo] = cached(user);
  else users.splice(lo, 0, cached(user));
}
