// The FFM reader's and converter's texts by code (engine/messages/texts.ts says why codes).
// A text whose English differs by a plural or by how a list ends has a code per form, so that
// each English text is exactly what it was (and each translation maps one to one).

import { sayerOf } from "../messages/texts.ts";

/** Every warning and error of the FFM-to-UWS conversion: code to English template. */
export const FFM_TEXTS = {
  // errors: the message as a whole (spec texts, portal-and-converter.md sections 5 and 8)
  "ffm:empty": "Empty string passed.",
  "ffm:no_header": "Invalid FFM header - FFM/8 not found!",
  "ffm:no_trailer": "Message does not end with LAST or CONT",
  "ffm:flight_line":
    "Could not extract FFM content: the flight line is missing or invalid. Expected part/flight/date/airport, e.g. 1/MS985/22NOV/CAI",
  "ffm:flight_line_at":
    "Could not extract FFM content: the flight line is missing or invalid (line {line}). Expected part/flight/date/airport, e.g. 1/MS985/22NOV/CAI",
  "ffm:part_one_first": "Multi-part message: part 1 must be parsed first (missing part {part})",
  "ffm:part_one_first_parts":
    "Multi-part message: part 1 must be parsed first (missing parts {list} and {last})",
  "ffm:part_missing": "Incomplete multi-part message: missing part {part}",
  "ffm:parts_missing": "Incomplete multi-part message: missing parts {list} and {last}",
  "ffm:single_part_cont":
    "Incomplete message: part 1 ends with CONT; a complete message is required (missing part 2 and any after it)",
  "ffm:last_part_cont":
    "Incomplete multi-part message: part {part} ends with CONT (missing part {next} and any after it)",
  "ffm:different_flights":
    "The pasted parts belong to different flights ({flights}); paste one manifest at a time",
  "ffm:no_point_of_unloading":
    "No point of unloading found: the line after the flight line must be the airport of unloading (e.g. JFK)",
  "ffm:no_consignment_read":
    "No consignment could be read: {count} consignment line not read (see the warnings)",
  "ffm:no_consignment_read_lines":
    "No consignment could be read: {count} consignment lines not read (see the warnings)",
  "ffm:second_dest_invalid": "2nd Dest must be a 3-letter airport code (got '{typed}')",
  "ffm:invalid": "Invalid FFM",
  // warnings of the reader: a line skipped or repaired
  "ffm:text_after_trailer": "Text after {trailer} ignored: {excerpt}",
  "ffm:possible_duplicate": "PDM: the message is marked as a possible duplicate (retransmission)",
  "ffm:pounds_line": "Weight in pounds converted to kg on {count} consignment line (line {line})",
  "ffm:pounds_lines":
    "Weight in pounds converted to kg on {count} consignment lines (lines {list} and {last})",
  "ffm:pounds_lines_more":
    "Weight in pounds converted to kg on {count} consignment lines (lines {list} and {more} more)",
  "ffm:uld_id_unreadable":
    "ULD line without a readable ULD id: the consignments after it are counted as bulk: {excerpt}",
  "ffm:uld_type_pip": "ULD type PIP read as P1P ({id})",
  "ffm:uld_id_shape":
    "ULD id {id} is not type + 4-5 digit serial + 2-character owner; kept as written",
  "ffm:codes_without_consignment":
    "Special handling codes without a consignment ignored: {excerpt}",
  "ffm:unknown_line": "Unknown line skipped: {excerpt}",
  "ffm:awb_prefix_unread":
    "Consignment line not read (the AWB prefix must be 3 digits); its weight is not in the UWS: {excerpt}",
  "ffm:consignment_unread":
    "Consignment line not read (AWB must be 3 digits, a hyphen and 8 digits, then origin and destination); its weight is not in the UWS: {excerpt}",
  "ffm:consignment_no_weight":
    "Consignment {awb} not read: no weight (K or L) in {element}; its weight is not in the UWS",
  "ffm:consignment_before_unloading": "Consignment {awb} comes before any point of unloading",
  "ffm:text_after_description": "Text after the description not read as handling codes: {token}",
  "ffm:awb_stray_space": "Stray space in AWB {raw} read as {awb}",
  "ffm:awb_without_hyphen": "AWB without hyphen {raw} read as {awb}",
  "ffm:part_pasted_twice": "Part {part} was pasted twice: this copy is ignored",
  "ffm:uld_dropped":
    "ULD {id} dropped: {winner} has the same serial number and more cargo items ({count} item of {kg} kg not in the UWS)",
  "ffm:uld_dropped_items":
    "ULD {id} dropped: {winner} has the same serial number and more cargo items ({count} items of {kg} kg not in the UWS)",
  // warnings of the converter
  "ffm:second_dest_is_first":
    "2nd Dest {code} is the first destination: no second destination is used",
  "ffm:unloading_not_destination":
    "Point of unloading {airport} is neither the 1st nor the 2nd destination: its ULDs and bulk are counted under {first}",
  "ffm:unknown_uld_type": "Unknown ULD type {type} ({id}): tare 0 kg",
} as const satisfies Record<string, string>;

/** An FFM text by its code and values (engine/messages/texts.ts). */
export const sayFfm = sayerOf(FFM_TEXTS);
