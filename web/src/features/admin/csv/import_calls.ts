// The CSV import's calls: the save (POST /api/users/import) and its dry run (?dryRun=true), which
// checks the file against the store exactly as the save does and writes nothing. Both send the
// CSV as a file, as the spec's upload does.

import type { ImportMessage } from "../../../../../api/rules/user_import.ts";
import type { AuditChange } from "../../../../../api/rules/audit.ts";
import type { ServerMessage } from "../../../i18n/server_text.ts";
import { api, unwrap } from "../../../lib/api/client.ts";
import { TOOLS_CSV } from "./texts/tools_csv.ts";
import { text as said } from "../../../i18n/i18n.ts";

/** A row of the file that names an account that exists, with the fields it would change. */
export interface ExistingRow {
  row: number;
  employeeCode: string;
  changes: AuditChange[];
}

/** What a save does with the rows of accounts that exist. */
export type ExistingChoice = "overwrite" | "skip";

/** What the server answered to a save. */
export interface SaveOutcome {
  created: number;
  updated: number;
  /** Rows of existing accounts left as they were (the admin chose to skip them). */
  skipped: number;
  /** Users that could not be written, one message each (the others were saved). */
  failed: string[];
  /** The outcome in words (its code, values and English text). */
  said: ServerMessage;
}

/** What the dry run answered: the errors a save would refuse the file with, or what it would do. */
export interface DryRunOutcome {
  errors: ImportMessage[];
  warnings: ImportMessage[];
  created: number;
  updated: number;
  /** The rows that would rewrite an account that exists. */
  existing: ExistingRow[];
  said: ServerMessage;
}

/** The CSV as the multipart body of the import. */
function csvForm(text: string, fileName: string | null): FormData {
  const form = new FormData();
  form.append("file", new File([text], fileName ?? "import.csv", { type: "text/csv" }));
  return form;
}

/** Checks the CSV against the store as a save would, writing nothing; throws ApiError when the
 * server could not be asked. */
export async function dryRunImport(text: string, fileName: string | null): Promise<DryRunOutcome> {
  const data = await unwrap(
    api.api.users.import.$post({ query: { dryRun: "true" } }, {
      init: { body: csvForm(text, fileName) },
    }),
  );
  if (!("dryRun" in data)) throw new Error(said(TOOLS_CSV, "savedInsteadOfChecking"));
  const { errors, warnings, created, updated, existing, code, params, message } = data;
  // a server before issue 52 answers no rows of existing accounts
  return {
    errors,
    warnings,
    created,
    updated,
    existing: existing ?? [],
    said: { code, params, message },
  };
}

/**
 * Saves the CSV: the server's outcome, or the error with the rows a refused import names.
 */
export async function saveImport(
  text: string,
  fileName: string | null,
  existing: ExistingChoice,
): Promise<{ outcome: SaveOutcome } | { error: unknown; refused: ImportMessage[] }> {
  let refused: ImportMessage[] = [];
  try {
    const data = await unwrap(
      api.api.users.import.$post({ query: { existing } }, {
        init: { body: csvForm(text, fileName) },
      }).then(
        async (res) => {
          // a refused import names its rows; unwrap keeps the message, this keeps the rows
          if (res.status === 400) {
            const body = await res.clone().json().catch(() => null) as
              | { errors?: unknown }
              | null;
            if (Array.isArray(body?.errors)) refused = body.errors as ImportMessage[];
          }
          return res;
        },
      ),
    );
    if ("dryRun" in data) throw new Error(said(TOOLS_CSV, "checkedInsteadOfSaving"));
    const { created, updated, skipped, failed, code, params, message } = data;
    const outcome = { created, updated, skipped: skipped ?? 0, failed };
    return { outcome: { ...outcome, said: { code, params, message } } };
  } catch (error) {
    return { error, refused };
  }
}
