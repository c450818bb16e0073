// The web's boundaries (design 1), part of `npm test`: the page reads the engine only through its
// worker (engine/worker.ts, started by the bridge), and the API only through `hc` over its types
// plus the shared rules of api/rules/. A module of the page (tests and their helpers aside) that
// imports engine or API code at run time fails here: `import type` is the only way across.

import { describe, expect, it } from "vitest";

// the page's sources as text (Vite reads them; the web project runs in happy-dom)
const SOURCES = import.meta.glob<string>(
  ["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}", "!./test_support/**"],
  { import: "default", eager: true, query: "?raw" },
);

/** Where the page's sources are, from the repository's root. */
const WEB_SRC = "web/src";

/** A path from the repository's root, `..` and `.` resolved. */
function resolve(from: string, specifier: string): string {
  const parts = [...from.split("/"), ...specifier.split("/")];
  const out: string[] = [];
  for (const part of parts) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  return out.join("/");
}

/** The specifiers a source imports at run time: every import or re-export but `import type` and
 * `export type` (under verbatimModuleSyntax, `import { type A }` still loads its module), and
 * dynamic imports. */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const m of source.matchAll(statement)) if (m[2] === undefined) found.push(m[3]);
  for (const m of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]);
  return found;
}

/** Why a module of the page may not load what it imports, or null when it may. */
function crossing(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null; // a package
  const dir = resolve(WEB_SRC, file.split("/").slice(0, -1).join("/"));
  const target = resolve(dir, specifier);
  if (target.startsWith("engine/")) return `${file} imports engine code: ${specifier}`;
  if (target.startsWith("api/") && !target.startsWith("api/rules/")) {
    return `${file} imports API code: ${specifier}`;
  }
  return null;
}

describe("the page's boundaries", () => {
  it("reads the sources it checks", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(runtimeImports('import type { A } from "../x.ts";\nimport { B } from "../y.ts";'))
      .toEqual(["../y.ts"]);
    expect(crossing("./stores/x.ts", "../../../engine/flight/texts.ts")).not.toBeNull();
  });

  it("imports no engine or API code at run time, only their types (and api/rules/)", () => {
    const crossings = Object.entries(SOURCES).flatMap(([file, source]) =>
      runtimeImports(source).map((specifier) => crossing(file, specifier)).filter((c) => c !== null)
    );
    expect(crossings).toEqual([]);
  });
});
