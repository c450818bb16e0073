// The UWS side of the checks (design 4.3, 4.4): each `-ULD/DEST/WEIGHTA/C.CODE...` line with its
// destination, gross weight and codes, the bulk lines, and the flight info. A UWS typed or edited
// by hand without such lines is read by the teletype rule (a ULD id and the list codes after it).

import { upperAscii } from "../text.ts";
import { idShape } from "../uld/ids.ts";
import { FLIGHT_INFO_RE, linesOf, readIdsWithCodes } from "./notoc.ts";

/** One ULD line of a UWS. */
export interface UwsUld {
  uldId: string;
  /** Where the id stands in the text. */
  offset: number;
  destination: string;
  /** Gross weight in kg, null when the line gives none. */
  gross: number | null;
  /** The `.CODE` elements after `A/C` (every code as written, in list or not). */
  codes: string[];
  /** 1-based line. */
  line: number;
}

/** One bulk line of a UWS (`-JFK/340A/C`). */
export interface UwsBulk {
  destination: string;
  weight: number;
  line: number;
}

/** A UWS as read. */
export interface UwsReading {
  flight: string | null;
  ulds: UwsUld[];
  bulk: UwsBulk[];
}

const ULD_LINE_RE = /^\s*[-.]([A-Z0-9]{9,11})\/([A-Z]{3})?\/?(\d+)?([^\r\n]*)$/;
const BULK_LINE_RE = /^\s*-([A-Z]{3})\/(\d+)(?:A\/C)?\s*$/;

/** The codes of a ULD line's tail: the `.CODE` elements after `A/C`, or after the weight. */
function codesOf(tail: string): string[] {
  const from = tail.indexOf("A/C");
  const part = from === -1 ? tail : tail.slice(from + 3);
  return [...part.matchAll(/\.([A-Z0-9]{3})(?![A-Z0-9])/g)].map((m) => m[1]);
}

/** Reads the ULD and bulk lines of a UWS; `codes` (DGSL and XDGSL) serve the teletype fallback. */
export function readUws(text: string, codes: ReadonlySet<string>): UwsReading {
  const upper = upperAscii(typeof text === "string" ? text : "");
  const flight = FLIGHT_INFO_RE.exec(upper)?.[1] ?? null;
  const ulds: UwsUld[] = [];
  const bulk: UwsBulk[] = [];
  for (const line of linesOf(upper)) {
    const m = ULD_LINE_RE.exec(line.text);
    if (m !== null && idShape(m[1]) !== null) {
      ulds.push({
        uldId: m[1],
        offset: line.offset + line.text.indexOf(m[1]),
        destination: m[2] ?? "",
        gross: m[3] === undefined ? null : Number(m[3]),
        codes: codesOf(m[4]),
        line: line.number,
      });
      continue;
    }
    const b = BULK_LINE_RE.exec(line.text);
    if (b !== null) bulk.push({ destination: b[1], weight: Number(b[2]), line: line.number });
  }
  if (ulds.length > 0) return { flight, ulds, bulk };
  const loose = readIdsWithCodes(upper, codes).map((item): UwsUld => ({
    uldId: item.uldId,
    offset: item.offset,
    destination: "",
    gross: null,
    codes: item.codes,
    line: item.line,
  }));
  return { flight, ulds: loose, bulk };
}
