// Flight AC857/23 (the flight of samples ffm-03.txt and the two NOTOCs) for the flight check's
// tests: a CPM and UCM written for it, and its UWS as the converter writes it. Plain texts, so
// the web's tests can import them too (flight_changes.ts reads the samples).

/** The CPM of AC857/23: the three ULDs at the NOTOC's positions with the UWS's gross weights. */
export const CPM_AC857 = [
  "CPM",
  "AC857/23.CFIVQ.YYZ",
  "-11L/DVA1234AC/YYZ/584/C.RFG",
  "-12R/DVA2345AC/YYZ/475/C.MAG",
  "-13L/DVA3456AC/YYZ/378/C",
  "-51/N",
  "SI",
].join("\n");

/** The UCM of AC857/23 at LHR: the three ULDs go out on the flight. */
export const UCM_AC857 = [
  "UCM",
  "AC857/23.CFIVQ.LHR",
  "OUT",
  ".DVA1234AC/YYZ.DVA2345AC/YYZ.DVA3456AC/YYZ",
  "SI",
].join("\n");

/** The UWS of AC857/23 as the converter writes it from ffm-03.txt. */
export const UWS_AC857 = [
  "QU",
  "CAIKLMS",
  ".CAIFFMS",
  "UWS",
  "AC857/23.LHR.FINAL",
  "-DVA1234AC/YYZ/584A/C.RFG",
  "-DVA2345AC/YYZ/475A/C.MAG",
  "-DVA3456AC/YYZ/378A/C",
  "BULK",
  "-YYZ/221A/C",
].join("\n");
