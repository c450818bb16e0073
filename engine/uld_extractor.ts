// ULD Extractor (design 4.5): reads a UCM, CPM or SCM and sorts its ULDs into the airline's own,
// rented and foreign units with categories, validity, duplicate and 4-digit flags. It never
// throws; what it skips or doubts is a warning with the line number of the pasted text.

import { isAlnum, isDigit, isLetter } from "./codes.ts";
import {
  DEFAULT_OWNER_CODE,
  DEFAULT_RENTED_CODES,
  DEFAULT_ULD_WEIGHTS,
  KNOWN_ULD_TYPES,
} from "./reference_data.ts";
import { isEnvelopeLine, splitLines, upperAscii } from "./text.ts";
import type {
  CategoryCounts,
  EngineWarning,
  ExtractorSettings,
  UldCategory,
  UldEntry,
  UldExtraction,
  UldStatistics,
} from "./types.ts";

/** Spec error texts of the extractor (spec 002 sections 5 and 8). */
export const EXTRACTOR_ERRORS = {
  empty: "Message cannot be empty",
  unknown: "Unknown or unsupported message format",
  noUlds: "No valid ULDs found in message",
  rented: "Please enter at least one rented code.",
} as const;

type MessageType = "UCM" | "CPM" | "SCM";

/** A ULD as read from the message; `classify` fills in the rest of the entry. */
type Found = UldEntry;

/** A new entry as read, before classification. */
function found(
  uldNumber: string,
  loadType: string,
  destination: string,
  section: string,
  position: string,
  line: number,
): UldEntry {
  return {
    uldNumber,
    loadType,
    destination,
    section,
    position,
    ownershipType: "Unknown",
    category: "Others",
    isValid: false,
    isDuplicate: false,
    occurrenceNumber: 1,
    isFourDigit: false,
    line,
  };
}

interface Header {
  flightNumber: string;
  registration: string;
  station: string;
}

const IDENTIFIERS = new Set(["UCM", "CPM", "SCM"]);
const OTHER_IDENTIFIER_RE =
  /^(FFM\/\d+|FWB\/\d+|FHL\/\d+|UWS|NTM|LDM|MVT|PSM|PTM|SLS|LPM|ALI|NOTOC)$/;
const CPM_LINE_RE = /^-[0-9A-Z]{1,4}\//;
const SCM_LINE_RE = /^\.[A-Z0-9]{3}\./;
const FLIGHT_LINE_RE =
  /^([A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?(?:\/\d{1,4}[A-Z]?)?)\/(\d{2})(?:[A-Z]{3}(?:\d{2})?)?((?:\.[A-Z0-9-]*)*)\s*$/;
const SCM_HEADER_RE = /^([A-Z]{3})\.(\d{2}[A-Z]{3})(?:\/(\d{4}))?/;
const ULD_CANDIDATE_RE = /^[A-Z][A-Z0-9]{2}[A-Z0-9]?\d{3,6}[A-Z0-9]{0,3}$/;
const OWNER_RE = /^[A-Z0-9]{2}$/;
const CPM_CATEGORY_RE = /^[A-Z]{1,3}\d?(?:\.[A-Z0-9]{3})*$/;
const SI_RE = /^SI(?:\s+|$)|^SI(?=[A-Z])/;
const CPM_END_RE = /^(END|ENDPART\s*\d*|PART\s*\d+\s*END)$/;

const emptyCounts = (): CategoryCounts => ({ plt: 0, ake: 0, pla: 0, others: 0, total: 0 });

/** Statistics with every count at zero. */
export function emptyStatistics(): UldStatistics {
  return {
    owned: 0,
    rented: 0,
    foreign: 0,
    total: 0,
    categories: emptyCounts(),
    byOwnership: { owned: emptyCounts(), rented: emptyCounts(), foreign: emptyCounts() },
  };
}

function failure(error: string, warnings: EngineWarning[] = []): UldExtraction {
  return {
    ok: false,
    isValid: false,
    error,
    warnings,
    messageType: "",
    flightNumber: "",
    aircraftRegistration: "",
    senderStation: "",
    movement: "",
    supplementaryInfo: "",
    ownerCode: "",
    ulds: [],
    statistics: emptyStatistics(),
  };
}

/** Category of a ULD type: AKE -> AKE, PLA -> PLA, other P types -> PLT, else Others. */
export function uldCategory(type: string): UldCategory {
  if (type === "AKE") return "AKE";
  if (type === "PLA") return "PLA";
  return type.startsWith("P") ? "PLT" : "Others";
}

/** The spec's 4-digit flag: 8 characters or more and a middle part of exactly 4. */
export function isFourDigitNumber(uldNumber: string): boolean {
  return uldNumber.length >= 8 && uldNumber.length - 5 === 4;
}

/**
 * Reads the comma-separated rented codes of the settings: at least one must remain after
 * splitting and trimming (spec), each a 2-character owner code.
 */
export function parseRentedCodes(
  text: string,
): { ok: true; codes: string[] } | { ok: false; error: string } {
  const codes = (typeof text === "string" ? text : "").split(",").map((c) => c.trim().toUpperCase())
    .filter((c) => c !== "");
  if (codes.length === 0) return { ok: false, error: EXTRACTOR_ERRORS.rented };
  const bad = codes.find((c) => !OWNER_RE.test(c));
  if (bad !== undefined) {
    return { ok: false, error: `Rented code ${bad} is not a 2-character owner code (e.g. R7)` };
  }
  return { ok: true, codes: [...new Set(codes)] };
}

/** Detects the message type from its identifier line or, without one, from the shape of its lines. */
function detect(lines: readonly string[], from: number): MessageType | "other" | null {
  let seen = 0;
  for (let i = from; i < lines.length && seen < 5; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    seen++;
    if (IDENTIFIERS.has(line)) return line as MessageType;
    if (OTHER_IDENTIFIER_RE.test(line)) return "other";
    if (CPM_LINE_RE.test(line)) return "CPM";
    if (line === "IN" || line === "OUT") return "UCM";
    if (SCM_LINE_RE.test(line)) return "SCM";
  }
  return null;
}

/** The flight line `flight/DD[MMM[YY]].REG[.VERSION][.STATION]` of a UCM or CPM. */
function readFlightLine(line: string): Header | null {
  const m = FLIGHT_LINE_RE.exec(line);
  if (m === null) return null;
  const elements = m[3].split(".").slice(1);
  const last = elements.length > 1 ? elements[elements.length - 1] : "";
  return {
    flightNumber: m[1],
    registration: elements[0] ?? "",
    station: /^[A-Z]{3}$/.test(last) ? last : "",
  };
}

/** UCM items: `.ID[/dest][/code]`, several a line; `.N` is none. */
function readUcmItems(
  line: string,
  lineNo: number,
  section: string,
  out: Found[],
  warn: (line: number, message: string) => void,
): void {
  for (const raw of line.split(".")) {
    const item = raw.trim();
    if (item === "" || item === "N") continue;
    const slash1 = item.indexOf("/");
    const slash2 = slash1 === -1 ? -1 : item.indexOf("/", slash1 + 1);
    const id = slash1 === -1 ? item : item.slice(0, slash1).trim();
    const field1 = slash1 === -1
      ? ""
      : item.slice(slash1 + 1, slash2 === -1 ? undefined : slash2).trim();
    const field2 = slash2 === -1 ? "" : item.slice(slash2 + 1).split("/")[0].trim();
    let destination = field1;
    let loadType = field2;
    if (field1 !== "" && !/^[A-Z]{3}$/.test(field1)) {
      if (field2 === "" && /^[A-Z]{1,2}$/.test(field1)) {
        warn(lineNo, `${id}: load type ${field1} written in the destination field`);
        loadType = field1;
        destination = "";
      } else warn(lineNo, `${id}: destination ${field1} is not a 3-letter airport code`);
    }
    out.push(found(id, loadType, destination, section, "", lineNo));
  }
}

/** One CPM position `pos/...`: a ULD line, an empty position (`/N`) or bulk (no ULD). */
function readCpmPosition(segment: string, lineNo: number, out: Found[]): void {
  const tokens = segment.split("/").map((t) => t.trim());
  const position = tokens[0];
  const first = tokens[1] ?? "";
  if (tokens.length <= 2 && (first === "N" || first === "")) return; // empty position
  if (!ULD_CANDIDATE_RE.test(first)) return; // bulk hold or load without a ULD
  // the destination follows the ULD id; weight and category come in either order after it
  const destination = /^[A-Z]{3,4}$/.test(tokens[2] ?? "") ? tokens[2] : "";
  let loadType = "";
  let k = destination === "" ? 2 : 3;
  for (; k < tokens.length; k++) {
    const t = tokens[k];
    if (/^\d+$/.test(t)) continue; // weight, before or after the category
    if (loadType === "" && CPM_CATEGORY_RE.test(t)) loadType = t[0];
  }
  out.push(found(first, loadType, destination, "", position, lineNo));
}

/** SCM type line `.TYPE.serialOWNER/serialOWNER.T<n>`; warns when the count does not match. */
function readScmLine(
  line: string,
  lineNo: number,
  out: Found[],
  warn: (line: number, message: string) => void,
): void {
  const tokens = line.slice(1).split(".").map((t) => t.trim());
  const type = tokens[0];
  let count: number | null = null;
  if (tokens.length > 1 && /^T\d+$/.test(tokens[tokens.length - 1])) {
    count = Number(tokens.pop()!.slice(1));
  }
  const items = tokens.slice(1).join("/").split("/").map((t) => t.trim()).filter((t) => t !== "");
  for (const item of items) {
    out.push(found(type + item, "", "", "", "", lineNo));
  }
  if (count !== null && count !== items.length) {
    warn(
      lineNo,
      `${type}: the line counts T${count} but lists ${items.length} ULD${
        items.length === 1 ? "" : "s"
      }`,
    );
  }
}

/** Extracts and classifies the ULDs of a UCM, CPM or SCM message. */
export function extractUlds(input: string, settings: ExtractorSettings = {}): UldExtraction {
  const warnings: EngineWarning[] = [];
  const warn = (line: number, message: string) => {
    warnings.push({ line, message });
  };
  if (typeof input !== "string" || input.trim() === "") return failure(EXTRACTOR_ERRORS.empty);
  const opts: ExtractorSettings = typeof settings === "object" && settings !== null ? settings : {};
  const rented = new Set(
    (Array.isArray(opts.rentedCodes) ? opts.rentedCodes : DEFAULT_RENTED_CODES)
      .filter((c): c is string => typeof c === "string").map((c) => c.trim().toUpperCase()),
  );
  const knownTypes = new Set([
    ...KNOWN_ULD_TYPES,
    ...Object.keys(DEFAULT_ULD_WEIGHTS),
    ...(Array.isArray(opts.knownTypes) ? opts.knownTypes : []).filter((t) => typeof t === "string")
      .map((t) => t.toUpperCase()),
  ]);

  const lines = splitLines(upperAscii(input));
  // Type-B envelope: priority/address line and origin line before the message
  let start = 0;
  let originStation = "";
  while (start < lines.length) {
    const line = lines[start].trim();
    if (line === "") {
      start++;
      continue;
    }
    if (!isEnvelopeLine(line) || IDENTIFIERS.has(line)) break;
    if (line.startsWith(".")) originStation = line.slice(1, 4);
    start++;
  }
  const type = detect(lines, start);
  if (type === null || type === "other") return failure(EXTRACTOR_ERRORS.unknown);

  // identifier line (optional), then the flight or station line
  let i = start;
  while (i < lines.length && lines[i].trim() === "") i++;
  if (i < lines.length && lines[i].trim() === type) i++;
  while (i < lines.length && lines[i].trim() === "") i++;
  let header: Header = { flightNumber: "", registration: "", station: "" };
  if (i < lines.length) {
    const line = lines[i].trim();
    if (type === "SCM") {
      const m = SCM_HEADER_RE.exec(line);
      if (m !== null) {
        header = { flightNumber: "", registration: "", station: m[1] };
        i++;
      } else if (!line.startsWith(".")) warn(i + 1, `Station line not recognised: ${line}`);
    } else {
      const flight = readFlightLine(line);
      if (flight !== null) {
        header = flight;
        i++;
      } else if (
        !(line === "IN" || line === "OUT" || line.startsWith("-") || line.startsWith("."))
      ) {
        warn(i + 1, `Flight line not recognised: ${line}`);
        i++;
      }
    }
  }

  const found: Found[] = [];
  const si: string[] = [];
  let section = "";
  let inSi = false;
  const sections = new Set<string>();
  for (; i < lines.length; i++) {
    const line = lines[i].trim();
    const lineNo = i + 1;
    if (line === "") continue;
    if (type === "UCM" && (line === "IN" || line === "OUT")) {
      section = line;
      sections.add(line);
      inSi = false;
      continue;
    }
    if (inSi) {
      si.push(line);
      continue;
    }
    if (SI_RE.test(line)) {
      inSi = true;
      const text = line.slice(2).trim();
      if (text !== "") si.push(text);
      continue;
    }
    if (type === "CPM" && CPM_END_RE.test(line)) break;
    if (type === "UCM" && line.startsWith(".")) {
      readUcmItems(line, lineNo, section, found, warn);
    } else if (type === "CPM" && line.startsWith("-")) {
      // two positions on one line are split at a position boundary only
      for (const segment of line.split(/(?=-[0-9A-Z]{1,4}\/)/)) {
        readCpmPosition(segment.slice(1), lineNo, found);
      }
    } else if (type === "SCM" && SCM_LINE_RE.test(line)) {
      readScmLine(line, lineNo, found, warn);
    } else {
      warn(lineNo, `Line not read: ${line.length > 40 ? `${line.slice(0, 40)}...` : line}`);
    }
  }

  const airline = header.flightNumber.slice(0, 2);
  const ownerCode = airline !== "" ? airline : (opts.ownerCode ?? DEFAULT_OWNER_CODE).toUpperCase();
  const ulds = classify(found, ownerCode, rented, knownTypes, warn);
  const statistics = countUlds(ulds);
  warnings.sort((a, b) => a.line - b.line);
  if (statistics.total === 0) return { ...failure(EXTRACTOR_ERRORS.noUlds, warnings) };

  const movement = type === "UCM"
    ? sections.has("IN") && sections.has("OUT")
      ? "Inbound/Outbound"
      : sections.has("OUT")
      ? "Outbound"
      : sections.has("IN")
      ? "Inbound"
      : ""
    : type === "CPM"
    ? "Outbound"
    : "";
  return {
    ok: true,
    isValid: true,
    warnings,
    messageType: type,
    flightNumber: header.flightNumber,
    aircraftRegistration: header.registration,
    senderStation: header.station || originStation || (opts.senderStation ?? ""),
    movement,
    supplementaryInfo: si.join("\n"),
    ownerCode,
    ulds,
    statistics,
  };
}

/** Validity, ownership, category and the duplicate and 4-digit flags of each ULD read, in place. */
function classify(
  entries: UldEntry[],
  ownerCode: string,
  rented: ReadonlySet<string>,
  knownTypes: ReadonlySet<string>,
  warn: (line: number, message: string) => void,
): UldEntry[] {
  // Ownership follows from the number, so "the same list" is "the same number".
  const firsts = new Map<string, UldEntry>();
  const counts = new Map<string, number>(); // occurrences of the numbers seen more than once
  for (const e of entries) {
    const id = e.uldNumber;
    const type = id.slice(0, 3);
    const n = id.length;
    if (n >= 9 && n <= 10 && isUldShape(id)) {
      const owner = id.slice(-2);
      e.ownershipType = owner === ownerCode ? "Owned" : rented.has(owner) ? "Rented" : "Foreign";
      e.isValid = knownTypes.has(type);
      if (!e.isValid) warn(e.line, `${id}: unknown ULD type ${type}`);
    } else if (/^[A-Z][A-Z0-9]{2}\d{4}[A-Z]{3}$/.test(id)) {
      warn(e.line, `${id}: owner ${id.slice(-3)} has 3 characters; ULD owner codes have 2`);
    } else {
      warn(e.line, `${id}: not a ULD number (type + 4-5 digit serial + 2-character owner)`);
    }
    e.category = uldCategory(type);
    e.isFourDigit = isFourDigitNumber(id);
    const first = firsts.get(id);
    if (first === undefined) firsts.set(id, e);
    else {
      const count = (counts.get(id) ?? 1) + 1;
      counts.set(id, count);
      first.isDuplicate = true;
      e.isDuplicate = true;
      e.occurrenceNumber = count;
    }
  }
  return entries;
}

/** Type (letter + 2 letters or digits), serial (letter or digit, then 3-4 digits), owner (2). */
function isUldShape(id: string): boolean {
  const n = id.length;
  if (!isLetter(id.charCodeAt(0)) || !isAlnum(id.charCodeAt(1)) || !isAlnum(id.charCodeAt(2))) {
    return false;
  }
  if (!isAlnum(id.charCodeAt(3))) return false;
  for (let k = 4; k < n - 2; k++) if (!isDigit(id.charCodeAt(k))) return false;
  return isAlnum(id.charCodeAt(n - 2)) && isAlnum(id.charCodeAt(n - 1));
}

/** Counts the valid ULDs per ownership and category. */
function countUlds(ulds: readonly UldEntry[]): UldStatistics {
  const stats = emptyStatistics();
  for (const u of ulds) {
    if (!u.isValid || u.ownershipType === "Unknown") continue;
    const own = u.ownershipType === "Owned"
      ? "owned"
      : u.ownershipType === "Rented"
      ? "rented"
      : "foreign";
    const cat = u.category === "PLT"
      ? "plt"
      : u.category === "AKE"
      ? "ake"
      : u.category === "PLA"
      ? "pla"
      : "others";
    stats[own]++;
    stats.total++;
    stats.categories[cat]++;
    stats.categories.total++;
    stats.byOwnership[own][cat]++;
    stats.byOwnership[own].total++;
  }
  return stats;
}
