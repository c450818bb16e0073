// The password hash pool: argon2id runs in a few worker threads so that a burst of sign-ins never
// stalls the server's event loop (design 5.3), and the work waiting for them is bounded: beyond
// the queue the caller is told the server is busy (429) instead of piling up. Where the runtime
// offers no workers, hashing runs inline behind the same bounded queue.

import { type ArgonParams, type HashJob, runJob } from "./hash_worker.ts";

/** Thrown when the queue is full: the caller answers 429. */
export class HashPoolBusy extends Error {
  constructor() {
    super("Too many sign-ins at once; please try again in a moment");
  }
}

interface Waiting {
  job: HashJob;
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
}

/** Options of a pool. */
export interface PoolOptions {
  /** Worker threads (jobs run at once). */
  workers: number;
  /** Jobs that may wait for a worker; one more is refused. */
  maxQueue: number;
}

/** A bounded pool of argon2id workers. */
export class HashPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<number, { worker: Worker; waiting: Waiting }>();
  private readonly queue: Waiting[] = [];
  private inline = false;
  private running = 0;
  private nextId = 1;

  constructor(private readonly options: PoolOptions) {
    try {
      for (let i = 0; i < options.workers; i++) this.idle.push(this.spawn());
    } catch {
      // no workers here (some serverless runtimes): the same queue, run on the event loop
      for (const w of this.idle) w.terminate();
      this.idle.length = 0;
      this.inline = true;
    }
  }

  private spawn(): Worker {
    const worker = new Worker(new URL("./hash_worker.ts", import.meta.url).href, {
      type: "module",
    });
    worker.onmessage = (
      e: MessageEvent<{ id: number; result?: string | boolean; error?: string }>,
    ) => {
      const job = this.busy.get(e.data.id);
      if (job === undefined) return;
      this.busy.delete(e.data.id);
      if (e.data.error !== undefined) job.waiting.reject(new Error(e.data.error));
      else job.waiting.resolve(e.data.result!);
      this.idle.push(worker);
      this.pump();
    };
    return worker;
  }

  /** Whether a new job would be taken now (the queue has room). */
  admits(): boolean {
    return this.queue.length < this.options.maxQueue;
  }

  /** An argon2id hash of the password with a fresh salt. */
  hash(password: string, params: ArgonParams): Promise<string> {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    return this.run({ id: 0, kind: "hash", password, salt, params }) as Promise<string>;
  }

  /** Whether the password matches the encoded hash. */
  verify(password: string, hash: string): Promise<boolean> {
    return this.run({ id: 0, kind: "verify", password, hash }) as Promise<boolean>;
  }

  private run(job: HashJob): Promise<string | boolean> {
    if (!this.admits()) return Promise.reject(new HashPoolBusy());
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      if (this.inline) {
        if (this.running >= this.options.workers) return;
        const waiting = this.queue.shift()!;
        this.running++;
        runJob(waiting.job).then(waiting.resolve, waiting.reject).finally(() => {
          this.running--;
          this.pump();
        });
        continue;
      }
      const worker = this.idle.pop();
      if (worker === undefined) return;
      const waiting = this.queue.shift()!;
      this.busy.set(waiting.job.id, { worker, waiting });
      worker.postMessage(waiting.job);
    }
  }

  /** Ends the workers (a command-line tool that is done). */
  close(): void {
    for (const w of this.idle) w.terminate();
    for (const { worker } of this.busy.values()) worker.terminate();
    this.idle.length = 0;
  }
}
