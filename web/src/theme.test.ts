// The dark theme is written twice in styles.css (issue 28): chosen (data-theme="dark") and as the
// system (prefers-color-scheme), because CSS cannot share one rule between a selector and a media
// query. The two must stay the same list; and light must give every variable dark gives.

import { describe, expect, it } from "vitest";

/** Node's file system, asked of the process (Vitest hands CSS imports over empty; the web's type
 * check has no Node types). */
const fs = (globalThis as unknown as {
  process: { getBuiltinModule(name: string): { readFileSync(path: string, enc: string): string } };
}).process.getBuiltinModule("node:fs");
const STYLES = fs.readFileSync("web/src/styles.css", "utf8");

/** The declarations of the first block after `start`, as name: value. */
function block(css: string, start: string): Record<string, string> {
  const at = css.indexOf(start);
  expect(at, `${start} in ${css.length} characters`).toBeGreaterThanOrEqual(0);
  const open = css.indexOf("{", at + start.length - 1);
  const body = css.slice(open + 1, css.indexOf("}", open));
  const out: Record<string, string> = {};
  for (const m of body.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([\w-]+)\s*:\s*([^;]+);/g)) {
    out[m[1]] = m[2].trim();
  }
  return out;
}

describe("the themes", () => {
  it("write the same dark colours for a chosen dark theme and for a dark system", () => {
    const chosen = block(STYLES, ':root[data-theme="dark"] {');
    const system = block(STYLES, ':root:not([data-theme="light"]) {');
    expect(Object.keys(chosen).length).toBeGreaterThan(20);
    expect(system).toEqual(chosen);
  });

  it("give in light every colour variable that dark changes", () => {
    const light = block(STYLES, ":root {");
    const dark = block(STYLES, ':root[data-theme="dark"] {');
    const missing = Object.keys(dark).filter((name) => !(name in light));
    expect(missing).toEqual([]);
  });
});
