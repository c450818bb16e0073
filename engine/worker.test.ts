// Wiring test: the worker module exposes the engine over a real MessagePort through Comlink.

import { wrap } from "comlink";
import { afterEach, expect, it, vi } from "vitest";
import type { EngineApi } from "./engine_api.ts";
import { sample } from "./test_support/samples.ts";

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
