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
  "flight:not_read": "The {kind} at line {line} is not a message the flight check reads",
  "flight:ldm_line_not_read": "Line {line} of the LDM is not a destination line: it was not read",
  "flight:ldm_breakdown_unknown":
    "Line {line}: the LDM's SI gives a breakdown for {airport}, a destination it has no line for",
  "flight:ldm_deadload_sum":
    "Line {line}: the LDM gives {airport} a deadload of {deadload} kg and compartments of {sum} kg",
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
  "flight:ldm_compartment_cpm":
    "Compartment {compartment}: {ldm} kg on the LDM, {cpm} kg in the CPM's positions: {off} kg apart (tolerance {tolerance} kg)",
  "flight:ldm_compartment_cpts":
    "Compartment {compartment}: {ldm} kg on the LDM, {cpm} kg on the CPM's LOAD IN CPTS line: {off} kg apart (tolerance {tolerance} kg)",
  "flight:ldm_cargo":
    "{airport}: cargo and mail {ldm} kg on the LDM, {uws} kg on the UWS: {off} kg apart (tolerance {tolerance} kg)",
  "flight:ldm_cargo_net":
    "{airport}: cargo and mail {ldm} kg on the LDM, {uws} kg on the UWS, {net} kg without the ULDs' tare (tolerance {tolerance} kg)",
  "flight:dest_not_on_ldm": "{airport}: a destination on the {message}, not on the LDM",
  "flight:ldm_dest_not_on": "{airport}: a destination on the LDM, not on the {message}",
  "flight:load_type": "{uld}: load type {cpm} on the CPM, {ucm} on the UCM",
  "flight:weight":
    "{uld}: CPM weight {cpm} kg, UWS gross {uws} kg: {off} kg apart (tolerance {tolerance} kg)",
  // notes
  "flight:per_by_setting":
    "{uld}: {code} on the NOTOC is not on the UWS, as 'Show PER in UWS' is off",
  "flight:unlisted_code": "{uld}: {code} is not in the DGSL list, so the UWS cannot carry it",
} as const satisfies Record<string, string>;

/** A text of the flight check by its code and values. */
export const sayFlight = sayerOf(FLIGHT_TEXTS);
