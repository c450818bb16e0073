// What every route shares: the app's dependencies, the answer shapes, validation that names the
// field, the session of the caller, and the guard that applies the role matrix.

import { sValidator } from "@hono/standard-validator";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { getConnInfo } from "hono/deno";
import { matchedRoutes } from "hono/route";
import type { z } from "zod";
import { sha256 } from "./auth.ts";
import { allows, findCapability } from "./policy.ts";
import { keys, type SessionRecord, type UserRecord } from "./store.ts";

/** What the app runs on: the KV store and a clock (injected in tests). */
export interface Deps {
  kv: Deno.Kv;
  now: () => number;
  /** Cookies get `Secure` and the `__Host-` prefix (served over https). */
  secureCookies: boolean;
}

/** Hono environment: the signed-in caller, when there is one. */
export interface Env {
  Variables: { user: UserRecord | null; tokenHash: string | null };
}

/** Name of the session cookie. */
export const cookieName = (secure: boolean) => (secure ? "__Host-session" : "session");

/** `{ success: true, data }` with a status. */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200) {
  return c.json({ success: true as const, data }, status);
}

/** `{ success: false, message }` with an error status. */
export function fail(
  c: Context,
  status: 400 | 401 | 403 | 404 | 409 | 413 | 423 | 429,
  message: string,
) {
  return c.json({ success: false as const, message }, status);
}

/** zod validation of a request part; a failure answers 400 naming the field. */
export function valid<Target extends "json" | "query" | "param", T extends z.ZodType>(
  target: Target,
  schema: T,
) {
  return sValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error[0];
      const field = issue?.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".") ?? "";
      const message = issue?.message ?? "Invalid request";
      return c.json(
        { success: false as const, message: field ? `${field}: ${message}` : message },
        400,
      );
    }
  });
}

/** The caller's address as the server saw it ("unknown" where there is none, e.g. app.request in
 * tests). Behind a proxy every caller is the proxy: the per-account lockout still holds. */
export function callerAddress(c: Context<Env>, _deps: Deps): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Reads the caller's session from the Bearer token or the cookie. */
export function session(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    c.set("user", null);
    c.set("tokenHash", null);
    const bearer = c.req.header("authorization")?.match(/^Bearer\s+([0-9a-f]{64})$/i)?.[1];
    const token = bearer ?? getCookie(c, cookieName(deps.secureCookies));
    if (token !== undefined && /^[0-9a-f]{64}$/i.test(token)) {
      const tokenHash = await sha256(token.toLowerCase());
      const s = await deps.kv.get<SessionRecord>(keys.session(tokenHash));
      if (s.value !== null && s.value.expiresAt > deps.now()) {
        const user = await deps.kv.get<UserRecord>(keys.user(s.value.employeeCode));
        if (user.value !== null && user.value.isActive) {
          c.set("user", user.value);
          c.set("tokenHash", tokenHash);
        }
      }
    }
    await next();
  };
}

/**
 * Applies the role matrix to the route a request matched (the first route that is not a
 * middleware): 401 without a session, 403 without the capability. Unmatched paths go on to 404.
 */
export function guard(): MiddlewareHandler<Env> {
  return async (c, next) => {
    // createApp checked at start that each of its routes is in the matrix; other routes (the
    // server's static files around the API) are not the API's
    const route = matchedRoutes(c).find((r) => r.method !== "ALL");
    const capability = route && findCapability(route.method, route.path);
    if (capability === undefined) return await next();
    const user = c.get("user");
    if (capability !== "public" && user === null) return fail(c, 401, "Please sign in");
    if (!allows(user, capability)) {
      return fail(c, 403, "You do not have permission for this action");
    }
    await next();
  };
}
