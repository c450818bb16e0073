// Shared steps of the two-factor API tests (test support): enrolling an authenticator or a passkey
// through the API as a signed-in user, and the two steps of a sign-in.

import assert from "node:assert/strict";
import { PASSWORD, type TestApi } from "../test_support.ts";
import { assert as signWith, register, type SoftCredential } from "./test_authenticator.ts";
import { totpAt } from "./totp.ts";

/** The origin the tests' requests come to (app.request's default host). */
export const ORIGIN = "http://localhost";

/** Enrols an authenticator app for the holder of `token` (whose password is `password`); answers its secret and the recovery
 * codes shown. */
export async function enrolTotp(api: TestApi, token: string, password = PASSWORD) {
  const started = await api.call("POST", "/api/auth/two-factor/totp", { password }, token);
  assert.equal(started.status, 200, started.text);
  const secret = started.json.data.secret as string;
  const confirmed = await api.call(
    "POST",
    "/api/auth/two-factor/totp/confirm",
    { code: totpAt(secret, api.clock.now) },
    token,
  );
  assert.equal(confirmed.status, 200, confirmed.text);
  // the enrolment's code is spent: the next code is a step later
  api.clock.now += 30_000;
  return { secret, recoveryCodes: confirmed.json.data.recoveryCodes as string[] };
}

/** Registers a passkey for the holder of `token`; answers the software credential. */
export async function enrolPasskey(
  api: TestApi,
  token: string,
  name = "Station PC",
): Promise<SoftCredential> {
  const options = await api.call(
    "POST",
    "/api/auth/two-factor/passkeys/options",
    { password: PASSWORD },
    token,
  );
  assert.equal(options.status, 200, options.text);
  const { credential, response } = await register(options.json.data, ORIGIN);
  const added = await api.call("POST", "/api/auth/two-factor/passkeys", { name, response }, token);
  assert.equal(added.status, 200, added.text);
  return credential;
}

/** The password step: answers the second step's token (the account has a second factor). */
export async function passwordStep(api: TestApi, code: string): Promise<string> {
  const res = await api.call("POST", "/api/auth/login", { employeeCode: code, password: PASSWORD });
  assert.equal(res.status, 200, res.text);
  assert.ok(res.json.data.secondFactor, `expected a second step: ${res.text}`);
  return res.json.data.secondFactor.token as string;
}

/** A passkey sign-in answer: asks for options (with the step's token or none) and signs them. */
export async function passkeyAnswer(api: TestApi, credential: SoftCredential, token?: string) {
  const options = await api.call("POST", "/api/auth/passkey/options", token ? { token } : {});
  assert.equal(options.status, 200, options.text);
  return await signWith(credential, options.json.data, ORIGIN);
}
