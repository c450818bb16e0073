// The cargo command line as a function: commands, options, output and exit codes.

import { describe, expect, it } from "vitest";
import { type CliHost, runCli, USAGE } from "./run.ts";
import { convertFfm } from "../ffm/convert.ts";
import { sample } from "../test_support/samples.ts";
import { THROUGH_FLIGHT } from "../test_support/traffic.ts";
import { extractUlds } from "../uld/extractor.ts";
import { CPM_AC857, UCM_AC857 } from "../test_support/flight_ac857.ts";

const files: Record<string, string> = {
  "ffm-03.txt": sample("ffm-03.txt"),
  "ffm-05.txt": sample("ffm-05.txt"),
  "ffm-06.txt": sample("ffm-06.txt"),
  "uws.txt": "MS985/22.CAI.FINAL\n-PMC12345MS/JFK/1250A/C.RFL\n-AKE11111MS/JFK/300A/C.RCM\n",
  "ntm.txt": "NTM\nMS985/22NOV CAI\nPMC12345MS RFL\n",
  "ucm-01.txt": sample("ucm-01.txt"),
  "three.txt": THROUGH_FLIGHT,
  "uws-01.txt": sample("uws-01.txt"),
  "flight.txt": [sample("ffm-03.txt"), sample("ntm-01-notoc-64col.txt"), CPM_AC857, UCM_AC857]
    .join("\n"),
  "flight-bad.txt": [sample("ffm-03.txt"), CPM_AC857.replace("/475/", "/500/")].join("\n"),
  "flight-ldm.txt": [
    sample("ffm-03.txt"),
    CPM_AC857,
    "MVT\nAC857/23.CFIVQ.LHR\nAD1805/1818",
    sample("ldm-01.txt"),
  ].join("\n"),
  "-": sample("ffm-01.txt"),
};
const host = (color = false): CliHost => ({
  color,
  readText: (path) =>
    path in files
      ? Promise.resolve(files[path])
      : Promise.reject(new Error("No such file or directory")),
});

describe("cargo ffm2uws", () => {
  it("prints the UWS text and exits 0", async () => {
    const out = await runCli(["ffm2uws", "ffm-03.txt"], host());
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(convertFfm(files["ffm-03.txt"]).uwsOutput + "\n");
    expect(out.stdout).toContain("AC857/23.LHR.FINAL\n-DVA1234AC/YYZ/584A/C.RFG\n");
    expect(out.stderr).toBe("");
  });

  it("--json prints the full result object", async () => {
    const out = await runCli(["ffm2uws", "ffm-03.txt", "--json"], host());
    expect(JSON.parse(out.stdout)).toEqual(convertFfm(files["ffm-03.txt"]));
  });

  it("--second-dest and --show-per reach the converter; '-' reads standard input", async () => {
    const out = await runCli(["ffm2uws", "-", "--second-dest", "ams", "--show-per"], host());
    expect(out.stdout.trimEnd().split("\n").slice(-3)).toEqual(["BULK", "-BRU/50A/C", "-AMS/0A/C"]);
    const eq = await runCli(["ffm2uws", "-", "--second-dest=AMS"], host());
    expect(eq.stdout).toBe(out.stdout);
  });

  it("prints warnings on stderr with their line numbers", async () => {
    const out = await runCli(["ffm2uws", "ffm-05.txt"], host());
    expect(out.code).toBe(0);
    expect(out.stderr.split("\n")[0]).toBe(
      "warning: line 9: Unknown ULD type P1G (P1G1234KL): tare 0 kg",
    );
  });

  it("exits 1 with the error on stderr", async () => {
    const out = await runCli(["ffm2uws", "ffm-06.txt"], host());
    expect(out).toEqual({
      code: 1,
      stdout: "",
      stderr: "Incomplete message: part 1 ends with CONT; a complete message is required " +
        "(missing part 2 and any after it)\n",
    });
    const missing = await runCli(["ffm2uws", "nope.txt"], host());
    expect(missing).toEqual({
      code: 1,
      stdout: "",
      stderr: "Cannot read nope.txt: No such file or directory\n",
    });
  });
});

describe("cargo match", () => {
  it("prints green or red per ULD", async () => {
    const out = await runCli(["match", "uws.txt", "ntm.txt"], host());
    expect(out.code).toBe(0);
    expect(out.stdout).toBe([
      "DG on the UWS that the NOTOC lacks: AKE11111MS. 1 of 3 ULD entries do not match " +
      "(flight MS985/22)",
      "SIDE  ULD         CODES  RESULT",
      "UWS   PMC12345MS  RFL    green",
      "UWS   AKE11111MS  RCM    red",
      "NTM   PMC12345MS  RFL    green",
      "",
    ].join("\n"));
  });

  it("colours the result on a terminal", async () => {
    const out = await runCli(["match", "uws.txt", "ntm.txt"], host(true));
    expect(out.stdout).toContain("\x1b[32mgreen\x1b[0m");
    expect(out.stdout).toContain("\x1b[31mred\x1b[0m");
  });

  it("--json prints the result object; a mismatch of flights exits 1", async () => {
    const out = await runCli(["match", "uws.txt", "ntm.txt", "--json"], host());
    expect(JSON.parse(out.stdout).results).toHaveLength(3);
    files["ntm2.txt"] = "MS985/21NOV\nPMC12345MS";
    const bad = await runCli(["match", "uws.txt", "ntm2.txt"], host());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      "Flight number and date not matched in both UWS and NTM (UWS: MS985/22, NTM: MS985/21)\n",
    );
  });
});

describe("cargo uld", () => {
  it("prints the details, the three lists with load type, destination and flags, and the category table", async () => {
    const out = await runCli(["uld", "ucm-01.txt"], host());
    expect(out.code).toBe(0);
    const text = out.stdout;
    expect(text).toContain(
      "Message       UCM\nFlight        PK719/720\nRegistration  APBGL\nStation       IAH\n",
    );
    expect(text).toContain(
      "PK ULD List (11)\nULD         B/C/X  Dest. FLAGS\nAKE2592PK   B      -     4-DIGIT\n",
    );
    // in IN and in OUT of the UCM: a through ULD, no longer DUPLICATE (issue 23)
    expect(text).toContain("AKE2993PK   B      -     4-DIGIT\n");
    expect(text).not.toContain("AKE2993PK   B      -     DUPLICATE");
    expect(text).toContain("Rented ULD List (0)");
    expect(text).toContain("Foreign ULD List (0)");
    expect(text).toContain(
      "ULD Type Summary\n" +
        "             PLT    AKE    PLA Others  Total\n" +
        "PK             4      7      0      0     11\n" +
        "Rented         0      0      0      0      0\n" +
        "Foreign        0      0      0      0      0\n" +
        "Total          4      7      0      0     11\n",
    );
    expect(text).toContain("Not sorted (no readable owner): PAJ3425");
    expect(out.stderr).toContain("warning: line 10: PAJ3425: not a ULD number");
  });

  it("--rented sets the rented codes; --json prints the result object", async () => {
    const out = await runCli(["uld", "ucm-01.txt", "--rented", "pk", "--json"], host());
    const result = JSON.parse(out.stdout);
    expect(result.ownerCode).toBe("PK");
    expect(result.statistics.owned).toBe(11);
    const none = await runCli(["uld", "ucm-01.txt", "--rented", " , "], host());
    expect(none).toEqual({
      code: 1,
      stdout: "",
      stderr: "Please enter at least one rented code.\n",
    });
  });

  it("several messages in one file: each message, merged lists with their message, conflicts, balance", async () => {
    const out = await runCli(["uld", "three.txt"], host());
    expect(out.code).toBe(0);
    expect(out.stderr).toBe("");
    const text = out.stdout;
    expect(text).toContain(
      "Messages\n" +
        "#  TYPE  FLIGHT  DATE     REG    STATION  MOVEMENT          ULDS\n" +
        "1  UCM   MS985   22NOV    SUGDM  CAI      Inbound/Outbound     5\n" +
        "2  UCM   MS985   22NOV    SUGDM  CAI      Outbound             5\n" +
        "3  CPM   MS985   22NOV26  SUGDM  CAI      Outbound             5\n",
    );
    // titled by the owner code in use, with the message of each row and every flag
    expect(text).toContain("MS ULD List (9)\nULD         B/C/X  Dest. MSG  FLAGS\n");
    expect(text).toContain("PKC11111MS  K      JFK   3    DUPLICATE LOAD-TYPE CONFLICT\n");
    expect(text).toContain("Foreign ULD List (3)\n");
    expect(text).toContain("PAG72801AGH C      JFK   2    DUPLICATE OWNER-3\n");
    expect(text).toContain("MS             2      7      0      0      9\n");
    expect(text).toContain(
      "Conflicts (2)\n" +
        "ULD         FIELD  READINGS\n" +
        "AKE67890MS  B/C/X  X (msg 2, line 21) / E (msg 3, line 26)\n" +
        "PKC11111MS  B/C/X  X (msg 2, line 22) / K (msg 3, line 29)\n",
    );
    expect(text).toContain(
      "UCM Balance\n" +
        "STATION  IN  OUT  OUT WITHOUT IN  ULDS OUT WITHOUT IN\n" +
        "CAI       5    5               3  AKE67890MS PAG72801AGH PKC11111MS\n",
    );
    const json = await runCli(["uld", "three.txt", "--json"], host());
    expect(JSON.parse(json.stdout)).toEqual(
      JSON.parse(JSON.stringify(extractUlds(THROUGH_FLIGHT))),
    );
  });

  it("exits 1 with the spec's text for a message of another kind", async () => {
    const out = await runCli(["uld", "uws-01.txt"], host());
    expect(out).toEqual({ code: 1, stdout: "", stderr: "Unknown or unsupported message format\n" });
  });
});

describe("cargo flight", () => {
  it("prints the report and exits 0 whether or not there are findings", async () => {
    const clean = await runCli(["flight", "flight.txt"], host());
    expect(clean).toEqual({
      code: 0,
      stdout: "Flight check AC857/23\n" +
        "Messages: FFM line 1, NOTOC line 26, CPM line 67, UCM line 74\n" +
        "No UWS in the paste: the converter's UWS was used\n" +
        "ULDs: 3\n" +
        "No findings: the messages tell the same story.\n",
      stderr: "",
    });
    // 25 kg apart: within the default 50 kg, beyond 10 kg and 5% (23.75 kg)
    expect((await runCli(["flight", "flight-bad.txt"], host())).stdout).toContain("No findings");
    const bad = await runCli(["flight", "flight-bad.txt", "--tolerance-kg", "10"], host());
    expect(bad.code).toBe(0);
    expect(bad.stdout.split("\n").slice(4)).toEqual([
      "Findings: 1",
      "MINOR DVA2345AC: CPM weight 500 kg, UWS gross 475 kg: 25 kg apart (tolerance 24 kg)",
      "",
    ]);
  });

  it("reads the LDM against the CPM, and names an MVT it does not read on stderr", async () => {
    expect(await runCli(["flight", "flight-ldm.txt"], host())).toEqual({
      code: 0,
      stdout: "Flight check AC857/23\n" +
        "Messages: FFM line 1, CPM line 26, LDM line 36\n" +
        "No UWS in the paste: the converter's UWS was used\n" +
        "ULDs: 3\n" +
        "Findings: 3\n" +
        "MAJOR Compartment 1: 514 kg on the LDM, 1437 kg in the CPM's positions: 923 kg apart " +
        "(tolerance 72 kg)\n" +
        "MAJOR Compartment 3: 713 kg on the LDM, 0 kg in the CPM's positions: 713 kg apart " +
        "(tolerance 50 kg)\n" +
        "MAJOR Compartment 5: 221 kg on the LDM, 0 kg in the CPM's positions: 221 kg apart " +
        "(tolerance 50 kg)\n",
      stderr: "warning: line 33: The MVT at line 33 is not a message the flight check reads\n",
    });
  });

  it("exits 1 when the messages cannot be read, and --json gives the result", async () => {
    expect(await runCli(["flight", "uws-01.txt"], host())).toEqual({
      code: 1,
      stdout: "",
      stderr: "warning: line 1: Lines 1-6 are not a message the flight check reads\n" +
        "No FFM, UWS, NOTOC, CPM or UCM message was found in the paste.\n",
    });
    const json = await runCli(["flight", "flight.txt", "--json"], host());
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, flight: "AC857/23", findings: [] });
    const tolerance = await runCli(["flight", "flight.txt", "--tolerance-kg", "heavy"], host());
    expect(tolerance.stderr).toBe("--tolerance-kg needs a number of 0 or more\n");
  });
});

describe("usage", () => {
  it("explains itself and refuses unknown commands and options", async () => {
    expect(await runCli(["help"], host())).toEqual({ code: 0, stdout: USAGE, stderr: "" });
    expect((await runCli([], host())).code).toBe(1);
    const unknown = await runCli(["fly"], host());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.startsWith("Unknown command fly\n")).toBe(true);
    const flag = await runCli(["ffm2uws", "-", "--fast"], host());
    expect(flag.stderr.startsWith("Unknown option --fast\n")).toBe(true);
    const value = await runCli(["ffm2uws", "-", "--second-dest"], host());
    expect(value.stderr.startsWith("--second-dest needs a value\n")).toBe(true);
  });
});
