// createApp(deps): the whole API as one Hono app, with chained routes per area.

import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { type Deps, type Env, fail, session } from "./http.ts";
import { adminRoutes } from "./routes_admin.ts";
import { authRoutes } from "./routes_auth.ts";
import { referenceRoutes } from "./routes_reference.ts";
import { userRoutes } from "./routes_users.ts";

/** Largest request body the API reads (a CSV import of a few thousand users fits). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Refuses a write sent by a browser from another site (its Origin names another host, or
 * Sec-Fetch-Site says cross-site). Scripts that send no Origin are not browsers: their token is
 * their proof. Hosts are compared, not schemes, so that a TLS proxy in front does not matter.
 */
const sameSiteWrites: MiddlewareHandler<Env> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    const origin = c.req.header("origin");
    let host: string | null = null;
    try {
      host = origin === undefined || origin === "null" ? origin ?? null : new URL(origin).host;
    } catch {
      host = "invalid";
    }
    const ownHost = c.req.header("host") ?? new URL(c.req.url).host;
    if (c.req.header("sec-fetch-site") === "cross-site" || (host !== null && host !== ownHost)) {
      return fail(c, 403, "Requests from another site are refused");
    }
  }
  await next();
};

/** The API on the given KV store and clock. */
export function createApp(deps: Deps) {
  const users = userRoutes(deps);
  const app = new Hono<Env>()
    .use(secureHeaders({
      // the built app loads only its own files: no inline script, no eval, no other origin
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: "DENY",
    }))
    .use("/api/*", sameSiteWrites)
    .use(
      "/api/*",
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => fail(c, 413, "Request body too large"),
      }),
    )
    .use("*", session(deps))
    .route("/", authRoutes(deps))
    .route("/", users.lists)
    .route("/", users.actions)
    .route("/", referenceRoutes(deps))
    .route("/", adminRoutes(deps));
  app.notFound((c) => fail(c, 404, `Not found: ${c.req.method} ${c.req.path}`));
  app.onError((err, c) => {
    if (err instanceof HTTPException && err.status === 400) {
      return fail(c, 400, "Malformed JSON in request body");
    }
    if (err instanceof HTTPException) {
      return c.json({ success: false, message: err.message }, err.status);
    }
    console.error(err);
    return c.json({ success: false, message: "Internal server error" }, 500);
  });
  return app;
}

/** Type of the API for the web app's typed client (`hc<AppType>`). */
export type AppType = ReturnType<typeof createApp>;
