// Reads each message of a flight's paste with the engine's own readers (design 4.7): the FFM
// (its parts together) through the converter, the UWS and NOTOC through the match's readers, the
// CPM and UCM through the extractor, the LDM through its own reader (read_ldm.ts). Each gives its
// flight, so another flight's message is named.

import { convertFfm } from "../ffm/convert.ts";
import { parseFfm } from "../ffm/parser.ts";
import { FLIGHT_INFO_RE, type NtmReading, readNtm } from "../ntm/notoc.ts";
import { readUws, type UwsReading } from "../ntm/uws_lines.ts";
import type { EngineText } from "../messages/texts.ts";
import type { ConversionResult } from "../types.ts";
import { extractUlds } from "../uld/extractor.ts";
import { flightNumbers, readFlightLine } from "../uld/flight.ts";
import { type CpmHolds, cpmHolds } from "./cpm_holds.ts";
import { type LdmReading, readLdm } from "./read_ldm.ts";
import type { PastedMessage } from "./split.ts";
import { sayFlight } from "./texts.ts";
import type { CpmReading, FlightCheckOptions, FlightMessage, OtherText } from "./types.ts";

/** A ULD of the CPM or UCM with the 1-based paste line it stands on. */
interface UnitOnMessage {
  uldId: string;
  line: number;
}

/** The FFM as the converter shows it, with the listed codes of its ULDs and its bulk. */
export interface FfmRead {
  conversion: ConversionResult;
  /** Listed codes of each ULD's consignments, PER kept whatever the UWS setting. */
  uldCodes: Map<string, string[]>;
  /** Listed codes of the bulk consignments by point of unloading. */
  bulkCodes: Map<string, string[]>;
}

/** A ULD of the UCM: its section (`OUT/OFF` and `IN`), and its item's load type and destination. */
export interface UcmItem {
  side: "in" | "out" | null;
  loadType: string;
  destination: string;
}

/** Every message of the paste, read. */
export interface FlightRead {
  messages: FlightMessage[];
  ffm: FfmRead | null;
  uws: UwsReading | null;
  ntm: NtmReading | null;
  cpm: Map<string, CpmReading> | null;
  /** The CPM by hold compartment, read when the paste has a CPM. */
  cpmHolds: CpmHolds | null;
  ucm: Map<string, UcmItem> | null;
  ldm: LdmReading | null;
}

/** The flight line of an FFM part: `1/AC857/23APR/LHR...`. */
const FFM_FLIGHT_RE = /^\s*\d+\/([A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?)\/(\d{2})[A-Z]{3}/m;

/** `AC0857` and day `23` as `AC857/23`: one name for a flight however a message writes it. */
export function flightKey(flightNumber: string, day: string): string {
  return `${flightNumbers(flightNumber)[0] ?? flightNumber}/${day.slice(0, 2)}`;
}

const flightOfInfo = (info: string | null) =>
  info === null
    ? ""
    : flightKey(info.slice(0, info.indexOf("/")), info.slice(info.indexOf("/") + 1));

/** The flight of a CPM or UCM: its first flight line. */
function unitFlight(text: string): string {
  for (const line of text.toUpperCase().split(/\r\n|\r|\n/)) {
    const f = readFlightLine(line.trim());
    if (f !== null) return flightKey(f.flightNumber, f.date);
  }
  return "";
}

/**
 * The weights on a CPM line by ULD id: in each position (`-11L/ULD/...`, two may share a line)
 * the first figure after the id (design 4.5: the fields are told apart by shape).
 */
export function cpmWeights(line: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const position of line.toUpperCase().split(/-(?=\d{1,2}[A-Z]?\/)/)) {
    const [, id, ...fields] = position.split("/").map((f) => f.trim());
    const weight = fields.find((f) => /^\d+$/.test(f));
    if (id !== undefined && weight !== undefined && !weights.has(id)) {
      weights.set(id, Number(weight));
    }
  }
  return weights;
}

function readCpm(text: string): Map<string, CpmReading> {
  const lines = text.split(/\r\n|\r|\n/);
  const byLine = new Map<number, Map<string, number>>();
  const weightOn = (line: number) => {
    let weights = byLine.get(line);
    if (weights === undefined) byLine.set(line, weights = cpmWeights(lines[line - 1] ?? ""));
    return weights;
  };
  const cpm = new Map<string, CpmReading>();
  for (const u of extractUlds(text).ulds) {
    if (cpm.has(u.uldNumber)) continue;
    cpm.set(u.uldNumber, {
      position: u.position,
      weight: weightOn(u.line).get(u.uldNumber) ?? null,
      destination: u.destination,
      loadType: u.loadType,
    });
  }
  return cpm;
}

function readUcm(text: string): Map<string, UcmItem> {
  const ucm = new Map<string, UcmItem>();
  for (const u of extractUlds(text).ulds) {
    // `OUT/OFF`: taken off the flight, not loaded (domain 8.1)
    const side = u.section === "IN" ? "in" : u.section === "OUT" ? "out" : null;
    if (!ucm.has(u.uldNumber) || side === "out") {
      ucm.set(u.uldNumber, { side, loadType: u.loadType, destination: u.destination });
    }
  }
  return ucm;
}

function readFfm(text: string, options: FlightCheckOptions, codes: ReadonlySet<string>): FfmRead {
  // the parsed manifest gives every code as written; the conversion its weights and UWS
  const parsed = parseFfm(text, [...codes]);
  const uldCodes = new Map(parsed.ulds.map((u) => [u.id, u.codes.filter((c) => codes.has(c))]));
  const bulkCodes = new Map<string, string[]>();
  for (const item of parsed.bulkCargo) {
    const list = bulkCodes.get(item.pointOfUnloading) ?? [];
    for (const code of item.codes) if (codes.has(code) && !list.includes(code)) list.push(code);
    bulkCodes.set(item.pointOfUnloading, list);
  }
  return {
    conversion: convertFfm(text, options),
    uldCodes,
    bulkCodes,
  };
}

/** The flight a message names ('' when none). */
export function flightOf(m: PastedMessage): string {
  switch (m.kind) {
    case "FFM": {
      // each part's own flight line: a part above 1 cannot be parsed alone
      const f = FFM_FLIGHT_RE.exec(m.text.toUpperCase());
      return f === null ? "" : flightKey(f[1], f[2]);
    }
    case "UWS":
    case "NTM":
      return flightOfInfo(FLIGHT_INFO_RE.exec(m.text.toUpperCase())?.[1] ?? null);
    default:
      return unitFlight(m.text);
  }
}

/** Why a paste cannot be read: the FFM's refusal, and the converter's own error in it. */
export interface FlightUnread {
  error: EngineText;
  ffmError: OtherText;
}

/** The converter's error as a text: its code and values when it has them (messages/texts.ts). */
function conversionError(c: ConversionResult): OtherText {
  const message = c.error ?? "";
  if (c.errorCode === undefined) return { message };
  return c.errorParams === undefined
    ? { code: c.errorCode, message }
    : { code: c.errorCode, params: c.errorParams, message };
}

/**
 * Reads the messages of a paste. Several FFM parts are read as one manifest; of the other kinds,
 * the last message counts (`later` is told of each earlier one).
 */
export function readFlight(
  pasted: readonly PastedMessage[],
  messages: FlightMessage[],
  options: FlightCheckOptions,
  codes: ReadonlySet<string>,
  later: (m: PastedMessage) => void,
): FlightRead | FlightUnread {
  const read: FlightRead = {
    messages,
    ffm: null,
    uws: null,
    ntm: null,
    cpm: null,
    cpmHolds: null,
    ucm: null,
    ldm: null,
  };
  const ffmParts = pasted.filter((m) => m.kind === "FFM");
  if (ffmParts.length > 0) {
    read.ffm = readFfm(ffmParts.map((m) => m.text).join("\n"), options, codes);
    const c = read.ffm.conversion;
    if (!c.ok) {
      const ffmError = conversionError(c);
      return { error: sayFlight("flight:ffm_unreadable", { reason: ffmError.message }), ffmError };
    }
  }
  const lastOfKind = new Map(pasted.map((m) => [m.kind, m]));
  for (const m of pasted) {
    const last = lastOfKind.get(m.kind) === m;
    if (!last && m.kind !== "FFM") later(m);
    if (!last) continue;
    if (m.kind === "UWS") read.uws = readUws(m.text, codes);
    else if (m.kind === "NTM") read.ntm = readNtm(m.text, codes);
    else if (m.kind === "CPM") {
      read.cpm = readCpm(m.text);
      read.cpmHolds = cpmHolds(m.text);
    } else if (m.kind === "UCM") read.ucm = readUcm(m.text);
    else if (m.kind === "LDM") read.ldm = readLdm(m.text, m.line);
  }
  return read;
}
