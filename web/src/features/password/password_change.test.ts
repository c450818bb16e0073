// The spec's validation texts of the own password change, forced and on the profile, and the
// server's content check.

import { afterEach, describe, expect, it, vi } from "vitest";
import { usePasswordPolicy } from "./password_policy.ts";
import { passwordContentProblem, passwordProblem, usePasswordChange } from "./password_change.ts";

const pw = (current: string, next: string, confirm: string) => ({ current, next, confirm });

/** [forced, values, the spec's text]: the forced change first, then the profile's. */
const SPEC_ORDER = [
  [true, pw("", "", ""), "Please enter your current password"],
  [true, pw("old", "", ""), "Please enter a new password"],
  [true, pw("old", "short", "short"), "New password must be at least 6 characters long"],
  [true, pw("old", "longer-one", "longer-two"), "New passwords do not match"],
  [true, pw("old", "longer-one", "longer-one"), ""],
  [false, pw("", "", ""), "Please enter your current password"],
  [false, pw("old", "short", "short"), "New password must be at least 6 characters"],
  [false, pw("old", "longer-one", "longer-two"), "New passwords do not match"],
  [false, pw("old", "longer-one", "longer-one"), ""],
] as const;

describe("forced and profile password change", () => {
  it("check in the spec's order, with the server's minimum length for the spec's 6", () => {
    usePasswordPolicy.setState({ minLength: 6 });
    for (const [forced, values, text] of SPEC_ORDER) {
      const said = passwordProblem(values, forced);
      expect(said?.message ?? "", `${forced} ${JSON.stringify(values)}`).toBe(text);
      // each the catalogue's message, by its code
      if (said !== null) expect(said.code).toMatch(/^password:/);
    }
  });
});

describe("the password policy", () => {
  it("is the server's: a 10-character minimum refuses a 9-character password in every form", () => {
    usePasswordPolicy.setState({ minLength: 10 });
    const nine = { current: "old", next: "123456789", confirm: "123456789" };
    expect(passwordProblem(nine, true)).toEqual({
      code: "password:new_too_short_long",
      params: { minLength: 10 },
      message: "New password must be at least 10 characters long",
    });
    expect(passwordProblem(nine, false)?.message).toBe(
      "New password must be at least 10 characters",
    );
    expect(passwordProblem({ ...nine, next: "1234567890", confirm: "1234567890" }, false))
      .toBeNull();
  });
});

describe("the password content check of the password screens", () => {
  const owner = { employeeCode: "E48213", firstName: "Yasmin", fullName: "Yasmin Haddad" };
  it("says what the server says of common passwords and of the owner's code or name", async () => {
    for (const weak of ["12345678", "password1", "qwertyuiop"]) {
      expect((await passwordContentProblem(weak, owner))?.message).toBe(
        "This password is too common or too easy to guess; choose another",
      );
    }
    for (const personal of ["E48213-Blue-Kite!", "zq#yasmin-7rp2", "Haddad!Fox+2291"]) {
      expect((await passwordContentProblem(personal, owner))?.message).toBe(
        "The password must not contain the employee code or name",
      );
    }
    expect(await passwordContentProblem("Copper-Lantern-Ridge-41", owner)).toBeNull();
  });
});

describe("the own password change's call", () => {
  const owner = { employeeCode: "U1", fullName: "User One" };
  const good = pw("old-pass", "Copper-Lantern-Ridge-41", "Copper-Lantern-Ridge-41");
  afterEach(() => {
    vi.unstubAllGlobals();
    usePasswordChange.getState().reset();
  });

  it("says the texts of each screen on success", async () => {
    usePasswordPolicy.setState({ minLength: 6 });
    vi.stubGlobal("fetch", () => Promise.resolve(Response.json({ success: true, data: {} })));
    expect(await usePasswordChange.getState().change(owner, good, false)).toBe(true);
    expect(usePasswordChange.getState().message).toEqual({ ok: true, text: "Password changed" });
    expect(await usePasswordChange.getState().change(owner, good, true)).toBe(true);
    expect(usePasswordChange.getState().message?.text).toBe("Password changed. Taking you home…");
  });

  it("shows the server's refusal; offline, the profile's fallback and the forced screen's error", async () => {
    usePasswordPolicy.setState({ minLength: 6 });
    const refusal = { success: false, message: "Current password is incorrect" };
    vi.stubGlobal("fetch", () => Promise.resolve(Response.json(refusal, { status: 400 })));
    expect(await usePasswordChange.getState().change(owner, good, false)).toBe(false);
    expect(usePasswordChange.getState().message?.text).toBe("Current password is incorrect");
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await usePasswordChange.getState().change(owner, good, false);
    expect(usePasswordChange.getState().message?.text).toBe("Failed to change password");
    await usePasswordChange.getState().change(owner, good, true);
    expect(usePasswordChange.getState().message?.text).toBe("Network error");
  });

  it("sends nothing when a rule refuses", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await usePasswordChange.getState().change(owner, pw("", "", ""), true);
    expect(usePasswordChange.getState().message).toEqual({
      ok: false,
      text: "Please enter your current password",
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});
