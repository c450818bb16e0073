// The password hash pool: argon2id runs in a few worker threads so that a burst of sign-ins never
// stalls the server's event loop (design 5.3), and the work waiting for them is bounded: beyond
// the queue the caller is told the server is busy (429) instead of piling up. Where the runtime
// offers no workers, hashing runs inline behind the same bounded queue. Workers start when work
// comes and end after a quiet while: each holds argon2's memory (19 MB) and an isolate, about
// 28 MB in all, which a server between sign-ins does not need.

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
  /** A worker with no job for this long ends (ms); the next job starts another. */
  idleMs?: number;
}

/** How long a worker waits for work before it ends, unless the pool says otherwise. */
export const WORKER_IDLE_MS = 20_000;

/** What a worker says: a job's result or error, or that it ended for lack of work. */
type WorkerMessage = { id: number; result?: string | boolean; error?: string } | {
  retired: true;
};

/** A bounded pool of argon2id workers. */
export class HashPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<number, { worker: Worker; waiting: Waiting }>();
  private readonly queue: Waiting[] = [];
  private inline = false;
  private running = 0;
  private nextId = 1;

  /** Workers started and not ended (idle or busy). */
  private live = 0;

  constructor(private readonly options: PoolOptions) {}

  /** A new worker, or null where the runtime has none (the pool then runs jobs inline). */
  private spawn(): Worker | null {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./hash_worker.ts", import.meta.url).href, { type: "module" });
    } catch {
      this.inline = true;
      return null;
    }
    this.live++;
    worker.postMessage({ idleMs: this.options.idleMs ?? WORKER_IDLE_MS });
    worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
      if ("retired" in e.data) return this.retired(worker);
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

  /** A worker ended for lack of work. A job sent to it as it ended goes back to the front. */
  private retired(worker: Worker): void {
    this.live--;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    for (const [id, job] of this.busy) {
      if (job.worker !== worker) continue;
      this.busy.delete(id);
      this.queue.unshift(job.waiting);
    }
    this.pump();
  }

  /** Workers running now (idle or busy). */
  workers(): number {
    return this.live;
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
      const worker = this.idle.pop() ??
        (this.live < this.options.workers ? this.spawn() : undefined);
      if (worker === null) continue; // no workers here: the loop runs it inline
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
    this.live = 0;
  }
}
