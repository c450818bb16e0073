// The caller's own password asked again (a password change, a change of the second factors): one
// field with its spec texts. Its own module so the sign-in page, which loads two_factor.ts, does
// not load every user schema with it.

import { z } from "zod";

/** The caller's own password, asked again before a change a session alone may not make. */
export const currentPassword = z.string({ error: "password:enter_current" })
  .min(1, "password:enter_current").max(200);
