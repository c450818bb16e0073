// The limits of a denokv server (issue 49), stricter than Deno's local store (which allows 100
// checks per write): a write the server refuses is lost work, so every path that writes many
// keys packs them through here. Writes are recorded as groups (one user, one audit entry, one
// restored entry: the keys that must land together) and packed into as few atomic writes as the
// limits allow, never splitting a group.

/** What one atomic write and one read may hold on a denokv server (measured by trying). */
export const KV_LIMITS = {
  checks: 10,
  mutations: 1_000,
  valueBytes: 64 * 1024,
  keyBytes: 2 * 1024,
  writeBytes: 800 * 1024,
  readRanges: 10,
  readEntries: 1_000,
} as const;

// Sizes are estimated from the V8 serialisation KV itself uses; the margin covers the framing
// the estimate leaves out.
const BYTE_BUDGET = Math.floor(KV_LIMITS.writeBytes * 0.9);

/** The keys that must land in one atomic write, recorded before they are packed. */
export class WriteGroup {
  readonly checks: Deno.AtomicCheck[] = [];
  readonly mutations: Deno.KvMutation[] = [];
  /** Estimated bytes of keys and values. */
  bytes = 0;
  /** Where each key last set in this group is in `mutations` (the last set of a key in one
   * write is the one that lands: a key set again replaces its earlier set, which then costs
   * nothing, as an index bucket does when several of its users are staged one after another). */
  private readonly setAt = new Map<string, number>();

  /** Records a versionstamp check. */
  check(...checks: Deno.AtomicCheck[]): this {
    for (const c of checks) {
      this.checks.push(c);
      this.bytes += keyBytes(c.key);
    }
    return this;
  }

  /** Records a set (with its expiry, if any). */
  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): this {
    const id = keyId(key);
    const bytes = keyBytes(key) + valueBytes(value);
    const mutation: Deno.KvMutation = { type: "set", key, value, ...options };
    const at = this.setAt.get(id);
    if (at !== undefined) {
      const was = this.mutations[at] as { key: Deno.KvKey; value: unknown };
      this.bytes -= keyBytes(was.key) + valueBytes(was.value);
      this.mutations[at] = mutation;
    } else {
      this.setAt.set(id, this.mutations.length);
      this.mutations.push(mutation);
    }
    this.bytes += bytes;
    return this;
  }

  /** Records a delete. */
  delete(key: Deno.KvKey): this {
    // a set after this delete must come after it
    this.setAt.delete(keyId(key));
    this.mutations.push({ type: "delete", key });
    this.bytes += keyBytes(key);
    return this;
  }

  /** Records a sum into a KvU64 counter. */
  sum(key: Deno.KvKey, n: bigint): this {
    this.setAt.delete(keyId(key));
    this.mutations.push({ type: "sum", key, value: new Deno.KvU64(n) });
    this.bytes += keyBytes(key) + 8;
    return this;
  }

  /** Adds this group's checks and mutations to `op`. */
  applyTo(op: Deno.AtomicOperation): Deno.AtomicOperation {
    return op.check(...this.checks).mutate(...this.mutations);
  }
}

/** A key as a text, equal for equal keys. */
function keyId(key: Deno.KvKey): string {
  return key.map((part) =>
    part instanceof Uint8Array ? `u${part.join(",")}` : `${typeof part}:${String(part)}`
  ).join("\u0000");
}

/** Approximate stored size of a key (its tuple encoding). */
export function keyBytes(key: Deno.KvKey): number {
  let n = 0;
  for (const part of key) {
    if (typeof part === "string") n += new TextEncoder().encode(part).length + 2;
    else if (part instanceof Uint8Array) n += part.length + 2;
    else n += 9;
  }
  return n;
}

/** Approximate stored size of a value: KV stores it as V8 serialises it (a one-byte string is a
 * byte a character, any other two, a number nine bytes). Worked out here rather than with
 * node:v8, which the web's type check of the API's types cannot resolve. */
export function valueBytes(value: unknown): number {
  if (value instanceof Uint8Array) return value.length + 4;
  if (value instanceof Deno.KvU64) return 8;
  return v8Bytes(value);
}

/** V8's serialised size of plain data, a few bytes over rather than under. */
function v8Bytes(value: unknown): number {
  switch (typeof value) {
    case "string":
      // deno-lint-ignore no-control-regex
      return 8 + (/^[\u0000-\u00ff]*$/.test(value) ? value.length : 2 * value.length);
    case "number":
    case "bigint":
      return 10;
    case "object": {
      if (value === null) return 1;
      if (value instanceof Date) return 9;
      if (Array.isArray(value)) return value.reduce((n: number, v) => n + v8Bytes(v), 10);
      let n = 10;
      for (const [k, v] of Object.entries(value)) n += v8Bytes(k) + v8Bytes(v);
      return n;
    }
    default:
      return 1;
  }
}

/** Why a group can never be written, or undefined when it fits one atomic write alone. */
export function groupProblem(group: WriteGroup): string | undefined {
  if (group.checks.length > KV_LIMITS.checks) return `${group.checks.length} checks`;
  if (group.mutations.length > KV_LIMITS.mutations) return `${group.mutations.length} mutations`;
  if (group.bytes > BYTE_BUDGET) return `${group.bytes} bytes`;
  for (const m of group.mutations) {
    if (keyBytes(m.key) > KV_LIMITS.keyBytes) return "a key over 2 KiB";
    if (m.type === "set" && valueBytes(m.value) > KV_LIMITS.valueBytes) {
      return "a value over 64 KiB";
    }
  }
  return undefined;
}

/** Packs groups, in order, into batches that each fit one atomic write. A group too large for
 * any write throws: that is a bug in the caller, not a state of the store. */
export function packGroups(groups: readonly WriteGroup[]): WriteGroup[][] {
  const batches: WriteGroup[][] = [];
  let batch: WriteGroup[] = [];
  let checks = 0, mutations = 0, bytes = 0;
  for (const group of groups) {
    const problem = groupProblem(group);
    if (problem) throw new Error(`one write group exceeds the store's limits: ${problem}`);
    const fits = checks + group.checks.length <= KV_LIMITS.checks &&
      mutations + group.mutations.length <= KV_LIMITS.mutations &&
      bytes + group.bytes <= BYTE_BUDGET;
    if (!fits && batch.length) {
      batches.push(batch);
      batch = [];
      checks = mutations = bytes = 0;
    }
    batch.push(group);
    checks += group.checks.length;
    mutations += group.mutations.length;
    bytes += group.bytes;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** What committing packed groups did. */
export interface BatchedCommit {
  /** Every batch committed. */
  ok: boolean;
  /** Groups committed, counted from the first (batches commit in order). */
  committed: number;
}

/** Commits groups in order, packed into as few atomic writes as the limits allow. Each batch is
 * atomic; the whole is not: on a failed check it stops and says how many groups landed, so the
 * caller can undo or report them. */
export async function commitGroups(
  kv: Deno.Kv,
  groups: readonly WriteGroup[],
): Promise<BatchedCommit> {
  let committed = 0;
  for (const batch of packGroups(groups)) {
    const op = kv.atomic();
    for (const group of batch) group.applyTo(op);
    const result = await op.commit();
    if (!result.ok) return { ok: false, committed };
    committed += batch.length;
  }
  return { ok: true, committed };
}

/**
 * An atomic operation that records into a write group instead of committing: the store's own
 * staging functions (stageUserWrite, audit, addRequest) fill groups through it. `group` may be
 * switched between calls; the operation stays the same object, so what a staging function keeps
 * per operation (the index buckets it read, users/index_buckets.ts) is shared by every group
 * staged through it, as it is by the parts of one atomic write.
 */
export class GroupStaging implements Deno.AtomicOperation {
  constructor(public group: WriteGroup = new WriteGroup()) {}

  /** Records checks. */
  check(...checks: Deno.AtomicCheck[]): this {
    this.group.check(...checks);
    return this;
  }

  /** Records sets, deletes and sums (min and max are not used by the store). */
  mutate(...mutations: Deno.KvMutation[]): this {
    for (const m of mutations) {
      if (m.type === "set") {
        this.group.set(m.key, m.value, m.expireIn === undefined ? {} : { expireIn: m.expireIn });
      } else if (m.type === "delete") this.group.delete(m.key);
      else if (m.type === "sum") this.group.sum(m.key, m.value.value);
      else throw new Error(`GroupStaging records no ${m.type}`);
    }
    return this;
  }

  /** Records a sum. */
  sum(key: Deno.KvKey, n: bigint): this {
    this.group.sum(key, n);
    return this;
  }

  /** Not used by the store. */
  min(): this {
    throw new Error("GroupStaging records no min");
  }

  /** Not used by the store. */
  max(): this {
    throw new Error("GroupStaging records no max");
  }

  /** Records a set. */
  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): this {
    this.group.set(key, value, options);
    return this;
  }

  /** Records a delete. */
  delete(key: Deno.KvKey): this {
    this.group.delete(key);
    return this;
  }

  /** Not used by the store. */
  enqueue(): this {
    throw new Error("GroupStaging records no enqueue");
  }

  /** Groups are committed by commitGroups, never through the staging. */
  commit(): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
    throw new Error("GroupStaging is committed through commitGroups");
  }
}

/** Whether groups fit one atomic write together. */
export function fitOneWrite(groups: readonly WriteGroup[]): boolean {
  return packGroups(groups).length <= 1;
}
