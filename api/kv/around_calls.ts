// One way to put a policy around a store's calls (kv/retry.ts retries them, kv/deadline.ts gives
// them a deadline): a Proxy whose named calls and atomic commits run through `around`, the rest
// being the store's own.

/** Runs one call of the store under a policy. */
export type Around = <T>(work: () => Promise<T>) => Promise<T>;

/** `kv` with each call named in `methods`, and each atomic operation's commit, run through
 * `around`; `own` replaces other calls (given the store's bound function). */
export function aroundCalls(
  kv: Deno.Kv,
  methods: ReadonlySet<PropertyKey>,
  around: Around,
  // deno-lint-ignore no-explicit-any
  own: Record<string, (bound: (...args: any[]) => any) => unknown> = {},
): Deno.Kv {
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === "atomic") {
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          // commit() sends the checks and mutations gathered so far; it can be sent again
          op.commit = () => around(commit);
          return op;
        };
      }
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      const bound = value.bind(target);
      if (typeof prop === "string" && own[prop]) return own[prop](bound);
      return methods.has(prop) ? (...args: unknown[]) => around(() => bound(...args)) : bound;
    },
  });
}
