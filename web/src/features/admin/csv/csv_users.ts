// The CSV page's own files: the template, the results download and their names. The rules that
// read an import are the API's (api/rules/user_import.ts), so the preview says exactly what the
// server decides; what needs the store, the preview asks the server's dry run (csv_import.ts).
// The header row stays in English in every language: it is the file's format, which the import
// (browser and server alike) reads; the file names are in the language shown.

import { csvFile } from "../../../../../api/rules/csv.ts";
import {
  checkImport,
  type ImportCheck,
  type ImportedUser,
  type Importer,
} from "../../../../../api/rules/user_import.ts";
import { TOOLS_CSV } from "../../../i18n/areas/tools_csv.ts";
import { text } from "../../../i18n/i18n.ts";

/** File name of the template download (spec 2.12: user_import_template.csv in English). */
export function templateFileName(): string {
  return text(TOOLS_CSV, "templateFile");
}

/** The media type of the CSV downloads (the template and the results). */
export const CSV_MEDIA_TYPE = "text/csv;charset=utf-8";

/** Columns of the template and of the results download, in the order the import reads best (the
 * import's own header names, in English whatever the language shown). */
export const COLUMNS = [
  "Employee Code",
  "Full Name",
  "Email",
  "Station",
  "Job Title",
  "Position",
  "Work Phone",
  "Gender",
  "Department",
] as const;

/** The template: the header and two example rows (one with a quoted comma). */
export const TEMPLATE_CSV = [
  COLUMNS.join(","),
  "E1001,Ahmed Hassan,ahmed.hassan@example.com,CAI,Load Controller,Senior,+20 2 1234 5678,Male,Ramp",
  'E1002,Mona Adel,mona.adel@example.com,HBE,Cargo Agent,,,Female,"Cargo, Import"',
].join("\r\n") + "\r\n";

/** Reads and checks an import by the signed-in `actor` with the server's rules (station scope
 * included) and the spec's messages. */
export function checkUsersCsv(text: string, actor: Importer): ImportCheck {
  return checkImport(text, actor);
}

const FIELDS: readonly ((u: ImportedUser) => string)[] = [
  (u) => u.employeeCode,
  (u) => u.fullName,
  (u) => u.email,
  (u) => u.station,
  (u) => u.jobTitle,
  (u) => u.position,
  (u) => u.workPhone,
  (u) => u.gender,
  (u) => u.department,
];

/** The users ready to import as CSV in the template's columns, so the file imports again as is. */
export function resultsCsv(users: readonly ImportedUser[]): string {
  // the shared writer: a byte order mark, and no cell a spreadsheet would run as a formula
  return csvFile(COLUMNS, users.map((u) => FIELDS.map((get) => get(u))));
}

/** Name of the results download: imported_users_{YYYY-MM-DD}.csv in local time (its words in the
 * language shown). */
export function resultsFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return text(TOOLS_CSV, "resultsFile", { day });
}

/** Number of users from which a save shows its progress bar (spec: large imports). */
export const LARGE_IMPORT = 50;
