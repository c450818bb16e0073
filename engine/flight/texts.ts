// The flight check's texts by code (engine/messages/texts.ts says why codes), in one small module
// that the engine and the web's tests both import (the web shows its own copy of the few it words
// itself, flight_check.ts, without pulling the engine into its main bundle).

import { sayerOf } from "../messages/texts.ts";

/** Every warning, error, finding and note of the flight check: code to English template. */
export const FLIGHT_TEXTS = {
  // refusals
  "flight:empty": "Please paste the flight's messages first.",
  "flight:no_message": "No FFM, UWS, NOTOC, CPM or UCM message was found in the paste.",
  "flight:names_no_flight": "The {kind} at line {line} names no flight.",
  "flight:other_flight":
    "The {kind} at line {line} is for flight {other}, not {flight}: paste the messages of one flight.",
  "flight:ffm_unreadable": "The FFM cannot be read: {reason}",
  // warnings
  "flight:lines_not_a_message": "Lines {first}-{last} are not a message the flight check reads",
  "flight:later_message":
    "The {kind} at line {line} is followed by another {other}: the last one is checked",
  "flight:stock_check": "The {kind} at line {line} is not part of the check (a stock check)",
  // the result
  "flight:no_findings": "No findings: the messages tell the same story.",
  "flight:uws_from_ffm": "No UWS in the paste: the converter's UWS was used",
  // findings
  "flight:dg_ffm_uws_not_on_ntm": "{uld}: {codes} on the FFM and the UWS, not on the NOTOC",
  "flight:dg_ffm_not_on_ntm": "{uld}: {codes} on the FFM, not on the NOTOC",
  "flight:dg_uws_not_on_ntm": "{uld}: {codes} on the UWS, not on the NOTOC",
  "flight:dg_ntm_not_on_uws": "{uld}: {codes} on the NOTOC, not on the UWS",
  "flight:dg_ntm_not_on_ffm": "{uld}: {codes} on the NOTOC, not on the FFM",
  "flight:bulk_dg_ffm_not_on_ntm": "BULK (no destination): {codes} on the FFM, not on the NOTOC",
  "flight:bulk_dg_ntm_not_on_ffm": "BULK (no destination): {codes} on the NOTOC, not on the FFM",
  "flight:uws_not_on_cpm": "{uld}: on the UWS, not on the CPM",
  "flight:cpm_not_on_uws": "{uld}: on the CPM, not on the UWS",
  "flight:ntm_not_on_uws": "{uld}: on the NOTOC, not on the UWS",
  "flight:cpm_not_on_ucm": "{uld}: on the CPM, not on the UCM OUT list",
  "flight:destination": "{uld}: destination {places}",
  "flight:position": "{uld}: position {ntm} on the NOTOC, {cpm} on the CPM",
  "flight:weight":
    "{uld}: CPM weight {cpm} kg, UWS gross {uws} kg: {off} kg apart (tolerance {tolerance} kg)",
  // notes
  "flight:per_by_setting":
    "{uld}: {code} on the NOTOC is not on the UWS, as 'Show PER in UWS' is off",
  "flight:unlisted_code": "{uld}: {code} is not in the DGSL list, so the UWS cannot carry it",
} as const satisfies Record<string, string>;

/** A text of the flight check by its code and values. */
export const sayFlight = sayerOf(FLIGHT_TEXTS);
