// The KV Connect test server as a process (store_server.ts): `npm test` starts it, and so does
// anyone who wants two portal processes on one store on one machine:
//
//   deno run --allow-net --allow-read --allow-write --allow-env --allow-ffi \
//     api/kv/connect/store_server_main.ts --port 4512 --control-port 4513 [--dir .data/denokv]
//
// DENO_KV_ACCESS_TOKEN is the token (one is made and printed without it). A second port, HTTP/1.1,
// takes the faults: POST /faults with {"stallMs", "unavailableMs", "loseAnswers", "delayMs",
// "down"} (each optional), GET /faults and /counts, POST /reset. The first line printed is JSON:
// {"port", "controlPort", "token"}.

import { parseArgs } from "node:util";
import { startStoreServer } from "./store_server.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    port: { type: "string", default: "0" },
    "control-port": { type: "string", default: "0" },
    dir: { type: "string" },
  },
});
const token = Deno.env.get("DENO_KV_ACCESS_TOKEN") ?? `test-${crypto.randomUUID()}`;
if (values.dir) await Deno.mkdir(values.dir, { recursive: true });
const store = startStoreServer({ port: Number(values.port), token, dir: values.dir });

interface FaultOrder {
  stallMs?: number;
  unavailableMs?: number;
  loseAnswers?: number;
  delayMs?: number;
  down?: boolean;
}

/** Applies a fault order; the times count from now. */
async function apply(order: FaultOrder) {
  const now = Date.now();
  if (order.stallMs !== undefined) store.faults.stallUntil = now + order.stallMs;
  if (order.unavailableMs !== undefined) store.faults.unavailableUntil = now + order.unavailableMs;
  if (order.loseAnswers !== undefined) store.faults.loseAnswers = order.loseAnswers;
  if (order.delayMs !== undefined) store.faults.delayMs = order.delayMs;
  if (order.down === true) await store.down();
  if (order.down === false) store.up();
}

const control = Deno.serve(
  { port: Number(values["control-port"]), hostname: "127.0.0.1", onListen: () => {} },
  async (req) => {
    const path = new URL(req.url).pathname;
    if (req.method === "POST" && path === "/faults") {
      await apply(await req.json() as FaultOrder);
      return Response.json(store.faults);
    }
    if (req.method === "POST" && path === "/reset") {
      await apply({ stallMs: 0, unavailableMs: 0, loseAnswers: 0, delayMs: 0, down: false });
      return Response.json(store.faults);
    }
    if (path === "/faults") return Response.json(store.faults);
    if (path === "/counts") return Response.json(store.counts);
    return new Response("not found", { status: 404 });
  },
);

console.log(JSON.stringify({ port: store.port, controlPort: control.addr.port, token }));
