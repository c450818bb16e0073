// Contract checks for results (design 4.6): every field present with its type, whatever the input.

import { expect } from "vitest";
import type { ConversionResult, DestinationTotals, MatchResult } from "../types.ts";

const isWarning = (w: unknown) =>
  typeof w === "object" && w !== null && Number.isInteger((w as { line: number }).line) &&
  typeof (w as { message: string }).message === "string";

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
