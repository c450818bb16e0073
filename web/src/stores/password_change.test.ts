// The spec's validation texts of the own password change, forced and on the profile, and the
// server's content check.

import { describe, expect, it } from "vitest";
import { usePasswordPolicy } from "./password_policy.ts";
import { passwordContentProblem, passwordProblem } from "./password_change.ts";

describe("forced password change", () => {
  it("checks in the spec's order, with the server's minimum length for the spec's 6", () => {
    usePasswordPolicy.setState({ minLength: 6 });
    expect(passwordProblem({ current: "", next: "", confirm: "" }, true)).toBe(
      "Please enter your current password",
    );
    expect(passwordProblem({ current: "old", next: "", confirm: "" }, true)).toBe(
      "Please enter a new password",
    );
    expect(passwordProblem({ current: "old", next: "short", confirm: "short" }, true)).toBe(
      "New password must be at least 6 characters long",
    );
    expect(passwordProblem({ current: "old", next: "longer-one", confirm: "longer-two" }, true))
      .toBe(
        "New passwords do not match",
      );
    expect(passwordProblem({ current: "old", next: "longer-one", confirm: "longer-one" }, true))
      .toBe("");
  });
});

describe("profile password change", () => {
  it("checks in the spec's order, with the server's minimum length for the spec's 6", () => {
    usePasswordPolicy.setState({ minLength: 6 });
    expect(passwordProblem({ current: "", next: "", confirm: "" }, false)).toBe(
      "Please enter your current password",
    );
    expect(passwordProblem({ current: "old", next: "short", confirm: "short" }, false)).toBe(
      "New password must be at least 6 characters",
    );
    expect(passwordProblem({ current: "old", next: "longer-one", confirm: "longer-two" }, false))
      .toBe(
        "New passwords do not match",
      );
    expect(passwordProblem({ current: "old", next: "longer-one", confirm: "longer-one" }, false))
      .toBe("");
  });
});

describe("the password policy", () => {
  it("is the server's: a 10-character minimum refuses a 9-character password in every form", () => {
    usePasswordPolicy.setState({ minLength: 10 });
    const nine = { current: "old", next: "123456789", confirm: "123456789" };
    expect(passwordProblem(nine, true)).toBe("New password must be at least 10 characters long");
    expect(passwordProblem(nine, false)).toBe("New password must be at least 10 characters");
    expect(passwordProblem({ ...nine, next: "1234567890", confirm: "1234567890" }, false)).toBe("");
  });
});

describe("the password content check of the password screens", () => {
  const owner = { employeeCode: "E48213", firstName: "Yasmin", fullName: "Yasmin Haddad" };
  it("says what the server says of common passwords and of the owner's code or name", async () => {
    for (const weak of ["12345678", "password1", "qwertyuiop"]) {
      expect(await passwordContentProblem(weak, owner)).toBe(
        "This password is too common or too easy to guess; choose another",
      );
    }
    for (const personal of ["E48213-Blue-Kite!", "zq#yasmin-7rp2", "Haddad!Fox+2291"]) {
      expect(await passwordContentProblem(personal, owner)).toBe(
        "The password must not contain the employee code or name",
      );
    }
    expect(await passwordContentProblem("Copper-Lantern-Ridge-41", owner)).toBe("");
  });
});
