// Fuzzing of every parser of the engine (issue 8): random text, random lines of message
// fragments, and either separator style, checked to never throw and always return the contract's
// outline. `npm run bench` runs 100,000 cases per parser; the unit suite runs a few thousand.

import fc from "fast-check";
import { convertFfm } from "./ffm/convert.ts";
import { parseFfm } from "./ffm/parser.ts";
import { extractUlds } from "./uld/extractor.ts";
import { matchUwsNtm } from "./ntm/uws_match.ts";
import { readNtm } from "./ntm/notoc.ts";
import { checkFlight } from "./flight/check.ts";
import { readLdm } from "./flight/read_ldm.ts";

const FRAGMENTS = [
  "FFM/8",
  "FFM/4",
  "1/MS985/22NOV/CAI",
  "2/MS985/22NOV/CAI/SUGDM",
  "JFK",
  "BOS/NIL",
  "ULD/AKE12345MS",
  "ULD/PIP1234MS-M/REMARK",
  "074-12345675CAIJFK/T1K10/BOOKS",
  "07412345675CAIBOS/T2L100.5/X/EAWGEN",
  "/HEA/RFL/PER",
  "/YYZKL667/19MAR",
  "OSI/TEXT",
  "OCI/US/ISS/RA/1",
  "DIM/K1/CMT1-1-1/1",
  "COR/X",
  "LAST",
  "CONT",
  "UWS",
  "NTM",
  "MS985/22.CAI.FINAL",
  "-PMC12345MS/JFK/1250A/C.RFL.ELI",
  "UCM",
  "CPM",
  "SCM",
  "IN",
  "OUT",
  "SI NIL",
  "END",
  ".AKE12345MS/JFK/B.PMC1234R7//C",
  "-11L/AKE12345MS/JFK/500/B",
  "-13L/N",
  ".AKE.12345MS/2345PK.T2",
  "QU CAIKLMS",
  ".CAIFFMS 221200",
  "NOTOC",
  "*** DANGEROUS GOODS ***",
  "*** OTHER SPECIAL LOAD ***",
  "LHR    AC857/23     23APR26    C-FIVQ",
  "01.AEROSOLS, FLAMMABLE",
  "YYZ          2.1   UN/       1    9.0K           RFG  N      11L",
  "    24349426       1950                               DVA1234AC",
  "        RFG  N           11L    DVA1234AC",
  "03. HUMAN REMAINS                     1    120.0K HUM       51",
  "----------------------------------------",
  "AC857/23.CFIVQ.YYZ",
  "-11L/DVA1234AC/YYZ/584/C.RFG",
  "LDM",
  "AC857/23.HBIHA.J28Y250.2/10",
  "-YYZ.198/52/4/2.0.T1448.1/514.3/713.5/221.PAX/26/224.PAD/0/0",
  ".JMP/0.CRW/0.PAD/0/3",
  "SI YYZ C 1448 M 0 B 0/0 O 0 T 0",
  "SI LOAD IN CPTS 1/1437 5/821",
  "MVT",
  "1/AC857/23APR/LHR/HB-IHA",
  "",
  "/",
  "-",
  ".",
];

/** Text the parsers may meet: anything, or lines of real fragments and noise. */
export const messages: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.tuple(
    fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 20 })), {
      maxLength: 30,
    }),
    fc.constantFrom("\n", "\r\n", "\r"),
  ).map(([lines, sep]) => lines.join(sep)),
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** Each parser with the outline every result of it must have. */
export const FUZZ_TARGETS: Record<string, (text: string) => boolean> = {
  parseFfm: (t) => {
    const r: unknown = parseFfm(t);
    return isObject(r) && typeof r.ok === "boolean" && Array.isArray(r.warnings);
  },
  convertFfm: (t) => {
    const r: unknown = convertFfm(t, { secondDestination: t.length % 2 ? "BOS" : undefined });
    return isObject(r) && typeof r.ok === "boolean" && typeof r.uwsOutput === "string" &&
      Array.isArray(r.warnings);
  },
  matchUwsNtm: (t) => {
    const half = t.length >> 1;
    const r: unknown = matchUwsNtm(t.slice(0, half), t.slice(half));
    return isObject(r) && typeof r.matched === "boolean" && Array.isArray(r.results);
  },
  readNtm: (t) => {
    const r: unknown = readNtm(t, new Set(["RFG", "RFL", "HUM"]));
    return isObject(r) && typeof r.layout === "string" && Array.isArray(r.items);
  },
  checkFlight: (t) => {
    const r: unknown = checkFlight(t, { toleranceKg: t.length % 7 });
    return isObject(r) && typeof r.ok === "boolean" && Array.isArray(r.findings) &&
      Array.isArray(r.ulds) && typeof r.report === "string";
  },
  readLdm: (t) => {
    const r: unknown = readLdm(t);
    return isObject(r) && Array.isArray(r.destinations) && Array.isArray(r.warnings);
  },
  extractUlds: (t) => {
    const r: unknown = extractUlds(t, { rentedCodes: ["R7", "C6"] });
    return isObject(r) && typeof r.ok === "boolean" && Array.isArray(r.ulds) &&
      isObject(r.statistics);
  },
};

/** One parser's fuzzing outcome: runs, failures, and the first failing input if any. */
export interface FuzzOutcome {
  name: string;
  runs: number;
  failures: number;
  counterexample: string | null;
  seconds: number;
}

/** Fuzzes every parser with `runs` cases each (a fixed seed: the same cases every time). */
export function fuzzEngine(runs: number, seed = 20261122): FuzzOutcome[] {
  return Object.entries(FUZZ_TARGETS).map(([name, fn]) => {
    const start = performance.now();
    const details = fc.check(fc.property(messages, (text) => fn(text)), {
      numRuns: runs,
      seed,
      endOnFailure: true,
    });
    return {
      name,
      runs: details.numRuns,
      failures: details.failed ? 1 : 0,
      counterexample: details.counterexample === null
        ? null
        : JSON.stringify(details.counterexample[0]),
      seconds: (performance.now() - start) / 1000,
    };
  });
}
