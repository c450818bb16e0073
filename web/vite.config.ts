import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The web app: built into web/dist, which the API serves; the dev server proxies the API. */
export default defineConfig({
  root: here("."),
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: here("./src/routes"),
      generatedRouteTree: here("./src/routeTree.gen.ts"),
      autoCodeSplitting: true,
      addExtensions: true,
    }),
    react(),
  ],
  build: { outDir: here("./dist"), emptyOutDir: true, manifest: true },
  server: {
    proxy: { "/api": "http://localhost:8000", "/health": "http://localhost:8000" },
  },
});
