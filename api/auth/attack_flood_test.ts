// Attack of issue 48 finding 2: one address floods sign-ins for unknown codes, and a colleague at
// another address must still sign in. The hash pool's workers are held by the test while the
// flood arrives, so the queue is as full as the flood can make it when the colleague comes; no
// time is asserted.

import assert from "node:assert/strict";
import { HashPool, type WorkerLike, type WorkerMessage } from "./hash_pool.ts";
import { type HashJob, runJob } from "./hash_worker.ts";
import { useHashPool } from "./auth.ts";
import { PASSWORD, signInFrom, testApi } from "../test_support.ts";

/** A worker that runs its jobs only while the test lets it. */
class HeldWorker implements WorkerLike {
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null = null;
  private readonly jobs: HashJob[] = [];

  constructor(private readonly gate: { open: boolean; workers: HeldWorker[] }) {
    gate.workers.push(this);
  }

  postMessage(message: HashJob | { idleMs: number }): void {
    if ("idleMs" in message) return;
    this.jobs.push(message);
    this.drain();
  }

  /** Runs the jobs it holds when the gate is open. */
  drain(): void {
    while (this.gate.open && this.jobs.length > 0) {
      const job = this.jobs.shift()!;
      runJob(job).then((result) => this.onmessage?.({ data: { id: job.id, result } } as never));
    }
  }

  terminate(): void {}
}

Deno.test("finding 2: a flood of unknown codes from one address does not keep a colleague at another out", async () => {
  const api = await testApi();
  const gate = { open: true, workers: [] as HeldWorker[] };
  const pool = new HashPool({ workers: 1, maxQueue: 16, startWorker: () => new HeldWorker(gate) });
  try {
    // the test account's hash is made by the pool it started with
    await api.account("COLL2", "user");
    useHashPool(pool);
    const login = signInFrom(api);
    // one unknown code first, with the workers running (its stand-in hash is made once)
    assert.equal((await login("192.0.2.77", "WARMUP", "wrong")).status, 401);
    gate.open = false;
    let answered = 0;
    const flood = Array.from(
      { length: 40 },
      (_, i) =>
        login("203.0.113.66", `GHOST${i}`, `wrong-${i}`).then((r) => {
          answered++;
          return r;
        }),
    );
    // the flood's first answers (it is told to wait): the queue holds what it could take
    while (answered === 0) await new Promise((r) => setTimeout(r, 5));
    const before = pool.queued();
    let done = false;
    const colleague = login("198.51.100.7", "COLL2", PASSWORD).then((r) => {
      done = true;
      return r;
    });
    // the colleague's check is in the queue (or it was refused) before the workers go on
    while (!done && pool.queued() === before) await new Promise((r) => setTimeout(r, 5));
    gate.open = true;
    for (const w of gate.workers) w.drain();
    const got = await colleague;
    assert.equal(got.status, 200, `the colleague got ${got.status} ${got.message}`);
    const answers = await Promise.all(flood);
    assert.ok(answers.some((a) => a.status === 429), "the flood was bounded");
    assert.ok(answers.every((a) => a.status !== 200));
  } finally {
    useHashPool(new HashPool({ workers: 2, maxQueue: 64 }));
    api.close();
  }
});
