// The UCM in the flight check (issue 52, item 13): the CPM's load type against the UCM item's for
// the same ULD, and the destination of a ULD that only the UCM names. Flight AC857/23 of
// test_support, with the UCM items written as real UCMs write them (domain 8.1).

import { describe, expect, it } from "vitest";
import { CPM_AC857, UCM_AC857 } from "../test_support/flight_ac857.ts";
import { checkFlight } from "./check.ts";

const UCM_STACK = [
  "UCM",
  "AC857/23.CFIVQ.LHR",
  "OUT",
  ".DVA1234AC/YYZ/C.DVA2345AC/YYZ/C.DVA3456AC/YYZ/C",
  ".PMC11111AC/YWG/X.PMC22222AC//X",
  "SI",
].join("\n");

describe("the UCM against the CPM", () => {
  it("names a CPM load type other than the UCM's as a minor finding (E on a stacked base X)", () => {
    const cpm = CPM_AC857.replace("-51/N", "-51/PMC11111AC/YWG/120/E");
    const r = checkFlight(`${cpm}\n${UCM_STACK}`);
    expect(r.findings).toEqual([{
      severity: "minor",
      kind: "load-type",
      uldId: "PMC11111AC",
      code: "flight:load_type",
      params: { uld: "PMC11111AC", cpm: "E", ucm: "X" },
      message: "PMC11111AC: load type E on the CPM, X on the UCM",
    }]);
  });

  it("leaves a UCM item without a load type unchecked, and the same load type", () => {
    expect(checkFlight(`${CPM_AC857}\n${UCM_AC857}`).findings).toEqual([]);
    expect(checkFlight(`${CPM_AC857}\n${UCM_STACK}`).findings).toEqual([]);
  });

  it("shows a ULD found only in the UCM with the destination of its UCM item", () => {
    const r = checkFlight(`${CPM_AC857}\n${UCM_STACK}`);
    expect(r.ulds.map((u) => [u.uldId, u.destination, u.ucm, u.cpm?.position ?? null])).toEqual([
      ["DVA1234AC", "YYZ", "out", "11L"],
      ["DVA2345AC", "YYZ", "out", "12R"],
      ["DVA3456AC", "YYZ", "out", "13L"],
      ["PMC11111AC", "YWG", "out", null],
      ["PMC22222AC", "", "out", null],
    ]);
  });
});
