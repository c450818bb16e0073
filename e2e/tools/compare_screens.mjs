// Compares two folders of screenshots from screens.ts, screen by screen (issue 50: every screen
// looks the same before and after a restructuring). Pure Node: the PNG codec is the pngjs that
// Playwright bundles. Prints `same` or `different` with the count of differing pixels for each
// screen, and the screens only one folder has; writes a diff image for each different screen
// (the second folder's picture in grey, differing pixels red) into the diff folder. Exit code 0
// when every screen is the same, 1 otherwise.
// --tolerance=N lets a channel differ by up to N levels (antialiasing of a rounded corner has been
// seen to differ by 1 between two runs of the same code); the default, 0, is exact.
//   node e2e/tools/compare_screens.mjs [--tolerance=N] BEFORE_DIR AFTER_DIR [DIFF_DIR]

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const { PNG } = require("playwright-core/lib/utilsBundle");

const args = process.argv.slice(2);
const tolerance = Number(args.find((a) => a.startsWith("--tolerance="))?.split("=")[1] ?? 0);
const [before, after, diffDir = `${after}-diff`] = args.filter((a) => !a.startsWith("--"));
if (!before || !after) {
  console.error(
    "usage: node e2e/tools/compare_screens.mjs [--tolerance=N] BEFORE_DIR AFTER_DIR [DIFF_DIR]",
  );
  process.exit(2);
}

/** The PNG files of a folder, by name. */
const pngs = (dir) => new Set(readdirSync(dir).filter((n) => n.endsWith(".png")));

/** The count of pixels that differ (any channel by more than `tolerance`), the largest channel
 * difference, and the diff image, of two decoded PNGs; the parts one picture has and the other
 * lacks (another height) count as different. */
function compare(a, b) {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const out = new PNG({ width, height });
  let differing = 0;
  let largest = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const inA = x < a.width && y < a.height;
      const inB = x < b.width && y < b.height;
      const ia = (y * a.width + x) * 4;
      const ib = (y * b.width + x) * 4;
      let delta = 255;
      if (inA && inB) {
        delta = 0;
        for (let c = 0; c < 4; c++) {
          delta = Math.max(delta, Math.abs(a.data[ia + c] - b.data[ib + c]));
        }
      }
      largest = Math.max(largest, delta);
      const same = delta <= tolerance;
      if (!same) differing++;
      const grey = inB
        ? Math.round((b.data[ib] + b.data[ib + 1] + b.data[ib + 2]) / 3 * 0.3 + 178)
        : 255;
      out.data.set(same ? [grey, grey, grey, 255] : [255, 0, 0, 255], o);
    }
  }
  return { differing, largest, out };
}

const inBefore = pngs(before);
const inAfter = pngs(after);
const names = [...new Set([...inBefore, ...inAfter])].sort();
rmSync(diffDir, { recursive: true, force: true });
let bad = 0;
for (const name of names) {
  const screen = name.replace(/\.png$/, "");
  if (!inBefore.has(name) || !inAfter.has(name)) {
    bad++;
    console.log(`${screen}: missing in ${inBefore.has(name) ? after : before}`);
    continue;
  }
  const a = PNG.sync.read(readFileSync(join(before, name)));
  const b = PNG.sync.read(readFileSync(join(after, name)));
  const { differing, largest, out } = compare(a, b);
  if (differing === 0) {
    console.log(`${screen}: same`);
    continue;
  }
  bad++;
  const sizes = a.width === b.width && a.height === b.height
    ? ""
    : ` (size ${a.width}x${a.height} -> ${b.width}x${b.height})`;
  mkdirSync(diffDir, { recursive: true });
  writeFileSync(join(diffDir, name), PNG.sync.write(out));
  console.log(
    `${screen}: different, ${differing} pixels${sizes}, largest channel difference ${largest}, ` +
      `diff ${join(diffDir, name)}`,
  );
}
console.log(`${names.length} screens, ${names.length - bad} same, ${bad} different or missing`);
process.exit(bad === 0 ? 0 : 1);
