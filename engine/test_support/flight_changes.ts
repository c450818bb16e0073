// The one-line changes of flight AC857/23 that each make one kind of finding, with the findings
// expected (worked out by hand from the samples). The engine test and the Playwright test of the
// Flight check tab read the same list.

import type { FindingSeverity, FlightFindingKind } from "../flight/types.ts";
import { CPM_AC857, CPM_AC857_HOLDS, LDM_AC857, UCM_AC857, UWS_AC857 } from "./flight_ac857.ts";
import { sample } from "./samples.ts";

/** The messages of a flight; the UWS and the LDM only when pasted. */
export interface FlightParts {
  ffm: string;
  notoc: string;
  cpm: string;
  ucm: string;
  uws?: string;
  ldm?: string;
}

/** AC857/23's FFM, 64-column NOTOC, CPM and UCM: they tell the same story. */
export function ac857(): FlightParts {
  return {
    ffm: sample("ffm-03.txt"),
    notoc: sample("ntm-01-notoc-64col.txt"),
    cpm: CPM_AC857,
    ucm: UCM_AC857,
  };
}

/** The messages as one paste, in the order FFM, NOTOC, CPM, UCM, UWS, LDM. */
export const pasteOf = (p: FlightParts) =>
  [p.ffm, p.notoc, p.cpm, p.ucm, p.uws, p.ldm].filter((m) => m !== undefined).join("\n");

/** The LDM of AC857/23 changed by `change`, with the CPM it agrees with before the change. */
const withLdm = (change: (ldm: string) => string) => ({
  cpm: CPM_AC857_HOLDS,
  ldm: change(LDM_AC857),
});

/** One changed line and the findings it makes. */
export interface OneLineChange {
  kind: FlightFindingKind;
  change: (p: FlightParts) => Partial<FlightParts>;
  findings: [FindingSeverity, FlightFindingKind, string][];
}

/** For each finding kind, a line of AC857/23 changed (or removed) to make it. */
export const ONE_LINE_CHANGES: readonly OneLineChange[] = [
  {
    kind: "dg-not-on-ntm",
    change: (p) => ({ notoc: p.notoc.replace("RFG  N      11L", "RLI  N      11L") }),
    findings: [
      ["critical", "dg-not-on-ntm", "DVA1234AC: RFG on the FFM and the UWS, not on the NOTOC"],
    ],
  },
  {
    kind: "dg-not-on-uws",
    change: () => ({ uws: UWS_AC857.replace("/475A/C.MAG", "/475A/C") }),
    findings: [["critical", "dg-not-on-uws", "DVA2345AC: MAG on the NOTOC, not on the UWS"]],
  },
  {
    kind: "bulk-dg",
    change: (p) => ({ ffm: p.ffm.replace("/HUM\n", "/AVI\n") }),
    findings: [
      ["critical", "bulk-dg", "BULK YYZ: AVI on the FFM, not on the NOTOC"],
      ["critical", "bulk-dg", "BULK YYZ: HUM on the NOTOC, not on the FFM"],
    ],
  },
  {
    kind: "uws-not-on-cpm",
    change: (p) => ({ cpm: p.cpm.replace("-13L/DVA3456AC/YYZ/378/C\n", "") }),
    findings: [["major", "uws-not-on-cpm", "DVA3456AC: on the UWS, not on the CPM"]],
  },
  {
    kind: "cpm-not-on-uws",
    change: (p) => ({ cpm: p.cpm.replace("-51/N", "-51/AKE12345AC/YYZ/90/C") }),
    findings: [
      ["major", "cpm-not-on-uws", "AKE12345AC: on the CPM, not on the UWS"],
      ["minor", "cpm-not-on-ucm", "AKE12345AC: on the CPM, not on the UCM OUT list"],
    ],
  },
  {
    kind: "ntm-not-on-uws",
    // the NOTOC names another ULD for the MAG item: DVA2345AC's MAG is then missing on it too
    change: (p) => ({ notoc: p.notoc.replace("DVA2345AC", "DVA9999AC") }),
    findings: [
      ["critical", "dg-not-on-ntm", "DVA2345AC: MAG on the FFM and the UWS, not on the NOTOC"],
      ["critical", "dg-not-on-uws", "DVA9999AC: MAG on the NOTOC, not on the UWS"],
      ["major", "ntm-not-on-uws", "DVA9999AC: on the NOTOC, not on the UWS"],
    ],
  },
  {
    kind: "destination",
    change: (p) => ({ cpm: p.cpm.replace("DVA2345AC/YYZ", "DVA2345AC/YWG") }),
    findings: [[
      "major",
      "destination",
      "DVA2345AC: destination YYZ on the FFM, the UWS and the NOTOC, YWG on the CPM",
    ]],
  },
  {
    kind: "position",
    change: (p) => ({ cpm: p.cpm.replace("-12R/", "-22R/") }),
    findings: [["major", "position", "DVA2345AC: position 12R on the NOTOC, 22R on the CPM"]],
  },
  {
    kind: "weight",
    change: (p) => ({ cpm: p.cpm.replace("/475/", "/560/") }),
    findings: [[
      "minor",
      "weight",
      "DVA2345AC: CPM weight 560 kg, UWS gross 475 kg: 85 kg apart (tolerance 50 kg)",
    ]],
  },
  {
    kind: "cpm-not-on-ucm",
    change: (p) => ({ ucm: p.ucm.replace(".DVA3456AC/YYZ", "") }),
    findings: [["minor", "cpm-not-on-ucm", "DVA3456AC: on the CPM, not on the UCM OUT list"]],
  },
  {
    kind: "load-type",
    // an empty ULD on the UCM (X), cargo on the CPM (C)
    change: (p) => ({ ucm: p.ucm.replace(".DVA3456AC/YYZ", ".DVA3456AC/YYZ/X") }),
    findings: [["minor", "load-type", "DVA3456AC: load type C on the CPM, X on the UCM"]],
  },
  {
    kind: "ldm-compartment",
    // 200 kg moved from compartment 1 to 5 on the LDM: its T still adds up
    change: () => withLdm((ldm) => ldm.replace(".1/1437.5/821.", ".1/1237.5/1021.")),
    findings: [
      [
        "major",
        "ldm-compartment",
        "Compartment 1: 1237 kg on the LDM, 1437 kg in the CPM's positions: 200 kg apart (tolerance 72 kg)",
      ],
      [
        "major",
        "ldm-compartment",
        "Compartment 5: 1021 kg on the LDM, 821 kg in the CPM's positions: 200 kg apart (tolerance 51 kg)",
      ],
      [
        "major",
        "ldm-compartment",
        "Compartment 1: 1237 kg on the LDM, 1437 kg on the CPM's LOAD IN CPTS line: 200 kg apart (tolerance 72 kg)",
      ],
      [
        "major",
        "ldm-compartment",
        "Compartment 5: 1021 kg on the LDM, 821 kg on the CPM's LOAD IN CPTS line: 200 kg apart (tolerance 51 kg)",
      ],
    ],
  },
  {
    kind: "ldm-cargo",
    // 200 kg more cargo in the SI breakdown: neither the UWS's 1658 kg nor the FFM's 1448 kg
    change: () => withLdm((ldm) => ldm.replace("YYZ C 1658", "YYZ C 1858")),
    findings: [[
      "major",
      "ldm-cargo",
      "YYZ: cargo and mail 1858 kg on the LDM, 1658 kg on the UWS, 1448 kg without the ULDs' tare (tolerance 93 kg)",
    ]],
  },
  {
    kind: "ldm-destination",
    // the LDM's load goes to YWG, the others' to YYZ
    change: () => withLdm((ldm) => ldm.replaceAll("YYZ", "YWG")),
    findings: [
      ["major", "ldm-destination", "YYZ: a destination on the CPM, not on the LDM"],
      ["major", "ldm-destination", "YYZ: a destination on the UWS, not on the LDM"],
      ["major", "ldm-destination", "YWG: a destination on the LDM, not on the CPM"],
      ["major", "ldm-destination", "YWG: a destination on the LDM, not on the UWS"],
    ],
  },
];
