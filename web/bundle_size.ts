// `npm run bench`, web part (design 8, issue 51): the JavaScript a browser loads before /login is
// usable, gzipped, read from the build manifest: the page's entry chunk (src/boot.ts, which wires
// the sign-in form of the server's HTML) and what it imports statically. The app it loads after
// the page (app_steps.ts) is listed apart, without a bar. WEB_DIST names another build directory
// (the default is web/dist).

const dist = new URL(Deno.env.get("WEB_DIST") ?? "./dist/", import.meta.url);
interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
const manifest = JSON.parse(
  await Deno.readTextFile(new URL(".vite/manifest.json", dist)),
) as Record<string, Chunk>;

/** The chunks that `key` needs before it runs: itself and its static imports, in depth. */
function staticallyNeeded(key: string, needed = new Set<string>()): Set<string> {
  if (needed.has(key) || manifest[key] === undefined) return needed;
  needed.add(key);
  for (const dep of manifest[key].imports ?? []) staticallyNeeded(dep, needed);
  return needed;
}

/** The most /login's first JavaScript may weigh, gzipped (issue 51). */
const FIRST_BAR = 60 * 1024;

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** Each chunk's line and the sizes of them all. */
async function sizes(needed: Set<string>) {
  let raw = 0;
  let gzip = 0;
  const rows: string[] = [];
  for (const key of needed) {
    const bytes = await Deno.readFile(new URL(manifest[key].file, dist));
    const z = await gzipSize(bytes);
    raw += bytes.length;
    gzip += z;
    rows.push(
      `  ${manifest[key].file.padEnd(44)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB ${
        (z / 1024).toFixed(1).padStart(8)
      } KB gzip`,
    );
  }
  return { raw, gzip, rows };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const first = staticallyNeeded("index.html");
const firstSizes = await sizes(first);
console.log("");
console.log(`Web: first JavaScript of /login, before it is usable (${first.size} chunks)`);
for (const row of firstSizes.rows) console.log(row);
const pass = firstSizes.gzip <= FIRST_BAR;
console.log(
  `  total ${kb(firstSizes.raw)} KB, ${kb(firstSizes.gzip)} KB gzipped (bar: at most ${
    kb(FIRST_BAR)
  } KB) ${pass ? "PASS" : "FAIL"}`,
);

// the app the first chunk loads once the page has loaded, up to the sign-in page's own chunk
const main = Object.keys(manifest).find((k) => k === "src/main.tsx");
const login = Object.keys(manifest).find((k) => k.startsWith("src/routes/login.tsx"));
if (main === undefined || login === undefined) {
  throw new Error("the build has no src/main.tsx or /login route chunk");
}
const app = staticallyNeeded(login, staticallyNeeded(main));
for (const key of first) app.delete(key);
const appSizes = await sizes(app);
console.log(
  `  then, after the page has loaded, the app to the sign-in page: ${app.size} chunks, ${
    kb(appSizes.raw)
  } KB, ${kb(appSizes.gzip)} KB gzipped (no bar)`,
);
