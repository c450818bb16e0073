// The recovery codes as a text file to keep (Download beside the codes shown once).

/** The file's name for an account. */
export function recoveryFileName(employeeCode: string): string {
  return `staff-portal-recovery-codes-${employeeCode}.txt`;
}

/** The file's text: whose codes, when made (as shown to the user), how they work, one a line
 * (Windows line ends: it opens in Notepad as it is). */
export function recoveryCodesText(codes: string[], employeeCode: string, made: string): string {
  return [
    "Staff Portal: two-factor sign-in recovery codes",
    `Account: ${employeeCode}`,
    `Made: ${made}`,
    "",
    "Each code works once, in place of a code from your authenticator app or a passkey.",
    "Keep them somewhere safe. New codes stop these from working.",
    "",
    ...codes.map((c, i) => `${String(i + 1).padStart(2, " ")}. ${c}`),
    "",
  ].join("\r\n");
}
