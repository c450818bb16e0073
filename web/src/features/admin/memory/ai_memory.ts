// The AI Memory page's store (spec 2.13): the memories of the filter in view, the page's status
// line, and the actions of its buttons. The notes live in this browser's IndexedDB
// (ai_memory_db.ts).

import { create } from "zustand";
import {
  allMemories,
  countMemories,
  deleteMemory,
  fetchSeed,
  type Memory,
  type MemoryInput,
  type MemoryType,
  saveMemory,
  searchMemories,
  seedOnce,
} from "./ai_memory_db.ts";
import { TOOLS_MEMORY } from "./texts/tools_memory.ts";
import { text } from "../../../i18n/i18n.ts";

/** The name each memory type is shown by (its catalogue key; the type itself is data). */
export const MEMORY_TYPE_LABELS = {
  decision: "typeDecision",
  pattern: "typePattern",
  command: "typeCommand",
  issue: "typeIssue",
  note: "typeNote",
} as const satisfies Record<MemoryType, (typeof TOOLS_MEMORY.keys)[number]>;

/** A status line of the page. */
export interface MemoryStatus {
  ok: boolean;
  text: string;
}

/** The AI Memory page's state and actions. */
export interface AiMemoryState {
  memories: Memory[];
  /** How many memories the database holds, whatever the filter (null until read). */
  total: number | null;
  loading: boolean;
  type: MemoryType | "";
  tag: string;
  status: MemoryStatus | null;
  /** Seeds an empty database once, then lists. */
  open(): Promise<void>;
  setType(type: MemoryType | ""): void;
  setTag(tag: string): void;
  refresh(): Promise<void>;
  /** Adds or edits a memory; false (with the reason in status) when refused. */
  save(input: MemoryInput): Promise<boolean>;
  remove(memory: Memory): Promise<void>;
  /** 'Export All': every memory as a JSON file. */
  exportAll(now?: number): Promise<{ name: string; content: string } | null>;
}

const failure = (err: unknown) => err instanceof Error ? err.message : String(err);
let searches = 0;

type Set = (partial: Partial<AiMemoryState>) => void;
type Get = () => AiMemoryState;

/** Why a memory cannot be saved as given, or null. */
function refusal(input: MemoryInput): string | null {
  if ((input.title ?? "").trim() === "") return text(TOOLS_MEMORY, "titleRequired");
  if ((input.content ?? "").trim() === "") return text(TOOLS_MEMORY, "contentRequired");
  return null;
}

/** Lists the memories of the filter in view; of searches started by quick typing, the last wins. */
async function refresh(set: Set, get: Get): Promise<void> {
  const mine = ++searches;
  try {
    const query = { type: get().type, tag: get().tag };
    const [memories, total] = await Promise.all([searchMemories(query), countMemories()]);
    if (mine === searches) set({ memories, total, loading: false });
  } catch (err) {
    if (mine !== searches) return;
    const status = { ok: false, text: text(TOOLS_MEMORY, "readFailed", { message: failure(err) }) };
    set({ memories: [], total: null, loading: false, status });
  }
}

/** Adds or edits a memory, trimmed, then lists again; false (with the reason) when refused. */
async function save(set: Set, get: Get, input: MemoryInput): Promise<boolean> {
  const refused = refusal(input);
  if (refused !== null) {
    set({ status: { ok: false, text: refused } });
    return false;
  }
  try {
    const saved = await saveMemory({
      ...input,
      title: input.title?.trim(),
      content: input.content?.trim(),
    });
    const done = input._id === undefined ? "added" : "updated";
    set({ status: { ok: true, text: text(TOOLS_MEMORY, done, { title: saved.title }) } });
    await get().refresh();
    return true;
  } catch (err) {
    set({
      status: { ok: false, text: text(TOOLS_MEMORY, "saveFailed", { message: failure(err) }) },
    });
    return false;
  }
}

/** The AI Memory page store. */
export const useAiMemory = create<AiMemoryState>()((set, get) => ({
  memories: [],
  total: null,
  loading: true,
  type: "",
  tag: "",
  status: null,

  async open() {
    set({ loading: true });
    try {
      await seedOnce(fetchSeed);
    } catch (err) {
      // without the seed the page still lists what is there (spec: load errors are only logged)
      console.warn("AI memory seed:", err);
    }
    await get().refresh();
  },

  setType(type) {
    set({ type });
    void get().refresh();
  },

  setTag(tag) {
    set({ tag });
    void get().refresh();
  },

  refresh: () => refresh(set, get),

  save: (input) => save(set, get, input),

  async remove(memory) {
    try {
      await deleteMemory(memory._id);
      set({ status: { ok: true, text: text(TOOLS_MEMORY, "deleted", { title: memory.title }) } });
    } catch (err) {
      const message = failure(err);
      set({ status: { ok: false, text: text(TOOLS_MEMORY, "deleteFailed", { message }) } });
    }
    await get().refresh();
  },

  async exportAll(now = Date.now()) {
    try {
      const all = await allMemories();
      const exported = text(TOOLS_MEMORY, "exported", { count: String(all.length) });
      set({ status: { ok: true, text: exported } });
      const name = text(TOOLS_MEMORY, "exportFile", { now: String(now) });
      return { name, content: `${JSON.stringify(all, null, 2)}\n` };
    } catch (err) {
      const message = failure(err);
      set({ status: { ok: false, text: text(TOOLS_MEMORY, "exportFailed", { message }) } });
      return null;
    }
  },
}));
