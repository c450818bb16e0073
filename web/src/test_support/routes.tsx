// For the tests that go through the real routes: the app's route tree in a memory history, and a
// fake server that answers the API calls the test names (every other call is a 404).

import { cleanup, render } from "@testing-library/react";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { vi } from "vitest";
import { routeTree } from "../routeTree.gen.ts";
import { useSession } from "../features/shell/session.ts";

// the build's name, which the footer shows: vite defines it at build time, the tests here
Object.assign(globalThis, { __PORTAL_BUILD__: "" });

/** An answer of the fake server: the data of a success, or a refusal with its status. */
export type Reply = { data: unknown } | { status: number; message: string; code?: string };

/** The calls the fake server answered, as "METHOD /path". */
export type Served = string[];

/** Stubs fetch: `routes` maps "METHOD /path" to its reply; returns the calls made. */
export function serveApi(routes: Record<string, Reply | ((body: unknown) => Reply)>): Served {
  const served: Served = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const call = `${(init?.method ?? "GET").toUpperCase()} ${url.pathname}`;
    served.push(call);
    const route = routes[call];
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const reply = typeof route === "function" ? route(body) : route;
    const [status, json] = reply === undefined
      ? [404, { success: false, message: "Not found" }]
      : "data" in reply
      ? [200, { success: true, data: reply.data }]
      : [reply.status, { success: false, message: reply.message, code: reply.code }];
    return Promise.resolve(
      new Response(JSON.stringify(json), {
        status,
        headers: { "content-type": "application/json" },
      }),
    );
  });
  return served;
}

/** Renders the app's routes at `path`; returns the router (its state says where the app is). */
export function renderRoute(path: string) {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** After each test: the screen unmounted, the real fetch back, nobody signed in. */
export function endRouteTest(): void {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
}
