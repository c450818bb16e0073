// Before the shared-store run: the new install's two-factor policy checked and set to none, through
// process A (global_setup.ts says why).

import { twoFactorPolicyOff } from "./global_setup.ts";
import { PORT_A } from "./shared_store.config.ts";

/** Checks the new install's policy, then turns it off for the run. */
export default async function sharedStoreSetup(): Promise<void> {
  await twoFactorPolicyOff(`http://127.0.0.1:${PORT_A}`);
}
