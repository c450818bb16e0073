// The ULD Extractor's state: the pasted message(s), the last extraction (run in the engine
// worker as a table, never on the main thread), the message in view (all, or one of several),
// the messages of Run, Copy and Export, and the settings (extractor_settings.ts, a slice
// of this store). A message typed or pasted warms the engine, so that the first Run is not a
// cold one. The results belong to the message shown (currency.ts).

import { create, type StoreApi } from "zustand";
import type { TextParams } from "../../../../engine/messages/texts.ts";
import type { UldTableResult } from "../../../../engine/types.ts";
import type { GroupKey, SortKey } from "../../../../engine/uld/export.ts";
import { engine, supersede, warm } from "../../lib/engine/bridge.ts";
import { engineFailure } from "../../lib/engine/failure.ts";
import { ALL, type ListOwnership, listRows, listText, resultText, viewOf } from "./rows.ts";
import { warmUpExtractor } from "./warm_up.ts";
import { afterRun, afterTyping, type Currency, staleLine } from "./currency.ts";
import { EXT_PAGE } from "./texts/ext_page.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import {
  createSettingsSlice,
  type ExtractorSettingsSlice,
  liveTexts,
  OWNER_CODE,
  settingsLoad,
} from "./extractor_settings.ts";
import { useReference } from "../database/reference.ts";
import { PREFS } from "../../i18n/areas/prefs.ts";
import { notifyDone } from "../../lib/notify.ts";

/** Export file formats the engine writes. */
export type ExportFormat = "csv" | "json" | "text";

/** Where a message belongs on the screen: next to Run, a list's Copy button, or the export. */
export type MessageSource = "run" | ListOwnership | "export";

/** A message of the screen. */
export interface ExtractorMessage {
  source: MessageSource;
  ok: boolean;
  text: string;
  /** Grey, not red: the results no longer belong to the message shown. */
  stale?: boolean;
}

/** A file ready to download. */
export interface ExportFile {
  name: string;
  content: string;
  mimeType: string;
}

/** Spec texts of the screen, in the language shown when read (ext_page catalogue). */
export const EXTRACTOR_TEXTS = liveTexts(EXT_PAGE, [
  "emptyInput",
  "copied",
  "notCopied",
  "noUlds",
  "noRented",
  "saved",
  "reset",
  "notStored",
  "nothingToExport",
]);

/** The export's file name: uld-extraction-{flight, or 'message' when none or several}.{extension}
 * (its words in the language shown). */
export function exportFileName(flightNumber: string, extension: string): string {
  const flight = flightNumber.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
  return flight === ""
    ? text(EXT_PAGE, "fileNameNoFlight", { extension })
    : text(EXT_PAGE, "fileName", { flight, extension });
}

/** How a list is named in the screen's messages: the owner code in use, Rented or Foreign. */
export function listName(result: UldTableResult | null, message: number, list: ListOwnership) {
  if (list !== "Owned") return list;
  return result === null || !result.ok ? OWNER_CODE : viewOf(result, message).ownerLabel;
}

const LIST_WORDS = { Owned: "listOwned", Rented: "listRented", Foreign: "listForeign" } as const;

/** A list's name as the language shown says it: Owned, Rented and Foreign translated, an owner
 * code as it is. */
export function listWord(name: string): string {
  return Object.hasOwn(LIST_WORDS, name)
    ? text(EXT_PAGE, LIST_WORDS[name as keyof typeof LIST_WORDS])
    : name;
}

/** The run's part of the extractor state: input, result, the message in view, messages. */
export interface ExtractorRunSlice extends Currency {
  input: string;
  /** The last finished run, ok or not; null before a run and after Clear. */
  result: UldTableResult | null;
  /** The message in view: ALL, or the index of one of several. */
  selected: number;
  busy: boolean;
  message: ExtractorMessage | null;
  /** Takes the message field's text (a result of another goes out of date), and warms the
   * engine for the Run to come. */
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
}

/** Extractor state. */
export type ExtractorState = ExtractorRunSlice & ExtractorSettingsSlice;

type Set = StoreApi<ExtractorState>["setState"];
type Get = StoreApi<ExtractorState>["getState"];

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

const reasonOf = (err: unknown) => engineFailure(err, text(EXT_PAGE, "unknownError"));

let runId = 0; // a run whose id is no longer current was cleared or replaced: its answer is dropped
let referenceReady: Promise<void> | null = null;
/** A newer extraction, or export, drops the one of its kind still going in the worker. */
const nextExtraction = supersede();
const nextExport = supersede();

/** The input's extraction in the worker, with the saved settings and the known ULD types. */
async function extract(input: string, get: Get) {
  await within(settingsLoad(), 2000);
  // types added in the database count as known; the built-in ones stand without the server
  await within(referenceReady, 2000);
  const { ownerCode, rentedCodes } = get().settings;
  const knownTypes = Object.keys(useReference.getState().options.uldWeights ?? {});
  return engine.extractUldTable(input, { ownerCode, rentedCodes, knownTypes }, {
    signal: nextExtraction(),
  });
}

const parseError = (reason: string) => text(EXT_PAGE, "parseError", { reason });

/** The engine's refusal as its code, values and English text, for serverText. */
const refusal = (r: { error?: string; errorCode?: string; errorParams?: TextParams }) => ({
  code: r.errorCode,
  params: r.errorParams,
  message: String(r.error),
});

/** Run: the extraction shown, then its lists copied, each in a task of its own. */
async function runAndCopy(set: Set, get: Get): Promise<void> {
  const input = get().input;
  if (input.trim() === "") {
    return set({ message: { source: "run", ok: false, text: EXTRACTOR_TEXTS.emptyInput } });
  }
  const id = ++runId;
  const current = () => id === runId;
  set({ busy: true, message: null });
  try {
    const result = await extract(input, get);
    if (result === null || !current()) return;
    // the answer's decoding took this task: the lists are drawn in the next one
    await nextTask();
    if (!current()) return;
    const made = afterRun(get().input, result, input);
    if (!result.ok) {
      const text = parseError(serverText(refusal(result)));
      return set({ message: { source: "run", ok: false, text }, ...made });
    }
    set(made);
    // the clipboard text in a task of its own: the lists are drawn first
    await nextTask();
    if (!current() || get().stale) return; // not the message shown: nothing copied
    const copied = await copy(await resultText(result, ALL));
    if (!current() || get().stale) return;
    const text = copied ? EXTRACTOR_TEXTS.copied : EXTRACTOR_TEXTS.notCopied;
    set({ message: { source: "run", ok: copied, text } });
  } catch (err) {
    if (!current()) return;
    const text = parseError(reasonOf(err));
    set({ result: null, made: null, stale: false, message: { source: "run", ok: false, text } });
  } finally {
    if (current()) {
      set({ busy: false });
      notifyDone(text(PREFS, "notifyExtracted"), get().message?.text ?? "");
    }
  }
}

/** Copy of one list of the message in view, with its message. */
async function copyListOf(set: Set, get: Get, list: ListOwnership): Promise<void> {
  const { result, selected, stale } = get();
  if (stale) {
    return set({ message: { source: list, ok: false, text: text(EXT_PAGE, "staleCopy") } });
  }
  const name = listWord(listName(result, selected, list));
  const rows = result === null || !result.ok
    ? new Uint32Array(0)
    : listRows(result, selected, list);
  if (rows.length === 0) {
    const none = text(EXT_PAGE, "noneToCopy", { name });
    return set({ message: { source: list, ok: false, text: none } });
  }
  const copied = await copy(await listText(result!.rows, rows));
  const said = copied
    ? text(EXT_PAGE, "listCopied", { name, count: rows.length })
    : text(EXT_PAGE, "listNotCopied", { name });
  set({ message: { source: list, ok: copied, text: said } });
}

/** The export of the message in view, written in the worker, or null with the reason shown. */
async function exportOf(
  set: Set,
  get: Get,
  format: ExportFormat,
  options: { sortBy?: SortKey; groupBy?: GroupKey },
): Promise<ExportFile | null> {
  const { result, selected } = get();
  const fail = (text: string) => (set({ message: { source: "export", ok: false, text } }), null);
  if (result === null || !result.ok) return fail(EXTRACTOR_TEXTS.nothingToExport);
  if (get().stale) return fail(text(EXT_PAGE, "staleExport"));
  const message = selected === ALL ? undefined : selected;
  try {
    const out = await engine.exportUlds(result, format, { ...options, message }, {
      signal: nextExport(),
    });
    if (out === null) return null;
    if (!out.ok) return fail(serverText(refusal(out)));
    const name = exportFileName(viewOf(result, selected).details.flightNumber, out.extension);
    set({ message: { source: "export", ok: true, text: text(EXT_PAGE, "downloaded", { name }) } });
    return { name, content: out.content, mimeType: out.mimeType };
  } catch (err) {
    return fail(text(EXT_PAGE, "exportFailed", { reason: reasonOf(err) }));
  }
}

/** Has a worker, if none is up, warm the extractor up (warm_up.ts). */
function warmEngine(): void {
  warm(warmUpExtractor);
}

/** The run's state before any message: what Clear returns to. */
const NO_RUN = {
  input: "",
  result: null,
  made: null,
  stale: false,
  selected: ALL,
  busy: false,
  message: null,
};

/** The run's slice of the store. */
const createRunSlice = (set: Set, get: Get): ExtractorRunSlice => ({
  ...NO_RUN,

  setInput(text) {
    set(afterTyping(get(), text));
    // a message coming in: the worker starts and compiles the engine before Run (design 8: the
    // first run); nothing to do while a worker is up
    if (text !== "") warmEngine();
  },

  async open() {
    referenceReady = useReference.getState().load().catch(() => {});
    await get().loadSettings();
  },

  run: () => runAndCopy(set, get),

  clear() {
    runId++;
    set(NO_RUN);
  },

  select(message) {
    const result = get().result;
    const valid = message === ALL || (result !== null && message >= 0 &&
      message < result.messages.length);
    set({ selected: valid ? message : ALL, message: get().stale ? staleLine() : null });
  },

  copyList: (list) => copyListOf(set, get, list),

  exportFile: (format, options = {}) => exportOf(set, get, format, options),
});

/** The extractor store. */
export const useExtractor = create<ExtractorState>()((set, get, store) => ({
  ...createRunSlice(set, get),
  ...createSettingsSlice(set, get, store),
}));
