// A router for the screens' tests: the screen at "/" of a memory history, so that its links and
// navigation work as they do in the app, without the app's routes and their loaders.

import { act, render } from "@testing-library/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import type { ReactNode } from "react";

/** Renders `ui` inside a router and waits for its first render. */
export async function renderRouted(ui: ReactNode) {
  // the footer's build name is put in by Vite's define when the app is built
  (globalThis as Record<string, unknown>).__PORTAL_BUILD__ ??= "";
  const root = createRootRoute({ component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await act(async () => {
    await router.load();
    render(<RouterProvider router={router as never} />);
  });
  return router;
}
