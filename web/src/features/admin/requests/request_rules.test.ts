// The queues' address rules (issue 27): what ?search and ?station may hold, and how periods read.

import { describe, expect, it } from "vitest";
import { daysLabel, validateQueueSearch } from "./request_rules.ts";

describe("request queue rules", () => {
  it("keeps a trimmed search and a station of letters, upper-cased; drops the rest", () => {
    expect(validateQueueSearch({ search: "  Mona ", station: "cai" })).toEqual({
      search: "Mona",
      station: "CAI",
    });
    expect(validateQueueSearch({ search: "", station: "CAIRO" })).toEqual({});
    expect(validateQueueSearch({ search: 42, station: "C1" })).toEqual({});
    expect(validateQueueSearch({ station: "CA" })).toEqual({});
    expect(validateQueueSearch({ search: "x".repeat(150) }).search).toHaveLength(100);
  });

  it("says periods as the buttons do", () => {
    expect([daysLabel(30), daysLabel(90), daysLabel(365), daysLabel(1), daysLabel(45)]).toEqual([
      "30 days",
      "90 days",
      "1 year",
      "1 day",
      "45 days",
    ]);
  });
});
