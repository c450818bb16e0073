// What the converter's status line says about a result (issue 23): a clean conversion is green, a
// doubtful one (engine warnings, an NTM that does not match) is amber with its warnings listed, a
// failure is red in the spec's words, and an output whose FFM, 2nd Dest or lists changed since
// is out of date. Pure functions: the store (stores/converter.ts) holds the state.

import { FFM_ERRORS } from "../../../engine/ffm/parser.ts";
import type { ConversionResult, MatchResult } from "../../../engine/types.ts";
import { plural } from "../numbers.ts";

/** How the status line reads: green, amber, red, or grey for an out-of-date output. */
export type StatusTone = "success" | "warning" | "error" | "stale";

/** The line under the buttons; `detail` is a second line (the spec's alert 'Error: {reason}'). */
export interface StatusMessage {
  tone: StatusTone;
  text: string;
  detail?: string;
}

/** The converter's own texts. */
export const CONVERTER_TEXTS = {
  empty: "Please enter FFM input first.",
  copied: "UWS converted and copied to the clipboard",
  copyFailed:
    "Converted successfully, but failed to copy to clipboard. Please copy manually from the output field.",
  nothingToCopy: "Nothing to copy yet: convert an FFM first.",
  staleCopy: "The UWS is out of date: convert again before copying",
  matchSkipped: "NTM match skipped: the NTM box is empty",
  copyAnyway: "Press Copy anyway to copy it as it is.",
} as const;

/** The spec's texts for the FFM's header and footer (spec 5, Convert) in place of the parser's. */
export function specReason(error: string): string {
  if (error === FFM_ERRORS.header) return "Invalid FFM header";
  if (error === FFM_ERRORS.footer) return "Invalid FFM footer - must end with LAST or CONT";
  return error;
}

/** The red line of a failed conversion: the spec's banner and its alert 'Error: {reason}'. */
export function failure(reason: string): StatusMessage {
  const said = specReason(reason);
  return { tone: "error", text: `Failed to convert FFM to UWS: ${said}`, detail: `Error: ${said}` };
}

/** One line of the warnings shown next to the status line. */
export interface Doubt {
  line: number;
  message: string;
}

/** Everything that makes a result doubtful: the engine's warnings, then the NTM match's. */
export function doubtsOf(result: ConversionResult | null, match: MatchResult | null): Doubt[] {
  const doubts: Doubt[] = result?.ok ? [...result.warnings] : [];
  if (match?.ok) {
    if (!match.matched) doubts.push({ line: 0, message: `NTM match: ${match.message}` });
    doubts.push(...match.warnings.map((w) => ({ line: 0, message: `NTM: ${w.message}` })));
  }
  return doubts;
}

/** The amber line of a doubtful result. */
export function doubtful(count: number): string {
  return `Converted with ${plural(count, "warning")}: check before sending`;
}

/** The flight a result is for, e.g. `AC857/23` (flight number and day of the UWS header). */
export function flightOf(result: ConversionResult): string {
  return result.flightHeader.split(".")[0] ?? "";
}

/** What the status line says after a successful conversion and its NTM match. */
export function convertedStatus(
  doubts: number,
  copied: boolean | null,
  notes: readonly string[],
): StatusMessage {
  const tail = notes.length > 0 ? `. ${notes.join(". ")}.` : "";
  if (doubts > 0) {
    const then = copied === null ? ` ${CONVERTER_TEXTS.copyAnyway}` : "";
    return { tone: "warning", text: `${doubtful(doubts)}${tail || "."}${then}` };
  }
  if (copied === false) return { tone: "error", text: CONVERTER_TEXTS.copyFailed };
  return { tone: "success", text: `${copied ? CONVERTER_TEXTS.copied : "UWS converted"}${tail}` };
}

/** The status line of an output that no longer belongs to what is shown. */
export function outOfDate(what: string): StatusMessage {
  return {
    tone: "stale",
    text: `Out of date: ${what} changed after this UWS was made. Convert again before copying.`,
  };
}
