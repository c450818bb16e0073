import { describe, expect, it } from "vitest";
import { convertFfm } from "./ffm/convert.ts";
import { parseFfm } from "./ffm/parser.ts";
import { asciiBytes, putNumber, TextBuilder } from "./text.ts";

const ffm = (...body: string[]) => ["FFM/8", "1/MS985/22NOV/CAI", ...body, "LAST"].join("\n");

describe("asciiBytes", () => {
  it("gives one byte per character: ASCII as it is, anything else 0xFF, then zero padding", () => {
    const bytes = asciiBytes("Aé€😀z");
    // 😀 is two UTF-16 units, so six characters in all
    expect([...bytes.subarray(0, 6)]).toEqual([65, 255, 255, 255, 255, 122]);
    expect(bytes.subarray(6).every((b) => b === 0)).toBe(true);
  });
});

describe("TextBuilder", () => {
  it("writes any text and numbers as String() does", () => {
    const out = new TextBuilder();
    out.text("QU ÄÖ €");
    const bytes = out.room(64);
    let at = out.length;
    for (const n of [0, 7, 10, 1234567, 2147483647, 2147483648, 1.5, -3, 1e21]) {
      at = putNumber(bytes, at, n);
      bytes[at++] = 32;
    }
    out.advance(at);
    expect(out.toString()).toBe("QU ÄÖ €0 7 10 1234567 2147483647 2147483648 1.5 -3 1e+21 ");
  });

  it("grows past its first buffer", () => {
    const out = new TextBuilder();
    const line = "-AKE12345MS/JFK/105A/C\n";
    for (let i = 0; i < 1000; i++) out.text(line);
    expect(out.toString()).toBe(line.repeat(1000));
  });

  it("grows past the room it was asked to start with", () => {
    const out = new TextBuilder(10);
    for (let i = 0; i < 100; i++) out.text("-PMC10001MS/JFK/1200A/C");
    expect(out.toString()).toBe("-PMC10001MS/JFK/1200A/C".repeat(100));
  });

  it("builders in use at the same time write into buffers of their own", () => {
    const first = new TextBuilder();
    const second = new TextBuilder();
    first.text("-PMC10001MS/JFK/1200A/C".repeat(500));
    second.text("BULK");
    first.text("\n");
    second.text("\n-JFK/0A/C");
    expect(first.toString()).toBe(`${"-PMC10001MS/JFK/1200A/C".repeat(500)}\n`);
    expect(second.toString()).toBe("BULK\n-JFK/0A/C");
  });
});

describe("no state of one call reaches the next", () => {
  it("a small manifest read after a large one gives the same result as on its own", () => {
    const small = ffm("JFK", "ULD/AKE12345MS", "074-12345675CAIJFK/T1K100/BOOKS", "/RFL");
    const alone = JSON.stringify(convertFfm(small));
    const big = ffm(
      "JFK",
      ...Array.from({ length: 500 }, (_, i) => [
        `ULD/PMC${String(10000 + i)}MS`,
        `074-${String(10000000 + i).padStart(8, "0")}CAIJFK/T2K250.5/MACHINE PARTS/ELIHEA`,
      ]).flat(),
    );
    expect(convertFfm(big).numberOfUlds).toBe(500);
    expect(parseFfm(big).ulds).toHaveLength(500);
    expect(JSON.stringify(convertFfm(small))).toBe(alone);
  });

  it("gives the same results when big and small manifests, parts and parses alternate", () => {
    const big = (n: number, codes: string) =>
      ffm(
        "JFK",
        ...Array.from({ length: n }, (_, i) => [
          `ULD/AKE${String(20000 + i)}MS`,
          `074-${String(20000000 + i).padStart(8, "0")}CAIJFK/T1K${i % 90 + 10}/BOOKS`,
          codes,
        ]).flat(),
      );
    const inputs = [
      big(3000, "/RFL/ELI"),
      big(40, "/AVI"),
      big(3100, "/MAG"),
      ["FFM/8", "2/MS985/22NOV/CAI", "JFK", "ULD/PMC10001MS", "074-12345675CAIJFK/T1K5/X", "LAST"]
        .join("\n") +
      "\n" +
      ["FFM/8", "1/MS985/22NOV/CAI", "JFK", "ULD/PMC10001MS", "074-12345686CAIJFK/T1K7/X", "CONT"]
        .join("\n"),
    ];
    const held = inputs.map((text) => [convertFfm(text), parseFfm(text)]);
    const first = held.map((results) => JSON.stringify(results));
    for (const text of [...inputs].reverse()) convertFfm(text);
    expect(inputs.map((text) => JSON.stringify([convertFfm(text), parseFfm(text)]))).toEqual(first);
    // the results handed out earlier are the caller's: no later call writes into them
    expect(held.map((results) => JSON.stringify(results))).toEqual(first);
    const result = convertFfm(inputs[0]);
    expect(result.numberOfUlds).toBe(3000);
    expect(result.ulds[2999]).toEqual({
      id: "AKE22999MS",
      type: "AKE",
      destination: "JFK",
      cargoWeight: 39, // 2999 % 90 + 10
      tareWeight: 105, // AKE
      grossWeight: 144,
      codes: ["RFL", "ELI"],
    });
    expect(convertFfm(inputs[3]).uwsOutput).toContain("\n-PMC10001MS/JFK/");
  });

  it("routing lines outside ASCII reach the UWS intact", () => {
    const result = convertFfm(ffm("JFK", "ULD/AKE12345MS", "074-12345675CAIJFK/T1K100/BOOKS"), {
      routing: { priority: "QU", address: "CAIKLMS", sender: ".CAIFFMS ÄÖ" },
    });
    expect(result.uwsOutput.split("\n").slice(0, 4)).toEqual([
      "QU",
      "CAIKLMS",
      ".CAIFFMS ÄÖ",
      "UWS",
    ]);
    expect(result.uwsOutput).toContain("\n-AKE12345MS/JFK/205A/C\n");
  });
});
