// `npm run bench`, web part (design 8): the JavaScript a browser loads to show /login, gzipped,
// read from the build manifest (entry chunk, the /login route chunk and everything they import);
// WEB_DIST names another build directory (the default is web/dist).

const dist = new URL(Deno.env.get("WEB_DIST") ?? "./dist/", import.meta.url);
interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
const manifest = JSON.parse(
  await Deno.readTextFile(new URL(".vite/manifest.json", dist)),
) as Record<string, Chunk>;

const needed = new Set<string>();
const visit = (key: string) => {
  if (needed.has(key) || manifest[key] === undefined) return;
  needed.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit("index.html");
const login = Object.keys(manifest).find((k) => k.startsWith("src/routes/login.tsx"));
if (login === undefined) throw new Error("the build has no /login route chunk");
visit(login);

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

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
console.log("");
console.log(`Web: initial JavaScript of /login (${needed.size} chunks)`);
for (const row of rows) console.log(row);
const pass = gzip <= 150 * 1024;
console.log(
  `  total ${(raw / 1024).toFixed(1)} KB, ${
    (gzip / 1024).toFixed(1)
  } KB gzipped (bar: at most 150 KB) ${pass ? "PASS" : "FAIL"}`,
);
