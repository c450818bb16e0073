// The one time format: the user's zone whatever the device's, 24-hour clock, '-' when missing.

import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, hourIn, isTimeZone, zonedText } from "./time.ts";

// 2025-01-15 is winter (Cairo UTC+2); 2025-07-15 is Cairo summer time (UTC+3 since 2023)
const WINTER = "2025-01-15T21:30:05.000Z";

describe("formatDateTime", () => {
  it("shows the time in the given zone, not the device's", () => {
    expect(formatDateTime(WINTER, "Africa/Cairo")).toBe("15 Jan 2025, 23:30");
    expect(formatDateTime(WINTER, "Asia/Dubai")).toBe("16 Jan 2025, 01:30");
    expect(formatDateTime(WINTER, "Africa/Cairo", { seconds: true })).toBe("15 Jan 2025, 23:30:05");
  });

  it("follows the zone's summer time", () => {
    expect(formatDateTime("2025-07-15T21:30:00Z", "Africa/Cairo")).toBe("16 Jul 2025, 00:30");
  });

  it("gives '-' for no time and falls back to Cairo for an unknown zone", () => {
    expect(formatDateTime(null, "Africa/Cairo")).toBe("-");
    expect(formatDateTime("not a date", "Africa/Cairo")).toBe("-");
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(formatDateTime(WINTER, "Mars/Olympus")).toBe("15 Jan 2025, 23:30");
  });

  it("gives the date and the hour in the zone", () => {
    expect(formatDate(WINTER, "Asia/Dubai")).toBe("16 Jan 2025");
    expect(hourIn(new Date(WINTER), "Africa/Cairo")).toBe(23);
    expect(hourIn(new Date(WINTER), "UTC")).toBe(21);
  });
});

describe("month names", () => {
  it("are three letters in every month, September too (ICU's en-GB writes 'Sept')", () => {
    const months = Array.from(
      { length: 12 },
      (_, m) => formatDate(Date.UTC(2025, m, 15, 12), "Africa/Cairo").split(" ")[1],
    );
    expect(months).toEqual([
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ]);
    expect(formatDateTime("2025-09-03T05:07:09Z", "Africa/Cairo", { seconds: true })).toBe(
      "03 Sep 2025, 08:07:09",
    );
    expect(formatDateTime("2025-12-31T22:30:00Z", "Africa/Cairo")).toBe("01 Jan 2026, 00:30");
    expect(hourIn(Date.parse("2025-09-03T22:00:00Z"), "Africa/Cairo")).toBe(1);
  });
});

describe("zonedText", () => {
  it("writes the server's UTC timestamps of a message in the zone", () => {
    expect(
      zonedText(
        "Account locked after 5 failed sign-ins until 2025-01-15T21:30:05.000Z. Ask an administrator.",
        "Africa/Cairo",
      ),
    ).toBe(
      "Account locked after 5 failed sign-ins until 15 Jan 2025, 23:30. Ask an administrator.",
    );
    expect(zonedText("No time here", "Africa/Cairo")).toBe("No time here");
  });
});
