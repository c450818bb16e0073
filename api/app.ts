// createApp(deps): the whole API as one Hono app, with chained routes per area.

import { Hono, type MiddlewareHandler } from "hono";
import type { ExtractSchema } from "hono/types";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { HashPoolBusy } from "./auth/hash_pool.ts";
import { bodies } from "./body_limit.ts";
import { ownSite } from "./own_site.ts";
import { refusals } from "./refusals.ts";
import { logError, readinessGate, requestContext, storeUnreachable } from "./request_context.ts";
import { StoreUnavailable } from "./kv/store_unavailable.ts";
import { storeReadable } from "./kv/startup.ts";
import { type Deps, type Env, fail, guard, ok, session } from "./http.ts";
import { capabilityOf } from "./policy.ts";
import { auditRoutes } from "./audit/routes.ts";
import { authRoutes } from "./auth/routes.ts";
import { accountPasswordRoutes, passwordRoutes } from "./auth/password_routes.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { earlyReferenceReads, referenceRoutes } from "./reference/routes.ts";
import { accountActionRoutes } from "./users/account_action_routes.ts";
import { accountRoutes, earlyUserRead, oneAccountRoutes } from "./users/account_routes.ts";
import { bulkRoutes } from "./users/bulk_routes.ts";
import { bulkActionRoutes } from "./users/bulk_action_routes.ts";
import { accountRequestRoutes, requestRoutes } from "./requests/routes.ts";
import { ownSessionRoutes, sessionRoutes } from "./auth/session_routes.ts";
import { preferenceRoutes } from "./auth/preference_routes.ts";
import { userListRoutes } from "./users/list_routes.ts";
import { earlyListReads } from "./users/early_reads.ts";
import { signInRequestRoutes } from "./requests/sign_in_routes.ts";
import { type UserOps, userOps } from "./users/ops.ts";
import { enrolRoutes } from "./two_factor/enrol_routes.ts";
import { secondStepRoutes } from "./two_factor/sign_in_routes.ts";
import { twoFactorAdminRoutes } from "./two_factor/admin_routes.ts";
import { say } from "./rules/messages.ts";

/**
 * Marks every API answer, errors and 404s included, `Cache-Control: no-store`: staff lists and
 * profiles are not kept in the browser's disk cache after a sign-out.
 */
const noStore: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
};

/**
 * Refuses a path whose percent-encoding does not decode (the router would pass it on undecoded,
 * and a handler decoding it again would throw): 400 instead of a 500.
 */
const wellEncodedPath: MiddlewareHandler<Env> = async (c, next) => {
  const raw = c.req.url.slice(c.req.url.indexOf("/", c.req.url.indexOf("//") + 2)).split("?")[0];
  try {
    decodeURIComponent(raw);
  } catch {
    return fail(c, 400, "request:bad_encoding");
  }
  await next();
};

/**
 * The areas of /api/users, in two parts. First those whose paths begin with a word
 * (`/api/users/export`, `/api/users/requests/:kind/:code`), each mounted at `/api/users`; then
 * those of one account, each mounted at `/api/users/:code` with its paths relative to it. Hono
 * answers with the first route registered that matches, so a word is never taken for a code:
 * every word route is tried before any route of one account, whatever order the areas of each
 * part are in. users/route_order_test.ts fails when a route of the first part begins with a
 * parameter, or when any route could answer a path meant for a more specific one.
 */
function usersAreas(deps: Deps, ops: UserOps) {
  const words = {
    password: new Hono<Env>().route("/api/users", passwordRoutes(deps)),
    signInRequests: new Hono<Env>().route("/api/users", signInRequestRoutes(deps)),
    bulk: new Hono<Env>().route("/api/users", bulkRoutes(deps, ops)),
    bulkActions: new Hono<Env>().route("/api/users", bulkActionRoutes(ops)),
    requests: new Hono<Env>().route("/api/users", requestRoutes(deps)),
    lists: new Hono<Env>().route("/api/users", userListRoutes(deps, ops)),
    accounts: new Hono<Env>().route("/api/users", accountRoutes(deps, ops)),
  };
  const oneAccount = {
    account: new Hono<Env>().route("/api/users/:code", oneAccountRoutes(deps, ops)),
    accountPassword: new Hono<Env>().route("/api/users/:code", accountPasswordRoutes(deps)),
    accountRequests: new Hono<Env>().route("/api/users/:code", accountRequestRoutes(deps, ops)),
    accountActions: new Hono<Env>().route("/api/users/:code", accountActionRoutes(deps, ops)),
    sessions: new Hono<Env>().route("/api/users/:code", sessionRoutes(deps, ops)),
    twoFactorAdmin: new Hono<Env>().route("/api/users/:code", twoFactorAdminRoutes(deps, ops)),
  };
  return { ...words, ...oneAccount };
}

/** Every area of the API as its own sub-app with relative paths, mounted at its prefix, in the
 * order they are joined. */
function areas(deps: Deps, ops: UserOps = userOps(deps)) {
  return {
    // liveness: never the store, so a store fault does not get the process restarted
    health: new Hono<Env>().get(
      "/health",
      (c) => ok(c, { message: "Staff Portal backend API", version: "2.0.0" }),
    )
      // readiness: seeded, and the store answers a read within a second
      .get("/health/ready", async (c) => {
        if (deps.ready !== undefined && !deps.ready()) return storeUnreachable(c);
        return await storeReadable(deps.kv) ? ok(c, { ready: true }) : storeUnreachable(c);
      }),
    auth: new Hono<Env>().route("/api/auth", authRoutes(deps)),
    secondStep: new Hono<Env>().route("/api/auth", secondStepRoutes(deps)),
    twoFactor: new Hono<Env>().route("/api/auth/two-factor", enrolRoutes(deps)),
    ownSessions: new Hono<Env>().route("/api/auth", ownSessionRoutes(deps)),
    preferences: new Hono<Env>().route("/api/auth", preferenceRoutes(deps)),
    ...usersAreas(deps, ops),
    reference: new Hono<Env>().route("/api/ffm-to-uws", referenceRoutes(deps)),
    settings: new Hono<Env>().route("/api/settings", settingsRoutes(deps)),
    audit: new Hono<Env>().route("/api/audit", auditRoutes(deps)),
  };
}

/** The route types of each area, for the web's typed client (one chain of them all is too deep
 * for the type checker, so AppType joins their schemas). */
type AppAreas = ReturnType<typeof areas>;

type Intersect<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I
  : never;

/** Each area's routes: `.route()` types a schema as `BlankSchema | routes`, which ExtractSchema
 * makes `{} & routes`, per area so that no `{}` stands in the union of the areas. */
type AreaRoutes = { [K in keyof AppAreas]: ExtractSchema<AppAreas[K]> }[keyof AppAreas];

/** The whole API's type for the typed client, `hc<AppType>(origin)`: one app whose routes are
 * those of every area, so `client.api.users.paginated.$get` is typed by the accounts area. */
export type AppType = Hono<Env, Intersect<AreaRoutes>>;

/** How long a browser keeps to HTTPS after an answer of the portal over it: a year. */
export const HSTS_SECONDS = 365 * 24 * 3600;

/** The API on the given KV store and clock. */
export function createApp(deps: Deps) {
  const ops = userOps(deps);
  const app = new Hono<Env>()
    // first: the request's id covers everything after, and it logs the answer
    .use(requestContext(deps))
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
      // a year at least (ASVS 5.0 L2): a browser that reached the portal over HTTPS keeps to it;
      // browsers ignore the header on an answer that came over plain HTTP
      strictTransportSecurity: `max-age=${HSTS_SECONDS}; includeSubDomains`,
    }))
    .use("/api/*", readinessGate(deps))
    .use("/api/*", refusals(deps))
    .use("/api/*", noStore)
    .use("/api/*", wellEncodedPath)
    .use("/api/*", ownSite(deps))
    // reads that do not depend on the caller begin while the session is read (users/list_routes.ts,
    // users/account_routes.ts, reference/routes.ts)
    .use("/api/users/*", earlyListReads(deps, ops))
    .use("/api/users/*", earlyUserRead(deps))
    .use("/api/ffm-to-uws/*", earlyReferenceReads(deps))
    // the API's alone: /health and the web app's files never wait on the store
    .use("/api/*", session(deps))
    .use("/api/*", guard(deps))
    // after the guard: a route the caller may not call refuses before its body is read
    .use("/api/*", bodies(deps));
  for (const area of Object.values(areas(deps, ops))) app.route("/", area);
  // a route missing from the role matrix stops the start, not a request
  for (const r of app.routes) if (r.method !== "ALL") capabilityOf(r.method, r.path);
  app.notFound((c) =>
    fail(c, 404, "request:not_found", { method: c.req.method, path: c.req.path })
  );
  app.onError((err, c) => {
    if (err instanceof HTTPException && err.status === 400) {
      return fail(c, 400, "request:bad_json");
    }
    // a password hash asked for while the pool's queue is full (a burst of sign-ins)
    if (err instanceof HashPoolBusy) return fail(c, 429, err.problem);
    // a cursor of the right shape that names a key outside the list (another list's cursor)
    if (err instanceof TypeError && err.message === "invalid cursor") {
      return fail(c, 400, "request:bad_cursor");
    }
    if (err instanceof HTTPException) {
      return c.json({ success: false, message: err.message }, err.status);
    }
    // the store did not answer within the request's deadline (kv/deadline.ts)
    if (err instanceof StoreUnavailable) {
      logError(c, "store.unavailable", err.message);
      return storeUnreachable(c);
    }
    logError(c, "error", err);
    return c.json({ success: false, ...say("request:internal") }, 500);
  });
  return app;
}
