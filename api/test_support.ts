// Shared setup of the API tests: an app on an in-memory KV with a settable clock, and accounts of
// every role with sessions made directly in KV (signing in costs an argon2 hash each time).

import { openTestKv } from "./kv/connect/test_store.ts";
import { createApp } from "./app.ts";
import { hashPassword, newToken } from "./auth/auth.ts";
import { stampBucket, stampCollection } from "./kv/bucket_watch.ts";
import { seed } from "./start/seed.ts";
import {
  bucketOf,
  LOCK_STAMPS,
  NO_SIGN_IN,
  SIGN_IN_STAMPS,
  signInKey,
} from "./auth/signin_state.ts";
import { prepareSession } from "./auth/sessions.ts";
import { keys } from "./store/keys.ts";
import type { Role } from "./rules/roles.ts";
import type { SessionRecord, UserRecord } from "./store/records.ts";
import { createUser, updateUser } from "./users/store.ts";
import { newUserRecord } from "./users/users.ts";

// Answers are read loosely in the tests: each assertion names the fields it needs.
// deno-lint-ignore no-explicit-any
type Loose = any;

/** Password of every test account. */
export const PASSWORD = "Test-password-1";

/** An answer's JSON as the tests read it. */
interface AnswerBody {
  success: boolean;
  data?: Loose;
  code?: string;
  params?: Loose;
  message?: string;
  errors?: Loose[];
}

/** A test API: the app, its KV, the clock and helpers to call it. */
export interface TestApi {
  /** The app, seen through what the tests use (its full route types are for the web client). */
  app: {
    request(path: string, init?: RequestInit): Response | Promise<Response>;
    routes: { method: string; path: string }[];
  };
  kv: Deno.Kv;
  clock: { now: number };
  /** Calls the app as the holder of `token` (none for anonymous). */
  call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<
    {
      status: number;
      json: AnswerBody;
      headers: Headers;
      text: string;
      /** The message with the field it names ('field: message'), as a form would place it. */
      named: string;
    }
  >;
  /** Creates an account and a session for it; returns the token. */
  account(code: string, role: Role, extra?: AccountExtra): Promise<string>;
  close(): void;
}

let hash: Promise<string> | null = null;

/** Fields of a test account: the record's, and the sign-in state's (ISO times). */
export type AccountExtra = Partial<UserRecord> & {
  lockedUntil?: string | null;
  lastLogin?: string | null;
  loginAttempts?: number;
};

/** Marks a test session re-authenticated at `now` (rules/step_up.ts). */
async function confirmedWhenMade(kv: Deno.Kv, tokenHash: string, now: number) {
  const made = (await kv.get<SessionRecord>(keys.session(tokenHash))).value!;
  await kv.set(keys.session(tokenHash), { ...made, steppedUpAt: now }, {
    expireIn: made.expiresAt - now,
  });
}

/** Writes a test account's sign-in state as sign-ins write it: with the index of locked accounts
 * (expiry left to the reader here) and the stamps. */
async function writeSignIn(
  kv: Deno.Kv,
  code: string,
  { lockedUntil, lastLogin, loginAttempts }: Omit<AccountExtra, keyof UserRecord>,
  now: number,
) {
  const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);
  const until = ms(lockedUntil);
  const op = kv.atomic().set(signInKey(code), {
    ...NO_SIGN_IN,
    failures: loginAttempts ?? 0,
    lockedUntil: until,
    lastLogin: ms(lastLogin),
  });
  if (until !== null && until > now) {
    op.set(keys.lockedAccount(code), until);
    stampCollection(op, LOCK_STAMPS);
  }
  await stampBucket(op, SIGN_IN_STAMPS, bucketOf(code)).commit();
}

/** A fresh API on an in-memory KV (or the empty store `given`), seeded with super admin ROOT
 * (password PASSWORD). */
export async function testApi(given?: Deno.Kv): Promise<TestApi> {
  const kv = given ?? await openTestKv();
  const clock = { now: Date.parse("2026-11-22T08:00:00Z") };
  await seed(kv, clock.now, {
    adminCode: "ROOT",
    adminPassword: PASSWORD,
  });
  const app = createApp({ kv, now: () => clock.now, secureCookies: false });
  hash ??= hashPassword(PASSWORD);
  const api: TestApi = {
    app,
    kv,
    clock,
    async call(method, path, body, token) {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: string | undefined;
      if (body !== undefined) {
        headers["content-type"] = "application/json";
        payload = typeof body === "string" ? body : JSON.stringify(body);
      }
      const res = await app.request(path, { method, headers, body: payload });
      const text = await res.text();
      let json: AnswerBody = { success: false };
      try {
        json = JSON.parse(text);
      } catch { /* not JSON (CSV) */ }
      const field = (json as { field?: string }).field;
      const named = field ? `${field}: ${json.message}` : json.message ?? "";
      return { status: res.status, json, headers: res.headers, text, named };
    },
    async account(code, role, extras = {}) {
      const { lockedUntil, lastLogin, loginAttempts, ...extra } = extras;
      if (lockedUntil !== undefined || lastLogin !== undefined || loginAttempts !== undefined) {
        await writeSignIn(kv, code, { lockedUntil, lastLogin, loginAttempts }, clock.now);
      }
      const user = {
        ...newUserRecord(
          { employeeCode: code, firstName: code, lastName: "Test", role, station: "CAI" },
          await hash!,
          clock.now,
          "test",
          { needsPasswordChange: false },
        ),
        ...extra,
      };
      const existing = await kv.get(keys.user(code));
      if (existing.value === null) await createUser(kv, user);
      else await updateUser(kv, existing as Deno.KvEntry<UserRecord>, user);
      const { token, tokenHash } = newToken();
      const stored = (await kv.get<UserRecord>(keys.user(code))).value!;
      const addSession = await prepareSession(kv, stored, tokenHash, clock.now);
      const op = kv.atomic();
      addSession(op);
      // the session counts as re-authenticated when it was made (rules/step_up.ts): the tests
      // of other things act at once; the step-up's own tests move the clock past it
      await op.commit();
      await confirmedWhenMade(kv, tokenHash, clock.now);
      return token;
    },
    close: () => kv.close(),
  };
  return api;
}

/** A super admin at CAI, the station the first super admin is created at (seed.ts): a station that
 * station admins share, so that a test sees what reaches them through the super admin's station
 * (issue 48). */
export function superAdmin(api: TestApi, code = "S1"): Promise<string> {
  return api.account(code, "super_admin", { station: "CAI" });
}

/** A station admin of CAI who manages users but does not see other stations. */
export function stationAdmin(api: TestApi, code = "A1"): Promise<string> {
  return api.account(code, "admin", {
    canManageUsers: true,
    canAccessAdminApps: true,
    canExtendPasswords: true,
    canViewAllStations: false,
    station: "CAI",
  });
}

/** Signs in through a new app on the test store as a caller at an address, optionally with an
 * X-Forwarded-For header (read only with `trustedProxies`). */
export function signInFrom(api: TestApi, opts: { trustedProxies?: number } = {}) {
  const app = createApp({
    kv: api.kv,
    now: () => api.clock.now,
    secureCookies: false,
    trustedProxies: opts.trustedProxies ?? 0,
  });
  return async (address: string, employeeCode: string, password: string, forwarded?: string) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (forwarded !== undefined) headers["x-forwarded-for"] = forwarded;
    const res = await app.request("/api/auth/login", {
      method: "POST",
      headers,
      body: JSON.stringify({ employeeCode, password }),
    }, { remoteAddr: { hostname: address, port: 1, transport: "tcp" } });
    return { status: res.status, message: (await res.json()).message as string | undefined };
  };
}

/** Sessions of the five kinds of caller of the role matrix. */
export async function roleTokens(api: TestApi) {
  return {
    anonymous: undefined,
    user: await api.account("U1", "user", { accessibleApps: ["ffm-to-uws"] }),
    adminNoFlags: await api.account("A0", "admin", {
      canManageUsers: false,
      canAccessAdminApps: false,
      canExtendPasswords: false,
      canViewAllStations: false,
    }),
    admin: await api.account("A1", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canExtendPasswords: true,
      canViewAllStations: true,
    }),
    superAdmin: await api.account("S1", "super_admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canExtendPasswords: true,
      canViewAllStations: true,
    }),
  };
}

/** A list whose first step fails with `error`, as a store's list fails. */
// deno-lint-ignore require-yield
async function* failingList(error: Error): AsyncGenerator<never> {
  throw error;
}

/**
 * `kv` as a reader sees it when the store fails now and then: after `failNext()`, the next call
 * of `method` whose first argument `applies` picks (any, without it) fails with "database is
 * locked" once, as the store fails: get and getMany reject, a list fails at its first step.
 * Everything else is the store's own.
 */
export function flakyKv(
  kv: Deno.Kv,
  method: "get" | "getMany" | "list",
  applies: (first: Loose) => boolean = () => true,
) {
  let armed = false;
  const store = new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      const bound = value.bind(target);
      if (prop !== method) return bound;
      return (...args: Loose[]) => {
        if (!armed || !applies(args[0])) return bound(...args);
        armed = false;
        const locked = new Error("database is locked");
        return method === "list" ? failingList(locked) : Promise.reject(locked);
      };
    },
  });
  return { kv: store, failNext: () => void (armed = true) };
}

/** One more session of an account, as a sign-in makes it; returns its token. */
export async function anotherSession(api: TestApi, code: string): Promise<string> {
  const { token, tokenHash } = newToken();
  const user = (await api.kv.get<UserRecord>(keys.user(code))).value!;
  const op = api.kv.atomic();
  (await prepareSession(api.kv, user, tokenHash, api.clock.now))(op);
  await op.commit();
  return token;
}

/** The body of a sign-in page's registration request for `code`, as a newcomer fills it. */
export const registrationBody = (code: string) => ({
  employeeCode: code,
  firstName: "Nour",
  lastName: "Adel",
  email: `${code.toLowerCase()}@example.com`,
  jobTitle: "Agent",
  position: "Ramp",
  station: "CAI",
  reason: "new starter",
});
