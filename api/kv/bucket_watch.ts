// Which buckets of a bucketed collection changed since a process last looked, told by KV
// versionstamps, never by clocks. Every write of a bucket also sets three small stamp keys in the
// same atomic operation (the collection's, its group's, the bucket's); a set never conflicts, and
// each changes its key's versionstamp. A reader compares versionstamps: one list of the 32 group
// stamps when nothing changed, and then the changed groups' lists, read at once.

import { keys } from "../store/keys.ts";

/** Buckets per group: 1024 buckets are 32 groups of 32. */
const GROUP = 32;

/** Marks `bucket` of collection `name` changed, in the writer's atomic operation. */
export function stampBucket(
  op: Deno.AtomicOperation,
  name: string,
  bucket: number,
): Deno.AtomicOperation {
  return op.set(keys.stamp(name), true).set(keys.stampGroup(name, Math.floor(bucket / GROUP)), true)
    .set(keys.stampBucket(name, Math.floor(bucket / GROUP), bucket), true);
}

/** Marks collection `name` changed (a collection of no buckets: its stamp alone), in the writer's
 * atomic operation. */
export function stampCollection(op: Deno.AtomicOperation, name: string): Deno.AtomicOperation {
  return op.set(keys.stamp(name), true);
}

/** The versionstamp of collection `name`'s stamp: it changes with every write of a bucket. */
export async function collectionStamp(kv: Deno.Kv, name: string): Promise<string> {
  return (await kv.get(keys.stamp(name))).versionstamp ?? "none";
}

/** What one process has seen of a bucketed collection's stamps. */
export class BucketWatch {
  /** Whether a first look was made (until then every bucket counts as changed). */
  private looked = false;
  /** Versionstamps seen: each group's and each bucket's. */
  private readonly groups = new Map<number, string>();
  private readonly buckets = new Map<number, string>();
  /** Freshness marks: a counter, when everything last changed, and when each bucket did. */
  private tick = 0;
  private allSince = 0;
  private readonly touched = new Map<number, number>();
  /** When each group last changed as a whole (`changedGroups`). */
  private readonly groupTouched = new Map<number, number>();

  constructor(private readonly kv: Deno.Kv, private readonly name: string) {}

  /**
   * A mark that changes whenever `bucket` changed, as of the last `changed`: what was read from
   * the bucket after that call is still current while the mark stays the same.
   */
  freshness(bucket: number): number {
    const group = this.groupTouched.get(Math.floor(bucket / GROUP)) ?? 0;
    return Math.max(this.allSince, this.touched.get(bucket) ?? 0, group);
  }

  /**
   * Whether no bucket changed since the last look that ended: one read of the group stamps that
   * changes nothing here, so it may run beside a look in progress (a caller that would otherwise
   * wait for that look to end and then for one of its own: two round trips in a row on a remote
   * store, issue 49). False before the first look.
   */
  async unchanged(): Promise<boolean> {
    if (!this.looked) return false;
    const groups = await Array.fromAsync(this.kv.list({ prefix: keys.stampGroups(this.name) }));
    return groups.length === this.groups.size &&
      groups.every((e) => this.groups.get(e.key[3] as number) === e.versionstamp);
  }

  /**
   * `changed` for a reader that reads again what it needs anyway (the sign-in states of a page):
   * every bucket of a group whose stamp changed counts as changed, without reading which of
   * them did. One read, not two in turn: on a remote store each is a round trip (issue 49).
   */
  async changedGroups(): Promise<void> {
    const groups = await Array.fromAsync(this.kv.list({ prefix: keys.stampGroups(this.name) }));
    for (const e of groups) {
      const group = e.key[3] as number;
      if (this.groups.get(group) === e.versionstamp) continue;
      if (this.looked) this.groupTouched.set(group, ++this.tick);
      this.groups.set(group, e.versionstamp);
    }
    if (!this.looked) this.allSince = ++this.tick;
    this.looked = true;
  }

  /**
   * The buckets changed since the last call (every bucket the first time: "all"), once `read`
   * has read what the caller keeps of them. A change committed before the call began is always
   * in its answer; one committed during it may be in this answer or the next. What was seen is
   * kept only once every read, the caller's included, answered: a read that failed part way
   * leaves the next call to find the same changes.
   */
  async changed(
    read: (changed: number[] | "all") => Promise<void> = () => Promise.resolve(),
  ): Promise<number[] | "all"> {
    // the groups' stamps themselves, not the collection's first: under load every read waits its
    // turn on a busy event loop, and each read in a row made every list wait longer (design 8's
    // mix); when nothing changed this is still one read
    const groups = await Array.fromAsync(this.kv.list({ prefix: keys.stampGroups(this.name) }));
    const changedGroups = groups.map((e) => ({ group: e.key[3] as number, seen: e.versionstamp }))
      .filter(({ group, seen }) => this.groups.get(group) !== seen);
    // the changed groups' stamps at once, not one group after another
    const lists = await Promise.all(changedGroups.map(({ group }) => this.bucketStamps(group)));
    const stamps = lists.flat().map((e) => ({ bucket: e.key[4] as number, seen: e.versionstamp }));
    const out = stamps.filter(({ bucket, seen }) => this.buckets.get(bucket) !== seen)
      .map(({ bucket }) => bucket);
    const answer = this.looked ? out : "all";
    // the marks move before the caller's read: a value read from now on is kept under the new one
    if (answer === "all") this.allSince = ++this.tick;
    else for (const bucket of out) this.touched.set(bucket, ++this.tick);
    await read(answer);
    for (const { group, seen } of changedGroups) this.groups.set(group, seen);
    for (const { bucket, seen } of stamps) this.buckets.set(bucket, seen);
    this.looked = true;
    return answer;
  }

  private async bucketStamps(group: number): Promise<Deno.KvEntry<unknown>[]> {
    return await Array.fromAsync(this.kv.list({ prefix: keys.stampBuckets(this.name, group) }));
  }
}
