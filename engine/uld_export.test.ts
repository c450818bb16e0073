// Exports of an extraction: the spec's CSV columns, sorting, grouping and formats.

import { describe, expect, it } from "vitest";
import { extractUlds } from "./uld_extractor.ts";
import { exportUlds } from "./uld_export.ts";

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

  it("json without groups and text with flags", () => {
    const json = exportUlds(result, "json");
    expect(json.ok && JSON.parse(json.content).ulds).toHaveLength(4);
    const text = exportUlds(result, "text", { groupBy: "category" });
    expect(text.ok).toBe(true);
    if (!text.ok) return;
    expect(text.content).toContain("ULDs: 4 (owned 2, rented 1, foreign 1)");
    expect(text.content).toContain("AKE (3)");
    expect(text.content).toContain("AKE3456LH   X    JFK   Foreign  AKE     4-DIGIT");
    expect(text.content).toContain("AKE12345MS  B    JFK   Owned    AKE     DUPLICATE");
  });

  it("refuses other formats and keys with a message", () => {
    expect(exportUlds(result, "xml")).toEqual({ ok: false, error: "Unsupported export format" });
    expect(exportUlds(result, "csv", { sortBy: "weight" as never })).toEqual({
      ok: false,
      error: "Unsupported sort key weight",
    });
    expect(exportUlds(result, "csv", { groupBy: "section" as never })).toEqual({
      ok: false,
      error: "Unsupported group key section",
    });
  });

  it("quotes CSV cells that hold commas or quotes", () => {
    const odd = { ...result, ulds: [{ ...result.ulds[0], destination: 'J,"K' }] };
    const out = exportUlds(odd, "csv");
    expect(out.ok && out.content.split("\r\n")[1]).toBe('AKE12345MS,B,"J,""K",Owned,AKE,,Yes,Yes');
  });
});
