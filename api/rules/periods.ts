// The periods an administrator chooses from, in one place for the server's schemas and the
// screens' choices. Pure: no Deno, KV or Hono.

/** The days an approval or a password extension gives (spec 2.8 and 2.10). */
export const EXTENSION_DAYS = [30, 90, 365] as const;

/** An approval's or an extension's days. */
export type ExtensionDays = (typeof EXTENSION_DAYS)[number];

/** The password expiry periods a new account may be given (the create form's choice). */
export const PASSWORD_EXPIRY_DAYS = [30, 90, 180, 365] as const;

/** A new account's password expiry period. */
export type PasswordExpiryDays = (typeof PASSWORD_EXPIRY_DAYS)[number];
