// The messages of the fields a body or a form holds (the zod schemas' messages, rules/messages.ts
// gathers every catalogue): code to the spec's English text. A field's length and direction
// messages have a code per label, as each label reads differently in a sentence.

/** The labels whose length and direction-control messages have codes of their own. */
const LABELS = {
  employee_code_title: "Employee Code",
  first_name: "First name",
  first_name_title: "First Name",
  last_name: "Last name",
  last_name_title: "Last Name",
  middle_name: "Middle name",
  middle_name_title: "Middle Name",
  full_name_title: "Full Name",
  email: "Email",
  phone: "Phone",
  work_phone_title: "Work Phone",
  job_title: "Job title",
  job_title_title: "Job Title",
  position: "Position",
  station: "Station",
  department: "Department",
  gender: "Gender",
  reason: "Reason",
  name: "Name",
  description: "Description",
} as const;

/** A field's label key (`tooLong`, `directionControl`). */
export type FieldLabel = keyof typeof LABELS;

type Of<Suffix extends string, Text extends string> = {
  [K in FieldLabel as `field:${K}:${Suffix}`]: `${(typeof LABELS)[K]}${Text}`;
};

/** Builds the per-label messages (one of each for every label). */
function perLabel<Suffix extends string, Text extends string>(suffix: Suffix, text: Text) {
  return Object.fromEntries(
    Object.entries(LABELS).map(([key, label]) => [`field:${key}:${suffix}`, `${label}${text}`]),
  ) as Of<Suffix, Text>;
}

/** Field and body messages, by code. */
export const FIELD_MESSAGES = {
  ...perLabel("too_long", " has at most {max} characters"),
  ...perLabel("direction", " may not hold direction control characters"),
  "zod:required": "Required",
  "zod:expected": "Expected {expected}",
  "zod:at_most_chars": "At most {maximum} characters",
  "zod:at_most_items": "At most {maximum} items",
  "zod:at_most": "At most {maximum}",
  "zod:at_least_chars": "At least {minimum} characters",
  "zod:at_least": "At least {minimum}",
  "zod:unknown_field": "Unknown field: {keys}",
  "zod:unknown_fields": "Unknown fields: {keys}",
  "field:code_rule": "Employee code has letters, digits, '.', '_' or '-' only, and not only dots",
  "field:station_rule": "Station is a 3-letter code",
  "field:invalid_email": "Invalid email format",
  "field:gender": "Gender must be 'Male' or 'Female'",
  "field:role": "Role must be super_admin, admin or user",
  "field:app_id": "Unknown app id",
  "field:days": "Days must be 30, 90 or 365",
  "field:password_expiry": "Password expiry is 30, 90, 180 or 365 days",
  "field:invalid_date": "Invalid date",
  "field:code_required": "Employee Code is required",
  "field:first_name_required": "First Name is required",
  "field:last_name_required": "Last Name is required",
  "field:station_required": "Station is required",
  "register:reason_activation": "Please provide a reason for activation",
  "register:reason_registration": "Please provide a reason for registration",
  "register:names": "Please enter your first and last name",
  "register:email": "Please enter your email",
  "register:job": "Please enter your job title and position",
  "register:station": "Please enter your station",
  "list:limit_choice": "Limit must be 10, 25, 50 or 100",
  "list:limit_range": "Limit is 1 to 100",
  "list:search_long": "Search is at most 100 characters",
  "list:sort":
    "Sort is one of employeeCode, fullName, station, role, isActive, lastLogin, passwordExpiry",
  "list:kind": "Kind is activation, password-reset or registration",
  "audit:bad_date": "Enter a date (YYYY-MM-DD) or an ISO time",
  "audit:to_before_from": "The end date must be on or after the start date",
  "settings:one_time_hours": "A one-time password lasts 1 to 720 hours",
  "settings:min_password": "Minimum password length is at least 6",
  "settings:chat_number": "Developer chat number is 6 to 15 digits",
  "settings:audit_days": "Audit entries are kept 30 to 3650 days",
  "settings:grace_days": "The grace period is 0 to 90 days",
  "settings:remember_days": "Remember a PC for 0 to 90 days",
  "settings:lockout_threshold": "Failed sign-ins before a lock are 3 to 20",
  "settings:lockout_minutes": "A lock lasts 1 to 1440 minutes",
  "settings:history": "Remembered passwords are 0 to {max}",
  "settings:expiry_days": "A password lasts 1 to 3650 days, or 0 for never",
  "settings:session_hours": "A session lasts {min} to {max} hours",
  "settings:idle_minutes": "A session ends after {min} to {max} minutes without use",
  "settings:changed": "The settings changed meanwhile; please reload",
} as const;
