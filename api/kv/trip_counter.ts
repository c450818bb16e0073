// Counts the KV round trips a request makes one after another (issue 49: the managed store of
// Deploy answers a strong read from another region in about 90 ms, so what a request costs is
// how many calls it waits for in a row, not how many it makes). Every call through the counter
// is held `delayMs` before it goes to the store, so calls made together overlap and calls made
// in turn do not; the depth is the longest chain of calls each begun after the one before ended.

/** One call to the store: what it was and when it began and ended (performance.now()). */
interface Trip {
  what: string;
  start: number;
  end: number;
}

/** What the counter gives: the store to hand the app, and the trips since the last `reset`. */
export interface TripCounter {
  kv: Deno.Kv;
  /** Forgets the calls seen so far (before the request to count). */
  reset(): void;
  /** The longest chain of calls made one after another since `reset`. */
  depth(): number;
  /** The calls since `reset`, in order of their start, for a failing assertion's message. */
  trips(): string[];
}

/** The most calls of `trips` that follow one another (each begun after the last ended): the
 * earliest-ending call first, greedily, gives the longest such chain. */
export function chainDepth(trips: readonly { start: number; end: number }[]): number {
  let depth = 0;
  let last = -Infinity;
  for (const t of [...trips].sort((a, b) => a.end - b.end)) {
    if (t.start >= last) {
      depth++;
      last = t.end;
    }
  }
  return depth;
}

/** `kv` with each get, getMany, list (its first page) and commit held `delayMs` and recorded. */
export function tripCounter(kv: Deno.Kv, delayMs = 10): TripCounter {
  let seen: Trip[] = [];
  const timed = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    await new Promise((r) => setTimeout(r, delayMs));
    try {
      return await call();
    } finally {
      seen.push({ what, start, end: performance.now() });
    }
  };
  const name = (key: Deno.KvKey) =>
    JSON.stringify(key, (_k, v) => typeof v === "bigint" ? `${v}` : v);

  const list = (selector: Deno.KvListSelector, options?: Deno.KvListOptions) => {
    const iter = kv.list(selector, options);
    let first = true;
    const next = iter.next.bind(iter);
    // the first page is the trip; a list of more than one page (remote: 100 entries) is more
    iter.next = () => {
      if (!first) return next();
      first = false;
      const what = `list ${name("prefix" in selector ? selector.prefix : [])}`;
      return timed(what, next);
    };
    return iter;
  };

  const counted = new Proxy(kv, {
    get(target, prop) {
      if (prop === "get") {
        return (key: Deno.KvKey, o?: { consistency?: Deno.KvConsistencyLevel }) =>
          timed(`get ${name(key)}`, () => target.get(key, o));
      }
      if (prop === "getMany") {
        return (keys: Deno.KvKey[], o?: { consistency?: Deno.KvConsistencyLevel }) =>
          timed(`getMany ${keys.map(name).join(" ")}`, () => target.getMany(keys, o));
      }
      if (prop === "list") return list;
      if (prop === "set" || prop === "delete") {
        return (key: Deno.KvKey, ...rest: unknown[]) =>
          timed(`${prop} ${name(key)}`, () => Reflect.apply(target[prop], target, [key, ...rest]));
      }
      if (prop === "atomic") {
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = () => timed("commit", commit);
          return op;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    kv: counted,
    reset: () => void (seen = []),
    depth: () => chainDepth(seen),
    trips: () => [...seen].sort((a, b) => a.start - b.start).map((t) => t.what),
  };
}
