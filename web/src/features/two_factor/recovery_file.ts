// The recovery codes as a text file to keep (Download beside the codes shown once), in the
// language shown: its name and its lines of explanation; the codes are codes.

import { EXT_TWOFACTOR } from "./texts/ext_twofactor.ts";
import { text } from "../../i18n/i18n.ts";

/** The file's name for an account. */
export function recoveryFileName(employeeCode: string): string {
  return text(EXT_TWOFACTOR, "recoveryFile", { code: employeeCode });
}

/** The file's text: whose codes, when made (as shown to the user), how they work, one a line
 * (Windows line ends: it opens in Notepad as it is). */
export function recoveryCodesText(codes: string[], employeeCode: string, made: string): string {
  return [
    text(EXT_TWOFACTOR, "recoveryFileTitle"),
    text(EXT_TWOFACTOR, "recoveryFileAccount", { code: employeeCode }),
    text(EXT_TWOFACTOR, "recoveryFileMade", { made }),
    "",
    text(EXT_TWOFACTOR, "recoveryFileHow"),
    text(EXT_TWOFACTOR, "recoveryFileKeep"),
    "",
    ...codes.map((c, i) => `${String(i + 1).padStart(2, " ")}. ${c}`),
    "",
  ].join("\r\n");
}
