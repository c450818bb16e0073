// `npm run kv -- COMMAND`: the operator's commands on the store named by KV_PATH (default
// .data/portal.kv; an http(s) URL reaches a denokv server):
//   export FILE | import FILE   a backup as JSON lines (a file store's taken at one moment),
//                               and its restore into an empty store with every expiry kept
//                               (FILE - is standard output / input)
//   unlock CODE                 clears an account's failed sign-ins and lock (audited)
//   promote CODE                makes an account an active super admin (audited)
//   reset-password CODE         gives an account a one-time password, printed once (audited)
//   reset-2fa CODE              removes an account's second factors, ends its sessions (audited)
//   seed-load --users N --audit M [--stations S] [--requests R]
//                               fills a new store with load data (tools/seed_load.ts)

import {
  exportStore,
  importKv,
  openPrivateFile,
  preparePrivateStore,
  protectStoreFiles,
} from "./backup.ts";
import { openRetryingKv } from "./retry.ts";
import {
  promoteAccount,
  resetAccountPassword,
  resetAccountTwoFactor,
  unlockAccount,
} from "./operator.ts";
import { seed } from "../start/seed.ts";
import {
  LOAD_PASSWORD,
  loadable,
  type LoadPlan,
  parseLoadArgs,
  seedLoad,
} from "../tools/seed_load.ts";

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
       npm run kv -- unlock CODE | promote CODE | reset-password CODE | reset-2fa CODE
       npm run kv -- seed-load --users N --audit M [--stations S] [--requests R]`;

/** Loads `plan` into the store (new, or as a first start left it) and says what it wrote. */
async function load(kv: Deno.Kv, plan: LoadPlan) {
  const ready = await loadable(kv);
  if (ready !== true) throw new Error(ready);
  // a new store gets its first start (the first super admin, settings, reference lists) first
  const first = await seed(kv, Date.now(), {
    adminCode: Deno.env.get("PORTAL_ADMIN_CODE"),
    adminPassword: Deno.env.get("PORTAL_ADMIN_PASSWORD"),
  });
  if (first.adminCreated) {
    console.log(
      `First super admin ${first.adminCode}, ${
        first.generatedPassword === null
          ? "password from PORTAL_ADMIN_PASSWORD"
          : `one-time password ${first.generatedPassword}`
      } (to be changed at first sign-in)`,
    );
  }
  const r = await seedLoad(kv, plan, Date.now(), (line) => console.error(line));
  const n = (x: number) => x.toLocaleString("en-US");
  console.log(
    [
      `Loaded into ${kvPath} in ${r.seconds.toFixed(1)} s:`,
      `  ${n(r.users)} users at ${r.stations.length} stations (${
        r.stations.slice(0, 5).join(", ")
      }, ...): ` +
      `${n(r.roles.super_admin)} super admins, ${n(r.roles.admin)} admins, ${
        n(r.roles.user)
      } staff`,
      `  ${n(r.inactive)} inactive, ${n(r.locked)} locked now, ${
        n(r.expired)
      } with an expired password`,
      `  pending requests: ${
        Object.entries(r.requests).map(([k, v]) => `${n(v)} ${k}`).join(", ")
      }`,
      `  ${n(r.audit)} audit entries from ${r.auditFrom.slice(0, 10)} to ${r.auditTo.slice(0, 10)}`,
      `  every loaded account (L000001 to L${
        String(r.users).padStart(6, "0")
      }) signs in with ${LOAD_PASSWORD}`,
    ].join("\n"),
  );
}

const [command, file] = Deno.args;
const plan = command === "seed-load" ? parseLoadArgs(Deno.args.slice(1)) : null;
if (typeof plan === "string") {
  console.error(plan);
  Deno.exit(2);
}
if (
  plan === null &&
  (!["export", "import", "unlock", "promote", "reset-password", "reset-2fa"].includes(command) ||
    file === undefined)
) {
  console.error(USAGE);
  Deno.exit(2);
}
const kvPath = Deno.env.get("KV_PATH") ?? ".data/portal.kv";
// a file store's folder (0700) and files (0600) are the operator's alone, as the server's
await preparePrivateStore(kvPath);
const kv = await openRetryingKv(kvPath);
await protectStoreFiles(kvPath);
try {
  if (plan !== null) await load(kv, plan);
  else if (command === "unlock") console.log(await unlockAccount(kv, file, Date.now()));
  else if (command === "promote") console.log(await promoteAccount(kv, file, Date.now()));
  else if (command === "reset-2fa") console.log(await resetAccountTwoFactor(kv, file, Date.now()));
  else if (command === "reset-password") {
    console.log(await resetAccountPassword(kv, file, Date.now()));
  } else if (command === "export") {
    const out = file === "-" ? Deno.stdout : await openPrivateFile(file);
    const encoder = new TextEncoder();
    // a file store is read from a copy taken at one moment (backup.ts)
    const count = await exportStore(kvPath, kv, async (line) => {
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
// the password hashing workers (seed-load's first start) would keep the process alive
Deno.exit(Number(Deno.exitCode));
