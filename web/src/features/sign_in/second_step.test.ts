// The sign-in's second step: the token kept in memory only, a right code signing in, a wrong one
// saying so and staying, and a step that is over going back to the password form.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SECOND_STEP_OVER, WRONG_CODE } from "../../../../api/rules/two_factor.ts";
import { answer, callOf } from "../../test_support/fetch.ts";
import { sessionOf } from "../../test_support/session.ts";
import { useSecondStep } from "./second_step.ts";
import { useSession } from "../shell/session.ts";
import { useSignIn } from "./sign_in.ts";

const TOKEN = "ab".repeat(32);
const USER = sessionOf("U1", "user", { twoFactorEnabled: true });
const STEP = { token: TOKEN, methods: ["totp", "recovery"] as const, canRemember: true };

/** Stubs fetch with one answer per call, in order; returns the calls made. */
function server(...answers: [number, unknown][]) {
  const calls: ReturnType<typeof callOf>[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(callOf(input, init));
    const [status, body] = answers.shift() ?? [404, { success: false, message: "Not found" }];
    return answer(status, body);
  });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ user: null, twoFactorLater: false });
  useSecondStep.getState().cancel();
  useSignIn.setState({ error: "", busy: false });
});
afterEach(() => vi.unstubAllGlobals());

describe("a password that needs a second factor", () => {
  it("starts the second step: no session, the token in memory and never in storage", async () => {
    server([200, { success: true, data: { secondFactor: { ...STEP, rememberDays: 30 } } }]);
    expect(await useSignIn.getState().signIn("U1", "secret")).toBeNull();
    const pending = useSecondStep.getState().pending;
    expect(pending).toMatchObject({ token: TOKEN, canRemember: true, rememberDays: 30 });
    expect(pending?.employeeCode).toBe("U1");
    expect(useSession.getState().user).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN);
    expect(useSignIn.getState().error).toBe("");
  });
});

describe("the second step", () => {
  beforeEach(() => useSecondStep.getState().begin({ ...STEP, methods: [...STEP.methods] }, "U1"));

  it("a right code signs in, sending the token, the code and Remember", async () => {
    const calls = server([200, { success: true, data: { token: "t", user: USER } }]);
    const user = await useSecondStep.getState().submitCode("123 456", true);
    expect(user?.employeeCode).toBe("U1");
    expect(calls[0].url.pathname).toBe("/api/auth/login/second-factor");
    expect(calls[0].body).toEqual({ token: TOKEN, code: "123 456", remember: true });
    expect(useSession.getState().user?.employeeCode).toBe("U1");
    expect(useSecondStep.getState().pending).toBeNull();
  });

  it("a wrong code says so and keeps the step for the next code", async () => {
    server([401, { success: false, message: WRONG_CODE }]);
    expect(await useSecondStep.getState().submitCode("000000", false)).toBeNull();
    expect(useSecondStep.getState().error).toBe(WRONG_CODE);
    expect(useSecondStep.getState().pending?.token).toBe(TOKEN);
    expect(useSession.getState().user).toBeNull();
  });

  it("a code that is not 6 digits is not sent", async () => {
    const calls = server();
    expect(await useSecondStep.getState().submitCode("12345", false)).toBeNull();
    expect(useSecondStep.getState().error).toBe(
      "Enter the 6-digit code from your authenticator app",
    );
    expect(calls).toEqual([]);
  });

  it("a step that is over goes back to the password form with the server's message", async () => {
    server([401, { success: false, code: "two_factor:step_over", message: SECOND_STEP_OVER }]);
    expect(await useSecondStep.getState().submitCode("123456", false)).toBeNull();
    expect(useSecondStep.getState().pending).toBeNull();
    expect(useSecondStep.getState().ended).toBe(SECOND_STEP_OVER);
    expect(useSecondStep.getState().error).toBe("");
  });

  it("a lockout ends the step too, its time in the account's zone", async () => {
    const message = "Account locked after 5 failed sign-ins until 2026-01-01T10:00:00.000Z.";
    server([423, { success: false, message }]);
    await useSecondStep.getState().submitCode("123456", false);
    expect(useSecondStep.getState().pending).toBeNull();
    expect(useSecondStep.getState().ended).toBe(
      "Account locked after 5 failed sign-ins until 01 Jan 2026, 12:00.",
    );
  });

  it("a recovery code signs in and tells how many are left", async () => {
    const calls = server([200, {
      success: true,
      data: { token: "t", user: USER, recoveryCodesLeft: 7 },
    }]);
    expect(await useSecondStep.getState().submitRecoveryCode("abcde-fghjk", false)).not.toBeNull();
    expect(calls[0].body).toEqual({ token: TOKEN, recoveryCode: "abcde-fghjk" });
    expect(useSecondStep.getState().recoveryCodesLeft).toBe(7);
  });

  it("Back forgets the token", () => {
    useSecondStep.getState().cancel();
    expect(useSecondStep.getState().pending).toBeNull();
  });
});
