// `npm run bench`: every part of the benchmarks (design 8) in turn, their output as it comes, and
// an exit status that says whether every bar passed. A part that cannot run stops the rest, as
// the parts after it may need what it builds; a bar that fails does not: every figure is still
// measured, and the run ends with the failed bars named and exits 1.

import { spawn } from "node:child_process";

/** The parts, in order: the engine, the /login bundle, the API, then the browser. */
const PARTS = [
  ["engine (compile)", "node_modules/.bin/tsc", ["-p", "tsconfig.bench.json"]],
  ["engine", "node", ["--expose-gc", "node_modules/.cache/portal-bench/engine/bench.js"]],
  ["web (build)", "npm", ["run", "build:web"]],
  ["web bundle", "node_modules/.bin/deno", [
    "run",
    "--allow-read",
    "--allow-env",
    "web/bundle_size.ts",
  ]],
  ["API", "node_modules/.bin/deno", [
    "run",
    "--allow-read",
    "--allow-write",
    "--allow-net",
    "--allow-env",
    "--allow-run",
    "api/tools/bench.ts",
  ]],
  ["browser", "node_modules/.bin/playwright", ["test", "-c", "e2e/bench.config.ts"]],
];

/** A line of a part's output that gives a bar's verdict FAIL. */
const FAILED = /\bFAIL\b/;

/** Runs a command, passing its output through; resolves to its exit status and failed lines. */
function run(command, args) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ["inherit", "pipe", "pipe"] });
    const failed = [];
    let rest = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop();
      for (const line of lines) if (FAILED.test(line)) failed.push(line.trim());
    });
    child.stderr.on("data", (chunk) => process.stderr.write(chunk));
    child.on("error", (err) => {
      console.error(`${command}: ${err.message}`);
      done({ status: 1, failed });
    });
    child.on("close", (status) => {
      if (FAILED.test(rest)) failed.push(rest.trim());
      done({ status: status ?? 1, failed });
    });
  });
}

const failedBars = [];
for (const [name, command, args] of PARTS) {
  const { status, failed } = await run(command, args);
  for (const line of failed) failedBars.push(`${name}: ${line}`);
  if (status !== 0) {
    console.error(`\nbench: the ${name} part did not run to its end (exit ${status})`);
    process.exit(status);
  }
}
if (failedBars.length > 0) {
  console.log(`\nbench: ${failedBars.length} bar(s) FAILED`);
  for (const line of failedBars) console.log(`  ${line}`);
  process.exit(1);
}
console.log("\nbench: every bar PASS");
