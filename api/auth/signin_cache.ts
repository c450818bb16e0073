// What the lists need of the sign-in states, in each process's memory: every account's last
// sign-in (the list's sort by it) and the accounts locked now (its lock filter and counts, the
// dashboard's count). Signing in writes only the account's sign-in key and stamps its bucket
// (kv/bucket_watch.ts); a process reads again only the buckets whose stamps changed, so a burst of
// sign-ins costs a few small reads.

import { Coalesced, FreshCache } from "../kv/fresh_cache.ts";
import { BucketWatch, collectionStamp } from "../kv/bucket_watch.ts";
import { bucketOf, LOCK_STAMPS, SIGN_IN_STAMPS, signInStates } from "./signin_state.ts";
import type { SignInState } from "../store/records.ts";
import { keys } from "../store/keys.ts";

/** The last sign-in of every account of a store, as fresh as the last `refresh`. */
export class LastSignIns {
  private readonly last = new Map<string, number>();
  private readonly inBucket = new Map<number, string[]>();
  private readonly watch: BucketWatch;
  private readonly refresher = new Coalesced(() => this.load());
  /** Goes up each time a refresh changes a state: what is computed from them is kept by it. */
  version = 0;

  constructor(private readonly kv: Deno.Kv) {
    this.watch = new BucketWatch(kv, SIGN_IN_STAMPS);
  }

  /** Reads what changed since the last refresh; concurrent callers share reads. */
  refresh(): Promise<void> {
    return this.refresher.run();
  }

  private async load(): Promise<void> {
    // the watch keeps the buckets as seen only once they are read here
    await this.watch.changed(async (changed) => {
      if (changed === "all") await this.readPrefix(keys.signIns(), null);
      else for (const bucket of changed) await this.readPrefix(keys.signInBucket(bucket), bucket);
      if (changed === "all" || changed.length > 0) this.version++;
    });
  }

  private async readPrefix(prefix: Deno.KvKey, bucket: number | null): Promise<void> {
    if (bucket !== null) {
      for (const code of this.inBucket.get(bucket) ?? []) this.last.delete(code);
    }
    const codes = new Map<number, string[]>();
    for await (const e of this.kv.list<SignInState>({ prefix })) {
      if (e.value.lastLogin === null) continue;
      const b = e.key[1] as number;
      const code = e.key[2] as string;
      this.last.set(code, e.value.lastLogin);
      if (!codes.has(b)) codes.set(b, []);
      codes.get(b)!.push(code);
    }
    if (bucket !== null) this.inBucket.set(bucket, codes.get(bucket) ?? []);
    else for (const [b, list] of codes) this.inBucket.set(b, list);
  }

  /** A code's last sign-in (epoch ms), or null when it never signed in. */
  lastLogin(code: string): number | null {
    return this.last.get(code) ?? null;
  }
}

/**
 * The accounts locked now, for the list's lock filter and counts and the dashboard: read again
 * only when a lock was set or cleared (its own stamp, LOCK_STAMPS: a sign-in that changes no lock
 * leaves it, so the next list does not wait for a second read in turn), and filtered by the time
 * of each call, since locks end by themselves.
 */
export class LockedAccounts {
  private stamp: string | null = null;
  private ends = new Map<string, number>();
  private locked: ReadonlySet<string> = new Set();
  /** The set holds from `from` until the soonest lock in it ends. */
  private from = Infinity;
  private until = -Infinity;
  private readonly refresher = new Coalesced(() => this.read());
  /** Goes up each time the set of locked accounts may have changed. */
  version = 0;

  /** `ownLook`: as UserIndex's (users/index_buckets.ts). */
  constructor(private readonly kv: Deno.Kv, private readonly ownLook = false) {}

  /** The codes locked at `now`. */
  async at(now: number): Promise<ReadonlySet<string>> {
    // while a read is under way, a look at the stamp alone: unchanged, neither it nor the next
    // is waited for (UserIndex.refresh)
    const current = this.ownLook && this.refresher.busy &&
      (await collectionStamp(this.kv, LOCK_STAMPS)) === this.stamp;
    if (!current) await this.refresher.run();
    if (now < this.from || now >= this.until) this.lockedAt(now);
    return this.locked;
  }

  /** When a code's lock ends, if it was locked at the last `at`; null if it was not. */
  lockEnd(code: string): number | null {
    return this.locked.has(code) ? this.ends.get(code) ?? null : null;
  }

  /** Reads the locks again when a sign-in state changed since the last read. */
  private async read(): Promise<void> {
    const stamp = await collectionStamp(this.kv, LOCK_STAMPS);
    if (stamp === this.stamp) return;
    const ends = new Map<string, number>();
    for await (const e of this.kv.list<number>({ prefix: [...keys.lockedAccounts()] })) {
      ends.set(e.key[1] as string, e.value);
    }
    this.stamp = stamp;
    this.ends = ends;
    this.from = Infinity; // the set is made again at the next `at`
  }

  private lockedAt(now: number): void {
    const locked = new Set<string>();
    let soonest = Infinity;
    for (const [code, end] of this.ends) {
      if (end <= now) continue;
      locked.add(code);
      soonest = Math.min(soonest, end);
    }
    this.locked = locked;
    this.from = now;
    this.until = soonest;
    this.version++;
  }
}

/** The sign-in states of the accounts the lists show, kept while their bucket is unchanged: a
 * page of the list reads only the states that changed since it was last shown. */
export class SignInStateCache {
  private readonly watch: BucketWatch;
  private readonly cache = new FreshCache<SignInState>(3000);
  private readonly refresher = new Coalesced(() => this.watch.changedGroups());

  /** `ownLook`: as UserIndex's (users/index_buckets.ts). */
  constructor(private readonly kv: Deno.Kv, private readonly ownLook = false) {
    this.watch = new BucketWatch(kv, SIGN_IN_STAMPS);
  }

  /** Looks at the stamps once, for this call and those meanwhile: what `statesOf` keeps is then
   * current as of this call. */
  async refresh(): Promise<void> {
    // while a look is under way, a look of its own that changes nothing (UserIndex.refresh)
    if (this.ownLook && this.refresher.busy && await this.watch.unchanged()) return;
    return await this.refresher.run();
  }

  /** The states of `codes`, as current as the `refresh` its caller awaited. */
  async statesOf(codes: readonly string[]): Promise<Map<string, SignInState>> {
    const out = new Map<string, SignInState>();
    const marks = new Map<string, number>();
    for (const code of codes) {
      const mark = this.watch.freshness(bucketOf(code));
      const hit = this.cache.get(code, mark);
      if (hit === undefined) marks.set(code, mark);
      else out.set(code, hit);
    }
    if (marks.size === 0) return out;
    for (const [code, state] of await signInStates(this.kv, [...marks.keys()])) {
      out.set(code, state);
      this.cache.set(code, marks.get(code)!, state);
    }
    return out;
  }
}
