// Which 2nd Dest a flight check uses (issue 52): only one that belongs to the pasted FFM's
// flight, which is the 2nd Dest the converter's last conversion was made with when that
// conversion is of the same flight. A 2nd Dest typed in the converter and not converted yet
// belongs to no flight, and one converted with another flight is that flight's: neither is used,
// and the check says so. Pure functions: the store (flight_check.ts) runs the check.

import type { ConverterState } from "../converter/converter.ts";

/** The converter's state this reads: the typed 2nd Dest, and the last conversion's. */
type Converter = Pick<ConverterState, "secondDest" | "made" | "result">;

/** A 2nd Dest and the flight it was converted with. */
export interface ConvertedSecondDest {
  code: string;
  flight: string;
}

/** What a check did with the 2nd Dest: the one used ('' for none) and one of the converter's that
 * it left out, with why (typed and not converted, or converted with another flight). */
export interface SecondDestUse {
  used: string;
  flight: string;
  leftOut: { code: string; typedFor: string | null } | null;
}

/** The flight of a conversion, e.g. `AC857/23` (the UWS header's flight and day). */
const flightOf = (flightHeader: string) => flightHeader.split(".")[0] ?? "";

/** The 2nd Dest of the converter's last conversion, and its flight; null without one. */
export function convertedSecondDest(c: Converter): ConvertedSecondDest | null {
  if (c.made === null || c.made.secondDest === "" || c.result?.ok !== true) return null;
  return { code: c.made.secondDest, flight: flightOf(c.result.flightHeader) };
}

/** The 2nd Dest for a check of `flight`: the converted one when it is that flight's, else ''. */
export function secondDestFor(c: Converter, flight: string): string {
  const own = convertedSecondDest(c);
  return own !== null && own.flight === flight ? own.code : "";
}

/** What a check of `flight` that used `used` says about the 2nd Dest. */
export function secondDestUse(c: Converter, flight: string, used: string): SecondDestUse {
  const own = convertedSecondDest(c);
  const typed = c.secondDest;
  let leftOut: SecondDestUse["leftOut"] = null;
  if (typed !== "" && typed !== used && typed !== own?.code) {
    leftOut = { code: typed, typedFor: null };
  } else if (own !== null && own.code !== used) {
    leftOut = { code: own.code, typedFor: own.flight };
  }
  return { used, flight, leftOut };
}
