// Contract checks for results (design 4.6): every field present with its type, whatever the input.

import { expect } from "vitest";
import type { ConversionResult, DestinationTotals, MatchResult, UldExtraction } from "../types.ts";
import { renderText, type TextParams } from "../messages/texts.ts";
import { ULD_TEXTS } from "../uld/texts.ts";

const isWarning = (w: unknown) =>
  typeof w === "object" && w !== null && Number.isInteger((w as { line: number }).line) &&
  typeof (w as { message: string }).message === "string";

/** True when a text of the extractor is its code's template with its values (texts.ts). */
const isUldText = (code: string | undefined, params: TextParams | undefined, message: string) =>
  code !== undefined && Object.hasOwn(ULD_TEXTS, code) &&
  renderText(ULD_TEXTS[code as keyof typeof ULD_TEXTS], params) === message;

function expectTotals(d: DestinationTotals | null): void {
  if (d === null) return;
  expect(typeof d.destination).toBe("string");
  for (const k of ["grossWeight", "netWeight", "tareWeight", "numberOfUlds", "bulkLoad"] as const) {
    expect(Number.isFinite(d[k])).toBe(true);
  }
}

/** Asserts the conversion contract, and the totals' consistency when the conversion succeeded. */
export function expectConversionShape(r: ConversionResult): void {
  expect(typeof r.ok).toBe("boolean");
  expect(r.warnings.every(isWarning)).toBe(true);
  expect(typeof r.uwsOutput).toBe("string");
  expect(typeof r.flightHeader).toBe("string");
  for (
    const k of [
      "totalGrossWeight",
      "totalNetWeight",
      "totalTareWeight",
      "numberOfUlds",
      "bulkLoad",
    ] as const
  ) {
    expect(Number.isFinite(r[k])).toBe(true);
  }
  expectTotals(r.firstDestination);
  expectTotals(r.secondDestination);
  expect(Array.isArray(r.ulds)).toBe(true);
  if (!r.ok) {
    expect(typeof r.error).toBe("string");
    expect(r.error!.length).toBeGreaterThan(0);
    return;
  }
  expect(r.error).toBeUndefined();
  expect(r.firstDestination).not.toBeNull();
  const dests = [r.firstDestination!, ...(r.secondDestination ? [r.secondDestination] : [])];
  expect(r.totalGrossWeight).toBe(dests.reduce((s, d) => s + d.grossWeight, 0));
  expect(r.numberOfUlds).toBe(r.ulds.length);
  for (const u of r.ulds) {
    expect(u.grossWeight).toBe(
      Math.ceil(Math.round((u.cargoWeight + u.tareWeight) * 1000) / 1000) || 0,
    );
    expect(r.uwsOutput).toContain(`-${u.id}/${u.destination}/${u.grossWeight}A/C`);
  }
  expect(r.uwsOutput.split("\n")).toContain("BULK");
}

/** Asserts the match contract. */
export function expectMatchShape(r: MatchResult): void {
  expect(typeof r.ok).toBe("boolean");
  expect(typeof r.matched).toBe("boolean");
  expect(typeof r.message).toBe("string");
  expect(r.warnings.every(isWarning)).toBe(true);
  for (const e of r.results) {
    expect(["uws", "ntm"]).toContain(e.type);
    expect(["green", "red"]).toContain(e.color);
    expect(Number.isInteger(e.offset) && Number.isInteger(e.length)).toBe(true);
    expect(Array.isArray(e.dgslList)).toBe(true);
  }
  if (!r.ok) expect(r.error).toBe(r.message);
}

/**
 * Asserts the extraction contract: entries, statistics that count the listed entries (the three
 * lists: every entry with an owner), and for several messages their details, rows and counts.
 */
export function expectExtractionShape(r: UldExtraction): void {
  expect(typeof r.ok).toBe("boolean");
  expect(r.isValid).toBe(r.ok);
  expect(r.warnings.every(isWarning)).toBe(true);
  // every text by its code: the web shows it in the user's language (a 1 MB paste of junk
  // warns 100,000 times: the codes of all, the words of the first)
  expect(r.warnings.find((w) => w.code === undefined || !Object.hasOwn(ULD_TEXTS, w.code)))
    .toBeUndefined();
  const first = r.warnings[0];
  if (first !== undefined) expect(isUldText(first.code, first.params, first.message)).toBe(true);
  if (!r.ok) expect(isUldText(r.errorCode, r.errorParams, r.error ?? "")).toBe(true);
  for (const m of r.messages ?? []) {
    if (!m.ok) expect(isUldText(m.errorCode, m.errorParams, m.error ?? "")).toBe(true);
  }
  for (
    const k of [
      "messageType",
      "flightNumber",
      "aircraftRegistration",
      "senderStation",
      "movement",
      "supplementaryInfo",
      "ownerCode",
    ] as const
  ) {
    expect(typeof r[k]).toBe("string");
  }
  const listed = r.ulds.filter((u) => u.ownershipType !== "Unknown");
  expect(r.statistics.total).toBe(listed.length);
  expect(r.statistics.owned + r.statistics.rented + r.statistics.foreign).toBe(r.statistics.total);
  expect(r.statistics.categories.total).toBe(r.statistics.total);
  // one assertion for all entries: a 1 MB message holds 100,000 of them
  const owners = new Set(["Owned", "Rented", "Foreign", "Unknown"]);
  const categories = new Set(["PLT", "AKE", "PLA", "Others"]);
  const bad = r.ulds.find((u) =>
    !owners.has(u.ownershipType) || !categories.has(u.category) || !(u.occurrenceNumber >= 1) ||
    typeof u.uldNumber !== "string" || typeof u.isDuplicate !== "boolean" ||
    (u.isInOtherMessage && !u.isDuplicate) || (u.isConflict && !u.isInOtherMessage)
  );
  expect(bad).toBeUndefined();
  if (r.messages !== undefined) {
    expect(r.messages.length).toBeGreaterThan(1);
    let row = 0;
    let total = 0;
    for (const m of r.messages) {
      expect(m.firstRow).toBe(r.ok ? row : 0);
      row += m.rowCount;
      total += m.statistics.total;
    }
    expect(row).toBe(r.ulds.length);
    expect(total).toBe(r.statistics.total);
    expect(Array.isArray(r.conflicts) && Array.isArray(r.balance)).toBe(true);
  }
  if (!r.ok) {
    expect(typeof r.error).toBe("string");
    expect(r.ulds).toEqual([]);
  } else expect(r.statistics.total).toBeGreaterThan(0);
}
