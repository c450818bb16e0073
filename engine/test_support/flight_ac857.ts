// The CPM and UCM of flight AC857/23 (the flight of samples ffm-03.txt and the two NOTOCs),
// written for the flight check's tests: with ffm-03.txt and ntm-01-notoc-64col.txt they tell the
// same story, so the check finds nothing; each test changes one line to make one finding.

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
