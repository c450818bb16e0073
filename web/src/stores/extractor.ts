// The ULD Extractor's state: the pasted message, the last extraction (run in the engine worker,
// never on the main thread), the messages of Run, Copy and Export, and the settings (owner code
// and rented codes) kept in IndexedDB so that they hold across visits and offline.

import { get as idbGet, set as idbSet } from "idb-keyval";
import { create } from "zustand";
import type { UldEntry, UldExtraction } from "../../../engine/types.ts";
import type { ExportResult, GroupKey, SortKey } from "../../../engine/uld_export.ts";
import { runEngine } from "../engine/bridge.ts";
import { useReference } from "./reference.ts";

/** The three lists of the screen, named as the spec's messages name them. */
export type ListKind = "MS" | "Rented" | "Foreign";

/** The lists in screen order with the ownership each one holds. */
export const LISTS: readonly {
  kind: ListKind;
  title: string;
  ownership: UldEntry["ownershipType"];
}[] = [
  { kind: "MS", title: "MS ULD List", ownership: "Owned" },
  { kind: "Rented", title: "Rented ULD List", ownership: "Rented" },
  { kind: "Foreign", title: "Foreign ULD List", ownership: "Foreign" },
];

/** Export file formats the engine writes. */
export type ExportFormat = "csv" | "json" | "text";

/** Where a message belongs on the screen: next to Run, a list's Copy button, or the export. */
export type MessageSource = "run" | ListKind | "export";

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

/** The rented codes of the settings field: split by comma, trimmed, upper-cased, each 2 long. */
export function parseRentedText(
  text: string,
): { ok: true; codes: string[] } | { ok: false; error: string } {
  const codes = text.split(",").map((c) => c.trim().toUpperCase()).filter((c) => c !== "");
  if (codes.length === 0) return { ok: false, error: EXTRACTOR_TEXTS.noRented };
  // the engine compares the last two characters of a ULD number: a longer code never matches
  const bad = codes.find((c) => !/^[A-Z0-9]{2}$/.test(c));
  if (bad !== undefined) {
    return { ok: false, error: `Rented code ${bad} is not a 2-character owner code (e.g. R7)` };
  }
  return { ok: true, codes: [...new Set(codes)] };
}

/** The ULDs of one list, in message order. */
export function listOf(result: UldExtraction | null, kind: ListKind): UldEntry[] {
  if (result === null || !result.ok) return [];
  const ownership = LISTS.find((l) => l.kind === kind)!.ownership;
  return result.ulds.filter((u) => u.ownershipType === ownership);
}

/**
 * What Run + Copy puts on the clipboard: the three lists, each under its title and count, one ULD
 * number a line (as each list's Copy gives it), so that it pastes into a mail or a load sheet.
 */
export function resultText(result: UldExtraction): string {
  return LISTS.map(({ kind, title }) => {
    const ulds = listOf(result, kind).map((u) => u.uldNumber);
    return [`${title} (${ulds.length})`, ...ulds].join("\n");
  }).join("\n\n");
}

/** The export's file name: uld-extraction-{flight or 'message'}.{extension}. */
export function exportFileName(result: UldExtraction, extension: string): string {
  const flight = result.flightNumber.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
  return `uld-extraction-${flight || "message"}.${extension}`;
}

/** Extractor state. */
export interface ExtractorState {
  input: string;
  /** The last finished run, ok or not; null before a run and after Clear. */
  result: UldExtraction | null;
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
  /** Copies one list, one ULD number a line. */
  copyList(kind: ListKind): Promise<void>;
  /** Writes the export in the engine worker; null (with a message) when there is none. */
  exportFile(
    format: ExportFormat,
    options?: { sortBy?: SortKey; groupBy?: GroupKey },
  ): Promise<ExportFile | null>;
  loadSettings(): Promise<void>;
  setRentedText(text: string): void;
  saveSettings(): Promise<void>;
  resetSettings(): Promise<void>;
}

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
        (engine) => engine.extractUlds(input, { ownerCode, rentedCodes, knownTypes }),
      );
      if (result === null || id !== runId) return;
      if (!result.ok) {
        return set({
          result,
          message: { source: "run", ok: false, text: `Error parsing message: ${result.error}` },
        });
      }
      set({ result });
      const copied = await copy(resultText(result));
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
    set({ input: "", result: null, busy: false, message: null });
  },

  async copyList(kind) {
    const ulds = listOf(get().result, kind);
    if (ulds.length === 0) {
      return set({ message: { source: kind, ok: false, text: `No ${kind} ULDs to copy` } });
    }
    const copied = await copy(ulds.map((u) => u.uldNumber).join("\n"));
    set({
      message: {
        source: kind,
        ok: copied,
        text: copied
          ? `${kind} ULD list copied to clipboard (${ulds.length}).`
          : `Failed to copy ${kind} ULD list. Please copy manually.`,
      },
    });
  },

  async exportFile(format, options = {}) {
    const result = get().result;
    if (result === null || !result.ok) {
      set({ message: { source: "export", ok: false, text: EXTRACTOR_TEXTS.nothingToExport } });
      return null;
    }
    try {
      // the worker's answer is a union the remote type splits in two: name the whole result
      const out = await runEngine<ExportResult>(
        "export",
        (engine) => engine.exportUlds(result, format, options),
      );
      if (out === null) return null;
      if (!out.ok) {
        set({ message: { source: "export", ok: false, text: out.error } });
        return null;
      }
      const name = exportFileName(result, out.extension);
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
