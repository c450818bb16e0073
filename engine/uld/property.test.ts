// Property tests of the extractor (fast-check): no paste makes it throw or break its contract;
// a paste of several messages reads each as if it stood alone; and pastes built to hit a
// quadratic path (one number in thousands of messages, thousands of type lines, unclosed header
// blocks, one endless line) keep the contract. That they take linear time is measured by
// engine/bench.ts (1x, 2x and 4x the input), not asserted by a test's time-out.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTraffic } from "./generated_traffic.ts";
import { expectExtractionShape } from "../test_support/shapes.ts";
import { extractUlds, extractUldTable, plainResult } from "./extractor.ts";
import { exportUlds } from "./export.ts";

const id = fc.tuple(
  fc.constantFrom("AKE", "PMC", "PKC", "PLT", "P1G", "XYZ", "AK"),
  fc.constantFrom("12345", "1234", "99999", "A1234", "1"),
  fc.constantFrom("MS", "R7", "AGH", "PK", "", "5X", "ABCD"),
).map((parts) => parts.join(""));
const field = fc.constantFrom(
  "",
  "JFK",
  "B",
  "X",
  "K",
  "BY1",
  "C.HEA",
  "Q6",
  "QM",
  "2450",
  "LOWW",
  " ",
);

const envelope = fc.constantFrom(
  "",
  "QU CAIKKMS\n.JFKKKMS 221530\n",
  "<HEADER>\nFROM: X\nTO: Y\n</HEADER>\n",
  "<HEADER>\n",
  "</HEADER>\n",
  "From: a@b.example\nSubject: UCM\n\n",
  "=HEADER\n=TEXT\n",
  "ZCZC\n",
);
const flight = fc.constantFrom(
  "MS985/22NOV.SUGDM.CAI",
  "CZ123/19SEP26.B-1234.4/1.CANBUD",
  "MS985/22",
  "PK719/720/26JUN05.APBGL.IAH",
  "",
  "XX/YY",
);
type UcmItem = [string, string, string];
type CpmLine = [string, string[]];
const ucmText = (env: string, f: string, items: readonly UcmItem[]) =>
  `${env}UCM\n${f}\nIN\n${items.map(([u, a, b]) => `.${u}/${a}/${b}`).join("")}\nOUT\n.N\n`;
const cpmText = (env: string, f: string, lines: readonly CpmLine[]) =>
  `${env}CPM\n${f}\n${
    lines.map(([u, fs], i) => `-${11 + i}L/${[u, ...fs].join("/")}`).join("\n")
  }\nSI NIL\n`;
const ucmItems = fc.array(fc.tuple(id, field, field), { maxLength: 8 });
const cpmLines = fc.array(fc.tuple(id, fc.array(field, { maxLength: 5 })), { maxLength: 8 });
const ucm = fc.tuple(envelope, flight, ucmItems).map(([env, f, items]) => ucmText(env, f, items));
const cpm = fc.tuple(envelope, flight, cpmLines).map(([env, f, lines]) => cpmText(env, f, lines));
/** A well-formed ULD id: a message listing one has a row to show. */
const wellFormed = fc.constantFrom("AKE12345MS", "PMC1234R7", "PKC99999PK", "AKEA1234MS");
/** A UCM or CPM whose first ULD is well-formed, so that a paste of them must read. */
const listed = fc.oneof(
  fc.tuple(envelope, flight, wellFormed, ucmItems).map(([env, f, u, items]) =>
    ucmText(env, f, [[u, "JFK", "B"], ...items])
  ),
  fc.tuple(envelope, flight, wellFormed, cpmLines).map(([env, f, u, lines]) =>
    cpmText(env, f, [[u, ["JFK", "B"]], ...lines])
  ),
);
const scm = fc.tuple(envelope, fc.array(fc.constantFrom("0324PK", "2241ABA", "12345MS"))).map(
  ([env, items]) => `${env}SCM\nIAH.27JUN/1530\n.AKE.${items.join("/")}.T${items.length}\n`,
);
const junk = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }));
const message = fc.oneof(ucm, cpm, scm, junk.map((j) => `LDM\n${j}\n`));
const settings = fc.record({
  rentedCodes: fc.oneof(fc.constant(undefined), fc.array(fc.constantFrom("R7", "AGH", "", "x"))),
  ownerCode: fc.oneof(fc.constant(undefined), fc.constantFrom("MS", "", "PK")),
  knownTypes: fc.oneof(fc.constant(undefined), fc.array(fc.constantFrom("PLT", "xyz", ""))),
});

describe("the extractor on any paste", () => {
  it("never throws, keeps its contract, and every export of it works", () => {
    const paste = fc.oneof(
      fc.array(message, { maxLength: 6 }).map((m) => m.join("")),
      fc.tuple(fc.array(message, { maxLength: 4 }), junk, fc.nat()).map(([m, j, at]) => {
        const text = m.join("");
        const i = at % (text.length + 1);
        return text.slice(0, i) + j + text.slice(i);
      }),
      fc.tuple(fc.array(message, { maxLength: 4 }), fc.constantFrom("\n", "\r\n", "\r")).map((
        [m, sep],
      ) => m.join("").replace(/\n/g, sep)),
      junk,
    );
    fc.assert(
      fc.property(paste, settings, (text, opts) => {
        const r = extractUlds(text, opts);
        expectExtractionShape(r);
        const table = extractUldTable(text, opts);
        for (const format of ["csv", "json", "text"]) {
          expect(exportUlds(table, format).ok).toBe(true);
          if (table.messages.length > 1) {
            expect(exportUlds(table, format, { message: 0 }).ok).toBe(true);
          }
        }
      }),
      { numRuns: 600 },
    );
  });

  it("a paste of several messages reads each as if it stood alone", () => {
    fc.assert(
      fc.property(fc.array(listed, { minLength: 2, maxLength: 5 }), (messages) => {
        const all = extractUlds(messages.join(""));
        const alone = messages.map((m) => extractUlds(m));
        // every message lists a well-formed ULD: the paste reads (no vacuous pass on a failure)
        expect(all.ok, all.error).toBe(true);
        expect(all.messages).toHaveLength(messages.length);
        const key = (
          u: { uldNumber: string; loadType: string; destination: string; ownershipType: string },
        ) => [u.uldNumber, u.loadType, u.destination, u.ownershipType].join("/");
        // a message alone with nothing listed fails and shows no rows; in the paste they stay
        expect(all.ulds.filter((u) => alone[u.message].ok).map(key)).toEqual(
          alone.flatMap((r) => r.ulds.map(key)),
        );
        alone.forEach((r, i) => {
          expect(all.messages?.[i].statistics).toEqual(r.statistics);
          // a message alone without a ULD fails, and a failure names no flight
          if (r.ok) expect(all.messages?.[i].flightNumber).toBe(r.flightNumber);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe("pastes built to hit a quadratic path keep the contract", () => {
  // 64 KB: thousands of messages or lines; the time they take is engine/bench.ts's to measure
  const SIZE = 1 << 16;
  const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length));

  it("one ULD number in thousands of messages of one flight, read otherwise in each", () => {
    const text = fill(
      "UCM\nMS985/22.SUGDM.CAI\nOUT\n.AKE12345MS/JFK/B\nCPM\nMS985/22.SUGDM.CAI\n-11L/AKE12345MS/BOS/1/C\n",
    );
    const r = extractUldTable(text);
    expect(r.ok).toBe(true);
    expect(r.messages.length).toBeGreaterThan(1_000);
    expect(r.conflicts).toHaveLength(2); // the load type and the destination, each with all readings
    expect(r.rows.isConflict.every((f) => f === 1)).toBe(true);
  });

  it("type lines, header lines, envelope lines and one endless line", () => {
    for (
      const text of [
        fill("UCM\n"),
        fill("<HEADER>\n"),
        fill("<HEADER>\nUCM\n</HEADER>\n"),
        fill("QU CAIKKMS\n"),
        `UCM\nMS985/22\nIN\n${fill(".AKE12345MS/JFK/B")}`,
        `CPM\nMS985/22\n${fill("-11L/AKE12345MS/JFK/1/B")}`,
        `SCM\nCAI.22NOV\n.AKE.${fill("12345MS/")}`,
        fill("/"),
        `UCM\n${fill("IN\nOUT\n")}`,
      ]
    ) expectExtractionShape(plainResult(extractUldTable(text)));
  });

  it("a generated day of traffic: 1,000 messages of 20 carriers", () => {
    const text = generateTraffic();
    const r = extractUldTable(text);
    expect(r.ok).toBe(true);
    expect(r.messages).toHaveLength(1000);
    expect(r.warnings).toEqual([]);
    expect(new Set(r.messages.map((m) => m.ownerCode)).size).toBe(20);
    expect(r.conflicts.length).toBeGreaterThan(0);
    expectExtractionShape(plainResult(r));
  });
});
