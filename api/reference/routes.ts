// The converter's reference lists (ULD tares, DGSL, XDGSL, Light AKE) with the spec's validation
// texts; names are unique per list (case-insensitive) through a name index written atomically.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import {
  audit,
  keys,
  listValues,
  newId,
  type ReferenceEntry,
  type ReferenceList,
} from "../store.ts";

const LISTS = ["ulds", "dgsl", "xdgsl", "lightake"] as const;
const TYPE: Record<ReferenceList, ReferenceEntry["type"]> = {
  ulds: "uld",
  dgsl: "dgsl",
  xdgsl: "xdgsl",
  lightake: "lightake",
};
const LABEL: Record<ReferenceList, string> = {
  ulds: "ULD",
  dgsl: "DGSL",
  xdgsl: "XDGSL",
  lightake: "Light AKE",
};

const listParam = z.object({ list: z.enum(LISTS, { error: "Unknown reference list" }) });
const idParam = listParam.extend({ id: z.string().regex(/^[0-9a-z]{1,40}$/, "Unknown entry id") });
const body = z.object({
  name: z.string().max(40).optional(),
  weight: z.union([z.number(), z.string().max(20)]).optional(),
  description: z.string().trim().max(200).optional(),
}).strict();

/** The entry as the spec validates it, or the spec's message (portal-and-converter.md section 5). */
export function validateEntry(
  list: ReferenceList,
  input: z.infer<typeof body>,
): { name: string; weight?: number; description?: string } | string {
  const name = (input.name ?? "").trim().toUpperCase();
  if (list === "ulds") {
    if (name === "") return "ULD name is required";
    if (!/^[A-Z0-9]{3}$/.test(name)) {
      return "ULD type must be exactly 3 characters (letters/numbers, e.g., AKE, PAG, AA4)";
    }
    if (input.weight === undefined || input.weight === "") return "ULD weight is required";
    const weight = typeof input.weight === "number" ? input.weight : Number(input.weight);
    if (!Number.isFinite(weight) || weight <= 0) return "Weight must be a positive number";
    if (weight > 10000) return "Weight seems too high (max 10,000 kg)";
    return { name, weight, description: input.description };
  }
  if (list === "lightake") {
    if (!/^AKE\d{5}[A-Z]{2}$/.test(name)) {
      return "Light AKE must be in format: AKE + 5 digits + 2 letters (e.g., AKE11223MS)";
    }
    const weight = input.weight === undefined || input.weight === ""
      ? undefined
      : Number(input.weight);
    if (weight !== undefined && (!Number.isFinite(weight) || weight <= 0 || weight > 10000)) {
      return "Weight must be a positive number";
    }
    return { name, weight, description: input.description };
  }
  if (!/^[A-Z]{3}$/.test(name)) return `${LABEL[list]} name must be exactly 3 uppercase letters`;
  return { name, description: input.description };
}

/** Routes of the reference lists. */
export function referenceRoutes(deps: Deps) {
  const { kv } = deps;
  const conflict = (c: Context<Env>, list: ReferenceList, name: string) =>
    fail(c, 409, `${LABEL[list]} ${name} already exists`);

  return new Hono<Env>()
    .get(
      "/api/ffm-to-uws/:list",
      valid("param", listParam),
      async (c) => {
        const list = c.req.valid("param").list;
        const entries = await listValues<ReferenceEntry>(kv, keys.references(list));
        return ok(c, entries.sort((a, b) => a.name.localeCompare(b.name)));
      },
    )
    .post(
      "/api/ffm-to-uws/:list",
      valid("param", listParam),
      valid("json", body),
      async (c) => {
        const list = c.req.valid("param").list;
        const entry = validateEntry(list, c.req.valid("json"));
        if (typeof entry === "string") return fail(c, 400, entry);
        const actor = c.get("user")!.employeeCode;
        const now = deps.now();
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
        if (record.description === undefined || record.description === "") {
          delete record.description;
        }
        const op = kv.atomic().check({
          key: keys.referenceName(list, entry.name),
          versionstamp: null,
        })
          .set(keys.referenceName(list, entry.name), record._id).set(
            keys.reference(list, record._id),
            record,
          );
        audit(
          op,
          now,
          c.get("user")!,
          "reference.add",
          `${list}/${entry.name}`,
          entry.weight === undefined ? "" : `${entry.weight} kg`,
        );
        const res = await op.commit();
        return res.ok ? ok(c, record, 201) : conflict(c, list, entry.name);
      },
    )
    .put(
      "/api/ffm-to-uws/:list/:id",
      valid("param", idParam),
      valid("json", body),
      async (c) => {
        const { list, id } = c.req.valid("param");
        const before = await kv.get<ReferenceEntry>(keys.reference(list, id));
        if (before.value === null) return fail(c, 404, `${LABEL[list]} entry not found`);
        const input = c.req.valid("json");
        const entry = validateEntry(list, {
          name: input.name ?? before.value.name,
          weight: input.weight ?? before.value.weight,
          description: input.description ?? before.value.description,
        });
        if (typeof entry === "string") return fail(c, 400, entry);
        const actor = c.get("user")!.employeeCode;
        const now = deps.now();
        const after: ReferenceEntry = {
          ...before.value,
          ...entry,
          updatedAt: new Date(now).toISOString(),
          updatedBy: actor,
        };
        const op = kv.atomic().check(before).set(keys.reference(list, id), after);
        if (entry.name !== before.value.name) {
          op.check({ key: keys.referenceName(list, entry.name), versionstamp: null })
            .set(keys.referenceName(list, entry.name), id).delete(
              keys.referenceName(list, before.value.name),
            );
        }
        audit(
          op,
          now,
          c.get("user")!,
          "reference.edit",
          `${list}/${entry.name}`,
          entry.name !== before.value.name ? `renamed from ${before.value.name}` : "",
        );
        const res = await op.commit();
        return res.ok ? ok(c, after) : conflict(c, list, entry.name);
      },
    )
    .delete(
      "/api/ffm-to-uws/:list/:id",
      valid("param", idParam),
      async (c) => {
        const { list, id } = c.req.valid("param");
        const before = await kv.get<ReferenceEntry>(keys.reference(list, id));
        if (before.value === null) return fail(c, 404, `${LABEL[list]} entry not found`);
        const now = deps.now();
        const op = kv.atomic().check(before).delete(keys.reference(list, id)).delete(
          keys.referenceName(list, before.value.name),
        );
        audit(
          op,
          now,
          c.get("user")!,
          "reference.delete",
          `${list}/${before.value.name}`,
          "",
        );
        const res = await op.commit();
        return res.ok
          ? ok(c, { message: `${LABEL[list]} ${before.value.name} removed successfully` })
          : fail(c, 409, "The entry changed meanwhile; please reload");
      },
    );
}
