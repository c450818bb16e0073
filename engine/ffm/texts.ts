// The FFM reader's and converter's texts by code (engine/messages/texts.ts says why codes).

/** Every warning and error of the FFM-to-UWS conversion: code to English template. */
export const FFM_TEXTS = {} as const satisfies Record<string, string>;
