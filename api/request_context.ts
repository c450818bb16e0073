// What every request gets before anything else (issue 49, Operations): an id, on its answer as
// X-Request-Id and in every log line about it, and, when the app is told to (main.ts), one JSON
// line on stdout when it is answered. (Its budget of time on the store, kv/deadline.ts, is given
// around the whole app by main.ts.) The routes' patterns are logged, never the paths, so no code or id of a path leaks.

import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { type Deps, type Env, fail } from "./http.ts";
import { RETRY_AFTER_SECONDS } from "./kv/store_unavailable.ts";

/** The route pattern a request matched ("/api/users/:code"; "*" for the web app's pages), or
 * null when none did. */
export function routePattern(c: Context<Env>): string | null {
  return matchedRoutes(c).find((r) => r.method !== "ALL")?.path ?? null;
}

/** Sets the request's id, and logs the request once it is answered. */
export function requestContext(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set("requestId", requestId);
    const began = performance.now();
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    if (!deps.logRequests) return;
    console.log(JSON.stringify({
      method: c.req.method,
      route: routePattern(c),
      status: c.res.status,
      ms: Math.round(performance.now() - began),
      user: c.get("user")?.employeeCode ?? null,
      requestId,
    }));
  };
}

/** The answer when the store did not answer in time, or is not ready yet: 503, Retry-After. */
export function storeUnreachable(c: Context<Env>) {
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return fail(c, 503, "request:store_unreachable");
}

/** Answers 503 on every API route until the process has its store and has seeded it. */
export function readinessGate(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (deps.ready !== undefined && !deps.ready()) return storeUnreachable(c);
    await next();
  };
}

/** One error line with the request's id (JSON, on stderr). */
export function logError(c: Context<Env>, event: string, err: unknown): void {
  console.error(JSON.stringify({
    level: "error",
    event,
    at: new Date().toISOString(),
    requestId: c.get("requestId") ?? null,
    route: routePattern(c),
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  }));
}
