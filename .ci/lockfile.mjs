// Keeps package-lock.json valid for `npm ci`. The registry this project installs from serves only
// some platform builds of packages that ship native binaries as optional dependencies (Deno's
// @deno/*, and rollup's @rollup/rollup-*, which vite-plugin-pwa's workbox-build uses), so
// `npm install` leaves the other platforms' entries out of the lock, and `npm ci` then refuses
// the lock as out of sync. This records each missing one as an optional entry for its own
// os/cpu (and libc), which npm skips on this platform.
// Run by the root `postinstall` script, after npm has written the lock.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32"];
const CPU = ["arm64", "arm", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x"];

/** The os, cpu and libc of a platform package from its name (`@deno/linux-x64-glibc`,
 * `@rollup/rollup-linux-arm-musleabihf`), or undefined for any other package. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (os === undefined || cpu === undefined) return undefined;
  const libc = parts.some((p) => p.startsWith("musl"))
    ? ["musl"]
    : os === "linux" && parts.some((p) => p === "glibc" || p.startsWith("gnu"))
    ? ["glibc"]
    : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

let lock;
try {
  lock = JSON.parse(readFileSync(path, "utf8"));
} catch {
  process.exit(0); // no lock yet (npm install --no-package-lock): nothing to keep in sync
}
const packages = lock.packages ?? {};
let added = 0;
for (const [owner, entry] of Object.entries(packages)) {
  if (owner === "" || !owner.startsWith("node_modules/")) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = platformOf(name);
    if (packages[key] !== undefined || platform === undefined || !/^\d/.test(version)) continue;
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      license: entry.license ?? "MIT",
      optional: true,
      ...platform,
    };
    added++;
  }
}
if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
  );
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${added} optional platform package(s) for npm ci`);
}
