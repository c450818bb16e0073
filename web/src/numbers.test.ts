import { describe, expect, it } from "vitest";
import { formatCount } from "./numbers.ts";

describe("formatCount", () => {
  it("groups thousands and leaves small counts as they are", () => {
    expect(formatCount(100001)).toBe("100,001");
    expect(formatCount(10001)).toBe("10,001");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(0)).toBe("0");
  });
});
