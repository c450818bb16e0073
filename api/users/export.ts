// The users' CSV export: its columns (the fields staff work with, never a hash), each cell written
// by the shared CSV rules so that no cell runs as a formula in a spreadsheet.

import { csvCell } from "../rules/csv.ts";
import type { PublicUser } from "../store.ts";

/** Export columns and how each is read from a user. */
const EXPORT: [string, (u: PublicUser) => unknown][] = [
  ["Employee Code", (u) => u.employeeCode],
  ["First Name", (u) => u.firstName],
  ["Last Name", (u) => u.lastName],
  ["Full Name", (u) => u.fullName],
  ["Email", (u) => u.email],
  ["Phone", (u) => u.phone],
  ["Station", (u) => u.station],
  ["Department", (u) => u.department],
  ["Job Title", (u) => u.jobTitle],
  ["Position", (u) => u.position],
  ["Gender", (u) => u.gender],
  ["Role", (u) => u.role],
  ["Active", (u) => (u.isActive ? "Yes" : "No")],
  ["Locked Until", (u) => u.lockedUntil ?? ""],
  ["Password Expiry", (u) => u.passwordExpiry ?? ""],
  ["Apps", (u) => u.accessibleApps.join(" ")],
  ["Last Login", (u) => u.lastLogin ?? ""],
  ["Created At", (u) => u.createdAt],
];

/** The export's first line (with the byte order mark). */
export const EXPORT_HEADER = `\ufeff${EXPORT.map(([name]) => csvCell(name)).join(",")}\r\n`;

/** One user's line of the export. */
export function exportLine(u: PublicUser): string {
  return `${EXPORT.map(([, get]) => csvCell(get(u))).join(",")}\r\n`;
}
