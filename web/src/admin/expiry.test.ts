// The one expiry reading: the list's colours and words, the Expiring page's, and the same number
// of days on both for the same instant.

import { describe, expect, it } from "vitest";
import { daysLeft, expiryInfo, remaining } from "./expiry.ts";

const DAY = 86_400_000;
const now = Date.parse("2026-01-10T12:00:00Z");

describe("password expiry", () => {
  it("colours expired, 3 days, 7 days and later as the spec says", () => {
    const at = (days: number) => new Date(now + days * DAY + 1000).toISOString();
    expect(expiryInfo(null, now)).toEqual({ tone: "none", text: "No expiry set" });
    expect(expiryInfo(at(-3), now).tone).toBe("expired");
    expect(expiryInfo(at(-3), now).text).toBe("Expired 2 days ago");
    expect(expiryInfo(at(2), now)).toEqual({ tone: "critical", text: "Expires in 2 days" });
    expect(expiryInfo(at(3), now).tone).toBe("critical");
    expect(expiryInfo(at(6), now).tone).toBe("warning");
    expect(expiryInfo(at(30), now)).toEqual({ tone: "ok", text: "Expires in 30 days" });
  });

  it("the list and the Expiring page give the same days for the same instant", () => {
    // a fresh 30-day expiry a minute later, a day and a half, and just under a week
    for (const ms of [30 * DAY - 60_000, 1.5 * DAY, 7 * DAY - 1, 29 * DAY + 1]) {
      const expiry = new Date(now + ms).toISOString();
      const days = daysLeft(expiry, now);
      const list = /Expires in (\d+) days?/.exec(expiryInfo(expiry, now).text)?.[1];
      const page = /^(\d+) days? left$/.exec(remaining(expiry, now).text)?.[1];
      expect(Number(list)).toBe(days);
      expect(Number(page)).toBe(days);
    }
    expect(daysLeft(new Date(now + 30 * DAY - 60_000).toISOString(), now)).toBe(29);
  });
});
