// Whether the extractor's results belong to the message shown (issue 52): a result remembers the
// text it was made from; a change of the box marks it out of date at once, as the converter marks
// its UWS (a grey line and badges; a list's Copy and the export refuse it), and a run that ends
// after the box changed under it shows its result out of date and copies nothing. Pure functions:
// the store (extractor.ts) holds the state.

import type { UldTableResult } from "../../../../engine/types.ts";
import { EXT_PAGE } from "./texts/ext_page.ts";
import { text } from "../../i18n/i18n.ts";
import { ALL } from "./rows.ts";

/** The part of the extractor's state that says whose results are shown. */
export interface Currency {
  /** The message the result was made from (null: no result). */
  made: string | null;
  /** The message shown is not the one the result was made from. */
  stale: boolean;
}

/** The run line of results that no longer belong to the message shown (grey, not red). */
export const staleLine = () => ({
  source: "run" as const,
  ok: false,
  stale: true,
  text: text(EXT_PAGE, "stale"),
});

/**
 * The state after a text typed or pasted: out of date when a result was made from another text.
 * Compared until it differs once, as the converter does, so that a key in a large text costs no
 * comparison of the whole text after that.
 */
export function afterTyping(state: Currency, input: string) {
  const { made, stale } = state;
  if (stale || made === null || input === made) return { input };
  return { input, stale: true, message: staleLine() };
}

/**
 * The state a finished run leaves, its result made from `input`: current when the box (`shown`)
 * still holds that text, else out of date with the grey line.
 */
export function afterRun(shown: string, result: UldTableResult, input: string) {
  const stale = shown !== input;
  return { result, selected: ALL, made: input, stale, ...(stale ? { message: staleLine() } : {}) };
}
