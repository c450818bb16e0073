// The Database tab's actions on the reference lists: add, remove by name, edit, delete, bulk import
// and export, with the spec's messages (which clear after 5 s). The lists themselves are owned by
// the reference store; after every change they reload from the server, so the converter uses them.

import { create, type StateCreator } from "zustand";
import { csvCell } from "../../../../api/rules/csv.ts";
import type { ReferenceEntry, ReferenceList } from "../../../../api/store/records.ts";
import { api, ApiError, unwrap } from "../../lib/api/client.ts";
import { CONV_DB } from "./texts/conv_db.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { type ReferenceEntries, useReference } from "./reference.ts";

/** A category tab of the Database tab: its list, tab title and the name in messages (both in
 * the language shown when read). */
export interface Category {
  list: ReferenceList;
  readonly tab: string;
  readonly label: string;
}

/** A category whose names are read from the catalogue when asked. */
function category(
  list: ReferenceList,
  tab: "tabUlds" | "tabDgsl" | "tabXdgsl" | "tabLightake",
  label: "labelUlds" | "labelDgsl" | "labelXdgsl" | "labelLightake",
): Category {
  return {
    list,
    get tab() {
      return text(CONV_DB, tab);
    },
    get label() {
      return text(CONV_DB, label);
    },
  };
}

/** The four categories, in the spec's order. */
export const CATEGORIES: readonly Category[] = [
  category("ulds", "tabUlds", "labelUlds"),
  category("dgsl", "tabDgsl", "labelDgsl"),
  category("xdgsl", "tabXdgsl", "labelXdgsl"),
  category("lightake", "tabLightake", "labelLightake"),
];

/** The name a list goes by in messages ('ULD', 'DGSL', 'XDGSL', 'Light AKE'). */
export function labelOf(list: ReferenceList): string {
  return CATEGORIES.find((c) => c.list === list)!.label;
}

/** What the add and edit forms send. */
export interface EntryInput {
  name: string;
  weight?: string;
  description?: string;
}

/** A status line of the tab. */
export interface DatabaseStatus {
  ok: boolean;
  text: string;
}

/** Database tab state and actions. */
export interface DatabaseState {
  status: DatabaseStatus | null;
  busy: boolean;
  /** Progress of a bulk import. */
  progress: { done: number; total: number } | null;
  /** The failed lines of the last bulk import, with reasons (stays until the next import). */
  failures: string[];
  /** Shows a status line for 5 seconds. */
  say(status: DatabaseStatus): void;
  add(list: ReferenceList, input: EntryInput): Promise<boolean>;
  /** The entry a typed name removes, or null after saying why not (the form then confirms). */
  findToRemove(list: ReferenceList, name: string): ReferenceEntry | null;
  edit(list: ReferenceList, id: string, input: EntryInput): Promise<boolean>;
  remove(list: ReferenceList, id: string): Promise<boolean>;
  importText(list: ReferenceList, text: string): Promise<void>;
  /** Notes a finished export: 'Exported {n} {category} entries'. */
  exported(list: ReferenceList, count: number): void;
}

/** How long a status line stays (spec section 9). */
export const STATUS_MS = 5000;

const body = (input: EntryInput) => ({
  name: input.name.trim().toUpperCase(),
  ...(input.weight !== undefined && input.weight.trim() !== ""
    ? { weight: input.weight.trim() }
    : {}),
  ...(input.description !== undefined ? { description: input.description.trim() } : {}),
});

/** The server's own text for a refused entry (validation, duplicate), else the spec's fallback;
 * in the language shown. */
function reason(err: unknown, fallback: string): string {
  return err instanceof ApiError && (err.status === 400 || err.status === 409 || err.status === 403)
    ? serverText(err.message)
    : fallback;
}

async function post(list: ReferenceList, input: EntryInput) {
  return await unwrap(
    api.api["ffm-to-uws"][":list"].$post({ param: { list }, json: body(input) }),
  );
}

/** The export text of a list: 'Name,Weight' lines for ULDs, 'Name' lines otherwise (the import
 * format), each cell written by the shared CSV rules (no cell a spreadsheet would run). */
export function exportText(list: ReferenceList, entries: ReferenceEntries): string {
  return entries[list].map((e) =>
    list === "ulds" ? `${csvCell(e.name)},${csvCell(e.weight ?? "")}` : csvCell(e.name)
  ).join("\n");
}

/** Reads a bulk import line: 'Name,Weight' for ULDs, 'Name' otherwise (a Light AKE may add a weight). */
export function importLine(list: ReferenceList, line: string): EntryInput {
  const [name, weight] = line.split(",").map((p) => p.trim());
  return list === "ulds" || list === "lightake" ? { name, weight: weight ?? "" } : { name };
}

/** Whether a list's entries carry a weight (ULDs, Light AKE) and a description (all but ULDs). */
export function fieldsOf(list: ReferenceList): { weight: boolean; description: boolean } {
  return { weight: list === "ulds" || list === "lightake", description: list !== "ulds" };
}

/** What a form sends for a list: the name, and the weight and description where the list has them. */
export function entryInput(list: ReferenceList, typed: Required<EntryInput>): EntryInput {
  const has = fieldsOf(list);
  return {
    name: typed.name,
    ...(has.weight ? { weight: typed.weight } : {}),
    ...(has.description ? { description: typed.description } : {}),
  };
}

let timer: ReturnType<typeof setTimeout> | undefined;
const reload = () => useReference.getState().load(true);
// The caller hears the server's answer at once (a form clears while the lists reload), the tab
// stays busy until the four lists are back.
const reloadThenIdle = () => void reload().finally(() => useDatabase.setState({ busy: false }));

type Slice<T> = StateCreator<DatabaseState, [], [], T>;

/** The status line, which clears after 5 s. */
const statusSlice: Slice<Pick<DatabaseState, "status" | "say">> = (set) => ({
  status: null,
  say(status) {
    clearTimeout(timer);
    set({ status });
    timer = setTimeout(() => set({ status: null }), STATUS_MS);
  },
});

/** One entry at a time: add, find by name to remove, edit, delete. */
const entrySlice: Slice<
  Pick<DatabaseState, "busy" | "add" | "findToRemove" | "edit" | "remove">
> = (set, get) => {
  /** Sends one change, says how it went, and reloads the lists. */
  async function change<T>(
    call: () => Promise<T>,
    success: (answer: T) => string,
    failure: string,
  ): Promise<boolean> {
    set({ busy: true });
    try {
      get().say({ ok: true, text: success(await call()) });
      return true;
    } catch (err) {
      get().say({ ok: false, text: reason(err, failure) });
      return false;
    } finally {
      reloadThenIdle();
    }
  }
  return {
    busy: false,
    add(list, input) {
      const label = labelOf(list);
      return change(
        () => post(list, input),
        (entry) => text(CONV_DB, "added", { label, name: entry.name }),
        text(CONV_DB, "addFailed", { label }),
      );
    },
    findToRemove(list, name) {
      const label = labelOf(list);
      const wanted = name.trim().toUpperCase();
      if (wanted === "") {
        get().say({ ok: false, text: text(CONV_DB, "enterName", { label }) });
        return null;
      }
      const entry = useReference.getState().entries?.[list].find((e) => e.name === wanted);
      if (entry === undefined) {
        get().say({ ok: false, text: text(CONV_DB, "notFound", { label, name: wanted }) });
      }
      return entry ?? null;
    },
    edit(list, id, input) {
      const label = labelOf(list);
      return change(
        () =>
          unwrap(
            api.api["ffm-to-uws"][":list"][":id"].$put({ param: { list, id }, json: body(input) }),
          ),
        (entry) => text(CONV_DB, "updated", { label, name: entry.name }),
        text(CONV_DB, "updateFailed", { label }),
      );
    },
    remove(list, id) {
      const name = useReference.getState().entries?.[list].find((e) => e._id === id)?.name ?? "";
      return change(
        () => unwrap(api.api["ffm-to-uws"][":list"][":id"].$delete({ param: { list, id } })),
        (done) => serverText(done),
        text(CONV_DB, "removeFailed", { name }),
      );
    },
  };
};

/** Many entries at once: the bulk import with its progress and failed lines, and the export note. */
const bulkSlice: Slice<Pick<DatabaseState, "progress" | "failures" | "importText" | "exported">> = (
  set,
  get,
) => ({
  progress: null,
  failures: [],
  async importText(list, pasted) {
    const lines = pasted.split(/\r\n|\r|\n/).map((l, i) => ({ line: i + 1, text: l.trim() }))
      .filter((l) => l.text !== "");
    if (lines.length === 0) {
      get().say({ ok: false, text: text(CONV_DB, "noLines") });
      return;
    }
    set({ busy: true, progress: { done: 0, total: lines.length }, failures: [] });
    let ok = 0;
    const details: string[] = [];
    try {
      for (const { line, text: read } of lines) {
        try {
          await post(list, importLine(list, read));
          ok++;
        } catch (err) {
          const why = reason(err, text(CONV_DB, "importFailed"));
          details.push(text(CONV_DB, "importLineFailed", { line, text: read, reason: why }));
        }
        set({ progress: { done: ok + details.length, total: lines.length } });
      }
      get().say({
        ok: details.length === 0,
        text: text(CONV_DB, "importDone", { ok, failed: details.length }),
      });
      set({ failures: details });
    } finally {
      await reload();
      set({ busy: false, progress: null });
    }
  },
  exported(list, count) {
    get().say({ ok: true, text: text(CONV_DB, "exported", { count, label: labelOf(list) }) });
  },
});

/** The Database tab store, built from its three slices (zustand's slices pattern). */
export const useDatabase = create<DatabaseState>()((...a) => ({
  ...statusSlice(...a),
  ...entrySlice(...a),
  ...bulkSlice(...a),
}));
