// ULD Extractor (design 4.5): reads a paste of one or several UCM, CPM and SCM messages and sorts
// their ULDs into each flight's own, rented and foreign units with categories, validity and the
// duplicate, 4-digit, owner, load-type and conflict flags; several messages add their details,
// the conflicts between them and the UCM balance per station. It never throws; what it skips or
// doubts is a warning with the line number of the pasted text.

import { addStatistics, classifyRows, countByMessage, emptyStatistics } from "./classify.ts";
import { findConflicts, stationBalance } from "./cross.ts";
import { lineTable, type Segment, splitMessages } from "./messages.ts";
import { readContext, readMessage } from "./read.ts";
import { emptyTable, numberAt, RowBuilder, rowsOf, tableOf } from "./rows.ts";
import { type EngineText, errorFields, type TextParams } from "../messages/texts.ts";
import type { Warn } from "./reader.ts";
import { sayUld } from "./texts.ts";
import {
  DEFAULT_OWNER_CODE,
  DEFAULT_RENTED_CODES,
  DEFAULT_ULD_WEIGHTS,
  KNOWN_ULD_TYPES,
} from "../reference_data.ts";
import type {
  EngineWarning,
  ExtractorSettings,
  UldExtraction,
  UldMessageDetails,
  UldTableResult,
} from "../types.ts";

const OWNER_RE = /^([A-Z0-9]{2}|[A-Z]{3})$/;

/**
 * Reads the comma-separated rented codes of the settings: at least one must remain after
 * splitting and trimming (spec), each an owner code of 2 characters or 3 letters.
 */
export function parseRentedCodes(
  text: string,
):
  | { ok: true; codes: string[] }
  | { ok: false; error: string; errorCode: string; errorParams?: TextParams } {
  const codes = (typeof text === "string" ? text : "").split(",").map((c) => c.trim().toUpperCase())
    .filter((c) => c !== "");
  if (codes.length === 0) return { ok: false, ...errorFields(sayUld("uld:no_rented")) };
  const bad = codes.find((c) => !OWNER_RE.test(c));
  if (bad !== undefined) {
    return { ok: false, ...errorFields(sayUld("uld:rented_not_owner", { code: bad })) };
  }
  return { ok: true, codes: [...new Set(codes)] };
}

function failure(
  error: EngineText,
  warnings: EngineWarning[],
  messages: UldMessageDetails[],
): UldTableResult {
  return {
    ok: false,
    isValid: false,
    ...errorFields(error),
    warnings,
    messageType: "",
    flightNumber: "",
    aircraftRegistration: "",
    senderStation: "",
    movement: "",
    supplementaryInfo: "",
    ownerCode: "",
    rows: emptyTable(),
    statistics: emptyStatistics(),
    messages: messages.map((m) => ({
      ...m,
      firstRow: 0,
      rowCount: 0,
      statistics: emptyStatistics(),
    })),
    conflicts: [],
    balance: [],
  };
}

const NO_STATISTICS = emptyStatistics();

/** The value every message shares, else ''. */
function shared<K extends keyof UldMessageDetails>(
  messages: readonly UldMessageDetails[],
  key: K,
): UldMessageDetails[K] | "" {
  const value = messages[0][key];
  return messages.every((m) => m[key] === value) ? value : "";
}

/** How a message is named in texts that cover several: `2 CPM PK719`. */
function messageLabel(m: UldMessageDetails, index: number): string {
  let label = String(index + 1);
  if (m.messageType !== "") label += ` ${m.messageType}`;
  if (m.flightNumber !== "") label += ` ${m.flightNumber}`;
  return label;
}

/**
 * The SI text of several messages, each message's under its label. Built in one pass, as the
 * labels are: arrays per message cost a day of traffic's thousand messages 0.25 MB of its peak.
 */
function labelledSi(messages: readonly UldMessageDetails[]): string {
  let si = "";
  messages.forEach((m, i) => {
    if (m.supplementaryInfo === "") return;
    si += `${si === "" ? "" : "\n"}${messageLabel(m, i)}: ${m.supplementaryInfo}`;
  });
  return si;
}

/** The extractor's settings, read defensively (a caller may send anything). */
interface ReadSettings {
  rented: Set<string>;
  knownTypes: Set<string>;
  fallbackOwner: string;
  fallbackStation: string;
}

/** The settings with their defaults: rented codes, known types, the owner and the station. */
function readSettings(settings: ExtractorSettings): ReadSettings {
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
  const fallbackOwner = typeof opts.ownerCode === "string" && opts.ownerCode !== ""
    ? opts.ownerCode.toUpperCase()
    : DEFAULT_OWNER_CODE;
  const fallbackStation = typeof opts.senderStation === "string" ? opts.senderStation : "";
  return { rented, knownTypes, fallbackOwner, fallbackStation };
}

/** The details of a message before it is read: not ok, the settings' owner and station. */
function newDetails(seg: Segment, settings: ReadSettings, firstRow: number): UldMessageDetails {
  return {
    ok: false,
    messageType: "",
    flightNumber: "",
    flightDate: "",
    aircraftRegistration: "",
    senderStation: seg.origin || settings.fallbackStation,
    movement: "",
    supplementaryInfo: "",
    ownerCode: settings.fallbackOwner,
    firstLine: seg.from + 1,
    lastLine: Math.max(seg.to, seg.typeLine + 1, seg.from + 1),
    firstRow,
    rowCount: 0,
    statistics: NO_STATISTICS, // replaced by countByMessage
  };
}

/** Fills the details of a message read: its type, flight, movement and SI. */
function readDetails(
  details: UldMessageDetails,
  type: UldMessageDetails["messageType"],
  head: ReturnType<typeof readMessage>,
): void {
  const flight = head.flight;
  details.ok = true;
  details.messageType = type;
  details.flightNumber = flight.flightNumber;
  details.flightDate = flight.date;
  details.aircraftRegistration = flight.registration;
  details.senderStation = flight.station || details.senderStation;
  details.movement = head.movement;
  details.supplementaryInfo = head.supplementaryInfo;
  if (flight.flightNumber !== "") details.ownerCode = flight.flightNumber.slice(0, 2);
}

/** Reads every message of the paste into `rows`; returns the details of each. */
function readMessages(
  input: string,
  settings: ReadSettings,
  warn: Warn,
): { messages: UldMessageDetails[]; rows: RowBuilder } {
  const lines = lineTable(input);
  const { segments, gateway } = splitMessages(lines);
  const builder = new RowBuilder(lines.itemsAtMost);
  const r = readContext(lines, builder, warn);
  const messages: UldMessageDetails[] = [];
  for (let s = 0; s < segments.length; s++) {
    const seg = segments[s];
    const index = messages.length;
    const details = newDetails(seg, settings, builder.count);
    messages.push(details);
    if (seg.type === null || seg.type === "other") {
      Object.assign(details, errorFields(sayUld("uld:unknown_format")));
      if (segments.length > 1) {
        warn(
          (seg.typeLine >= 0 ? seg.typeLine : seg.from) + 1,
          sayUld("uld:message_unknown_format", { n: index + 1 }),
        );
      }
      continue;
    }
    const head = readMessage(r, gateway, seg, seg.type, index);
    if (head.next !== null) {
      // a message without its type line inside this one (after its SI): read as its own
      const { line, type } = head.next;
      segments.splice(s + 1, 0, { type, from: line, typeLine: -1, to: seg.to, origin: "" });
      seg.to = line;
      details.lastLine = Math.max(line, seg.typeLine + 1, seg.from + 1);
    }
    readDetails(details, seg.type, head);
    details.rowCount = builder.count - details.firstRow;
  }
  return { messages, rows: builder };
}

/**
 * Extracts the ULDs of a paste as a table (the worker's answer to the page): always with the
 * details of each message, the conflicts and the UCM balance, whatever the number of messages.
 */
export function extractUldTable(input: string, settings: ExtractorSettings = {}): UldTableResult {
  const warnings: EngineWarning[] = [];
  const warn: Warn = (line, text) => {
    warnings.push({ line, ...text });
  };
  if (typeof input !== "string" || input.trim() === "") {
    return failure(sayUld("uld:empty"), warnings, []);
  }
  const read = readSettings(settings);
  const { messages, rows } = readMessages(input, read, warn);
  const table = tableOf(rows);
  classifyRows(table, rows, {
    ownerCodes: messages.map((m) => m.ownerCode),
    rented: read.rented,
    knownTypes: read.knownTypes,
  }, warn);
  countByMessage(table, messages);
  const statistics = addStatistics(messages.map((m) => m.statistics));
  warnings.sort((a, b) => a.line - b.line);

  if (messages.every((m) => !m.ok)) {
    return failure(sayUld("uld:unknown_format"), warnings, messages);
  }
  if (statistics.total === 0) return failure(sayUld("uld:no_ulds"), warnings, messages);
  // a message that could not be read (an MVT, text of no known format) gives the details no
  // value: beside one readable message, they are that message's own
  const readable = messages.filter((m) => m.ok);
  const si = readable.length === 1 ? readable[0].supplementaryInfo : labelledSi(messages);
  return {
    ok: true,
    isValid: true,
    warnings,
    messageType: shared(readable, "messageType"),
    flightNumber: shared(readable, "flightNumber"),
    aircraftRegistration: shared(readable, "aircraftRegistration"),
    senderStation: shared(readable, "senderStation"),
    movement: shared(readable, "movement"),
    supplementaryInfo: si,
    ownerCode: shared(readable, "ownerCode"),
    rows: table,
    statistics,
    messages,
    conflicts: findConflicts(table, messages),
    balance: stationBalance(table, messages),
  };
}

/**
 * The plain result of design 4.6 from a table result: `ulds` as objects; `messages`, `conflicts`
 * and `balance` only when the paste held several messages (one message keeps the spec's shape).
 */
export function plainResult(r: UldTableResult): UldExtraction {
  const { rows, messages, conflicts, balance, ...details } = r;
  const plain: UldExtraction = { ...details, ulds: rowsOf(rows) };
  if (messages.length <= 1) return plain;
  const stations = balance.map(({ outWithoutInRows, ...b }) => ({
    ...b,
    outWithoutIn: Array.from(outWithoutInRows, (i) => numberAt(rows, i)),
  }));
  return { ...plain, messages, conflicts, balance: stations };
}

/** Extracts and classifies the ULDs of a paste of one or several UCM, CPM and SCM messages. */
export function extractUlds(input: string, settings: ExtractorSettings = {}): UldExtraction {
  return plainResult(extractUldTable(input, settings));
}
