// The UWS/NTM match's texts by code (engine/messages/texts.ts says why codes).

/** Every warning, error and finding of the UWS/NTM match: code to English template. */
export const NTM_TEXTS = {} as const satisfies Record<string, string>;
