import { describe, expect, it } from "vitest";
import { formatCount, plural } from "./numbers.ts";

describe("formatCount", () => {
  it("groups thousands and leaves small counts as they are", () => {
    expect(formatCount(100001)).toBe("100,001");
    expect(formatCount(10001)).toBe("10,001");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(0)).toBe("0");
  });
});

describe("plural", () => {
  it("names one thing, or many with the count grouped", () => {
    expect(plural(1, "user")).toBe("1 user");
    expect(plural(0, "day")).toBe("0 days");
    expect(plural(15420, "user")).toBe("15,420 users");
  });
});
