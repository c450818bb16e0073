// Shared setup of the API tests: an app on an in-memory KV with a settable clock, and accounts of
// every role with sessions made directly in KV (signing in costs an argon2 hash each time).

import { createApp } from "./app.ts";
import { hashPassword, newToken, SESSION_MS } from "./auth.ts";
import { seed } from "./seed.ts";
import { keys, type Role, type SessionRecord, type UserRecord } from "./store.ts";
import { createUser, updateUser } from "./user_store.ts";
import { newUserRecord } from "./users.ts";

// Answers are read loosely in the tests: each assertion names the fields it needs.
// deno-lint-ignore no-explicit-any
type Loose = any;

/** Password of every test account. */
export const PASSWORD = "Test-password-1";
/** The default password setting of the test store. */
export const DEFAULT_PASSWORD = "Default-pass-9";

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
      json: { success: boolean; data?: Loose; message?: string; errors?: string[] };
      headers: Headers;
      text: string;
    }
  >;
  /** Creates an account and a session for it; returns the token. */
  account(code: string, role: Role, extra?: Partial<UserRecord>): Promise<string>;
  close(): void;
}

let hash: Promise<string> | null = null;

/** A fresh API on an in-memory KV, seeded with super admin ROOT (password PASSWORD). */
export async function testApi(): Promise<TestApi> {
  const kv = await Deno.openKv(":memory:");
  const clock = { now: Date.parse("2026-11-22T08:00:00Z") };
  await seed(kv, clock.now, {
    adminCode: "ROOT",
    adminPassword: PASSWORD,
    defaultPassword: DEFAULT_PASSWORD,
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
      let json = { success: false } as {
        success: boolean;
        data?: Loose;
        message?: string;
        errors?: string[];
      };
      try {
        json = JSON.parse(text);
      } catch { /* not JSON (CSV) */ }
      return { status: res.status, json, headers: res.headers, text };
    },
    async account(code, role, extra = {}) {
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
      const { token, tokenHash } = await newToken();
      const record: SessionRecord = {
        employeeCode: code,
        createdAt: clock.now,
        expiresAt: clock.now + SESSION_MS,
      };
      await kv.atomic().set(keys.session(tokenHash), record).set(
        keys.userSession(code, tokenHash),
        true,
      ).commit();
      return token;
    },
    close: () => kv.close(),
  };
  return api;
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
