// The AI Memory page's notes, kept in this browser only (spec 2.13, 3): an IndexedDB database
// 'ai-memory' with an object store 'memories' indexed on (type, updatedAt), on updatedAt and on
// tags, and a 'meta' store that records the first seeding. Through idb (promises over IndexedDB's
// requests and transactions); idb-keyval's stores cannot have indexes.

import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { TOOLS_MEMORY } from "./texts/tools_memory.ts";
import { text } from "../../../i18n/i18n.ts";

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
/** Default number of memories a search returns, newest update first (spec 7, 9). */
export const SEARCH_LIMIT = 50;

interface MemoryDb extends DBSchema {
  memories: {
    key: string;
    value: Memory;
    indexes: { type_updatedAt: [string, number]; tags: string; updatedAt: number };
  };
  meta: { key: string; value: number };
}

const isType = (t: unknown): t is MemoryType => MEMORY_TYPES.includes(t as MemoryType);

/** A tag as stored and searched: trimmed, lower case, without the leading '#' its chip shows
 * (typing '#qa' finds the chip '#qa'). */
export function tagKey(text: string): string {
  return text.trim().replace(/^#+/, "").trim().toLowerCase();
}

/** Tags as stored: tagKey's, without blanks or repeats. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(tagKey).filter((t) => t !== ""))];
}

let opening: Promise<IDBPDatabase<MemoryDb>> | null = null;

/** The open database, created with its indexes on first use. */
export function openMemoryDb(): Promise<IDBPDatabase<MemoryDb>> {
  if (globalThis.indexedDB === undefined) {
    return Promise.reject(new Error(text(TOOLS_MEMORY, "noIndexedDb")));
  }
  opening ??= new Promise((resolve, reject) => {
    openDB<MemoryDb>(DB_NAME, 1, {
      upgrade(db) {
        const memories = db.createObjectStore("memories", { keyPath: "_id" });
        memories.createIndex("type_updatedAt", ["type", "updatedAt"]);
        memories.createIndex("tags", "tags", { multiEntry: true });
        memories.createIndex("updatedAt", "updatedAt");
        db.createObjectStore("meta");
      },
      // idb would wait for the older tab: the page says so instead of hanging
      blocked: () => reject(new Error(text(TOOLS_MEMORY, "olderTab"))),
      // another tab upgrading or deleting the database: let it, and open afresh next time
      blocking: () => closeMemoryDb(),
    }).then(resolve, reject);
  });
  const opened = opening;
  opened.catch(() => {
    if (opening === opened) opening = null;
  });
  return opened;
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
  const tx = (await openMemoryDb()).transaction("memories", "readwrite");
  const existing = input._id === undefined ? undefined : await tx.store.get(input._id);
  const revision = existing === undefined ? 1 : (parseInt(existing._rev, 10) || 0) + 1;
  const type = input.type ?? existing?.type ?? "note";
  if (!isType(type)) throw new Error(text(TOOLS_MEMORY, "unknownType", { type }));
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
  await Promise.all([tx.store.put(memory), tx.done]);
  return memory;
}

/** One memory, or null. */
export async function getMemory(id: string): Promise<Memory | null> {
  return (await (await openMemoryDb()).get("memories", id)) ?? null;
}

/** Deletes a memory. */
export async function deleteMemory(id: string): Promise<void> {
  await (await openMemoryDb()).delete("memories", id);
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
  const tag = tagKey(query.tag ?? "");
  const db = await openMemoryDb();
  if (tag !== "") {
    const tagged = await db.getAllFromIndex("memories", "tags", tag);
    return tagged.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
  }
  const store = db.transaction("memories").store;
  let cursor = query.type
    ? await store.index("type_updatedAt").openCursor(
      IDBKeyRange.bound([query.type, -Infinity], [query.type, Infinity]),
      "prev",
    )
    : await store.index("updatedAt").openCursor(null, "prev");
  const out: Memory[] = [];
  while (cursor !== null && out.length < limit) {
    out.push(cursor.value);
    cursor = await cursor.continue();
  }
  return out;
}

/** How many memories the database holds (an empty database is not a filter without a match). */
export async function countMemories(): Promise<number> {
  return await (await openMemoryDb()).count("memories");
}

/** Every memory, newest update first (the export). */
export async function allMemories(): Promise<Memory[]> {
  const all = await (await openMemoryDb()).getAll("memories");
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

/** A seed note as stored: the file's first note newest, so that it shows first. */
const seeded = (n: SeedMemory, at: number): Memory => ({
  _id: n._id,
  _rev: "1-seed",
  type: n.type,
  title: n.title,
  content: n.content,
  tags: cleanTags(n.tags ?? []),
  createdAt: at,
  updatedAt: at,
});

/**
 * Fills the database from the seed the first time it is opened empty; later opens leave it as the
 * user left it (an emptied database stays empty). Returns how many memories were added.
 */
export async function seedOnce(seed: () => Promise<readonly SeedMemory[]>, now = Date.now()) {
  const db = await openMemoryDb();
  const [done, count] = await Promise.all([db.get("meta", "seeded"), db.count("memories")]);
  if (done !== undefined) return 0;
  const notes = count === 0 ? (await seed()).filter((n) => isType(n.type) && n._id) : [];
  const tx = db.transaction(["memories", "meta"], "readwrite");
  await Promise.all([
    ...notes.map((n, i) => tx.objectStore("memories").put(seeded(n, now - i))),
    tx.objectStore("meta").put(now, "seeded"),
    tx.done,
  ]);
  return notes.length;
}

/** Reads the seed file the app serves. */
export async function fetchSeed(): Promise<SeedMemory[]> {
  const res = await fetch("/project-context.json", { cache: "no-cache" });
  if (!res.ok) throw new Error(`project-context.json: HTTP ${res.status}`);
  const body = await res.json() as { memories?: SeedMemory[] };
  return Array.isArray(body.memories) ? body.memories : [];
}
