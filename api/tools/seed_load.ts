// `npm run kv -- seed-load`: load data for a new store (issue 16), the size of an airline group.
// Users, sign-in states, pending requests and a year of audit entries, written through the
// store's own functions (stageUserWrite, stageSignIn, addRequest, audit), so every index and
// counter is as the API keeps it. The data are synthetic but shaped like real use, and the same
// for the same plan (a seeded generator).

import { newId } from "../store/ids.ts";
import { hashPassword } from "../auth/auth.ts";
import { addRequest, MAX_PENDING, REQUEST_KINDS } from "../requests/store.ts";
import { bucketOf, NO_SIGN_IN, stageSignIn } from "../auth/signin_state.ts";
import type { SignInState } from "../store/records.ts";
import { ANONYMOUS, audit, auditAt, type AuditSettings } from "../store/audit.ts";
import { getSettings } from "../settings/settings.ts";
import { keys } from "../store/keys.ts";
import type { RequestRecord } from "../store/records.ts";
import type { Role } from "../rules/roles.ts";
import { stageUserWrite } from "../users/store.ts";
import { newUserRecord } from "../users/users.ts";
import { commitGroups, GroupStaging, WriteGroup } from "../kv/limits.ts";
import type { AuditAction } from "../rules/audit.ts";
import { FIRST, FIRST_AR, LAST, LAST_AR, random, stationsOf, TITLES } from "./seed_load_names.ts";

/** What to load. */
export interface LoadPlan {
  users: number;
  audit: number;
  stations: number;
  requests: number;
}

/** What was loaded, for the summary the command prints. */
export interface LoadReport {
  users: number;
  roles: Record<Role, number>;
  inactive: number;
  locked: number;
  expired: number;
  stations: string[];
  requests: Record<string, number>;
  audit: number;
  auditFrom: string;
  auditTo: string;
  seconds: number;
}

/** The password of every loaded account (they are load data, not people). */
export const LOAD_PASSWORD = "Load-data-pass-1";

const USAGE = "usage: npm run kv -- seed-load --users N --audit M [--stations S] [--requests R]";

/** Reads the command's flags; a message for the operator when they are not usable. */
export function parseLoadArgs(args: readonly string[]): LoadPlan | string {
  const plan: LoadPlan = { users: -1, audit: -1, stations: 40, requests: 300 };
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i].replace(/^--/, "") as keyof LoadPlan;
    const value = Number(args[i + 1]);
    if (!(name in plan) || !args[i].startsWith("--")) return `unknown option ${args[i]}\n${USAGE}`;
    if (!Number.isInteger(value) || value < 0) return `--${name} needs a whole number\n${USAGE}`;
    plan[name] = value;
  }
  if (plan.users < 0 || plan.audit < 0) return USAGE;
  if (plan.stations < 1 || plan.stations > 400) return `--stations is 1 to 400\n${USAGE}`;
  return plan;
}

/** A new store, or one holding only what a first start wrote: load data may go in. */
export async function loadable(kv: Deno.Kv): Promise<true | string> {
  let users = 0;
  for await (const _ of kv.list({ prefix: [...keys.userPrefix()] }, { limit: 2 })) users++;
  const requests = await kv.list({ prefix: keys.allRequests() }, { limit: 1 }).next();
  if (users > 1 || !requests.done) {
    return "seed-load fills a new store, and this one is in use: point KV_PATH at a new file";
  }
  return true;
}

const DAY = 24 * 60 * 60 * 1000;
type Random = ReturnType<typeof random>;

/** The code of the n-th loaded user. */
export const loadCode = (n: number) => `L${String(n).padStart(6, "0")}`;

/** The n-th loaded user and its sign-in state (null: never signed in, not locked), drawn from
 * `rnd` in a fixed order so that the same plan loads the same data. */
function loadedUser(
  n: number,
  rnd: Random,
  stations: readonly string[],
  hash: string,
  now: number,
) {
  const code = loadCode(n);
  const arabic = rnd.next() < 0.1;
  const role: Role = n % 5000 === 1 ? "super_admin" : rnd.next() < 0.02 ? "admin" : "user";
  const active = role !== "user" || rnd.next() > 0.08;
  // the password expires between a month ago and a year from now, after 90 to 365 days
  const expiry = now + (rnd.next() * 395 - 30) * DAY;
  const days = expiry - now > 180 * DAY ? 365 : expiry - now > 60 * DAY ? 180 : 90;
  const user = newUserRecord(
    {
      employeeCode: code,
      firstName: arabic ? rnd.pick(FIRST_AR) : rnd.pick(FIRST),
      lastName: arabic ? rnd.pick(LAST_AR) : rnd.pick(LAST),
      email: `${code.toLowerCase()}@staff.example.com`,
      station: stations[n % stations.length],
      jobTitle: role === "user" ? rnd.pick(TITLES) : "Station Administrator",
      gender: rnd.next() < 0.6 ? "Male" : "Female",
      role,
      isActive: active,
    },
    hash,
    expiry - days * DAY,
    "seed-load",
    { needsPasswordChange: false, expiryDays: days },
  );
  // most active staff signed in within the last four months; one in 200 is locked now
  const locked = active && rnd.next() < 0.005;
  const state: SignInState = {
    ...NO_SIGN_IN,
    lastLogin: active && rnd.next() < 0.8 ? Math.round(now - rnd.next() * 120 * DAY) : null,
    ...(locked
      ? { lockedUntil: Math.round(now + (1 + rnd.next() * 23) * 3600_000), lockCount: 1 }
      : {}),
  };
  return { user, state, locked, expired: expiry < now };
}

/** What the requests and the audit entries need of the loaded users. */
interface LoadedUsers {
  inactive: string[];
  admins: string[];
  people: Map<string, Person>;
}

/** Users staged before their writes: about ten to an index bucket. */
const USER_CHUNK = 10_000;

/** Writes sent to the store at once: a remote store's time is mostly the round trips. */
const PARALLEL = 4;

/** Commits groups (kv/limits.ts), parts of them side by side: the load's groups never touch
 * one another's keys but through sums. A failed check means another writer is at work. */
async function commitAll(kv: Deno.Kv, groups: readonly WriteGroup[]) {
  const size = Math.ceil(groups.length / PARALLEL);
  const parts = Array.from({ length: PARALLEL }, (_, i) => groups.slice(i * size, (i + 1) * size));
  const done = await Promise.all(parts.map((part) => commitGroups(kv, part)));
  if (done.some((d) => !d.ok)) throw new Error("another writer changed the store meanwhile");
}

/**
 * Writes the plan's users with their sign-in states, counted in `report`: a chunk at a time, one
 * write group per index bucket (its users, their emails and states, the bucket once), packed into
 * writes the store takes. The store is new (`loadable`), so the codes and emails are the load's
 * own, each once: of a user's checks only the index bucket's is kept, which is read and written
 * again; a denokv write takes 10 checks, and three a user would make 30,000 writes of 100,000.
 */
async function loadUsers(
  kv: Deno.Kv,
  plan: LoadPlan,
  now: number,
  rnd: Random,
  report: LoadReport,
  progress: (line: string) => void,
): Promise<LoadedUsers> {
  const hash = await hashPassword(LOAD_PASSWORD);
  const loaded: LoadedUsers = { inactive: [], admins: [], people: new Map() };
  const indexKey = keys.userIndex(0)[0];
  for (let first = 1; first <= plan.users; first += USER_CHUNK) {
    const staging = new GroupStaging();
    const buckets = new Map<number, WriteGroup>();
    for (let n = first; n < first + USER_CHUNK && n <= plan.users; n++) {
      const { user, state, locked, expired } = loadedUser(n, rnd, report.stations, hash, now);
      const code = user.employeeCode;
      const bucket = bucketOf(code);
      let group = buckets.get(bucket);
      if (group === undefined) buckets.set(bucket, group = new WriteGroup());
      staging.group = group;
      await stageUserWrite(kv, staging, null, user);
      loaded.people.set(code, { fullName: user.fullName, station: user.station });
      report.users++;
      report.roles[user.role]++;
      if (!user.isActive) (report.inactive++, loaded.inactive.push(code));
      if (user.role !== "user") loaded.admins.push(code);
      if (expired) report.expired++;
      if (locked) report.locked++;
      if (state.lastLogin !== null || locked) stageSignIn(staging, code, state, now);
    }
    for (const group of buckets.values()) {
      const kept = group.checks.filter((c) => c.key[0] === indexKey);
      group.checks.splice(0, group.checks.length, ...kept);
    }
    await commitAll(kv, [...buckets.values()]);
    progress(`users: ${Math.min(first - 1 + USER_CHUNK, plan.users)} of ${plan.users}`);
  }
  return loaded;
}

/** Fills the store (see `loadable`) as `plan` says; `progress` hears about each part. */
export async function seedLoad(
  kv: Deno.Kv,
  plan: LoadPlan,
  now: number,
  progress: (line: string) => void = () => {},
): Promise<LoadReport> {
  const started = performance.now();
  const rnd = random(plan.users * 31 + plan.audit);
  const stations = stationsOf(plan.stations);
  const report: LoadReport = {
    users: 0,
    roles: { super_admin: 0, admin: 0, user: 0 },
    inactive: 0,
    locked: 0,
    expired: 0,
    stations,
    requests: {},
    audit: 0,
    auditFrom: "",
    auditTo: "",
    seconds: 0,
  };
  const { inactive, admins, people } = await loadUsers(kv, plan, now, rnd, report, progress);
  // the entries are kept as long as the store's settings say (its first start wrote them)
  const settings = await getSettings(kv);
  await loadRequests(kv, plan, now, { inactive, people, stations, settings }, rnd, report);
  await loadAudit(kv, plan, now, { admins, people, settings }, rnd, report, progress);
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** A loaded user as their requests show them. */
interface Person {
  fullName: string;
  station: string;
}

/** The loaded accounts the requests come from. */
interface Loaded {
  inactive: readonly string[];
  people: ReadonlyMap<string, Person>;
  stations: readonly string[];
  /** The store's settings: the requests' audit entries are kept for their retention. */
  settings: AuditSettings;
}

/** Pending requests, each of its own account: activations and resets of loaded users with their
 * names and stations (each code once), registrations of new codes with the names they give. */
async function loadRequests(
  kv: Deno.Kv,
  plan: LoadPlan,
  now: number,
  { inactive, people, stations, settings }: Loaded,
  rnd: ReturnType<typeof random>,
  report: LoadReport,
) {
  const per = Math.min(MAX_PENDING, Math.ceil(plan.requests / 3));
  // resets come from distinct accounts: from a random one on, in code order
  const resetFrom = Math.floor(rnd.next() * Math.max(1, plan.users));
  let left = plan.requests;
  for (const kind of REQUEST_KINDS) {
    let written = 0;
    const groups: WriteGroup[] = [];
    const staging = new GroupStaging();
    for (let k = 0; k < per && left > 0; k++, left--) {
      // activations come from inactive accounts, resets from any, registrations from new codes
      const code = kind === "activation"
        ? inactive[k]
        : kind === "password-reset"
        ? (k < plan.users ? loadCode(1 + (resetFrom + k) % plan.users) : undefined)
        : `R${String(k + 1).padStart(6, "0")}`;
      if (code === undefined) continue;
      const at = Math.round(now - rnd.next() * 14 * DAY);
      const first = rnd.pick(FIRST);
      const last = rnd.pick(LAST);
      // an account's request shows that account; a registration, the person it asks for
      const person = people.get(code) ??
        { fullName: `${first} ${last}`, station: stations[k % stations.length] };
      const station = person.station;
      const record: RequestRecord = {
        _id: newId(at),
        kind,
        employeeCode: code,
        reason: kind === "registration" ? "New joiner on the cargo team" : "Please help",
        requestedAt: new Date(at).toISOString(),
        userInfo: { fullName: person.fullName },
        station,
        ...(kind === "registration"
          ? {
            registration: {
              employeeCode: code,
              firstName: first,
              lastName: last,
              email: `${code.toLowerCase()}@staff.example.com`,
              jobTitle: "Cargo Agent",
              position: "Agent",
              station,
              gender: "Female",
            },
          }
          : {}),
      };
      // each request checks its key: one group each, packed ten to a write
      groups.push(staging.group = new WriteGroup());
      addRequest(staging, record);
      const target = { employeeCode: code, station };
      const entryAt = auditAt(at, settings);
      audit(staging, entryAt, ANONYMOUS, `request.${kind}`, target, "request", record.reason);
      written++;
    }
    await commitAll(kv, groups);
    report.requests[kind] = written;
  }
}

/** The actions of a year of audit entries, with their shares and summaries. */
const ACTIONS: [AuditAction, number, string][] = [
  ["login.success", 0.6, "signed in"],
  ["logout", 0.15, "signed out"],
  ["login.failed", 0.08, "failed attempt 1"],
  ["user.update", 0.06, "jobTitle changed"],
  ["password.change", 0.03, "password changed"],
  ["password.reset", 0.02, "password reset to the default"],
  ["password.extend", 0.02, "90 days"],
  ["user.create", 0.01, "created"],
  ["user.unlock", 0.01, "unlocked"],
  ["activation.approve", 0.01, "90 days"],
  ["reference.add", 0.01, "60 kg"],
];

/** A year of audit entries by the loaded admins and staff, each naming their stations. */
async function loadAudit(
  kv: Deno.Kv,
  plan: LoadPlan,
  now: number,
  { admins, people, settings }: {
    admins: readonly string[];
    people: ReadonlyMap<string, Person>;
    settings: AuditSettings;
  },
  rnd: ReturnType<typeof random>,
  report: LoadReport,
  progress: (line: string) => void,
) {
  // each entry is a group of 4 to 7 keys (with its stations' index keys), packed into writes
  // under the store's limits, a chunk of entries at a time
  const PER_OP = 10_000;
  /** A loaded account with its station, or the code as it is. */
  const party = (code: string) => {
    const person = people.get(code);
    return person === undefined ? code : { employeeCode: code, station: person.station };
  };
  const from = now - 365 * DAY;
  const step = (365 * DAY) / Math.max(1, plan.audit);
  for (let i = 0; i < plan.audit; i += PER_OP) {
    const staging = new GroupStaging();
    const groups: WriteGroup[] = [];
    for (let k = i; k < Math.min(i + PER_OP, plan.audit); k++) {
      const at = Math.floor(from + k * step);
      let share = rnd.next();
      const [action, , summary] = ACTIONS.find(([, p]) => (share -= p) < 0) ?? ACTIONS[0];
      const user = plan.users > 0 ? loadCode(1 + Math.floor(rnd.next() * plan.users)) : "ADMIN";
      const self = action.startsWith("login") || action === "logout" ||
        action === "password.change";
      const actor = action === "login.failed"
        ? ANONYMOUS
        : self || admins.length === 0
        ? user
        : rnd.pick(admins);
      const target = action === "reference.add" ? "ulds/PMC" : user;
      groups.push(staging.group = new WriteGroup());
      audit(staging, auditAt(at, settings), party(actor), action, party(target), summary);
    }
    await commitAll(kv, groups);
    report.audit = Math.min(i + PER_OP, plan.audit);
    if (i % 100_000 === 0) progress(`audit: ${i} of ${plan.audit}`);
  }
  progress(`audit: ${plan.audit} of ${plan.audit}`);
  report.auditFrom = new Date(from).toISOString();
  report.auditTo = new Date(from + plan.audit * step).toISOString();
}
