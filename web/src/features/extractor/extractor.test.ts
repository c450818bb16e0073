// The extractor store: settings validated, saved to and read back from IndexedDB; Run through the
// engine (here called in-process in place of the worker) with its spec messages; the list copies.

import "fake-indexeddb/auto";
import { clear, get as idbGet, set as idbSet } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { engineApi } from "../../../../engine/engine_api.ts";
import { THROUGH_FLIGHT } from "../../../../engine/test_support/traffic.ts";
import { exportFileName, EXTRACTOR_TEXTS, useExtractor } from "./extractor.ts";
import { DEFAULT_RENTED_CODES, SETTINGS_KEY } from "./extractor_settings.ts";
import { ALL, listRows, numberAt, resultText, textAt } from "./rows.ts";
import { WARM_UP_RUNS } from "./warm_up.ts";
import type { UldTableResult } from "../../../../engine/types.ts";

const bridge = vi.hoisted(() => ({
  fail: null as Error | null,
  warmed: [] as Promise<unknown>[],
  /** The answers of the engine's warm-up extractions, in order. */
  warmUps: [] as number[],
  /** What the warm-up is told about runs waiting: alone until this many extractions. */
  aloneFor: Infinity,
}));

// The worker cannot start under happy-dom; the same engine functions answer in-process instead
// (vi.mock is hoisted above the imports).
vi.mock("../../lib/engine/bridge.ts", async (importOriginal) => {
  const engine = () =>
    Object.fromEntries(
      Object.entries(engineApi).map((
        [name, fn],
      ) => [
        name,
        (...args: unknown[]) => Promise.resolve((fn as (...a: unknown[]) => unknown)(...args)),
      ]),
    );
  // each method fails with bridge.fail when a test sets it, as a crashed worker's calls do
  const failing = new Proxy(engine(), {
    get: (e, name) => (...args: unknown[]) =>
      bridge.fail !== null ? Promise.reject(bridge.fail) : e[name as string](...args),
  });
  return {
    ...await importOriginal<object>(),
    engine: failing,
    warm: (task: (engine: unknown, alone: () => boolean) => Promise<unknown>) => {
      const e = engine();
      const warmUp = e.warmUpExtractor;
      e.warmUpExtractor = async () => {
        const total = (await warmUp() as UldTableResult).statistics.total;
        bridge.warmUps.push(total);
        return total;
      };
      bridge.warmed.push(task(e, () => bridge.warmUps.length < bridge.aloneFor));
    },
  };
});

const CPM = "CPM\nBA0117/16.GBZHA.C48Y312\n-11L/AKE12345BA/JFK/850/B\n-11R/AKE12346R7/JFK/850/B\n" +
  "-12L/PMC1234AB/JFK/900/C\n-12R/AKE12345BA/JFK/850/X\n-BULK/JFK/120/B\nSI NIL";

const initial = useExtractor.getState();
let clipboard: string[] = [];
let clipboardFails = false;

beforeEach(async () => {
  await clear();
  useExtractor.setState(initial, true);
  clipboard = [];
  clipboardFails = false;
  bridge.fail = null;
  bridge.warmed = [];
  bridge.warmUps = [];
  bridge.aloneFor = Infinity;
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation((text: string) => {
    if (clipboardFails) return Promise.reject(new DOMException("denied", "NotAllowedError"));
    clipboard.push(text);
    return Promise.resolve();
  });
});
afterEach(() => vi.restoreAllMocks());

describe("extractor settings", () => {
  it("need at least one rented code after splitting by comma and trimming", async () => {
    const store = useExtractor.getState();
    for (const text of ["", "   ", " , ,, "]) {
      store.setRentedText(text);
      await useExtractor.getState().saveSettings();
      expect(useExtractor.getState().settingsMessage).toEqual({
        ok: false,
        text: "Please enter at least one rented code.",
      });
    }
    expect(await idbGet(SETTINGS_KEY)).toBeUndefined();
    expect(useExtractor.getState().settings.rentedCodes).toEqual(DEFAULT_RENTED_CODES);

    store.setRentedText("R7,A1C");
    await useExtractor.getState().saveSettings();
    expect(useExtractor.getState().settingsMessage?.text).toBe(
      "Rented code A1C is not an owner code (2 characters such as R7, or 3 letters)",
    );
  });

  it("are saved upper-cased to IndexedDB and read back on the next visit", async () => {
    useExtractor.getState().setRentedText(" r7 , x5,,R7 ");
    await useExtractor.getState().saveSettings();
    expect(useExtractor.getState()).toMatchObject({
      settings: { ownerCode: "MS", rentedCodes: ["R7", "X5"] },
      rentedText: "R7,X5",
      settingsMessage: { ok: true, text: EXTRACTOR_TEXTS.saved },
    });
    expect(await idbGet(SETTINGS_KEY)).toEqual({ rentedCodes: ["R7", "X5"] });

    useExtractor.setState(initial, true); // a new visit: the store starts from the defaults
    await useExtractor.getState().loadSettings();
    expect(useExtractor.getState().settings).toEqual({
      ownerCode: "MS",
      rentedCodes: ["R7", "X5"],
    });
    expect(useExtractor.getState().rentedText).toBe("R7,X5");
  });

  it("reset to the defaults, which are stored too", async () => {
    await idbSet(SETTINGS_KEY, { rentedCodes: ["X5"] });
    await useExtractor.getState().loadSettings();
    expect(useExtractor.getState().rentedText).toBe("X5");
    await useExtractor.getState().resetSettings();
    expect(useExtractor.getState()).toMatchObject({
      settings: { ownerCode: "MS", rentedCodes: ["R7", "C6", "R9"] },
      rentedText: "R7,C6,R9",
      settingsMessage: { ok: true, text: EXTRACTOR_TEXTS.reset },
    });
    expect(await idbGet(SETTINGS_KEY)).toEqual({ rentedCodes: ["R7", "C6", "R9"] });
  });

  it("fall back to the defaults when what is stored cannot be read", async () => {
    await idbSet(SETTINGS_KEY, { rentedCodes: [] });
    await useExtractor.getState().loadSettings();
    expect(useExtractor.getState().settings.rentedCodes).toEqual(["R7", "C6", "R9"]);
  });

  it("are the ones a run uses, 3-letter codes too", async () => {
    useExtractor.getState().setRentedText("AB, agh");
    await useExtractor.getState().saveSettings();
    useExtractor.getState().setInput(CPM.replace("-BULK", "-13L/PAG72801AGH/JFK/100/C\n-BULK"));
    await useExtractor.getState().run();
    const result = useExtractor.getState().result!;
    const numbers = (list: "Rented" | "Foreign") =>
      Array.from(listRows(result, ALL, list), (i) => numberAt(result.rows, i));
    expect(numbers("Rented")).toEqual(["PMC1234AB", "PAG72801AGH"]);
    expect(numbers("Foreign")).toEqual(["AKE12346R7"]);
  });
});

describe("extractor run", () => {
  it("a message typed or pasted warms the engine with real extractions; opening does not", async () => {
    await useExtractor.getState().open();
    useExtractor.getState().setInput("");
    expect(bridge.warmed).toHaveLength(0);
    useExtractor.getState().setInput("U");
    expect(bridge.warmed).toHaveLength(1);
    await bridge.warmed[0];
    // the generated sample through the parsers' paths, not an empty call: the first real run
    // finds them compiled
    expect(bridge.warmUps).toHaveLength(WARM_UP_RUNS);
    expect(bridge.warmUps.every((total) => total > 100)).toBe(true);
    const { result, message, input } = useExtractor.getState();
    expect([result, message, input]).toEqual([null, null, "U"]);
  });

  it("the warm-up stops once a run of the user's waits", async () => {
    bridge.aloneFor = 3;
    useExtractor.getState().setInput("U");
    await bridge.warmed[0];
    expect(bridge.warmUps).toHaveLength(3);
  });

  it("asks for a message when the input is blank", async () => {
    useExtractor.getState().setInput(" \n\t ");
    await useExtractor.getState().run();
    expect(useExtractor.getState().message).toEqual({
      source: "run",
      ok: false,
      text: "Please paste a UCM, CPM, or SCM message first.",
    });
    expect(useExtractor.getState().result).toBeNull();
  });

  it("fills the result and copies the three lists, the first titled by the flight's airline", async () => {
    useExtractor.getState().setInput(CPM);
    await useExtractor.getState().run();
    const { result, message, busy, selected } = useExtractor.getState();
    expect(busy).toBe(false);
    expect(selected).toBe(ALL);
    expect(message).toEqual({ source: "run", ok: true, text: "Results copied to clipboard!" });
    expect(result?.statistics).toMatchObject({ owned: 2, rented: 1, foreign: 1, total: 4 });
    expect(clipboard).toEqual([
      "BA ULD List (2)\nAKE12345BA\nAKE12345BA\n\nRented ULD List (1)\nAKE12346R7\n\n" +
      "Foreign ULD List (1)\nPMC1234AB",
    ]);
    expect(await resultText(result!, ALL)).toBe(clipboard[0]);
    const t = result!.rows;
    expect(Array.from(t.isDuplicate)).toEqual([1, 0, 0, 1]);
    expect(t.isFourDigit[2]).toBe(1);
    expect(numberAt(t, 2)).toBe("PMC1234AB");
  });

  it("several messages: merged lists copied, then one message in view", async () => {
    useExtractor.getState().setInput(THROUGH_FLIGHT);
    await useExtractor.getState().run();
    const result = useExtractor.getState().result!;
    expect(result.messages).toHaveLength(3);
    expect(clipboard[0].split("\n\n").map((l) => l.split("\n")[0])).toEqual([
      "MS ULD List (9)",
      "Rented ULD List (3)",
      "Foreign ULD List (3)",
    ]);
    useExtractor.getState().select(2);
    await useExtractor.getState().copyList("Owned");
    expect(clipboard.at(-1)).toBe("AKE12345MS\nAKE67890MS\nPKC11111MS");
    expect(useExtractor.getState().message?.text).toBe("MS ULD list copied to clipboard (3).");
    const file = await useExtractor.getState().exportFile("csv");
    expect(file?.content.trimEnd().split("\r\n")).toHaveLength(6); // the CPM's five ULDs
    useExtractor.getState().select(7); // no such message: back to all
    expect(useExtractor.getState().selected).toBe(ALL);
    const all = await useExtractor.getState().exportFile("csv");
    expect(all?.content.split("\r\n")[0]).toMatch(/,Message,Flight$/);
  });

  it("says when the results could not be copied", async () => {
    clipboardFails = true;
    useExtractor.getState().setInput(CPM);
    await useExtractor.getState().run();
    expect(useExtractor.getState().message?.text).toBe(
      "Results processed but could not copy to clipboard. Please copy manually.",
    );
    expect(useExtractor.getState().result?.ok).toBe(true);
  });

  it("reports an unreadable message and a failed worker with the spec's text", async () => {
    useExtractor.getState().setInput("HELLO\nWORLD");
    await useExtractor.getState().run();
    expect(useExtractor.getState().message?.text).toBe(
      "Error parsing message: Unknown or unsupported message format",
    );
    bridge.fail = new Error("worker crashed");
    await useExtractor.getState().run();
    expect(useExtractor.getState().message?.text).toBe("Error parsing message: worker crashed");
    bridge.fail = new Error("");
    await useExtractor.getState().run();
    expect(useExtractor.getState().message?.text).toBe("Error parsing message: Unknown error");
    expect(useExtractor.getState().busy).toBe(false);
  });

  it("reads the table row by row as the engine's plain result does", async () => {
    useExtractor.getState().setInput(THROUGH_FLIGHT);
    await useExtractor.getState().run();
    const t = useExtractor.getState().result!.rows;
    const plain = engineApi.extractUlds(THROUGH_FLIGHT).ulds;
    expect(Array.from({ length: t.count }, (_, i) => [
      numberAt(t, i),
      textAt(t, "loadType", i),
      textAt(t, "destination", i),
      textAt(t, "ownershipType", i),
      t.message[i],
    ])).toEqual(
      plain.map((u) => [u.uldNumber, u.loadType, u.destination, u.ownershipType, u.message]),
    );
  });

  it("clears input, result and messages", async () => {
    useExtractor.getState().setInput(CPM);
    await useExtractor.getState().run();
    useExtractor.getState().clear();
    expect(useExtractor.getState()).toMatchObject({
      input: "",
      result: null,
      message: null,
      busy: false,
    });
  });
});

describe("extractor list copies and export", () => {
  it("copy one list, or say it is empty or could not be copied", async () => {
    await useExtractor.getState().copyList("Owned");
    expect(useExtractor.getState().message?.text).toBe("No MS ULDs to copy"); // before a run
    useExtractor.getState().setInput(CPM.replace("AKE12346R7", "AKE12346XX"));
    await useExtractor.getState().run();
    await useExtractor.getState().copyList("Owned");
    expect(clipboard.at(-1)).toBe("AKE12345BA\nAKE12345BA");
    expect(useExtractor.getState().message?.text).toBe("BA ULD list copied to clipboard (2).");
    await useExtractor.getState().copyList("Rented");
    expect(useExtractor.getState().message).toEqual({
      source: "Rented",
      ok: false,
      text: "No Rented ULDs to copy",
    });
    clipboardFails = true;
    await useExtractor.getState().copyList("Foreign");
    expect(useExtractor.getState().message?.text).toBe(
      "Failed to copy Foreign ULD list. Please copy manually.",
    );
  });

  it("export the result named after the flight", async () => {
    expect(await useExtractor.getState().exportFile("csv")).toBeNull();
    expect(useExtractor.getState().message?.text).toBe(EXTRACTOR_TEXTS.nothingToExport);
    useExtractor.getState().setInput(CPM);
    await useExtractor.getState().run();
    const file = await useExtractor.getState().exportFile("csv", { sortBy: "uldNumber" });
    expect(file?.name).toBe("uld-extraction-BA0117.csv");
    expect(file?.content.split("\r\n")[0]).toBe(
      "\ufeffULD Number,Load Type,Destination,Ownership,Category,Section,Valid,Duplicate",
    );
    expect(file?.content.split("\r\n")[1]).toMatch(/^AKE12345BA,/);
    expect(exportFileName("PK719/720", "txt")).toBe("uld-extraction-PK719-720.txt");
    expect(exportFileName("", "json")).toBe("uld-extraction-message.json");
  });
});
