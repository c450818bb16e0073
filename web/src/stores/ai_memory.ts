// The AI Memory page's notes, kept in this browser only (spec 2.13, 3): an IndexedDB database
// 'ai-memory' with an object store 'memories' indexed on (type, updatedAt) and on tags. The raw
// IndexedDB API is used because idb-keyval's stores cannot have indexes. The page's store is below.

import { create } from "zustand";

/** Kinds of memory (spec 9). */
export const MEMORY_TYPES = ["decision", "pattern", "command", "issue", "note"] as const;

/** A kind of memory. */
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** A memory as stored (times in epoch milliseconds). */
export interface Memory {
  _id: string;
  /** `{n}-{random}`: n counts the saves, as the original's document revisions did. */
  _rev: string;
  type: MemoryType;
  title: string;
  content: string;
  tags: string[];
  createdAt: number;
  updatedAt: number;
}

/** What a save takes: a new memory, or the fields to change of the memory `_id`. */
export interface MemoryInput {
  _id?: string;
  type?: MemoryType;
  title?: string;
  content?: string;
  tags?: string[];
}

/** Name of the browser database (spec 3). */
export const DB_NAME = "ai-memory";
const STORE = "memories";
const META = "meta";
/** Default number of memories a search returns, newest update first (spec 7, 9). */
export const SEARCH_LIMIT = 50;

const isType = (t: unknown): t is MemoryType => MEMORY_TYPES.includes(t as MemoryType);

/** Tags as stored: trimmed, lower case, without blanks or repeats. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t !== ""))];
}

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("The memory database refused the change"));
  });
}

let opening: Promise<IDBDatabase> | null = null;

/** The open database, created with its indexes on first use. */
export function openMemoryDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (globalThis.indexedDB === undefined) {
      return reject(new Error("This browser has no IndexedDB"));
    }
    const req = globalThis.indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      const memories = db.createObjectStore(STORE, { keyPath: "_id" });
      memories.createIndex("type_updatedAt", ["type", "updatedAt"]);
      memories.createIndex("tags", "tags", { multiEntry: true });
      memories.createIndex("updatedAt", "updatedAt");
      db.createObjectStore(META);
    };
    req.onsuccess = () => {
      const db = req.result;
      // another tab upgrading or deleting the database: let it, and open afresh next time
      db.onversionchange = () => closeMemoryDb();
      resolve(db);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("The memory database is open in an older tab"));
  });
  opening.catch(() => (opening = null));
  return opening;
}

/** Closes the connection (before the database is deleted, and between tests). */
export function closeMemoryDb(): void {
  const was = opening;
  opening = null;
  was?.then((db) => db.close()).catch(() => {});
}

const randomHex = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, "0"))
    .join("");

/** Saves a memory: new ones get createdAt = updatedAt = now; existing ones are merged. */
export async function saveMemory(input: MemoryInput, now = Date.now()): Promise<Memory> {
  const db = await openMemoryDb();
  const tx = db.transaction(STORE, "readwrite");
  const store = tx.objectStore(STORE);
  const existing = input._id === undefined
    ? undefined
    : (await done(store.get(input._id)) as Memory | undefined);
  const revision = existing === undefined ? 1 : (parseInt(existing._rev, 10) || 0) + 1;
  const type = input.type ?? existing?.type ?? "note";
  if (!isType(type)) throw new Error(`Unknown memory type: ${type}`);
  const memory: Memory = {
    _id: input._id ?? `mem_${now.toString(36)}_${randomHex()}`,
    _rev: `${revision}-${randomHex()}`,
    type,
    title: input.title ?? existing?.title ?? "",
    content: input.content ?? existing?.content ?? "",
    tags: cleanTags(input.tags ?? existing?.tags ?? []),
    createdAt: existing?.createdAt ?? now,
    // a save within the same millisecond as the last one still sorts after it
    updatedAt: existing === undefined ? now : Math.max(now, existing.updatedAt + 1),
  };
  store.put(memory);
  await finished(tx);
  return memory;
}

/** One memory, or null. */
export async function getMemory(id: string): Promise<Memory | null> {
  const db = await openMemoryDb();
  const found = await done(db.transaction(STORE).objectStore(STORE).get(id));
  return (found as Memory | undefined) ?? null;
}

/** Deletes a memory. */
export async function deleteMemory(id: string): Promise<void> {
  const db = await openMemoryDb();
  const tx = db.transaction(STORE, "readwrite");
  tx.objectStore(STORE).delete(id);
  await finished(tx);
}

/** What a search filters by; a tag wins over a type (spec 2.13). */
export interface MemoryQuery {
  type?: MemoryType | "";
  tag?: string;
  limit?: number;
}

/** Memories newest update first, at most `limit` (50). */
export async function searchMemories(query: MemoryQuery = {}): Promise<Memory[]> {
  const limit = query.limit ?? SEARCH_LIMIT;
  const tag = (query.tag ?? "").trim().toLowerCase();
  const db = await openMemoryDb();
  const store = db.transaction(STORE).objectStore(STORE);
  if (tag !== "") {
    const tagged = await done(store.index("tags").getAll(IDBKeyRange.only(tag))) as Memory[];
    return tagged.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
  }
  const range = query.type
    ? IDBKeyRange.bound([query.type, -Infinity], [query.type, Infinity])
    : null;
  const index = store.index(query.type ? "type_updatedAt" : "updatedAt");
  const out: Memory[] = [];
  await new Promise<void>((resolve, reject) => {
    const req = index.openCursor(range, "prev");
    req.onsuccess = () => {
      const cursor = req.result;
      if (cursor === null || out.length >= limit) return resolve();
      out.push(cursor.value as Memory);
      cursor.continue();
    };
    req.onerror = () => reject(req.error);
  });
  return out;
}

/** Every memory, newest update first (the export). */
export async function allMemories(): Promise<Memory[]> {
  const db = await openMemoryDb();
  const all = await done(db.transaction(STORE).objectStore(STORE).getAll()) as Memory[];
  return all.sort((a, b) => b.updatedAt - a.updatedAt);
}

/** A note of the seed file (web/public/project-context.json). */
export interface SeedMemory {
  _id: string;
  type: MemoryType;
  title: string;
  content: string;
  tags?: string[];
}

/**
 * Fills the database from the seed the first time it is opened empty; later opens leave it as the
 * user left it (an emptied database stays empty). Returns how many memories were added.
 */
export async function seedOnce(seed: () => Promise<readonly SeedMemory[]>, now = Date.now()) {
  const db = await openMemoryDb();
  const check = db.transaction([STORE, META]);
  const [seeded, count] = await Promise.all([
    done(check.objectStore(META).get("seeded")),
    done(check.objectStore(STORE).count()),
  ]);
  if (seeded !== undefined) return 0;
  const notes = count === 0 ? (await seed()).filter((n) => isType(n.type) && n._id) : [];
  const tx = db.transaction([STORE, META], "readwrite");
  const store = tx.objectStore(STORE);
  notes.forEach((n, i) => {
    // the file's first note shows first: newest update first
    const at = now - i;
    store.put(
      {
        _id: n._id,
        _rev: "1-seed",
        type: n.type,
        title: n.title,
        content: n.content,
        tags: cleanTags(n.tags ?? []),
        createdAt: at,
        updatedAt: at,
      } satisfies Memory,
    );
  });
  tx.objectStore(META).put(now, "seeded");
  await finished(tx);
  return notes.length;
}

/** Reads the seed file the app serves. */
export async function fetchSeed(): Promise<SeedMemory[]> {
  const res = await fetch("/project-context.json", { cache: "no-cache" });
  if (!res.ok) throw new Error(`project-context.json: HTTP ${res.status}`);
  const body = await res.json() as { memories?: SeedMemory[] };
  return Array.isArray(body.memories) ? body.memories : [];
}

/** A status line of the page. */
export interface MemoryStatus {
  ok: boolean;
  text: string;
}

/** The AI Memory page's state and actions. */
export interface AiMemoryState {
  memories: Memory[];
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

/** The AI Memory page store. */
export const useAiMemory = create<AiMemoryState>()((set, get) => ({
  memories: [],
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

  async refresh() {
    const mine = ++searches;
    try {
      const memories = await searchMemories({ type: get().type, tag: get().tag });
      // typing in the filter starts a search per key: only the last one's answer counts
      if (mine === searches) set({ memories, loading: false });
    } catch (err) {
      if (mine === searches) {
        set({
          memories: [],
          loading: false,
          status: { ok: false, text: `Memories cannot be read: ${failure(err)}` },
        });
      }
    }
  },

  async save(input) {
    if ((input.title ?? "").trim() === "") {
      set({ status: { ok: false, text: "Title is required" } });
      return false;
    }
    if ((input.content ?? "").trim() === "") {
      set({ status: { ok: false, text: "Content is required" } });
      return false;
    }
    try {
      const saved = await saveMemory({
        ...input,
        title: input.title?.trim(),
        content: input.content?.trim(),
      });
      set({
        status: {
          ok: true,
          text: input._id === undefined
            ? `Memory '${saved.title}' added`
            : `Memory '${saved.title}' updated`,
        },
      });
      await get().refresh();
      return true;
    } catch (err) {
      set({ status: { ok: false, text: `Failed to save memory: ${failure(err)}` } });
      return false;
    }
  },

  async remove(memory) {
    try {
      await deleteMemory(memory._id);
      set({ status: { ok: true, text: `Memory '${memory.title}' deleted` } });
    } catch (err) {
      set({ status: { ok: false, text: `Failed to delete memory: ${failure(err)}` } });
    }
    await get().refresh();
  },

  async exportAll(now = Date.now()) {
    try {
      const all = await allMemories();
      set({ status: { ok: true, text: `Exported ${all.length} memories` } });
      return { name: `ai-memory-${now}.json`, content: `${JSON.stringify(all, null, 2)}\n` };
    } catch (err) {
      set({ status: { ok: false, text: `Failed to export memories: ${failure(err)}` } });
      return null;
    }
  },
}));
