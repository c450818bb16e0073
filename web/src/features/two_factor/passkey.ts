// Passkeys in this browser (issue 26): whether it has WebAuthn, the browser's ceremonies through
// @simplewebauthn/browser (loaded on first use, so the sign-in page does not carry it), and what a
// failed ceremony says to the user.

import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { ApiError, failureMessage } from "../../lib/api/client.ts";
import type { ServerMessage } from "../../i18n/server_text.ts";
import { EXT_PASSKEY } from "./texts/ext_passkey.ts";
import { text } from "../../i18n/i18n.ts";

/** Whether this browser can use passkeys at all (WebAuthn). */
export function passkeysAvailable(): boolean {
  return typeof globalThis.PublicKeyCredential !== "undefined";
}

/** Only the extensions the portal's server may ask for travel on: the server library's types also
 * name binary inputs (PRF) that JSON never carries. */
interface PlainExtensions {
  credProps?: boolean;
}

/** The server's challenge for a sign-in, as its JSON comes. */
export type RequestOptions = Omit<PublicKeyCredentialRequestOptionsJSON, "extensions"> & {
  extensions?: PlainExtensions;
};

/** The server's options for a new passkey, as their JSON comes. */
export type CreationOptions = Omit<PublicKeyCredentialCreationOptionsJSON, "extensions"> & {
  extensions?: PlainExtensions;
};

/** The extensions kept (none when the server asks for none). */
function plainExtensions(ext: PlainExtensions | undefined): PlainExtensions | undefined {
  return ext?.credProps === undefined ? undefined : { credProps: ext.credProps };
}

/** A sign-in answer of the browser as plain JSON objects (as the server's rule reads it). */
function plainAssertion(answer: AuthenticationResponseJSON) {
  return {
    ...answer,
    response: { ...answer.response },
    clientExtensionResults: { ...answer.clientExtensionResults },
  };
}

/** A new passkey's answer of the browser as plain JSON objects. */
function plainAttestation(answer: RegistrationResponseJSON) {
  return {
    ...answer,
    response: { ...answer.response },
    clientExtensionResults: { ...answer.clientExtensionResults },
  };
}

/** Asks the browser for a passkey answering the server's challenge. */
export async function askPasskey(options: RequestOptions) {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = { ...options, extensions: plainExtensions(options.extensions) };
  return plainAssertion(await startAuthentication({ optionsJSON }));
}

/** Asks the browser to create a passkey for the server's options. */
export async function createPasskey(options: CreationOptions) {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = { ...options, extensions: plainExtensions(options.extensions) };
  return plainAttestation(await startRegistration({ optionsJSON }));
}

/** What a failed passkey step says: the server's text when it answered, the browser's reason
 * in plain words (in the language shown), else `fallback`. */
export function passkeyFailureText(err: unknown, fallback: string): string {
  return shownText(passkeyFailure(err, fallback));
}

/** `passkeyFailureText` with the server's message itself (its code and values) when it answered. */
export function passkeyFailure(err: unknown, fallback: string): ServerMessage | string {
  if (err instanceof ApiError) return failureMessage(err, fallback);
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return text(EXT_PASSKEY, "cancelled");
  }
  if (name === "InvalidStateError") return text(EXT_PASSKEY, "registered");
  if (!passkeysAvailable()) return text(EXT_PASSKEY, "unavailable");
  return fallback;
}

/** The English text of a failure (the server's message, or the screen's own text). */
function shownText(said: ServerMessage | string): string {
  return typeof said === "string" ? said : said.message;
}
