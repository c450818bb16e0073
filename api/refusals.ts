// Refused requests (issue 48, item 17; ASVS 5.0 L2): every request has an id (X-Request-Id on
// its answer, request_context.ts); a refusal (403) is logged as one structured line with that id, and counted in
// the audit: one entry per caller, route and minute carrying the count, written at the first
// request after that minute, so that a flood of refusals never floods the log.

import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { callerAddress, type Deps, type Env } from "./http.ts";
import { audit, auditAt } from "./store/audit.ts";
import { getSettings } from "./settings/settings.ts";
import type { AuditParty } from "./store/records.ts";
import { type Problem, say } from "./rules/messages.ts";

/** The window whose refusals one audit entry counts. */
export const REFUSAL_WINDOW_MS = 60_000;
/** Callers and routes counted at once; beyond it, the counts are written out early. */
const MAX_TALLIES = 1_000;

/** The refusals of one caller on one route within a window. */
interface Tally {
  actor: AuditParty;
  route: string;
  address: string;
  start: number;
  count: number;
}

/** The route a request matched ("GET /api/users/:code"), or its method and path (cut short). */
function routeOf(c: Context<Env>): string {
  const route = matchedRoutes(c).find((r) => r.method !== "ALL");
  return route ? `${route.method} ${route.path}` : `${c.req.method} ${c.req.path.slice(0, 80)}`;
}

/** The audit summary of a tally. */
export function refusalSummary(count: number, route: string): Problem {
  return say(count === 1 ? "audit:refused_once" : "audit:refused", { count, route });
}

/** Logs and counts the request when it is refused. */
export function refusals(deps: Deps): MiddlewareHandler<Env> {
  const tallies = new Map<string, Tally>();
  /** When the first window of the tallies is over. */
  let due = Infinity;
  /** Writes the tallies whose window is over (all of them with `all`), an entry each. */
  const flush = async (all = false) => {
    const now = deps.now();
    if (!all && now < due) return;
    const over = [...tallies.entries()].filter(([, t]) =>
      all || now >= t.start + REFUSAL_WINDOW_MS
    );
    for (const [key] of over) tallies.delete(key);
    due = Math.min(Infinity, ...[...tallies.values()].map((t) => t.start + REFUSAL_WINDOW_MS));
    if (over.length === 0) return;
    // the entries are kept as long as the settings say, read for them now (most refusals are of
    // callers not signed in, whose requests read no settings)
    let settings;
    try {
      settings = await getSettings(deps.kv);
    } catch (err) {
      return console.error("refusals: not written to the audit", err);
    }
    await Promise.all(over.map(([, t]) => {
      const op = deps.kv.atomic();
      const summary = refusalSummary(t.count, t.route);
      const at = auditAt(t.start, settings);
      audit(op, at, t.actor, "access.refused", t.route, summary, "", { address: t.address });
      return op.commit().catch((err) => console.error("refusals: not written to the audit", err));
    }));
  };
  return async (c, next) => {
    // the request's id, set by request_context.ts (on the answer as X-Request-Id)
    const requestId = c.get("requestId");
    await flush();
    await next();
    if (c.res.status !== 403) return;
    const user = c.get("user") ?? null;
    const route = routeOf(c);
    const address = callerAddress(c, deps);
    const actor = user?.employeeCode ?? "anonymous";
    console.warn(JSON.stringify({
      level: "warn",
      event: "access.refused",
      at: new Date(deps.now()).toISOString(),
      requestId,
      status: 403,
      route,
      actor,
      address,
    }));
    // an anonymous caller is told apart by its address
    const key = `${actor}\n${user === null ? address : ""}\n${route}`;
    const tally = tallies.get(key);
    if (tally !== undefined) tally.count++;
    else {
      if (tallies.size >= MAX_TALLIES) await flush(true);
      due = Math.min(due, deps.now() + REFUSAL_WINDOW_MS);
      tallies.set(key, {
        actor: user === null ? actor : { employeeCode: actor, station: user.station },
        route,
        address,
        start: deps.now(),
        count: 1,
      });
    }
  };
}
