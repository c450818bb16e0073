// Messages written for the extractor's tests from the rules of design 4.5 (never copied from the
// program's output): a through flight MS985 at CAI, as its UCM IN, its UCM OUT and its CPM.

/**
 * A paste of three messages of flight MS985/22 at CAI, each in its own envelope: a Type-B
 * envelope, a 6-line gateway `<HEADER>` block, none. By the rules:
 * - UCM IN (message 1): AKE12345MS B, AKE23456MS CAI C, PMC34567R7 C, PAG45678LH C, AKE56789MS X;
 * - UCM OUT (message 2): AKE12345MS, PMC34567R7, AKE67890MS X, PAG72801AGH (a handler's 3-letter
 *   owner), PKC11111MS X (an IATA type outside the reference list), all to JFK;
 * - CPM (message 3, a freighter flight line with a year, a 4/1 element and the route CAIJFK, and
 *   fields in both orders): the same five units as the UCM OUT, with AKE67890MS as E and
 *   PKC11111MS as K (a load type outside B, C, M, E, X, F, Q).
 */
export const THROUGH_FLIGHT = [
  "QU CAIKKMS CAIUUMS",
  ".JFKKKMS 221530",
  "UCM",
  "MS985/22NOV.SUGDM.CAI",
  "IN",
  ".AKE12345MS//B.AKE23456MS/CAI/C.PMC34567R7//C",
  ".PAG45678LH//C.AKE56789MS//X",
  "OUT",
  ".N",
  "SI NIL",
  "<HEADER>",
  "FROM: SITA GATEWAY",
  "PRIORITY: QU",
  "DESTINATION: JFKKKMS",
  "ORIGIN: CAIKKMS",
  "MSGID: 0042",
  "</HEADER>",
  "UCM",
  "MS985/22NOV.SUGDM.CAI",
  "OUT",
  ".AKE12345MS/JFK/B.PMC34567R7/JFK/C.AKE67890MS/JFK/X",
  ".PAG72801AGH/JFK/C.PKC11111MS/JFK/X",
  "CPM",
  "MS985/22NOV26.SUGDM.4/1.CAIJFK",
  "-11L/AKE12345MS/620/JFK/B",
  "-11R/AKE67890MS/JFK/85/E",
  "-21P/PMC34567R7/2450/JFK/Q6/C",
  "-22P/PAG72801AGH/JFK/1980/C.HEA",
  "-23P/PKC11111MS/1200/JFK/QM/K",
  "-5/JFK/240/B",
  "SI NIL",
].join("\n");

/** The 1-based lines of THROUGH_FLIGHT's ULD lines, named for the tests' readings. */
export const THROUGH_LINES = {
  inFirst: 6,
  inSecond: 7,
  outFirst: 21,
  outSecond: 22,
  cpm11L: 25,
  cpm11R: 26,
  cpm21P: 27,
  cpm22P: 28,
  cpm23P: 29,
} as const;
