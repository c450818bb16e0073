// The ULD extractor's texts by code (engine/messages/texts.ts says why codes).

/** Every warning and error of the ULD extractor: code to English template. */
export const ULD_TEXTS = {} as const satisfies Record<string, string>;
