import { beforeEach, describe, expect, it } from "vitest";
import { keepIssued, useOneTimePasswords } from "./one_time_passwords.ts";

describe("one-time passwords waiting to be read", () => {
  beforeEach(() => useOneTimePasswords.getState().dismiss());

  it("keeps what an answer issued, and nothing from an answer without one", () => {
    const answer = { employeeCode: "U1", fullName: "Nour Adel", isActive: true };
    expect(keepIssued(answer)).toBe(answer);
    expect(useOneTimePasswords.getState().issued).toEqual([]);
    keepIssued({
      employeeCode: "U1",
      fullName: "Nour Adel",
      oneTimePassword: "AbCdEfGh23456k",
      oneTimePasswordExpiresAt: "2026-11-27T08:00:00.000Z",
    });
    expect(useOneTimePasswords.getState().issued).toEqual([{
      employeeCode: "U1",
      fullName: "Nour Adel",
      password: "AbCdEfGh23456k",
      expiresAt: "2026-11-27T08:00:00.000Z",
      kept: false,
    }]);
  });

  it("a second password for one account replaces the first; Done forgets them all", () => {
    const issue = (code: string, password: string) =>
      keepIssued({ employeeCode: code, oneTimePassword: password });
    issue("U1", "first-password-1");
    issue("U2", "other-password-2");
    issue("U1", "second-password-3");
    expect(useOneTimePasswords.getState().issued.map((i) => [i.employeeCode, i.password]))
      .toEqual([["U2", "other-password-2"], ["U1", "second-password-3"]]);
    useOneTimePasswords.getState().dismiss();
    expect(useOneTimePasswords.getState().issued).toEqual([]);
  });
});
