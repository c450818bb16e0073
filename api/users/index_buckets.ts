// The user list's compact index (design 5.5): the few fields the list searches, filters, sorts and
// counts by (code, name, email, station, role, active, password expiry, second factor), kept in 1,024 KV values of
// about a hundred users each. Every user write updates its bucket in the same atomic operation
// (users/store.ts) and stamps it (kv/bucket_watch.ts); each process keeps the index in memory and reads
// again only the buckets whose stamps changed. A cold process reads the 1,024 values once.

import { Coalesced } from "../kv/fresh_cache.ts";
import { BucketWatch, stampBucket } from "../kv/bucket_watch.ts";
import { bucketOf } from "../auth/signin_state.ts";
import { keys } from "../store/keys.ts";
import { foldSearch } from "./search_fold.ts";
import type { Role } from "../rules/roles.ts";
import type { UserRecord } from "../store/records.ts";

/** The name of the index buckets' stamps. */
export const USER_STAMPS = "users";

/** One user in the index, as stored: [code, fullName, email, station, role, active, expiry ms,
 * second factor] (the eighth only when the user has one). */
type Stored = [string, string, string, string, Role, 0 | 1, number | null, (0 | 1)?];

/** One user of the index, as the list reads it. */
export interface IndexRow {
  code: string;
  name: string;
  station: string;
  role: Role;
  active: boolean;
  /** Password expiry in ms since the epoch, or null. */
  expiry: number | null;
  /** Whether the user has a second factor. */
  twoFactor: boolean;
  /** Code, name, email and station, folded for the search box (search_fold.ts). */
  search: string;
}

/** The index entry of a user (null for none). */
function stored(user: UserRecord | null): Stored | null {
  if (user === null) return null;
  const expiry = user.passwordExpiry === null ? null : Date.parse(user.passwordExpiry);
  const row: Stored = [
    user.employeeCode,
    user.fullName,
    user.email,
    user.station,
    user.role,
    user.isActive ? 1 : 0,
    expiry === null || Number.isNaN(expiry) ? null : expiry,
  ];
  // only when set: most users have none, and older entries stay as they were
  if (user.twoFactorEnabled) row.push(1);
  return row;
}

function row(s: Stored): IndexRow {
  return {
    code: s[0],
    name: s[1],
    station: s[3],
    role: s[4],
    active: s[5] === 1,
    expiry: s[6],
    twoFactor: s[7] === 1,
    search: foldSearch(`${s[0]}\u0000${s[1]}\u0000${s[2]}\u0000${s[3]}`),
  };
}

/**
 * Adds to `op` the index change of a user going from `before` to `after` (null: not there): its
 * bucket, checked against what was read, and the bucket's stamp. When the indexed fields stay
 * the same, only the stamp: the lists' copies of the user's record (users/ops.ts) are read again.
 * A racing write of another user of the same bucket makes the commit fail; the writer reads
 * again and retries.
 */
export async function stageIndex(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  before: UserRecord | null,
  after: UserRecord | null,
): Promise<void> {
  const old = stored(before);
  const next = stored(after);
  const code = (after ?? before)!.employeeCode;
  const bucket = bucketOf(code);
  if (JSON.stringify(old) === JSON.stringify(next)) {
    stampBucket(op, USER_STAMPS, bucket);
    return;
  }
  // a batch (an import) may hold several users of one bucket: each changes the rows the one
  // before it staged, since the last set of a key in an operation is the one written
  let staged = stagedBuckets.get(op);
  if (staged === undefined) stagedBuckets.set(op, staged = new Map());
  let rows = staged.get(bucket);
  if (rows === undefined) {
    const entry = await kv.get<string>(keys.userIndex(bucket));
    rows = entry.value === null ? [] : JSON.parse(entry.value) as Stored[];
    staged.set(bucket, rows);
    op.check(entry);
    stampBucket(op, USER_STAMPS, bucket);
  }
  const at = rows.findIndex((r) => r[0] === code);
  if (at !== -1) rows.splice(at, 1);
  if (next !== null) rows.push(next);
  op.set(keys.userIndex(bucket), JSON.stringify(rows));
}

/** The index buckets each pending atomic operation has staged, as it will write them. */
const stagedBuckets = new WeakMap<Deno.AtomicOperation, Map<number, Stored[]>>();

/** A role's place when the list is sorted by role. */
const ROLE_RANK: Record<Role, number> = { super_admin: 0, admin: 1, user: 2 };

/** The keys a list can be sorted by. */
export type IndexSort =
  | "employeeCode"
  | "fullName"
  | "station"
  | "role"
  | "isActive"
  | "passwordExpiry";

const SORT_VALUE: Record<IndexSort, (r: IndexRow) => string | number | null> = {
  employeeCode: (r) => r.code,
  fullName: (r) => r.name === "" ? null : r.name,
  station: (r) => r.station === "" ? null : r.station,
  // by rank, the most powerful first, as the screens list the roles (the keys' own order put
  // admin before super_admin)
  role: (r) => ROLE_RANK[r.role],
  isActive: (r) => (r.active ? 1 : 0),
  passwordExpiry: (r) => r.expiry,
};

/** Compares two rows by a value, values before empty ones, then by code. */
export function byValue<T>(value: (r: T) => string | number | null, code: (r: T) => string) {
  return (a: T, b: T) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      return (va === null ? 1 : 0) - (vb === null ? 1 : 0) || (code(a) < code(b) ? -1 : 1);
    }
    return va < vb ? -1 : va > vb ? 1 : code(a) < code(b) ? -1 : code(a) > code(b) ? 1 : 0;
  };
}

/** The index of a store, in this process's memory, as fresh as the last `refresh`. */
export class UserIndex {
  private readonly buckets = new Map<number, IndexRow[]>();
  private all: IndexRow[] = [];
  private readonly sorted = new Map<IndexSort, IndexRow[]>();
  private readonly watch: BucketWatch;
  private readonly refresher = new Coalesced(() => this.load());
  /** Goes up each time a refresh changes the index: what is computed from it is kept by it. */
  version = 0;

  /** `ownLook`: a caller that comes during a refresh looks at the stamps itself (`refresh`). */
  constructor(private readonly kv: Deno.Kv, private readonly ownLook = false) {
    this.watch = new BucketWatch(kv, USER_STAMPS);
  }

  /** Reads what changed since the last refresh; concurrent callers share reads. A caller that
   * comes while a refresh is under way looks at the stamps itself first: when nothing changed,
   * it waits for neither that refresh nor the next. Only with `ownLook` (a store across a
   * network): on the local store every call waits its turn in one thread, and callers sharing
   * one look make fewer calls (design 8's mix). */
  async refresh(): Promise<void> {
    if (this.ownLook && this.refresher.busy && await this.watch.unchanged()) return;
    return await this.refresher.run();
  }

  private async load(): Promise<void> {
    // the watch keeps the buckets as seen only once they are read here
    await this.watch.changed((changed) =>
      changed === "all" ? this.readAll() : this.readChanged(changed)
    );
  }

  private async readAll(): Promise<void> {
    this.buckets.clear();
    for await (const e of this.kv.list<string>({ prefix: [...keys.userIndexes()] })) {
      this.buckets.set(e.key[1] as number, (JSON.parse(e.value) as Stored[]).map(row));
    }
    this.sorted.clear();
    this.all = [...this.buckets.values()].flat();
    this.version++;
  }

  private async readChanged(changed: number[]): Promise<void> {
    if (changed.length === 0) return;
    const gone = new Set<IndexRow>();
    const added: IndexRow[] = [];
    // the changed buckets, ten to a read (getMany's limit), all read at once
    const parts: number[][] = [];
    for (let i = 0; i < changed.length; i += 10) parts.push(changed.slice(i, i + 10));
    const read = await Promise.all(
      parts.map((part) => this.kv.getMany<string[]>(part.map((b) => keys.userIndex(b)))),
    );
    read.flat().forEach((e, k) => {
      const bucket = changed[k];
      // rows of users whose listed fields did not change stay as they are
      const before = new Map((this.buckets.get(bucket) ?? []).map((r) => [r.code, r]));
      const rows = (e.value === null ? [] : JSON.parse(e.value) as Stored[]).map((s) => {
        const next = row(s);
        const was = before.get(next.code);
        if (was !== undefined && sameRow(was, next)) {
          before.delete(next.code);
          return was;
        }
        added.push(next);
        return next;
      });
      for (const r of before.values()) gone.add(r);
      this.buckets.set(bucket, rows);
    });
    if (gone.size === 0 && added.length === 0) return;
    // a few users changed: the sorted lists drop their old rows and take the new ones in
    // place, instead of sorting every user again on the next list
    if (added.length > MERGE_MAX) this.sorted.clear();
    else {for (const [key, list] of this.sorted) {
        this.sorted.set(key, merged(list, gone, added, key));
      }}
    this.all = [...this.buckets.values()].flat();
    this.version++;
  }

  /** A mark that changes whenever a user of `code`'s bucket changed, as of the last refresh
   * (a record read after it is current while the mark holds). */
  freshness(code: string): number {
    return this.watch.freshness(bucketOf(code));
  }

  /** Every user, in no particular order. */
  rows(): readonly IndexRow[] {
    return this.all;
  }

  /** Every user by a sort key, ascending, empty values last (kept up to date once made). */
  by(key: IndexSort): readonly IndexRow[] {
    let list = this.sorted.get(key);
    if (list === undefined) {
      list = [...this.all].sort(COMPARE[key]);
      this.sorted.set(key, list);
    }
    return list;
  }
}

/** Changed users beyond which sorting again is cheaper than putting each in its place. */
const MERGE_MAX = 500;

/** Whether a row read again is the one kept: every field alike, so that a change of any of them
 * (the second factor's, which a list of named fields once missed) takes the kept row's place. */
function sameRow(a: IndexRow, b: IndexRow): boolean {
  for (const k of Object.keys(a) as (keyof IndexRow)[]) if (a[k] !== b[k]) return false;
  return true;
}

const COMPARE = Object.fromEntries(
  Object.entries(SORT_VALUE).map(([key, value]) => [key, byValue(value, (r) => r.code)]),
) as Record<IndexSort, (a: IndexRow, b: IndexRow) => number>;

/** `list` (sorted by `key`) without the rows of `gone` and with those of `added`, in order. */
function merged(
  list: readonly IndexRow[],
  gone: ReadonlySet<IndexRow>,
  added: readonly IndexRow[],
  key: IndexSort,
): IndexRow[] {
  const compare = COMPARE[key];
  const out = gone.size === 0 ? [...list] : list.filter((r) => !gone.has(r));
  for (const r of added) {
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(out[mid], r) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, r);
  }
  return out;
}

/**
 * Builds the index of a store whose users were written before it existed, once (a marker says it
 * was done). A bucket some process has already written is left as it is.
 */
export async function buildIndex(kv: Deno.Kv): Promise<void> {
  if ((await kv.get(keys.userIndexBuilt())).value !== null) return;
  const buckets = new Map<number, Stored[]>();
  for await (const e of kv.list<UserRecord>({ prefix: [...keys.userPrefix()] })) {
    const b = bucketOf(e.value.employeeCode);
    if (!buckets.has(b)) buckets.set(b, []);
    buckets.get(b)!.push(stored(e.value)!);
  }
  for (const [b, rows] of buckets) {
    const op = kv.atomic().check({ key: keys.userIndex(b), versionstamp: null })
      .set(keys.userIndex(b), JSON.stringify(rows));
    await stampBucket(op, USER_STAMPS, b).commit();
  }
  await kv.set(keys.userIndexBuilt(), true);
}
