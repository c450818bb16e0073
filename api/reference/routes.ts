// The converter's reference lists (ULD tares, DGSL, XDGSL, Light AKE) with the spec's validation
// texts; names are unique per list (case-insensitive) through a name index written atomically.

import { newId } from "../store/ids.ts";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { FieldLabel } from "../rules/messages_fields.ts";
import { type Problem, say } from "../rules/messages.ts";
import { carriesSession, type Deps, type Env, fail, ok, signedIn, valid } from "../http.ts";
import { directionControl, hasDirectionControl } from "../rules/user_fields.ts";
import { audit, auditAt } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { ReferenceEntry, ReferenceList } from "../store/records.ts";

const LISTS = ["ulds", "dgsl", "xdgsl", "lightake"] as const;
const TYPE: Record<ReferenceList, ReferenceEntry["type"]> = {
  ulds: "uld",
  dgsl: "dgsl",
  xdgsl: "xdgsl",
  lightake: "lightake",
};

const listParam = z.object({ list: z.enum(LISTS, { error: "reference:unknown_list" }) });
const idParam = listParam.extend({
  id: z.string().regex(/^[0-9a-z]{1,40}$/, "reference:unknown_entry"),
});
/** A text of the entry, refusing direction controls (rules/user_fields.ts). */
const entryText = (label: FieldLabel, max: number) =>
  z.string().trim().max(max).refine((s) => !hasDirectionControl(s), directionControl(label));
const body = z.object({
  name: entryText("name", 40).optional(),
  weight: z.union([z.number(), z.string().max(20)]).optional(),
  description: entryText("description", 200).optional(),
}).strict();

/** Reads every value under a key prefix (a reference list: a few hundred entries at most). */
async function listValues<T>(
  kv: Deno.Kv,
  prefix: readonly Deno.KvKeyPart[],
  reverse = false,
): Promise<T[]> {
  const out: T[] = [];
  for await (const entry of kv.list<T>({ prefix: [...prefix] }, { reverse })) out.push(entry.value);
  return out;
}

/** The entry as the spec validates it, or the spec's message (portal-and-converter.md section 5). */
export function validateEntry(
  list: ReferenceList,
  input: z.infer<typeof body>,
): { name: string; weight?: number; description?: string } | Problem {
  const name = (input.name ?? "").trim().toUpperCase();
  if (list === "ulds") {
    if (name === "") return say("reference:uld_name");
    if (!/^[A-Z0-9]{3}$/.test(name)) {
      return say("reference:uld_type");
    }
    if (input.weight === undefined || input.weight === "") return say("reference:uld_weight");
    const weight = typeof input.weight === "number" ? input.weight : Number(input.weight);
    if (!Number.isFinite(weight) || weight <= 0) return say("reference:weight_positive");
    if (weight > 10000) return say("reference:weight_high");
    return { name, weight, description: input.description };
  }
  if (list === "lightake") {
    if (!/^AKE\d{5}[A-Z]{2}$/.test(name)) {
      return say("reference:light_ake");
    }
    const weight = input.weight === undefined || input.weight === ""
      ? undefined
      : Number(input.weight);
    if (weight !== undefined && (!Number.isFinite(weight) || weight <= 0 || weight > 10000)) {
      return say("reference:weight_positive");
    }
    return { name, weight, description: input.description };
  }
  if (!/^[A-Z]{3}$/.test(name)) return say(`reference:code_name:${list}`);
  return { name, description: input.description };
}

type EntryBody = z.infer<typeof body>;

/** The answer when a list already has an entry of that name. */
const conflict = (c: Context<Env>, list: ReferenceList, name: string) =>
  fail(c, 409, `reference:exists:${list}`, { name });

/**
 * The lists as last read, with the versionstamp of the reference stamp they were read after.
 * Every change of a list writes the stamp in its own atomic operation, so the lists are read
 * again only after a change, by any process: one small read instead of a list of every entry.
 * After a change the four lists are read at once, not the asked one alone: the converter reads
 * all four at each start, and a list read on its own would cost the next one's request a round
 * trip more (on a remote store each is a trip of its own, issue 49).
 */
class ReferenceLists {
  #kept: { stamp: string | null; lists: Map<ReferenceList, ReferenceEntry[]> } | null = null;

  constructor(readonly kv: Deno.Kv) {}

  /** A list's entries by name, as stored now; `early` is the stamp's read begun for the request
   * (`earlyReferenceReads`). */
  async entries(
    list: ReferenceList,
    early?: Promise<Deno.KvEntryMaybe<unknown>>,
  ): Promise<ReferenceEntry[]> {
    // the stamp is read first: a change that lands during the lists' read stamps anew, and the
    // next read lists again
    const stamp = (await (early ?? this.kv.get(keys.referenceStamp()))).versionstamp;
    const kept = this.#kept;
    if (kept !== null && kept.stamp === stamp) return kept.lists.get(list)!;
    const read = await Promise.all(
      LISTS.map((one) => listValues<ReferenceEntry>(this.kv, keys.references(one))),
    );
    const lists = new Map(
      LISTS.map((one, i) => [one, read[i].sort((a, b) => a.name.localeCompare(b.name))]),
    );
    this.#kept = { stamp, lists };
    return lists.get(list)!;
  }
}

/** The paths of the lists' reads. */
const LIST_PATHS = new Set(LISTS.map((list) => `/api/ffm-to-uws/${list}`));

/** The reference stamp's reads `earlyReferenceReads` began, by request. */
const earlyStamps = new WeakMap<Request, Promise<Deno.KvEntryMaybe<unknown>>>();

/**
 * Starts the read of the reference stamp while the session check reads the caller's session, for
 * a request for a list that carries a session: the stamp does not depend on the caller, and on a
 * remote store each read in turn is a round trip (about 90 ms on Deploy from another region,
 * issue 49). Nothing read is answered until the guard has let the caller in.
 */
export function earlyReferenceReads(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (
      c.req.method === "GET" && carriesSession(c) && LIST_PATHS.has(c.req.path)
    ) {
      const read = deps.kv.get(keys.referenceStamp());
      // a caller the guard turns away never waits for it
      read.catch(() => {});
      earlyStamps.set(c.req.raw, read);
    }
    await next();
  };
}

/** Stamps a change of the reference lists in its atomic operation (see ReferenceLists). */
const stamped = (op: Deno.AtomicOperation, now: number) => op.set(keys.referenceStamp(), now);

/** Adds an entry; its name index makes a second entry of the same name a 409. */
async function addEntry(c: Context<Env>, deps: Deps, list: ReferenceList, input: EntryBody) {
  const entry = validateEntry(list, input);
  if ("code" in entry) return fail(c, 400, entry);
  const actor = signedIn(c).employeeCode;
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  const iso = new Date(now).toISOString();
  const record: ReferenceEntry = {
    _id: newId(now),
    type: TYPE[list],
    createdAt: iso,
    updatedAt: iso,
    createdBy: actor,
    updatedBy: actor,
    ...entry,
  };
  if (record.weight === undefined) delete record.weight;
  if (record.description === undefined || record.description === "") delete record.description;
  const nameKey = keys.referenceName(list, entry.name);
  const op = stamped(deps.kv.atomic(), now).check({ key: nameKey, versionstamp: null })
    .set(nameKey, record._id).set(keys.reference(list, record._id), record);
  const weight = entry.weight === undefined ? "" : `${entry.weight} kg`;
  audit(op, at, signedIn(c), "reference.add", `${list}/${entry.name}`, weight);
  const res = await op.commit();
  return res.ok ? ok(c, record, 201) : conflict(c, list, entry.name);
}

/** Edits an entry (the fields sent); a rename moves its name index. */
async function editEntry(
  c: Context<Env>,
  deps: Deps,
  where: { list: ReferenceList; id: string },
  input: EntryBody,
) {
  const { list, id } = where;
  const { kv } = deps;
  const before = await kv.get<ReferenceEntry>(keys.reference(list, id));
  if (before.value === null) return fail(c, 404, `reference:not_found:${list}`);
  const entry = validateEntry(list, {
    name: input.name ?? before.value.name,
    weight: input.weight ?? before.value.weight,
    description: input.description ?? before.value.description,
  });
  if ("code" in entry) return fail(c, 400, entry);
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  const after: ReferenceEntry = {
    ...before.value,
    ...entry,
    updatedAt: new Date(now).toISOString(),
    updatedBy: signedIn(c).employeeCode,
  };
  const op = stamped(kv.atomic(), now).check(before).set(keys.reference(list, id), after);
  const renamed = entry.name !== before.value.name;
  if (renamed) {
    op.check({ key: keys.referenceName(list, entry.name), versionstamp: null })
      .set(keys.referenceName(list, entry.name), id)
      .delete(keys.referenceName(list, before.value.name));
  }
  const summary = renamed ? say("audit:renamed", { name: before.value.name }) : "";
  audit(op, at, signedIn(c), "reference.edit", `${list}/${entry.name}`, summary);
  const res = await op.commit();
  return res.ok ? ok(c, after) : conflict(c, list, entry.name);
}

/** Removes an entry with its name index. */
async function removeEntry(c: Context<Env>, deps: Deps, list: ReferenceList, id: string) {
  const { kv } = deps;
  const before = await kv.get<ReferenceEntry>(keys.reference(list, id));
  if (before.value === null) return fail(c, 404, `reference:not_found:${list}`);
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  const op = stamped(kv.atomic(), now).check(before).delete(keys.reference(list, id))
    .delete(keys.referenceName(list, before.value.name));
  audit(op, at, signedIn(c), "reference.delete", `${list}/${before.value.name}`, "");
  const res = await op.commit();
  return res.ok
    ? ok(c, say(`reference:removed:${list}`, { name: before.value.name }))
    : fail(c, 409, "reference:changed");
}

/** Routes of the reference lists, mounted at /api/ffm-to-uws. */
export function referenceRoutes(deps: Deps) {
  const lists = new ReferenceLists(deps.kv);
  return new Hono<Env>()
    .get(
      "/:list",
      valid("param", listParam),
      async (c) =>
        ok(c, await lists.entries(c.req.valid("param").list, earlyStamps.get(c.req.raw))),
    )
    .post(
      "/:list",
      valid("param", listParam),
      valid("json", body),
      (c) => addEntry(c, deps, c.req.valid("param").list, c.req.valid("json")),
    )
    .put(
      "/:list/:id",
      valid("param", idParam),
      valid("json", body),
      (c) => editEntry(c, deps, c.req.valid("param"), c.req.valid("json")),
    )
    .delete("/:list/:id", valid("param", idParam), (c) => {
      const { list, id } = c.req.valid("param");
      return removeEntry(c, deps, list, id);
    });
}
