// `deno check` with a type-check cache of its own, deleted after: Deno's incremental check, reusing
// a warm cache's build info from other roots, sometimes re-emits far more than it checks and trips
// TypeScript's 5,000,000-instantiation limit (TS2589, no location) on code that checks cleanly
// cold. A cold check of this project takes seconds, so every check starts cold.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "deno-check-"));
try {
  const run = spawnSync("node_modules/.bin/deno", ["check", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, DENO_DIR: dir },
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
