// Wiring test: the worker module exposes the engine over a real MessagePort through Comlink.

import { wrap } from "comlink";
import { afterEach, expect, it, vi } from "vitest";
import type { EngineApi } from "./engine_api.ts";
import { sample } from "./test_support/samples.ts";
import type { UldTableResult } from "./types.ts";

const channel = new MessageChannel();

afterEach(() => {
  channel.port1.close();
  channel.port2.close();
  vi.unstubAllGlobals();
});

it("answers convertFfm, matchUwsNtm, extractUlds, extractUldTable and exportUlds through Comlink with cloned results", async () => {
  vi.stubGlobal("self", channel.port1);
  await import("./worker.ts");
  const engine = wrap<EngineApi>(channel.port2 as unknown as Parameters<typeof wrap>[0]);
  const result = await engine.convertFfm(sample("ffm-01.txt"), { secondDestination: "" });
  expect(result.ok).toBe(true);
  expect(result.uwsOutput.endsWith("BULK\n-BRU/50A/C")).toBe(true);
  const match = await engine.matchUwsNtm("", "x");
  expect(match.error).toBe("Please enter UWS data.");
  const ulds = await engine.extractUlds(sample("ucm-03.txt"), { rentedCodes: ["R7"] });
  expect(ulds.statistics.owned).toBe(5);
  const csv = await engine.exportUlds(ulds, "csv");
  expect(csv.ok).toBe(true);
  // the extractor's table crosses as typed arrays and reads the same as the plain result
  const table = await engine.extractUldTable(sample("ucm-03.txt"), { rentedCodes: ["R7"] });
  expect(table.rows.isValid).toBeInstanceOf(Uint8Array);
  expect(table.rows.numbers).toBe(ulds.ulds.map((u) => u.uldNumber).join(""));
  const tableCsv = await engine.exportUlds(table, "csv");
  expect(tableCsv).toEqual(csv);
});

it("moves a table answer's column buffers to the page, for a run and for the warm-up alike", async () => {
  vi.resetModules();
  const ports = new MessageChannel();
  vi.stubGlobal("self", ports.port1);
  const sent = vi.spyOn(ports.port1, "postMessage");
  await import("./worker.ts");
  const engine = wrap<EngineApi>(ports.port2 as unknown as Parameters<typeof wrap>[0]);
  const movedFor = async (call: () => Promise<UldTableResult>) => {
    sent.mockClear();
    const table = await call();
    const [, transfer] = sent.mock.calls[0] as unknown as [unknown, unknown[] | undefined];
    const columns = new Set(
      Object.values(table.rows).filter(ArrayBuffer.isView).map((column) => column.buffer),
    );
    for (const station of table.balance) columns.add(station.outWithoutInRows.buffer);
    return { table, moved: transfer ?? [], columns: columns.size };
  };
  const run = await movedFor(() => engine.extractUldTable(sample("ucm-03.txt")));
  expect(run.table.ok).toBe(true);
  expect(run.moved).toHaveLength(run.columns);
  expect(run.moved.every((b) => b instanceof ArrayBuffer)).toBe(true);
  // the warm-up's answer is the generated sample's table, and it leaves the worker the same way
  const warm = await movedFor(() => engine.warmUpExtractor());
  expect(warm.table.ok).toBe(true);
  expect(warm.table.statistics.total).toBeGreaterThan(100);
  expect(warm.moved).toHaveLength(warm.columns);
  ports.port1.close();
  ports.port2.close();
});
