// Commits on a store handle of their own (issue 51): Deno KV's local store answers each handle's
// calls one at a time on that handle's SQLite thread, and a commit holds the thread through its
// fsync, so under the mix of design 8 every read queued behind the profile edits' commits. A
// second handle on the same file (as a second process would open it: WAL mode, every read a new
// snapshot, so a read begun after a commit returned sees it) takes the commits, and the reads
// no longer wait for the disk. Measured in-process, 200 clients on the mix in turns: 570 and 698
// req/s against 219 and 476 with one handle (avg read 95 and 61 ms against 188 and 148).

/** The calls that write: each goes to the writer's handle. */
const WRITES = new Set<PropertyKey>(["atomic", "set", "delete", "enqueue"]);

/** `reader` with its writes (atomic operations, set, delete) made on `writer`, a handle on the
 * same store; closing it closes both. */
export function withOwnWriter(reader: Deno.Kv, writer: Deno.Kv): Deno.Kv {
  return new Proxy(reader, {
    get(target, prop) {
      if (prop === "close") {
        return () => {
          writer.close();
          target.close();
        };
      }
      const from = WRITES.has(prop) ? writer : target;
      const value = Reflect.get(from, prop, from);
      return typeof value === "function" ? value.bind(from) : value;
    },
  });
}

/** Whether `path` names a store file of this machine (not the default or in-memory store, nor
 * a store across a network): only there is a second handle the same store. */
export function isLocalFile(path: string | undefined): path is string {
  return path !== undefined && path !== "" && path !== ":memory:" && !/^https?:/i.test(path);
}
