// Exports of an extraction: the spec's CSV columns, sorting, grouping and formats.

import { describe, expect, it } from "vitest";
import { THROUGH_FLIGHT } from "../test_support/traffic.ts";
import { extractUlds, extractUldTable } from "./extractor.ts";
import { exportUlds } from "./export.ts";

const result = extractUlds(
  [
    "CPM",
    "MS985/22.SUGDM.CAI",
    "-11L/AKE12345MS/JFK/500/B",
    "-11R/PMC23456R7/BOS/400/C",
    "-12L/AKE3456LH/JFK/300/X",
    "-12R/AKE12345MS/JFK/200/C",
  ].join("\n"),
);

describe("exportUlds", () => {
  it("csv: UTF-8 BOM, the spec's columns, one row per ULD", () => {
    const out = exportUlds(result, "csv");
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.mimeType).toBe("text/csv;charset=utf-8");
    expect(out.content).toBe(
      "\ufeffULD Number,Load Type,Destination,Ownership,Category,Section,Valid,Duplicate\r\n" +
        "AKE12345MS,B,JFK,Owned,AKE,,Yes,Yes\r\n" +
        "PMC23456R7,C,BOS,Rented,PLT,,Yes,No\r\n" +
        "AKE3456LH,X,JFK,Foreign,AKE,,Yes,No\r\n" +
        "AKE12345MS,C,JFK,Owned,AKE,,Yes,Yes\r\n",
    );
  });

  it("sorts by a key and groups rows together", () => {
    const sorted = exportUlds(result, "csv", { sortBy: "uldNumber" });
    expect(sorted.ok && sorted.content.split("\r\n").slice(1, 5).map((l) => l.split(",")[0]))
      .toEqual([
        "AKE12345MS",
        "AKE12345MS",
        "AKE3456LH",
        "PMC23456R7",
      ]);
    const grouped = exportUlds(result, "json", { groupBy: "ownership", sortBy: "loadType" });
    expect(grouped.ok).toBe(true);
    if (!grouped.ok) return;
    const body = JSON.parse(grouped.content);
    expect(Object.keys(body.groups)).toEqual(["Foreign", "Owned", "Rented"]);
    expect(body.groups.Owned.map((u: { loadType: string }) => u.loadType)).toEqual(["B", "C"]);
    expect(body).toMatchObject({
      messageType: "CPM",
      flightNumber: "MS985",
      ownerCode: "MS",
      groupBy: "ownership",
    });
  });

  it("json without groups and text with the section or position and flags", () => {
    const json = exportUlds(result, "json");
    expect(json.ok && JSON.parse(json.content).ulds).toHaveLength(4);
    const text = exportUlds(result, "text", { groupBy: "category" });
    expect(text.ok).toBe(true);
    if (!text.ok) return;
    expect(text.content).toContain("ULDs: 4 (owned 2, rented 1, foreign 1)");
    expect(text.content).toContain("AKE (3)");
    expect(text.content).toContain("AKE3456LH   X    JFK   12L     Foreign  AKE     4-DIGIT");
    expect(text.content).toContain("AKE12345MS  B    JFK   11L     Owned    AKE     DUPLICATE");
  });

  it("refuses other formats and keys with a message", () => {
    expect(exportUlds(result, "xml")).toEqual({
      ok: false,
      error: "Unsupported export format",
      errorCode: "uld:export_format",
    });
    expect(exportUlds(result, "csv", { sortBy: "weight" as never })).toEqual({
      ok: false,
      error: "Unsupported sort key weight",
      errorCode: "uld:sort_key",
      errorParams: { key: "weight" },
    });
    expect(exportUlds(result, "csv", { groupBy: "section" as never })).toEqual({
      ok: false,
      error: "Unsupported group key section",
      errorCode: "uld:group_key",
      errorParams: { key: "section" },
    });
  });

  it("quotes CSV cells that hold commas or quotes", () => {
    const odd = { ...result, ulds: [{ ...result.ulds[0], destination: 'J,"K' }] };
    const out = exportUlds(odd, "csv");
    expect(out.ok && out.content.split("\r\n")[1]).toBe('AKE12345MS,B,"J,""K",Owned,AKE,,Yes,Yes');
  });
});

describe("exports of several messages", () => {
  const several = extractUlds(THROUGH_FLIGHT);

  it("csv: the spec's columns, then each row's message and flight", () => {
    const out = exportUlds(several, "csv");
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const lines = out.content.replace(/^\ufeff/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "ULD Number,Load Type,Destination,Ownership,Category,Section,Valid,Duplicate,Message,Flight",
    );
    expect(lines).toHaveLength(16);
    expect(lines[1]).toBe("AKE12345MS,B,,Owned,AKE,IN,Yes,Yes,1,MS985");
    expect(lines[15]).toBe("PKC11111MS,K,JFK,Owned,PLT,,Yes,Yes,3,MS985");
  });

  it("one message: its rows and details only, the spec's columns", () => {
    const out = exportUlds(extractUldTable(THROUGH_FLIGHT), "csv", { message: 2 });
    expect(out.ok && out.content.replace(/^\ufeff/, "").trimEnd().split("\r\n")).toEqual([
      "ULD Number,Load Type,Destination,Ownership,Category,Section,Valid,Duplicate",
      "AKE12345MS,B,JFK,Owned,AKE,,Yes,Yes",
      "AKE67890MS,E,JFK,Owned,AKE,,Yes,Yes",
      "PMC34567R7,C,JFK,Rented,PLT,,Yes,Yes",
      "PAG72801AGH,C,JFK,Foreign,PLT,,Yes,Yes",
      "PKC11111MS,K,JFK,Owned,PLT,,Yes,Yes",
    ]);
    const json = exportUlds(several, "json", { message: 2 });
    expect(json.ok && JSON.parse(json.content)).toMatchObject({
      messageType: "CPM",
      supplementaryInfo: "NIL",
      statistics: { owned: 3, rented: 1, foreign: 1 },
    });
    expect(exportUlds(several, "csv", { message: 7 })).toEqual({
      ok: false,
      error: "No message 7 in this extraction",
      errorCode: "uld:no_such_message",
      errorParams: { n: "7" },
    });
  });

  it("json and text carry the messages, the conflicts and the balance", () => {
    const json = exportUlds(several, "json");
    const body = json.ok ? JSON.parse(json.content) : null;
    expect(body.messages).toHaveLength(3);
    expect(body.conflicts.map((c: { uldNumber: string }) => c.uldNumber)).toEqual([
      "AKE67890MS",
      "PKC11111MS",
    ]);
    expect(body.balance[0]).toEqual({
      station: "CAI",
      in: 5,
      out: 5,
      outWithoutIn: ["AKE67890MS", "PAG72801AGH", "PKC11111MS"],
    });
    const text = exportUlds(several, "text");
    expect(text.ok).toBe(true);
    if (!text.ok) return;
    expect(text.content).toContain("Messages: 3");
    expect(text.content).toContain(
      "CONFLICT AKE67890MS loadType: X (#2, line 21) / E (#3, line 26)",
    );
    expect(text.content).toContain(
      "Balance CAI: in 5, out 5, out without in 3 (AKE67890MS PAG72801AGH PKC11111MS)",
    );
    expect(text.content).toMatch(
      /PAG72801AGH C {4}JFK {3}OUT {5}Foreign {2}PLT {5}DUPLICATE OWNER-3 +#2/,
    );
  });

  it("a pasted number that starts like a formula is neutralised in the CSV", () => {
    const r = extractUlds("UCM\nMS985/22.SUGDM.CAI\nIN\n.=HYPERLINK(1)MS\n.AKE12345MS");
    const out = exportUlds(r, "csv");
    expect(out.ok && out.content.split("\r\n")[1]).toBe(
      "'=HYPERLINK(1)MS,,,Unknown,Others,IN,No,No",
    );
  });
});
