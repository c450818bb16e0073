// The converter shows the engine's texts in the language of the page by their codes (issue 50):
// a warning, a failure and the NTM match's message, findings and notes, translated from
// i18n/engine/<language>/<area>.json whatever the English text says.

import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { convertFfm } from "../../../../engine/ffm/convert.ts";
import { matchUwsNtm } from "../../../../engine/ntm/uws_match.ts";
import { setLanguage } from "../../i18n/i18n.ts";
import { useConverter } from "./converter.ts";
import { ConverterActions } from "./ConverterStatus.tsx";
import { MatchSummary } from "./MatchSummary.tsx";
import { failure, reasonOf } from "./status.ts";

const FFM = [
  "FFM/8",
  "1/MS985/22NOV/CAI",
  "JFK",
  "ULD/PMC12345MS",
  "074-12345675CAIJFK/T1K100/BOOKS",
  "HELLO WORLD",
  "LAST",
].join("\n");

const original = useConverter.getState();

afterEach(async () => {
  cleanup();
  useConverter.setState(original, true);
  await act(() => setLanguage("en"));
});

describe("the converter's engine texts", () => {
  it("shows a warning of the engine in Arabic by its code", async () => {
    const result = convertFfm(FFM);
    expect(result.warnings).toMatchObject([{ line: 6, code: "ffm:unknown_line" }]);
    useConverter.setState({ result, stale: false });
    render(<ConverterActions />);
    expect(screen.getByText("Unknown line skipped: HELLO WORLD")).toBeTruthy();
    await act(() => setLanguage("ar"));
    expect(screen.getByText("تم تخطي سطر غير معروف: ⁨HELLO WORLD⁩")).toBeTruthy();
    // by the code, not by the English text: a reworded English text is translated all the same
    const reworded = { ...result.warnings[0], message: "Skipped: HELLO WORLD" };
    act(() => useConverter.setState({ result: { ...result, warnings: [reworded] } }));
    expect(screen.getByText("تم تخطي سطر غير معروف: ⁨HELLO WORLD⁩")).toBeTruthy();
  });

  it("says a failure in Arabic by its code, the spec's texts by theirs", async () => {
    await setLanguage("ar");
    const flightLine = convertFfm("FFM/8\n1/MS985\nLAST");
    expect(failure(reasonOf(flightLine)).detail).toBe(
      "خطأ: تعذّر استخراج محتوى FFM: سطر الرحلة مفقود أو غير صالح (السطر 2). الصيغة المتوقعة: " +
        "الجزء/الرحلة/التاريخ/المطار، مثل 1/MS985/22NOV/CAI",
    );
    expect(failure(reasonOf(convertFfm("HELLO"))).detail).toBe("خطأ: ترويسة FFM غير صالحة");
  });

  it("shows the NTM match's message, findings and notes in Arabic by their codes", async () => {
    // a code outside the lists on the UWS is kept as a note
    const uws = convertFfm(FFM).uwsOutput.replace("A/C", "A/C.RLI");
    const match = matchUwsNtm(uws, "NTM\nMS985/22NOV CAI\nPMC12345MS 11P JFK RFL");
    expect(match.messageCode).toBe("ntm:dg_not_on_uws_lead");
    await setLanguage("ar");
    render(<MatchSummary match={match} />);
    expect(
      screen.getByText(
        "بضائع خطرة في NOTOC يفتقدها UWS: PMC12345MS. 2 من 2 من إدخالات ULD غير متطابقة " +
          "(الرحلة MS985/22)",
      ),
    ).toBeTruthy();
    expect(screen.getByText("PMC12345MS: RFL في NOTOC وليست في UWS")).toBeTruthy();
    expect(screen.getByText("RLI ليس في قائمة DGSL، لذا لا يمكن إدراجه في UWS")).toBeTruthy();
  });
});
