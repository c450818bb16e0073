// `npm run kv -- COMMAND`: the operator's commands on the store named by KV_PATH (default
// .data/portal.kv; an http(s) URL reaches a denokv server):
//   export FILE | import FILE   a backup as JSON lines, and its restore into an empty store
//                               (FILE - is standard output / input)
//   unlock CODE                 clears an account's failed sign-ins and lock (audited)
//   promote CODE                makes an account an active super admin (audited)

import { exportKv, importKv } from "./backup.ts";
import { retryingKv } from "./kv_retry.ts";
import { promoteAccount, unlockAccount } from "./operator.ts";

/** The lines of a byte stream, decoded as UTF-8. */
async function* linesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop() ?? "";
    yield* parts;
  }
  if (rest !== "") yield rest;
}

const USAGE = `usage: npm run kv -- export FILE | import FILE   (FILE - for stdout/stdin)
       npm run kv -- unlock CODE | promote CODE`;

const [command, file] = Deno.args;
if (!["export", "import", "unlock", "promote"].includes(command) || file === undefined) {
  console.error(USAGE);
  Deno.exit(2);
}
const kvPath = Deno.env.get("KV_PATH") ?? ".data/portal.kv";
const kv = retryingKv(await Deno.openKv(kvPath));
try {
  if (command === "unlock") console.log(await unlockAccount(kv, file, Date.now()));
  else if (command === "promote") console.log(await promoteAccount(kv, file, Date.now()));
  else if (command === "export") {
    const out = file === "-"
      ? Deno.stdout
      : await Deno.open(file, { write: true, create: true, truncate: true });
    const encoder = new TextEncoder();
    const count = await exportKv(kv, async (line) => {
      const bytes = encoder.encode(line);
      for (let n = 0; n < bytes.length;) n += await out.write(bytes.subarray(n));
    });
    if (file !== "-") out.close();
    console.error(`exported ${count} entries from ${kvPath}`);
  } else {
    const input = file === "-" ? Deno.stdin.readable : (await Deno.open(file)).readable;
    const count = await importKv(kv, linesOf(input));
    console.error(`imported ${count} entries into ${kvPath}`);
  }
} catch (err) {
  console.error(`kv ${command} failed: ${err instanceof Error ? err.message : err}`);
  Deno.exitCode = 1;
} finally {
  kv.close();
}
