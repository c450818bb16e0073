// Request bodies (issue 48, medium 6): each route's own limit, refused by the length a request
// announces before a byte of it is read, cut at the limit when it streams, dropped when it comes
// too slowly, and the bytes held for callers who are not signed in capped all together.

import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { findCapability } from "./policy.ts";
import { type Deps, type Env, fail } from "./http.ts";

/** The largest body any route takes: the CSV import's (a few thousand users fit). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** The body limit of every public route: sign-in and the sign-in page's requests. */
export const PUBLIC_BODY_BYTES = 8 * 1024;
/** The body limit of a signed-in route that declares none below. */
export const SIGNED_IN_BODY_BYTES = 64 * 1024;
/** The routes that take more than the default: the CSV import, and the users made at once. */
export const ROUTE_BODY_BYTES: Readonly<Record<string, number>> = {
  "POST /api/users/import": MAX_BODY_BYTES,
  "POST /api/users/bulk": 512 * 1024,
};
/** How long a body may take, at the least (PORTAL_BODY_DEADLINE_MS sets it). */
export const BODY_DEADLINE_MS = 10_000;
/** The slowest rate a large body may come at (its limit adds limit / rate to the deadline). */
const MIN_BYTES_PER_SECOND = 64 * 1024;
/** The bytes held at once for callers who are not signed in (PORTAL_ANONYMOUS_BODY_BUDGET). */
export const ANONYMOUS_BODY_BUDGET = 1024 * 1024;

/** The body limit of a route (by method and route pattern). */
export function bodyLimitOf(method: string, path: string): number {
  const declared = ROUTE_BODY_BYTES[`${method} ${path}`];
  if (declared !== undefined) return declared;
  return findCapability(method, path) === "public" ? PUBLIC_BODY_BYTES : SIGNED_IN_BODY_BYTES;
}

/** Why a body was not read whole. */
type Refusal = 413 | 408 | 503;

/**
 * Reads the request's body within its route's limit and deadline before the route sees it (the
 * route then reads the bytes held here). An announced length over the limit is refused unread;
 * a body of callers not signed in takes its share of a budget they all share, and is refused
 * (503) when that is spent.
 */
export function bodies(deps: Deps): MiddlewareHandler<Env> {
  const budget = deps.anonymousBodyBudget ?? ANONYMOUS_BODY_BUDGET;
  let held = 0;
  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.body === null || c.req.method === "GET" || c.req.method === "HEAD") return await next();
    const route = matchedRoutes(c).find((r) => r.method !== "ALL");
    const limit = route ? bodyLimitOf(route.method, route.path) : PUBLIC_BODY_BYTES;
    const announced = raw.headers.has("transfer-encoding")
      ? null
      : Number(raw.headers.get("content-length") ?? "NaN");
    if (announced !== null && Number.isFinite(announced) && announced > limit) {
      return fail(c, 413, "request:too_large");
    }
    const anonymous = c.get("user") === null;
    // a known length is taken from the budget at once; a streamed one as it comes
    let taken = 0;
    const take = (n: number) => {
      if (!anonymous) return true;
      if (held + n > budget) return false;
      held += n;
      taken += n;
      return true;
    };
    try {
      if (announced !== null && Number.isFinite(announced) && !take(announced)) {
        return refuse(c, raw, 503);
      }
      const deadline = (deps.bodyDeadlineMs ?? BODY_DEADLINE_MS) +
        limit / MIN_BYTES_PER_SECOND * 1000;
      const read = await readWithin(raw.body, limit, deadline, (n) => {
        return announced !== null && Number.isFinite(announced) ? true : take(n);
      });
      if (typeof read === "number") return refuse(c, raw, read);
      c.req.raw = new Request(raw, { body: read });
      await next();
    } finally {
      held -= taken;
    }
  };
}

/** Answers a refusal of a body not read whole; the rest of it is not waited for. */
function refuse(c: Parameters<MiddlewareHandler<Env>>[0], raw: Request, status: Refusal) {
  raw.body?.cancel().catch(() => {});
  c.header("Connection", "close");
  if (status === 413) return fail(c, 413, "request:too_large");
  if (status === 408) {
    return fail(c, 408, "request:too_slow");
  }
  return fail(c, 503, "request:busy");
}

/** The body's bytes, or why they were not read: over `limit` (413), not whole within
 * `deadlineMs` or cut off (408), or refused by `take` as they came (503). */
async function readWithin(
  body: ReadableStream<Uint8Array>,
  limit: number,
  deadlineMs: number,
  take: (n: number) => boolean,
): Promise<Uint8Array<ArrayBuffer> | Refusal> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((done) => {
    timer = setTimeout(() => done("late"), deadlineMs);
  });
  try {
    for (;;) {
      // a connection lost mid-body is a body that never came whole
      const next = await Promise.race([reader.read().catch(() => "late" as const), late]);
      if (next === "late") return 408;
      if (next.done) break;
      size += next.value.length;
      if (size > limit) return 413;
      if (!take(next.value.length)) return 503;
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
    // the rest of a body refused is not waited for (a body read whole is already done)
    reader.cancel().catch(() => {});
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}
