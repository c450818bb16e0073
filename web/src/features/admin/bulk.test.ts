// The one bulk runner: calls in parallel up to the pool size, results in the accounts' order,
// progress after each, and the refusals in the shared error wording.

import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api/client.ts";
import { inPool, runBulk, runMatching, tally } from "./bulk.ts";
import { OFFLINE_TEXT } from "./error_text.ts";

describe("bulk runner", () => {
  it("runs at most the pool size at once and keeps the results in order", async () => {
    let running = 0;
    let most = 0;
    // fake timers: the items finish in the order their delays say, not as the machine's load has it
    vi.useFakeTimers();
    const pool = inPool([5, 1, 4, 2, 3, 6], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    await vi.runAllTimersAsync();
    const out = await pool;
    vi.useRealTimers();
    expect(out).toEqual([50, 10, 40, 20, 30, 60]);
    expect(most).toBe(2);
  });

  it("runs each code, counts progress and words each failure", async () => {
    const seen: number[] = [];
    const results = await runBulk(["A", "B", "C", "D"], (c) => {
      if (c === "B") return Promise.reject(new ApiError("User B not found", 404));
      if (c === "C") return Promise.reject(new ApiError("Network error", 0));
      return Promise.resolve(`done ${c}`);
    }, (done) => seen.push(done));
    expect(results).toEqual([
      { employeeCode: "A", ok: true, message: "done A" },
      { employeeCode: "B", ok: false, message: "User B not found" },
      { employeeCode: "C", ok: false, message: OFFLINE_TEXT },
      { employeeCode: "D", ok: true, message: "done D" },
    ]);
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(tally(results)).toEqual({
      counts: { succeeded: 2, failed: 2 },
      details: ["A: done A", "B: User B not found", `C: ${OFFLINE_TEXT}`, "D: done D"],
    });
  });
});

describe("bulk runner over matching users", () => {
  it("follows the server's cursor to the end, with done and total after each call", async () => {
    const ok = (employeeCode: string) => ({ employeeCode, ok: true, message: "unlocked" });
    const answers = new Map([
      [undefined, { results: [ok("A1"), ok("A2")], remaining: 3, next: "A2" }],
      ["A2", { results: [ok("B1"), ok("B2")], remaining: 1, next: "B2" }],
      ["B2", { results: [ok("C1")], remaining: 0, next: null }],
    ]);
    const asked: (string | undefined)[] = [];
    const progress: [number, number][] = [];
    const out = await runMatching(
      (after) => {
        asked.push(after);
        return Promise.resolve(answers.get(after)!);
      },
      (done, total) => progress.push([done, total]),
      () => false,
    );
    expect(asked).toEqual([undefined, "A2", "B2"]);
    expect(progress).toEqual([[2, 5], [4, 5], [5, 5]]);
    expect(out).toMatchObject({ stopped: false });
    expect(out.results.map((r) => r.employeeCode)).toEqual(["A1", "A2", "B1", "B2", "C1"]);
  });
});
