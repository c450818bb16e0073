// The CSV user import's rules and messages (spec 002 section 5), with the create form's limits,
// duplicates inside a file and the importer's station scope as errors: the browser's preview and
// the server's import read a file with this one function, so they can never disagree. What needs
// the store (accounts and emails that exist) the server checks in api/users/import.ts, and the
// preview asks it through the import's dry run. Pure: no Deno, KV or Hono.

import { inScope } from "./access.ts";
import type { FlagHolder } from "./flags.ts";
import { parseCsv, unprotectCell } from "./csv.ts";
import { type AccountTexts, IMPORT_FIELDS } from "./account_fields.ts";
import {
  CODE_RE,
  directionControl,
  FIELD_MAX,
  hasDirectionControl,
  isEmail,
  STATION_TYPED,
  tooLong,
} from "./user_fields.ts";
import { type Problem, say } from "./messages.ts";
import type { FieldLabel } from "./messages_fields.ts";

/** The import's columns (rules/account_fields.ts), by the key of an imported row. */
const COLUMNS = IMPORT_FIELDS.map((f) => ({
  key: (f.importColumn!.key ?? f.name) as Column,
  aliases: f.importColumn!.aliases,
  label: f.importColumn!.header,
  max: f.max,
  required: f.importColumn!.required === true,
}));

/** An import column: the key of an imported row's value. */
type Column = Exclude<keyof ImportedUser, "row" | "firstName" | "lastName">;
const LABEL = Object.fromEntries(COLUMNS.map((c) => [c.key, c.label])) as Record<Column, string>;
/** The message of a required column left empty in a row. */
const REQUIRED_MESSAGE = {
  employeeCode: "field:code_required",
  fullName: "import:full_name_required",
  email: "import:email_required",
  station: "field:station_required",
} as const;
/** Each column's label in the catalogue's length and direction messages. */
const LABEL_KEY = Object.fromEntries(
  IMPORT_FIELDS.map((f) => [f.importColumn!.key ?? f.name, f.importColumn!.title ?? f.title]),
) as Record<Column, FieldLabel>;
const MAX = Object.fromEntries(COLUMNS.map((c) => [c.key, c.max])) as Record<Column, number>;
const REQUIRED: Column[] = COLUMNS.filter((c) => c.required).map((c) => c.key);

/** Rows one import may hold (a bigger file is split by the administrator). */
export const MAX_IMPORT_ROWS = 5000;

/** A user read from an import row. */
export interface ImportedUser extends Partial<AccountTexts> {
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

/** Who imports: their role, permission flags and station decide which rows they may write. */
export type Importer = FlagHolder & { station: string };

/** Why the importer may not write a row of this station, or null: an account outside the
 * importer's stations is refused, as the create form refuses it (design 5.6). */
function scopeProblem(actor: Importer, station: string): Problem | null {
  return station === "" || inScope(actor, { station })
    ? null
    : say("import:outside_station", { station, own: actor.station });
}

/** A message of an import: its code, values and English text ('Row n: ' before the text of a
 * row's message, as it has always read), and the row it is about. */
export interface ImportMessage extends Problem {
  row?: number;
}

/** A row's message: the row named before its text. */
export function rowMessage(row: number, said: Problem): ImportMessage {
  return { ...said, row, message: `Row ${row}: ${said.message}` };
}

/** The outcome of reading an import: users ready, or errors that block it all, with warnings. */
export interface ImportCheck {
  users: ImportedUser[];
  errors: ImportMessage[];
  warnings: ImportMessage[];
}

/** The header's columns, or the error of a header without the required ones. */
function readHeader(header: string[]): Map<Column, number> | Problem {
  const names = header.map((h) => h.trim().toLowerCase());
  const index = new Map<Column, number>();
  for (const { key, aliases } of COLUMNS) {
    const at = names.findIndex((h) => aliases.includes(h));
    if (at !== -1) index.set(key, at);
  }
  const missing = REQUIRED.filter((c) => !index.has(c));
  const columns = missing.map((c) => LABEL[c]).join(", ");
  return missing.length === 0
    ? index
    : say(missing.length > 1 ? "import:missing_columns" : "import:missing_column", { columns });
}

/** The codes and emails of earlier rows, with the row each was first in. */
interface Seen {
  codes: Map<string, number>;
  emails: Map<string, number>;
}

/** The problems of one row's cells against the limits, the email, gender and code rules, and the
 * rows before it. */
function rowProblems(get: (c: Column) => string, columns: Map<Column, number>, seen: Seen) {
  const problems: Problem[] = [];
  for (const { key: c } of COLUMNS) {
    const value = get(c);
    if (REQUIRED.includes(c) && columns.has(c) && value === "") {
      problems.push(say(REQUIRED_MESSAGE[c as keyof typeof REQUIRED_MESSAGE]));
    } else if (value.length > MAX[c]) {
      problems.push(say(tooLong(LABEL_KEY[c], MAX[c]), { max: MAX[c] }));
    } else if (hasDirectionControl(value)) problems.push(say(directionControl(LABEL_KEY[c])));
    else if (c === "station" && value !== "" && !STATION_TYPED.test(value)) {
      problems.push(say("field:station_rule"));
    }
  }
  const email = get("email");
  if (email !== "" && email.length <= MAX.email && !isEmail(email)) {
    problems.push(say("field:invalid_email"));
  }
  const gender = genderOf(get("gender"));
  if (gender !== "Male" && gender !== "Female") problems.push(say("field:gender"));
  const code = get("employeeCode").toUpperCase();
  if (code !== "" && code.length <= MAX.employeeCode && !CODE_RE.test(code)) {
    problems.push(say("field:code_rule"));
  }
  // the same person twice in one file: which row should win is the administrator's choice
  if (code !== "" && seen.codes.has(code)) {
    problems.push(say("import:code_twice", { code, row: seen.codes.get(code)! }));
  }
  const emailKey = email.toLowerCase();
  if (email !== "" && seen.emails.has(emailKey)) {
    problems.push(say("import:email_twice", { email, row: seen.emails.get(emailKey)! }));
  }
  return problems;
}

/** A gender cell as written: empty is Male, any case is accepted. */
function genderOf(text: string): string {
  return text === "" ? "Male" : text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/** The user a row describes (its checks done apart), and the warning of a missing job title. */
function rowUser(get: (c: Column) => string, n: number) {
  let jobTitle = get("jobTitle");
  const warning = jobTitle === "" ? rowMessage(n, say("import:job_title_missing")) : null;
  if (jobTitle === "") jobTitle = "Employee";
  const fullName = get("fullName");
  const parts = fullName.split(/\s+/).filter((p) => p !== "");
  const user: ImportedUser = {
    // the account's other texts as written, the fields below with their own rules
    ...Object.fromEntries(COLUMNS.map((c) => [c.key, get(c.key)])),
    employeeCode: get("employeeCode").toUpperCase(),
    fullName,
    firstName: (parts[0] ?? "").slice(0, FIELD_MAX.firstName),
    lastName: parts.slice(1).join(" ").slice(0, FIELD_MAX.lastName),
    email: get("email"),
    station: get("station").toUpperCase(),
    jobTitle,
    position: get("position"),
    workPhone: get("workPhone"),
    gender: genderOf(get("gender")) === "Female" ? "Female" : "Male",
    department: get("department"),
    row: n,
  };
  return { user, warning };
}

/** The rows of an import's text, or the error that blocks it before any row is read. */
function importRows(text: string): string[][] | Problem {
  const rows = parseCsv(text);
  if (typeof rows === "string") return say("import:quote_open");
  if (rows.length === 0) return say("import:no_rows");
  if (rows.length < 2) return say("import:header_only");
  if (rows.length - 1 > MAX_IMPORT_ROWS) return say("import:too_many", { max: MAX_IMPORT_ROWS });
  return rows;
}

/** Reads and validates an import by `actor` with the spec's rules and messages and the actor's
 * station scope; any error blocks it all. */
export function checkImport(text: string, actor: Importer): ImportCheck {
  const rows = importRows(text);
  if (!Array.isArray(rows)) return { users: [], errors: [rows], warnings: [] };
  const header = rows[0];
  const index = readHeader(header);
  const errors: ImportMessage[] = index instanceof Map ? [] : [index];
  const columns = index instanceof Map ? index : new Map<Column, number>();
  const warnings: ImportMessage[] = [];
  const users: ImportedUser[] = [];
  const seen: Seen = { codes: new Map(), emails: new Map() };
  for (let r = 1; r < rows.length; r++) {
    const n = r + 1; // rows as a spreadsheet numbers them, the header being row 1
    const cells = rows[r];
    if (cells.length !== header.length) {
      const counts = { expected: header.length, got: cells.length };
      errors.push(rowMessage(n, say("import:column_count", counts)));
      continue;
    }
    const get = (c: Column) =>
      columns.has(c) ? unprotectCell(cells[columns.get(c)!].trim()).trim() : "";
    const { user, warning } = rowUser(get, n);
    const problems = rowProblems(get, columns, seen);
    const scope = scopeProblem(actor, user.station);
    if (scope !== null) problems.push(scope);
    errors.push(...problems.map((e) => rowMessage(n, e)));
    if (user.employeeCode !== "" && !seen.codes.has(user.employeeCode)) {
      seen.codes.set(user.employeeCode, n);
    }
    const emailKey = user.email.toLowerCase();
    if (user.email !== "" && !seen.emails.has(emailKey)) seen.emails.set(emailKey, n);
    if (warning !== null) warnings.push(warning);
    users.push(user);
  }
  return { users: errors.length > 0 ? [] : users, errors, warnings };
}
