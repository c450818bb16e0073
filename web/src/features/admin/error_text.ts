// The one way the admin screens turn a failed call into words: the server's own message when it
// answered (in the language shown, through the server catalogues), one wording when it could not
// be reached, and the message of anything else.

import { ApiError, isOffline } from "../../lib/api/client.ts";
import { UDETAIL_ACTIONS } from "./texts/udetail_actions.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** What every admin screen says when the server cannot be reached (the English text). */
export const OFFLINE_TEXT = "The server cannot be reached; check your connection";

/** The offline wording in the language shown now. */
export function offlineText(): string {
  return text(UDETAIL_ACTIONS, "offline");
}

/** The text of a failed call: the server's message, the offline wording, or the error's message. */
export function errorText(err: unknown): string {
  if (isOffline(err)) return offlineText();
  if (err instanceof ApiError) return serverText(err);
  if (err instanceof Error) return serverText(err.message);
  return String(err);
}

/** Why a list could not load: the server's message, else `fallback`, with the offline wording. */
export function loadFailureText(err: unknown, fallback: string): string {
  if (isOffline(err)) return text(UDETAIL_ACTIONS, "loadFailedOffline", { what: fallback });
  if (err instanceof ApiError && err.message) return serverText(err);
  return (err instanceof Error && err.message && serverText(err.message)) || fallback;
}
