// Two-factor sign-in rules shared by the server and the web (issue 26): the policy a super admin
// sets, who it requires, the bodies of the two-factor calls with their messages, and the texts
// both sides show. Pure: zod only.

import { z } from "zod";
import type { Role } from "./roles.ts";
import { currentPassword } from "./current_password.ts";
import "./issues.ts";
import { MESSAGES } from "./messages.ts";

/** Whom the policy requires a second factor of. */
export const TWO_FACTOR_POLICIES = ["none", "super_admins", "admins", "everyone"] as const;
/** One of the policies. */
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

/** Days a required user may still sign in without a second factor (7 when not set). */
export const DEFAULT_GRACE_DAYS = 7;
/** A new install's policy (issue 48, ASVS 5.0 L2): a second factor for super admins and admins. */
export const NEW_INSTALL_POLICY: TwoFactorPolicy = "admins";
/** A new install's grace period (days) for setting up the second factor its policy requires. */
export const NEW_INSTALL_GRACE_DAYS = 14;
/** Ten single-use recovery codes. */
export const RECOVERY_CODE_COUNT = 10;
/** Authenticator codes: 6 digits, a new one every 30 seconds (RFC 6238, SHA-1). */
export const TOTP_DIGITS = 6;
/** Seconds one authenticator code stands for. */
export const TOTP_PERIOD = 30;

/** Whether the policy requires a second factor of an account of this role. */
export function requiresTwoFactor(policy: TwoFactorPolicy | undefined, role: Role): boolean {
  switch (policy ?? "none") {
    case "everyone":
      return true;
    case "admins":
      return role !== "user";
    case "super_admins":
      return role === "super_admin";
    default:
      return false;
  }
}

/** The wider of two policies (a change to it starts a new grace period). */
export function widens(before: TwoFactorPolicy | undefined, after: TwoFactorPolicy): boolean {
  return TWO_FACTOR_POLICIES.indexOf(after) > TWO_FACTOR_POLICIES.indexOf(before ?? "none");
}

/** Shown when a session must set up two-factor sign-in before anything else. */
export const SET_UP_TWO_FACTOR_FIRST = MESSAGES["two_factor:set_up_first"];
/** A wrong or used authenticator code. */
export const WRONG_CODE = MESSAGES["two_factor:wrong_code"];
/** The sign-in's second step has ended (it lasts a few minutes) or never began. */
export const SECOND_STEP_OVER = MESSAGES["two_factor:step_over"];

/** An authenticator code as typed: spaces dropped, 6 digits. */
export const totpCode = z.string().transform((s) => s.replace(/\s+/g, "")).pipe(
  z.string().regex(/^\d{6}$/, "two_factor:enter_totp"),
);

/** A recovery code as typed: upper-cased, spaces and dashes dropped, 16 letters or digits (10 for
 * the codes of earlier versions, which work until used). */
export const recoveryCode = z.string().transform((s) => s.toUpperCase().replace(/[\s-]+/g, ""))
  .pipe(
    z.string().regex(/^([A-Z0-9]{16}|[A-Z0-9]{10})$/, "two_factor:recovery_shape"),
  );

/** The token of a sign-in's second step (64 hex digits). */
export const secondStepToken = z.string().regex(/^[0-9a-f]{64}$/i, "two_factor:step_over");

/** The second step of a sign-in: an authenticator code or a recovery code. */
export const secondFactorBody = z.object({
  token: secondStepToken,
  code: totpCode.optional(),
  recoveryCode: recoveryCode.optional(),
  /** Remember this PC (only when the policy allows it). */
  remember: z.boolean().optional(),
}).strict().refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
  message: "two_factor:enter_totp",
  path: ["code"],
});

/** The body of a change a session alone may not make: the caller's password, asked again (a
 * left-open or stolen session must not take away, replace or add a second factor). */
export const passwordBody = z.object({ password: currentPassword }).strict();

/** Confirms an authenticator enrolment with one code. */
export const confirmTotpBody = z.object({ code: totpCode }).strict();

/** A passkey's name, given by its owner. */
export const passkeyName = z.string().trim().min(1, "two_factor:name_passkey").max(
  60,
  "two_factor:passkey_name_long",
);

/** A WebAuthn answer of the browser (checked in full by the server's WebAuthn library). */
export const webAuthnResponse = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().max(40).optional(),
}).passthrough();

/** Registers a passkey: the browser's answer and its name. */
export const registerPasskeyBody = z.object({
  name: passkeyName,
  response: webAuthnResponse,
}).strict();

/** Renames a passkey. */
export const renamePasskeyBody = z.object({ name: passkeyName }).strict();

/** A passkey sign-in: the browser's answer, and the second step's token when a password came first
 * (none: a sign-in with the passkey alone). */
export const passkeySignInBody = z.object({
  token: secondStepToken.optional(),
  response: webAuthnResponse,
  remember: z.boolean().optional(),
}).strict();

/** Asks for a passkey challenge: for the second step of a sign-in (its token), or for a sign-in
 * with the passkey alone (no token). */
export const passkeyOptionsBody = z.object({ token: secondStepToken.optional() }).strict();

/** A passkey's id in a path (base64url). */
export const passkeyIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/, "two_factor:passkey_unknown"),
});

/** The two-factor part of the settings a super admin changes. */
export const twoFactorSettingsBody = {
  twoFactorPolicy: z.enum(TWO_FACTOR_POLICIES).optional(),
  twoFactorGraceDays: z.number().int().min(0, "settings:grace_days").max(
    90,
    "settings:grace_days",
  ).optional(),
  rememberDeviceDays: z.number().int().min(0, "settings:remember_days").max(
    90,
    "settings:remember_days",
  ).optional(),
};

/** How a signed-in account's second factors stand, as its owner and its admins see it. */
export interface TwoFactorStatus {
  enabled: boolean;
  totp: { enrolledAt: string } | null;
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  recoveryCodesLeft: number;
  /** Whether the policy requires a second factor of this account. */
  required: boolean;
}
