// The extractor's warnings as a user reads them: each with its line, in the page's language by
// its code (engine/uld/texts.ts), the engine run in-process.

import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { engineApi } from "../../../../engine/engine_api.ts";
import { setLanguage } from "../../i18n/i18n.ts";
import { ExtractorWarnings } from "./ExtractorWarnings.tsx";

const CSU = "CPM\nAC857/23.C-GITS.LHR\n-41L/AKE12345AC/LHR/120/CSU\n-41R/XYZ12345AC/LHR/90/C";

afterEach(async () => {
  cleanup();
  await act(() => setLanguage("en"));
});

const shown = () => screen.getAllByRole("listitem").map((li) => li.textContent);

describe("the extractor's warnings", () => {
  it("are the engine's words in English, each with its line", () => {
    render(<ExtractorWarnings warnings={engineApi.extractUldTable(CSU).warnings} />);
    expect(shown()).toEqual([
      "Line 3: AKE12345AC: load type CSU (catering) is not one of B, C, M, E, X, F, Q",
      "Line 4: XYZ12345AC: unknown ULD type XYZ",
    ]);
  });

  it("are translated by their codes in Arabic", async () => {
    await act(() => setLanguage("ar"));
    render(<ExtractorWarnings warnings={engineApi.extractUldTable(CSU).warnings} />);
    // the values stay isolated left to right (U+2068 ... U+2069), as the translations put them
    expect(shown()).toEqual([
      "السطر 3: \u2068AKE12345AC\u2069: نوع الحمولة \u2068CSU\u2069 (التموين) ليس من B وC وM وE وX وF وQ",
      "السطر 4: \u2068XYZ12345AC\u2069: نوع ULD غير معروف \u2068XYZ\u2069",
    ]);
  });
});
