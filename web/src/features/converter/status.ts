// What the converter's status line says about a result (issue 23): a clean conversion is green, a
// doubtful one (engine warnings, an NTM that does not match) is amber with its warnings listed, a
// failure is red in the spec's words, and an output whose FFM, 2nd Dest or lists changed since
// is out of date. Pure functions: the store (converter.ts) holds the state.

import type { ConversionResult, MatchResult } from "../../../../engine/types.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { text } from "../../i18n/i18n.ts";
import { type ServerMessage, serverText } from "../../i18n/server_text.ts";
import { isOmission } from "./dg_omission.ts";

/** How the status line reads: green, amber, red, or grey for an out-of-date output. */
export type StatusTone = "success" | "warning" | "error" | "stale";

/** The line under the buttons; `detail` is a second line (the spec's alert 'Error: {reason}'). */
export interface StatusMessage {
  tone: StatusTone;
  text: string;
  detail?: string;
  /** A DG omission (dg_omission.ts): red, and set apart from a failure. */
  critical?: boolean;
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
 * The FFM reader's reasons that the spec words otherwise (spec 5, Convert), by the reader's code
 * (engine/ffm/texts.ts; status.test.ts fails when the two part): the engine's codes are its
 * contract with the page, which reads no engine code at run time (design 1).
 */
const SPEC_REASONS: Readonly<Record<string, "invalidHeader" | "invalidFooter">> = {
  "ffm:no_header": "invalidHeader",
  "ffm:no_trailer": "invalidFooter",
};

/** The spec's texts for the FFM's header and footer (spec 5, Convert) in place of the parser's;
 * any other reason of the engine (by its code) in the language shown. */
export function specReason(error: ServerMessage | string): string {
  const code = typeof error === "string" ? undefined : error.code;
  const spec = code !== undefined && Object.hasOwn(SPEC_REASONS, code)
    ? SPEC_REASONS[code]
    : undefined;
  return spec === undefined ? serverText(error) : text(CONV_PAGE, spec);
}

/** A failed conversion's reason as the engine gave it: its code, values and English text. */
export const reasonOf = (r: ConversionResult): ServerMessage => ({
  code: r.errorCode,
  params: r.errorParams,
  message: r.error ?? "",
});

/** The red line of a failed conversion: the spec's banner and its alert 'Error: {reason}'. */
export function failure(reason: ServerMessage | string): StatusMessage {
  const said = specReason(reason);
  return {
    tone: "error",
    text: text(CONV_PAGE, "failed", { reason: said }),
    detail: text(CONV_PAGE, "errorDetail", { reason: said }),
  };
}

/** One line of the warnings shown next to the status line: an engine's warning with its code
 * and values, or a text of the page (no code) already in the language shown. */
export interface Doubt extends ServerMessage {
  line: number;
  /** A DG code on the NOTOC that the UWS lacks: shown first, in red. */
  critical?: boolean;
}

/** The match's message by its code and values. */
export const matchMessage = (match: MatchResult): ServerMessage => ({
  code: match.messageCode,
  params: match.messageParams,
  message: match.message,
});

/**
 * Everything that makes a result doubtful: first each DG omission of the NTM match (a DG code on
 * the NOTOC that the UWS lacks, critical), then the engine's warnings (as the engine wrote them,
 * by code: the screen shows them through `serverText`), then the rest of the NTM match's (in the
 * language shown).
 */
export function doubtsOf(result: ConversionResult | null, match: MatchResult | null): Doubt[] {
  const doubts: Doubt[] = [];
  if (match?.ok) {
    doubts.push(
      ...match.findings.filter(isOmission).map((f) => ({
        line: 0,
        critical: true,
        message: text(CONV_PAGE, "ntmDoubt", { message: serverText(f) }),
      })),
    );
  }
  if (result?.ok) doubts.push(...result.warnings);
  if (match?.ok) {
    if (!match.matched) {
      const message = text(CONV_PAGE, "ntmMatchDoubt", {
        message: serverText(matchMessage(match)),
      });
      doubts.push({ line: 0, message });
    }
    doubts.push(...match.warnings.map((w) => ({
      line: 0,
      message: text(CONV_PAGE, "ntmDoubt", { message: serverText(w) }),
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
