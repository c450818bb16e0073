// The validation schemas of users and of the sign-in page's requests, with the spec's messages:
// the API validates every body with them and the web's forms check with the same ones before
// sending, so the two can never disagree. Pure: zod only, no Deno, KV or Hono.

import { z } from "zod";
import "./issues.ts";
import type { MessageCode } from "./messages.ts";
import type { FieldLabel } from "./messages_fields.ts";
import {
  CODE_RE,
  directionControl,
  FIELD_MAX,
  hasDirectionControl,
  isEmail,
  STATION_TYPED,
  tooLong,
} from "./user_fields.ts";
import {
  ACCOUNT_FIELDS,
  type AccountField,
  type AccountFieldName,
  type FieldOfKind,
} from "./account_fields.ts";
import { APP_IDS } from "./apps.ts";
import {
  EXTENSION_DAYS,
  type ExtensionDays,
  PASSWORD_EXPIRY_DAYS,
  type PasswordExpiryDays,
} from "./periods.ts";
import { currentPassword } from "./current_password.ts";
import { PERMISSION_FLAGS, type PermissionFlag } from "./flags.ts";

/** A text of at most `max` characters with no direction control in it. */
const plain = (schema: z.ZodString, label: FieldLabel, max: number) =>
  schema.max(max, tooLong(label, max)).refine(
    (s) => !hasDirectionControl(s),
    directionControl(label),
  );
/** A required text: trimmed, `message` when empty, at most `max` characters. */
const required = (message: MessageCode, label: FieldLabel, max: number) =>
  plain(z.string({ error: message }).trim().min(1, message), label, max);
/** An optional text, at most `max` characters. */
const optional = (label: FieldLabel, max: number) =>
  plain(z.string().trim(), label, max).optional();
/** An optional text, empty when missing. */
const text = (label: FieldLabel, max: number) =>
  plain(z.string().trim(), label, max).optional().default("");
/** An email, checked in linear time (rules/user_fields.ts). */
const email = (label: FieldLabel) =>
  plain(z.string().trim(), label, FIELD_MAX.email).refine(
    (s) => s === "" || isEmail(s),
    "field:invalid_email",
  );
/** A station code: three ASCII letters as typed, kept in capitals (rules/user_fields.ts). */
const station = (message: MessageCode) =>
  z.string({ error: message }).trim().min(1, message).max(
    FIELD_MAX.station,
    tooLong("station", FIELD_MAX.station),
  ).regex(STATION_TYPED, "field:station_rule").transform((s) => s.toUpperCase());

/** A gender, as the forms and the CSV write it. */
const gender = z.enum(["Male", "Female"], { error: "field:gender" })
  .optional();

/** The names of the fields a create requires. */
type RequiredName = Extract<(typeof ACCOUNT_FIELDS)[number], { required: string }>["name"];
/** The names of the fields an edit takes. */
type EditName = Exclude<
  Extract<(typeof ACCOUNT_FIELDS)[number], { edit: string }>["name"],
  "gender"
>;

/** The `:code` path parameter (the spec's CSV path sends `user_` + code). */
export const codeParam = z.object({
  // the router has decoded the parameter once already: decoding it again would let
  // `%2541DMIN` name ADMIN
  code: z.string().transform((s) => s.trim().replace(/^user_/, "").toUpperCase()).pipe(
    z.string().regex(CODE_RE, "field:code_rule"),
  ),
});

/** An employee code as typed: required (with the spec's message), upper-cased, and following the
 * employee-code rule, so that every stored request can be handled. */
export const employeeCode = (message: MessageCode) =>
  z.string({ error: message }).trim().min(1, message).max(
    FIELD_MAX.employeeCode,
    "auth:code_too_long",
  ).transform((s) => s.toUpperCase()).pipe(z.string().regex(CODE_RE, "field:code_rule"));

/** A sign-in: any code (an unknown one answers like a wrong password) and the password. */
export const loginBody = z.object({
  employeeCode: z.string({ error: "auth:enter_code" }).trim()
    .min(1, "auth:enter_code").max(
      FIELD_MAX.employeeCode,
      "auth:code_too_long",
    )
    .transform((s) => s.toUpperCase()),
  password: z.string({ error: "auth:enter_password" }).min(1, "auth:enter_password")
    .max(200),
}).strict();

/** A change of one's own password (the policy is the server's setting, checked apart). */
export const changeBody = z.object({
  currentPassword,
  newPassword: z.string({ error: "password:enter_new" })
    .min(1, "password:enter_new").max(200),
}).strict();

/** The same, on the path without the code in it (the spec's retry path). */
export const ownChangeBody = changeBody.extend({
  employeeCode: z.string({ error: "auth:enter_code" }).trim()
    .min(1, "auth:enter_code").max(
      FIELD_MAX.employeeCode,
      "auth:code_too_long",
    )
    .transform((s) => s.toUpperCase()),
});

/** An activation request from the sign-in page. */
export const activationBody = z.object({
  employeeCode: employeeCode("auth:enter_code"),
  reason: required("register:reason_activation", "reason", FIELD_MAX.reason),
  requestedAt: z.string().max(40).optional(),
}).strict();

/** A password-reset request from the sign-in page. */
export const resetBody = z.object({
  employeeCode: employeeCode("auth:enter_code"),
  requestedAt: z.string().max(40).optional(),
}).strict();

/** A registration request from the sign-in page (spec 001 section 5: the texts in the order
 * they are checked). */
export const registrationBody = z.object({
  employeeCode: employeeCode("auth:enter_code"),
  firstName: required("register:names", "first_name", FIELD_MAX.firstName),
  lastName: required("register:names", "last_name", FIELD_MAX.lastName),
  middleName: text("middle_name", FIELD_MAX.middleName),
  email: z.string({ error: "register:email" }).trim().min(1, "register:email")
    .pipe(email("email")),
  phone: text("phone", FIELD_MAX.phone),
  jobTitle: required("register:job", "job_title", FIELD_MAX.jobTitle),
  position: required("register:job", "position", FIELD_MAX.position),
  station: station("register:station"),
  department: text("department", FIELD_MAX.department),
  gender: gender.default("Male"),
  reason: required("register:reason_registration", "reason", FIELD_MAX.reason),
  requestedAt: z.string().max(40).optional(),
}).strict();

/** A role of the portal. */
export const role = z.enum(["super_admin", "admin", "user"], {
  error: "field:role",
});
export const appIds = z.array(z.enum(APP_IDS, { error: "field:app_id" })).max(APP_IDS.length);
/** Approval and extension durations. */
export const days = z.union(EXTENSION_DAYS.map((d) => z.literal(d)), {
  error: "field:days",
}) as z.ZodType<ExtensionDays, ExtensionDays>;
/** A rejection's optional reason. */
export const reason = z.object({ reason: optional("reason", FIELD_MAX.reason) }).strict();

/** An account field's schema on a create: the spec's message when it is required. */
function createField(f: AccountField): z.ZodType {
  switch (f.kind) {
    case "code":
      return z.string({ error: f.required }).trim().min(1, f.required).max(
        f.max,
        tooLong(f.title, f.max),
      ).transform((s) => s.toUpperCase()).pipe(z.string().regex(CODE_RE, "field:code_rule"));
    case "station":
      return station(f.required!);
    case "email":
      return email(f.title).optional();
    case "gender":
      return gender;
    default:
      return f.required === undefined
        ? optional(f.title, f.max)
        : required(f.required, f.title, f.max);
  }
}

/** An account field's schema on an edit: each optional, a required one not empty when sent. */
function editField(f: AccountField): z.ZodType {
  return f.kind === "email" || f.kind === "gender" || f.required === undefined
    ? createField(f)
    : createField(f).optional();
}

/** The schemas of the account fields `fields` selects, in the catalogue's order. */
function accountShape(fields: readonly AccountField[], schema: (f: AccountField) => z.ZodType) {
  return Object.fromEntries(fields.map((f) => [f.name, schema(f)]));
}

/** The texts of a create (the required ones given), and their schemas' types. */
type CreateTexts =
  & { [K in FieldOfKind<"code" | "station"> | RequiredName]: z.ZodType<string, string> }
  & {
    [K in Exclude<AccountFieldName, FieldOfKind<"code" | "station"> | RequiredName | "gender">]:
      z.ZodOptional<z.ZodType<string, string>>;
  }
  & { gender: typeof gender };
/** The texts of an edit: each optional. */
type EditTexts =
  & { [K in EditName]: z.ZodOptional<z.ZodType<string, string>> }
  & { gender: typeof gender };

const CATALOGUE: readonly AccountField[] = ACCOUNT_FIELDS;

/** The create form's body (spec 002 section 5: the texts in the order they are checked, the
 * required fields first). */
export const createBody = z.object({
  ...accountShape(
    [...CATALOGUE.filter((f) => f.required), ...CATALOGUE.filter((f) => !f.required)],
    createField,
  ) as CreateTexts,
  role: role.optional(),
  password: z.string().min(1, "password:empty").max(200).optional(),
  isActive: z.boolean().optional(),
  accessibleApps: appIds.optional(),
  permissions: z.array(z.string().trim().max(60)).max(50).optional(),
  passwordExpiryDays: z.union(PASSWORD_EXPIRY_DAYS.map((d) => z.literal(d)), {
    error: "field:password_expiry",
  }).optional() as z.ZodOptional<z.ZodType<PasswordExpiryDays, PasswordExpiryDays>>,
}).strict();

/** An edit's body: partial fields and the `updatedAt` the editor saw. */
export const updateBody = z.object({
  ...accountShape(CATALOGUE.filter((f) => f.edit !== undefined), editField) as EditTexts,
  role: role.optional(),
  isActive: z.boolean().optional(),
  accessibleApps: appIds.optional(),
  ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
    PermissionFlag,
    z.ZodOptional<z.ZodBoolean>
  >,
  updatedAt: z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), "field:invalid_date")
    .optional(),
}).strict();

/** What a list answers for a cursor the KV cannot read (another list's, edited, cut short). */
export const BAD_CURSOR = "request:bad_cursor";

/** Whether `text` is a KV cursor's shape: canonical base64url, padded or not ('' for the first
 * page). */
export function isCursor(text: string): boolean {
  const core = text.replace(/={1,2}$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(core) || core.length % 4 === 1) return false;
  if (core !== text && text.length % 4 !== 0) return false;
  const b64 = core.replaceAll("-", "+").replaceAll("_", "/");
  // stray bits in the last character make another string once decoded and encoded again
  return btoa(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4))).replace(/=+$/, "") === b64;
}

/** A list's `cursor` query parameter: the cursor a previous page answered, or nothing. */
export const cursor = z.string().max(500, BAD_CURSOR).refine(isCursor, BAD_CURSOR).optional();
