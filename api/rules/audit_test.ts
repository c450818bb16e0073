// Every action the API writes has an English name (issue 27): the keys are collected from the
// source of every module that writes audit entries, so a new action without a name fails here
// (and does not compile: `audit()` takes only the keys of AUDIT_LABELS).

import assert from "node:assert/strict";
import { actionLabel, actionOptions, AUDIT_LABELS, changeText, rangeBound } from "./audit.ts";

/** Calls that write an audit entry with an action argument. */
const WRITES =
  /\baudit\(|\.change\(|\.act\(|writeUsers\(|\baction: AuditAction|ACTIONS: \[AuditAction/;
/** A literal shaped like an action key ("login.success", "password-reset.reject"). */
const LITERAL = /["`]([a-z][a-z_-]*(?:\.[a-z][a-z_-]*)+)["`]/g;
/** Template actions (`${kind}.${what}`): each kind and verb the code combines. */
const TEMPLATES: Record<string, string[]> = {
  "request.${kind}": ["activation", "password-reset", "registration"].map((k) => `request.${k}`),
  "${kind}.${what}": ["activation", "password-reset", "registration"].flatMap((k) =>
    ["reject", "delete"].map((w) => `${k}.${w}`)
  ),
};

/** The API's modules (not its tests), every folder down. */
async function* modules(dir: URL): AsyncGenerator<URL> {
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) yield* modules(new URL(`${e.name}/`, dir));
    else if (e.name.endsWith(".ts") && !e.name.endsWith("_test.ts")) yield new URL(e.name, dir);
  }
}

/** The action keys in the API's modules that write audit entries. */
async function writtenActions(): Promise<Set<string>> {
  const found = new Set<string>();
  for await (const path of modules(new URL("../", import.meta.url))) {
    if (path.pathname.includes("test_")) continue;
    const text = await Deno.readTextFile(path);
    if (!WRITES.test(text)) continue;
    for (const m of text.matchAll(LITERAL)) {
      if (/\.(ts|tsx|json|csv|key|kv|js)$/.test(m[1])) continue; // file names
      found.add(m[1]);
    }
    for (const [template, keys] of Object.entries(TEMPLATES)) {
      if (text.includes(template)) keys.forEach((k) => found.add(k));
    }
  }
  return found;
}

Deno.test("every action key the code writes has an English label", async () => {
  const written = await writtenActions();
  // the collector sees the write sites: a few keys every portal writes
  for (const k of ["login.success", "password.extend", "two_factor.reset", "registration.reject"]) {
    assert.ok(written.has(k), `${k} not found in the source`);
  }
  const labels = AUDIT_LABELS as Record<string, string>;
  const missing = [...written].filter((k) => labels[k] === undefined);
  assert.deepEqual(missing, [], `actions without a label: ${missing.join(", ")}`);
  assert.equal(actionLabel("password.extend"), "Password extended");
  assert.equal(actionLabel("two_factor.reset"), "Second factor reset by an administrator");
  // an old key the portal no longer writes is shown as it is
  assert.equal(actionLabel("legacy.thing"), "legacy.thing");
});

Deno.test("the filter offers every labelled action once, by its name", () => {
  const options = actionOptions();
  const values = options.map((o) => o.value);
  assert.equal(new Set(values).size, values.length);
  for (const key of Object.keys(AUDIT_LABELS)) assert.ok(values.includes(key), key);
  assert.equal(options.find((o) => o.value === "user.update")?.label, "User edited");
});

Deno.test("a change reads 'field: from → to'; range bounds read dates as whole UTC days", () => {
  assert.equal(changeText({ field: "role", from: "user", to: "admin" }), "role: user → admin");
  assert.equal(changeText({ field: "email", from: "", to: "a@b.c" }), "email: (empty) → a@b.c");
  assert.equal(rangeBound("2026-10-03", false), Date.parse("2026-10-03T00:00:00Z"));
  assert.equal(rangeBound("2026-10-03", true), Date.parse("2026-10-04T00:00:00Z") - 1);
  assert.equal(rangeBound("2026-10-03T00:00:00+03:00", true), Date.parse("2026-10-02T21:00:00Z"));
  assert.equal(rangeBound("2026-10-03T00:00", false), null, "an instant needs its zone");
  assert.equal(rangeBound("soon", false), null);
});
