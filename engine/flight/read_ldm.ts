// The LDM, the load message (AHM 583; domain/cargo-messages.md section 10), as the flight check
// reads it: its flight line, then one `-` line per destination with the passengers, the total
// deadload `T`, the weight in each hold compartment and the passengers by class (`PAX`), and in
// its SI the breakdown line of each destination (`YYZ C 1448 M 0 B 0/0 O 0 T 0`). What it does not
// know it keeps as written; a line it cannot read is named in a warning. It never throws.

import type { EngineWarning } from "../types.ts";
import { upperAscii } from "../text.ts";
import { readFlightLine } from "../uld/flight.ts";
import { sayFlight } from "./texts.ts";

/** One compartment's weight on an LDM line: `1/514` is compartment `1`, `MD12000` the main deck. */
export interface LdmCompartment {
  compartment: string;
  weight: number;
}

/** A destination's breakdown line in the LDM's SI: cargo, mail, bags and the line it is on. */
export interface LdmBreakdown {
  cargo: number;
  /** Null when the line gives none, as for the bags (pieces and kg) below. */
  mail: number | null;
  bags: { pieces: number; weight: number | null } | null;
  line: number;
}

/** One destination of an LDM (its `-` line and the `.` lines after it). */
export interface LdmDestination {
  destination: string;
  /** 1-based line of the paste. */
  line: number;
  /** The passenger figures as written (`198/52/4/2`): their meaning varies by airline. */
  passengers: number[];
  /** `T<kg>`, the total deadload (baggage, cargo and mail); null when the line gives none. */
  deadload: number | null;
  compartments: LdmCompartment[];
  /** `PAX/26/224`: the passengers by class. */
  pax: number[];
  breakdown: LdmBreakdown | null;
  /** Elements the check does not read (`PAD/0/0`, `ELD/A9/335`), as written. */
  others: string[];
}

/** An LDM as read. */
export interface LdmReading {
  flightNumber: string;
  date: string;
  registration: string;
  /** The flight line's elements after the registration (seat configuration, crew), as written. */
  details: string[];
  destinations: LdmDestination[];
  warnings: EngineWarning[];
}

const DESTINATION_LINE_RE = /^-([A-Z]{3})(?=\.|\s*$)/;
const FIGURES_RE = /^\d+(?:\/\d+)*$/;
const COMPARTMENT_RE = /^(?:(\d{1,2})\/(\d+)|(MD)\/?(\d+))$/;
const PAX_RE = /^PAX((?:\/\d+)+)$/;
const BREAKDOWN_RE =
  /^(?:SI\s+)?([A-Z]{3})\s+C\s*(\d+)(?:\s+M\s*(\d+))?(?:\s+B\s*(\d+)(?:\/(\d+))?)?(?=\s|$)/;

const figures = (text: string) => text.split("/").filter((f) => f !== "").map(Number);

function newDestination(destination: string, line: number): LdmDestination {
  return {
    destination,
    line,
    passengers: [],
    deadload: null,
    compartments: [],
    pax: [],
    breakdown: null,
    others: [],
  };
}

/** Reads one element of a destination's lines into it. */
function readElement(d: LdmDestination, element: string, first: boolean): void {
  const compartment = COMPARTMENT_RE.exec(element);
  const pax = PAX_RE.exec(element);
  if (/^T\d+$/.test(element) && d.deadload === null) d.deadload = Number(element.slice(1));
  else if (first && FIGURES_RE.test(element)) d.passengers = figures(element);
  else if (compartment !== null && !first) {
    d.compartments.push({
      compartment: compartment[1] ?? compartment[3],
      weight: Number(compartment[2] ?? compartment[4]),
    });
  } else if (pax !== null) d.pax = figures(pax[1]);
  else if (!/^\d+$/.test(element)) d.others.push(element); // a lone number before T: no data
}

/** Reads the elements after the destination (`.198/52/4/2.0.T1448.1/514...`). */
function readElements(d: LdmDestination, text: string): void {
  const elements = text.split(".").map((e) => e.trim()).filter((e) => e !== "");
  elements.forEach((e, k) => readElement(d, e, k === 0 && d.passengers.length === 0));
}

/** The SI breakdown line of a destination, or null when the line is none. */
function breakdownOf(text: string, line: number): [string, LdmBreakdown] | null {
  const m = BREAKDOWN_RE.exec(text);
  if (m === null) return null;
  const num = (s: string | undefined) => s === undefined ? null : Number(s);
  const bags = m[4] === undefined ? null : { pieces: Number(m[4]), weight: num(m[5]) };
  return [m[1], { cargo: Number(m[2]), mail: num(m[3]), bags, line }];
}

/** A destination whose `T` is not the sum of its compartments is named in a warning. */
function checkSum(d: LdmDestination, warnings: EngineWarning[]): void {
  if (d.deadload === null || d.compartments.length === 0) return;
  const sum = d.compartments.reduce((s, c) => s + c.weight, 0);
  if (sum === d.deadload) return;
  const params = { line: d.line, airport: d.destination, deadload: d.deadload, sum };
  warnings.push({ line: d.line, ...sayFlight("flight:ldm_deadload_sum", params) });
}

/**
 * Reads an LDM; `firstLine` is the 1-based paste line of its first line, so each line number
 * names the paste's line.
 */
export function readLdm(text: string, firstLine = 1): LdmReading {
  const lines = upperAscii(typeof text === "string" ? text : "").split(/\r\n|\r|\n/);
  const read: LdmReading = {
    flightNumber: "",
    date: "",
    registration: "",
    details: [],
    destinations: [],
    warnings: [],
  };
  let current: LdmDestination | null = null;
  let si = false;
  // the first line of each destination, for the SI's breakdown lines (a Map: a junk paste may
  // give thousands of each)
  const byAirport = new Map<string, LdmDestination>();
  lines.forEach((raw, k) => {
    const text = raw.trim();
    const line = firstLine + k;
    if (si || /^SI(?:\s|$)/.test(text)) {
      si = true;
      const found = breakdownOf(text, line);
      const d = found && byAirport.get(found[0]);
      if (found !== null && d != null) d.breakdown ??= found[1];
      else if (found !== null) {
        const params = { line, airport: found[0] };
        read.warnings.push({ line, ...sayFlight("flight:ldm_breakdown_unknown", params) });
      }
      return;
    }
    if (read.flightNumber === "") {
      const f = readFlightLine(text);
      if (f === null) return;
      read.flightNumber = f.flightNumber;
      read.date = f.date;
      read.registration = f.registration;
      read.details = text.split(".").slice(f.registration === "" ? 1 : 2).filter((e) => e !== "");
      return;
    }
    if (text.startsWith("-")) {
      const m = DESTINATION_LINE_RE.exec(text);
      current = m === null ? null : newDestination(m[1], line);
      if (current === null) {
        read.warnings.push({ line, ...sayFlight("flight:ldm_line_not_read", { line }) });
        return;
      }
      read.destinations.push(current);
      if (!byAirport.has(current.destination)) byAirport.set(current.destination, current);
      readElements(current, text.slice(4));
    } else if (text.startsWith(".") && current !== null) readElements(current, text);
  });
  for (const d of read.destinations) checkSum(d, read.warnings);
  return read;
}
