import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { poundsToGrams } from "./weights.ts";

/** The definition: thousandths of a pound x 0.45359237 kg, in grams, rounded half up. */
const reference = (thousandths: number) =>
  Number((BigInt(thousandths) * 45359237n + 50_000_000n) / 100_000_000n);

describe("poundsToGrams", () => {
  it("converts exactly, rounding half up", () => {
    expect(poundsToGrams(1000)).toBe(454); // 1 lb = 453.59237 g
    expect(poundsToGrams(2205)).toBe(1000); // 2.205 lb = 1000.17 g
    expect(poundsToGrams(0)).toBe(0);
    expect(poundsToGrams(100_000_000)).toBe(45_359_237); // 100,000 lb
  });

  it("agrees with integer arithmetic on every size of weight", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 10_000_000 }),
          fc.integer({ min: 190_000_000, max: 210_000_000 }),
          fc.integer({ min: 0, max: 999_999_999_999 }),
        ),
        (thousandths) => poundsToGrams(thousandths) === reference(thousandths),
      ),
      { numRuns: 20_000 },
    );
  });
});
