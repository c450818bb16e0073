// The extractor's settings (spec 2.3 Settings tab): the owner code, fixed, and the rented codes,
// kept in IndexedDB (idb-keyval) so that they hold across visits and offline. A slice of the
// extractor store (zustand's slices pattern): extractor.ts puts it together with the run.

import { get as idbGet, set as idbSet } from "idb-keyval";
import type { StateCreator } from "zustand";
import { EXT_PAGE } from "./texts/ext_page.ts";
import { type Catalogue, text } from "../../i18n/i18n.ts";

/** The saved settings handed to every extraction. */
export interface ExtractorSettingsValue {
  ownerCode: string;
  rentedCodes: string[];
}

/** Fixed owner code of the app (spec: 'fixed MS'). */
export const OWNER_CODE = "MS";
/** Rented codes until the user saves others (spec). */
export const DEFAULT_RENTED_CODES: readonly string[] = ["R7", "C6", "R9"];
/** IndexedDB key of the saved settings. */
export const SETTINGS_KEY = "extractor-settings";

/** Texts of a catalogue read as properties, each in the language shown when it is read. */
export function liveTexts<K extends string>(
  c: Catalogue<K>,
  keys: readonly K[],
): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    Object.defineProperty(out, key, { enumerable: true, get: () => text(c, key) });
  }
  return out;
}

/** Spec texts of the Settings tab (ext_page catalogue). */
export const SETTINGS_TEXTS = liveTexts(EXT_PAGE, ["noRented", "saved", "reset", "notStored"]);

/**
 * The rented codes of the settings field: split by comma, trimmed, upper-cased, each an owner
 * code of 2 characters or 3 letters (the engine's rule, parseRentedCodes).
 */
export function parseRentedText(
  field: string,
): { ok: true; codes: string[] } | { ok: false; error: string } {
  const codes = field.split(",").map((c) => c.trim().toUpperCase()).filter((c) => c !== "");
  if (codes.length === 0) return { ok: false, error: SETTINGS_TEXTS.noRented };
  const bad = codes.find((c) => !/^([A-Z0-9]{2}|[A-Z]{3})$/.test(c));
  if (bad !== undefined) {
    return {
      ok: false,
      error: text(EXT_PAGE, "badRented", { code: bad }),
    };
  }
  return { ok: true, codes: [...new Set(codes)] };
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

let settingsReady: Promise<void> | null = null;

/** The load of the saved settings, under way or done; null before the screen first opened. */
export const settingsLoad = (): Promise<void> | null => settingsReady;

const defaults = (): ExtractorSettingsValue => ({
  ownerCode: OWNER_CODE,
  rentedCodes: [...DEFAULT_RENTED_CODES],
});

/** The settings' part of the extractor store. */
export interface ExtractorSettingsSlice {
  /** The settings in use (the saved ones). */
  settings: ExtractorSettingsValue;
  /** The Rented Codes field as typed, saved only by Save. */
  rentedText: string;
  settingsMessage: { ok: boolean; text: string } | null;
  loadSettings(): Promise<void>;
  setRentedText(text: string): void;
  saveSettings(): Promise<void>;
  resetSettings(): Promise<void>;
}

/** The settings slice: read once from IndexedDB, changed only by Save and Reset. */
export const createSettingsSlice: StateCreator<ExtractorSettingsSlice> = (set, get) => {
  /** Puts codes in use, then stores them and says how that went. */
  const apply = async (codes: string[], done: string) => {
    set({ settings: { ownerCode: OWNER_CODE, rentedCodes: codes }, rentedText: codes.join(",") });
    const stored = await persist(codes);
    set({
      settingsMessage: stored
        ? { ok: true, text: done }
        : { ok: false, text: SETTINGS_TEXTS.notStored },
    });
  };
  return {
    settings: defaults(),
    rentedText: DEFAULT_RENTED_CODES.join(","),
    settingsMessage: null,

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
      await apply(parsed.codes, SETTINGS_TEXTS.saved);
    },

    async resetSettings() {
      await apply(defaults().rentedCodes, SETTINGS_TEXTS.reset);
    },
  };
};
