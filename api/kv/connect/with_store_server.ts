// `deno run ... with_store_server.ts [--remote] -- COMMAND ARGS`: runs COMMAND with a KV Connect
// test server up (store_server_main.ts), its address in TEST_KV_CONNECT and its token in
// DENO_KV_ACCESS_TOKEN, and stops the server after. With --remote, TEST_KV_REMOTE=1 tells the
// Deno API tests to open their stores on it (test_store.ts). Exits with COMMAND's status.

import { spawnStoreServer } from "./store_harness.ts";

const split = Deno.args.indexOf("--");
const flags = Deno.args.slice(0, split);
const [command, ...args] = Deno.args.slice(split + 1);
if (split < 0 || !command) {
  console.error("usage: with_store_server.ts [--remote] -- COMMAND ARGS");
  Deno.exit(2);
}

const { address, child } = await spawnStoreServer();
const env: Record<string, string> = {
  TEST_KV_CONNECT: JSON.stringify(address),
  DENO_KV_ACCESS_TOKEN: address.token,
};
if (flags.includes("--remote")) {
  env.TEST_KV_REMOTE = "1";
  console.log(`Deno API suite on the KV Connect test server at 127.0.0.1:${address.port}`);
}
const run = new Deno.Command(command, { args, env, stdin: "inherit" }).spawn();
const { code } = await run.status;
child.kill("SIGTERM");
await child.status;
Deno.exit(code);
