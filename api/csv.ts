// CSV of users: reading (RFC 4180 quoting), the spec's import rules and messages (spec 002
// section 5), and the export (UTF-8 with BOM, never a hash).

import type { PublicUser } from "./store.ts";

/** Splits CSV text into rows of cells; quotes may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] | string {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (quoted) return "CSV parsing error: a quoted cell is not closed";
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

/** One cell of CSV output, quoted when it needs to be. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Columns the import reads, with the header names and aliases that map to them. */
const COLUMNS = {
  employeeCode: ["employeecode", "employee code", "code", "empcode"],
  fullName: ["fullname", "full name", "name"],
  email: ["email", "e-mail"],
  station: ["station", "stn"],
  jobTitle: ["jobtitle", "job title", "title"],
  position: ["position"],
  workPhone: ["workphone", "work phone", "phone"],
  gender: ["gender", "sex"],
  department: ["department"],
} as const;

type Column = keyof typeof COLUMNS;
const LABEL: Record<Column, string> = {
  employeeCode: "Employee Code",
  fullName: "Full Name",
  email: "Email",
  station: "Station",
  jobTitle: "Job Title",
  position: "Position",
  workPhone: "Work Phone",
  gender: "Gender",
  department: "Department",
};
const REQUIRED: Column[] = ["employeeCode", "fullName", "email", "station"];

/** A user read from an import row. */
export interface ImportedUser {
  employeeCode: string;
  fullName: string;
  firstName: string;
  lastName: string;
  email: string;
  station: string;
  jobTitle: string;
  position: string;
  workPhone: string;
  gender: "Male" | "Female";
  department: string;
  row: number;
}

/** The outcome of reading an import: users ready, or errors that block it all, with warnings. */
export interface ImportCheck {
  users: ImportedUser[];
  errors: string[];
  warnings: string[];
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads and validates an import with the spec's rules and messages. */
export function checkImport(text: string): ImportCheck {
  const rows = parseCsv(text);
  if (typeof rows === "string") return { users: [], errors: [rows], warnings: [] };
  if (rows.length === 0) return { users: [], errors: ["No data rows found in CSV"], warnings: [] };
  if (rows.length < 2) {
    return {
      users: [],
      errors: ["CSV must have at least a header row and one data row"],
      warnings: [],
    };
  }
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const index = new Map<Column, number>();
  for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const at = header.findIndex((h) => names.includes(h));
    if (at !== -1) index.set(column, at);
  }
  const errors: string[] = [];
  const warnings: string[] = [];
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0) {
    errors.push(
      `Missing column${missing.length > 1 ? "s" : ""}: ${missing.map((c) => LABEL[c]).join(", ")}`,
    );
  }
  const users: ImportedUser[] = [];
  const codes = new Map<string, number>();
  const emails = new Map<string, number>();
  for (let r = 1; r < rows.length; r++) {
    const n = r + 1; // rows as a spreadsheet numbers them, the header being row 1
    const cells = rows[r];
    if (cells.length !== header.length) {
      errors.push(
        `Row ${n}: Column count mismatch. Expected ${header.length}, got ${cells.length}`,
      );
      continue;
    }
    const get = (c: Column) => (index.has(c) ? cells[index.get(c)!].trim() : "");
    for (const c of REQUIRED) {
      if (index.has(c) && get(c) === "") errors.push(`Row ${n}: ${LABEL[c]} is required`);
    }
    const email = get("email");
    if (email !== "" && !EMAIL_RE.test(email)) errors.push(`Row ${n}: Invalid email format`);
    const genderText = get("gender");
    const gender = genderText === ""
      ? "Male"
      : genderText.charAt(0).toUpperCase() + genderText.slice(1).toLowerCase();
    if (gender !== "Male" && gender !== "Female") {
      errors.push(`Row ${n}: Gender must be 'Male' or 'Female'`);
    }
    let jobTitle = get("jobTitle");
    if (jobTitle === "") {
      warnings.push(`Row ${n}: Job Title is missing; 'Employee' is used`);
      jobTitle = "Employee";
    }
    const code = get("employeeCode").toUpperCase();
    if (code !== "" && !/^[A-Z0-9._-]{1,40}$/.test(code)) {
      errors.push(`Row ${n}: Employee Code has letters, digits, '.', '_' or '-' only`);
    }
    if (code !== "" && codes.has(code)) {
      warnings.push(`Row ${n}: Duplicate employee code ${code} (also row ${codes.get(code)})`);
    }
    if (email !== "" && emails.has(email.toLowerCase())) {
      warnings.push(
        `Row ${n}: Duplicate email ${email} (also row ${emails.get(email.toLowerCase())})`,
      );
    }
    codes.set(code, n);
    emails.set(email.toLowerCase(), n);
    const station = get("station").toUpperCase();
    if (station.length > 3) errors.push(`Row ${n}: Station has at most 3 characters`);
    const fullName = get("fullName");
    const parts = fullName.split(/\s+/).filter((p) => p !== "");
    users.push({
      employeeCode: code,
      fullName,
      firstName: parts[0] ?? "",
      lastName: parts.slice(1).join(" "),
      email,
      station,
      jobTitle,
      position: get("position"),
      workPhone: get("workPhone"),
      gender: gender === "Female" ? "Female" : "Male",
      department: get("department"),
      row: n,
    });
  }
  return { users: errors.length > 0 ? [] : users, errors, warnings };
}

/** Export columns: the user fields staff work with, never a hash. */
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

/** Users as CSV: UTF-8 with a byte order mark, CRLF line ends. */
export function usersCsv(users: readonly PublicUser[]): string {
  const lines = [EXPORT.map(([name]) => name).join(",")];
  for (const u of users) lines.push(EXPORT.map(([, get]) => csvCell(get(u))).join(","));
  return `\ufeff${lines.join("\r\n")}\r\n`;
}
