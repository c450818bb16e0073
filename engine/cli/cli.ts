// `npm run cargo -- ...`: the engine on the command line, run with Deno (design 4.6).

import { runCli } from "./run.ts";

async function readText(path: string): Promise<string> {
  if (path !== "-") return await Deno.readTextFile(path);
  return await new Response(Deno.stdin.readable).text();
}

const outcome = await runCli(Deno.args, {
  readText,
  color: Deno.stdout.isTerminal() && !Deno.env.has("NO_COLOR"),
});
const encoder = new TextEncoder();
if (outcome.stdout !== "") await Deno.stdout.write(encoder.encode(outcome.stdout));
if (outcome.stderr !== "") await Deno.stderr.write(encoder.encode(outcome.stderr));
Deno.exit(outcome.code);
