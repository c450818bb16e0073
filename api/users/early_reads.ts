// The lists' reads that do not depend on who asks, begun while the session check reads the
// caller's session (issue 49): on a remote store each read in turn is a round trip, about 90 ms on
// Deploy from another region. Only stamps and counters are read before the guard, and no answer
// is given from them, nor any refusal made to wait for them, until it has let the caller in.

import type { Context, MiddlewareHandler } from "hono";
import { sha256 } from "../auth/auth.ts";
import { carriesSession, type Deps, type Env } from "../http.ts";
import { pendingCounts } from "../requests/store.ts";
import type { UserOps } from "./ops.ts";

/** The routes whose first reads (the index's, the sign-in states' and the locks' stamps) do not
 * depend on who asks. */
const EARLY_PATHS = new Set(["/api/users/paginated", "/api/users/expiring", "/api/users/stats"]);
const STATS = "/api/users/stats";

/** What `earlyListReads` began for a request: the locked accounts once the stamps were looked
 * at, and for the statistics the credential's mark and the requests' counters of the scope it
 * had last time. */
interface Started {
  locked: Promise<ReadonlySet<string>>;
  credential?: string;
  pending?: { scope: string | null; read: ReturnType<typeof pendingCounts> };
}
const started = new WeakMap<Request, Started>();

/** The scope (a station, or null for all) of the statistics each credential (its hash) last
 * asked: a guess, checked against the caller's scope once known. Bounded like the session
 * owners of http.ts: the older half is dropped when it is full. */
const lastScopes = new Map<string, string | null>();
const MAX_SCOPES = 20_000;

/** The credential a request carries, hashed (never kept as it is). */
const credentialOf = (c: Context<Env>) =>
  sha256(`${c.req.header("authorization") ?? ""}\u0000${c.req.header("cookie") ?? ""}`);

/** Brings the index, the sign-in states and the locks up to date, for a list that then shows
 * its page with `presented`; a request `earlyListReads` saw uses the reads it began. */
export function freshLists(
  c: Context<Env>,
  deps: Deps,
  ops: UserOps,
): Promise<ReadonlySet<string>> {
  return started.get(c.req.raw)?.locked ??
    Promise.all([ops.refresh(), ops.locks.at(deps.now())]).then(([, locked]) => locked);
}

/** The requests' counters of `scope` (the caller's): the read begun early when its guess was
 * right, else one now; the scope is kept for the credential's next statistics. */
export function pendingOf(c: Context<Env>, kv: Deno.Kv, scope: string | null) {
  const early = started.get(c.req.raw);
  if (early?.credential !== undefined) {
    if (lastScopes.size >= MAX_SCOPES) {
      for (const old of [...lastScopes.keys()].slice(0, MAX_SCOPES / 2)) lastScopes.delete(old);
    }
    lastScopes.set(early.credential, scope);
  }
  return early?.pending !== undefined && early.pending.scope === scope
    ? early.pending.read
    : pendingCounts(kv, scope);
}

/** Starts the lists' first reads for a request that carries a session credential. */
export function earlyListReads(deps: Deps, ops: UserOps): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.req.method === "GET" && carriesSession(c) && EARLY_PATHS.has(c.req.path)) {
      const locked = Promise.all([ops.refresh(), ops.locks.at(deps.now())])
        .then(([, set]) => set);
      // a caller the guard turns away never waits for them
      locked.catch(() => {});
      const begun: Started = { locked };
      if (c.req.path === STATS) {
        begun.credential = credentialOf(c);
        const scope = lastScopes.get(begun.credential);
        if (scope !== undefined) {
          const read = pendingCounts(deps.kv, scope);
          read.catch(() => {});
          begun.pending = { scope, read };
        }
      }
      started.set(c.req.raw, begun);
    }
    await next();
  };
}
