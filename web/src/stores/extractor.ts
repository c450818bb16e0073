// The ULD Extractor's state: the pasted message(s), the last extraction (run in the engine
// worker as a table, never on the main thread), the message in view (all, or one of several),
// the messages of Run, Copy and Export, and the settings (owner code and rented codes) kept in
// IndexedDB so that they hold across visits and offline.

import { get as idbGet, set as idbSet } from "idb-keyval";
import { create } from "zustand";
import type { UldTableResult } from "../../../engine/types.ts";
import type { ExportResult, GroupKey, SortKey } from "../../../engine/uld/export.ts";
import { runEngine } from "../engine/bridge.ts";
import {
  ALL,
  type ListOwnership,
  listRows,
  listText,
  resultText,
  viewOf,
} from "./extractor_rows.ts";
import { useReference } from "./reference.ts";

/** Export file formats the engine writes. */
export type ExportFormat = "csv" | "json" | "text";

/** Where a message belongs on the screen: next to Run, a list's Copy button, or the export. */
export type MessageSource = "run" | ListOwnership | "export";

/** A message of the screen. */
export interface ExtractorMessage {
  source: MessageSource;
  ok: boolean;
  text: string;
}

/** The saved settings handed to every extraction. */
export interface ExtractorSettingsValue {
  ownerCode: string;
  rentedCodes: string[];
}

/** A file ready to download. */
export interface ExportFile {
  name: string;
  content: string;
  mimeType: string;
}

/** Fixed owner code of the app (spec: 'fixed MS'). */
export const OWNER_CODE = "MS";
/** Rented codes until the user saves others (spec). */
export const DEFAULT_RENTED_CODES: readonly string[] = ["R7", "C6", "R9"];
/** IndexedDB key of the saved settings. */
export const SETTINGS_KEY = "extractor-settings";

/** Spec texts of the screen. */
export const EXTRACTOR_TEXTS = {
  emptyInput: "Please paste a UCM, CPM, or SCM message first.",
  copied: "Results copied to clipboard!",
  notCopied: "Results processed but could not copy to clipboard. Please copy manually.",
  noUlds: "No ULDs found in message... Please check message format.",
  noRented: "Please enter at least one rented code.",
  saved: "Settings saved.",
  reset: "Settings reset to defaults.",
  notStored: "Settings apply until the page is closed: this browser could not store them.",
  nothingToExport: "Run a message first: there is nothing to export yet.",
} as const;

/**
 * The rented codes of the settings field: split by comma, trimmed, upper-cased, each an owner
 * code of 2 characters or 3 letters (the engine's rule, parseRentedCodes).
 */
export function parseRentedText(
  text: string,
): { ok: true; codes: string[] } | { ok: false; error: string } {
  const codes = text.split(",").map((c) => c.trim().toUpperCase()).filter((c) => c !== "");
  if (codes.length === 0) return { ok: false, error: EXTRACTOR_TEXTS.noRented };
  const bad = codes.find((c) => !/^([A-Z0-9]{2}|[A-Z]{3})$/.test(c));
  if (bad !== undefined) {
    return {
      ok: false,
      error: `Rented code ${bad} is not an owner code (2 characters such as R7, or 3 letters)`,
    };
  }
  return { ok: true, codes: [...new Set(codes)] };
}

/** The export's file name: uld-extraction-{flight, or 'message' when none or several}.{extension}. */
export function exportFileName(flightNumber: string, extension: string): string {
  const flight = flightNumber.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
  return `uld-extraction-${flight || "message"}.${extension}`;
}

/** How a list is named in the screen's messages: the owner code in use, Rented or Foreign. */
export function listName(result: UldTableResult | null, message: number, list: ListOwnership) {
  if (list !== "Owned") return list;
  return result === null || !result.ok ? OWNER_CODE : viewOf(result, message).ownerLabel;
}

/** Extractor state. */
export interface ExtractorState {
  input: string;
  /** The last finished run, ok or not; null before a run and after Clear. */
  result: UldTableResult | null;
  /** The message in view: ALL, or the index of one of several. */
  selected: number;
  busy: boolean;
  message: ExtractorMessage | null;
  /** The settings in use (the saved ones). */
  settings: ExtractorSettingsValue;
  /** The Rented Codes field as typed, saved only by Save. */
  rentedText: string;
  settingsMessage: { ok: boolean; text: string } | null;
  setInput(text: string): void;
  /** Loads the saved settings and the reference list of ULD types (on opening the screen). */
  open(): Promise<void>;
  /** Extracts the ULDs of the input in the engine worker, then copies the lists. */
  run(): Promise<void>;
  /** Empties input, result and messages, and drops a run still going. */
  clear(): void;
  /** Shows all messages (ALL) or one. */
  select(message: number): void;
  /** Copies one list of the message in view, one ULD number a line. */
  copyList(list: ListOwnership): Promise<void>;
  /** Writes the export of the message in view in the engine worker; null (with a message) when there is none. */
  exportFile(
    format: ExportFormat,
    options?: { sortBy?: SortKey; groupBy?: GroupKey },
  ): Promise<ExportFile | null>;
  loadSettings(): Promise<void>;
  setRentedText(text: string): void;
  saveSettings(): Promise<void>;
  resetSettings(): Promise<void>;
}

/**
 * Waits for the next task: a day of traffic costs the main thread its decoding, its drawing and
 * its clipboard text, and in one task they would block the page past 50 ms (design 8).
 */
const nextTask = () => new Promise((done) => setTimeout(done, 0));

/** Copies text; false when the browser refuses. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Waits for a promise, but no longer than ms: Run must not hang on a slow server. */
function within(promise: Promise<unknown> | null, ms: number): Promise<unknown> {
  if (promise === null) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]).finally(() => clearTimeout(timer));
}

function storedCodes(value: unknown): string[] | null {
  if (typeof value !== "object" || value === null) return null;
  const codes = (value as { rentedCodes?: unknown }).rentedCodes;
  if (!Array.isArray(codes) || codes.length === 0) return null;
  return codes.every((c) => typeof c === "string") ? codes as string[] : null;
}

/** Stores the rented codes; false when IndexedDB is unavailable (private mode, quota). */
async function persist(rentedCodes: string[]): Promise<boolean> {
  try {
    await idbSet(SETTINGS_KEY, { rentedCodes });
    return true;
  } catch {
    return false;
  }
}

let runId = 0; // a run whose id is no longer current was cleared or replaced: its answer is dropped
let settingsReady: Promise<void> | null = null;
let referenceReady: Promise<void> | null = null;

const defaults = (): ExtractorSettingsValue => ({
  ownerCode: OWNER_CODE,
  rentedCodes: [...DEFAULT_RENTED_CODES],
});

/** The extractor store. */
export const useExtractor = create<ExtractorState>()((set, get) => ({
  input: "",
  result: null,
  selected: ALL,
  busy: false,
  message: null,
  settings: defaults(),
  rentedText: DEFAULT_RENTED_CODES.join(","),
  settingsMessage: null,

  setInput(text) {
    set({ input: text });
  },

  async open() {
    referenceReady = useReference.getState().load().catch(() => {});
    await get().loadSettings();
  },

  async run() {
    const input = get().input;
    if (input.trim() === "") {
      return set({ message: { source: "run", ok: false, text: EXTRACTOR_TEXTS.emptyInput } });
    }
    const id = ++runId;
    set({ busy: true, message: null });
    try {
      await within(settingsReady, 2000);
      // types added in the database count as known; the built-in ones stand without the server
      await within(referenceReady, 2000);
      const { ownerCode, rentedCodes } = get().settings;
      const knownTypes = Object.keys(useReference.getState().options.uldWeights ?? {});
      const result = await runEngine(
        "extract",
        (engine) => engine.extractUldTable(input, { ownerCode, rentedCodes, knownTypes }),
      );
      if (result === null || id !== runId) return;
      // the answer's decoding took this task: the lists are drawn in the next one
      await nextTask();
      if (id !== runId) return;
      if (!result.ok) {
        return set({
          result,
          selected: ALL,
          message: { source: "run", ok: false, text: `Error parsing message: ${result.error}` },
        });
      }
      set({ result, selected: ALL });
      // the clipboard text in a task of its own: the lists are drawn first
      await nextTask();
      if (id !== runId) return;
      const copied = await copy(await resultText(result, ALL));
      if (id !== runId) return;
      set({
        message: {
          source: "run",
          ok: copied,
          text: copied ? EXTRACTOR_TEXTS.copied : EXTRACTOR_TEXTS.notCopied,
        },
      });
    } catch (err) {
      if (id !== runId) return;
      const reason = err instanceof Error && err.message !== "" ? err.message : "Unknown error";
      set({
        result: null,
        message: { source: "run", ok: false, text: `Error parsing message: ${reason}` },
      });
    } finally {
      if (id === runId) set({ busy: false });
    }
  },

  clear() {
    runId++;
    set({ input: "", result: null, selected: ALL, busy: false, message: null });
  },

  select(message) {
    const result = get().result;
    const valid = message === ALL || (result !== null && message >= 0 &&
      message < result.messages.length);
    set({ selected: valid ? message : ALL, message: null });
  },

  async copyList(list) {
    const { result, selected } = get();
    const name = listName(result, selected, list);
    const rows = result === null || !result.ok
      ? new Uint32Array(0)
      : listRows(result, selected, list);
    if (rows.length === 0) {
      return set({ message: { source: list, ok: false, text: `No ${name} ULDs to copy` } });
    }
    const copied = await copy(await listText(result!.rows, rows));
    set({
      message: {
        source: list,
        ok: copied,
        text: copied
          ? `${name} ULD list copied to clipboard (${rows.length}).`
          : `Failed to copy ${name} ULD list. Please copy manually.`,
      },
    });
  },

  async exportFile(format, options = {}) {
    const { result, selected } = get();
    if (result === null || !result.ok) {
      set({ message: { source: "export", ok: false, text: EXTRACTOR_TEXTS.nothingToExport } });
      return null;
    }
    const message = selected === ALL ? undefined : selected;
    try {
      // the worker's answer is a union the remote type splits in two: name the whole result
      const out = await runEngine<ExportResult>(
        "export",
        (engine) => engine.exportUlds(result, format, { ...options, message }),
      );
      if (out === null) return null;
      if (!out.ok) {
        set({ message: { source: "export", ok: false, text: out.error } });
        return null;
      }
      const name = exportFileName(viewOf(result, selected).details.flightNumber, out.extension);
      set({ message: { source: "export", ok: true, text: `Downloaded ${name}` } });
      return { name, content: out.content, mimeType: out.mimeType };
    } catch (err) {
      const reason = err instanceof Error && err.message !== "" ? err.message : "Unknown error";
      set({ message: { source: "export", ok: false, text: `Export failed: ${reason}` } });
      return null;
    }
  },

  loadSettings() {
    settingsReady = (async () => {
      const stored = await idbGet(SETTINGS_KEY).catch(() => undefined);
      const codes = storedCodes(stored) ?? [...DEFAULT_RENTED_CODES];
      set({
        settings: { ownerCode: OWNER_CODE, rentedCodes: codes },
        rentedText: codes.join(","),
      });
    })();
    return settingsReady;
  },

  setRentedText(text) {
    set({ rentedText: text, settingsMessage: null });
  },

  async saveSettings() {
    const parsed = parseRentedText(get().rentedText);
    if (!parsed.ok) return set({ settingsMessage: { ok: false, text: parsed.error } });
    set({
      settings: { ownerCode: OWNER_CODE, rentedCodes: parsed.codes },
      rentedText: parsed.codes.join(","),
    });
    const stored = await persist(parsed.codes);
    set({
      settingsMessage: stored
        ? { ok: true, text: EXTRACTOR_TEXTS.saved }
        : { ok: false, text: EXTRACTOR_TEXTS.notStored },
    });
  },

  async resetSettings() {
    const settings = defaults();
    set({ settings, rentedText: settings.rentedCodes.join(",") });
    const stored = await persist(settings.rentedCodes);
    set({
      settingsMessage: stored
        ? { ok: true, text: EXTRACTOR_TEXTS.reset }
        : { ok: false, text: EXTRACTOR_TEXTS.notStored },
    });
  },
}));
