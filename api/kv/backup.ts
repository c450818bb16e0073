// KV backups: every key and value of the store as JSON lines, and back. Values are the store's
// records (plain JSON); the few non-JSON types KV can hold (bytes, bigints, dates, KvU64) are
// written tagged so that a restore gives back the same values. Each line carries the entry's
// expiry time when it has one (kv/expiry.ts), and a restore gives the entry what is left of it.

import { expiresAtOf } from "./expiry.ts";
import { commitGroups, WriteGroup } from "./limits.ts";

/** One line of a backup: a key and its value, both encoded, and when the entry expires (ms). */
export interface BackupLine {
  key: unknown[];
  value: unknown;
  expiresAt?: number;
}

const TAG = "$kv";

function encode(value: unknown): unknown {
  if (value instanceof Uint8Array) return { [TAG]: "bytes", v: Array.from(value) };
  if (typeof value === "bigint") return { [TAG]: "bigint", v: value.toString() };
  if (value instanceof Date) return { [TAG]: "date", v: value.toISOString() };
  if (value instanceof Deno.KvU64) return { [TAG]: "u64", v: value.value.toString() };
  if (value === undefined) return { [TAG]: "undefined" };
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === "object") {
    if (value instanceof Map || value instanceof Set || value instanceof RegExp) {
      throw new Error(`cannot back up a ${value.constructor.name} value`);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    switch (o[TAG]) {
      case "bytes":
        return new Uint8Array(o.v as number[]);
      case "bigint":
        return BigInt(o.v as string);
      case "date":
        return new Date(o.v as string);
      case "u64":
        return new Deno.KvU64(BigInt(o.v as string));
      case "undefined":
        return undefined;
    }
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

/** Writes every entry of the store as one JSON line each, with its expiry time; returns how
 * many. */
export async function exportKv(kv: Deno.Kv, write: (line: string) => void | Promise<void>) {
  let count = 0;
  for await (const entry of kv.list({ prefix: [] })) {
    const line: BackupLine = {
      key: encode([...entry.key]) as unknown[],
      value: encode(entry.value),
    };
    const expiresAt = expiresAtOf(entry.key, entry.value);
    if (expiresAt !== null) line.expiresAt = expiresAt;
    await write(JSON.stringify(line) + "\n");
    count++;
  }
  return count;
}

/**
 * The export of the store at `kvPath`, opened as `kv`. A file store is read from a SQLite copy
 * taken at one moment (the backup API reads one snapshot of the WAL store while the portal goes
 * on writing), so the backup is that moment's; the copy is deleted after. A denokv server
 * or Deploy is read through `kv`, page by page (README: their own snapshots are one moment).
 */
export async function exportStore(
  kvPath: string,
  kv: Deno.Kv,
  write: (line: string) => void | Promise<void>,
): Promise<number> {
  if (!isFileStore(kvPath)) return exportKv(kv, write);
  const dir = await Deno.makeTempDir({ prefix: "portal-backup-" });
  await ownerOnly(dir, 0o700);
  const copy = `${dir}/snapshot.kv`;
  try {
    await snapshotFile(kvPath, copy);
    const snapshot = await Deno.openKv(copy);
    try {
      return await exportKv(snapshot, write);
    } finally {
      snapshot.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The part of `node:sqlite` the snapshot uses (the project's @types/node 20 has no types). */
interface NodeSqlite {
  DatabaseSync: new (path: string, options: { readOnly: boolean }) => { close(): void };
  backup(db: unknown, path: string, options: { rate: number }): Promise<number>;
}
const SQLITE = "node:sqlite";

/** Copies a SQLite file as it is at one moment into `copy` (a new file): SQLite's backup API
 * with every page in one step, so the copy is read in one read transaction. (`VACUUM INTO`
 * would do as well, but Deno allows it only with --allow-all: it attaches a database.) */
async function snapshotFile(path: string, copy: string): Promise<void> {
  // loaded when a file store is exported only: the server (on Deploy too) never needs it
  const { backup, DatabaseSync } = await import(SQLITE) as NodeSqlite;
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    await backup(db, copy, { rate: -1 });
  } finally {
    db.close();
  }
}

/** One restored entry, with what is left of its expiry at `now`; null when it is past. */
function restoredGroup(line: BackupLine, now: number): WriteGroup | null {
  const key = decode(line.key) as Deno.KvKey;
  const value = decode(line.value);
  if (line.expiresAt === undefined) return new WriteGroup().set(key, value);
  const left = line.expiresAt - now;
  return left > 0 ? new WriteGroup().set(key, value, { expireIn: left }) : null;
}

/** Entries read before they are written, at most (the writes are packed by size, limits.ts). */
const RESTORE_CHUNK = 1_000;

/**
 * Restores JSON lines into an empty store, in atomic writes packed within a denokv server's
 * limits; refuses a store that has data. Entries past their expiry at `now` are left out.
 * Returns how many entries were written.
 */
export async function importKv(
  kv: Deno.Kv,
  lines: AsyncIterable<string> | Iterable<string>,
  options: { now?: number } = {},
) {
  for await (const _ of kv.list({ prefix: [] }, { limit: 1 })) {
    throw new Error("the target store is not empty: restore into an empty one");
  }
  const now = options.now ?? Date.now();
  let count = 0;
  let lineNo = 0;
  let groups: WriteGroup[] = [];
  const flush = async () => {
    const res = await commitGroups(kv, groups);
    count += res.committed;
    if (!res.ok) throw new Error(`could not write the entries before line ${lineNo}`);
    groups = [];
  };
  for await (const raw of lines) {
    lineNo++;
    if (raw.trim() === "") continue;
    let parsed: BackupLine;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error(`line ${lineNo} is not JSON`);
    }
    if (!Array.isArray(parsed.key) || parsed.key.length === 0) {
      throw new Error(`line ${lineNo} has no key`);
    }
    if (parsed.expiresAt !== undefined && typeof parsed.expiresAt !== "number") {
      throw new Error(`line ${lineNo} has an expiry that is not a time`);
    }
    const group = restoredGroup(parsed, now);
    if (group !== null) groups.push(group);
    if (groups.length === RESTORE_CHUNK) await flush();
  }
  if (groups.length > 0) await flush();
  return count;
}

/** Whether a KV_PATH names a file store (not `:memory:`, not a denokv server's URL). */
function isFileStore(kvPath: string): boolean {
  return kvPath !== ":memory:" && !/^https?:/.test(kvPath);
}

/** Closes a path to everyone but its owner (no-op on Windows, which has no such bits). */
async function ownerOnly(path: string, mode: 0o700 | 0o600): Promise<void> {
  if (Deno.build.os === "windows") return;
  try {
    await Deno.chmod(path, mode);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
}

/**
 * Before a file store is opened: makes its folder (0700; an existing one is closed to others,
 * the current folder excepted) and the store file (0600), so that the store, which holds
 * password hashes and sessions, is never readable by other accounts of the machine.
 */
export async function preparePrivateStore(kvPath: string): Promise<void> {
  if (!isFileStore(kvPath)) return;
  const dir = kvPath.includes("/") ? kvPath.slice(0, kvPath.lastIndexOf("/")) : ".";
  if (dir !== "." && dir !== "") {
    await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    await ownerOnly(dir, 0o700);
  }
  // SQLite gives its -wal and -shm files the database file's permissions
  (await Deno.open(kvPath, { create: true, write: true, mode: 0o600 })).close();
  await protectStoreFiles(kvPath);
}

/** After a file store is opened: its file and SQLite's companions are the owner's only (0600). */
export async function protectStoreFiles(kvPath: string): Promise<void> {
  if (!isFileStore(kvPath)) return;
  for (const suffix of ["", "-wal", "-shm", "-journal"]) await ownerOnly(kvPath + suffix, 0o600);
}

/** Opens a backup file for writing (created or emptied), readable by its owner only (0600). */
export async function openPrivateFile(path: string): Promise<Deno.FsFile> {
  const file = await Deno.open(path, { write: true, create: true, truncate: true, mode: 0o600 });
  // an existing file keeps its mode when opened: closed before anything is written to it
  await ownerOnly(path, 0o600);
  return file;
}
