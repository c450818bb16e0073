// The password hash pool: argon2id runs in a few worker threads so that a burst of sign-ins never
// stalls the server's event loop (design 5.3), and the work waiting for them is bounded: beyond
// the queue the caller is told the server is busy (429) instead of piling up. Where the runtime
// offers no workers, hashing runs inline behind the same bounded queue. Workers start when work
// comes and end after a quiet while: each holds argon2's memory (19 MB) and an isolate, about
// 28 MB in all, which a server between sign-ins does not need.

import { type ArgonParams, type HashJob, runJob } from "./hash_worker.ts";
import { MESSAGES, type Problem, say } from "../rules/messages.ts";

/** Thrown when the queue is full, or an owner has its share in it: the caller answers 429. */
export class HashPoolBusy extends Error {
  /** The message's code and values, for the 429. */
  readonly problem: Problem;
  constructor(code: BusyCode = "auth:sign_ins_busy") {
    const problem = say(code);
    super(problem.message);
    this.problem = problem;
  }
}

/** The codes of a busy pool's refusals. */
type BusyCode = "auth:sign_ins_busy" | "auth:owner_busy";

/** The refusal of a job whose owner already has PoolOptions.perOwner jobs in the pool. */
export const OWNER_BUSY = MESSAGES["auth:owner_busy"];

/** Who a job is for (design 5.3). Sign-ins keep a share of the queue that other work cannot
 * take; every job is bounded per owner (an account, a session; a sign-in's address and code),
 * so one caller flooding password changes or sign-ins neither fills the queue nor holds more
 * than its share of it. Jobs wait in lanes, one per first owner, that the workers take from in
 * turn: one address's flood waits behind itself, not in front of everyone else. */
export interface JobTag {
  /** A sign-in's check: bounded by `perSignInOwner` for each of its owners. */
  signIn?: boolean;
  /** Who the work is for: each may have at most `perOwner` (sign-ins: `perSignInOwner`) jobs
   * waiting or running; the first names the job's lane. */
  owners?: readonly string[];
  /** A smaller share for each of this job's owners than the pool's (a sign-in from an address
   * past its limit of failures: one check at a time). */
  share?: number;
}

interface Waiting {
  job: HashJob;
  /** The lane it waits in, and its turn there. */
  lane: string;
  round: number;
  /** Called when the job leaves the queue for a worker. */
  started: () => void;
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
  /** Jobs one owner may have waiting or running (2 unless said). */
  perOwner?: number;
  /** Sign-in jobs one owner (an address, a code) may have waiting or running (an eighth of the
   * queue, at least 2, unless said). */
  perSignInOwner?: number;
  /** The part of the queue that work other than sign-ins may fill (half unless said). */
  otherShare?: number;
  /** Starts a worker thread running hash_worker.ts (a real Worker unless said: tests pass
   * workers they drive, to order a job and a worker's end as they choose). */
  startWorker?: (url: URL) => WorkerLike;
  /** Told each time a worker has ended for lack of work. */
  onRetired?: () => void;
}

/** What the pool uses of a worker thread. */
export interface WorkerLike {
  postMessage(message: unknown): void;
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null;
  terminate(): void;
}

/** How long a worker waits for work before it ends, unless the pool says otherwise. */
export const WORKER_IDLE_MS = 20_000;

/** What a worker says: a job's result or error, or that it ended for lack of work. */
export type WorkerMessage = { id: number; result?: string | boolean; error?: string } | {
  retired: true;
};

/** A bounded pool of argon2id workers. */
export class HashPool {
  private readonly idle: WorkerLike[] = [];
  private readonly busy = new Map<number, { worker: WorkerLike; waiting: Waiting }>();
  /** Jobs waiting, in lanes by their first owner ("" for none). Each job of a lane is in the
   * round after the lane's one before, and jobs start by round: lanes take turns. */
  private readonly lanes = new Map<string, { jobs: Waiting[]; last: number }>();
  /** The round of the job started last. */
  private round = 0;
  /** Jobs waiting in all lanes. */
  private waiting = 0;
  private inline = false;
  private running = 0;
  private nextId = 1;
  /** Jobs waiting that are not sign-ins. */
  private othersWaiting = 0;
  /** Jobs waiting or running per owner. */
  private readonly owned = new Map<string, number>();

  /** Workers started and not ended (idle or busy). */
  private live = 0;

  constructor(private readonly options: PoolOptions) {}

  /** A new worker, or null where the runtime has none (the pool then runs jobs inline). */
  private spawn(): WorkerLike | null {
    let worker: WorkerLike;
    const start = this.options.startWorker ??
      ((url: URL) => new Worker(url.href, { type: "module" }));
    try {
      worker = start(new URL("./hash_worker.ts", import.meta.url));
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
  private retired(worker: WorkerLike): void {
    this.live--;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    for (const [id, job] of this.busy) {
      if (job.worker !== worker) continue;
      this.busy.delete(id);
      this.enqueue(job.waiting, true);
    }
    this.pump();
    this.options.onRetired?.();
  }

  /** Workers running now (idle or busy). */
  workers(): number {
    return this.live;
  }

  /** Jobs waiting for a worker. */
  queued(): number {
    return this.waiting;
  }

  /** Puts a job in its lane: at the end, in the round after the lane's last (and not before
   * the round under way), or at the front (a job given back by a worker). */
  private enqueue(w: Waiting, front = false): void {
    let lane = this.lanes.get(w.lane);
    if (lane === undefined) this.lanes.set(w.lane, lane = { jobs: [], last: -1 });
    if (front) {
      w.round = lane.jobs[0]?.round ?? this.round;
      lane.jobs.unshift(w);
    } else {
      w.round = Math.max(this.round, lane.last + 1);
      lane.last = w.round;
      lane.jobs.push(w);
    }
    this.waiting++;
  }

  /** The next job to start: the one of the earliest round, the earliest lane among equals. */
  private dequeue(): Waiting {
    let best: { name: string; jobs: Waiting[] } | null = null;
    for (const [name, lane] of this.lanes) {
      const head = lane.jobs[0];
      if (head === undefined) {
        // an empty lane is kept only while its last round is not over
        if (lane.last < this.round) this.lanes.delete(name);
        continue;
      }
      if (best === null || head.round < best.jobs[0].round) best = { name, jobs: lane.jobs };
    }
    const w = best!.jobs.shift()!;
    this.round = Math.max(this.round, w.round);
    this.waiting--;
    return w;
  }

  /** Why a job of this tag would be refused now, or null when the pool takes it. */
  private refusal(tag: JobTag): BusyCode | null {
    if (this.waiting >= this.options.maxQueue) return "auth:sign_ins_busy";
    const perOwner = tag.share ??
      (tag.signIn ? this.perSignInOwner() : this.options.perOwner ?? 2);
    if (tag.owners?.some((o) => (this.owned.get(o) ?? 0) >= perOwner)) {
      return tag.signIn ? "auth:sign_ins_busy" : "auth:owner_busy";
    }
    const share = Math.floor(this.options.maxQueue * (this.options.otherShare ?? 0.5));
    if (!tag.signIn && this.othersWaiting >= share) return "auth:sign_ins_busy";
    return null;
  }

  /** Sign-in jobs one owner may have waiting or running. */
  private perSignInOwner(): number {
    return this.options.perSignInOwner ?? Math.max(2, Math.floor(this.options.maxQueue / 8));
  }

  /** Whether a new job of this tag would be taken now (a sign-in when none is given). */
  admits(tag: JobTag = { signIn: true }): boolean {
    return this.refusal(tag) === null;
  }

  /** An argon2id hash of the password with a fresh salt. */
  hash(password: string, params: ArgonParams, tag: JobTag = {}): Promise<string> {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    return this.run({ id: 0, kind: "hash", password, salt, params }, tag) as Promise<string>;
  }

  /** Whether the password matches the encoded hash. */
  verify(password: string, hash: string, tag: JobTag = {}): Promise<boolean> {
    return this.run({ id: 0, kind: "verify", password, hash }, tag) as Promise<boolean>;
  }

  private run(job: HashJob, tag: JobTag): Promise<string | boolean> {
    const refused = this.refusal(tag);
    if (refused !== null) return Promise.reject(new HashPoolBusy(refused));
    const owners = tag.owners ?? [];
    for (const o of owners) this.owned.set(o, (this.owned.get(o) ?? 0) + 1);
    const other = !tag.signIn;
    if (other) this.othersWaiting++;
    let started = false;
    /** Counts the job out of the queue's share when it starts, and out of its owners' when it
     * ends. */
    const release = (end: boolean) => {
      if (other && !started) this.othersWaiting--;
      started = true;
      if (!end) return;
      for (const o of owners) {
        const n = (this.owned.get(o) ?? 1) - 1;
        if (n === 0) this.owned.delete(o);
        else this.owned.set(o, n);
      }
    };
    return new Promise<string | boolean>((resolve, reject) => {
      this.enqueue({
        job: { ...job, id: this.nextId++ },
        lane: owners[0] ?? "",
        round: 0,
        started: () => release(false),
        resolve: (v) => {
          release(true);
          resolve(v);
        },
        reject: (e) => {
          release(true);
          reject(e);
        },
      });
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiting > 0) {
      if (this.inline) {
        if (this.running >= this.options.workers) return;
        const waiting = this.dequeue();
        waiting.started();
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
      const waiting = this.dequeue();
      waiting.started();
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
