// What every message kind's reader of the extractor shares (design 4.5): the place of one
// message's reading, the interface a kind's reader offers, and the helpers of several kinds. A
// kind's reader reads its head line and its body lines; read.ts walks the message around them
// (envelope, SI text, another message inside this one) the same way for every kind.

import type { EngineText } from "../messages/texts.ts";
import { loadCodeWarning } from "./ids.ts";
import { type FlightLine, readFlightLine } from "./flight.ts";
import { type Lines, lineText, textOf } from "./messages.ts";
import type { RowBuilder } from "./rows.ts";
import { sayUld } from "./texts.ts";

/** Adds a warning at a 1-based line of the paste: its text by code (texts.ts). */
export type Warn = (line: number, text: EngineText) => void;

/** The place of a paste's reading: the paste, the rows, the message read, the warnings. */
export interface ReadContext {
  lines: Lines;
  rows: RowBuilder;
  /** The number of the message being read (read.ts readMessage sets it). */
  message: number;
  warn: Warn;
  /** The bounds of the last field read (fields.ts nextField): one array per paste read. */
  field: Int32Array;
}

/** What a body line was to its kind's reader. */
export type LineRead = "read" | "end" | "not read";

/**
 * One message's body as its kind reads it, made per message (it keeps the message's state). The
 * kinds' readers are classes: an object of closures cost each of a day of traffic's thousand
 * messages its closures and their context (about 0.25 MB of the extraction's peak memory).
 */
export interface BodyReader {
  /** True when line i opens a section of the message (UCM `IN`, `OUT`); a section ends SI text. */
  section(i: number): boolean;
  /** Reads body line i: "read", "end" (the message ends at it) or "not read" (warned of). */
  line(i: number): LineRead;
  /** The movement the message reports, once its body is read. */
  movement(): string;
}

/** The reader of one message kind of the extractor (registered in kinds.ts). */
export interface KindReader {
  /** Reads the head line at i (flight or station) into `head`; returns where the body starts. */
  readHead(r: ReadContext, i: number, head: { flight: FlightLine }): number;
  /** A reader of one message's body. */
  body(r: ReadContext): BodyReader;
}

/** A flight line that says nothing. */
export const NO_FLIGHT: FlightLine = { flightNumber: "", date: "", registration: "", station: "" };

/** A line as a warning quotes it: its first 40 characters. */
export const short = (line: string) => (line.length > 40 ? `${line.slice(0, 40)}...` : line);

/**
 * Reads the flight line of a UCM or CPM at i; returns the line after it. A body line where the
 * flight line should be (`IN`, `OUT`, a position or an item) is read as the body.
 */
export function readFlightHead(r: ReadContext, i: number, head: { flight: FlightLine }): number {
  const line = lineText(r.lines, i);
  const flight = readFlightLine(line);
  if (flight !== null) {
    head.flight = flight;
    return i + 1;
  }
  if (line === "IN" || line === "OUT" || line.startsWith("-") || line.startsWith(".")) return i;
  r.warn(i + 1, sayUld("uld:flight_line", { line: short(line) }));
  return i + 1;
}

/**
 * A load code that is no load type letter (CSU for catering, or a code the reader does not know)
 * becomes the row's load type as written, with a warning that names it and its meaning: never a
 * blank load type (issue 23).
 */
export function codeLoadType(
  r: ReadContext,
  i: number,
  idFrom: number,
  idTo: number,
  code: number,
): number {
  r.warn(i + 1, loadCodeWarning(textOf(r.lines, idFrom, idTo), r.rows.strings[code]));
  return code;
}
