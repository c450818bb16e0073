// The web app's entry: the router over the generated route tree.

import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { routeTree } from "./routeTree.gen.ts";
import { startDiscovery } from "./stores/backend.ts";
import { watchConnectivity } from "./stores/connectivity.ts";
import { startPwa } from "./stores/pwa.ts";
import "./styles.css";

const router = createRouter({ routeTree, defaultPendingMs: 150 });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

startDiscovery();
watchConnectivity();
startPwa();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
