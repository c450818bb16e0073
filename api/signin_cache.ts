// The sign-in state of every account, in each process's memory, for the user list's last
// sign-in column, its lock filter and the dashboard's count of locked accounts. Signing in writes
// only the account's sign-in key and stamps its bucket (bucket_watch.ts); a process reads again
// only the buckets whose stamps changed, so a burst of sign-ins costs a few small reads.

import { BucketWatch } from "./bucket_watch.ts";
import { NO_SIGN_IN, SIGN_IN_STAMPS, type SignInState } from "./signin_state.ts";

/** The sign-in states of a store, as fresh as the last `refresh`. */
export class SignInCache {
  private readonly states = new Map<string, SignInState>();
  private readonly inBucket = new Map<number, string[]>();
  private readonly watch: BucketWatch;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly kv: Deno.Kv) {
    this.watch = new BucketWatch(kv, SIGN_IN_STAMPS);
  }

  /** Reads what changed since the last refresh; concurrent callers share one read. */
  async refresh(): Promise<void> {
    // a refresh that began before this call may have missed a change committed just now
    while (this.refreshing !== null) await this.refreshing;
    this.refreshing = this.load().finally(() => (this.refreshing = null));
    await this.refreshing;
  }

  private async load(): Promise<void> {
    const changed = await this.watch.changed();
    if (changed === "all") {
      await this.readPrefix(["signin"], null);
      return;
    }
    for (const bucket of changed) await this.readPrefix(["signin", bucket], bucket);
  }

  private async readPrefix(prefix: Deno.KvKey, bucket: number | null): Promise<void> {
    if (bucket !== null) {
      for (const code of this.inBucket.get(bucket) ?? []) this.states.delete(code);
    }
    const codes = new Map<number, string[]>();
    for await (const e of this.kv.list<SignInState>({ prefix })) {
      const b = e.key[1] as number;
      const code = e.key[2] as string;
      this.states.set(code, e.value);
      if (!codes.has(b)) codes.set(b, []);
      codes.get(b)!.push(code);
    }
    if (bucket !== null) this.inBucket.set(bucket, codes.get(bucket) ?? []);
    else for (const [b, list] of codes) this.inBucket.set(b, list);
  }

  /** A code's state (NO_SIGN_IN when it never signed in). */
  get(code: string): SignInState {
    return this.states.get(code) ?? NO_SIGN_IN;
  }
}
