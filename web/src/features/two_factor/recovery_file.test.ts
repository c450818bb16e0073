// The recovery codes' download: whose they are, when made, how they work, one code a line.

import { describe, expect, it } from "vitest";
import { recoveryCodesText, recoveryFileName } from "./recovery_file.ts";

describe("the recovery codes file", () => {
  it("names the account and lists every code once, numbered, with Windows line ends", () => {
    const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i).padStart(2, "0")}`);
    const text = recoveryCodesText(codes, "U1", "24 Nov 2025, 14:05");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Staff Portal: two-factor sign-in recovery codes");
    expect(lines).toContain("Account: U1");
    expect(lines).toContain("Made: 24 Nov 2025, 14:05");
    expect(text).toContain("Each code works once");
    expect(lines.filter((l) => /^ ?\d+\. /.test(l))).toEqual(
      codes.map((c, i) => `${String(i + 1).padStart(2, " ")}. ${c}`),
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("is a .txt file named for the account", () => {
    expect(recoveryFileName("U1")).toBe("staff-portal-recovery-codes-U1.txt");
  });
});
