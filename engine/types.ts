// Result objects of the engine (design 4.6). They are plain, structured-cloneable data: the
// worker returns them as they are and the web app, the CLI and the tests read the same fields.

import type { LightAkeEntry } from "./reference_data.ts";

/** A line-numbered note about something the engine skipped or repaired (1-based line). */
export interface EngineWarning {
  line: number;
  message: string;
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

/** One ULD found in a UWS or NTM text, with where it stands for highlighting. */
export interface MatchEntry {
  type: "uws" | "ntm";
  uldId: string;
  offset: number;
  length: number;
  color: "green" | "red";
  dgslList: string[];
}

/** Result of a UWS/NTM match (design 4.4). */
export interface MatchResult {
  ok: boolean;
  error?: string;
  warnings: EngineWarning[];
  matched: boolean;
  message: string;
  results: MatchEntry[];
}

/** Who a ULD belongs to, from its owner code (design 4.5). */
export type Ownership = "Owned" | "Rented" | "Foreign" | "Unknown";

/** Category of a ULD type: AKE, PLA, other pallets (PLT) and everything else. */
export type UldCategory = "PLT" | "AKE" | "PLA" | "Others";

/** One ULD found in a UCM, CPM or SCM (design 4.6), with where it stands in the message. */
export interface UldEntry {
  uldNumber: string;
  /** Load type code (B, C, X, ...), '' when the message gives none. */
  loadType: string;
  destination: string;
  /** UCM section IN or OUT; '' for CPM and SCM. */
  section: string;
  /** CPM position (11L, 41P, PL, ...); '' for UCM and SCM. */
  position: string;
  ownershipType: Ownership;
  category: UldCategory;
  isValid: boolean;
  /** The same ULD number stands more than once in its ownership list. */
  isDuplicate: boolean;
  /** 1 for the first time the number stands in its list, 2 for the second, ... */
  occurrenceNumber: number;
  /** The serial part (4th character to two before the end) has exactly 4 characters. */
  isFourDigit: boolean;
  line: number;
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

/** Result of a ULD extraction from a UCM, CPM or SCM (design 4.6). */
export interface UldExtraction {
  ok: boolean;
  isValid: boolean;
  error?: string;
  warnings: EngineWarning[];
  messageType: "UCM" | "CPM" | "SCM" | "";
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
}
