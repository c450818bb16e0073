// The spec's validation texts of the sign-in page requests and the forced password change.

import { describe, expect, it } from "vitest";
import { requestProblem } from "./LoginPage.tsx";
import { forcedChangeProblem } from "./PasswordChangePage.tsx";

describe("request panels", () => {
  it("check the fields in the spec's order with its texts", () => {
    expect(requestProblem("reset", {})).toBe("Please enter your employee code");
    expect(requestProblem("reset", { employeeCode: "U1" })).toBe("");
    expect(requestProblem("activation", { employeeCode: "U1" })).toBe(
      "Please provide a reason for activation",
    );
    const reg: Record<string, string> = { employeeCode: "U1" };
    expect(requestProblem("registration", reg)).toBe("Please enter your first and last name");
    Object.assign(reg, { firstName: "A", lastName: "B" });
    expect(requestProblem("registration", reg)).toBe("Please enter your email");
    Object.assign(reg, { email: "a@b.co" });
    expect(requestProblem("registration", reg)).toBe("Please enter your job title and position");
    Object.assign(reg, { jobTitle: "Agent", position: "Ramp" });
    expect(requestProblem("registration", reg)).toBe("Please enter your station");
    Object.assign(reg, { station: "CAI" });
    expect(requestProblem("registration", reg)).toBe("Please provide a reason for registration");
    Object.assign(reg, { reason: "joined" });
    expect(requestProblem("registration", reg)).toBe("");
  });
});

describe("forced password change", () => {
  it("checks in the spec's order", () => {
    expect(forcedChangeProblem("", "", "")).toBe("Please enter your current password");
    expect(forcedChangeProblem("old", "", "")).toBe("Please enter a new password");
    expect(forcedChangeProblem("old", "short", "short")).toBe(
      "New password must be at least 6 characters long",
    );
    expect(forcedChangeProblem("old", "longer-one", "longer-two")).toBe(
      "New passwords do not match",
    );
    expect(forcedChangeProblem("old", "longer-one", "longer-one")).toBe("");
  });
});

describe("profile password change", () => {
  it("checks in the spec's order", async () => {
    const { passwordChangeProblem } = await import("./ProfilePage.tsx");
    expect(passwordChangeProblem("", "", "")).toBe("Please enter your current password");
    expect(passwordChangeProblem("old", "short", "short")).toBe(
      "New password must be at least 6 characters",
    );
    expect(passwordChangeProblem("old", "longer-one", "longer-two")).toBe(
      "New passwords do not match",
    );
    expect(passwordChangeProblem("old", "longer-one", "longer-one")).toBe("");
  });
});
