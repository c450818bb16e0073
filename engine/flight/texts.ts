// The flight check's own texts, in one small module that the engine and the web both import (the
// web without pulling the engine into its main bundle).

/** Error texts of the flight check. */
export const FLIGHT_ERRORS = {
  empty: "Please paste the flight's messages first.",
  none: "No FFM, UWS, NOTOC, CPM or UCM message was found in the paste.",
} as const;

/** The texts of a result. */
export const FLIGHT_RESULT_TEXTS = {
  none: "No findings: the messages tell the same story.",
  uwsFromFfm: "No UWS in the paste: the converter's UWS was used",
} as const;

/** Every warning, error and finding of the flight check: code to English template. */
export const FLIGHT_TEXTS = {} as const satisfies Record<string, string>;
