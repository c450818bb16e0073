// The `cargo uld` report: the details, the owned, rented and foreign lists with their flags, the
// ULD Type Summary; for a paste of several messages also each message, the merged lists with
// each row's message, the conflicts and the UCM balance per station. The same result the page
// shows, as text.

import type { CategoryCounts, UldEntry, UldExtraction } from "../types.ts";
import { flagWords } from "../uld/export.ts";

const FLAG_COLOURS: Record<string, string> = {
  DUPLICATE: "33",
  "4-DIGIT": "35",
  INVALID: "31",
  "OWNER-3": "36",
  "LOAD-TYPE": "36",
  CONFLICT: "31",
};

/** The title word of the owned list: the owner code in use, or `Owned` when messages differ. */
export function ownedTitle(r: UldExtraction): string {
  return r.ownerCode !== "" ? r.ownerCode : "Owned";
}

function table(rows: readonly string[][], right: readonly boolean[] = []): string[] {
  const widths = rows[0].map((_, k) => Math.max(...rows.map((r) => r[k].length)));
  return rows.map((r) =>
    r.map((cell, k) => (right[k] ? cell.padStart(widths[k]) : cell.padEnd(widths[k]))).join("  ")
      .trimEnd()
  );
}

function lists(r: UldExtraction, color: boolean, several: boolean): string[] {
  const paint = (text: string) => color ? `\x1b[${FLAG_COLOURS[text] ?? "0"}m${text}\x1b[0m` : text;
  const out: string[] = [];
  const named: [string, UldEntry[]][] = [
    [`${ownedTitle(r)} ULD List`, r.ulds.filter((u) => u.ownershipType === "Owned")],
    ["Rented ULD List", r.ulds.filter((u) => u.ownershipType === "Rented")],
    ["Foreign ULD List", r.ulds.filter((u) => u.ownershipType === "Foreign")],
  ];
  for (const [title, list] of named) {
    out.push(
      "",
      `${title} (${list.length})`,
      `${"ULD".padEnd(12)}${"B/C/X".padEnd(7)}${"Dest.".padEnd(6)}${several ? "MSG  " : ""}FLAGS`,
    );
    for (const u of list) {
      const msg = several ? String(u.message + 1).padEnd(5) : "";
      out.push(
        `${u.uldNumber.padEnd(12)}${(u.loadType || "-").padEnd(7)}${
          (u.destination || "-").padEnd(6)
        }${msg}${flagWords(u).map(paint).join(" ")}`.trimEnd(),
      );
    }
  }
  return out;
}

function summary(r: UldExtraction): string[] {
  const s = r.statistics;
  const rows: [string, CategoryCounts][] = [
    [ownedTitle(r), s.byOwnership.owned],
    ["Rented", s.byOwnership.rented],
    ["Foreign", s.byOwnership.foreign],
    ["Total", s.categories],
  ];
  return [
    "",
    "ULD Type Summary",
    `${"".padEnd(9)}${["PLT", "AKE", "PLA", "Others", "Total"].map((h) => h.padStart(7)).join("")}`,
    ...rows.map(([name, c]) =>
      `${name.padEnd(9)}${
        [c.plt, c.ake, c.pla, c.others, c.total].map((n) => String(n).padStart(7)).join("")
      }`
    ),
  ];
}

function messagesTable(r: UldExtraction): string[] {
  const rows = [["#", "TYPE", "FLIGHT", "DATE", "REG", "STATION", "MOVEMENT", "ULDS"]];
  (r.messages ?? []).forEach((m, i) =>
    rows.push([
      String(i + 1),
      m.ok ? m.messageType : "?",
      m.flightNumber || "-",
      m.flightDate || "-",
      m.aircraftRegistration || "-",
      m.senderStation || "-",
      m.ok ? m.movement || "-" : m.error ?? "-",
      String(m.statistics.total),
    ])
  );
  return ["Messages", ...table(rows, [true, false, false, false, false, false, false, true])];
}

function conflictLines(r: UldExtraction): string[] {
  if ((r.conflicts ?? []).length === 0) return ["", "Conflicts (0)"];
  const rows = [["ULD", "FIELD", "READINGS"]];
  for (const c of r.conflicts ?? []) {
    const field = c.field === "loadType" ? "B/C/X" : "Dest.";
    rows.push([
      c.uldNumber,
      field,
      c.readings.map((x) => `${x.value} (msg ${x.message + 1}, line ${x.line})`).join(" / "),
    ]);
  }
  return ["", `Conflicts (${rows.length - 1})`, ...table(rows)];
}

function balanceLines(r: UldExtraction): string[] {
  const rows = [["STATION", "IN", "OUT", "OUT WITHOUT IN", "ULDS OUT WITHOUT IN"]];
  for (const b of r.balance ?? []) {
    rows.push([
      b.station || "-",
      String(b.in),
      String(b.out),
      String(b.outWithoutIn.length),
      b.outWithoutIn.join(" ") || "-",
    ]);
  }
  return ["", "UCM Balance", ...table(rows, [false, true, true, true, false])];
}

/** The text report of an extraction that succeeded. */
export function uldReport(r: UldExtraction, color: boolean): string {
  const several = r.messages !== undefined;
  const out: string[] = [];
  const detail = (name: string, value: string) => out.push(`${name.padEnd(14)}${value || "-"}`);
  if (several) out.push(...messagesTable(r), "");
  detail("Message", several ? `${r.messages!.length} messages` : r.messageType);
  detail("Flight", r.flightNumber);
  detail("Registration", r.aircraftRegistration);
  detail("Station", r.senderStation);
  detail("Movement", r.movement);
  detail("Owner code", r.ownerCode);
  out.push(...lists(r, color, several), ...summary(r));
  if (several) out.push(...conflictLines(r), ...balanceLines(r));
  const unknown = r.ulds.filter((u) => u.ownershipType === "Unknown");
  if (unknown.length > 0) {
    out.push("", `Not sorted (no readable owner): ${unknown.map((u) => u.uldNumber).join(" ")}`);
  }
  if (r.supplementaryInfo !== "") out.push("", `SI: ${r.supplementaryInfo}`);
  return `${out.join("\n")}\n`;
}
