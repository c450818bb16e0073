// The flight check (design 4.7): one paste holding a flight's FFM, UWS, NOTOC, CPM, UCM and LDM, read
// together into one table of ULDs and the findings where the messages disagree. With an FFM and
// no UWS, the converter's UWS stands for it. Every message must name the same flight.

import { type CodeLists, codeLists } from "../ntm/uws_match.ts";
import { type EngineText, errorFields } from "../messages/texts.ts";
import type { EngineWarning } from "../types.ts";
import { flightFindings } from "./findings.ts";
import { flightOf, type FlightRead, readFlight } from "./read.ts";
import { flightReport } from "./report.ts";
import { type PastedMessage, splitFlightMessages } from "./split.ts";
import { sayFlight } from "./texts.ts";
import { flightTable, uwsOf } from "./table.ts";
import type { FlightCheckOptions, FlightCheckResult, FlightMessage, OtherText } from "./types.ts";

function failed(
  error: EngineText,
  warnings: EngineWarning[] = [],
  ffmError?: OtherText,
): FlightCheckResult {
  return {
    ok: false,
    ...errorFields(error),
    ...(ffmError === undefined ? {} : { ffmError }),
    warnings,
    flight: "",
    messages: [],
    uwsFromFfm: false,
    ulds: [],
    findings: [],
    notes: [],
    report: error.message,
  };
}

/** A message as the texts name it: its kind (`NOTOC` for an NTM) and first line. */
const named = (m: Pick<FlightMessage, "kind" | "line">) => ({
  kind: m.kind === "NTM" ? "NOTOC" : m.kind,
  line: m.line,
});

/** The flight all messages name (the FFM's, else the first message's), or the error naming one. */
function commonFlight(all: readonly FlightMessage[]): string | { error: EngineText } {
  // an SCM is a station's stock check, of no flight: it is only noted
  const messages = all.filter((m) => m.kind !== "SCM");
  if (messages.length === 0) return { error: sayFlight("flight:no_message") };
  const nameless = messages.find((m) => m.flight === "");
  if (nameless !== undefined) {
    return { error: sayFlight("flight:names_no_flight", named(nameless)) };
  }
  const flight = (messages.find((m) => m.kind === "FFM") ?? messages[0]).flight;
  const other = messages.find((m) => m.flight !== flight);
  if (other === undefined) return flight;
  return {
    error: sayFlight("flight:other_flight", { ...named(other), other: other.flight, flight }),
  };
}

/**
 * The messages with the flight each names, up to the first that names none (the check stops
 * there: a paste of junk is refused before anything is read in full).
 */
function namedMessages(pasted: readonly PastedMessage[]): FlightMessage[] {
  const messages: FlightMessage[] = [];
  for (const m of pasted) {
    const flight = flightOf(m);
    messages.push({ kind: m.kind, line: m.line, flight });
    if (flight === "" && m.kind !== "SCM") break;
  }
  return messages;
}

/** Checks a flight's messages against each other; never throws. */
export function checkFlight(input: string, options: FlightCheckOptions = {}): FlightCheckResult {
  const text = typeof input === "string" ? input : "";
  if (text.trim() === "") return failed(sayFlight("flight:empty"));
  const warnings: EngineWarning[] = [];
  const pasted = splitFlightMessages(
    text,
    (first, last) =>
      warnings.push({ line: first, ...sayFlight("flight:lines_not_a_message", { first, last }) }),
    (kind, line) => warnings.push({ line, ...sayFlight("flight:not_read", { kind, line }) }),
  );
  if (pasted.length === 0) return failed(sayFlight("flight:no_message"), warnings);
  const messages = namedMessages(pasted);
  const flight = commonFlight(messages);
  if (typeof flight !== "string") return failed(flight.error, warnings);
  const lists = codeLists(options);
  const listed: ReadonlySet<string> = new Set([...lists.dgsl, ...lists.xdgsl]);
  const read = readFlight(pasted, messages, options, listed, (m) =>
    warnings.push({
      line: m.line,
      ...sayFlight("flight:later_message", { ...named(m), other: m.kind }),
    }));
  if ("error" in read) return failed(read.error, warnings, read.ffmError);
  return assemble(read, flight, options, { lists, listed }, warnings);
}

function assemble(
  read: FlightRead,
  flight: string,
  options: FlightCheckOptions,
  { lists, listed }: { lists: CodeLists; listed: ReadonlySet<string> },
  warnings: EngineWarning[],
): FlightCheckResult {
  for (const m of read.messages) {
    if (m.kind === "SCM") {
      warnings.push({ line: m.line, ...sayFlight("flight:stock_check", named(m)) });
    }
  }
  if (read.ldm !== null) warnings.push(...read.ldm.warnings);
  const uws = uwsOf(read, listed);
  const table = flightTable(read, uws, lists);
  const notes = new Map(table.notes.map((n) => [n.message, n]));
  const findings = flightFindings({
    read,
    table,
    hasUws: uws !== null,
    options,
    listed,
    note: (n) => notes.set(n.message, n),
  });
  const result: FlightCheckResult = {
    ok: true,
    warnings,
    flight,
    messages: read.messages,
    uwsFromFfm: read.uws === null && read.ffm !== null,
    ulds: table.ulds,
    findings,
    notes: [...notes.values()],
    report: "",
    ...(read.ldm === null ? {} : { ldm: read.ldm }),
  };
  result.report = flightReport(result);
  return result;
}
