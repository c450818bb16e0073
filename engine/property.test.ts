// Property tests: no input makes the engine throw, results keep the contract's shape, and
// pathological 1 MB lines are handled. That they take linear time is measured by engine/bench.ts
// (1x, 2x and 4x the input), not asserted by a test's time-out.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertFfm } from "./ffm/convert.ts";
import { parseFfm } from "./ffm/parser.ts";
import { sample } from "./test_support/samples.ts";
import {
  expectConversionShape,
  expectExtractionShape,
  expectMatchShape,
} from "./test_support/shapes.ts";
import { extractUlds } from "./uld/extractor.ts";
import { exportUlds } from "./uld/export.ts";
import { matchUwsNtm } from "./ntm/uws_match.ts";

const SAMPLES = ["ffm-01.txt", "ffm-03.txt", "ffm-05.txt", "ffm-08.txt", "ffm-12.txt", "ffm-17.txt"]
  .map(sample);

const FRAGMENTS = [
  "FFM/8",
  "FFM/5",
  "1/MS985/22NOV/CAI",
  "2/MS985/22NOV/CAI",
  "JFK",
  "BOS/NIL",
  "ORD//14APR1235",
  "ULD/AKE12345MS",
  "ULD/PIP1234MS-M/REMARK",
  "ULD/",
  "ULD/PMC123456CV",
  "074-12345675CAIJFK/T1K10/BOOKS",
  "07412345675CAIBOS/T2L100.5/X/EAWGEN",
  "/HEA/RFL/PER",
  "/YYZKL667/19MAR",
  "/2",
  "/G",
  "OSI/TEXT",
  "/CONT",
  "OCI/US/ISS/RA/1",
  "///ED/0213",
  "DIM/K1/CMT1-1-1/1",
  "/K1/CMT1-1-1/1",
  "COR/X",
  "SCI/1",
  "LAST",
  "CONT",
  "SENT",
  "",
  " ",
  "/",
  "//",
  "-",
  "K",
  "T1K",
];

const SEPARATORS = ["\n", "\r\n", "\r"];
const options = fc.record({
  secondDestination: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom("", "BOS", "JFK", "XX", "bru"),
  ),
  showPerInUws: fc.boolean(),
});

const lineMessage = fc.tuple(
  fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 30 })), {
    maxLength: 40,
  }),
  fc.constantFrom(...SEPARATORS),
).map(([lines, sep]) => lines.join(sep));

/** A sample with random edits: deleted, inserted, duplicated or swapped text. */
const mutatedSample = fc.tuple(
  fc.constantFrom(...SAMPLES),
  fc.array(
    fc.tuple(
      fc.nat(),
      fc.nat({ max: 40 }),
      fc.string({ maxLength: 12 }),
      fc.constantFrom("del", "ins", "dup"),
    ),
    { minLength: 1, maxLength: 6 },
  ),
).map(([text, edits]) => {
  let out = text;
  for (const [at, len, str, kind] of edits) {
    const i = at % (out.length + 1);
    if (kind === "del") out = out.slice(0, i) + out.slice(i + len);
    else if (kind === "ins") out = out.slice(0, i) + str + out.slice(i);
    else out = out.slice(0, i) + out.slice(i, i + len) + out.slice(i);
  }
  return out;
});

describe("the engine never throws and keeps its contract", () => {
  it("on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), options, (text, opts) => {
        expectConversionShape(convertFfm(text, opts));
        expect(parseFfm(text).warnings).toBeInstanceOf(Array);
        expectMatchShape(matchUwsNtm(text, text));
      }),
      { numRuns: 300 },
    );
  });

  it("on messages made of FFM fragments", () => {
    fc.assert(
      fc.property(lineMessage, options, (text, opts) => {
        expectConversionShape(convertFfm(text, opts));
      }),
      { numRuns: 500 },
    );
  });

  it("on mutated samples", () => {
    fc.assert(
      fc.property(mutatedSample, options, (text, opts) => {
        const r = convertFfm(text, opts);
        expectConversionShape(r);
        expectMatchShape(matchUwsNtm(r.uwsOutput, text));
      }),
      { numRuns: 500 },
    );
  });

  it("on values that are not strings", () => {
    for (const bad of [undefined, null, 42, {}, []]) {
      expectConversionShape(convertFfm(bad as unknown as string, bad as never));
      expectMatchShape(matchUwsNtm(bad as unknown as string, bad as unknown as string));
    }
  });
});

describe("1 MB lines", () => {
  const MB = 1 << 20;
  const lines: Record<string, string> = {
    slashes: "/".repeat(MB),
    digits: "1".repeat(MB),
    letters: "A".repeat(MB),
    "slash-digits": "1/".repeat(MB / 2),
    "ULD-like": "ULD/" + "AKE12345MS".repeat(MB / 10),
    "AWB-like": "074-12345675CAIJFK/" + "T1K1".repeat(MB / 4),
  };
  for (const [name, line] of Object.entries(lines)) {
    it(`handles a 1 MB line of ${name}`, () => {
      const asBody = `FFM/8\n1/MS985/22NOV/CAI\nJFK\n${line}\nLAST`;
      expectConversionShape(convertFfm(line));
      expectConversionShape(convertFfm(asBody));
      expectMatchShape(matchUwsNtm(line, line));
    });
  }
});

describe("case and line endings never change a conversion", () => {
  const NAMES = [
    "ffm-01.txt",
    "ffm-02.txt",
    "ffm-03.txt",
    "ffm-05.txt",
    "ffm-08.txt",
    "ffm-11.txt",
    "ffm-12.txt",
    "ffm-17.txt",
  ];
  for (const name of NAMES) {
    it(`${name}: lower case, mixed case, CRLF and CR give the same result`, () => {
      const text = sample(name);
      const expected = convertFfm(text);
      expect(convertFfm(text.toLowerCase())).toEqual(expected);
      expect(convertFfm(text.replace(/\n/g, "\r\n"))).toEqual(expected);
      expect(convertFfm(text.replace(/\n/g, "\r"))).toEqual(expected);
      let n = 0;
      const mixed = text.replace(/[A-Z]/g, (ch) => (n++ % 2 === 0 ? ch.toLowerCase() : ch));
      expect(convertFfm(mixed)).toEqual(expected);
    });
  }

  it("on random case changes of any sample", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SAMPLES),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 64 }),
        (text, bits) => {
          let i = 0;
          const changed = text.replace(
            /[A-Z]/g,
            (ch) => (bits[i++ % bits.length] ? ch.toLowerCase() : ch),
          );
          expect(convertFfm(changed)).toEqual(convertFfm(text));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("the extractor never throws and keeps its contract", () => {
  const ULD_SAMPLES = [
    "ucm-01.txt",
    "ucm-03.txt",
    "cpm-01.txt",
    "cpm-02.txt",
    "cpm-05.txt",
    "scm-01.txt",
  ].map(sample);
  const ULD_FRAGMENTS = [
    "UCM",
    "CPM",
    "SCM",
    "IN",
    "OUT",
    "SI",
    "SI NIL",
    "END",
    ".N",
    "MS985/22NOV.SUGDM.CAI",
    "CAI.22NOV/0800",
    ".AKE12345MS/JFK/B.PMC1234R7//C",
    "-11L/AKE12345MS/JFK/500/B",
    "-5/AGP/260/B",
    "-13L/N",
    "-PL/PMC75956EY/AUH/2564/C/MD-PR/PMC76540EY/AUH/2338/C/MD",
    ".AKE.12345MS/2345PK.T2",
    ".",
    "-",
    "/",
    "",
  ];
  const settings = fc.record({
    rentedCodes: fc.oneof(
      fc.constant(undefined),
      fc.array(fc.constantFrom("R7", "C6", "PK", "", "xyz")),
    ),
    ownerCode: fc.oneof(fc.constant(undefined), fc.constantFrom("MS", "PK", "")),
  });

  it("on any string, fragments and mutated samples", () => {
    const message = fc.oneof(
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.tuple(
        fc.array(fc.oneof(fc.constantFrom(...ULD_FRAGMENTS), fc.string({ maxLength: 20 })), {
          maxLength: 30,
        }),
        fc.constantFrom(...SEPARATORS),
      )
        .map(([lines, sep]) => lines.join(sep)),
      fc.tuple(fc.constantFrom(...ULD_SAMPLES), fc.nat(), fc.string({ maxLength: 10 })).map(
        ([t, at, str]) => {
          const i = at % (t.length + 1);
          return t.slice(0, i) + str + t.slice(i + 3);
        },
      ),
    );
    fc.assert(
      fc.property(message, settings, (text, opts) => {
        const r = extractUlds(text, opts);
        expectExtractionShape(r);
        for (const format of ["csv", "json", "text"]) expect(exportUlds(r, format).ok).toBe(true);
      }),
      { numRuns: 700 },
    );
  });

  it("on 1 MB lines of slashes, dots, digits and letters", () => {
    const MB = 1 << 20;
    for (const unit of ["/", ".", "1", "A", "-1/", ".AKE12345MS", "-11L/AKE12345MS/JFK/1/B"]) {
      const line = unit.repeat(Math.ceil(MB / unit.length));
      expectExtractionShape(extractUlds(line));
      expectExtractionShape(extractUlds(`UCM\nMS985/22.SUGDM.CAI\nIN\n${line}`));
      expectExtractionShape(extractUlds(`CPM\nMS985/22.SUGDM.CAI\n${line}`));
      expectExtractionShape(extractUlds(`SCM\nCAI.22NOV\n.AKE${line}`));
    }
  });
});
