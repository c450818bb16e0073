// The AI Memory screen's filters as an administrator reads them: the spec's empty text only for an
// empty database, a filter that matches nothing says so (with the way back), and the tag chips'
// '#qa' finds what the chip shows, typed or clicked.

import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAiMemory } from "./ai_memory.ts";
import { closeMemoryDb, saveMemory } from "./ai_memory_db.ts";
import { AiMemoryPage } from "./AiMemoryPage.tsx";

// the frame (navigation, header, guard) is the router's and the session's; the screen is tested alone
vi.mock("../AdminFrame.tsx", () => ({
  AdminFrame: (props: { children: ReactNode }) => <>{props.children}</>,
}));

const EMPTY_DB = "No memories found. Check project-context.json in the root.";

beforeEach(() => {
  closeMemoryDb();
  globalThis.indexedDB = new IDBFactory();
  useAiMemory.setState({ memories: [], total: null, loading: true, type: "", tag: "" });
  // no seed file: the database holds what the test saves
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("", { status: 404 }))));
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cards = () => screen.queryAllByRole("article").map((a) => a.getAttribute("aria-label"));

describe("the AI Memory screen", () => {
  it("shows the spec's empty text for an empty database only", async () => {
    render(<AiMemoryPage />);
    expect(await screen.findByText(EMPTY_DB)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Tag filter"), { target: { value: "qa" } });
    // nothing is there at all: still the spec's text, not a filter's
    expect(await screen.findByText(EMPTY_DB)).toBeTruthy();
  });

  it("says which filter matched nothing, and Show all memories brings them back", async () => {
    await saveMemory({ type: "note", title: "Ports", content: "8816", tags: ["qa"] });
    await saveMemory({ type: "issue", title: "Dates", content: "Sept", tags: ["texts"] });
    render(<AiMemoryPage />);
    await screen.findByRole("article", { name: "Ports" });
    fireEvent.change(screen.getByLabelText("Tag filter"), { target: { value: "port" } });
    expect(await screen.findByText("No memories match the tag '#port'.")).toBeTruthy();
    expect(screen.queryByText(EMPTY_DB)).toBeNull();
    fireEvent.change(screen.getByLabelText("Tag filter"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "command" } });
    expect(await screen.findByText("No memories of the type 'command'.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show all memories" }));
    await screen.findByRole("article", { name: "Ports" });
    expect(cards().sort()).toEqual(["Dates", "Ports"]);
    expect((screen.getByLabelText("Type") as HTMLSelectElement).value).toBe("");
  });

  it("finds '#qa' as its chip reads it, typed or clicked", async () => {
    await saveMemory({ type: "note", title: "Ports", content: "8816", tags: ["#QA", "e2e"] });
    await saveMemory({ type: "issue", title: "Dates", content: "Sept", tags: ["texts"] });
    render(<AiMemoryPage />);
    const ports = await screen.findByRole("article", { name: "Ports" });
    // a tag saved as '#QA' is stored as 'qa': its chip reads '#qa', not '##QA'
    const chips = [...ports.querySelectorAll(".tag-chips li")].map((c) => c.textContent);
    expect(chips).toEqual(["#qa", "#e2e"]);
    fireEvent.change(screen.getByLabelText("Tag filter"), { target: { value: "#qa" } });
    await vi.waitFor(() => expect(cards()).toEqual(["Ports"]));
    fireEvent.change(screen.getByLabelText("Tag filter"), { target: { value: " #QA " } });
    await vi.waitFor(() => expect(cards()).toEqual(["Ports"]));
    fireEvent.change(screen.getByLabelText("Tag filter"), { target: { value: "" } });
    await vi.waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Show memories tagged texts" }));
    await vi.waitFor(() => expect(cards()).toEqual(["Dates"]));
    expect((screen.getByLabelText("Tag filter") as HTMLInputElement).value).toBe("texts");
  });
});
