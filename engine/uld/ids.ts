// ULD identification rules of the extractor (design 4.5, domain note section 5): how an id splits
// into type, serial and owner, when its type is valid, its category and the 4-digit flag.

import { isAlnum, isDigit, isLetter } from "../codes.ts";
import type { EngineText } from "../messages/texts.ts";
import type { UldCategory } from "../types.ts";
import { sayUld } from "./texts.ts";

/** Category letters of the IATA type code (domain note 5.2, position 1). */
const IATA_CATEGORIES = "ADPFRMHKNGUVXYZ";
/** Base-size letters and digits of the IATA type code (domain note 5.2, position 2). */
const IATA_BASES = "KAMLGRPQEN16";
/** Load types of the spec (B, C, M, E, X, F, Q); others are shown with a flag. */
const LOAD_TYPES = "BCMEXFQ";

/** How an id splits: the serial's and the owner's lengths (the type is always 3). */
export interface IdShape {
  serialLength: 4 | 5;
  ownerLength: 2 | 3;
}

/** True when the serial at b[a+3..a+3+n) is a letter or digit followed by digits. */
function isSerial(b: Uint8Array, a: number, n: number): boolean {
  if (!isAlnum(b[a + 3])) return false;
  for (let k = a + 4; k < a + 3 + n; k++) if (!isDigit(b[k])) return false;
  return true;
}

/** Two letters or digits, at least one a letter (domain note 9.7: `R7`, `5X`; never `67`). */
const isOwner2 = (b: Uint8Array, at: number) =>
  isAlnum(b[at]) && isAlnum(b[at + 1]) && (isLetter(b[at]) || isLetter(b[at + 1]));
const isOwner3 = (b: Uint8Array, at: number) =>
  isLetter(b[at]) && isLetter(b[at + 1]) && isLetter(b[at + 2]);

/**
 * The shape of the ULD id at b[a..a+n): type (letter + 2 letters or digits), serial (4-5: a
 * letter or digit, then digits), owner (2 letters or digits with a letter, or 3 letters as
 * handlers and lessors use). A 10-character id reads as serial 5 + owner 2 when it can, else 4 + 3 (domain note 5.5:
 * the two never both fit, since a 3-character owner is letters and a 5-character serial ends in a
 * digit). Null when it is none of these.
 */
export function idShapeAt(b: Uint8Array, a: number, n: number): IdShape | null {
  if (n < 9 || n > 11) return null;
  if (!isLetter(b[a]) || !isAlnum(b[a + 1]) || !isAlnum(b[a + 2])) return null;
  if (n === 9) return isSerial(b, a, 4) && isOwner2(b, a + 7) ? SHAPE_4_2 : null;
  if (n === 10) {
    if (isSerial(b, a, 5) && isOwner2(b, a + 8)) return SHAPE_5_2;
    return isSerial(b, a, 4) && isOwner3(b, a + 7) ? SHAPE_4_3 : null;
  }
  return isSerial(b, a, 5) && isOwner3(b, a + 8) ? SHAPE_5_3 : null;
}

const SHAPE_4_2: IdShape = { serialLength: 4, ownerLength: 2 };
const SHAPE_5_2: IdShape = { serialLength: 5, ownerLength: 2 };
const SHAPE_4_3: IdShape = { serialLength: 4, ownerLength: 3 };
const SHAPE_5_3: IdShape = { serialLength: 5, ownerLength: 3 };

/** The shape of a ULD id string (idShapeAt for one id). */
export function idShape(id: string): IdShape | null {
  const b = new Uint8Array(id.length);
  for (let k = 0; k < id.length; k++) b[k] = Math.min(id.charCodeAt(k), 255);
  return idShapeAt(b, 0, id.length);
}

/**
 * True when a type follows the IATA structure of domain note 5.2: a category letter, a base-size
 * letter or digit, then a contour letter or digit. `PLT` is the documents' word for "pallet", not
 * an IATA type, so it stays generic (invalid) unless the reference list names it.
 */
export function isIataType(type: string): boolean {
  if (type.length !== 3 || type === "PLT") return false;
  return IATA_CATEGORIES.includes(type[0]) && IATA_BASES.includes(type[1]) &&
    isAlnum(type.charCodeAt(2));
}

/** True for a load type the spec does not list (B, C, M, E, X, F, Q); '' is no load type. */
export function isUnknownLoadType(loadType: string): boolean {
  return loadType !== "" && (loadType.length !== 1 || !LOAD_TYPES.includes(loadType));
}

/** The warning for a load code that is no load type letter, with its meaning where one is known
 * (domain note 7.1: CSU is catering): `load type CSU (catering) is ...`. */
export function loadCodeWarning(id: string, code: string): EngineText {
  return code === "CSU"
    ? sayUld("uld:load_type_catering", { id, code })
    : sayUld("uld:load_type_unknown", { id, code });
}

/** Category of a ULD type: AKE -> AKE, PLA -> PLA, other P types -> PLT, else Others. */
export function uldCategory(type: string): UldCategory {
  if (type === "AKE") return "AKE";
  if (type === "PLA") return "PLA";
  return type.startsWith("P") ? "PLT" : "Others";
}

/** The spec's 4-digit flag: 8 characters or more and a middle part of exactly 4. */
export function isFourDigitNumber(uldNumber: string): boolean {
  return uldNumber.length >= 8 && uldNumber.length - 5 === 4;
}
