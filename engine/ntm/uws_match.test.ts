// UWS/NTM match on the teletype form: the spec's error texts, colours, code sets and highlight
// offsets (the printed NOTOC is in notoc.test.ts).

import { describe, expect, it } from "vitest";
import { matchUwsNtm } from "./uws_match.ts";

const UWS = [
  "QU",
  "CAIKLMS",
  ".CAIFFMS",
  "UWS",
  "MS985/22.CAI.FINAL",
  "-PMC12345MS/JFK/1250A/C.RFL.ELI",
  "-AKE11111MS/JFK/455A/C.RCM",
  "-AKE22222MS/JFK/300A/C",
  "-AKE33333MS/JFK/300A/C.ICE.RFL",
  "BULK",
  "-JFK/100A/C",
].join("\n");

const NTM = [
  "NTM",
  "MS985/22NOV CAI",
  "PMC12345MS 11P JFK RFL ELI UN1263 PAINT",
  "AKE11111MS 21L JFK ICE UN1845",
  "AKE33333MS 22L JFK RFL ICE",
].join("\n");

describe("matchUwsNtm", () => {
  it("colours each ULD green when the other side has it with the same code set, in any order", () => {
    const r = matchUwsNtm(UWS, NTM);
    expect(r.ok).toBe(true);
    expect(r.matched).toBe(false);
    expect(r.message).toBe(
      "DG on the NOTOC that the UWS lacks: AKE11111MS. 2 of 7 ULD entries do not match " +
        "(flight MS985/22)",
    );
    expect(r.messageCode).toBe("ntm:dg_not_on_uws_lead");
    expect(r.messageParams).toEqual({ ulds: "AKE11111MS", red: 2, total: 7, flight: "MS985/22" });
    expect(r.results.map((e) => [e.type, e.uldId, e.color, e.dgslList])).toEqual([
      ["uws", "PMC12345MS", "green", ["RFL", "ELI"]],
      ["uws", "AKE11111MS", "red", ["RCM"]],
      // no codes and not on the NOTOC: nothing to notify
      ["uws", "AKE22222MS", "green", []],
      ["uws", "AKE33333MS", "green", ["ICE", "RFL"]],
      ["ntm", "PMC12345MS", "green", ["RFL", "ELI"]],
      ["ntm", "AKE11111MS", "red", ["ICE"]],
      ["ntm", "AKE33333MS", "green", ["RFL", "ICE"]],
    ]);
    expect(r.findings).toEqual([
      {
        kind: "ntm-dg-not-on-uws",
        uldId: "AKE11111MS",
        code: "ntm:dg_not_on_uws",
        params: { uld: "AKE11111MS", codes: "ICE" },
        message: "AKE11111MS: ICE on the NOTOC, not on the UWS",
      },
      {
        kind: "uws-dg-not-on-ntm",
        uldId: "AKE11111MS",
        code: "ntm:dg_not_on_ntm",
        params: { uld: "AKE11111MS", codes: "RCM" },
        message: "AKE11111MS: RCM on the UWS, not on the NOTOC",
      },
    ]);
  });

  it("gives offsets and lengths into the texts as given", () => {
    const r = matchUwsNtm(UWS, NTM);
    for (const e of r.results) {
      const text = e.type === "uws" ? UWS : NTM;
      expect(text.slice(e.offset, e.offset + e.length)).toBe(e.uldId);
    }
    expect(r.results[0].offset).toBe(UWS.indexOf("PMC12345MS"));
  });

  it("reads lower case and keeps offsets when the text has characters that upper-case to two", () => {
    const ntm = "ntm straße\nms985/22nov cai\npmc12345ms rfl eli";
    const uws = "UWS\nMS985/22.CAI.FINAL\n-PMC12345MS/JFK/1250A/C.RFL.ELI";
    const r = matchUwsNtm(uws, ntm);
    expect(r.matched).toBe(true);
    expect(r.message).toBe("All 2 ULD entries match (flight MS985/22)");
    expect(r).toMatchObject({
      messageCode: "ntm:all_match",
      messageParams: { count: 2, flight: "MS985/22" },
    });
    const entry = r.results.find((e) => e.type === "ntm")!;
    expect(ntm.slice(entry.offset, entry.offset + entry.length)).toBe("pmc12345ms");
  });

  it("uses the caller's code lists", () => {
    const uws = "MS985/22\n-PMC12345MS/JFK/1250A/C.HEA";
    const ntm = "MS985/22NOV\nPMC12345MS";
    expect(matchUwsNtm(uws, ntm).matched).toBe(true);
    expect(matchUwsNtm(uws, ntm, { dgslCodes: ["HEA"], xdgslCodes: [] }).matched).toBe(false);
  });

  it("leads with three ULDs of the most serious kind and counts the others", () => {
    const ids = ["AKE40001MS", "AKE40002MS", "AKE40003MS", "AKE40004MS", "AKE40005MS"];
    const ntm = [NTM, ...ids.map((id) => `${id} 31L JFK RRY UN2911`)].join("\n");
    const r = matchUwsNtm(UWS, ntm);
    expect(r.message).toBe(
      "DG on the NOTOC that the UWS lacks: AKE11111MS, AKE40001MS, AKE40002MS and 3 more. " +
        "7 of 12 ULD entries do not match (flight MS985/22)",
    );
    expect(r.messageCode).toBe("ntm:dg_not_on_uws_lead_more");
    expect(r.messageParams).toEqual({
      ulds: "AKE11111MS, AKE40001MS, AKE40002MS",
      more: 3,
      red: 7,
      total: 12,
      flight: "MS985/22",
    });
  });

  it("returns the spec's error texts", () => {
    const uwsNoFlight = "-PMC12345MS/JFK/1250A/C";
    const ntmNoFlight = "PMC12345MS";
    expect(matchUwsNtm("", NTM).error).toBe("Please enter UWS data.");
    expect(matchUwsNtm(UWS, "  \n").error).toBe("Please enter NTM data.");
    expect(matchUwsNtm("HELLO", NTM).error).toBe("Invalid UWS data.");
    expect(matchUwsNtm(UWS, "NTM MS985/22").error).toBe("Invalid NTM data.");
    expect(matchUwsNtm(uwsNoFlight, NTM).error).toBe(
      "Invalid UWS data (flight info seems missing)",
    );
    expect(matchUwsNtm(UWS, ntmNoFlight).error).toBe(
      "Invalid NTM data (flight info seems missing)",
    );
    const r = matchUwsNtm(UWS, NTM.replace("MS985/22NOV", "MS985/23NOV"));
    expect(r.error).toBe(
      "Flight number and date not matched in both UWS and NTM (UWS: MS985/22, NTM: MS985/23)",
    );
    expect(r).toMatchObject({
      ok: false,
      matched: false,
      message: r.error,
      errorCode: "ntm:flight_mismatch",
      errorParams: { uws: "MS985/22", ntm: "MS985/23" },
      messageCode: "ntm:flight_mismatch",
      results: [],
    });
    expect(matchUwsNtm("", NTM)).toMatchObject({
      errorCode: "ntm:uws_empty",
      messageCode: "ntm:uws_empty",
    });
    expect(matchUwsNtm("", NTM)).not.toHaveProperty("errorParams");
  });
});
