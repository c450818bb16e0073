// The flight line of a UCM or CPM (design 4.5) and the flight numbers it names: the variants
// real traffic writes (a year, a 4/1 crew figure, a route) never stop the flight being read.

import { isAlnum, isDigit, isLetter } from "../codes.ts";
import { FLIGHT_LINE_RE } from "../messages/recognise.ts";

/** What a flight line gives. */
export interface FlightLine {
  flightNumber: string;
  /** The date as written: `19`, `19SEP` or `19SEP26`. */
  date: string;
  registration: string;
  station: string;
}

const REGISTRATION_RE = /^[A-Z0-9][A-Z0-9-]{1,9}$/;

/** True when line[a..b) is all capital letters. */
function allLetters(line: string, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (!isLetter(line.charCodeAt(k))) return false;
  return true;
}

/** A flight field that writes one flight twice, carrier and all (`KL863/KL863`), as one. */
function once(field: string): string {
  const slash = field.indexOf("/");
  if (slash === -1 || field.length !== 2 * slash + 1) return field;
  return field.startsWith(field.slice(slash + 1)) ? field.slice(0, slash) : field;
}

/**
 * The flight line `FLIGHT/DD[MMM[YY]][.REG][.more]` of a UCM or CPM (`KL863/KL863/14` names
 * KL863 once). The further elements (a
 * station, a version such as C48Y312, a total weight, a crew figure such as 4/1, a route such as
 * CANBUD) are optional and never stop the flight and registration from being read. The station
 * is the first 3-letter element, else the origin of a 6-letter route. The elements are walked in
 * place: a day of traffic has a thousand flight lines.
 */
export function readFlightLine(line: string): FlightLine | null {
  const m = FLIGHT_LINE_RE.exec(line);
  if (m === null) return null;
  let registration = "";
  let station = "";
  let route = "";
  // elements are the parts between dots after the date; a text before the first dot is not one
  let at = line.indexOf(".", m[0].length);
  for (let k = 0; at !== -1; k++) {
    const end = line.indexOf(".", at + 1);
    let a = at + 1;
    let b = end === -1 ? line.length : end;
    at = end;
    while (a < b && line.charCodeAt(a) <= 32) a++;
    while (b > a && line.charCodeAt(b - 1) <= 32) b--;
    if (k === 0 && b > a) {
      const element = line.slice(a, b);
      if (REGISTRATION_RE.test(element)) {
        registration = element;
        continue;
      }
    }
    if (b - a === 3 && station === "" && allLetters(line, a, b)) station = line.slice(a, b);
    else if (b - a === 6 && route === "" && allLetters(line, a, b)) route = line.slice(a, a + 3);
  }
  return { flightNumber: once(m[1]), date: m[2], registration, station: station || route };
}

/** The length of an airline designator at s[at] that a flight number follows (`KL` of KL864). */
function carrierAt(s: string, at: number): number {
  if (at + 2 >= s.length || !isAlnum(s.charCodeAt(at)) || !isAlnum(s.charCodeAt(at + 1))) return 0;
  const length = isLetter(s.charCodeAt(at + 2)) ? 3 : 2;
  const lettered = isLetter(s.charCodeAt(at)) || isLetter(s.charCodeAt(at + 1)) || length === 3;
  return lettered && isDigit(s.charCodeAt(at + length)) ? length : 0;
}

/**
 * The flight numbers a flight field names, normalised (`BA0117` -> `BA117`; `PK719/720` -> both):
 * an airline of two letters or digits and an optional letter, then one or two numbers of 1-4
 * digits with an optional letter, apart by a slash; the second may name its airline again
 * (`KL863/KL864`). A field of another shape is its own name.
 */
export function flightNumbers(flightNumber: string): string[] {
  const s = flightNumber;
  const n = s.length;
  if (n === 0) return [];
  if (n < 3 || !isAlnum(s.charCodeAt(0)) || !isAlnum(s.charCodeAt(1))) return [s];
  let at = isLetter(s.charCodeAt(2)) ? 3 : 2;
  let airline = s.slice(0, at);
  // the first number until the second is read: no array grows, no digits are sliced (a day of
  // traffic names a thousand flights, and those cost 0.15 MB of the extraction's peak memory)
  let first = "";
  for (;;) {
    const from = at;
    let digits = 0;
    for (; at < n && at - from < 4 && isDigit(s.charCodeAt(at)); at++) {
      digits = digits * 10 + s.charCodeAt(at) - 48;
    }
    if (at === from) return [s];
    const suffix = at < n && isLetter(s.charCodeAt(at)) ? s[at++] : "";
    const number = `${airline}${digits}${suffix}`;
    if (at === n) return first === "" || first === number ? [number] : [first, number];
    if (s.charCodeAt(at) !== 47 /* / */ || first !== "") return [s];
    first = number;
    at++;
    const carrier = carrierAt(s, at);
    if (carrier > 0) {
      airline = s.slice(at, at + carrier);
      at += carrier;
    }
  }
}
