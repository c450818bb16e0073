// The cargo command line (design 4.6) as a pure function of its arguments and a file reader,
// so the same code runs under Deno (cli.ts) and in the tests.

import { convertFfm } from "../ffm/convert.ts";
import { uldReport } from "./uld.ts";
import type { MatchResult } from "../types.ts";
import { extractUlds, parseRentedCodes } from "../uld/extractor.ts";
import { matchUwsNtm } from "../ntm/uws_match.ts";
import { checkFlight } from "../flight/check.ts";

/** What the command line needs from its host: reading a file ('-' is stdin) and colour support. */
export interface CliHost {
  readText(path: string): Promise<string>;
  color: boolean;
}

/** The outcome of one command: exit code and the text for stdout and stderr. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Usage text printed by `help` and after a wrong call. */
export const USAGE = `Usage: npm run cargo -- <command> [options]

  ffm2uws FILE [--second-dest AAA] [--show-per] [--json]
      Convert an FFM manifest to the UWS weight statement (prints the UWS text).
  match UWS_FILE NTM_FILE [--json]
      Check a UWS against an NTM (a printed NOTOC or the teletype form): green or red per ULD.
  uld FILE [--rented R7,C6,R9] [--json]
      Sort the ULDs of one or several UCM, CPM and SCM messages into owned, rented and foreign
      lists; several messages also give each message, the conflicts and the UCM balance.
  flight FILE [--second-dest AAA] [--show-per] [--tolerance-kg 50] [--tolerance-percent 5] [--json]
      Check one flight's FFM, UWS, NOTOC, CPM, UCM and LDM (pasted in one file, any order)
      against each other: one table of ULDs and the findings, most serious first. Exit 0 when the
      messages were read (findings or not), 1 when they cannot be read.

FILE '-' reads standard input. --json prints the full result object.
`;

interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set([
  "--second-dest",
  "--rented",
  "--tolerance-kg",
  "--tolerance-percent",
]);

function parseArgs(args: readonly string[]): Parsed | string {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq === -1 ? arg : arg.slice(0, eq);
      if (VALUE_FLAGS.has(name)) {
        const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
        if (value === undefined) return `${name} needs a value`;
        flags.set(name, value);
      } else flags.set(name, true);
    } else positional.push(arg);
  }
  return { positional, flags };
}

const fail = (message: string): CliOutcome => ({ code: 1, stdout: "", stderr: `${message}\n` });

function checkFlags(parsed: Parsed, allowed: readonly string[]): string | null {
  for (const name of parsed.flags.keys()) {
    if (!allowed.includes(name)) return `Unknown option ${name}\n\n${USAGE}`;
  }
  return null;
}

async function read(host: CliHost, path: string): Promise<string | CliOutcome> {
  try {
    return await host.readText(path);
  } catch (err) {
    return fail(`Cannot read ${path === "-" ? "standard input" : path}: ${(err as Error).message}`);
  }
}

function matchTable(result: MatchResult, color: boolean): string {
  const paint = (c: "green" | "red") =>
    color ? `${c === "green" ? "\x1b[32m" : "\x1b[31m"}${c}\x1b[0m` : c;
  const rows = result.results.map((r) =>
    [r.type.toUpperCase(), r.uldId, r.dgslList.join(".") || "-", r.color] as const
  );
  const width = (k: number, title: string) =>
    Math.max(title.length, ...rows.map((r) => r[k].length));
  const w = [width(0, "SIDE"), width(1, "ULD"), width(2, "CODES")];
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(w[0])}  ${b.padEnd(w[1])}  ${c.padEnd(w[2])}  ${d}`;
  return [
    result.message,
    line("SIDE", "ULD", "CODES", "RESULT"),
    ...rows.map((r) => line(r[0], r[1], r[2], paint(r[3]))),
    ...result.results.flatMap((r) =>
      r.notes.map((n) => `note: ${r.type.toUpperCase()} ${r.uldId}: ${n}`)
    ),
  ].join("\n") + "\n";
}

/** `--json`: the whole result object; exit 1 with the error on stderr when it failed. */
function jsonOutcome(result: { ok: boolean; error?: string }): CliOutcome {
  return {
    code: result.ok ? 0 : 1,
    stdout: `${JSON.stringify(result, null, 2)}\n`,
    stderr: result.ok ? "" : `${result.error}\n`,
  };
}

/** Engine warnings as stderr lines (line 0 means the message as a whole). */
function warningLines(warnings: readonly { line: number; message: string }[]): string {
  return warnings.map((w) => `warning: ${w.line > 0 ? `line ${w.line}: ` : ""}${w.message}\n`).join(
    "",
  );
}

type Command = (parsed: Parsed, files: string[], host: CliHost) => Promise<CliOutcome>;

async function ffm2uws(parsed: Parsed, files: string[], host: CliHost): Promise<CliOutcome> {
  const bad = checkFlags(parsed, ["--second-dest", "--show-per", "--json"]);
  if (bad !== null) return fail(bad);
  if (files.length !== 1) return fail(`ffm2uws takes one FILE\n\n${USAGE}`);
  const text = await read(host, files[0]);
  if (typeof text !== "string") return text;
  const second = parsed.flags.get("--second-dest");
  const result = convertFfm(text, {
    secondDestination: typeof second === "string" ? second : undefined,
    showPerInUws: parsed.flags.has("--show-per"),
  });
  const warnings = warningLines(result.warnings);
  if (parsed.flags.has("--json")) return jsonOutcome(result);
  if (!result.ok) return { code: 1, stdout: "", stderr: `${warnings}${result.error}\n` };
  return { code: 0, stdout: `${result.uwsOutput}\n`, stderr: warnings };
}

async function match(parsed: Parsed, files: string[], host: CliHost): Promise<CliOutcome> {
  const bad = checkFlags(parsed, ["--json"]);
  if (bad !== null) return fail(bad);
  if (files.length !== 2) return fail(`match takes UWS_FILE and NTM_FILE\n\n${USAGE}`);
  const uws = await read(host, files[0]);
  if (typeof uws !== "string") return uws;
  const ntm = await read(host, files[1]);
  if (typeof ntm !== "string") return ntm;
  const result = matchUwsNtm(uws, ntm);
  if (parsed.flags.has("--json")) return jsonOutcome(result);
  if (!result.ok) return fail(result.error ?? result.message);
  return { code: 0, stdout: matchTable(result, host.color), stderr: "" };
}

async function uld(parsed: Parsed, files: string[], host: CliHost): Promise<CliOutcome> {
  const bad = checkFlags(parsed, ["--rented", "--json"]);
  if (bad !== null) return fail(bad);
  if (files.length !== 1) return fail(`uld takes one FILE\n\n${USAGE}`);
  const rentedText = parsed.flags.get("--rented");
  let rentedCodes: string[] | undefined;
  if (rentedText !== undefined) {
    const codes = parseRentedCodes(typeof rentedText === "string" ? rentedText : "");
    if (!codes.ok) return fail(codes.error);
    rentedCodes = codes.codes;
  }
  const text = await read(host, files[0]);
  if (typeof text !== "string") return text;
  const result = extractUlds(text, { rentedCodes });
  const warnings = warningLines(result.warnings);
  if (parsed.flags.has("--json")) return jsonOutcome(result);
  if (!result.ok) return { code: 1, stdout: "", stderr: `${warnings}${result.error}\n` };
  return { code: 0, stdout: uldReport(result, host.color), stderr: warnings };
}

/** A number flag's value, undefined when absent, or the error text. */
function numberFlag(parsed: Parsed, name: string): number | undefined | string {
  const value = parsed.flags.get(name);
  if (value === undefined) return undefined;
  const n = Number(value);
  return typeof value === "string" && value.trim() !== "" && Number.isFinite(n) && n >= 0
    ? n
    : `${name} needs a number of 0 or more`;
}

async function flight(parsed: Parsed, files: string[], host: CliHost): Promise<CliOutcome> {
  const bad = checkFlags(parsed, [
    "--second-dest",
    "--show-per",
    "--tolerance-kg",
    "--tolerance-percent",
    "--json",
  ]);
  if (bad !== null) return fail(bad);
  if (files.length !== 1) return fail(`flight takes one FILE\n\n${USAGE}`);
  const toleranceKg = numberFlag(parsed, "--tolerance-kg");
  const tolerancePercent = numberFlag(parsed, "--tolerance-percent");
  for (const t of [toleranceKg, tolerancePercent]) if (typeof t === "string") return fail(t);
  const text = await read(host, files[0]);
  if (typeof text !== "string") return text;
  const second = parsed.flags.get("--second-dest");
  const result = checkFlight(text, {
    secondDestination: typeof second === "string" ? second : undefined,
    showPerInUws: parsed.flags.has("--show-per"),
    toleranceKg: toleranceKg as number | undefined,
    tolerancePercent: tolerancePercent as number | undefined,
  });
  const warnings = warningLines(result.warnings);
  if (parsed.flags.has("--json")) return jsonOutcome(result);
  if (!result.ok) return { code: 1, stdout: "", stderr: `${warnings}${result.error}\n` };
  return { code: 0, stdout: `${result.report}\n`, stderr: warnings };
}

const COMMANDS: Record<string, Command> = { ffm2uws, match, uld, flight };

/** Runs one cargo command; never throws. */
export async function runCli(args: readonly string[], host: CliHost): Promise<CliOutcome> {
  const parsed = parseArgs(args);
  if (typeof parsed === "string") return fail(`${parsed}\n\n${USAGE}`);
  const [command, ...files] = parsed.positional;
  if (command === undefined || command === "help" || parsed.flags.has("--help")) {
    return { code: command === undefined ? 1 : 0, stdout: USAGE, stderr: "" };
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) return fail(`Unknown command ${command}\n\n${USAGE}`);
  return await run(parsed, files, host);
}
