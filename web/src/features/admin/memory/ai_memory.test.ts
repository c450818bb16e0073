// The memory database (spec 3: the indexes, the upsert, the newest-first search of 50, tag over
// type) and the page's store (seed once, messages, export), on fake-indexeddb.

import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAiMemory } from "./ai_memory.ts";
import {
  allMemories,
  closeMemoryDb,
  DB_NAME,
  getMemory,
  type Memory,
  openMemoryDb,
  saveMemory,
  searchMemories,
  seedOnce,
} from "./ai_memory_db.ts";

beforeEach(() => {
  closeMemoryDb();
  globalThis.indexedDB = new IDBFactory();
  useAiMemory.setState({ memories: [], loading: true, type: "", tag: "", status: null });
});
afterEach(() => vi.unstubAllGlobals());

const SEED = [
  {
    _id: "ctx-default-password",
    type: "decision" as const,
    title: "Default password is a server setting",
    content: "Never a client constant.",
    tags: ["Security", "settings"],
  },
  {
    _id: "ctx-npm-test",
    type: "command" as const,
    title: "npm test",
    content: "Runs every suite.",
    tags: ["tests"],
  },
];

describe("memory database", () => {
  it("is 'ai-memory' with the store 'memories' and its two indexes", async () => {
    const db = await openMemoryDb();
    expect(db.name).toBe(DB_NAME);
    const store = db.transaction("memories").objectStore("memories");
    expect(store.keyPath).toBe("_id");
    expect(store.index("type_updatedAt").keyPath).toEqual(["type", "updatedAt"]);
    expect(store.index("tags").multiEntry).toBe(true);
  });

  it("saves new memories with both times now, and merges a save of an existing one", async () => {
    const first = await saveMemory(
      { type: "note", title: "Ports", content: "8765 is the suite's", tags: [" E2E ", "e2e", ""] },
      1000,
    );
    expect(first).toMatchObject({ createdAt: 1000, updatedAt: 1000, tags: ["e2e"] });
    expect(first._rev).toMatch(/^1-[0-9a-f]{8}$/);
    const second = await saveMemory({ _id: first._id, content: "8765 and 8831" }, 5000);
    expect(second).toMatchObject({
      _id: first._id,
      type: "note",
      title: "Ports",
      content: "8765 and 8831",
      tags: ["e2e"],
      createdAt: 1000,
      updatedAt: 5000,
    });
    expect(second._rev).toMatch(/^2-/);
    expect(await getMemory(first._id)).toEqual(second);
    // a save with a given id that is not stored yet creates it
    const named = await saveMemory({ _id: "fixed", type: "issue", title: "T", content: "C" }, 7);
    expect(named).toMatchObject({ _id: "fixed", createdAt: 7, updatedAt: 7 });
  });

  it("searches newest update first, 50 at most, by type, or by tag (which wins)", async () => {
    for (let i = 0; i < 60; i++) {
      await saveMemory(
        {
          _id: `m${i}`,
          type: i % 2 === 0 ? "decision" : "pattern",
          title: `M${i}`,
          content: "x",
          tags: i % 10 === 0 ? ["Deploy"] : [],
        },
        10_000 + i,
      );
    }
    const all = await searchMemories();
    expect(all).toHaveLength(50);
    expect(all[0]._id).toBe("m59");
    expect(all[49]._id).toBe("m10");
    const patterns = await searchMemories({ type: "pattern" });
    expect(patterns).toHaveLength(30);
    expect(patterns.every((m) => m.type === "pattern")).toBe(true);
    expect(patterns[0]._id).toBe("m59");
    expect((await searchMemories({ type: "pattern", limit: 3 })).map((m) => m._id)).toEqual([
      "m59",
      "m57",
      "m55",
    ]);
    const tagged = await searchMemories({ type: "pattern", tag: " DEPLOY " });
    expect(tagged.map((m) => m._id)).toEqual(["m50", "m40", "m30", "m20", "m10", "m0"]);
    expect(await searchMemories({ tag: "dep" })).toEqual([]); // a tag, not a part of one
  });

  it("seeds an empty database once, and never over memories already there", async () => {
    const seed = vi.fn(() => Promise.resolve(SEED));
    expect(await seedOnce(seed, 50_000)).toBe(2);
    const seeded = await allMemories();
    expect(seeded.map((m) => m._id)).toEqual(["ctx-default-password", "ctx-npm-test"]);
    expect(seeded[0]).toMatchObject({ tags: ["security", "settings"], _rev: "1-seed" });
    for (const m of seeded) {
      const tx = (await openMemoryDb()).transaction("memories", "readwrite");
      tx.objectStore("memories").delete(m._id);
    }
    expect(await seedOnce(seed)).toBe(0);
    expect(seed).toHaveBeenCalledTimes(1);

    closeMemoryDb();
    globalThis.indexedDB = new IDBFactory();
    await saveMemory({ type: "note", title: "Mine", content: "kept" });
    expect(await seedOnce(seed)).toBe(0);
    expect((await allMemories()).map((m) => m.title)).toEqual(["Mine"]);
  });

  it("tries the seed again on the next open when it could not be read", async () => {
    await expect(seedOnce(() => Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    expect(await seedOnce(() => Promise.resolve(SEED))).toBe(2);
  });
});

describe("AI memory page store", () => {
  const serveSeed = () =>
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(Response.json({ memories: SEED }))),
    );

  it("opens with the seed from project-context.json and filters by type and tag", async () => {
    serveSeed();
    await useAiMemory.getState().open();
    expect(fetch).toHaveBeenCalledWith("/project-context.json", { cache: "no-cache" });
    expect(useAiMemory.getState().loading).toBe(false);
    expect(useAiMemory.getState().memories.map((m) => m._id)).toEqual([
      "ctx-default-password",
      "ctx-npm-test",
    ]);
    useAiMemory.getState().setType("command");
    await vi.waitFor(() => expect(useAiMemory.getState().memories).toHaveLength(1));
    expect(useAiMemory.getState().memories[0].title).toBe("npm test");
    useAiMemory.getState().setTag("security");
    await vi.waitFor(() =>
      expect(useAiMemory.getState().memories[0]?._id).toBe("ctx-default-password")
    );
  });

  it("lists what is there when the seed cannot be read", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("", { status: 404 }))));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await useAiMemory.getState().open();
    expect(useAiMemory.getState()).toMatchObject({ loading: false, memories: [] });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("adds, edits and deletes with messages, and refuses an empty title or content", async () => {
    serveSeed();
    await useAiMemory.getState().open();
    const store = useAiMemory.getState();
    expect(await store.save({ type: "note", title: " ", content: "x" })).toBe(false);
    expect(useAiMemory.getState().status).toEqual({ ok: false, text: "Title is required" });
    expect(await store.save({ type: "note", title: "Port", content: "" })).toBe(false);
    expect(useAiMemory.getState().status?.text).toBe("Content is required");
    expect(await store.save({ type: "note", title: "Port", content: "8831", tags: ["e2e"] }))
      .toBe(true);
    expect(useAiMemory.getState().status).toEqual({ ok: true, text: "Memory 'Port' added" });
    const added = useAiMemory.getState().memories[0];
    expect(added.title).toBe("Port");
    await store.save({ ...added, content: "8831 and 8931" });
    expect(useAiMemory.getState().status?.text).toBe("Memory 'Port' updated");
    expect(useAiMemory.getState().memories[0].content).toBe("8831 and 8931");
    await store.remove(useAiMemory.getState().memories[0]);
    expect(useAiMemory.getState().status?.text).toBe("Memory 'Port' deleted");
    expect(useAiMemory.getState().memories.map((m) => m.title)).not.toContain("Port");
  });

  it("exports every memory as ai-memory-{timestamp}.json", async () => {
    serveSeed();
    await useAiMemory.getState().open();
    useAiMemory.getState().setType("issue"); // the export takes all, whatever the filter
    const file = await useAiMemory.getState().exportAll(1_700_000_000_000);
    expect(file?.name).toBe("ai-memory-1700000000000.json");
    const memories = JSON.parse(file!.content) as Memory[];
    expect(memories.map((m) => m._id).sort()).toEqual(["ctx-default-password", "ctx-npm-test"]);
    expect(useAiMemory.getState().status?.text).toBe("Exported 2 memories");
  });
});
