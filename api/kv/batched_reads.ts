// Reads made by concurrent requests, sent to the store together. Every KV call is one trip through
// the local store's single SQLite thread and back; under the mixed load of design 8 the portal is
// bound by how many calls that thread answers a second, not by how many keys they read (README,
// the benches of 2026-11-29). While WINDOW reads are already with the store, the gets and small
// getManys asked meanwhile wait here instead of in the store's queue, and go as getManys of up to
// ten keys (KV's limit for one read) when one comes back. With fewer reads out, a read is sent at
// the end of the turn that asked it (a microtask), so a lone request waits for nothing.
//
// Each caller's keys stay in one call, so each still reads one snapshot, taken after it asked: a
// read asked after a commit sees it. A call that fails is tried again caller by caller, so that one
// caller's bad key fails that caller alone.

/** Keys a KV read may hold at once. */
const MAX_KEYS = 10;

/**
 * Gathered reads that may be with the store at once. Measured in the 200-client mix (15 s runs in
 * turns, 2026-11-29): no window (reads gathered per microtask only) 2,332 to 2,462 req/s at p95
 * 143 to 149 ms, as without gathering; a window of 1 to 8, 2,618 to 3,290 req/s at p95 118 to
 * 148 ms, with no clear best among 2, 3, 4 and 8. Four leaves room for a call that is slow.
 */
const WINDOW = 4;

/** A key as a string that tells every KV key apart: each part's type, then its value. */
function keyId(key: Deno.KvKey): string {
  return key.map((p) =>
    p instanceof Uint8Array ? `u:${p.join(",")}` : `${(typeof p)[0]}:${String(p)}`
  ).join("\u0000");
}

interface Pending {
  keys: Deno.KvKey[];
  /** Each key as a string, so that a key several callers ask (the settings, the epoch of every
   * session: every session check reads them) is read once in their call. */
  ids: string[];
  resolve: (entries: Deno.KvEntryMaybe<unknown>[]) => void;
  reject: (error: unknown) => void;
}

/** `kv` whose plain gets and getManys are gathered while the store is busy (see above);
 * everything else (lists, atomic writes, reads with options) is the store's own. A store across a
 * network answers many calls at once, and each call that waits for the window waits a round
 * trip more (about 90 ms on Deploy from another region, issue 49): there `window` is Infinity,
 * and reads are gathered per turn of the event loop only. */
export function batchedReads(kv: Deno.Kv, { window = WINDOW }: { window?: number } = {}): Deno.Kv {
  let waiting: Pending[] = [];
  let flushAsked = false;
  let out = 0;

  /** Sends what waits, callers packed in order into calls of up to ten keys, unless the
   * window is full: then the next read to come back sends it. */
  const flush = () => {
    flushAsked = false;
    if (out >= window || waiting.length === 0) return;
    const callers = waiting;
    waiting = [];
    let call: Pending[] = [];
    let unique = new Map<string, Deno.KvKey>();
    for (const caller of callers) {
      const added = caller.ids.filter((id) => !unique.has(id)).length;
      if (unique.size + added > MAX_KEYS) {
        send(call, unique);
        call = [];
        unique = new Map();
      }
      call.push(caller);
      caller.ids.forEach((id, i) => unique.set(id, caller.keys[i]));
    }
    if (call.length > 0) send(call, unique);
  };

  /** One getMany of the `unique` keys of `call`'s callers; each gets the entries of its own keys,
   * in its order. */
  const send = (call: Pending[], unique: Map<string, Deno.KvKey>) => {
    out++;
    const ids = [...unique.keys()];
    // a key the store refuses at once becomes a rejection like any other failure
    new Promise<Deno.KvEntryMaybe<unknown>[]>((r) => r(kv.getMany([...unique.values()])))
      .then((entries) => {
        const byId = new Map(ids.map((id, i) => [id, entries[i]]));
        for (const caller of call) caller.resolve(caller.ids.map((id) => byId.get(id)!));
      }, (error) => {
        if (call.length === 1) return call[0].reject(error);
        // one caller's key may be the bad one: each caller is tried on its own
        for (const caller of call) kv.getMany(caller.keys).then(caller.resolve, caller.reject);
      })
      .finally(() => {
        out--;
        flush();
      });
  };

  const gathered = (keys: Deno.KvKey[]) =>
    new Promise<Deno.KvEntryMaybe<unknown>[]>((resolve, reject) => {
      waiting.push({ keys, ids: keys.map(keyId), resolve, reject });
      if (!flushAsked) {
        flushAsked = true;
        queueMicrotask(flush);
      }
    });

  // made once, not at every property read: every request's reads come through here
  type Options = { consistency?: Deno.KvConsistencyLevel };
  const get = (key: Deno.KvKey, options?: Options) =>
    options === undefined ? gathered([key]).then((entries) => entries[0]) : kv.get(key, options);
  const getMany = (keys: Deno.KvKey[], options?: Options) =>
    options === undefined && keys.length > 0 && keys.length <= MAX_KEYS
      ? gathered([...keys])
      : kv.getMany(keys, options);

  return new Proxy(kv, {
    get(target, prop) {
      if (prop === "get") return get;
      if (prop === "getMany") return getMany;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
