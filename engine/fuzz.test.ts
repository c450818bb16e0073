import { describe, expect, it } from "vitest";
import { FUZZ_TARGETS, fuzzEngine } from "./fuzz.ts";

describe("engine fuzzing (the bench runs 100,000 cases per parser)", () => {
  it("finds no input that makes a parser throw or break its outline", () => {
    const outcomes = fuzzEngine(3000);
    expect(outcomes.map((o) => o.name)).toEqual(Object.keys(FUZZ_TARGETS));
    for (const o of outcomes) {
      expect(o.runs, o.name).toBe(3000);
      expect(o.counterexample, o.name).toBeNull();
    }
  });

  it("reports a broken outline as a failure with its input", () => {
    FUZZ_TARGETS.broken = () => false;
    try {
      const broken = fuzzEngine(5).find((o) => o.name === "broken")!;
      expect(broken.failures).toBe(1);
      expect(broken.counterexample).not.toBeNull();
    } finally {
      delete FUZZ_TARGETS.broken;
    }
  });
});
