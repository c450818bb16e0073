// The destinations of a UWS: the first point of unloading, and a second one (typed by the user or
// the manifest's second point), and which ULDs go to the second.

import { letterCode } from "../codes.ts";
import type { EngineWarning } from "../types.ts";
import type { ManifestUlds } from "./manifest_ulds.ts";
import type { FfmScan } from "./types.ts";
import { sayFfm } from "./texts.ts";

/** The destinations of the UWS: the first, the second or null, and how a ULD goes to it. */
export interface Destinations {
  first: string;
  second: string | null;
  /** Letter code of the second, -1 when none. */
  secondCode: number;
  /** The message lists one point of unloading (then a ULD goes by its consignments). */
  onePoint: boolean;
}

/** The destinations of a parsed manifest and the typed 2nd Dest (''), with their warnings. */
export function destinationsOf(
  parsed: FfmScan,
  typed: string,
  warnings: EngineWarning[],
): Destinations {
  // NIL points carry no cargo and are not destinations of the UWS.
  const points = parsed.pointsOfUnloading.filter((p) => !p.nil);
  const first = (points[0] ?? parsed.pointsOfUnloading[0]).airport;
  let second: string | null = typed !== "" ? typed : points[1]?.airport ?? null;
  if (second === first) {
    warnings.push({ line: 0, ...sayFfm("ffm:second_dest_is_first", { code: second }) });
    second = null;
  }
  for (const p of points) {
    if (p.airport !== first && p.airport !== second) {
      const values = { airport: p.airport, first };
      warnings.push({ line: p.line, ...sayFfm("ffm:unloading_not_destination", values) });
    }
  }
  const secondCode = second === null ? -1 : letterCode(second);
  return { first, second, secondCode, onePoint: points.length <= 1 };
}

/**
 * Flags the kept ULDs that go to the second destination: listed under it or, in a one-point
 * message, all of whose consignments go there; otherwise (an empty ULD included) the first.
 */
export function secondFlags(
  table: ManifestUlds,
  kept: readonly number[],
  d: Destinations,
): Uint8Array {
  const toSecond = new Uint8Array(kept.length);
  if (d.second === null) return toSecond;
  for (let n = 0; n < kept.length; n++) {
    const u = kept[n];
    if (
      table.pointCodes[u] === d.secondCode ||
      (d.onePoint && table.itemCounts[u] > 0 && table.destCodes[u] === d.secondCode)
    ) {
      toSecond[n] = 1;
    }
  }
  return toSecond;
}
