import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { bootLoginForm } from "./boot_form_plugin.ts";
import { compileHints } from "./compile_hint_plugin.ts";
import { i18nCatalogues } from "./i18n_plugin.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The web app: built into web/dist (WEB_OUT_DIR moves it), which the API serves; the dev server
 * proxies the API. PORTAL_BUILD names the build in the footer (empty by default, so that equal
 * sources give equal files).
 */
export default defineConfig({
  root: here("."),
  define: { __PORTAL_BUILD__: JSON.stringify(process.env.PORTAL_BUILD ?? "") },
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: here("./src/routes"),
      generatedRouteTree: here("./src/routeTree.gen.ts"),
      autoCodeSplitting: true,
      addExtensions: true,
    }),
    i18nCatalogues(),
    // the sign-in form in the server's HTML (features/sign_in/boot_form_html.ts)
    bootLoginForm(),
    react(),
    // react-dom's chunk compiled as it loads (compile_hint_plugin.ts)
    compileHints(),
    // the service worker (src/sw.ts) with the precache manifest of this build; the page registers
    // it through workbox-window (features/shell/pwa.ts) and asks before an update takes over
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,webmanifest,json}"],
        // the engine chunk and the seeded memory page are well under this
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: process.env.WEB_OUT_DIR ?? here("./dist"),
    emptyOutDir: true,
    manifest: true,
    // no <link rel=modulepreload> for a dynamic import's chunks: the helper that adds them did so
    // for each chunk of each step and route, hundreds of ms of main thread at 4x CPU on /login
    // (issue 51); a chunk's own imports load as it is read, and the service worker keeps them all.
    // The CSS of a dynamic chunk is still loaded with it.
    modulePreload: false,
  },
  server: {
    proxy: { "/api": "http://localhost:8000", "/health": "http://localhost:8000" },
  },
});
