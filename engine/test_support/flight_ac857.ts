// Flight AC857/23 (the flight of samples ffm-03.txt and the two NOTOCs) for the flight check's
// tests: its FFM, a CPM and UCM written for it, and its UWS as the converter writes it. Plain
// texts, so the web's tests can import them too (flight_changes.ts reads the samples).

/**
 * ../shared/samples/ffm-03.txt as text (Vite serves no file outside the project to the web's
 * tests; engine/flight/check.test.ts checks that it is the sample).
 */
export const FFM_AC857 = [
  "FFM/8",
  "1/AC857/23APR/LHR/HB-IHA",
  "YYZ",
  "014-26488125LHRYOW/T1K120MC0.5/HUMAN REM",
  "/HUM",
  "012-23026485LHRYYZ/T7K87MC0.22/NEWSPAPERS",
  "014-27469212LHRYSB/T1K14MC0.08/MEDICINES",
  "/PER",
  "ULD/DVA1234AC-M",
  "014-27513894LHRYYZ/T1K15MC0.04/TAPES DISCS BKS",
  "014-27257053BHXYWG/D4K400MC1.6T12/AERO PARTS",
  "014-23388503LHRYYZ/T15K90MC1/SPORTS EQUIP",
  "014-24349426LHRYYZ/P1K9MC0.05T10/TOILET PREPS",
  "/RFG",
  "ULD/DVA2345AC",
  "014-28241150CURYSB/T1K380MC0.7/MACHINERY",
  "/HEA/MAG",
  "014-23511810LHRYYZ/S1K25MC0.06T13/DIESEL ENG SPS",
  "ULD/DVA3456AC-M/HANDLE WITH CARE",
  "014-23511810LHRYYZ/S12K100MC0.25T13/DIESEL ENG SPS",
  "014-23155440LHRTPA/T1K7MC0.03/ACFT INSTRUMENT",
  "125-22070521DELYYZ/T1K1MC0.01/SHIPPING DOCS",
  "014-27257053BHXYWG/D2K200MC0.8T12/AERO PARTS",
  "LAST",
].join("\n");

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

/**
 * The CPM of AC857/23 as the LDM's tests read it: CPM_AC857 with the FFM's 221 kg of bulk cargo
 * at 51, 600 kg of bags at 52, and its `LOAD IN CPTS` line (compartment 1: 584 + 475 + 378).
 */
export const CPM_AC857_HOLDS = CPM_AC857
  .replace("-51/N", "-51/YYZ/221/C\n-52/YYZ/600/B")
  .replace(/\nSI$/, "\nSI LOAD IN CPTS 1/1437 5/821");

/**
 * The LDM of AC857/23 (domain 10, the layout of samples/ldm-01.txt) that agrees with
 * CPM_AC857_HOLDS and the converter's UWS: deadload 2258 = compartments 1437 + 821; cargo 1658 kg
 * (the UWS's gross: 584 + 475 + 378 + 221 bulk), 40 bags of 600 kg.
 */
export const LDM_AC857 = [
  "LDM",
  "AC857/23.CFIVQ.J28Y250.2/10",
  "-YYZ.198/52/4/2.0.T2258.1/1437.5/821.PAX/26/224.PAD/0/0",
  "SI YYZ C 1658 M 0 B 40/600 O 0 T 0",
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
