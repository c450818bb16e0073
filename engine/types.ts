// Result objects of the engine (design 4.6). They are plain, structured-cloneable data: the
// worker returns them as they are and the web app, the CLI and the tests read the same fields.

import type { ExtractorKind } from "./messages/recognise.ts";
import type { LightAkeEntry } from "./reference_data.ts";
import type { EngineText, TextParams } from "./messages/texts.ts";

/** A line-numbered note about something the engine skipped or repaired (1-based line), with
 * its text's code and values (messages/texts.ts). */
export interface EngineWarning extends EngineText {
  line: number;
}

/** UWS routing lines written before `UWS` (settings; defaults QU, CAIKLMS, .CAIFFMS). */
export interface RoutingLines {
  priority: string;
  address: string;
  sender: string;
}

/** Reference lists handed to the engine with each conversion; missing ones fall back to built-ins. */
export interface ReferenceLists {
  /** ULD tare weights in kg by 3-character type. */
  uldWeights?: Readonly<Record<string, number>>;
  dgslCodes?: readonly string[];
  xdgslCodes?: readonly string[];
  lightAke?: readonly LightAkeEntry[];
}

/** Options of an FFM-to-UWS conversion. */
export interface ConvertOptions extends ReferenceLists {
  /** Second destination typed by the user (3-letter airport); overrides the message's second point. */
  secondDestination?: string;
  /** Keep PER on UWS lines ('Show PER in UWS'). */
  showPerInUws?: boolean;
  routing?: Partial<RoutingLines>;
}

/** Totals of one destination of a conversion. */
export interface DestinationTotals {
  destination: string;
  grossWeight: number;
  netWeight: number;
  tareWeight: number;
  numberOfUlds: number;
  bulkLoad: number;
}

/** One ULD of a conversion as it appears on the UWS. */
export interface ConvertedUld {
  id: string;
  type: string;
  destination: string;
  cargoWeight: number;
  tareWeight: number;
  grossWeight: number;
  /** Shown special handling codes; ULDs with the same list share one frozen array. */
  codes: readonly string[];
}

/** Result of an FFM-to-UWS conversion (design 4.6). */
export interface ConversionResult {
  ok: boolean;
  error?: string;
  /** The code and values of `error` (messages/texts.ts). */
  errorCode?: string;
  errorParams?: TextParams;
  warnings: EngineWarning[];
  uwsOutput: string;
  /** Flight header line of the UWS, e.g. `MS985/22.CAI.FINAL` (empty on failure). */
  flightHeader: string;
  totalGrossWeight: number;
  totalNetWeight: number;
  totalTareWeight: number;
  numberOfUlds: number;
  bulkLoad: number;
  firstDestination: DestinationTotals | null;
  secondDestination: DestinationTotals | null;
  ulds: ConvertedUld[];
}

/** Where a ULD id stands in a UWS or NTM text. */
export interface TextSpan {
  offset: number;
  length: number;
}

/** One ULD of a UWS or NTM text (one per ULD and side), with every place it stands. */
export interface MatchEntry extends TextSpan {
  type: "uws" | "ntm";
  uldId: string;
  /** Every occurrence of the id on its side; offset and length are the first's. */
  occurrences: TextSpan[];
  color: "green" | "red";
  /** The DGSL and XDGSL codes of the ULD on its side, in first-seen order. */
  dgslList: string[];
  /** Codes outside both lists, named ("RLI is not in the DGSL list, so the UWS cannot carry it"). */
  notes: string[];
  /** The same notes by code and values, as the page translates them (messages/texts.ts). */
  noteTexts: EngineText[];
}

/** A difference the match found, most serious first (design 4.4). */
export interface MatchFinding extends EngineText {
  kind: "ntm-dg-not-on-uws" | "uws-dg-not-on-ntm" | "ntm-only";
  uldId: string;
  message: string;
}

/** Result of a UWS/NTM match (design 4.4). */
export interface MatchResult {
  ok: boolean;
  error?: string;
  /** The code and values of `error` (messages/texts.ts). */
  errorCode?: string;
  errorParams?: TextParams;
  warnings: EngineWarning[];
  matched: boolean;
  message: string;
  /** The code and values of `message` (messages/texts.ts). */
  messageCode: string;
  messageParams?: TextParams;
  results: MatchEntry[];
  findings: MatchFinding[];
}

/** Who a ULD belongs to, from its owner code (design 4.5). */
export type Ownership = "Owned" | "Rented" | "Foreign" | "Unknown";

/** Category of a ULD type: AKE, PLA, other pallets (PLT) and everything else. */
export type UldCategory = "PLT" | "AKE" | "PLA" | "Others";

/** One ULD found in a UCM, CPM or SCM (design 4.6), with where it stands in the paste. */
export interface UldEntry {
  uldNumber: string;
  /**
   * Load type code (B, C, X, ...); a code of another shape as written (the catering code CSU);
   * '' when the message gives none.
   */
  loadType: string;
  destination: string;
  /**
   * UCM section IN or OUT, or `OUT/OFF` for an OUT item marked `/OFF` (taken off the flight, not
   * loaded: domain note 8.1); '' for CPM and SCM.
   */
  section: string;
  /** CPM position (11L, 41P, PL, ...); '' for UCM and SCM. */
  position: string;
  ownershipType: Ownership;
  category: UldCategory;
  /** The type is in the reference list or follows the IATA type structure (design 4.5). */
  isValid: boolean;
  /** The same ULD number stands more than once in the paste (its list, or another message). */
  isDuplicate: boolean;
  /** 1 for the first time the number stands in the paste, 2 for the second, ... */
  occurrenceNumber: number;
  /** The serial has 4 characters (spec: the middle part of a 2-character-owner id is 4 long). */
  isFourDigit: boolean;
  /** 1-based line of the pasted text. */
  line: number;
  /** 0-based index of the message of the paste it stands in (0 for a single message). */
  message: number;
  /** The owner code has 3 letters (a handler's or lessor's), not an airline's 2 characters. */
  hasThreeLetterOwner: boolean;
  /** The load type is outside B, C, M, E, X, F, Q. */
  isUnknownLoadType: boolean;
  /** The same ULD number stands in another message of the paste. */
  isInOtherMessage: boolean;
  /** Another message of the same flight and direction reads its load type or destination otherwise. */
  isConflict: boolean;
}

/** ULD counts per category. */
export interface CategoryCounts {
  plt: number;
  ake: number;
  pla: number;
  others: number;
  total: number;
}

/** Counts of the valid ULDs of an extraction. */
export interface UldStatistics {
  owned: number;
  rented: number;
  foreign: number;
  total: number;
  categories: CategoryCounts;
  /** The ULD Type Summary rows: categories per ownership. */
  byOwnership: { owned: CategoryCounts; rented: CategoryCounts; foreign: CategoryCounts };
}

/** Settings of the ULD Extractor (spec 002 section 3, 'Extractor settings'). */
export interface ExtractorSettings {
  /** Owner code used when the message names no flight (fixed MS in the app). */
  ownerCode?: string;
  /** Owner codes of rented units (default R7, C6, R9). */
  rentedCodes?: readonly string[];
  /** Sender station shown when the message names none (none by default: it is left empty). */
  senderStation?: string;
  /** ULD types from the reference list, known in addition to the built-in ones. */
  knownTypes?: readonly string[];
}

/** The details of one message of a paste (design 4.5: `messages` of a paste of several). */
export interface UldMessageDetails {
  /** The message was recognised as a UCM, CPM or SCM and read; else `error` says why not. */
  ok: boolean;
  error?: string;
  /** The code and values of `error` (messages/texts.ts). */
  errorCode?: string;
  errorParams?: TextParams;
  messageType: ExtractorKind | "";
  flightNumber: string;
  /** The flight line's date as written (`19`, `19SEP`, `19SEP26`), '' when none. */
  flightDate: string;
  aircraftRegistration: string;
  senderStation: string;
  movement: string;
  supplementaryInfo: string;
  ownerCode: string;
  /** 1-based lines of the paste the message spans (its envelope included). */
  firstLine: number;
  lastLine: number;
  /** Its ULDs are rows firstRow .. firstRow + rowCount - 1 of `ulds` (or of the table). */
  firstRow: number;
  rowCount: number;
  statistics: UldStatistics;
}

/** One way a message reads a conflicting ULD. */
export interface UldReading {
  message: number;
  line: number;
  value: string;
}

/** A ULD read differently by two messages of the same flight and direction, with every reading. */
export interface UldConflict {
  uldNumber: string;
  field: "loadType" | "destination";
  readings: UldReading[];
}

/** The UCM movements of one station across a paste (distinct listed ULD numbers). */
export interface UldStationBalance {
  /** The UCMs' sender station, '' when they name none. */
  station: string;
  in: number;
  out: number;
  /** The ULDs that went out without having come in, in the order of the paste. */
  outWithoutIn: string[];
}

/** Result of a ULD extraction from a UCM, CPM or SCM (design 4.6). */
export interface UldExtraction {
  ok: boolean;
  isValid: boolean;
  error?: string;
  /** The code and values of `error` (messages/texts.ts). */
  errorCode?: string;
  errorParams?: TextParams;
  warnings: EngineWarning[];
  messageType: ExtractorKind | "";
  flightNumber: string;
  aircraftRegistration: string;
  senderStation: string;
  /** Inbound, Outbound, Inbound/Outbound, or '' when the message has no movement. */
  movement: string;
  supplementaryInfo: string;
  /** The owner code that counts as owned: the flight's airline, else the setting. */
  ownerCode: string;
  ulds: UldEntry[];
  statistics: UldStatistics;
  /** Several messages only: the details of each, in the order of the paste. */
  messages?: UldMessageDetails[];
  /** Several messages only: ULDs read differently by messages of the same flight. */
  conflicts?: UldConflict[];
  /** Several messages only: the UCM balance of each station. */
  balance?: UldStationBalance[];
}

/**
 * The ULDs of an extraction as columns (design 4.5, big pastes): typed arrays and one string
 * table, so that 40,000 rows cross from the worker as a few buffers instead of 40,000 objects.
 * Row i's text fields are `strings[column[i]]`; its flags are 1 or 0.
 */
export interface UldTable {
  count: number;
  /** The ULD numbers one after another: row i's is numbers.slice(numberEnd[i - 1] ?? 0, numberEnd[i]). */
  numbers: string;
  numberEnd: Uint32Array;
  strings: string[];
  loadType: Uint32Array;
  destination: Uint32Array;
  section: Uint8Array;
  position: Uint32Array;
  ownershipType: Uint8Array;
  category: Uint8Array;
  message: Uint32Array;
  line: Uint32Array;
  occurrenceNumber: Uint32Array;
  /** The next row with the same ULD number, -1 after the last. */
  nextSame: Int32Array;
  /** The first row with the same ULD number (the row itself for a first occurrence). */
  firstSame: Int32Array;
  isValid: Uint8Array;
  isDuplicate: Uint8Array;
  isFourDigit: Uint8Array;
  hasThreeLetterOwner: Uint8Array;
  isUnknownLoadType: Uint8Array;
  isInOtherMessage: Uint8Array;
  isConflict: Uint8Array;
}

/** A station's UCM balance in a table result: the units out without in as row numbers. */
export interface UldTableBalance extends Omit<UldStationBalance, "outWithoutIn"> {
  /** The first row of each ULD number that went out without having come in. */
  outWithoutInRows: Uint32Array;
}

/** An extraction with its ULDs as a table, and always its messages, conflicts and balance. */
export interface UldTableResult
  extends Omit<UldExtraction, "ulds" | "messages" | "conflicts" | "balance"> {
  rows: UldTable;
  messages: UldMessageDetails[];
  conflicts: UldConflict[];
  balance: UldTableBalance[];
}
