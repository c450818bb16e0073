// The messages of administering accounts, requests, the reference lists and the CSV import
// (rules/messages.ts gathers every catalogue): code to the spec's English text.

/** Administration messages, by code. */
export const ADMIN_MESSAGES = {
  "zod:other": "{text}",
  "users:not_found": "User {code} not found",
  "users:not_found_plain": "User not found",
  "users:no_manage": "You do not have permission to manage users",
  "users:own_station_create": "You can only create users of your own station",
  "users:super_admin_create": "Only a super admin can create a super admin account",
  "users:own_account_limits": "You cannot deactivate, demote or delete your own account",
  "users:own_profile_only":
    "On your own account you may change your email, phone and department only; another administrator does the rest",
  "users:flags_super_only": "Only a super admin can change permissions",
  "users:keep_station": "You can only keep users within your station",
  "users:super_only": "Only a super admin can change a super admin account",
  "users:holds_more":
    "This account holds a role or permission you do not have; an administrator who holds them must do this",
  "users:last_super_admin":
    "This would leave no active super admin; make another super admin first",
  "users:stale_edit": "Someone else changed this account after you opened it; it has been reloaded",
  "users:code_exists": "Employee code {code} already exists",
  "users:email_taken": "Email {email} is already used by another account",
  "users:admin_apps:appIds":
    "appIds: admin apps ({apps}) are for admin and super_admin accounts only",
  "users:admin_apps:accessibleApps":
    "accessibleApps: admin apps ({apps}) are for admin and super_admin accounts only",
  "requests:none:activation": "No pending activation request for {code}",
  "requests:none:password-reset": "No pending password-reset request for {code}",
  "requests:none:registration": "No pending registration request for {code}",
  "requests:handled:activation": "The activation request for {code} was already handled",
  "requests:handled:password-reset": "The password-reset request for {code} was already handled",
  "requests:handled:registration": "The registration request for {code} was already handled",
  "requests:already_active":
    "The account {code} is already active: this request can only be rejected or deleted",
  "requests:no_extension":
    "You do not have permission to extend passwords; approve without a period",
  "requests:registration_taken":
    "The registration of {code} was already handled, or its code or email is taken",
  "reference:unknown_list": "Unknown reference list",
  "reference:unknown_entry": "Unknown entry id",
  "reference:changed": "The entry changed meanwhile; please reload",
  "reference:exists:ulds": "ULD {name} already exists",
  "reference:exists:dgsl": "DGSL {name} already exists",
  "reference:exists:xdgsl": "XDGSL {name} already exists",
  "reference:exists:lightake": "Light AKE {name} already exists",
  "reference:not_found:ulds": "ULD entry not found",
  "reference:not_found:dgsl": "DGSL entry not found",
  "reference:not_found:xdgsl": "XDGSL entry not found",
  "reference:not_found:lightake": "Light AKE entry not found",
  "reference:uld_name": "ULD name is required",
  "reference:uld_type":
    "ULD type must be exactly 3 characters (letters/numbers, e.g., AKE, PAG, AA4)",
  "reference:uld_weight": "ULD weight is required",
  "reference:weight_positive": "Weight must be a positive number",
  "reference:weight_high": "Weight seems too high (max 10,000 kg)",
  "reference:light_ake":
    "Light AKE must be in format: AKE + 5 digits + 2 letters (e.g., AKE11223MS)",
  "reference:code_name:dgsl": "DGSL name must be exactly 3 uppercase letters",
  "reference:code_name:xdgsl": "XDGSL name must be exactly 3 uppercase letters",
  "import:no_content": "Please upload a CSV file or paste CSV content",
  "import:changed_undone":
    "{code} changed while the import was saving; the import was undone except for accounts changed meanwhile",
  "import:changed_nothing":
    "{code} changed while the import was saving, so nothing was saved; import the file again",
} as const;
