// What every route shares: the app's dependencies, the answer shapes, validation that names the
// field, the session of the caller, and the guard that applies the role matrix.

import { sValidator } from "@hono/standard-validator";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { getConnInfo } from "hono/deno";
import { matchedRoutes } from "hono/route";
import type { z } from "zod";
import { type MessageCode, type ParamArgs, type Problem, render, say } from "./rules/messages.ts";
import { problemOfIssue } from "./rules/issues.ts";
import { sha256 } from "./auth/auth.ts";
import { findCapability, RESTRICTED_ROUTES, SETUP_ROUTES, STEP_UP_ROUTES } from "./policy.ts";
import { stepUpFresh } from "./rules/step_up.ts";
import { setupDeadline } from "./two_factor/policy.ts";
import { can } from "./rules/access.ts";
import { mustChangePassword } from "./rules/password.ts";
import { withExpiryPolicy } from "./rules/password_policy.ts";
import { endSession, epochOf, idleOver, sessionValid, touchSession } from "./auth/sessions.ts";
import { idleMinutesOf } from "./rules/sessions.ts";
import { keys } from "./store/keys.ts";
import type { PublicUser, SessionRecord, Settings, UserRecord } from "./store/records.ts";

/** What the app runs on: the KV store and a clock (injected in tests). */
export interface Deps {
  kv: Deno.Kv;
  now: () => number;
  /** Cookies get `Secure` and the `__Host-` prefix (served over https). */
  secureCookies: boolean;
  /** Proxies in front of the server whose X-Forwarded-For entries are trusted (TRUSTED_PROXY);
   * 0 or none: the header is never read. */
  trustedProxies?: number;
  /** The key that seals authenticator secrets (PORTAL_2FA_KEY); tests leave it to a key of the
   * process (two_factor/secret_box.ts). */
  twoFactorKey?: CryptoKey;
  /** The site's origin for passkeys (PORTAL_ORIGIN); unset, the origin a request came to. */
  webOrigin?: string;
  /** The store answers across a network (a denokv server, Deno Deploy): each read in turn is a
   * round trip, so a caller looks at the lists' stamps itself rather than wait for a look under
   * way (users/index_buckets.ts; issue 49). Unset: the local store, where sharing saves calls. */
  remoteStore?: boolean;
  /** The least time a request body may take (PORTAL_BODY_DEADLINE_MS; body_limit.ts). */
  bodyDeadlineMs?: number;
  /** The bytes of bodies held at once for callers not signed in (PORTAL_ANONYMOUS_BODY_BUDGET). */
  anonymousBodyBudget?: number;
  /** One JSON line per request on stdout (main.ts turns it on; tests leave it off). */
  logRequests?: boolean;
  /** Whether the store is open and seeded; until then the API answers 503 (none: always). */
  ready?: () => boolean;
}

/** Hono environment: the signed-in caller, when there is one. */
export interface Env {
  Variables: {
    user: UserRecord | null;
    tokenHash: string | null;
    /** The caller's session record (sign-out and a password change use it). */
    session: SessionRecord | null;
    /** The request's id (X-Request-Id of its answer; refusals.ts). */
    requestId: string;
    /** The settings as the session check read them ({} when none are stored). */
    settings: Partial<Settings>;
    /** Why the caller's session ended just now (an idle one), for the 401. */
    sessionEnded?: Problem;
  };
}

/** Name of the session cookie. */
export const cookieName = (secure: boolean) => (secure ? "__Host-session" : "session");

/** `{ success: true, data }` with a status. */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200) {
  return c.json({ success: true as const, data }, status);
}

/** `ok(c, { users, ...rest })` for users given as their JSON text (users/store.ts,
 * publicUserJson): the same bytes, typed alike for the typed client, without serializing the
 * users again. */
export function okUsers<T extends object>(c: Context, users: readonly string[], rest: T) {
  const tail = JSON.stringify(rest);
  const body = `{"success":true,"data":{"users":[${users.join(",")}]` +
    `${tail === "{}" ? "" : `,${tail.slice(1, -1)}`}}}`;
  return c.body(body, 200, { "Content-Type": "application/json" }) as unknown as ReturnType<
    typeof ok<{ users: PublicUser[] } & T>
  >;
}

/** The statuses a refusal answers with. */
export type FailStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 423 | 429 | 503;

/** The body of a refusal: the message's stable code (rules/messages.ts), its values and its
 * English text (what callers have always read). */
interface FailBody {
  success: false;
  code: MessageCode;
  message: string;
  params: Record<string, string | number>;
}

/** A refusal's answer, as the typed client sees it. */
const answer = (c: Context, status: FailStatus, p: Problem) =>
  c.json(
    { success: false, code: p.code, message: p.message, params: p.params } as FailBody,
    status,
  );

/** `{ success: false, code, message, params }` with an error status, given a code and its
 * values (typed by the catalogue), or a message a rule made already. */
export function fail<C extends MessageCode>(
  c: Context,
  status: FailStatus,
  code: C,
  ...params: ParamArgs<C>
): ReturnType<typeof answer>;
export function fail(c: Context, status: FailStatus, problem: Problem): ReturnType<typeof answer>;
export function fail(
  c: Context,
  status: FailStatus,
  said: MessageCode | Problem,
  params?: Record<string, string | number>,
) {
  return answer(
    c,
    status,
    typeof said === "string"
      ? { code: said, params: params ?? {}, message: render(said, params) }
      : said,
  );
}

/** What a route's validator gives the route and the typed client: the part's input and output
 * types, named plainly (hono's own inference of them nests deep enough to trip the type
 * checker's depth limit now and then). */
export type Validated<Target extends "json" | "query" | "param", T extends z.ZodType> =
  MiddlewareHandler<
    Env,
    string,
    { in: { [K in Target]: z.input<T> }; out: { [K in Target]: z.output<T> } }
  >;

/** zod validation of a request part; a failure answers 400 with the first problem's message
 * and, apart, the field it belongs to (a form shows the message at that field). */
export function valid<Target extends "json" | "query" | "param", T extends z.ZodType>(
  target: Target,
  schema: T,
): Validated<Target, T> {
  return validator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error?.[0];
      const field = issue?.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".") ?? "";
      const { code, message, params } = issue === undefined
        ? say("request:invalid")
        : problemOfIssue(issue);
      return c.json(
        { success: false as const, code, message, params, ...(field ? { field } : {}) },
        400,
      );
    }
  }) as Validated<Target, T>;
}

/** The standard-schema validator, seen plainly: its types come from `Validated`. */
const validator = sValidator as unknown as (
  target: string,
  schema: z.ZodType,
  hook: (
    result: {
      success: boolean;
      error?: readonly {
        message: string;
        path?: readonly (PropertyKey | { key: PropertyKey })[];
      }[];
    },
    c: Context<Env>,
  ) => Response | void,
) => MiddlewareHandler<Env>;

/**
 * The caller's address: the connection's, or behind `trustedProxies` proxies the entry of
 * X-Forwarded-For the nearest of them added (entries before it are the client's own words and
 * are never read). "unknown" where there is no connection (app.request in tests).
 */
export function callerAddress(c: Context<Env>, deps: Deps): string {
  let socket = "unknown";
  try {
    socket = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // no connection info: a request made in-process
  }
  const hops = deps.trustedProxies ?? 0;
  if (hops <= 0) return socket;
  const entries = (c.req.header("x-forwarded-for") ?? "").split(",").map((e) => e.trim())
    .filter((e) => e !== "");
  return entries[entries.length - hops] ?? socket;
}

/** The owner of each session token hash this process has met (a session's owner never changes),
 * so that a signed-in request reads its session and its user in one snapshot read instead of two
 * reads in turn. Bounded: the older half is dropped when it is full. */
const owners = new Map<string, string>();
const MAX_OWNERS = 20_000;

/** The session of `tokenHash`, its user, the settings and the epoch of every session as stored
 * now (null values for none): the settings and the epoch come in the same read, so the idle end,
 * the two-factor policy and a sign-out of everyone cost the check no round trip of their own. */
async function readSession(kv: Deno.Kv, tokenHash: string) {
  const owner = owners.get(tokenHash);
  if (owner !== undefined) {
    // one snapshot: the session, the user, the settings and the epoch at the same instant
    const [s, user, settings, global] = await kv.getMany<
      [SessionRecord, UserRecord, Settings, number]
    >([keys.session(tokenHash), keys.user(owner), keys.settings(), keys.sessionsEpoch()]);
    if (s.value === null || s.value.employeeCode === owner) {
      return { s, user, settings, globalEpoch: global.value ?? 0 };
    }
  }
  let s = await kv.get<SessionRecord>(keys.session(tokenHash));
  if (s.value === null) return { s, user: null, settings: null, globalEpoch: 0 };
  const [user, settings, global] = await kv.getMany<[UserRecord, Settings, number]>([
    keys.user(s.value.employeeCode),
    keys.settings(),
    keys.sessionsEpoch(),
  ]);
  const globalEpoch = global.value ?? 0;
  // a write between the two reads may have moved the user (or everyone) to a new epoch and kept
  // this session in it (a password change, a sign-out of everyone): the session is read again
  // before it counts as ended
  if (
    (user.value !== null && (s.value.epoch ?? 0) < epochOf(user.value)) ||
    (s.value.globalEpoch ?? 0) < globalEpoch
  ) {
    s = await kv.get<SessionRecord>(keys.session(tokenHash));
  }
  if (owners.size >= MAX_OWNERS) {
    for (const old of [...owners.keys()].slice(0, MAX_OWNERS / 2)) owners.delete(old);
  }
  if (s.value !== null) owners.set(tokenHash, s.value.employeeCode);
  return { s, user, settings, globalEpoch };
}

/** Ends a session that went unused too long (best effort: a failure leaves it refused all the
 * same, as its last use does not move). */
async function endIdle(kv: Deno.Kv, entry: Deno.KvEntry<SessionRecord>, tokenHash: string) {
  try {
    await endSession(kv.atomic().check(entry), entry.value, tokenHash).commit();
  } catch {
    // refused at every request until its lifetime ends
  }
}

/** Whether a request carries a session credential (a Bearer token or a cookie), valid or not:
 * reads a route starts before the session check (users/list_routes.ts, reference/routes.ts) are
 * started only for such a request. */
export function carriesSession(c: Context<Env>): boolean {
  return c.req.header("authorization") !== undefined || c.req.header("cookie") !== undefined;
}

/** Reads the caller's session from the Bearer token or the cookie. */
export function session(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    c.set("user", null);
    c.set("tokenHash", null);
    c.set("session", null);
    c.set("settings", {});
    const bearer = c.req.header("authorization")?.match(/^Bearer\s+([0-9a-f]{64})$/i)?.[1];
    const token = bearer ?? getCookie(c, cookieName(deps.secureCookies));
    // a Bearer token matched the same pattern already: tested again, it was 4% of the server's
    // CPU in the mix's floor (bench_floor.ts, --cpu-prof)
    if (token !== undefined && (bearer !== undefined || /^[0-9a-f]{64}$/i.test(token))) {
      const tokenHash = sha256(token.toLowerCase());
      const { s, user, settings, globalEpoch } = await readSession(deps.kv, tokenHash);
      // read with every session, so a change another process made is followed at once: the
      // routes' audit entries are kept as long as these say (store/audit.ts, auditAt)
      c.set("settings", settings?.value ?? {});
      const idle = idleMinutesOf(settings?.value ?? {});
      const entry = s as Deno.KvEntry<SessionRecord>;
      // an ended session is one of an older epoch than the user's or everyone's (auth/sessions.ts)
      if (
        s.value !== null && user?.value &&
        sessionValid(s.value, user.value, deps.now(), globalEpoch)
      ) {
        if (idleOver(s.value, deps.now(), idle * 60_000)) {
          // unused too long (ASVS 13): ended, and the caller is told why
          c.set("sessionEnded", say("auth:idle_ended", { minutes: idle }));
          await endIdle(deps.kv, entry, tokenHash);
          return await next();
        }
        c.set("user", user.value);
        c.set("tokenHash", tokenHash);
        c.set("session", s.value);
        // its last use, written at most once a minute and never failing the request, while the
        // route runs: on a remote store a write in turn is a round trip more (issue 49). The
        // write is checked against the record read, so a route's own write of the session
        // (sign-out, a step-up, a password change) wins over it either way.
        const touched = touchSession(deps.kv, entry, deps.now());
        await next();
        await touched;
        return;
      }
    }
    await next();
  };
}

/** The refusal of a change that asks for a re-authentication when the caller's session has not
 * confirmed its password within the last minutes (rules/step_up.ts), or null when it has. */
export function withoutStepUp(c: Context<Env>, deps: Deps) {
  return stepUpFresh(c.get("session")?.steppedUpAt, deps.now())
    ? null
    : fail(c, 403, "auth:step_up_required");
}

/** The signed-in caller of a route that the guard lets through only with a session (every
 * capability but "public"): the session middleware set it, and a route that reads it while
 * left public is a programming error, thrown as one (a 500), never a null read further on. */
export function signedIn(c: Context<Env>): UserRecord {
  const user = c.get("user");
  if (user === null) throw new Error(`${c.req.method} ${c.req.path} reads the caller, with none`);
  return user;
}

/**
 * Applies the role matrix to the route a request matched (the first route that is not a
 * middleware): 401 without a session, 403 without the capability. Unmatched paths go on to 404.
 */
export function guard(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    // createApp checked at start that each of its routes is in the matrix; other routes (the
    // server's static files around the API) are not the API's
    const route = matchedRoutes(c).find((r) => r.method !== "ALL");
    const capability = route && findCapability(route.method, route.path);
    if (capability === undefined) return await next();
    const user = c.get("user");
    if (capability !== "public" && user === null) {
      return fail(c, 401, c.get("sessionEnded") ?? say("auth:sign_in_required"));
    }
    // a session on the default or an expired password is for changing it, nothing else
    if (
      capability !== "public" && user !== null &&
      mustChangePassword(withExpiryPolicy(user, c.get("settings")), deps.now()) &&
      !RESTRICTED_ROUTES.has(`${route!.method} ${route!.path}`)
    ) {
      return fail(c, 403, "password:change_first");
    }
    // an account the policy requires a second factor of, past its grace period, is for setting
    // one up (its password changed first): the policy as it stands now, read with the session, so
    // that one with no grace holds the sessions already open at their next request too
    const key = `${route?.method} ${route?.path}`;
    if (
      capability !== "public" && user !== null && !user.twoFactorEnabled &&
      !RESTRICTED_ROUTES.has(key) && !SETUP_ROUTES.has(key)
    ) {
      const deadline = setupDeadline(c.get("settings"), user);
      if (deadline !== null && deps.now() >= deadline) {
        return fail(c, 403, "two_factor:set_up_first");
      }
    }
    if (!can(user, capability)) {
      return fail(c, 403, "auth:no_permission");
    }
    // a change a left-open session alone may not make: the password confirmed lately first
    if (STEP_UP_ROUTES.has(key)) {
      const refused = withoutStepUp(c, deps);
      if (refused !== null) return refused;
    }
    await next();
  };
}
