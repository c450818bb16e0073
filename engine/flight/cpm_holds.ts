// The CPM by hold compartment, for the LDM's compartments (domain/cargo-messages.md section 10):
// every position's weights summed by its compartment, the first digit of the position (`31`,
// `32L` -> 3; a main-deck position such as `PL` -> MD), bulk and empty ULDs and baggage included,
// and the CPM's own `LOAD IN CPTS 1/1511 3/1003` line where it has one. Also the destinations its
// positions carry load to. Pure string work on the CPM's text; it never throws.

import { upperAscii } from "../text.ts";

/** The CPM's weights by compartment and the destinations of its load. */
export interface CpmHolds {
  /** Kg per compartment; null when a loaded position's compartment cannot be told (`BULK`). */
  summed: Map<string, number> | null;
  /** The `LOAD IN CPTS` line's kg per compartment; null when the CPM has no such line. */
  loadInCpts: Map<string, number> | null;
  /** The destinations of its positions that carry load. */
  destinations: Set<string>;
}

const LOAD_IN_CPTS_RE = /\bLOAD\s+IN\s+CPTS?\b(.*)$/;
const CPT_FIGURE_RE = /(?:^|\s)(\d{1,2}|MD)\/(\d+)(?=\s|$)/g;
/** The split between two positions on one line (`...C/MD-PR/PMC...`). */
const POSITION_SPLIT_RE = /-(?=[0-9A-Z]{1,4}\/)/;

/** The compartment of a position: its first digit, `MD` for a main-deck letter; null for BULK. */
function compartmentOf(position: string): string | null {
  if (/^\d/.test(position)) return position[0];
  if (position === "BULK" || !/^[A-Z]{1,2}\d?$/.test(position)) return null;
  return "MD";
}

/** One position (`11L/AKE12345AC/YYZ/584/C`) into the sums. */
function addPosition(position: string, holds: CpmHolds, summed: Map<string, number>): boolean {
  const [at, ...fields] = position.split("/").map((f) => f.trim());
  if (fields.length === 0 || fields[0] === "N") return true; // an empty position
  let kg = 0;
  for (const f of fields) if (/^\d+$/.test(f)) kg += Number(f);
  const destination = fields.find((f) => /^[A-Z]{3}$/.test(f) && f !== "CSU");
  if (destination !== undefined && kg > 0) holds.destinations.add(destination);
  if (kg === 0) return true;
  const compartment = compartmentOf(at);
  if (compartment === null) return false;
  summed.set(compartment, (summed.get(compartment) ?? 0) + kg);
  return true;
}

/** Reads a CPM's text by compartment. */
export function cpmHolds(text: string): CpmHolds {
  const holds: CpmHolds = { summed: null, loadInCpts: null, destinations: new Set() };
  const summed = new Map<string, number>();
  let placed = true;
  let si = false;
  for (const raw of upperAscii(text).split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const cpts = LOAD_IN_CPTS_RE.exec(line);
    if (cpts !== null) {
      holds.loadInCpts ??= new Map();
      for (const m of cpts[1].matchAll(CPT_FIGURE_RE)) {
        holds.loadInCpts.set(m[1], (holds.loadInCpts.get(m[1]) ?? 0) + Number(m[2]));
      }
      continue;
    }
    si ||= /^SI(?:\s|$)/.test(line);
    if (si || !line.startsWith("-")) continue;
    for (const position of line.slice(1).split(POSITION_SPLIT_RE)) {
      placed = addPosition(position, holds, summed) && placed;
    }
  }
  if (placed) holds.summed = summed;
  return holds;
}
