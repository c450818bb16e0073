// The one way the admin screens turn a failed call into words: the server's own message when it
// answered, one wording when it could not be reached, and the message of anything else.

import { isOffline } from "../api/client.ts";

/** What every admin screen says when the server cannot be reached. */
export const OFFLINE_TEXT = "The server cannot be reached; check your connection";

/** The text of a failed call: the server's message, the offline wording, or the error's message. */
export function errorText(err: unknown): string {
  if (isOffline(err)) return OFFLINE_TEXT;
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Why a list could not load: the server's message, else `fallback`, with the offline wording. */
export function loadFailureText(err: unknown, fallback: string): string {
  if (isOffline(err)) return `${fallback}: ${OFFLINE_TEXT}`;
  return (err instanceof Error && err.message) || fallback;
}
