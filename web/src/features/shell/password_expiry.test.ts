// The week of warning before a password expires, as Home shows it.

import { describe, expect, it } from "vitest";
import { expiresWithin } from "./password_expiry.ts";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse("2026-11-24T12:00:00Z");
const at = (ms: number) => new Date(now + ms).toISOString();

describe("the password expiry warning of Home", () => {
  it("counts the days left in the last week, whole days rounded up", () => {
    expect(expiresWithin(at(7 * DAY), now)).toBe("in 7 days");
    expect(expiresWithin(at(5 * DAY - 60_000), now)).toBe("in 5 days");
    expect(expiresWithin(at(DAY), now)).toBe("in 1 day");
    expect(expiresWithin(at(DAY - 1), now)).toBe("today");
  });

  it("is silent further away, without an expiry, and once expired (the forced change then)", () => {
    expect(expiresWithin(at(7 * DAY + 60_000), now)).toBeNull();
    expect(expiresWithin(at(90 * DAY), now)).toBeNull();
    expect(expiresWithin(null, now)).toBeNull();
    expect(expiresWithin(at(-1), now)).toBeNull();
    expect(expiresWithin("not a date", now)).toBeNull();
  });
});
