// The ULD extractor's texts by code (engine/messages/texts.ts says why codes).

import { sayerOf } from "../messages/texts.ts";

/** The choices of a load type the warnings name (AHM 510). */
const LOAD_TYPES = "B, C, M, E, X, F, Q";

/** Every warning and error of the ULD extractor: code to English template. */
export const ULD_TEXTS = {
  // refusals (spec 002 sections 5 and 8)
  "uld:empty": "Message cannot be empty",
  "uld:unknown_format": "Unknown or unsupported message format",
  "uld:no_ulds": "No valid ULDs found in message",
  "uld:no_rented": "Please enter at least one rented code.",
  "uld:rented_not_owner":
    "Rented code {code} is not an owner code (2 characters such as R7, or 3 letters)",
  // warnings of the reading
  "uld:message_unknown_format": "Message {n}: Unknown or unsupported message format",
  "uld:load_type_in_destination": "{id}: load type {code} written in the destination field",
  "uld:destination_not_airport": "{id}: destination {field} is not a 3-letter airport code",
  "uld:neither_destination_nor_load_type": "{id}: {field} is neither a destination nor a load type",
  "uld:load_type_catering": `{id}: load type {code} (catering) is not one of ${LOAD_TYPES}`,
  "uld:load_type_unknown": `{id}: load type {code} is not one of ${LOAD_TYPES}`,
  "uld:count_one": "{type}: the line counts T{count} but lists 1 ULD",
  "uld:count_many": "{type}: the line counts T{count} but lists {listed} ULDs",
  "uld:station_line": "Station line not recognised: {line}",
  "uld:flight_line": "Flight line not recognised: {line}",
  "uld:line_not_read": "Line not read: {line}",
  "uld:next_message_after_si":
    "{line} starts another message (a {type} without its {type} line): it is read apart from the SI text before it",
  "uld:next_message":
    "{line} starts another message (a {type} without its {type} line): it is read apart from the message before it",
  "uld:si_uld_line": "SI text holds a ULD line, not read: {line}",
  // warnings of the sorting
  "uld:unknown_type": "{id}: unknown ULD type {type}",
  "uld:not_a_uld_number":
    "{id}: not a ULD number (type + 4-5 digit serial + 2-character or 3-letter owner)",
  // refusals of an export
  "uld:no_such_message": "No message {n} in this extraction",
  "uld:export_format": "Unsupported export format",
  "uld:sort_key": "Unsupported sort key {key}",
  "uld:group_key": "Unsupported group key {key}",
} as const satisfies Record<string, string>;

/** A text of the extractor by its code and values. */
export const sayUld = sayerOf(ULD_TEXTS);
