// The messages of signing in, sessions, passwords and the second factor (rules/messages.ts
// gathers every catalogue): code to the spec's English text.

/** Sign-in, session, password and two-factor messages, by code. */
export const AUTH_MESSAGES = {
  "request:invalid": "Invalid request",
  "request:not_found": "Not found: {method} {path}",
  "request:bad_encoding": "The address has a bad percent-encoding",
  "request:bad_json": "Malformed JSON in request body",
  "request:too_large": "Request body too large",
  "request:too_slow": "The request body came too slowly",
  "request:busy": "The server is busy, try again",
  "request:store_unreachable": "The data store is not reachable. Try again in a moment.",
  "request:other_host": "Requests for another host are refused",
  "request:other_site": "Requests from another site are refused",
  "request:bad_cursor": "The cursor is not valid; reload the list from its first page",
  "auth:sign_in_required": "Please sign in",
  "auth:no_permission": "You do not have permission for this action",
  "auth:invalid_login": "Invalid employee code or password",
  "auth:locked":
    "Account locked after {count} failed sign-ins until {time}. Ask an administrator to unlock it.",
  "auth:address_throttled": "Too many failed sign-ins from this address. Try again after {time}.",
  "auth:requests_throttled": "Too many requests from this address. Try again after {time}.",
  "auth:sign_ins_busy": "Too many sign-ins at once; please try again in a moment",
  "auth:owner_busy":
    "Too many password checks for this account at once; please try again in a moment",
  "auth:not_active":
    "Your account is not active. Send an activation request from the sign-in page.",
  "auth:password_expired_request":
    "Your password has expired. Send a password reset request from the sign-in page.",
  "auth:one_time_used":
    "This one-time password was already used. Ask an administrator for a new one.",
  "auth:one_time_expired":
    "This one-time password has expired. Ask an administrator for a new one.",
  "auth:temporary_used":
    "This temporary password was already used. Ask an administrator for a new one.",
  "auth:temporary_expired":
    "This temporary password has expired. Ask an administrator for a new one.",
  "auth:idle_ended":
    "Your session ended after {minutes} minutes without use. Please sign in again.",
  "auth:step_up_required": "Confirm your password to continue",
  "auth:session_changed": "Your session changed meanwhile; please try again",
  "auth:enter_code": "Please enter your employee code",
  "auth:enter_password": "Please enter your password",
  "auth:code_too_long": "Employee code is too long",
  "account:changed_retry": "The account changed meanwhile; please try again",
  "account:changed_reload": "The account changed meanwhile; please reload",
  "account:changed_reload_retry": "The account changed meanwhile; please reload and try again",
  "sessions:changed_retry": "The sessions changed meanwhile; please try again",
  "sessions:not_found": "Session not found",
  "sessions:unknown": "Unknown session",
  "password:enter_current": "Please enter your current password",
  "password:enter_new": "Please enter a new password",
  "password:current_wrong": "Current password is incorrect",
  "password:own_only": "You can only change your own password",
  "password:change_first": "Change your password first",
  "password:common": "This password is too common or too easy to guess; choose another",
  "password:reused": "Choose a password you have not used recently",
  "password:personal": "The password must not contain the employee code or name",
  "password:same": "New password must be different from the current password",
  "password:too_short": "Password must be at least {minLength} characters",
  "password:new_too_short": "New password must be at least {minLength} characters",
  "password:new_too_short_long": "New password must be at least {minLength} characters long",
  "password:mismatch": "New passwords do not match",
  "password:empty": "Password is empty",
  "password:rule":
    "A password has at least {minLength} characters. It is not a common or easily guessed password and does not contain the employee code or name.",
  "password:rule_remembered":
    "A password has at least {minLength} characters. It is not a common or easily guessed password and does not contain the employee code or name. It is none of your last {remembered} passwords.",
  "two_factor:set_up_first": "Set up two-factor sign-in first",
  "two_factor:wrong_code": "That code is not right, or was used already. Try the next code.",
  "two_factor:wrong_recovery": "That recovery code is not right, or was used already",
  "two_factor:step_over": "Your sign-in has timed out. Enter your password again.",
  "two_factor:unknown_passkey": "This passkey is not registered for this account",
  "two_factor:passkey_failed": "Passkey sign-in failed",
  "two_factor:passkeys_throttled": "Too many passkey sign-ins from this address. Try again later.",
  "two_factor:last_factor":
    "Two-factor sign-in is required for your role: keep at least one method",
  "two_factor:enter_totp": "Enter the 6-digit code from your authenticator app",
  "two_factor:recovery_shape": "A recovery code has 16 letters and digits",
  "two_factor:name_passkey": "Give the passkey a name",
  "two_factor:passkey_name_long": "A passkey name has at most 60 characters",
  "two_factor:passkey_unknown": "Unknown passkey",
  "two_factor:no_passkey": "No passkey",
  "two_factor:totp_exists": "An authenticator app is set up already; remove it first",
  "two_factor:begin_first": "Begin the authenticator set-up first",
  "two_factor:begin_again": "Begin the authenticator set-up again",
  "two_factor:no_totp": "No authenticator app is set up",
  "two_factor:passkey_not_registered": "The passkey could not be registered. Try again.",
  "two_factor:passkeys_max": "At most {count} passkeys",
  "two_factor:set_up_method": "Set up an authenticator app or a passkey first",
  "two_factor:none_to_reset": "{code} has no two-factor sign-in to reset",
  "two_factor:own_reset":
    "You cannot reset your own two-factor sign-in; remove a method from your profile",
} as const;
