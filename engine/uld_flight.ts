// The flight line of a UCM or CPM (design 4.5) and the flight numbers it names: the variants
// real traffic writes (a year, a 4/1 crew figure, a route) never stop the flight being read.

import { isLetter } from "./codes.ts";

/** What a flight line gives. */
export interface FlightLine {
  flightNumber: string;
  /** The date as written: `19`, `19SEP` or `19SEP26`. */
  date: string;
  registration: string;
  station: string;
}

const FLIGHT_RE =
  /^([A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?(?:\/\d{1,4}[A-Z]?)?)\/(\d{2}(?:[A-Z]{3}(?:\d{2})?)?)(?=$|[./\s])/;
const REGISTRATION_RE = /^[A-Z0-9][A-Z0-9-]{1,9}$/;

/** True when line[a..b) is all capital letters. */
function allLetters(line: string, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (!isLetter(line.charCodeAt(k))) return false;
  return true;
}

/**
 * The flight line `FLIGHT/DD[MMM[YY]][.REG][.more]` of a UCM or CPM. The further elements (a
 * station, a version such as C48Y312, a total weight, a crew figure such as 4/1, a route such as
 * CANBUD) are optional and never stop the flight and registration from being read. The station
 * is the first 3-letter element, else the origin of a 6-letter route. The elements are walked in
 * place: a day of traffic has a thousand flight lines.
 */
export function readFlightLine(line: string): FlightLine | null {
  const m = FLIGHT_RE.exec(line);
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
  return { flightNumber: m[1], date: m[2], registration, station: station || route };
}

/** The flight numbers a flight field names, normalised (`BA0117` -> `BA117`; `PK719/720` -> both). */
export function flightNumbers(flightNumber: string): string[] {
  const m = FLIGHT_NUMBER_RE.exec(flightNumber);
  if (m === null) return flightNumber === "" ? [] : [flightNumber];
  const one = `${m[1]}${Number(m[2])}${m[3]}`;
  return m[4] === undefined ? [one] : [one, `${m[1]}${Number(m[4])}${m[5]}`];
}

const FLIGHT_NUMBER_RE = /^([A-Z0-9]{2}[A-Z]?)(\d{1,4})([A-Z]?)(?:\/(\d{1,4})([A-Z]?))?$/;
