// Calls to an API process started by a test (server_process.ts), as a browser behind one trusted
// proxy makes them: each from an address of its own, since sign-ins are throttled per address.

import assert from "node:assert/strict";
import type { ServerProcess } from "./server_process.ts";

/** A call's answer: the body parsed when it is JSON, else its text (null when empty). */
// deno-lint-ignore no-explicit-any
export type Answer = { status: number; body: any };

/** Callers of test processes whose addresses start with `net` (e.g. "10.49"). */
export function processCalls(net: string) {
  let address = 0;
  async function call(
    proc: ServerProcess,
    method: string,
    path: string,
    opts: { token?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      "x-forwarded-for": `${net}.${++address >> 8}.${address & 255}`,
    };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${proc.base}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    const json = res.headers.get("content-type")?.includes("json");
    return { status: res.status, body: json ? JSON.parse(text) : text === "" ? null : text };
  }

  const signIn = (proc: ServerProcess, code: string, password: string) =>
    call(proc, "POST", "/api/auth/login", { body: { employeeCode: code, password } });

  /** `code` changes its own password on `proc` with the session `token`. */
  const changePassword = (
    proc: ServerProcess,
    token: string,
    code: string,
    current: string,
    next: string,
  ) =>
    call(proc, "POST", "/api/users/change-password", {
      token,
      body: { employeeCode: code, currentPassword: current, newPassword: next },
    });

  /** The first super admin ADMIN's session: its forced change from `first` to `next` made on
   * `proc`, and its password confirmed (creating users with typed passwords asks it again). */
  async function adminToken(proc: ServerProcess, first: string, next: string): Promise<string> {
    const one = await signIn(proc, "ADMIN", first);
    assert.equal(one.status, 200, JSON.stringify(one.body));
    const changed = await changePassword(proc, one.body.data.token, "ADMIN", first, next);
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const again = await signIn(proc, "ADMIN", next);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const confirmed = await call(proc, "POST", "/api/auth/step-up", {
      token: again.body.data.token,
      body: { password: next },
    });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    return again.body.data.token;
  }

  return { call, signIn, changePassword, adminToken };
}
