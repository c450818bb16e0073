// What the converter's status line says about a result (issue 23): a clean conversion is green, a
// doubtful one (engine warnings, an NTM that does not match) is amber with its warnings listed, a
// failure is red in the spec's words, and an output whose FFM, 2nd Dest or lists changed since
// is out of date. Pure functions: the store (converter.ts) holds the state.

import type { ConversionResult, MatchResult } from "../../../../engine/types.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** How the status line reads: green, amber, red, or grey for an out-of-date output. */
export type StatusTone = "success" | "warning" | "error" | "stale";

/** The line under the buttons; `detail` is a second line (the spec's alert 'Error: {reason}'). */
export interface StatusMessage {
  tone: StatusTone;
  text: string;
  detail?: string;
}

/** The converter's own texts, in the language shown when each is read. */
export const CONVERTER_TEXTS = {
  get empty() {
    return text(CONV_PAGE, "empty");
  },
  get copied() {
    return text(CONV_PAGE, "copied");
  },
  get copyFailed() {
    return text(CONV_PAGE, "copyFailed");
  },
  get nothingToCopy() {
    return text(CONV_PAGE, "nothingToCopy");
  },
  get staleCopy() {
    return text(CONV_PAGE, "staleCopy");
  },
  get matchSkipped() {
    return text(CONV_PAGE, "matchSkipped");
  },
  get copyAnyway() {
    return text(CONV_PAGE, "copyAnyway");
  },
};

/**
 * The FFM reader's reasons that the spec words otherwise (spec 5, Convert), by the reader's English
 * text (engine/ffm/parser.ts FFM_ERRORS; status.test.ts fails when the two part): the engine's
 * reasons are its contract with the page, which reads no engine code at run time (design 1).
 */
const SPEC_REASONS: Readonly<Record<string, "invalidHeader" | "invalidFooter">> = {
  "Invalid FFM header - FFM/8 not found!": "invalidHeader",
  "Message does not end with LAST or CONT": "invalidFooter",
};

/** The spec's texts for the FFM's header and footer (spec 5, Convert) in place of the parser's;
 * any other reason of the engine in the language shown. */
export function specReason(error: string): string {
  const spec = Object.hasOwn(SPEC_REASONS, error) ? SPEC_REASONS[error] : undefined;
  return spec === undefined ? serverText(error) : text(CONV_PAGE, spec);
}

/** The red line of a failed conversion: the spec's banner and its alert 'Error: {reason}'. */
export function failure(reason: string): StatusMessage {
  const said = specReason(reason);
  return {
    tone: "error",
    text: text(CONV_PAGE, "failed", { reason: said }),
    detail: text(CONV_PAGE, "errorDetail", { reason: said }),
  };
}

/** One line of the warnings shown next to the status line. */
export interface Doubt {
  line: number;
  message: string;
}

/**
 * Everything that makes a result doubtful: the engine's warnings (as the engine wrote them: the
 * screen shows them through `serverText`), then the NTM match's (in the language shown).
 */
export function doubtsOf(result: ConversionResult | null, match: MatchResult | null): Doubt[] {
  const doubts: Doubt[] = result?.ok ? [...result.warnings] : [];
  if (match?.ok) {
    if (!match.matched) {
      const message = text(CONV_PAGE, "ntmMatchDoubt", { message: serverText(match.message) });
      doubts.push({ line: 0, message });
    }
    doubts.push(...match.warnings.map((w) => ({
      line: 0,
      message: text(CONV_PAGE, "ntmDoubt", { message: serverText(w.message) }),
    })));
  }
  return doubts;
}

/** The amber line of a doubtful result. */
export function doubtful(count: number): string {
  return text(CONV_PAGE, "doubtful", { count });
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
  const done = copied ? CONVERTER_TEXTS.copied : text(CONV_PAGE, "uwsConverted");
  return { tone: "success", text: `${done}${tail}` };
}

/** The status line of each change that makes an output out of date. */
const STALE_TEXTS = {
  "the FFM": "staleFfm",
  "the 2nd Dest": "staleSecondDest",
  "Show PER": "staleShowPer",
  "the reference lists": "staleLists",
} as const;

/** What changed since an output was made. */
export type StaleCause = keyof typeof STALE_TEXTS;

/** The status line of an output that no longer belongs to what is shown. */
export function outOfDate(what: StaleCause): StatusMessage {
  return { tone: "stale", text: text(CONV_PAGE, STALE_TEXTS[what]) };
}

/** A letter of a right-to-left script (Hebrew, Arabic). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * The direction of an engine message as shown: left to right while it is still the engine's
 * English (no translation known), the page's own once translated.
 */
export function shownDir(message: string, shown: string): "ltr" | undefined {
  return shown === message && !RTL_LETTER.test(shown) ? "ltr" : undefined;
}
