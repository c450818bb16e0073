// The portal's themes (issue 28), apart from the preferences' schemas so that the web's first
// chunk (web/src/boot.ts) can show the kept theme without loading zod.

/** The themes: light, dark, or as the device's system says. */
export const THEMES = ["light", "dark", "system"] as const;

/** A theme preference. */
export type Theme = (typeof THEMES)[number];
