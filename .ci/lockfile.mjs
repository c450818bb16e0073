// Keeps package-lock.json valid for `npm ci`. The registry this project installs from serves only
// the linux-x64 build of Deno's platform packages, so `npm install` leaves deno's other optional
// dependencies out of the lock, and `npm ci` then refuses the lock as out of sync. This records
// each missing one as an optional entry for its own os/cpu, which npm skips on this platform.
// Run by the root `postinstall` script, after npm has written the lock.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const PLATFORMS = {
  "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "linux-arm64-glibc": { os: ["linux"], cpu: ["arm64"], libc: ["glibc"] },
  "linux-x64-glibc": { os: ["linux"], cpu: ["x64"], libc: ["glibc"] },
  "win32-arm64": { os: ["win32"], cpu: ["arm64"] },
  "win32-x64": { os: ["win32"], cpu: ["x64"] },
};

let lock;
try {
  lock = JSON.parse(readFileSync(path, "utf8"));
} catch {
  process.exit(0); // no lock yet (npm install --no-package-lock): nothing to keep in sync
}
const packages = lock.packages ?? {};
const deno = packages["node_modules/deno"];
let added = 0;
for (const [name, version] of Object.entries(deno?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  const platform = PLATFORMS[name.replace("@deno/", "")];
  if (packages[key] !== undefined || platform === undefined) continue;
  packages[key] = { version, dev: true, license: "MIT", optional: true, ...platform };
  added++;
}
if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
  );
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${added} optional Deno platform package(s) for npm ci`);
}
