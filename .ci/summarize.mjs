// Sums the machine-readable reports that `npm test` leaves in test-results/ (Vitest JSON,
// Deno JUnit XML, Playwright JSON) and prints `N passed, N failed`.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const [dir = "test-results", status = "0"] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const files = existsSync(dir) ? readdirSync(dir) : [];
for (const name of files) {
  if (!statSync(join(dir, name)).isFile()) continue; // e.g. Playwright's output folder
  const text = readFileSync(join(dir, name), "utf8");
  if (name.startsWith("vitest") && name.endsWith(".json")) {
    const report = JSON.parse(text);
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (name.endsWith(".xml")) {
    const cases = (text.match(/<testcase\b/g) ?? []).length;
    const failures = (text.match(/<testcase\b[^>]*>\s*<failure\b/g) ?? []).length;
    passed += cases - failures;
    failed += failures;
  } else if (name.startsWith("playwright") && name.endsWith(".json")) {
    const report = JSON.parse(text);
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  }
}
// A suite that stopped before reporting (type check, lint, a crash) still counts as a failure.
if (status !== "0" && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
