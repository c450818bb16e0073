// The real `npm run cargo` entry point under Deno: arguments, files, stdin and exit codes.

import assert from "node:assert/strict";
import { convertFfm } from "../ffm/convert.ts";
import { THROUGH_FLIGHT } from "../test_support/traffic.ts";
import { extractUlds } from "../uld/extractor.ts";

const SAMPLES = new URL("../../../shared/samples/", import.meta.url);
const CLI = new URL("./cli.ts", import.meta.url).pathname;

async function cargo(
  args: string[],
  stdin = "",
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-read", CLI, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const out = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

Deno.test("cargo ffm2uws prints the UWS of a sample file and exits 0", async () => {
  const path = new URL("ffm-03.txt", SAMPLES).pathname;
  const out = await cargo(["ffm2uws", path]);
  assert.deepEqual(out.code, 0);
  assert.deepEqual(
    out.stdout,
    [
      "QU",
      "CAIKLMS",
      ".CAIFFMS",
      "UWS",
      "AC857/23.LHR.FINAL",
      "-DVA1234AC/YYZ/584A/C.RFG",
      "-DVA2345AC/YYZ/475A/C.MAG",
      "-DVA3456AC/YYZ/378A/C",
      "BULK",
      "-YYZ/221A/C",
      "",
    ].join("\n"),
  );
});

Deno.test("cargo ffm2uws - --json reads stdin and prints the result object", async () => {
  const text = await Deno.readTextFile(new URL("ffm-08.txt", SAMPLES));
  const out = await cargo(["ffm2uws", "-", "--json", "--second-dest", "HKG"], text);
  assert.deepEqual(out.code, 0);
  assert.deepEqual(JSON.parse(out.stdout), convertFfm(text, { secondDestination: "HKG" }));
});

Deno.test("cargo exits 1 with the error on stderr", async () => {
  const out = await cargo(["ffm2uws", "-"], "FFM/8\n1/MS985/22NOV/CAI\nJFK\n");
  assert.deepEqual(out, {
    code: 1,
    stdout: "",
    stderr: "Message does not end with LAST or CONT\n",
  });
  const missing = await cargo(["ffm2uws", "/nonexistent/ffm.txt"]);
  assert.deepEqual(missing.code, 1);
});

Deno.test("cargo uld - --json reads several messages from stdin: the engine's result", async () => {
  const out = await cargo(["uld", "-", "--json"], THROUGH_FLIGHT);
  assert.deepEqual(out.code, 0);
  const result = JSON.parse(out.stdout);
  assert.deepEqual(result, JSON.parse(JSON.stringify(extractUlds(THROUGH_FLIGHT))));
  assert.deepEqual(result.messages.length, 3);
  assert.deepEqual(result.balance[0].outWithoutIn, ["AKE67890MS", "PAG72801AGH", "PKC11111MS"]);
});
