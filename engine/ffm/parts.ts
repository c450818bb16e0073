// A manifest pasted in several parts (1/..., 2/..., each ending CONT but the last, LAST) is
// merged into one: the parts are put in sequence order, checked for gaps, folded together, and
// of the ULDs that share a serial the one with the most cargo items is kept.

import { letterCodeName } from "../codes.ts";
import type { EngineWarning } from "../types.ts";
import type { EngineText } from "../messages/texts.ts";
import { sayFfm } from "./texts.ts";
import { ManifestUlds } from "./manifest_ulds.ts";
import type { FfmScan } from "./types.ts";
import { type BulkAcc, type Part, warn } from "./scan_state.ts";

/** The flight line error, at `lineNo` when known. */
export function flightError(lineNo: number | null): EngineText {
  return lineNo === null
    ? sayFfm("ffm:flight_line")
    : sayFfm("ffm:flight_line_at", { line: lineNo });
}

/** A reading that failed with `error`: nothing but the error and the warnings so far. */
export function failure(error: EngineText, warnings: EngineWarning[]): FfmScan {
  return {
    ok: false,
    error: error.message,
    errorCode: error.code,
    ...(error.params === undefined ? {} : { errorParams: error.params }),
    warnings,
    version: "",
    flight: null,
    flightHeader: "",
    partNumbers: [],
    isMultiPart: false,
    isComplete: false,
    pointsOfUnloading: [],
    ulds: new ManifestUlds(),
    kept: [],
    uldItems: [],
    bulk: [],
    bulkCargo: [],
  };
}

/** The error of missing parts: one part (`part 2`) or several (`parts 2, 3 and 5`). */
function missingParts(missing: readonly number[], first: boolean): EngineText {
  if (missing.length === 1) {
    return sayFfm(first ? "ffm:part_one_first" : "ffm:part_missing", { part: missing[0] });
  }
  const values = { list: missing.slice(0, -1).join(", "), last: missing[missing.length - 1] };
  return sayFfm(first ? "ffm:part_one_first_parts" : "ffm:parts_missing", values);
}

/** Checks that parts 1..n are all there and the last ends LAST; returns the error or null. */
function partSetError(parts: readonly Part[]): EngineText | null {
  const numbers = parts.map((p) => p.sequence);
  const highest = Math.max(...numbers);
  const missing: number[] = [];
  for (let k = 1; k <= highest; k++) if (!numbers.includes(k)) missing.push(k);
  const last = parts[parts.length - 1];
  if (missing.length > 0) return missingParts(missing, missing.includes(1));
  if (last.trailer === "CONT") {
    return parts.length === 1
      ? sayFfm("ffm:single_part_cont")
      : sayFfm("ffm:last_part_cont", { part: highest, next: highest + 1 });
  }
  return null;
}

/** Adds the bulk `from` (of a later part) into `into`, destination by destination. */
function foldBulk(into: BulkAcc, from: BulkAcc): void {
  into.grams += from.grams;
  from.destCodes.forEach((dest, k) => {
    const at = into.destCodes.indexOf(dest);
    if (at === -1) {
      into.destCodes.push(dest);
      into.destGrams.push(from.destGrams[k]);
    } else into.destGrams[at] += from.destGrams[k];
  });
}

/** Folds `from` into `into`: the parts of a multi-part manifest become one, in sequence order. */
function foldPart(into: Part, from: Part): void {
  into.rejected += from.rejected;
  for (const p of from.pous) {
    const seen = into.pous.find((x) => x.airport === p.airport);
    if (seen === undefined) into.pous.push(p);
    else if (!p.nil) seen.nil = false;
  }
  for (let j = 0; j < from.ulds.size; j++) {
    const before = into.ulds.size;
    const i = into.ulds.fold(from.ulds, j);
    if (from.uldItems.length > j) {
      if (i === before) into.uldItems.push([]);
      for (const item of from.uldItems[j]) into.uldItems[i].push(item);
    }
  }
  for (const b of from.bulk.values()) {
    const seen = into.bulk.get(b.pointOfUnloading);
    if (seen === undefined) into.bulk.set(b.pointOfUnloading, b);
    else foldBulk(seen, b);
  }
  for (const item of from.bulkCargo) into.bulkCargo.push(item);
}

/** The parts in sequence order, a part pasted twice once (with a warning); or the set's error. */
function orderedParts(parts: Part[], warnings: EngineWarning[]): Part[] | EngineText {
  const flightKeys = [...new Set(parts.map((p) => p.flightKey))];
  if (flightKeys.length > 1) {
    return sayFfm("ffm:different_flights", { flights: flightKeys.join(", ") });
  }
  const ordered: Part[] = [];
  for (const part of [...parts].sort((a, b) => a.sequence - b.sequence)) {
    if (ordered.some((p) => p.sequence === part.sequence)) {
      warn({ warnings }, part.firstLine, sayFfm("ffm:part_pasted_twice", { part: part.sequence }));
    } else ordered.push(part);
  }
  return partSetError(ordered) ?? ordered;
}

/** Why the merged manifest holds nothing to convert, or null when it does. */
function emptyManifestError(merged: Part): EngineText | null {
  if (merged.pous.length === 0) return sayFfm("ffm:no_point_of_unloading");
  const anyBulk = [...merged.bulk.values()].some((b) => b.destCodes.length > 0);
  if (merged.rejected > 0 && merged.ulds.size === 0 && !anyBulk) {
    const count = merged.rejected;
    return sayFfm(count === 1 ? "ffm:no_consignment_read" : "ffm:no_consignment_read_lines", {
      count,
    });
  }
  return null;
}

/**
 * The ULDs kept, by index: of several ULD ids with the same serial, the one with the most cargo
 * items (spec rule); the others are dropped with a warning.
 */
function keptUlds(table: ManifestUlds, warnings: EngineWarning[]): number[] {
  const dropped = new Uint8Array(table.size);
  for (const head of table.collisions) {
    let winner = head;
    for (let u = table.next[head]; u !== -1; u = table.next[u]) {
      if (table.itemCounts[u] > table.itemCounts[winner]) winner = u;
    }
    for (let u = head; u !== -1; u = table.next[u]) {
      if (u === winner) continue;
      dropped[u] = 1;
      const count = table.itemCounts[u];
      const values = {
        id: table.ids[u],
        winner: table.ids[winner],
        count,
        kg: table.grams[u] / 1000,
      };
      warn(
        { warnings },
        table.lines[u],
        sayFfm(count === 1 ? "ffm:uld_dropped" : "ffm:uld_dropped_items", values),
      );
    }
  }
  let keptCount = 0;
  for (let u = 0; u < table.size; u++) keptCount += 1 - dropped[u];
  const kept: number[] = new Array(keptCount);
  for (let u = 0, n = 0; u < table.size; u++) if (dropped[u] === 0) kept[n++] = u;
  return kept;
}

/** Merges the parts in sequence order: a point of unloading or a ULD repeated across parts is one. */
export function mergeParts(parts: Part[], warnings: EngineWarning[]): FfmScan {
  const ordered = orderedParts(parts, warnings);
  if (!Array.isArray(ordered)) return failure(ordered, warnings);
  const merged = ordered[0];
  for (let k = 1; k < ordered.length; k++) foldPart(merged, ordered[k]);
  const emptyError = emptyManifestError(merged);
  if (emptyError !== null) return failure(emptyError, warnings);
  const kept = keptUlds(merged.ulds, warnings);
  const flight = merged.flight;
  warnings.sort((a, b) => a.line - b.line);
  return {
    ok: true,
    warnings,
    version: merged.version,
    flight,
    flightHeader: `${flight.flightNumber}/${flight.day}.${flight.origin}.FINAL`,
    partNumbers: ordered.map((p) => p.sequence),
    isMultiPart: ordered.length > 1 || ordered[0].sequence > 1,
    isComplete: ordered[ordered.length - 1].trailer === "LAST",
    pointsOfUnloading: merged.pous,
    ulds: merged.ulds,
    kept,
    uldItems: merged.uldItems,
    bulk: [...merged.bulk.values()].map((b) => ({
      pointOfUnloading: b.pointOfUnloading,
      grams: b.grams,
      byDestination: Object.fromEntries(
        b.destCodes.map((d, k) => [letterCodeName(d), b.destGrams[k]]),
      ),
    })),
    bulkCargo: merged.bulkCargo,
  };
}
