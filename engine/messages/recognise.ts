// Which message a text is (design 4, 4.5 and 4.7): the kinds and the type lines that name them,
// the shapes that tell a message without its type line, and the Type-B envelope in front of it
// (priority/address line, `.ORIGIN DDHHMM` line; domain/cargo-messages.md). The converter (FFM),
// the extractor (UCM, CPM, SCM) and the flight check all recognise messages through this module.
//
// The three readers were written apart and tolerate different envelopes and shapes; each keeps
// its own rule here, named for its reader, so that no reader's answers change (issue 50). The
// differences are written next to each rule.

import { isLetter } from "../codes.ts";
import { upperAscii } from "../text.ts";

/** The message kinds the engine reads. */
type MessageKind = "FFM" | "UWS" | "NTM" | "CPM" | "UCM" | "SCM" | "LDM";

/** The kinds the ULD extractor reads, each with its reader in uld/kinds.ts. */
export const EXTRACTOR_KINDS = ["UCM", "CPM", "SCM"] as const satisfies readonly MessageKind[];

/** A kind the ULD extractor reads. */
export type ExtractorKind = (typeof EXTRACTOR_KINDS)[number];

/** True when the extractor reads messages of this kind. */
export function isExtractorKind(kind: MessageKind): kind is ExtractorKind {
  return (EXTRACTOR_KINDS as readonly MessageKind[]).includes(kind);
}

/** The type line of each kind, as the line alone (trimmed, upper-cased). */
const TYPE_LINES: readonly [RegExp, MessageKind][] = [
  [/^FFM\/\d+$/, "FFM"],
  [/^UWS$/, "UWS"],
  [/^(?:NOTOC|NTM)$/, "NTM"],
  [/^CPM$/, "CPM"],
  [/^UCM$/, "UCM"],
  [/^SCM$/, "SCM"],
  [/^LDM$/, "LDM"],
];

/** Type lines of messages no reader reads: they end the message before them all the same. */
const OTHER_TYPE_LINE_RE = /^(FWB\/\d+|FHL\/\d+|MVT|PSM|PTM|SLS|LPM|ALI)$/;

/**
 * The kind a type line names (the line trimmed and upper-cased), "other" for the identifier of a
 * message no reader reads (FWB, MVT, ...), null when the line is no type line. Only the flight
 * check reads an LDM: to the extractor it is "other" all the same (uld/messages.ts).
 */
export function typeLineKind(line: string): MessageKind | "other" | null {
  for (const [re, kind] of TYPE_LINES) if (re.test(line)) return kind;
  return OTHER_TYPE_LINE_RE.test(line) ? "other" : null;
}

/**
 * True when bytes[a..a+n) may be a type line, from its length and a few bytes (the extractor asks
 * before it makes the line a string): 3 letters (`UCM`), or 5-8 characters with a `/` after 3
 * (`FFM/8`), or 5 starting with N (`NOTOC`). Keep it in step with the type lines above.
 */
export function mayBeTypeLine(bytes: Uint8Array, a: number, n: number): boolean {
  if (n === 3) return isLetter(bytes[a]) && isLetter(bytes[a + 1]) && isLetter(bytes[a + 2]);
  return n >= 5 && n <= 8 && (bytes[a + 3] === 47 /* / */ || (n === 5 && bytes[a] === 78 /* N */));
}

/** The header of an FFM and its version (`FFM/8`), as the converter reads it. */
export const FFM_HEADER_RE = /^FFM\/(\d{1,3})$/;

// --- Shapes: a message without its type line ---

/** CPM position lines (`-11L/...`), as the extractor tells a CPM without its type line. */
const CPM_LINE_RE = /^-[0-9A-Z]{1,4}\//;
/** SCM type lines (`.PMC.12345MS/...`), as the extractor tells an SCM without its type line. */
export const SCM_LINE_RE = /^\.[A-Z0-9]{3}\./;
/** The station line of an SCM (`IAH.27JUN/1530`). */
export const SCM_HEADER_RE = /^([A-Z]{3})\.(\d{2}[A-Z]{3})(?:\/(\d{4}))?/;
/**
 * The flight line of a UCM or CPM (`PK719/19SEP.APBGY.KHI`): flight, then day and month. A second
 * flight number may repeat the carrier (`KL863/KL863/14.PHBQA.AMS`).
 */
export const FLIGHT_LINE_RE =
  /^([A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?(?:\/(?:[A-Z0-9]{2}[A-Z]?)?\d{1,4}[A-Z]?)?)\/(\d{2}(?:[A-Z]{3}(?:\d{2})?)?)(?=$|[./\s])/;

/**
 * The extractor's kind of one body line of a message without its type line (its first 5 lines
 * are asked): a CPM position, a UCM section word, an SCM type line; else null.
 */
export function extractorLineShape(line: string): ExtractorKind | null {
  if (CPM_LINE_RE.test(line)) return "CPM";
  if (line === "IN" || line === "OUT") return "UCM";
  if (SCM_LINE_RE.test(line)) return "SCM";
  return null;
}

/**
 * The extractor's kind of a message without its type line that starts inside another (after its
 * SI): `first` its head line, `second` the next line that is not blank. A flight line followed by
 * a CPM position (`positionFollows`, told from the bytes by the caller) or a UCM `IN`/`OUT`, or an
 * SCM station line followed by an SCM type line; else null.
 */
export function extractorMessageStart(
  first: string,
  second: string,
  positionFollows: boolean,
): ExtractorKind | null {
  if (positionFollows || second === "IN" || second === "OUT") {
    if (!FLIGHT_LINE_RE.test(first)) return null;
    return positionFollows ? "CPM" : "UCM";
  }
  return SCM_LINE_RE.test(second) && SCM_HEADER_RE.test(first) ? "SCM" : null;
}

/**
 * The flight check's shapes of a whole text without a type line. Its CPM position is narrower
 * than the extractor's (1-2 digits and a letter), and its UCM section word may stand anywhere.
 */
const FLIGHT_CHECK_SHAPES: readonly [RegExp, MessageKind][] = [
  [/^\d+\/[A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?\/\d{2}[A-Z]{3}\//m, "FFM"],
  [/^[-.][A-Z0-9]{9,11}\/[A-Z]{3}\/\d+A\/C/m, "UWS"],
  [/^-\d{1,2}[A-Z]?\/[A-Z0-9]/m, "CPM"],
  [/^(?:IN|OUT)\s*$/m, "UCM"],
  // an LDM destination line: `-YYZ.198/52/4/2.0.T1448...` (domain 10)
  [/^-[A-Z]{3}\.\d+(?:\/\d+)*\.(?:\d+\.)?T\d+/m, "LDM"],
];

/** A section title of the printed NOTOC (`*** DANGEROUS GOODS ***`). */
export const NOTOC_SECTION_RE = /^\s*\*+\s*(DANGEROUS GOODS|OTHER SPECIAL LOAD)\s*\*+\s*$/;

/** True for a line (upper-cased) that makes a text a printed NOTOC: a section title, `NOTOC`. */
export function isNotocShapeLine(line: string): boolean {
  return NOTOC_SECTION_RE.test(line) || line.trim() === "NOTOC";
}

/** True when the text is a printed NOTOC (its layout told by its shape, domain 8.4). */
function isPrintedNotoc(text: string): boolean {
  return upperAscii(text).split(/\r\n|\r|\n/).some(isNotocShapeLine);
}

/** The flight check's kind of a text (upper-cased) without a type line; null when none. */
export function flightCheckShape(text: string): MessageKind | null {
  if (isPrintedNotoc(text)) return "NTM";
  for (const [re, kind] of FLIGHT_CHECK_SHAPES) if (re.test(text)) return kind;
  return null;
}

// --- The Type-B envelope ---

/**
 * The converter's envelope line (before the FFM header): a priority line and an address
 * (`QD CAIKLMS`, more may follow), an origin line (`.CAIFFMS 1512`), or addresses alone. An
 * address is any 7 letters or digits.
 */
export function isFfmEnvelopeLine(line: string): boolean {
  return /^Q[A-Z] [A-Z0-9]{7}/.test(line) || /^\.[A-Z0-9]{7}( |$)/.test(line) ||
    /^[A-Z0-9]{7}( [A-Z0-9]{7})*$/.test(line);
}

/**
 * The flight check's routing line before a type line (the line trimmed): unlike the converter's,
 * a priority alone (`QU`) is one, a priority line holds addresses only, and an origin line may
 * go on after any separator (`.CAIFFMS/221530`).
 */
const FLIGHT_CHECK_ROUTING_RE =
  /^(?:Q[A-Z](?: [A-Z0-9]{7})*|[A-Z0-9]{7}(?: [A-Z0-9]{7})*|\.[A-Z0-9]{7}\b.*)$/;

/** True for the flight check's routing line (see FLIGHT_CHECK_ROUTING_RE). */
export function isFlightCheckRoutingLine(line: string): boolean {
  return FLIGHT_CHECK_ROUTING_RE.test(line);
}

/**
 * The extractor's envelope lines: priority + addresses (`QU CAIKLMS`), origin (`.CAIUCMS 221530`)
 * or addresses alone. Stricter than the others: an address is a 3-letter location, a 2-letter
 * office and a 2-character airline, so a UCM item without an owner (`.PAJ3425`) is not taken for
 * an origin line.
 */
const EXTRACTOR_ENVELOPE_RE =
  /^(Q[A-Z] [A-Z0-9]{7}|\.[A-Z]{5}[A-Z0-9]{2}( |$)|[A-Z]{5}[A-Z0-9]{2}( [A-Z]{5}[A-Z0-9]{2})*$)/;
const EMAIL_HEADER_RE =
  /^(FROM|TO|CC|BCC|SUBJECT|DATE|SENT|RECEIVED|REPLY-TO|MESSAGE-ID|RETURN-PATH|IMPORTANCE|MIME-VERSION|CONTENT-[A-Z-]+|X-[A-Z0-9-]+):/;

/**
 * True for the extractor's gateway or envelope line outside a header block: Type-B address and
 * origin lines, markup such as `<HEADER>` or `<SMI>UCM</SMI>`, e-mail headers, `=TEXT`-style
 * gateway keys and the teletype framing lines ZCZC and NNNN.
 */
export function isGatewayLine(line: string): boolean {
  const c = line.charCodeAt(0);
  if (c === 60 /* < */) return line.includes(">");
  if (c === 61 /* = */) return /^=[A-Z]/.test(line);
  if (line === "NNNN" || line.startsWith("ZCZC")) return true;
  return EXTRACTOR_ENVELOPE_RE.test(line) || EMAIL_HEADER_RE.test(line);
}

/** The station of the extractor's origin line (`.CAIUCMS 221530` gives CAI), else null. */
export function originStation(line: string): string | null {
  return line.startsWith(".") && EXTRACTOR_ENVELOPE_RE.test(line) ? line.slice(1, 4) : null;
}
