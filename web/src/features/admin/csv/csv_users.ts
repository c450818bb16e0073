// The CSV page's own files: the template, the results download and their names. The rules that
// read an import are the API's (api/rules/user_import.ts), so the preview says exactly what the
// server decides; what needs the store, the preview asks the server's dry run (csv_import.ts).
// The header row stays in English in every language: it is the file's format, which the import
// (browser and server alike) reads; the file names are in the language shown.

import { type AccountField, IMPORT_FIELDS } from "../../../../../api/rules/account_fields.ts";
import { csvFile } from "../../../../../api/rules/csv.ts";
import {
  checkImport,
  type ImportCheck,
  type ImportedUser,
  type Importer,
} from "../../../../../api/rules/user_import.ts";
import { TOOLS_CSV } from "./texts/tools_csv.ts";
import { text } from "../../../i18n/i18n.ts";

/** File name of the template download (spec 2.12: user_import_template.csv in English). */
export function templateFileName(): string {
  return text(TOOLS_CSV, "templateFile");
}

/** The media type of the CSV downloads (the template and the results). */
export const CSV_MEDIA_TYPE = "text/csv;charset=utf-8";

/** The import's fields in the template's order (rules/account_fields.ts). */
const IMPORTED: readonly AccountField[] = IMPORT_FIELDS;

/** The key of a field's value in an imported row. */
const keyOf = (f: AccountField) => (f.importColumn!.key ?? f.name) as keyof ImportedUser;

/** Columns of the template and of the results download, in the order the import reads best (the
 * import's own header names, in English whatever the language shown). */
export const COLUMNS: readonly string[] = IMPORTED.map((f) => f.importColumn!.header);

/** The template's two example rows (the second with a comma in a cell), by column. */
const EXAMPLES: Partial<Record<keyof ImportedUser, string>>[] = [
  {
    employeeCode: "E1001",
    fullName: "Ahmed Hassan",
    email: "ahmed.hassan@example.com",
    station: "CAI",
    jobTitle: "Load Controller",
    position: "Senior",
    workPhone: "+20 2 1234 5678",
    gender: "Male",
    department: "Ramp",
  },
  {
    employeeCode: "E1002",
    fullName: "Mona Adel",
    email: "mona.adel@example.com",
    station: "HBE",
    jobTitle: "Cargo Agent",
    gender: "Female",
    department: "Cargo, Import",
  },
];

/** The template: the header and the example rows (a cell with a comma in double quotes). */
export const TEMPLATE_CSV = [
  COLUMNS.join(","),
  ...EXAMPLES.map((row) =>
    IMPORTED.map((f) => {
      const cell = row[keyOf(f)] ?? "";
      return cell.includes(",") ? `"${cell}"` : cell;
    }).join(",")
  ),
].join("\r\n") + "\r\n";

/** Reads and checks an import by the signed-in `actor` with the server's rules (station scope
 * included) and the spec's messages. */
export function checkUsersCsv(text: string, actor: Importer): ImportCheck {
  return checkImport(text, actor);
}

/** The users ready to import as CSV in the template's columns, so the file imports again as is. */
export function resultsCsv(users: readonly ImportedUser[]): string {
  // the shared writer: a byte order mark, and no cell a spreadsheet would run as a formula
  return csvFile(COLUMNS, users.map((u) => IMPORTED.map((f) => String(u[keyOf(f)] ?? ""))));
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
