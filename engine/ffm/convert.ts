// FFM-to-UWS conversion: destinations, weights and the UWS text (design 4.2 and 4.3).

import { alnumCodeName, LETTER_CODES, letterCode } from "../codes.ts";
import { scanFfm } from "./parser.ts";
import type { FfmScan } from "./types.ts";
import { referenceLists } from "../reference_data.ts";
import type {
  ConversionResult,
  ConvertedUld,
  ConvertOptions,
  DestinationTotals,
  EngineWarning,
  RoutingLines,
} from "../types.ts";
import { putAscii, putNumber, TextBuilder } from "../text.ts";
import { type Destinations, destinationsOf, secondFlags } from "./destinations.ts";
import type { ManifestUlds } from "./manifest_ulds.ts";
import { ceilKg, gramsToKg, kgOneDecimal, kgToGrams } from "./weights.ts";
import type { EngineText } from "../messages/texts.ts";
import { sayFfm } from "./texts.ts";

/** Routing lines of the UWS when the settings give none (design 4.3). */
export const DEFAULT_ROUTING: Readonly<RoutingLines> = Object.freeze({
  priority: "QU",
  address: "CAIKLMS",
  sender: ".CAIFFMS",
});

/** An empty conversion result carrying an error (every field of the contract present). */
export function failedConversion(
  error: EngineText,
  warnings: EngineWarning[] = [],
): ConversionResult {
  return {
    ok: false,
    error: error.message,
    errorCode: error.code,
    ...(error.params === undefined ? {} : { errorParams: error.params }),
    warnings,
    uwsOutput: "",
    flightHeader: "",
    totalGrossWeight: 0,
    totalNetWeight: 0,
    totalTareWeight: 0,
    numberOfUlds: 0,
    bulkLoad: 0,
    firstDestination: null,
    secondDestination: null,
    ulds: [],
  };
}

interface DestinationSums {
  destination: string;
  grossKg: number;
  netGrams: number;
  tareGrams: number;
  ulds: number;
  bulkGrams: number;
}

const newSums = (destination: string): DestinationSums => ({
  destination,
  grossKg: 0,
  netGrams: 0,
  tareGrams: 0,
  ulds: 0,
  bulkGrams: 0,
});

function totals(s: DestinationSums): DestinationTotals {
  const bulkLoad = ceilKg(s.bulkGrams);
  return {
    destination: s.destination,
    grossWeight: s.grossKg + bulkLoad,
    netWeight: kgOneDecimal(s.netGrams),
    tareWeight: gramsToKg(s.tareGrams),
    numberOfUlds: s.ulds,
    bulkLoad,
  };
}

/**
 * Fills the result object of one ULD, made by `new UldResult(...)` rather than as an object
 * literal: V8 moves the objects of a literal that outlive the young generation straight to the
 * old one, where every field store pays a write barrier (about a millisecond on 20,000 ULDs);
 * objects made by `new` start young. The prototype is Object.prototype, so each object is plain
 * data, the same as a literal to any reader, to structured clone and to JSON.
 */
function fillUld(
  this: ConvertedUld,
  id: string,
  type: string,
  destination: string,
  cargoWeight: number,
  tareWeight: number,
  grossWeight: number,
  codes: readonly string[],
): void {
  this.id = id;
  this.type = type;
  this.destination = destination;
  this.cargoWeight = cargoWeight;
  this.tareWeight = tareWeight;
  this.grossWeight = grossWeight;
  this.codes = codes;
}
fillUld.prototype = Object.prototype;
/** fillUld as a constructor of ConvertedUld objects. */
const UldResult = fillUld as unknown as new (...fields: Parameters<typeof fillUld>) => ConvertedUld;

/** tareByType value of a type the reference list has no weight for. */
const UNKNOWN_TYPE = -1;

/** What convertUlds reads and writes. */
interface UldContext {
  table: ManifestUlds;
  kept: readonly number[];
  /** 1 for the kept ULDs that go to the second destination. */
  toSecond: Uint8Array;
  tares: ReadonlyMap<string, number>;
  /**
   * Tare in grams by ULD type code (alnum code), for this conversion: set when the type is first
   * met, UNKNOWN_TYPE when `tares` has no weight for it. A number-keyed lookup per ULD instead of
   * a string-keyed one.
   */
  tareByType: Map<number, number>;
  lightWeights: ReadonlyMap<string, number>;
  /** Flags by letter code of the codes the UWS shows. */
  shown: Uint8Array;
  /** The shown codes of each code set of the table (its codeSets values), when worked out. */
  shownBySet: (ShownCodes | null)[];
  /**
   * One frozen array and text per list of shown codes, by its code set: tens of thousands of ULDs
   * share a few hundred of them, which spares the collector two objects per ULD.
   */
  shownLists: Map<number, ShownCodes>;
  warnings: EngineWarning[];
  uws: TextBuilder;
  ulds: ConvertedUld[];
}

/**
 * The codes the UWS shows of a code set: their shared array (for the result) and their text in a
 * ULD line, `.RFL.ELI`, made once per set. The line is written from the text: read code by code,
 * the frozen array cost a call of V8's generic keyed-load stub per code in the optimized loop
 * (Node 20, seen in a perf profile); from the text, 2.5% fewer instructions per conversion of the
 * generated 5 MB FFM and 0.284 -> 0.291 of a line scan's speed (8 interleaved processes each,
 * 2026-11-25).
 */
interface ShownCodes {
  codes: readonly string[];
  text: string;
}

/** The codes the UWS shows of code set `set`: their shared array and text, kept for the set. */
function shownCodes(c: UldContext, set: number): ShownCodes {
  const shownSet = c.table.filterSet(set, c.shown);
  let shown = c.shownLists.get(shownSet);
  if (shown === undefined) {
    const codes = Object.freeze(c.table.setCodes(shownSet));
    shown = { codes, text: codes.map((code) => `.${code}`).join("") };
    c.shownLists.set(shownSet, shown);
  }
  return c.shownBySet[set] = shown;
}

/**
 * Writes the UWS lines of the kept ULDs going to destination k (0 first, 1 second) and fills
 * c.ulds from `done`; returns the next free index. Its own function so that the compiler gives
 * this hot loop its whole inlining budget.
 */
function convertUlds(c: UldContext, k: number, sum: DestinationSums, done: number): number {
  const { table, kept, toSecond, tares, tareByType, lightWeights, uws, ulds } = c;
  const destination = sum.destination;
  const destPiece = `/${destination}/`;
  for (let n = 0; n < kept.length; n++) {
    if (toSecond[n] !== k) continue;
    const u = kept[n];
    const id = table.ids[u];
    const typeCode = table.typeCodes[u];
    const type = alnumCodeName(typeCode);
    const light = lightWeights.size === 0 ? undefined : lightWeights.get(id);
    let tareGrams = light === undefined ? tareByType.get(typeCode) : kgToGrams(light);
    if (tareGrams === undefined) { // the first ULD of this type
      const kg = tares.get(type);
      tareGrams = kg === undefined ? UNKNOWN_TYPE : kgToGrams(kg);
      tareByType.set(typeCode, tareGrams);
    }
    if (tareGrams === UNKNOWN_TYPE) {
      c.warnings.push({ line: table.lines[u], ...sayFfm("ffm:unknown_uld_type", { type, id }) });
      tareGrams = 0;
    }
    const cargoGrams = table.grams[u];
    const gross = ceilKg(cargoGrams + tareGrams);
    const set = table.codeSets[u];
    const shown = c.shownBySet[set] ?? shownCodes(c, set);
    // the line `-ID/DEST/GROSSA/C.CODE...`, written in one go (ids and airports are ASCII)
    const bytes = uws.room(36 + id.length + shown.text.length);
    let at = uws.length;
    bytes[at++] = 10; // \n
    bytes[at++] = 45; // -
    at = putAscii(bytes, at, id);
    at = putAscii(bytes, at, destPiece);
    at = putNumber(bytes, at, gross);
    bytes[at++] = 65; // A
    bytes[at++] = 47; // /
    bytes[at++] = 67; // C
    at = putAscii(bytes, at, shown.text);
    uws.advance(at);
    sum.grossKg += gross;
    sum.netGrams += cargoGrams;
    sum.tareGrams += tareGrams;
    sum.ulds++;
    ulds[done++] = new UldResult(
      id,
      type,
      destination,
      gramsToKg(cargoGrams),
      gramsToKg(tareGrams),
      gross,
      shown.codes,
    );
  }
  return done;
}

/** The caller's routing lines over the defaults (a line that is not a string is left as it is). */
function routingOf(opts: ConvertOptions): RoutingLines {
  const routing = { ...DEFAULT_ROUTING };
  for (const key of ["priority", "address", "sender"] as const) {
    const value = opts.routing?.[key];
    if (typeof value === "string") routing[key] = value;
  }
  return routing;
}

/** The codes the UWS shows, flagged by letter code (message codes are always three letters). */
function shownCodeFlags(codes: readonly string[], showPer: boolean): Uint8Array {
  const shown = new Uint8Array(LETTER_CODES);
  for (const code of codes) {
    if (/^[A-Z]{3}$/.test(code) && (code !== "PER" || showPer)) shown[letterCode(code)] = 1;
  }
  return shown;
}

/** The Light AKE weights by name (upper case), those with a positive weight. */
function lightWeightsOf(
  lightAke: readonly { name: string; weight?: unknown }[],
): Map<string, number> {
  const lightWeights = new Map<string, number>();
  for (const entry of lightAke) {
    if (typeof entry.weight === "number" && entry.weight > 0) {
      lightWeights.set(entry.name.toUpperCase(), entry.weight);
    }
  }
  return lightWeights;
}

/** Adds the bulk to the sums: it follows the ULD rule consignment by consignment. */
function addBulkSums(bulk: FfmScan["bulk"], d: Destinations, sums: DestinationSums[]): void {
  const second = d.second;
  for (const b of bulk) {
    const toSecond = second === null
      ? 0
      : b.pointOfUnloading === second
      ? b.grams
      : d.onePoint
      ? b.byDestination[second] ?? 0
      : 0;
    sums[0].bulkGrams += b.grams - toSecond;
    sums[1].bulkGrams += toSecond;
  }
  sums[0].netGrams += sums[0].bulkGrams;
  sums[1].netGrams += sums[1].bulkGrams;
}

/**
 * The UWS text up to its ULD lines: the routing lines that are set, `UWS` and the flight, in a
 * builder with room for the lines of `uldCount` ULDs (about 29 bytes each on the generated 5 MB
 * FFM), so that the builder of a big UWS is not copied at every doubling.
 */
function uwsHead(routing: RoutingLines, flightHeader: string, uldCount: number): TextBuilder {
  const uws = new TextBuilder(1024 + flightHeader.length + 40 * uldCount);
  for (const line of [routing.priority, routing.address, routing.sender]) {
    const trimmed = line.trim();
    if (trimmed !== "") uws.text(`${trimmed}\n`);
  }
  uws.text(`UWS\n${flightHeader}`);
  return uws;
}

/** Why the reader failed, as it said it ('Invalid FFM' should it say nothing). */
function reasonOf(parsed: FfmScan): EngineText {
  if (parsed.error === undefined || parsed.errorCode === undefined) return sayFfm("ffm:invalid");
  const said = { code: parsed.errorCode, message: parsed.error };
  return parsed.errorParams === undefined ? said : { ...said, params: parsed.errorParams };
}

/** Converts an FFM message into the UWS weight statement with totals per destination. */
export function convertFfm(input: string, options: ConvertOptions = {}): ConversionResult {
  const lists = referenceLists(options);
  const opts: ConvertOptions = typeof options === "object" && options !== null ? options : {};
  const typed = (typeof opts.secondDestination === "string" ? opts.secondDestination : "")
    .trim().toUpperCase();
  if (typed !== "" && !/^[A-Z]{3}$/.test(typed)) {
    return failedConversion(sayFfm("ffm:second_dest_invalid", { typed }));
  }
  const { dgslCodes: dgsl, xdgslCodes: xdgsl, uldWeights, lightAke } = lists;
  const parsed = scanFfm(input, { extraCodes: [...dgsl, ...xdgsl] });
  if (!parsed.ok) return failedConversion(reasonOf(parsed), parsed.warnings);
  const warnings = parsed.warnings;
  const d = destinationsOf(parsed, typed, warnings);

  const sums = [newSums(d.first), newSums(d.second ?? "")];
  const table = parsed.ulds;
  const kept = parsed.kept;
  const ulds: ConvertedUld[] = new Array(kept.length);
  const uws = uwsHead(routingOf(opts), parsed.flightHeader, kept.length);
  // The ULD lines of the first destination, then of the second, in the order of the manifest.
  const context: UldContext = {
    table,
    kept,
    toSecond: secondFlags(table, kept, d),
    tares: new Map(Object.entries(uldWeights)),
    tareByType: new Map(),
    lightWeights: lightWeightsOf(lightAke),
    shown: shownCodeFlags([...dgsl, ...xdgsl], opts.showPerInUws === true),
    shownBySet: new Array<ShownCodes | null>(table.codeSetCount).fill(null),
    shownLists: new Map(),
    warnings,
    uws,
    ulds,
  };
  const firstCount = convertUlds(context, 0, sums[0], 0);
  convertUlds(context, 1, sums[1], firstCount);
  addBulkSums(parsed.bulk, d, sums);
  return converted(parsed.flightHeader, d, sums, uws, warnings, ulds);
}

/** The result of a conversion: the UWS text finished with its bulk lines, and the totals. */
function converted(
  flightHeader: string,
  d: Destinations,
  sums: DestinationSums[],
  uws: TextBuilder,
  warnings: EngineWarning[],
  ulds: ConvertedUld[],
): ConversionResult {
  const firstTotals = totals(sums[0]);
  const secondTotals = d.second === null ? null : totals(sums[1]);
  uws.text(`\nBULK\n-${d.first}/${firstTotals.bulkLoad}A/C`);
  if (secondTotals !== null) uws.text(`\n-${d.second}/${secondTotals.bulkLoad}A/C`);
  const uwsOutput = uws.toString();
  const all = secondTotals === null ? [firstTotals] : [firstTotals, secondTotals];
  const withSecond = d.second !== null;
  warnings.sort((a, b) => a.line - b.line);
  return {
    ok: true,
    warnings,
    uwsOutput,
    flightHeader,
    totalGrossWeight: all.reduce((s, t) => s + t.grossWeight, 0),
    totalNetWeight: kgOneDecimal(sums[0].netGrams + (withSecond ? sums[1].netGrams : 0)),
    totalTareWeight: gramsToKg(sums[0].tareGrams + (withSecond ? sums[1].tareGrams : 0)),
    numberOfUlds: all.reduce((s, t) => s + t.numberOfUlds, 0),
    bulkLoad: all.reduce((s, t) => s + t.bulkLoad, 0),
    firstDestination: firstTotals,
    secondDestination: secondTotals,
    ulds,
  };
}
