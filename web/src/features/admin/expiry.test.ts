// The one expiry reading: the list's colours and words, the Expiring page's, and the same time left
// on both for the same instant, at the boundaries the server's windows draw.

import { describe, expect, it } from "vitest";
import { daysLeft, expiryInfo, remaining } from "./expiry.ts";

const DAY = 86_400_000;
const now = Date.parse("2026-01-10T12:00:00Z");
const at = (days: number) => new Date(now + days * DAY).toISOString();

/** The server's "expiring within N days" (api/users/list_routes.ts): 0 <= left <= N days. */
const serverWithin = (days: number, n: number) => days * DAY >= 0 && days * DAY <= n * DAY;

describe("password expiry", () => {
  it("colours expired, 3 days, 7 days and later as the spec says", () => {
    expect(expiryInfo(null, now)).toEqual({ tone: "none", text: "No expiry set" });
    expect(expiryInfo("not a date", now)).toEqual({ tone: "none", text: "No expiry set" });
    expect(expiryInfo(at(-2.5), now)).toEqual({ tone: "expired", text: "Expired 2 days ago" });
    expect(expiryInfo(at(2), now)).toEqual({ tone: "critical", text: "Expires in 2 days" });
    expect(expiryInfo(at(3), now).tone).toBe("critical");
    expect(expiryInfo(at(3.5), now)).toEqual({ tone: "warning", text: "Expires in 4 days" });
    expect(expiryInfo(at(7), now).tone).toBe("warning");
    expect(expiryInfo(at(30), now)).toEqual({ tone: "ok", text: "Expires in 30 days" });
  });

  it("rounds the same way on the list and the Expiring page at the boundaries", () => {
    const cases: [number, string, string][] = [
      [1.5, "Expires in 2 days", "2 days left"],
      [1, "Expires in 1 day", "1 day left"],
      [0.2, "Expires in 5 hours", "5 hours left"],
      [0.01, "Expires in less than an hour", "Less than an hour left"],
      [-0.01, "Expired less than an hour ago", "Expired less than an hour ago"],
      [-0.2, "Expired 4 hours ago", "Expired 4 hours ago"],
      [-1.5, "Expired 1 day ago", "Expired 1 day ago"],
      [30 - 1 / 1440, "Expires in 30 days", "30 days left"],
    ];
    for (const [days, list, page] of cases) {
      expect([days, expiryInfo(at(days), now).text]).toEqual([days, list]);
      expect([days, remaining(at(days), now).text]).toEqual([days, page]);
    }
  });

  it("a password the server lists within N days reads N days or fewer, and one it leaves out more", () => {
    for (const n of [3, 7, 30]) {
      for (const days of [n - 1.5, n - 0.2, n - 1e-6, n, n + 1e-6, n + 0.2, n + 1.5, 0.2]) {
        const expiry = at(days);
        expect([n, days, daysLeft(expiry, now) <= n]).toEqual([n, days, serverWithin(days, n)]);
      }
    }
    // the tone's words agree with the number shown: "3 days or less" is 3 days left or fewer
    expect(remaining(at(3), now)).toMatchObject({ tone: "urgent", text: "3 days left" });
    expect(remaining(at(3 + 1e-6), now)).toMatchObject({ tone: "soon", text: "4 days left" });
    expect(remaining(at(7), now)).toMatchObject({ tone: "soon", text: "7 days left" });
    expect(remaining(at(7 + 1e-6), now)).toMatchObject({ tone: "later", text: "8 days left" });
  });
});
