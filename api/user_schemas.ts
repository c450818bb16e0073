// The validation schemas of user administration, with the spec's messages.

import { z } from "zod";

/** The employee-code rule: letters, digits, '.', '_' or '-', at most 40. */
export const CODE_RE = /^[A-Z0-9._-]{1,40}$/;
/** The text of the employee-code rule. */
export const CODE_RULE = "Employee code has letters, digits, '.', '_' or '-' only";
/** The `:code` path parameter (the spec's CSV path sends `user_` + code). */
export const codeParam = z.object({
  // the router has decoded the parameter once already: decoding it again would let
  // `%2541DMIN` name ADMIN
  code: z.string().transform((s) => s.trim().replace(/^user_/, "").toUpperCase()).pipe(
    z.string().regex(CODE_RE, CODE_RULE),
  ),
});

/** An employee code as typed: required (with the spec's message), upper-cased, and following the
 * employee-code rule, so that every stored request can be handled. */
export const employeeCode = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(40, "Employee code is too long")
    .transform((s) => s.toUpperCase()).pipe(z.string().regex(CODE_RE, CODE_RULE));

/** An optional trimmed text, empty when missing. */
export const text = (max: number) => z.string().trim().max(max).optional().default("");

/** An activation request from the sign-in page. */
export const activationBody = z.object({
  employeeCode: employeeCode("Please enter your employee code"),
  reason: z.string({ error: "Please provide a reason for activation" }).trim().min(
    1,
    "Please provide a reason for activation",
  ).max(500),
  requestedAt: z.string().max(40).optional(),
}).strict();

/** A password-reset request from the sign-in page. */
export const resetBody = z.object({
  employeeCode: employeeCode("Please enter your employee code"),
  requestedAt: z.string().max(40).optional(),
}).strict();

/** A registration request from the sign-in page (spec 001 section 5). */
export const registrationBody = z.object({
  employeeCode: employeeCode("Please enter your employee code"),
  firstName: z.string({ error: "Please enter your first and last name" }).trim().min(
    1,
    "Please enter your first and last name",
  ).max(60),
  lastName: z.string({ error: "Please enter your first and last name" }).trim().min(
    1,
    "Please enter your first and last name",
  ).max(60),
  middleName: text(60),
  email: z.string({ error: "Please enter your email" }).trim().min(1, "Please enter your email")
    .max(120).email("Invalid email format"),
  phone: text(40),
  jobTitle: z.string({ error: "Please enter your job title and position" }).trim().min(
    1,
    "Please enter your job title and position",
  ).max(80),
  position: z.string({ error: "Please enter your job title and position" }).trim().min(
    1,
    "Please enter your job title and position",
  ).max(80),
  station: z.string({ error: "Please enter your station" }).trim().min(
    1,
    "Please enter your station",
  ).max(3, "Station has at most 3 characters").transform((s) => s.toUpperCase()),
  department: text(80),
  gender: z.enum(["Male", "Female"], { error: "Gender must be 'Male' or 'Female'" }).optional()
    .default("Male"),
  reason: z.string({ error: "Please provide a reason for registration" }).trim().min(
    1,
    "Please provide a reason for registration",
  ).max(500),
  requestedAt: z.string().max(40).optional(),
}).strict();

/** A role of the portal. */
export const role = z.enum(["super_admin", "admin", "user"], {
  error: "Role must be super_admin, admin or user",
});
/** Every app id (spec 002 section 3). */
export const APPS = [
  "ffm-to-uws",
  "uld-extractor",
  "admin-apps",
  "user-management",
  "database-management",
  "system-settings",
  "reports",
  "audit-logs",
] as const;
/** A list of app ids. */
export const appIds = z.array(z.enum(APPS, { error: "Unknown app id" })).max(APPS.length);
/** Approval and extension durations. */
export const days = z.union([z.literal(30), z.literal(90), z.literal(365)], {
  error: "Days must be 30, 90 or 365",
});
/** A rejection's optional reason. */
export const reason = z.object({ reason: z.string().trim().max(500).optional() }).strict();
/** A trimmed string of at most `max` characters. */
export const str = (max: number) => z.string().trim().max(max);

/** The create form's body (spec 002 section 5: the texts in the order they are checked). */
export const createBody = z.object({
  employeeCode: z.string({ error: "Employee Code is required" }).trim().min(
    1,
    "Employee Code is required",
  ).max(40)
    .transform((s) => s.toUpperCase()).pipe(
      z.string().regex(CODE_RE, CODE_RULE),
    ),
  firstName: z.string({ error: "First Name is required" }).trim().min(1, "First Name is required")
    .max(60),
  lastName: z.string({ error: "Last Name is required" }).trim().min(1, "Last Name is required").max(
    60,
  ),
  station: z.string({ error: "Station is required" }).trim().min(1, "Station is required").max(
    3,
    "Station has at most 3 characters",
  ),
  middleName: str(60).optional(),
  fullName: str(120).optional(),
  email: z.union([z.literal(""), z.string().trim().max(120).email("Invalid email format")])
    .optional(),
  phone: str(40).optional(),
  department: str(80).optional(),
  jobTitle: str(80).optional(),
  position: str(80).optional(),
  gender: z.enum(["Male", "Female"], { error: "Gender must be 'Male' or 'Female'" }).optional(),
  role: role.optional(),
  password: z.string().min(1).max(200).optional(),
  isActive: z.boolean().optional(),
  accessibleApps: appIds.optional(),
  permissions: z.array(str(60)).max(50).optional(),
  passwordExpiryDays: z.union([z.literal(30), z.literal(90), z.literal(180), z.literal(365)])
    .optional(),
}).strict();

/** An edit's body: partial fields and the `updatedAt` the editor saw. */
export const updateBody = z.object({
  firstName: str(60).min(1, "First Name is required").optional(),
  lastName: str(60).min(1, "Last Name is required").optional(),
  middleName: str(60).optional(),
  email: z.union([z.literal(""), z.string().trim().max(120).email("Invalid email format")])
    .optional(),
  phone: str(40).optional(),
  station: str(3).min(1, "Station is required").optional(),
  department: str(80).optional(),
  jobTitle: str(80).optional(),
  position: str(80).optional(),
  gender: z.enum(["Male", "Female"]).optional(),
  role: role.optional(),
  isActive: z.boolean().optional(),
  accessibleApps: appIds.optional(),
  canManageUsers: z.boolean().optional(),
  canAccessAdminApps: z.boolean().optional(),
  canExtendPasswords: z.boolean().optional(),
  canViewAllStations: z.boolean().optional(),
  updatedAt: z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), "Invalid date")
    .optional(),
}).strict();
