// The CSV User Import page's state: the CSV text (pasted or read from a file), the checked preview,
// and the save through POST /api/users/import. 'Import Users' checks the text with the shared
// rules (station scope included) and then asks the import's dry run for what needs the store, so
// the preview refuses exactly the rows the save would; the save checks the same text again and
// creates or updates each user by employee code (new ones start without a password).

import { create } from "zustand";
import type { ImportCheck, ImportMessage } from "../../../../../api/rules/user_import.ts";
import { checkUsersCsv, resultsCsv, resultsFileName } from "./csv_users.ts";
import {
  dryRunImport,
  type ExistingChoice,
  type ExistingRow,
  saveImport,
  type SaveOutcome,
} from "./import_calls.ts";
import { TOOLS_CSV } from "./texts/tools_csv.ts";
import { text } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";
import { useSession } from "../../shell/session.ts";

export type { SaveOutcome } from "./import_calls.ts";

/** A status line of the page. */
export interface CsvStatus {
  ok: boolean;
  text: string;
}

/** CSV import state and actions. */
export interface CsvImportState {
  text: string;
  /** Name of the uploaded file, or null for pasted text. */
  fileName: string | null;
  /** The last 'Import Users' check, for the text it was made on; editing the text drops it. */
  check: ImportCheck | null;
  /** Whether the server's dry run agreed with the check (false: it could not be asked). */
  serverChecked: boolean;
  /** 'Import Users' is checking the text (the dry run is under way). */
  checking: boolean;
  status: CsvStatus | null;
  /** Users being saved (0 when idle). */
  saving: number;
  saved: SaveOutcome | null;
  /** Why the server refused the whole save, one line per row. */
  refused: ImportMessage[];
  /** The rows the dry run found rewriting accounts that exist (issue 52 item 7). */
  existing: ExistingRow[];
  /** What the save does with them; none chosen yet: the save asks first. */
  existingChoice: ExistingChoice | null;
  setText(text: string): void;
  /** Overwrite or skip the rows of existing accounts. */
  chooseExisting(choice: ExistingChoice): void;
  /** Reads an uploaded file into the text. */
  loadFile(file: File): Promise<void>;
  /** 'Import Users': checks the text (waiting for a file still being read), then the dry run. */
  runImport(): Promise<void>;
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
  serverChecked: false,
  checking: false,
  status: null,
  saving: 0,
  saved: null,
  refused: [],
  existing: [],
  existingChoice: null,
};

/** The message of a failure, in the language shown (the server's and the rules' messages too). */
const message = (err: unknown) => serverText(err instanceof Error ? err.message : String(err));

/** A text of the page's catalogue. */
type Key = (typeof TOOLS_CSV.keys)[number];

/** A status line in the language shown. */
const said = (ok: boolean, key: Key, values?: Record<string, string>): CsvStatus => ({
  ok,
  text: text(TOOLS_CSV, key, values),
});

/** The status line of a save the server refused or never heard. */
function saveFailure(err: unknown): CsvStatus {
  return said(false, "saveError", { message: message(err) });
}

/** The status line of a check that found errors (made when said, in the language shown). */
const blocked = () => said(false, "blockedStatus");

/** The file being read: 'Import Users' clicked meanwhile waits for it instead of finding no text
 * (the first click after choosing a file was lost). */
let reading: Promise<void> = Promise.resolve();

/** Counts the checks started: the answer of an older one is dropped. */
let checks = 0;

type Set = (partial: Partial<CsvImportState>) => void;
type Get = () => CsvImportState;

/** 'Import Users': the shared rules first (no call when they refuse), then the server's dry run
 * for the accounts and emails that exist. */
async function runImport(set: Set, get: Get): Promise<void> {
  await reading;
  const { text, fileName } = get();
  const mine = ++checks;
  const none = {
    check: null,
    serverChecked: false,
    saved: null,
    refused: [],
    existing: [],
    existingChoice: null,
  };
  if (text.trim() === "") {
    set({ ...none, status: said(false, "noText") });
    return;
  }
  const actor = useSession.getState().user;
  if (actor === null) {
    set({ ...none, status: said(false, "loginFirst") });
    return;
  }
  let check: ImportCheck;
  try {
    check = checkUsersCsv(text, actor);
  } catch (err) {
    set({ ...none, status: said(false, "importError", { message: message(err) }) });
    return;
  }
  if (check.errors.length > 0) {
    set({ ...none, check, status: blocked() });
    return;
  }
  set({ ...none, checking: true, status: said(true, "checking") });
  try {
    const server = await dryRunImport(text, fileName);
    if (mine !== checks || get().text !== text) return;
    if (server.errors.length > 0) {
      const refused = { users: [], errors: server.errors, warnings: server.warnings };
      set({ check: refused, serverChecked: true, status: blocked() });
    } else {
      set({
        check,
        serverChecked: true,
        existing: server.existing,
        status: { ok: true, text: serverText(server.said) },
      });
    }
  } catch (err) {
    if (mine !== checks || get().text !== text) return;
    set({
      check,
      serverChecked: false,
      status: said(false, "notAsked", { message: message(err) }),
    });
  } finally {
    if (mine === checks) set({ checking: false });
  }
}

/** The CSV import store. */
export const useCsvImport = create<CsvImportState>()((set, get) => ({
  ...EMPTY,

  setText(text) {
    checks++;
    set({ ...EMPTY, text, saving: get().saving });
  },

  loadFile(file) {
    checks++;
    set({ ...EMPTY, text: get().text, saving: get().saving });
    reading = file.text().then(
      (text) => set({ text, fileName: file.name }),
      (err) => set({ status: said(false, "importError", { message: message(err) }) }),
    );
    return reading;
  },

  runImport: () => runImport(set, get),

  chooseExisting: (existingChoice) => set({ existingChoice }),

  async save() {
    const { check, text, fileName, saving, existing, existingChoice } = get();
    if (saving > 0) return;
    if (check === null || check.errors.length > 0 || check.users.length === 0) {
      set({ status: said(false, "noValidData") });
      return;
    }
    // rows that rewrite accounts are saved only as the admin chose: overwrite or skip
    if (existing.length > 0 && existingChoice === null) {
      set({ status: said(false, "chooseExisting") });
      return;
    }
    set({ saving: check.users.length, saved: null, refused: [], status: null });
    try {
      const sent = await saveImport(text, fileName, existingChoice ?? "overwrite");
      if ("outcome" in sent) {
        const { outcome } = sent;
        const status = { ok: outcome.failed.length === 0, text: serverText(outcome.said) };
        set({ saved: outcome, status });
      } else {
        set({ refused: sent.refused, status: saveFailure(sent.error) });
      }
    } finally {
      set({ saving: 0 });
    }
  },

  resultsFile(now = new Date()) {
    const users = get().check?.users ?? [];
    if (users.length === 0) {
      set({ status: said(false, "noResults") });
      return null;
    }
    return { name: resultsFileName(now), content: resultsCsv(users) };
  },

  reset() {
    set({ ...EMPTY });
  },
}));
