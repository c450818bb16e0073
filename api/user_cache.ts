// The users of an API instance in memory, valid while the KV users version is unchanged: every
// user write bumps that version in its own atomic operation, so a list never serves a stale user
// for longer than the one request that notices the new version.

import { keys, listValues, type UserRecord } from "./store.ts";

/** A cached user with its lower-cased search text (code, names, email, station) and expiry. */
export interface CachedUser {
  user: UserRecord;
  search: string;
  /** Password expiry in ms since the epoch (Infinity when none). */
  expiry: number;
}

/** All users, read from KV only when the users version has changed. */
export class UserCache {
  private stamp: string | null = null;
  private users: CachedUser[] = [];
  private loading: { stamp: string; promise: Promise<CachedUser[]> } | null = null;

  constructor(private readonly kv: Deno.Kv) {}

  /** Every user, as of now. */
  async all(): Promise<CachedUser[]> {
    // the version is read before the users, so what is cached is never older than its stamp
    const version = await this.kv.get(keys.usersVersion());
    const stamp = version.versionstamp ?? "none";
    if (stamp === this.stamp) return this.users;
    if (this.loading?.stamp === stamp) return await this.loading.promise;
    const promise = listValues<UserRecord>(this.kv, keys.userPrefix()).then((users) =>
      users.map((user) => ({
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
        expiry: user.passwordExpiry === null
          ? Infinity
          : Date.parse(user.passwordExpiry) || Infinity,
      }))
    );
    this.loading = { stamp, promise };
    const users = await promise;
    if (this.loading?.stamp === stamp) {
      this.stamp = stamp;
      this.users = users;
      this.loading = null;
    }
    return users;
  }
}
