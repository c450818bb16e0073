// Which site the API answers: with PORTAL_ORIGIN set, only requests for its host (a page of
// another name pointed at the server's address by DNS rebinding is refused), and writes only from
// its own pages; without it, writes only from pages of the host they were sent to.

import type { MiddlewareHandler } from "hono";
import { type Deps, type Env, fail } from "./http.ts";

/** The host a request was sent to: its Host header, else its URL's (a request made in-process). */
function hostOf(c: Parameters<MiddlewareHandler<Env>>[0]): string {
  return c.req.header("host") ?? new URL(c.req.url).host;
}

/** Whether `host` (a Host header: name and port) is the host of `origin`, its default port
 * written or not. */
function isHostOf(host: string, origin: URL): boolean {
  try {
    return new URL(`${origin.protocol}//${host}`).host === origin.host;
  } catch {
    return false;
  }
}

/**
 * Refuses (403) a request for another host than PORTAL_ORIGIN's when it is set, and a write
 * sent by a browser from another site: its Origin is not PORTAL_ORIGIN (or, unset, names another
 * host than the request's), or Sec-Fetch-Site says cross-site. Scripts that send no Origin are
 * not browsers: their token is their proof. Without PORTAL_ORIGIN hosts are compared, not
 * schemes, so that a TLS proxy in front does not matter.
 */
export function ownSite(deps: Deps): MiddlewareHandler<Env> {
  const own = deps.webOrigin === undefined ? null : new URL(deps.webOrigin);
  return async (c, next) => {
    const host = hostOf(c);
    if (own !== null && !isHostOf(host, own)) return fail(c, 403, "request:other_host");
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      const origin = c.req.header("origin");
      if (c.req.header("sec-fetch-site") === "cross-site") {
        return fail(c, 403, "request:other_site");
      }
      if (origin !== undefined && !sameSite(origin, own, host)) {
        return fail(c, 403, "request:other_site");
      }
    }
    await next();
  };
}

/** Whether an Origin header is the portal's: PORTAL_ORIGIN itself, or (unset) of the host the
 * request was sent to. "null" (a sandboxed or opaque page) is neither. */
function sameSite(origin: string, own: URL | null, host: string): boolean {
  if (origin === "null") return false;
  try {
    const sent = new URL(origin);
    return own !== null ? sent.origin === own.origin : sent.host === host;
  } catch {
    return false;
  }
}
