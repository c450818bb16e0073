// The CSV user import's rules and messages (spec 002 section 5), with the create form's limits
// and duplicates inside a file as errors: the browser's preview and the server's import read a
// file with this one function, so they can never disagree. Pure: no Deno, KV or Hono.

import { parseCsv, unprotectCell } from "./csv.ts";
import { CODE_RE, CODE_RULE, FIELD_MAX, INVALID_EMAIL, isEmail, tooLong } from "./user_fields.ts";

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
const MAX: Record<Column, number> = {
  employeeCode: FIELD_MAX.employeeCode,
  fullName: FIELD_MAX.fullName,
  email: FIELD_MAX.email,
  station: FIELD_MAX.station,
  jobTitle: FIELD_MAX.jobTitle,
  position: FIELD_MAX.position,
  workPhone: FIELD_MAX.phone,
  gender: 6,
  department: FIELD_MAX.department,
};
const REQUIRED: Column[] = ["employeeCode", "fullName", "email", "station"];

/** Rows one import may hold (a bigger file is split by the administrator). */
export const MAX_IMPORT_ROWS = 5000;

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

/** The header's columns, or the error of a header without the required ones. */
function readHeader(header: string[]): Map<Column, number> | string {
  const names = header.map((h) => h.trim().toLowerCase());
  const index = new Map<Column, number>();
  for (const [column, aliases] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const at = names.findIndex((h) => aliases.includes(h));
    if (at !== -1) index.set(column, at);
  }
  const missing = REQUIRED.filter((c) => !index.has(c));
  return missing.length === 0
    ? index
    : `Missing column${missing.length > 1 ? "s" : ""}: ${missing.map((c) => LABEL[c]).join(", ")}`;
}

/** Reads and validates an import with the spec's rules and messages; any error blocks it all. */
export function checkImport(text: string): ImportCheck {
  const rows = parseCsv(text);
  const none = (error: string): ImportCheck => ({ users: [], errors: [error], warnings: [] });
  if (typeof rows === "string") return none(rows);
  if (rows.length === 0) return none("No data rows found in CSV");
  if (rows.length < 2) return none("CSV must have at least a header row and one data row");
  if (rows.length - 1 > MAX_IMPORT_ROWS) {
    return none(`An import holds at most ${MAX_IMPORT_ROWS} users; split the file`);
  }
  const header = rows[0];
  const index = readHeader(header);
  const errors: string[] = typeof index === "string" ? [index] : [];
  const columns = typeof index === "string" ? new Map<Column, number>() : index;
  const warnings: string[] = [];
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
    const get = (c: Column) =>
      columns.has(c) ? unprotectCell(cells[columns.get(c)!].trim()).trim() : "";
    const rowErrors: string[] = [];
    for (const c of Object.keys(COLUMNS) as Column[]) {
      const value = get(c);
      if (REQUIRED.includes(c) && columns.has(c) && value === "") {
        rowErrors.push(`${LABEL[c]} is required`);
      } else if (value.length > MAX[c]) rowErrors.push(tooLong(LABEL[c], MAX[c]));
    }
    const email = get("email");
    if (email !== "" && email.length <= MAX.email && !isEmail(email)) rowErrors.push(INVALID_EMAIL);
    const genderText = get("gender");
    const gender = genderText === ""
      ? "Male"
      : genderText.charAt(0).toUpperCase() + genderText.slice(1).toLowerCase();
    if (gender !== "Male" && gender !== "Female") {
      rowErrors.push("Gender must be 'Male' or 'Female'");
    }
    const code = get("employeeCode").toUpperCase();
    if (code !== "" && code.length <= MAX.employeeCode && !CODE_RE.test(code)) {
      rowErrors.push(CODE_RULE);
    }
    // the same person twice in one file: which row should win is the administrator's choice
    if (code !== "" && codes.has(code)) {
      rowErrors.push(`Employee code ${code} is also in row ${codes.get(code)}`);
    }
    const emailKey = email.toLowerCase();
    if (email !== "" && emails.has(emailKey)) {
      rowErrors.push(`Email ${email} is also in row ${emails.get(emailKey)}`);
    }
    if (code !== "" && !codes.has(code)) codes.set(code, n);
    if (email !== "" && !emails.has(emailKey)) emails.set(emailKey, n);
    errors.push(...rowErrors.map((e) => `Row ${n}: ${e}`));
    let jobTitle = get("jobTitle");
    if (jobTitle === "") {
      warnings.push(`Row ${n}: Job Title is missing; 'Employee' is used`);
      jobTitle = "Employee";
    }
    const fullName = get("fullName");
    const parts = fullName.split(/\s+/).filter((p) => p !== "");
    users.push({
      employeeCode: code,
      fullName,
      firstName: (parts[0] ?? "").slice(0, FIELD_MAX.firstName),
      lastName: parts.slice(1).join(" ").slice(0, FIELD_MAX.lastName),
      email,
      station: get("station").toUpperCase(),
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
