// Reads made by concurrent requests, sent to the store together. Every KV call is one trip through
// Deno KV's single store thread and back; under the mixed load of design 8 the portal is bound by
// how many calls the store answers a second, not by how many keys they read (README, the bench of
// 2026-11-29). The gets and small getManys that requests make within one turn of the event loop
// are therefore sent as getManys of up to ten keys (KV's limit for one read). Each caller's keys
// stay in one call, so each still reads one snapshot, taken after its call; a call that fails is
// tried again caller by caller, so that one caller's bad key fails that caller alone.

/** Keys a KV read may hold at once. */
const MAX_KEYS = 10;

interface Pending {
  keys: Deno.KvKey[];
  resolve: (entries: Deno.KvEntryMaybe<unknown>[]) => void;
  reject: (error: unknown) => void;
}

/** `kv` whose plain gets and getManys are gathered per turn of the event loop (see above);
 * everything else (lists, atomic writes, reads with options) is the store's own. */
export function batchedReads(kv: Deno.Kv): Deno.Kv {
  let waiting: Pending[] = [];

  /** Sends what was gathered, callers packed in order into calls of up to ten keys. */
  const flush = () => {
    const callers = waiting;
    waiting = [];
    let call: Pending[] = [];
    let size = 0;
    for (const caller of callers) {
      if (size + caller.keys.length > MAX_KEYS) {
        send(call);
        call = [];
        size = 0;
      }
      call.push(caller);
      size += caller.keys.length;
    }
    if (call.length > 0) send(call);
  };

  const send = (call: Pending[]) => {
    kv.getMany(call.flatMap((c) => c.keys)).then((entries) => {
      let at = 0;
      for (const caller of call) {
        caller.resolve(entries.slice(at, at + caller.keys.length));
        at += caller.keys.length;
      }
    }, (error) => {
      if (call.length === 1) return call[0].reject(error);
      // one caller's key may be the bad one: each caller is tried on its own
      for (const caller of call) kv.getMany(caller.keys).then(caller.resolve, caller.reject);
    });
  };

  const gathered = (keys: Deno.KvKey[]) =>
    new Promise<Deno.KvEntryMaybe<unknown>[]>((resolve, reject) => {
      if (waiting.length === 0) setTimeout(flush, 0);
      waiting.push({ keys, resolve, reject });
    });

  return new Proxy(kv, {
    get(target, prop) {
      if (prop === "get") {
        return (key: Deno.KvKey, options?: { consistency?: Deno.KvConsistencyLevel }) =>
          options === undefined
            ? gathered([key]).then((entries) => entries[0])
            : target.get(key, options);
      }
      if (prop === "getMany") {
        return (keys: Deno.KvKey[], options?: { consistency?: Deno.KvConsistencyLevel }) =>
          options === undefined && keys.length > 0 && keys.length <= MAX_KEYS
            ? gathered([...keys])
            : target.getMany(keys, options);
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
