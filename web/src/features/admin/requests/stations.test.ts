// The stations the queue pickers offer: those of the user list's index, A to Z, asked with a
// page of the list's smallest size; an unreachable server leaves the last ones read.

import { afterEach, describe, expect, it, vi } from "vitest";
import { useStations } from "./stations.ts";
import { answer, callOf } from "../../../test_support/fetch.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  useStations.setState({ stations: [] });
});

describe("stations", () => {
  it("reads the stations of the index, sorted, with the smallest page the list answers", async () => {
    const asked: URL[] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(callOf(input, init).url);
      return answer(200, {
        success: true,
        data: {
          users: [],
          page: 1,
          limit: 10,
          total: 3,
          pages: 3,
          counts: { all: 3, stations: { DXB: 1, CAI: 2, AMM: 0 } },
        },
      });
    });
    await useStations.getState().load();
    expect(useStations.getState().stations).toEqual(["AMM", "CAI", "DXB"]);
    expect(asked[0].pathname).toBe("/api/users/paginated");
    expect(asked[0].searchParams.get("limit")).toBe("10");
  });

  it("keeps the stations it had when the server cannot be reached", async () => {
    useStations.setState({ stations: ["CAI"] });
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await useStations.getState().load();
    expect(useStations.getState().stations).toEqual(["CAI"]);
  });
});
