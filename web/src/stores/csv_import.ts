// The CSV User Import page's state: the CSV text (pasted or read from a file), the checked preview,
// and the save through POST /api/users/import, which checks the same text again and creates or
// updates each user by employee code (new ones start without a password).

import { create } from "zustand";
import type { ImportCheck } from "../../../api/rules/user_import.ts";
import { api, unwrap } from "../api/client.ts";
import { checkUsersCsv, resultsCsv, resultsFileName } from "../admin/csv_users.ts";
import { plural } from "../numbers.ts";

/** A status line of the page. */
export interface CsvStatus {
  ok: boolean;
  text: string;
}

/** What the server answered to a save. */
export interface SaveOutcome {
  created: number;
  updated: number;
  /** Users that could not be written, one message each (the others were saved). */
  failed: string[];
  message: string;
}

/** CSV import state and actions. */
export interface CsvImportState {
  text: string;
  /** Name of the uploaded file, or null for pasted text. */
  fileName: string | null;
  /** The last 'Import Users' check, for the text it was made on; editing the text drops it. */
  check: ImportCheck | null;
  status: CsvStatus | null;
  /** Users being saved (0 when idle). */
  saving: number;
  saved: SaveOutcome | null;
  /** Why the server refused the whole save, one line per row. */
  refused: string[];
  setText(text: string): void;
  /** Reads an uploaded file into the text. */
  loadFile(file: File): Promise<void>;
  /** 'Import Users': parses and validates the text. */
  runImport(): void;
  /** 'Save to Database'. */
  save(): Promise<void>;
  /** The results file, or null after saying 'No import results to download'. */
  resultsFile(now?: Date): { name: string; content: string } | null;
  reset(): void;
}

const EMPTY = {
  text: "",
  fileName: null,
  check: null,
  status: null,
  saving: 0,
  saved: null,
  refused: [],
};

const message = (err: unknown) => err instanceof Error ? err.message : String(err);

/** The status line of a save the server refused or never heard. */
function saveFailure(err: unknown): string {
  return `Error saving users to database: ${message(err)}`;
}

/**
 * Sends the CSV as a file to POST /api/users/import: the server's outcome, or the error with the
 * rows a refused import names.
 */
async function upload(
  text: string,
  fileName: string | null,
): Promise<{ outcome: SaveOutcome } | { error: unknown; refused: string[] }> {
  let refused: string[] = [];
  try {
    const form = new FormData();
    form.append("file", new File([text], fileName ?? "import.csv", { type: "text/csv" }));
    const data = await unwrap(
      api.api.users.import.$post({}, { init: { body: form } }).then(async (res) => {
        // a refused import names its rows; unwrap keeps the message, this keeps the rows
        if (res.status === 400) {
          const body = await res.clone().json().catch(() => null) as { errors?: unknown } | null;
          if (Array.isArray(body?.errors)) refused = body.errors.map(String);
        }
        return res;
      }),
    );
    return {
      outcome: {
        created: data.created,
        updated: data.updated,
        failed: data.failed,
        message: data.message,
      },
    };
  } catch (error) {
    return { error, refused };
  }
}

/** The CSV import store. */
export const useCsvImport = create<CsvImportState>()((set, get) => ({
  ...EMPTY,

  setText(text) {
    set({ text, fileName: null, check: null, saved: null, refused: [], status: null });
  },

  async loadFile(file) {
    try {
      const text = await file.text();
      set({ text, fileName: file.name, check: null, saved: null, refused: [], status: null });
    } catch (err) {
      set({ status: { ok: false, text: `Error importing CSV: ${message(err)}` } });
    }
  },

  runImport() {
    const { text } = get();
    if (text.trim() === "") {
      set({
        check: null,
        status: { ok: false, text: "Please upload a CSV file or paste CSV content" },
      });
      return;
    }
    try {
      const check = checkUsersCsv(text);
      const n = check.errors.length;
      set({
        check,
        saved: null,
        refused: [],
        status: n > 0
          ? { ok: false, text: `${plural(n, "error")} found: nothing can be saved` }
          : { ok: true, text: `${check.users.length} users ready to save` },
      });
    } catch (err) {
      set({ check: null, status: { ok: false, text: `Error importing CSV: ${message(err)}` } });
    }
  },

  async save() {
    const { check, text, fileName, saving } = get();
    if (saving > 0) return;
    if (check === null || check.errors.length > 0 || check.users.length === 0) {
      set({ status: { ok: false, text: "No valid import data to save" } });
      return;
    }
    set({ saving: check.users.length, saved: null, refused: [], status: null });
    try {
      const sent = await upload(text, fileName);
      if ("outcome" in sent) {
        const { outcome } = sent;
        set({ saved: outcome, status: { ok: outcome.failed.length === 0, text: outcome.message } });
      } else {
        set({ refused: sent.refused, status: { ok: false, text: saveFailure(sent.error) } });
      }
    } finally {
      set({ saving: 0 });
    }
  },

  resultsFile(now = new Date()) {
    const users = get().check?.users ?? [];
    if (users.length === 0) {
      set({ status: { ok: false, text: "No import results to download" } });
      return null;
    }
    return { name: resultsFileName(now), content: resultsCsv(users) };
  },

  reset() {
    set({ ...EMPTY });
  },
}));
